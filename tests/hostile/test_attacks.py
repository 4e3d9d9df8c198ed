"""Each attack of issue 16 ("Hostile files hang or crash"), reproduced, refused with a located
sentence (file and field), never a traceback, hang, crash or half-applied change.

The command-line attacks run the real ``mrp-tutor`` in a subprocess with a memory cap and a
time limit, so a regression shows as a failed test, not a stalled or killed suite.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from mrp_tutor.core.loader import parse_json, parse_yaml
from mrp_tutor.games.mission_red_planet.engine import (
    Game,
    load_spec,
    replay,
    state_from_dict,
    state_to_dict,
)
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.engine.loading import load_content
from mrp_tutor.games.mission_red_planet.referee import is_legal
from mrp_tutor.games.mission_red_planet.scenarios import load_scenario, scenario_from_dict
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp

ROOT = Path(__file__).resolve().parents[2]
POSITION = ROOT / "scenarios" / "round-countdown.yaml"
BASE: dict[str, Any] = {
    "id": "t", "title": "t", "lesson": "t", "players": ["red", "blue", "green"],
    "position": {"stage": "choose", "round": 2, "ships": [
        {"id": "s03", "dock": 0}, {"id": "s09", "dock": 1}, {"id": "s15", "dock": 2}]},
}


def _cap_memory() -> None:  # pragma: no cover - runs in the child
    resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``mrp-tutor`` (10 s, 1.5 GB at most) and check it ends in sentences."""
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    if not env:
        full_env.pop("MRP_TUTOR_OVERRIDES", None)
    done = subprocess.run([sys.executable, "-m", "mrp_tutor.cli.main", *args], capture_output=True,
                          text=True, timeout=60, env=full_env, preexec_fn=_cap_memory)
    assert done.returncode in (0, 1, 2), (done.returncode, done.stderr[-500:])
    assert "Traceback" not in done.stderr and "Error:" not in done.stderr.split("\n")[0]
    return done


def refused(fn: Any, *args: Any, **kw: Any) -> ContentError:
    with pytest.raises(ContentError) as info:
        fn(*args, **kw)
    return info.value


def alias_bomb(width: int = 9, levels: int = 9) -> str:
    """A "billion laughs" document: ``levels`` anchors, each ``width`` aliases of the last."""
    lines = ['  a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"  a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * width) + "]"
              for i in range(1, levels)]
    return "\n".join(lines)


# ------------------------------------------------------------------------------ YAML


def test_the_582_byte_alias_bomb_in_a_scenario_step_is_refused_at_once(tmp_path: Path) -> None:
    doc = (yaml.safe_dump(BASE) + "steps:\n- note: bomb\n  expect:\n    events:\n    - type: x\n"
           "      bomb:\n" + "\n".join("      " + x for x in alias_bomb().splitlines()) + "\n")
    assert 550 <= len(doc.encode()) <= 1400
    f = tmp_path / "bomb.yaml"
    f.write_text(doc, encoding="utf-8")
    done = cli("scenario", "check", str(f))
    assert done.returncode == 1
    assert f"{f}: steps[0].expect.events[0].bomb.a1[0]: YAML aliases (*a0) are not allowed" \
        in done.stderr
    assert len(done.stderr) < 1000  # a short sentence, not the expanded value


def test_50000_deep_nesting_is_refused_in_a_scenario_and_in_the_override_file(
        tmp_path: Path) -> None:
    deep = tmp_path / "deep.yaml"
    deep.write_text("id: deep\ntitle: " + "[" * 50_000 + "]" * 50_000 + "\n", encoding="utf-8")
    done = cli("scenario", "check", str(deep))
    # the field is named: title[0][0]... where the loader sees the brackets one by one; just
    # "title" where libyaml (PyYAML >= 6.0.4) scans the run of brackets ahead and stops first
    assert done.returncode == 1 and f"{deep}: title" in done.stderr, done.stderr
    assert "nested deeper than 32 levels" in done.stderr
    over = tmp_path / "overrides.yaml"
    over.write_text("ships: " + "{a: " * 50_000 + "1" + "}" * 50_000 + "\n", encoding="utf-8")
    done = cli("simulate", "--games", "1", env={"MRP_TUTOR_OVERRIDES": str(over)})
    assert done.returncode == 1 and str(over) in done.stderr and "ships.a.a.a" in done.stderr
    err = refused(parse_yaml, "- " * 50_000 + "x", "list.yaml")
    assert err.source == "list.yaml" and "[0][0]" in err.problems[0]


def test_a_1000_deep_intent_on_the_command_line_is_a_sentence() -> None:
    done = cli("referee", "legal", str(POSITION), '{"type": "board", "ship": ' + "[" * 1000
               + "]" * 1000 + "}")
    assert done.returncode == 2
    assert "intent (command line)" in done.stderr
    assert "ship[0][0]" in done.stderr and "nested deeper than 8 levels" in done.stderr
    spec = load_spec(use_env_overrides=False)
    game = load_scenario(POSITION).build()
    deep: Any = "s03"
    for _ in range(100_000):  # from the browser: a Python object, never recursed into
        deep = [deep]
    verdict = is_legal(spec, game.state, {"type": "board", "colour": "red", "ship": deep})
    assert not verdict.legal and "nested deeper" in verdict.reason


def test_integers_over_4300_digits_are_refused_naming_the_field(tmp_path: Path) -> None:
    f = tmp_path / "big.yaml"
    f.write_text(yaml.safe_dump(BASE) .replace("round: 2", "round: " + "7" * 5000),
                 encoding="utf-8")
    err = refused(load_scenario, f)
    assert err.problems == [f"position.round: a number of 5000 digits; the limit is 19 (line "
                            f"{yaml.safe_dump(BASE).splitlines().index('  round: 2') + 1})"]
    err = refused(parse_json, '{"seed": ' + "9" * 4301 + "}", "state.json")
    assert err.problems == ["seed: a number of 4301 digits; the limit is 19"]
    err = refused(scenario_from_dict, {**BASE, "setup": {"seed": 10 ** 5000}}, "py")
    assert err.problems[0].startswith("setup.seed: the number is too large")


def test_duplicate_keys_are_refused_not_last_wins(tmp_path: Path) -> None:
    f = tmp_path / "dup.yaml"
    f.write_text(yaml.safe_dump(BASE) + "title: again\n", encoding="utf-8")
    line = len(yaml.safe_dump(BASE).splitlines()) + 1
    assert refused(load_scenario, f).problems == [
        f"title: the key 'title' is given twice (line {line})"]
    assert "given twice" in refused(parse_json, '{"a": {"b": 1, "b": 2}}', "x").problems[0]


@pytest.mark.parametrize("ruleset", ["/etc", "../../etc", "base/../base", "..", "", "BASE",
                                     "nope"])
def test_ruleset_paths_are_confined_to_the_data_folder(ruleset: str) -> None:
    err = refused(scenario_from_dict, {**BASE, "ruleset": ruleset}, "case.yaml")
    assert err.source == "case.yaml"
    assert all(p.startswith("ruleset") for p in err.problems), err.problems
    assert refused(load_content, ruleset).problems[0].startswith("ruleset: ")


# ------------------------------------------------------------------------------ overrides


def test_override_entry_with_a_list_id_and_non_utf8_overrides_leave_the_app_on_base_data(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    listed = tmp_path / "listed.yaml"
    listed.write_text("ships:\n  ships:\n    - id: [s07]\n      capacity: 3\n", encoding="utf-8")
    err = refused(load_spec, overrides=listed, use_env_overrides=False)
    assert err.problems == ["ships.ships[0].id: ids are text, not a list (line 3); quote it"]
    assert err.source == str(listed)
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("zones:\n  zones:\n    - id: hellas\n      name: Hellás\n".encode("latin-1"))
    err = refused(load_spec, overrides=latin, use_env_overrides=False)
    assert err.source == str(latin) and "not UTF-8 text (byte 0xe1" in err.problems[0]
    assert "line 4" in err.problems[0]
    for bad, words in ((listed, "ids are text"), (latin, "not UTF-8")):
        monkeypatch.setenv("MRP_TUTOR_OVERRIDES", str(bad))
        app = TutorApp(seed=3)
        status = app.status_text()
        assert str(bad) in status and words in status and "were not applied" in status
        assert app.spec.capacity("s07") == load_spec(use_env_overrides=False).capacity("s07")


def test_an_override_giving_the_recruiter_no_steps_is_refused_at_load(tmp_path: Path) -> None:
    over = tmp_path / "no_steps.yaml"
    over.write_text("characters:\n  characters:\n    - id: recruiter\n      steps: []\n",
                    encoding="utf-8")
    err = refused(load_spec, overrides=over, use_env_overrides=False)
    assert any("(id=recruiter).steps" in p and "at least 1 item" in p for p in err.problems)
    done = cli("simulate", "--games", "1", env={"MRP_TUTOR_OVERRIDES": str(over)})
    assert done.returncode == 1 and "(id=recruiter).steps" in done.stderr
    no_recall = tmp_path / "no_recall.yaml"  # 9 characters cannot last 10 rounds
    no_recall.write_text("characters:\n  characters:\n    - id: recruiter\n      steps: [{effect: "
                         "board, count: 1}]\n", encoding="utf-8")
    err = refused(load_spec, overrides=no_recall, use_env_overrides=False)
    assert err.source == str(no_recall)
    assert err.problems == ["characters.yaml: a game of 10 rounds needs a character that takes "
                            "the played cards back (a recall_cards step): each player has only 9 "
                            "characters, one played per round (rule characters.recruiter)"]
    cap = tmp_path / "cap.yaml"
    cap.write_text("ships:\n  ships:\n    - id: s07\n      capacity: 0\n", encoding="utf-8")
    assert "greater than or equal to 1" in refused(
        load_spec, overrides=cap, use_env_overrides=False).problems[0]


# ------------------------------------------------------------------------------ positions


MISSIONS = list(load_spec(use_env_overrides=False).missions)


def position(**changes: Any) -> dict[str, Any]:
    doc = json.loads(json.dumps(BASE))
    doc["position"].update(changes)
    return doc


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"round": 1, "seats": {"red": {"played": ["recruiter", "explorer", "pilot", "soldier",
                                               "scientist", "saboteur", "secret_agent"]}}},
     "position.seats.red.played", "7 characters played, but by round 1"),
    ({"stage": "missions", "round": None, "seats": {"red": {"dealt": MISSIONS[:5]}}},
     "position.seats.red.dealt", "5 dealt missions"),
    ({"zones": {"hellas": {"discovery": "lichens"}},
      "seats": {"red": {"peeked": {"hellas": "atlantis"}}}},
     "position.seats.red.peeked.hellas", "unknown discovery card"),
    ({"zones": {"hellas": {"discovery": "lichens"}},
      "seats": {"red": {"peeked": {"ausonia": "lichens"}}}},
     "position.seats.red.peeked.ausonia", "can have looked only at the discovery lying in"),
])
def test_impossible_histories_and_peeked_cards_are_refused(
        changes: dict[str, Any], field: str, words: str) -> None:
    err = refused(scenario_from_dict, position(**changes), "case.yaml")
    assert any(p.startswith(field) and words in p for p in err.problems), err.problems


def test_negative_step_counts_are_refused_in_positions_and_states() -> None:
    err = refused(scenario_from_dict, position(stage="resolve", resolving={
        "colour": "red", "character": "pilot", "step": -1}), "case.yaml")
    assert any(p.startswith("position.resolving.step") for p in err.problems)
    spec = load_spec(use_env_overrides=False)
    game = Game.new(spec, ["red", "blue", "green"], 4)
    data = state_to_dict(game.state)
    data["step"] = -5
    assert refused(state_from_dict, data, source="s.json").problems[0].startswith("step: ")


def test_a_rule_breaking_state_and_a_mutated_log_are_refused_located() -> None:
    spec = load_spec(use_env_overrides=False)
    game = Game.new(spec, ["red", "blue", "green"], 4)
    data = state_to_dict(game.state)
    data["zones"]["hellas"]["red"] = 5  # five astronauts out of nowhere
    err = refused(state_from_dict, data, source="s.json")
    assert "red: 27 red astronauts in all places; each colour has 22 (rule " \
        "components.astronauts)" in err.problems
    log = list(game.log)
    i = next(i for i, e in enumerate(log) if e.type == "missions_dealt")
    from mrp_tutor.games.mission_red_planet.engine.events import MissionsDealt
    log[i] = MissionsDealt(rule="setup.missions", colour="red", cards=("zz",))
    err = refused(replay, spec, log)
    assert err.source == "log" and err.problems[0].startswith(f"log[{i}] (missions_dealt): ")
