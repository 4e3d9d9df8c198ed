"""The action-card moment keeps its holder secret (tutor reading ``actions.hidden_holder``,
seed 000: "Action cards are kept hidden together with mission cards"): until the card is
played, no other seat's view (the decision, the queued work) nor its copy of the log names
who holds it; the holder sees its own card and decides; a card played is shown with its
player.  Checked over many seeded games with greedy and random bots at every seat."""

from __future__ import annotations

import json

import pytest

from mrp_tutor.games.mission_red_planet.engine import Game, load_spec
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
from mrp_tutor.games.mission_red_planet.engine.secrecy import HIDDEN, redact
from mrp_tutor.games.mission_red_planet.engine.views import view_for
from mrp_tutor.games.mission_red_planet.explain.rulebook import cite

COLOURS = ["red", "blue", "green", "yellow"]


def _pauses(bot: str, seeds: range) -> list[tuple[Game, int, str]]:
    """(game, log length, holder) at every action-card moment of the seeded games."""
    spec = load_spec(use_env_overrides=False)
    found: list[tuple[Game, int, str]] = []

    def look(g: Game) -> None:
        s = g.state
        if s.work and s.work[0][0] == "action" and s.step == 0 and g.legal_intents():
            found.append((g.copy(), len(g.log), s.work[0][1]))

    for seed in seeds:
        bot_game(spec, COLOURS, seed, bot=bot, on_step=look)
    return found


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_no_other_seat_learns_who_holds_an_action_card_before_it_is_played(bot: str) -> None:
    pauses = _pauses(bot, range(40))
    assert len(pauses) >= 10  # the moment comes often enough to check it
    kept = 0
    for g, _, holder in pauses:
        spec, s = g.spec, g.state
        for viewer in COLOURS:
            v = view_for(spec, s, viewer)
            if viewer == holder:  # the holder sees its card and decides
                assert v["decision"]["colours"] == [holder]
                assert v["progress"]["work"][0][1] == holder
                continue
            assert v["decision"]["kind"] == "play_action"
            assert v["decision"]["colours"] == [] and v["decision"]["character"] == HIDDEN
            assert v["progress"]["work"][0][1:3] == [HIDDEN, HIDDEN]
            assert holder not in json.dumps([v["decision"], v["progress"]["work"]])
        # the holder keeps it: the others' log names neither the card nor the holder
        before = len(g.log)
        g.play(next(x for x in g.legal_intents() if x.type == "keep_action"))
        kept += 1
        new = g.log[before:]
        closed = next(i for i, e in enumerate(new) if e.type == "work_done")
        assert any(e.type == "action_kept" for e in new[:closed])
        for e in new[:closed + 1]:  # the keep, up to the pause's end
            for viewer in COLOURS:
                if viewer == holder:
                    continue
                seen = redact(e, g.state, viewer)
                text = json.dumps({f: getattr(seen, f, None) for f in
                                   getattr(seen, "__dataclass_fields__", {})}, default=str)
                assert holder not in text, (e, viewer)
    assert kept == len(pauses)


def test_a_played_action_card_names_its_player() -> None:
    g, _, holder = _pauses("random", range(40))[0]
    before = len(g.log)
    g.play(next(x for x in g.legal_intents() if x.type == "play_action"))
    played = next(e for e in g.log[before:] if e.type == "action_played")
    other = next(c for c in COLOURS if c != holder)
    assert redact(played, g.state, other).colour == holder


def test_the_reading_is_filed_with_its_argument() -> None:
    c = cite(load_spec(use_env_overrides=False), "actions.hidden_holder")
    assert c is not None and "tutor reading" in c.source
    assert "hidden together with mission cards" in c.source
