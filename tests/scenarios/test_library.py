"""The scenario library: every file loads, builds, and every expectation holds.

Each scenario is a rulebook example or clarification played on the engine; a scenario fails
when the engine rules differently from the expectations written from the rulebook.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest
import yaml

from mrp_tutor.games.mission_red_planet.engine import Game, load_spec, state_to_dict
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.scenarios import (
    library,
    load_scenario,
    needs_advance,
    position_from_state,
    run_scenario,
    scenario_from_dict,
    scenario_to_yaml,
    schema_json,
    validate_state,
)
from mrp_tutor.resources import scenarios_dir

FILES = sorted(scenarios_dir().glob("*.yaml"))


def test_library_has_at_least_forty_scenarios() -> None:
    assert len(FILES) >= 40
    ids = [sc.id for sc in library()]
    assert ids == sorted(ids)
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_expectations_hold(path: Path) -> None:
    sc = load_scenario(path)
    assert sc.id == path.stem, "file name is <id>.yaml"
    assert sc.lesson.strip() and sc.title.strip()
    assert sc.steps, "a scenario shows something happening"
    result = run_scenario(sc)
    assert result.ok, "\n".join(result.failures)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_builds_a_playable_game(path: Path) -> None:
    sc = load_scenario(path)
    game = sc.build()
    assert isinstance(game, Game)
    assert game.legal_intents() or needs_advance(game)
    # building twice gives two independent games
    other = sc.build()
    assert other.state is not game.state
    assert state_to_dict(other.state) == state_to_dict(game.state)


def test_published_schema_is_the_generated_one() -> None:
    assert (scenarios_dir() / "schema.json").read_text(encoding="utf-8") == schema_json()


def test_every_expectation_can_fail() -> None:
    """Changing an expected number or rule id in any scenario makes it fail."""
    rng = random.Random(0)
    for path in FILES:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        spots: list[tuple[dict, str]] = []
        for st in doc["steps"]:
            exp = st.get("expect", {})
            for ev in exp.get("events", []):
                spots.extend((ev, k) for k, v in ev.items()
                             if k == "rule" or (isinstance(v, int) and not isinstance(v, bool)))
            for val in (exp.get("state") or {}).values():
                if isinstance(val, dict):
                    for k2, inner in val.items():
                        if isinstance(inner, dict) and inner:
                            spots.append((inner, next(iter(inner))))
                        elif isinstance(inner, int) and not isinstance(inner, bool):
                            spots.append((val, k2))
            if "error" in exp:
                spots.append((exp["error"], "code"))
        assert spots, f"{path.name}: no expectation to check"
        for target, key in rng.sample(spots, min(3, len(spots))):
            old = target[key]
            target[key] = (old + 1) if isinstance(old, int) else (
                "scoring.final" if key == "rule" and old != "scoring.final" else
                "round.countdown" if key == "rule" else "some_other_code")
            mutated = copy.deepcopy(doc)
            target[key] = old
            try:
                result = run_scenario(scenario_from_dict(mutated, path.name))
            except ContentError:  # a rule id not in this ruleset's rules file: refused at load
                continue
            assert not result.ok, f"{path.name}: changing {key}={old!r} went unnoticed"


def test_saved_positions_load_back_identically() -> None:
    """scenario_to_yaml(game) -> load -> the same state, for library positions and bot games."""
    spec = load_spec(use_env_overrides=False)
    games = [load_scenario(p).build() for p in FILES[:20]]
    for seed in range(8):
        two = seed >= 6  # the 2-player variant: neutral decks, boxed cards
        g = Game.new(spec, ["red", "blue", "green", "yellow"][: 4 if two else 3 + seed % 2],
                     seed=seed, ruleset="two_player" if two else "standard")
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 200)):
            if g.over:
                break
            g.play(rng.choice(g.legal_intents()), trusted=True)
        games.append(g)
    checked = 0
    for g in games:
        try:
            text = scenario_to_yaml(g, id="saved")
        except ContentError:
            assert g.state.work or g.state.stage in ("over", "actions_before", "actions_after",
                                                     "reveal_work")
            continue
        sc = scenario_from_dict(yaml.safe_load(text), "saved")
        a, b = state_to_dict(sc.build().state), state_to_dict(g.state)
        a.pop("mission_deck")
        b.pop("mission_deck")
        assert a == b
        checked += 1
    assert checked >= 20


def test_position_from_state_names_every_astronaut() -> None:
    sc = load_scenario(scenarios_dir() / "memorial-killed.yaml")
    pos = position_from_state(sc.build().state)
    red = sum(z.get("astronauts", {}).get("red", 0) for z in pos["zones"].values())
    red += sum(s.get("crew", {}).get("red", 0) for s in pos["ships"])
    assert red + pos["memorial"]["red"] == 3  # the rest is in supply (22 in all)


def test_invariants_hold_in_every_library_position_and_along_play() -> None:
    for path in FILES:
        game = load_scenario(path).build()
        assert validate_state(game.spec, game.state) == [], path.name
        result = run_scenario(load_scenario(path))
        assert validate_state(result.game.spec, result.game.state) == [], path.name


def test_validate_state_finds_broken_invariants() -> None:
    game = load_scenario(scenarios_dir() / "memorial-killed.yaml").build()
    s = game.state
    s.memorial["red"] += 1  # an astronaut out of nowhere
    s.seats["blue"].tokens["ice"] += 1  # a point token out of nowhere
    s.seats["green"].hand.append("pilot")  # a second Pilot
    found = " ".join(validate_state(game.spec, s))
    for rule in ("components.astronauts", "components.point_tokens", "round.played_cards"):
        assert rule in found


def test_build_can_run_the_automatic_part() -> None:
    sc = load_scenario(scenarios_dir() / "production-majority.yaml")
    held = sc.build()
    assert held.state.stage == "production" and needs_advance(held) and held.log == []
    ran = sc.build(advance_now=True)
    assert ran.state.stage == "choose" and ran.state.round == 6
    assert ran.state.seats["red"].tokens["ice"] == 1
    assert any(ev.type == "tokens_awarded" for ev in ran.log)
    assert sc.path is not None and sc.path.name == "production-majority.yaml"
    assert sc.quiz is not None and sc.quiz.choices[sc.quiz.answer] == "Green"


def test_the_unverified_reveal_position_is_never_stated_as_fact() -> None:
    """The reveal discovery phase's place right after round 10 is `verified: false` on the
    round tracker (game.yaml): every shipped sentence that places it there says so."""
    import json
    import re

    from mrp_tutor.games.mission_red_planet.engine import load_spec

    spec = load_spec(use_env_overrides=False)
    assert spec.content.game.provenance["track"].verified is False
    root = Path(__file__).resolve().parents[2]
    texts: list[tuple[str, str]] = []
    for nb in sorted((root / "notebooks" / "tutorials").glob("*.ipynb")):
        for cell in json.loads(nb.read_text())["cells"]:
            if cell["cell_type"] == "markdown":
                texts.append((nb.name, "".join(cell["source"])))
    for path in sorted((root / "scenarios").glob("*.yaml")):
        texts.append((path.name, path.read_text()))
    for name, text in texts:
        for sentence in re.split(r"(?<=[.!?])\s+|\n-", text):
            low = sentence.lower()
            if re.search(r"round 10|tenth round", low) and "discover" in low:
                assert "unverified" in low or "tutor" in low, (name, sentence)
