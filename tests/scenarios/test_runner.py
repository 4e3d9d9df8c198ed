"""The step player both games' scenario runners share (:func:`play_intent`): every way a
step can differ from what its file expects is one sentence naming the step."""

from __future__ import annotations

from typing import Any

from mrp_tutor.games.mission_red_planet.engine.errors import IllegalIntent
from mrp_tutor.games.mission_red_planet.scenarios.model import ErrorExpectation
from mrp_tutor.games.mission_red_planet.scenarios.runner import play_intent

WANT = ErrorExpectation(code="ship_full", rule="ships.capacity")


def _refuse(code: str, rule: str, table: dict[str, int] | None = None) -> Any:
    def play(_intent: Any) -> list[Any]:
        if table is not None:
            table["n"] += 1  # a refusal that (wrongly) changed something
        raise IllegalIntent(code, rule, "ship 7 is full")
    return play


def _run(play: Any, want: ErrorExpectation | None,
         table: dict[str, int] | None = None) -> tuple[list[Any] | None, list[str]]:
    table = table if table is not None else {"n": 0}
    failures: list[str] = []
    new = play_intent("f.yaml: step 2", "Red: board ship 7", play, "intent", want,
                      lambda: dict(table), failures, table="HUB", engine="assistant")
    return new, failures


def test_an_accepted_intent_gives_its_events() -> None:
    assert _run(lambda it: [it, "event"], None) == (["intent", "event"], [])


def test_the_expected_refusal_is_no_failure() -> None:
    assert _run(_refuse("ship_full", "ships.capacity"), WANT) == ([], [])


def test_each_difference_is_a_sentence_naming_the_step() -> None:
    _, accepted = _run(lambda it: [], WANT)
    assert accepted == ["f.yaml: step 2: Red: board ship 7 was accepted, but the rules forbid "
                        "it (ship_full, rule ships.capacity)"]
    _, refused = _run(_refuse("ship_full", "ships.capacity"), None)
    assert refused == ["f.yaml: step 2: Red: board ship 7 was refused: ship_full (rule "
                       "ships.capacity): ship 7 is full"]
    _, other = _run(_refuse("no_room", "ships.capacity"), WANT)
    assert other == ["f.yaml: step 2: expected error ship_full (rule ships.capacity), got "
                     "no_room (rule ships.capacity): ship 7 is full"]
    table = {"n": 0}
    _, changed = _run(_refuse("ship_full", "ships.capacity", table), WANT, table)
    assert changed == ["f.yaml: step 2: the refused intent changed the HUB"]


def test_an_engine_defect_stops_the_run_with_a_sentence() -> None:
    def broken(_intent: Any) -> list[Any]:
        raise KeyError("s99")

    new, failures = _run(broken, None)
    assert new is None
    assert failures == ["f.yaml: step 2: the assistant failed on Red: board ship 7: "
                        "KeyError: 's99'"]
