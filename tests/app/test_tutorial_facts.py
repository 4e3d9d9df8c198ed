"""The facts the tutorials show, checked here instead of by asserts in teaching cells.

Each check below was an ``assert`` in a notebook of ``notebooks/tutorials`` (named in the
test); the notebooks now only teach, and nbval runs them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import Game, load_spec, rank_winners
from mrp_tutor.games.mission_red_planet.engine.views import HIDDEN, view_for
from mrp_tutor.games.mission_red_planet.ui import lessons

TUTORIALS = Path(__file__).resolve().parents[2] / "notebooks" / "tutorials"


def code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def test_teaching_cells_hold_no_checks_and_begin_with_the_game() -> None:
    books = sorted(TUTORIALS.glob("*.ipynb"))
    assert len(books) >= 8
    for book in books:
        cells = code_cells(book)
        assert not any(ln.strip().startswith("assert ") for c in cells for ln in c.splitlines())
        assert not any("value_counts" in c or "quiz.check('" in c for c in cells), book.name
        if "first-martians" in book.name:  # another game's tutorial (its own introduction)
            continue
        first = json.loads(book.read_text(encoding="utf-8"))["cells"][0]
        assert "What the game is about" in "".join(first["source"]), book.name


def test_01_setup_one_starting_astronaut_per_colour() -> None:
    setup = lessons.setup(seed=3)
    view = setup.view()
    aboard = sum(sum(ship["crew"].values()) for ship in view["ships"].values())
    assert aboard == len(view["order"])
    assert {"setup.first_player", "setup.resources", "setup.missions"} <= setup.rules()
    assert setup.map().board["zones"]  # the tutorial shows the position on the map widget


def test_02_the_quiz_asks_before_it_tells() -> None:
    quiz = lessons.quiz("round-ties-clockwise")
    assert "Write your prediction first" in quiz.check("")
    assert quiz.check("Green").startswith("Right")
    assert quiz.check("Red").startswith("Not quite")
    assert "round.played_cards" in lessons.scenario("round-played-cards-stay").rules()


def test_03_ships() -> None:
    assert "round.launch_after_effect" in lessons.scenario("round-launch-after-effect").rules()
    assert lessons.scenario_checks("round-land-flip")


def test_04_to_06_characters_production_discoveries() -> None:
    cards = lessons.characters()
    assert list(cards["number"]) == list(range(9, 0, -1))
    assert "characters.soldier.kill" in lessons.scenario("characters-soldier").rules()
    tie = lessons.scenario("production-tie-example-two-tokens").rules()
    assert "production.tie" in tie or "production.leftover" in tie
    where = lessons.scenario("phobos-no-discovery").rules()
    assert any(r.startswith(("phobos", "discoveries")) for r in where)


def test_07_score_breakdown_adds_up() -> None:
    breakdown = lessons.scores(lessons.whole_game(seed=3))
    parts = breakdown[["missions", "ice_monopoly", "tokens", "discoveries"]].sum(axis=1)
    assert (parts == breakdown["total"]).all()


def test_08_two_player_variant_seats_secrets_and_winning() -> None:
    spec = load_spec()
    game = Game.new(spec, ["red", "green", "blue", "yellow"], seed=2024, ruleset="two_player")
    s = game.state
    assert len(s.docks) == 4
    assert s.seats["blue"].controller == "red" and s.seats["yellow"].controller == "green"
    d = game.decision()
    assert d is not None and d.kind == "keep_mission" and d.colours == ("red", "green")
    for colour in ("red", "green"):
        game.play(game.legal_intents(colour)[0])
    s = game.state
    blue_card = s.seats["blue"].chosen
    assert blue_card is not None
    assert view_for(spec, s, "red")["seats"]["blue"]["chosen"] == blue_card
    assert view_for(spec, s, "green")["seats"]["blue"]["chosen"] == HIDDEN
    scores = {"red": 20, "green": 15, "blue": 21, "yellow": 3}
    counts = dict.fromkeys(scores, 0)
    assert rank_winners(s, scores, counts) == ([], "two_player.winning", True)
    scores["blue"] = 20
    assert rank_winners(s, scores, counts) == (["red"], "two_player.tie_main_neutral", False)


def test_10_unique_abilities_game_shows_what_its_text_says() -> None:
    """Lesson 10's code, run here (its map cell aside), has the game its text describes."""
    cells = code_cells(TUTORIALS / "10-unique-abilities.ipynb")
    ns: dict[str, Any] = {}
    hidden_then = None
    for src in cells:
        if ".map()" not in src:
            exec(compile(src, "10-unique-abilities", "exec"), ns)
        if "peek = next(" in src:  # the look at the discovery, before the final reveal
            hidden_then = [view_for(ns["spec"], ns["s"], c)["zones"][ns["zone"]]["discovery"]
                           for c in ("green", "blue", "yellow", None)]
    game, s = ns["game"], ns["s"]
    turn: dict[int, list[Any]] = {}
    r = 0
    for ev in game.log:
        if ev.type == "track_advanced" and ev.kind == "round":
            r = ev.number
        turn.setdefault(r, []).append(ev)
    one = [(ev.type, getattr(ev, "colour", ""), getattr(ev, "character", getattr(
        ev, "ability", ""))) for ev in turn[1]]
    assert "by_position" not in "".join(cells)  # the medium bot, as the app plays it
    genius = one.index(("ability_declared", "red", "guileful_genius"))
    assert genius < one.index(("character_revealed", "red", "scientist")) < one.index(
        ("character_revealed", "blue", "explorer"))  # "Scientist (3) before Blue's Explorer (2)"
    assert sum(x == ("ability_window_closed", "yellow", "major_mayhem") for x in one) == 2
    assert ("ability_window_closed", "yellow", "major_mayhem") in one  # Mayhem declined
    assert not any(ev.type == "ability_declared" and ev.colour == "yellow" for ev in turn[1])
    assert [ev.card for ev in turn[2] if ev.type == "character_taken_back"] == ["explorer"]
    later = [ev for t in (6, 7, 8) for ev in turn.get(t, [])]
    peek = next(ev for ev in later if ev.type == "discovery_peeked" and ev.colour == "green")
    assert hidden_then == [peek.card, HIDDEN, HIDDEN, HIDDEN]
    assert any(ev.type == "astronaut_killed" and ev.rule == "fe.abilities.major_mayhem"
               for ev in later)
    rules = [ev.rule for ev in game.log]
    assert {"fe.scoring.turn10", "fe.scoring.ice_bonus", "fe.scoring.majority"} <= set(rules)
    assert sum(ev.type == "tokens_spent" and ev.colour == "blue" for ev in game.log) >= 1
    assert s.result is not None and s.result.winners
