"""Random table positions: the loader refuses them with ContentError, or the engine can play
on from them (legal intents exist or the automatic part runs) without ever crashing, and the
22-astronaut and point-token invariants hold all along."""

from __future__ import annotations

import os
import random
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.engine.game import advance, legal_intents
from mrp_tutor.games.mission_red_planet.scenarios import needs_advance, scenario_from_dict

SPEC = load_spec(use_env_overrides=False)
SHIPS = sorted(SPEC.ships)
ZONES = list(SPEC.zones)
CHARS = list(SPEC.countdown)
DISC = sorted(SPEC.discoveries)
MISSIONS = sorted(SPEC.missions)


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.integers(3, 5))
    players = ["red", "blue", "green", "yellow", "purple"][:n]
    stage = draw(st.sampled_from(["choose", "resolve", "production", "final_scoring"]))
    pos: dict[str, Any] = {"stage": stage, "first": draw(st.sampled_from(players)),
                           "seed": draw(st.integers(0, 10**6))}
    if stage in ("choose", "resolve"):
        pos["round"] = draw(st.integers(1, 10))
    if stage == "production":
        pos["production"] = draw(st.integers(1, 3))
    ships = draw(st.lists(st.sampled_from(SHIPS), min_size=n, max_size=n + 2, unique=True))
    out = []
    for i, sid in enumerate(ships):
        ship: dict[str, Any] = {"id": sid}
        if i < n:
            ship["dock"] = i
        else:
            ship["launched"] = True
        cap = SPEC.cap[sid]
        crew = draw(st.dictionaries(st.sampled_from(players), st.integers(1, 2), max_size=2))
        while sum(crew.values()) >= cap and crew:
            crew.pop(next(iter(crew)))
        if crew:
            ship["crew"] = crew
            if SPEC.dest[sid] == "unknown":
                ship["tokens"] = [draw(st.sampled_from(ZONES))]
        out.append(ship)
    pos["ships"] = out
    zones: dict[str, Any] = {}
    for z in draw(st.lists(st.sampled_from(ZONES), max_size=6, unique=True)):
        zp: dict[str, Any] = {"astronauts": draw(st.dictionaries(
            st.sampled_from(players), st.integers(0, 4), max_size=3))}
        if draw(st.booleans()):
            zp["waiting"] = {draw(st.sampled_from(["ice", "sylvanite", "celerium"])):
                             draw(st.integers(0, 3))}
            zp["face_up"] = True
        if z in SPEC.outer and draw(st.booleans()):
            zp["discovery"] = draw(st.sampled_from(DISC))
        zones[z] = zp
    pos["zones"] = zones
    seats: dict[str, Any] = {}
    missions = list(MISSIONS)
    random.Random(pos["seed"]).shuffle(missions)
    for c in players:
        played = draw(st.lists(st.sampled_from(CHARS), max_size=5, unique=True))
        seat: dict[str, Any] = {"played": played}
        if stage == "choose" and draw(st.booleans()):
            rest = [ch for ch in CHARS if ch not in played]
            seat["chosen"] = draw(st.sampled_from(rest))
        seat["tokens"] = draw(st.dictionaries(st.sampled_from(["ice", "sylvanite", "celerium"]),
                                              st.integers(0, 4), max_size=3))
        seat["missions"] = [missions.pop()]
        seats[c] = seat
    if stage == "resolve":
        c = draw(st.sampled_from(players))
        ch = draw(st.sampled_from(CHARS))
        seats[c]["played"] = [x for x in seats[c]["played"] if x != ch]
        pos["resolving"] = {"colour": c, "character": ch,
                            "step": draw(st.integers(0, len(SPEC.characters[ch].steps) - 1))}
    pos["seats"] = seats
    return {"id": "prop", "title": "t", "lesson": "l", "players": players, "position": pos}


@settings(max_examples=int(os.environ.get("POSITION_EXAMPLES", "300")), deadline=None,
          derandomize=not os.environ.get("FUZZ_RANDOM"),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(positions(), st.randoms(use_true_random=False))
def test_random_positions_load_or_refuse_and_play_on(doc: dict[str, Any],
                                                     rng: random.Random) -> None:
    try:
        sc = scenario_from_dict(doc, "prop.yaml")
    except ContentError as err:
        assert err.problems
        event("refused: " + err.problems[0].split(":")[0].split("[")[0])
        return
    event("loaded")
    game = sc.build()
    for _ in range(40):
        s = game.state
        for c in s.order:  # every astronaut is somewhere: 22 per colour
            assert sum(s.astronaut_places(c).values()) == SPEC.astronauts_per_colour
            assert s.seats[c].supply >= 0
        for r, total in SPEC.content.game.point_tokens.items():
            held = sum(seat.tokens[r] for seat in s.seats.values())
            waiting = sum(w.get(r, 0) for w in s.waiting.values())
            assert held + waiting + s.token_supply[r] == total
        if game.over:
            break
        if needs_advance(game):
            advance(game.spec, game.state, game.log)
            game.invalidate()
            continue
        legal = legal_intents(game.spec, game.state)
        game.play(rng.choice(legal))
