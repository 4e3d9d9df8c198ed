"""First Martians hostile input: mutated state files and intents give located sentences
(ContentError / a typed refusal), never another exception, and a refusal changes nothing."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import yaml

from mrp_tutor.core.errors import ContentError, MrpError
from mrp_tutor.games.first_martians import Table, intent_from_dict, load_state
from mrp_tutor.games.first_martians.round_file import round_intents

SAMPLE = yaml.safe_load((Path(__file__).resolve().parents[2]
                         / "mrp_tutor/games/first_martians/data/sample_round.yaml").read_text())
JUNK: list[Any] = [None, -1, 99, "x", "", [], {}, [1, "a"], {"a": 1}, True, 3.5, "hub",
                   "r1_n", "lab", "red", "oxygen", -30]


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*prefix, i))
    return out


def _mutate(doc: Any, rng: random.Random) -> Any:
    doc = copy.deepcopy(doc)
    path = rng.choice(_paths(doc)[1:])
    node = doc
    for p in path[:-1]:
        node = node[p]
    if rng.random() < 0.2 and isinstance(node, dict):
        del node[path[-1]]
    else:
        node[path[-1]] = rng.choice(JUNK)
    return doc


def test_mutated_round_files_are_refused_with_sentences_or_play() -> None:
    rng = random.Random(4)
    outcomes = {"invalid": 0, "refused": 0, "played": 0}
    for _ in range(150):
        doc = _mutate(SAMPLE, rng)
        try:
            table, intents = round_intents(doc, "fuzz")
        except ContentError as err:
            assert err.problems and all(isinstance(p, str) and p for p in err.problems)
            outcomes["invalid"] += 1
            continue
        for _, it in intents:
            before = table.state.model_copy(deep=True)
            try:
                table.play(it)
            except MrpError as err:
                assert err.code.startswith("fm.") and err.message
                assert table.state == before
                outcomes["refused"] += 1
                break
        else:
            outcomes["played"] += 1
    assert all(outcomes.values()), outcomes


def test_junk_intents_are_content_errors_or_refusals() -> None:
    rng = random.Random(9)
    table = Table(load_state(SAMPLE["state"]))
    kinds = ["advance_malfunction", "change_supply", "wound", "break_status", "place_token",
             "reveal_tile", "gather_sample", "clear_shutdown", "declare_actions", "produce",
             "roll_malfunction", "nonsense"]
    fields = ["block", "by", "resource", "delta", "astronaut", "facility", "part", "token",
              "space", "name", "kind", "actions", "dice", "rule", "draws"]
    for _ in range(250):
        d = {"type": rng.choice(kinds)}
        for f in rng.sample(fields, rng.randint(0, 4)):
            d[f] = rng.choice([*JUNK, "system", "working_bay", "cpu", "wound", "r2_e"])
        try:
            it = intent_from_dict(d)
        except ContentError:
            continue
        before = table.state.model_copy(deep=True)
        try:
            table.play(it)
        except MrpError:
            assert table.state == before


def test_mutated_scenario_files_are_located_content_errors() -> None:
    from mrp_tutor.games.mission_red_planet.scenarios import run_scenario, scenario_from_dict
    from mrp_tutor.resources import scenarios_dir

    rng = random.Random(12)
    files = sorted((scenarios_dir() / "first_martians").glob("*.yaml"))
    loaded = refused = 0
    for _ in range(80):
        doc = _mutate(yaml.safe_load(rng.choice(files).read_text()), rng)
        doc["game"] = "first_martians"
        try:
            sc = scenario_from_dict(doc, "fuzz.yaml")
        except ContentError as err:
            assert err.problems and all(isinstance(p, str) and p for p in err.problems)
            refused += 1
            continue
        loaded += 1
        result = run_scenario(sc)  # a mutated expectation fails with sentences, never raises
        assert all(isinstance(f, str) for f in result.failures)
    assert loaded and refused


def test_junk_while_resolving_is_refused_and_changes_nothing() -> None:
    """resolve_action / end_actions / the Mission Log with junk indexes, draws and fields:
    a located ContentError, or a typed refusal that changes nothing, never a traceback."""
    rng = random.Random(31)
    start = load_state({
        "first_player": "red", "phase": "actions", "sol": 2,
        "astronauts": [{"id": "red", "name": "Red", "medic": True},
                       {"id": "yellow", "name": "Yellow", "wounds": 2}],
        "supply": {"oxygen": 3, "energy": 3, "food": 3}, "malfunction": {"living": 2},
        "mission_log": [{"name": "Sol 1 event", "sol": 1}],
        "tiles": {"r1_e": {"name": "Geysers", "icons": ["extra_pawn", "wound", "rover"],
                           "samples": 1}}})
    placed = {"type": "declare_actions", "actions": [
        {"action": "event", "astronaut": "red", "target": "Sol 1 event"},
        {"action": "heal", "astronaut": "red", "helpers": {"yellow": 1}},
        {"action": "gather", "astronaut": "yellow", "pawns": 1, "rover": "scorpio",
         "target": "r1_e"}]}
    kinds = ["resolve_action", "roll_action_dice", "end_actions", "add_log_event",
             "remove_log_event"]
    values: list[Any] = [*JUNK, 0, 1, 2, 7, -1, "wound", "stress", "living", "success",
                         "blank", "Sol 1 event", "pay_supply", "yellow"]
    draw_kinds = ["success_die", "wound_die", "adventure_die", "heal", "heal_patient",
                  "unwind", "manage", "condition", "x"]
    outcomes = {"content": 0, "refused": 0, "played": 0}
    for _ in range(300):
        table = Table(start)
        table.play(intent_from_dict(placed))
        for _ in range(rng.randint(1, 4)):
            d: dict[str, Any] = {"type": rng.choice(kinds)}
            for f in rng.sample(["action", "name", "pawns", "asks", "follows", "sol"],
                                rng.randint(0, 2)):
                d[f] = rng.choice(values)
            if rng.random() < 0.7:
                d["draws"] = {k: [rng.choice(values) for _ in range(rng.randint(0, 3))]
                              for k in rng.sample(draw_kinds, rng.randint(1, 4))}
            d["roll_for_me"] = rng.random() < 0.2
            try:
                it = intent_from_dict(d)
            except ContentError:
                outcomes["content"] += 1
                continue
            before = table.state.model_copy(deep=True)
            try:
                table.play(it)
                outcomes["played"] += 1
            except MrpError as err:
                assert err.code.startswith("fm.") and err.message
                assert table.state == before
                outcomes["refused"] += 1
        assert table.replayed() == table.state
    assert all(outcomes.values()), outcomes
