"""The coach's reasons are true (issue 35): a checker written apart from the reason
generator (:mod:`...explain.reasons`) recounts, from the real state, every standing a reason
claims ("you would have the most astronauts there", "tied for the most", "fewer ... than")
over the options of every placement decision of 30 greedy 4-player games, and finds no false
one.  Every reason cites a rule that resolves, and none says an option "did best".

The checker's counts: the zone a boarding lands in is the destination token placed with it,
else the ship's destination; everyone aboard lands with the ship; a move leaves one zone and
adds one to the other.
"""

from __future__ import annotations

import re

from mrp_tutor.games.mission_red_planet.engine import Game, load_spec
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
from mrp_tutor.games.mission_red_planet.engine.game import destination
from mrp_tutor.games.mission_red_planet.engine.spec import UNKNOWN
from mrp_tutor.games.mission_red_planet.engine.views import view_for
from mrp_tutor.games.mission_red_planet.explain.reasons import why
from mrp_tutor.games.mission_red_planet.explain.rulebook import cite

COLOURS = ["red", "blue", "green", "yellow"]


def _truth(counts: dict[str, int], me: str) -> str:
    mine = counts.get(me, 0)
    best = max((n for c, n in counts.items() if c != me), default=0)
    return "lead" if mine > best else "tied" if mine == best else "behind"


_FORMS = {"you would have the most astronauts there": "lead",
          "you would be tied for the most astronauts there": "tied",
          "you would have fewer astronauts there than": "behind",
          # the words of the coach before issue 35 (the checker reads them too)
          "you would take the lead there": "lead",
          "you would draw level with the leader there": "tied"}


def _claims(text: str) -> list[str]:
    """The standings a sentence claims, in order."""
    found = re.finditer("|".join(re.escape(f) for f in _FORMS), text)
    return [_FORMS[m.group(0)] for m in found]


def _expected(g: Game, it: I.Intent) -> list[str] | None:
    """The true standings (the checker's own count from the state), or None: not checked."""
    s, spec = g.state, g.spec
    if isinstance(it, I.Board):
        zone = it.token or destination(spec, s, it.ship)
        if zone == UNKNOWN or zone not in s.zones:
            return []
        after = dict(s.zones[zone])
        for c, n in s.ships[it.ship].crew.items():
            after[c] = after.get(c, 0) + n
        after[it.colour] = after.get(it.colour, 0) + it.count
        return [_truth(after, it.colour)]
    if isinstance(it, I.Move):
        to = dict(s.zones[it.to_zone])
        to[it.colour] = to.get(it.colour, 0) + 1
        frm = dict(s.zones[it.from_zone])
        frm[it.colour] -= 1
        return [_truth(to, it.colour)] + ([_truth(frm, it.colour)] if frm[it.colour] else [])
    if isinstance(it, I.Drop):
        to = dict(s.zones[it.to_zone])
        to[it.colour] = to.get(it.colour, 0) + 1
        return [_truth(to, it.colour)]
    return None


def test_no_false_standing_claim_over_30_greedy_games() -> None:
    spec = load_spec(use_env_overrides=False)
    checked = false = uncited = 0
    bad: list[str] = []

    def look(g: Game) -> None:
        nonlocal checked, false, uncited
        legal = g.legal_intents()
        if not legal or not isinstance(legal[0], I.Board | I.Move | I.Drop):
            return
        me = legal[0].colour
        view = view_for(spec, g.state, g.state.seats[me].controller)
        for it in legal:
            want = _expected(g, it)
            r = why(spec, view, it)
            if want is None or r is None:
                continue
            checked += 1
            if cite(spec, r.rule) is None:
                uncited += 1
            assert "did best" not in r.text
            got = _claims(r.text)
            if got != want:
                false += 1
                bad.append(f"{it}: {r.text} (true: {want})")

    for seed in range(30):
        bot_game(spec, COLOURS, seed, bot="greedy", on_step=look)
    assert checked > 1000
    assert false == 0, bad[:5]
    assert uncited == 0
