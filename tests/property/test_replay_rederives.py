"""``replay`` accepts a log exactly when the rules can produce it (issue 28, item 3).

Real logs (the 110 stored golden games, and bot games of the first-edition and unique
abilities rulesets) are altered the ways an attack alters them: a colour changed, an extra
token (an event given twice), the seed set to 10**25 or to another seed, two events swapped,
an event dropped, a number nudged.  Whether an altered log could have been played is decided
here by an exhaustive search, independent of ``replay``'s own: from the setup the recorded
start gives, every legal decision whose events are the log's next ones is followed (with
backtracking), so a log is producible when some sequence of legal decisions emits exactly it.

Then ``replay`` must refuse every altered log the search cannot produce, naming a position
at or after the first altered event (and exactly it when that event comes from the automatic
part of the game, which has no choice in it), and accept every producible one; every unaltered
log is accepted and gives the state its events describe.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from testkit import golden

from mrp_tutor.games.mission_red_planet.engine import GameSpec, load_spec, replay, state_to_dict
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
from mrp_tutor.games.mission_red_planet.engine.checks import log_from_data
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.engine.flow import advance, apply_intent
from mrp_tutor.games.mission_red_planet.engine.legal import legal_intents
from mrp_tutor.games.mission_red_planet.engine.phases.setup import setup_events
from mrp_tutor.games.mission_red_planet.engine.state import GameState

SPEC = load_spec(use_env_overrides=False)
GOLDEN = {name: golden.parse(text)["log"] for name, text in sorted(golden.load().items())}
AT = re.compile(r"^log\[(\d+)\]")


def producible(spec: GameSpec, log: list[E.Event]) -> bool:
    """Can some sequence of legal decisions produce exactly ``log``?  (Backtracking search.)"""
    if not log or not isinstance(log[0], E.GameStarted):
        return False
    ev0 = log[0]
    choices = None
    if len(log) > 1 and isinstance(log[1], E.SheetsDealt):
        choices = {c: x for c, x in log[1].sheets if c not in log[1].drawn} or None
    try:
        s, out = setup_events(spec, ev0.colours, ev0.seed, ruleset=ev0.variant, choices=choices)
    except Exception:
        return False
    advance(spec, s, out)
    if out != log[: len(out)]:
        return False
    todo: list[tuple[GameState, int]] = [(s, len(out))]
    while todo:
        state, pos = todo.pop()
        if pos == len(log):
            return True
        if state.stage == "over":
            continue
        for intent in legal_intents(spec, state):
            trial = state.clone()
            made = list(log[:pos])  # the rules may look back at earlier events
            apply_intent(spec, trial, intent, made)
            new = made[pos:]
            if new and new == log[pos: pos + len(new)]:
                todo.append((trial, pos + len(new)))
    return False


def folded(log: list[E.Event]) -> dict[str, Any]:
    """The state the log's own events describe (applied one by one, trusted)."""
    s = GameState(ruleset="base", seed=0, order=[], seats={})
    for ev in log:
        ev.apply(s)
    return state_to_dict(s)


# ------------------------------------------------------------------------------ alterations

AUTOMATIC = {"tokens_produced", "tokens_awarded", "first_player_set", "ship_docked",
             "deck_shuffled", "resources_placed", "starting_astronauts_placed",
             "missions_dealt", "ship_landed", "resource_flipped", "stage_changed"}


def _with_colour(rng: random.Random, log: list[dict[str, Any]]) -> tuple[str, int] | None:
    colours = log[0]["colours"]
    picks = [i for i, e in enumerate(log) if i and isinstance(e.get("colour"), str)]
    if not picks:
        return None
    i = rng.choice(picks)
    log[i]["colour"] = rng.choice([c for c in colours if c != log[i]["colour"]])
    return "wrong colour", i


def _extra_token(rng: random.Random, log: list[dict[str, Any]]) -> tuple[str, int] | None:
    picks = [i for i, e in enumerate(log) if e["type"] in (
        "tokens_produced", "tokens_awarded", "destination_token_placed", "tokens_gained",
        "astronauts_boarded", "starting_astronauts_placed")]
    if not picks:
        return None
    i = rng.choice(picks)
    log.insert(i + 1, copy.deepcopy(log[i]))
    return "extra token", i + 1


def _seed(rng: random.Random, log: list[dict[str, Any]]) -> tuple[str, int]:
    log[0]["seed"] = rng.choice([10**25, log[0]["seed"] + 1, -1, 2**63])
    return "seed", 0


def _swap(rng: random.Random, log: list[dict[str, Any]]) -> tuple[str, int] | None:
    picks = [i for i in range(2, len(log)) if log[i] != log[i - 1]]
    i = rng.choice(picks)
    log[i - 1], log[i] = log[i], log[i - 1]
    return "reordering", i - 1


def _drop(rng: random.Random, log: list[dict[str, Any]]) -> tuple[str, int]:
    i = rng.randrange(1, len(log))
    del log[i]
    return "dropped event", i


def _nudge(rng: random.Random, log: list[dict[str, Any]]) -> tuple[str, int] | None:
    picks = [(i, k) for i, e in enumerate(log) if i for k, v in e.items()
             if isinstance(v, int) and not isinstance(v, bool)]
    if not picks:
        return None
    i, k = rng.choice(picks)
    log[i][k] += rng.choice([-1, 1])
    return f"number ({log[i]['type']}.{k})", i


ALTER: list[Callable[[random.Random, list[dict[str, Any]]], tuple[str, int] | None]] = [
    _with_colour, _extra_token, _seed, _swap, _drop, _nudge]


def _bot_logs() -> dict[str, tuple[GameSpec, list[dict[str, Any]]]]:
    out: dict[str, tuple[GameSpec, list[dict[str, Any]]]] = {}
    from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset

    fe = find_ruleset("first_edition").spec(use_env_overrides=False)
    ua = find_ruleset("unique_abilities").spec(use_env_overrides=False)
    for seed in range(3):
        for name, spec, variant in (("fe", fe, "first_edition"),
                                    ("ua", ua, "unique_abilities")):
            colours = list(spec.colours[: 3 + seed])
            g = bot_game(spec, colours, seed, ruleset=variant)
            out[f"{name}-{seed}"] = (spec, [E.event_to_dict(e) for e in g.log])
    return out


BOTS = _bot_logs()
LOGS: dict[str, tuple[GameSpec, list[dict[str, Any]]]] = {
    **{n: (SPEC, log) for n, log in GOLDEN.items()}, **BOTS}


def test_every_unaltered_log_is_accepted_and_gives_the_state_of_its_events() -> None:
    for name, (spec, data) in LOGS.items():
        log = log_from_data(json.loads(json.dumps(data)), name)
        state = replay(spec, log, source=name)
        assert state.stage == "over", name
        assert state_to_dict(state) == folded(log), name


@pytest.mark.parametrize("chunk", range(4))
def test_replay_refuses_exactly_the_altered_logs_the_rules_cannot_produce(chunk: int) -> None:
    rng = random.Random(2800 + chunk)
    seen: dict[str, int] = {}
    accepted = 0
    names = sorted(LOGS)[chunk::4]
    for name in names:
        spec, original = LOGS[name]
        for alter in rng.sample(ALTER, 4):
            data = copy.deepcopy(original)
            done = alter(rng, data)
            if done is None:
                continue
            what, at = done
            seen[what.split(" (")[0]] = seen.get(what.split(" (")[0], 0) + 1
            try:
                log = log_from_data(data, name)
            except ContentError:
                continue  # not even an event log (e.g. a negative count): refused earlier
            can = producible(spec, log)
            try:
                state = replay(spec, log, source=name)
            except ContentError as err:
                assert not can, (name, what, at, err.problems)
                m = AT.match(err.problems[0])
                assert m and err.source == name, err.problems
                named = int(m.group(1))
                first = next((i for i, (a, b) in enumerate(zip(data, original, strict=False))
                              if a != b), min(len(data), len(original)))
                assert named >= first, (name, what, first, err.problems)
                if original[first]["type"] in AUTOMATIC and what != "reordering":
                    assert named == first, (name, what, first, err.problems)
                continue
            assert can, (name, what, at)  # accepted: the rules can produce it
            assert state_to_dict(state) == folded(log), (name, what)
            accepted += 1
    print(f"chunk {chunk}: {sum(seen.values())} altered logs {seen}, {accepted} producible "
          "and accepted, the others refused")
    assert {"wrong colour", "extra token", "seed", "reordering", "dropped event",
            "number"} <= set(seen), seen
    assert sum(seen.values()) >= 100, seen
