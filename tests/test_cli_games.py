"""Every ``mrp-tutor`` command that reads a file, given each game's files: an answer in
sentences (a ruling, a check, or a located refusal naming the file's game), never a
traceback (issue 40: ``referee production`` on a First Martians file ended in
``AttributeError: 'Table' object has no attribute 'spec'``)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from mrp_tutor.cli.main import build_parser, main
from mrp_tutor.core import games as G

ROOT = Path(__file__).resolve().parents[1]
SCEN = ROOT / "scenarios"
FM_DATA = ROOT / "mrp_tutor" / "games" / "first_martians" / "data"
#: one file of each kind each game reads: (its game's title, the file)
FILES = {
    "mrp-scenario": ("Mission: Red Planet", SCEN / "characters-explorer.yaml"),
    "mrp-production": ("Mission: Red Planet", SCEN / "production-empty-zone.yaml"),
    "fm-scenario": ("First Martians", SCEN / "first_martians" / "actions-order.yaml"),
    "fm-hub-state": ("First Martians", FM_DATA / "sample_round.yaml"),
}
INTENT = '{"type": "board", "colour": "red", "ship": "s07", "count": 1}'
#: every command taking a file: (its words before the file, after it, the game it reads)
COMMANDS = {
    "scenario check": (["scenario", "check"], [], None),
    "referee production": (["referee", "production"], [], "mission_red_planet"),
    "referee final": (["referee", "final"], [], "mission_red_planet"),
    "referee legal": (["referee", "legal"], [INTENT], "mission_red_planet"),
    "referee compare": (["referee", "compare"], [], "mission_red_planet"),
    "fm round": (["fm", "round"], [], "first_martians"),
}


def test_the_table_lists_every_command_that_takes_a_file() -> None:
    """A new command with a ``file`` argument must join :data:`COMMANDS` (so it is tried)."""
    def walk(parser: argparse.ArgumentParser, words: list[str]) -> list[str]:
        found = []
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    found += walk(sub, [*words, name])
            elif action.dest in ("file", "paths"):
                found.append(" ".join(words))
        return found

    assert sorted(walk(build_parser(), [])) == sorted(COMMANDS)


@pytest.mark.parametrize("kind", sorted(FILES))
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_answers_every_games_file_in_sentences(
        command: str, kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    before, after, reads = COMMANDS[command]
    title, path = FILES[kind]
    assert path.is_file(), path
    status = main([*before, str(path), *after])  # a traceback would fail the test here
    out, err = capsys.readouterr()
    assert status in (0, 1, 2), (status, out, err)
    assert (out + err).strip(), "no answer at all"
    assert "Traceback" not in out + err and "Error:" not in out + err, out + err
    if reads is not None and kind.endswith("scenario") and G.title_of(reads) != title:
        # another game's scenario file: refused, in a sentence that names the file's game
        assert status == 2, (out, err)
        assert f"this is a {title}" in err, err


def test_a_referee_ruling_on_its_own_games_file_is_a_ruling(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["referee", "production", str(FILES["mrp-production"][1])]) == 0
    assert "production" in capsys.readouterr().out.lower()


def test_a_game_hook_given_another_games_scenario_says_so() -> None:
    """The registry's ``play`` of one game refuses another game's scenario by a sentence."""
    fm = G.load_file(FILES["fm-scenario"][1])
    with pytest.raises(G.ForeignScenario) as caught:
        G.get("mission_red_planet").play(fm)
    assert "this is a First Martians file" in caught.value.problems[0]
    mrp = G.load_file(FILES["mrp-scenario"][1])
    with pytest.raises(G.ForeignScenario):
        G.get("first_martians").play(mrp)
