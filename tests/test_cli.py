"""The ``mrp-tutor`` command line: simulate and rules."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mrp_tutor.cli.main import main

PLACES_TOTAL = 22


def _run_json(capsys, *argv):
    assert main(["simulate", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_simulate_json_shape(capsys, players):
    data = _run_json(capsys, "--players", str(players), "--games", "2", "--seed", "7")
    assert list(data) == ["games"] and len(data["games"]) == 2
    for i, g in enumerate(data["games"]):
        assert set(g) == {"seed", "players", "scores", "winners", "tokens", "astronauts",
                          "events"}
        assert g["seed"] == 7 + i and g["players"] == players
        colours = list(g["scores"])
        assert len(colours) == players
        assert set(g["winners"]) <= set(colours) and g["winners"]
        for c in colours:
            assert set(g["tokens"][c]) == {"ice", "sylvanite", "celerium"}
            assert sum(g["astronauts"][c].values()) == PLACES_TOTAL
        assert g["events"] > 100


def test_simulate_is_seeded(capsys):
    a = _run_json(capsys, "--players", "4", "--games", "2", "--seed", "3")
    b = _run_json(capsys, "--players", "4", "--games", "2", "--seed", "3")
    c = _run_json(capsys, "--players", "4", "--games", "2", "--seed", "4")
    assert a == b and a != c


def test_simulate_two_players_plays_the_variant_with_four_colours(capsys):
    data = _run_json(capsys, "--players", "2", "--games", "1")
    g = data["games"][0]
    assert g["players"] == 2 and len(g["scores"]) == 4
    for c in g["scores"]:
        assert sum(g["astronauts"][c].values()) == PLACES_TOTAL


def test_rulesets_lists_standard_two_player_first_edition_and_unique_abilities(capsys):
    assert main(["rulesets"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("standard") and "\ntwo_player" in out and "rulebook" in out
    assert "\nfirst_edition 3-5 players" in out and "seed 003" in out
    assert "\nunique_abilities 3-5 players" in out and "ability sheet" in out
    assert main(["rulesets", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rulesets"]
    by_name = {r["name"]: r for r in rows}  # the shipped ones (a new ruleset may join them)
    assert rows[0]["name"] == "standard"
    assert {"standard", "two_player", "first_edition", "unique_abilities"} <= set(by_name)
    assert by_name["two_player"]["players"] == [2, 2]
    assert all(r["summary"] and r["source"] for r in rows)


def test_simulate_greedy_bot_and_text_output(capsys):
    assert main(["simulate", "--players", "3", "--games", "2", "--bot", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "seed 0:" in out and "seed 1:" in out


@pytest.mark.parametrize("argv,words", [
    (["simulate", "--players", "7"], "between 2 and 6"),
    (["simulate", "--players", "1"], "between 2 and 6"),
    (["simulate", "--games", "0"], "not 1 or more"),
    (["rules", "qqqqzzzz"], "No rule matches"),
    (["rules", "ice", "--limit", "-4"], "not 1 or more"),
    (["referee", "production", "scenarios/production-majority.yaml", "--amount", "-3"],
     "not 1 or more"),
])
def test_errors_are_sentences_with_non_zero_exit(capsys, argv, words):
    assert main(argv) != 0
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_rules_prints_paraphrase_and_citation(capsys):
    assert main(["rules", "ice", "monopoly"]) == 0
    out = capsys.readouterr().out
    assert "ice_monopoly.award" in out and "Ice Monopoly Mission" in out


def test_console_script_runs_without_traceback(tmp_path):
    exe = Path(sys.executable).with_name("mrp-tutor")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "mrp_tutor.cli.main"]
    ok = subprocess.run([*cmd, "rules", "launch"], capture_output=True, text=True)
    assert ok.returncode == 0 and "round.launch" in ok.stdout
    bad = subprocess.run([*cmd, "simulate", "--players", "8"], capture_output=True, text=True)
    assert bad.returncode != 0 and "Traceback" not in bad.stderr
    nothing = subprocess.run(cmd, capture_output=True, text=True)
    assert nothing.returncode != 0 and "Traceback" not in nothing.stderr


def test_bad_override_file_is_a_sentence(tmp_path, monkeypatch, capsys):
    from mrp_tutor.games.mission_red_planet.engine.spec import clear_cache

    path = tmp_path / "o.yaml"
    path.write_text("ships:\n  ships:\n    - {id: s99, capacity: 2}\n")
    monkeypatch.setenv("MRP_TUTOR_OVERRIDES", str(path))
    try:
        assert main(["simulate", "--games", "1"]) != 0
    finally:
        clear_cache()
    err = capsys.readouterr().err
    assert "s99" in err and "Traceback" not in err


def test_referee_legal_answers_about_abilities_in_a_unique_abilities_file(capsys):
    """The scenario file's ``ruleset: unique_abilities`` picks the ruleset; an ability is one of
    the legal plays, and a wrong one is refused with its rule."""
    from mrp_tutor.resources import scenarios_dir

    path = str(scenarios_dir() / "unique_abilities-devious-despot.yaml")
    use = '{"type": "use_ability", "colour": "red", "ability": "devious_despot", "target": "%s"}'
    assert main(["referee", "legal", path, use % "explorer"]) == 0
    assert capsys.readouterr().out.startswith("Legal")
    assert main(["referee", "legal", path, use % "pilot"]) == 1
    assert "fe.abilities.devious_despot" in capsys.readouterr().out
    spy = '{"type": "use_ability", "colour": "red", "ability": "stealthy_spy"}'
    assert main(["referee", "legal", path, spy]) == 1
    assert "Red does not play the Stealthy Spy" in capsys.readouterr().out


def test_referee_final_uses_the_editions_words(tmp_path: Path) -> None:
    """The first edition calls missions 'bonus cards' and the Ice Monopoly 'Ice bonus'
    (seed 003 §6): the final ruling's breakdown says so; counts in words."""
    from mrp_tutor.resources import scenarios_dir

    path = scenarios_dir() / "unique_abilities-major-mayhem.yaml"
    out = subprocess.run([sys.executable, "-m", "mrp_tutor", "referee", "final", str(path)],
                         capture_output=True, text=True, check=True).stdout
    assert "bonus cards" in out and "Ice bonus" in out
    assert "missions" not in out and "Ice Monopoly" not in out and "1 tokens" not in out
