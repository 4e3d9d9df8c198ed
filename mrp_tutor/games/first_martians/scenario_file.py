"""First Martians scenario files: the shared scenario machinery with ``game: first_martians``.

The game registry (:mod:`mrp_tutor.core.games`, :mod:`.registration`) hands a document
whose ``game`` is ``first_martians`` (read by the hardened YAML loader) to
:func:`fm_scenario_from_dict`; ``run_scenario`` and ``mrp-tutor scenario check`` run it like
any other scenario.  First Martians imports nothing from
:mod:`mrp_tutor.games.mission_red_planet.scenarios`: the
shared pieces are in :mod:`mrp_tutor.core`.  Event expectations use the shared matcher
(:mod:`mrp_tutor.core.expect`); state expectations are dotted paths into the HUB state
(list entries by ``id``: ``facilities.lab.shutdown_energy``), ``"!null"`` meaning "set".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from mrp_tutor.core.errors import ContentError
from mrp_tutor.core.expect import check_events, play_intent
from mrp_tutor.core.scenario import ErrorExpectation, Quiz, ScenarioBase
from mrp_tutor.games.first_martians.content import rulebook
from mrp_tutor.games.first_martians.events import Event, event_to_dict
from mrp_tutor.games.first_martians.files import At, file_lines, load_state, read_intent, validate
from mrp_tutor.games.first_martians.hub_table import Table
from mrp_tutor.games.first_martians.intents import intent_from_dict
from mrp_tutor.games.first_martians.state import HubState


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FmExpect(_M):
    events: list[dict[str, Any]] = Field(default=[], description="in order: type, rule, fields")
    no_events: list[str] = []
    error: ErrorExpectation | None = None
    state: dict[str, Any] = Field(default={}, description="dotted path -> value")


class FmStep(_M):
    intent: dict[str, Any]
    note: str = ""
    expect: FmExpect = FmExpect()


class FmScenarioDoc(_M):
    game: Literal["first_martians"]
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    title: str = Field(min_length=1)
    lesson: str = Field(min_length=1)
    rules: list[str] = []
    state: dict[str, Any]
    steps: list[FmStep] = []
    quiz: Quiz | None = None


@dataclass(slots=True)
class FmScenario(ScenarioBase[FmScenarioDoc]):
    """A loaded First Martians scenario (id, title, lesson, rules, quiz: the base's)."""

    doc: FmScenarioDoc
    start: HubState
    path: Path | None = None

    @property
    def steps(self) -> list[FmStep]:
        return self.doc.steps

    def build(self) -> Table:
        return Table(self.start.model_copy(deep=True))


def fm_scenario_from_dict(data: dict[str, Any], source: str = "scenario",
                          path: Path | None = None) -> FmScenario:
    """Validate a First Martians scenario strictly; every problem located (field, and the
    file's line when ``path`` is given), with its rule id.

    Raises:
        ContentError: one sentence per problem.
    """
    lines = file_lines(path)
    at = At(source, (), lines)
    doc = validate(FmScenarioDoc, data, at)
    book = rulebook()
    problems = [f"{at('rules', i)}: unknown rule id {r!r}" for i, r in enumerate(doc.rules)
                if r not in book]
    start: HubState | None = None
    try:
        start = load_state(doc.state, source, at=("state",), lines=lines)
    except ContentError as err:
        problems += err.problems
    for i, st in enumerate(doc.steps):
        try:
            read_intent(st.intent, at.inner("steps", i, "intent"))
        except ContentError as err:
            problems += err.problems
        for j, ev in enumerate(st.expect.events):
            if ev.get("rule") is not None and (not isinstance(ev["rule"], str)
                                               or ev["rule"] not in book):
                problems.append(f"{at('steps', i, 'expect', 'events', j, 'rule')}: unknown "
                                f"rule id {ev['rule']!r}")
        want = st.expect.error
        if want is not None and want.rule is not None and want.rule not in book:
            problems.append(f"{at('steps', i, 'expect', 'error', 'rule')}: unknown rule id "
                            f"{want.rule!r}")
    if problems or start is None:
        raise ContentError(source, problems or [f"{at('state')}: cannot be built"])
    return FmScenario(doc, start, path)


def _get(d: Any, path: str) -> Any:
    node = d
    for part in path.split("."):
        if isinstance(node, list):
            hit = [x for x in node if isinstance(x, dict) and x.get("id") == part]
            if not hit and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
                continue
            if not hit:
                raise KeyError(path)
            node = hit[0]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            raise KeyError(path)
    return node


def _same(got: Any, want: Any) -> bool:
    """Equal, and a number is not a bool (``True == 1`` in Python, not on the table)."""
    if isinstance(got, bool) != isinstance(want, bool):
        return False
    if isinstance(got, list) and isinstance(want, list):
        return len(got) == len(want) and all(map(_same, got, want))
    return bool(got == want)


def run_fm_scenario(sc: FmScenario) -> tuple[bool, list[str], list[Event], Table]:
    table = sc.build()
    failures: list[str] = []
    events: list[Event] = []
    name = sc.path.name if sc.path else sc.id
    for i, st in enumerate(sc.steps):
        where = f"{name}: step {i + 1}"
        intent = intent_from_dict(st.intent, where)
        played = play_intent(where, intent.type, table.play, intent, st.expect.error,
                             lambda: table.state.model_dump(), failures, table="HUB",
                             engine="assistant")
        if played is None:
            break
        new: list[Event] = played
        events.extend(new)
        failures.extend(check_events(where, new, st, event_to_dict))
        dump = table.state.model_dump(mode="json")
        for key, want_v in st.expect.state.items():
            try:
                got = _get(dump, key)
            except KeyError:
                failures.append(f"{where}: the HUB state has no {key}")
                continue
            if (want_v == "!null" and got is None) or (want_v != "!null"
                                                       and not _same(got, want_v)):
                failures.append(f"{where}: {key} expected {want_v!r}, got {got!r}")
    if table.replayed() != table.state:
        failures.append(f"{name}: replaying the event log does not give the same HUB")
    return not failures, failures, events, table
