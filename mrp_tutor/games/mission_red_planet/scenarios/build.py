"""Loading and building scenarios (running them: :mod:`.runner`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from mrp_tutor.core.games import library as core_library
from mrp_tutor.core.games import load_document, load_file
from mrp_tutor.core.loader import check_tree, refuse_foreign
from mrp_tutor.core.scenario import ScenarioBase
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError, MalformedIntent, MrpError
from mrp_tutor.games.mission_red_planet.engine.game import Game, legal_intents
from mrp_tutor.games.mission_red_planet.engine.rulesets import RULESETS, find_ruleset
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec, load_spec
from mrp_tutor.games.mission_red_planet.engine.state import GameState
from mrp_tutor.games.mission_red_planet.scenarios.export import position_from_state
from mrp_tutor.games.mission_red_planet.scenarios.model import (
    Position,
    ScenarioDoc,
    StateExpectation,
    Step,
    ruleset_of,
)
from mrp_tutor.games.mission_red_planet.scenarios.position import (
    build_state,
    cite_problems,
    merge,
)
from mrp_tutor.games.mission_red_planet.scenarios.problems import Problems
from mrp_tutor.games.mission_red_planet.unknowns import NONE, Unknowns, unknowns_of
from mrp_tutor.resources import scenarios_dir

# Rule cited for a structural problem, by the first field of its path.
_FIELD_RULES = {
    "players": "setup.colors", "variant": "two_player.setup", "setup": "setup.colors",
    "ships": "components.ship_cards", "zones": "components.board",
    "memorial": "memorial.killed", "seats": "components.character_cards",
    "resolving": "round.countdown", "stage": "round.sequence", "round": "overview.rounds",
    "production": "production.when", "steps": "round.sequence",
    "crew": "components.astronauts", "astronauts": "components.astronauts",
    "tokens": "components.point_tokens", "waiting": "components.point_tokens",
    "missions": "events.missions", "actions": "actions.hidden",
    "resource": "components.resource_tokens", "discovery": "discoveries.assign",
}


def _rule_for(loc: tuple[Any, ...]) -> str | None:
    for part in reversed(loc):
        if isinstance(part, str) and part in _FIELD_RULES:
            return _FIELD_RULES[part]
    return None


def _validation_problems(prefix: str, err: ValidationError) -> list[str]:
    out = []
    for e in err.errors():
        loc = tuple(e["loc"])
        path = "".join(f"[{x}]" if isinstance(x, int) else f".{x}" for x in loc).lstrip(".")
        rule = _rule_for(loc)
        cite = f" (rule {rule})" if rule else " (scenario format)"
        where = ".".join(x for x in (prefix, path) if x)
        out.append(f"{where or 'document'}: {e['msg']}{cite}")
    return out


@dataclass(slots=True)
class Scenario(ScenarioBase[ScenarioDoc]):
    """A loaded, validated scenario (id, title, lesson, rules, quiz: :class:`ScenarioBase`)."""

    doc: ScenarioDoc
    path: Path | None = None
    _state: GameState | None = field(default=None, repr=False)
    _spec: GameSpec | None = field(default=None, repr=False)
    _log: list[E.Event] = field(default_factory=list, repr=False)
    entered: bool = False  # a referee's table: what it leaves out is unknown, not drawn

    @property
    def steps(self) -> list[Step]:
        return self.doc.steps

    @property
    def players(self) -> list[str]:
        return self.doc.players

    def spec(self) -> GameSpec:
        """The game spec of this scenario (ruleset + its overrides)."""
        if self._spec is None:
            self._spec = _spec_for(self.doc, str(self.path or self.id))
        return self._spec

    def unknowns(self) -> Unknowns:
        """What this table leaves unknown (:mod:`~mrp_tutor.games.mission_red_planet.unknowns`):
        nothing for a lesson (its draws are part of it) or a seeded setup."""
        if not self.entered or self.doc.position is None:
            return NONE
        return unknowns_of(self.spec(), self.doc.players, self.doc.position)

    def build(self, *, advance_now: bool = False) -> Game:
        """A fresh :class:`Game` at the scenario's position (log: the setup's events for a
        seeded setup without changes, else empty: a position has no history).

        The position is taken as given: when it waits for no decision (a production, reveal
        or final scoring phase) nothing is run unless ``advance_now`` is true.
        """
        assert self._state is not None
        game = Game(self.spec(), self._state.clone(), list(self._log))
        if advance_now and needs_advance(game):
            game.advance()
        return game


def needs_advance(game: Game) -> bool:
    """True when nobody can decide anything now and the game is not over.

    (A position entered at a production phase, or a step with nothing possible left, is
    resolved by the engine's automatic part:
    :func:`~mrp_tutor.games.mission_red_planet.engine.game.advance`.)
    """
    return game.state.stage != "over" and not legal_intents(game.spec, game.state)


def scenario_rules(doc: ScenarioDoc) -> tuple[str, str]:
    """(data folder, ruleset name) of a scenario.

    ``ruleset:`` names a registered ruleset (``mrp-tutor rulesets``: its data and its rules)
    or, as in older files, a data folder whose rules ``variant:`` chooses.
    """
    rules = RULESETS.get(doc.ruleset)
    if rules is not None:
        return rules.data, rules.name
    return doc.ruleset, doc.variant


def _setup_ruleset(doc: ScenarioDoc) -> str:
    assert doc.setup is not None
    if doc.ruleset in RULESETS and "variant" not in doc.setup.model_fields_set:
        return doc.ruleset
    return doc.setup.variant


def _spec_for(doc: ScenarioDoc, source: str) -> GameSpec:
    data, name = scenario_rules(doc)
    if doc.ruleset in RULESETS and "variant" in doc.model_fields_set and doc.variant != name:
        raise ContentError(source, [f"variant: {doc.variant!r} disagrees with ruleset "
                                    f"{doc.ruleset!r} (give one of them) (two_player.setup)"])
    try:
        if doc.overrides:
            return load_spec(data, overrides=doc.overrides, use_env_overrides=False)
        return load_spec(data, use_env_overrides=False)
    except ContentError as err:
        if doc.ruleset not in RULESETS and any(p.startswith("ruleset: no ")
                                               for p in err.problems):
            raise ContentError(source, [_unknown_ruleset(doc.ruleset)]) from None
        raise ContentError(source, [f"ruleset/overrides: {p}" for p in err.problems]) from None
    except (OSError, FileNotFoundError):
        raise ContentError(source, [_unknown_ruleset(doc.ruleset)]) from None


def _unknown_ruleset(name: str) -> str:
    from mrp_tutor.core.loader import excerpt

    return (f"ruleset: unknown ruleset {excerpt(name)} (rulesets: {', '.join(RULESETS)}; "
            "or a data folder)")


def scenario_from_dict(data: Any, source: str = "scenario", path: Path | None = None) -> Any:
    """Validate a scenario document (parsed YAML) of any game and build its position: the
    game its ``game:`` field names loads it (:mod:`mrp_tutor.core.games`).

    Raises:
        ContentError: every problem, located (field path) and with the rule it breaks.
    """
    check_tree(data, source)  # depth, numbers, keys and ids, whoever built ``data``
    return load_document(data, source, path)


def mrp_scenario_from_dict(data: Any, source: str = "scenario",
                           path: Path | None = None) -> Scenario:
    """Validate a Mission: Red Planet scenario document (the registry's ``load`` for it;
    ``data`` has passed :func:`~mrp_tutor.core.loader.check_tree`)."""
    if not isinstance(data, dict):
        raise ContentError(source, [f"document: a scenario is a mapping, not "
                                    f"{type(data).__name__} (scenario format)"])
    refuse_foreign(data, ScenarioDoc.model_fields, source, "a scenario")
    try:
        doc = ScenarioDoc.model_validate(data)
    except ValidationError as err:
        found = _validation_problems("", err)
        found.extend(p for p in _position_problems(data) if p not in found)
        raise ContentError(source, cite_problems(str(data.get("ruleset", "")), found)) from None
    try:
        spec = _spec_for(doc, source)
    except ContentError:
        raise
    except Exception:
        raise ContentError(source, [f"ruleset: cannot load ruleset {doc.ruleset!r} (rulesets: "
                                    f"{', '.join(RULESETS)}; or a data folder)"]) from None
    problems = Problems("position")
    state: GameState | None = None
    log: list[E.Event] = []
    if doc.position is not None:
        state = build_state(spec, doc.players, scenario_rules(doc)[1], doc.position, problems)
    else:
        state, log = _from_setup(spec, doc, problems)
    _check_rules(spec, doc, problems)
    _check_steps(spec, doc, problems)
    if problems.items or state is None:
        raise ContentError(source, problems.items or ["position: cannot be built"])
    return Scenario(doc, path, state, spec, log)


def _position_problems(data: dict[str, Any]) -> list[str]:
    """Game-fact problems of a position whose document has structural problems elsewhere
    (so that every problem is reported at once); empty when it cannot be checked."""
    players, raw = data.get("players"), data.get("position")
    if not (isinstance(players, list) and players and all(isinstance(c, str) for c in players)
            and isinstance(raw, dict)):
        return []
    try:
        pos = Position.model_validate(raw)
        named = RULESETS.get(str(data.get("ruleset", "base")))
        spec = load_spec(named.data if named else str(data.get("ruleset", "base")),
                         use_env_overrides=False)
    except Exception:  # structural problems of the position are reported already
        return []
    p = Problems("position")
    build_state(spec, players, ruleset_of(data), pos, p)
    return p.items


def _from_setup(
    spec: GameSpec, doc: ScenarioDoc, p: Problems
) -> tuple[GameState | None, list[E.Event]]:
    assert doc.setup is not None
    setup_p = Problems("")
    from mrp_tutor.games.mission_red_planet.scenarios.position import check_players

    ruleset = _setup_ruleset(doc)
    if not check_players(spec, doc.players, ruleset, setup_p):
        p.items.extend(setup_p.items)
        return None, []
    try:
        game = Game.new(spec, doc.players, doc.setup.seed, ruleset=ruleset,
                        choices=doc.setup.sheets or None)
    except MrpError as err:  # e.g. an unknown or repeated ability sheet
        p.items.append(f"setup.sheets: {err.message} (rule {err.rule})")
        return None, []
    if not doc.changes:
        return game.state, game.log
    merged: Any = position_from_state(game.state, spec)
    for change in doc.changes:
        merged = merge(merged, change)
    try:
        pos = Position.model_validate(merged)
    except ValidationError as err:
        p.items.extend(_validation_problems("changes", err))
        return None, []
    cp = Problems("changes")
    state = build_state(spec, doc.players, ruleset, pos, cp)
    p.items.extend(cp.items)
    return state, []


def _check_rules(spec: GameSpec, doc: ScenarioDoc, p: Problems) -> None:
    for i, r in enumerate(doc.rules):
        if r not in spec.rules:
            p.items.append(f"rules[{i}]: unknown rule id {r!r}")
    for i, st in enumerate(doc.steps):
        for j, ev in enumerate(st.expect.events):
            where = f"steps[{i}].expect.events[{j}]"
            kind = ev.get("type")
            if not isinstance(kind, str) or kind not in E.EVENT_TYPES:
                p.items.append(f"{where}.type: unknown event type {kind!r}")
            if "rule" in ev and (not isinstance(ev["rule"], str) or ev["rule"] not in spec.rules):
                p.items.append(f"{where}.rule: unknown rule id {ev['rule']!r}")
        for j, t in enumerate(st.expect.no_events):
            if t not in E.EVENT_TYPES:
                p.items.append(f"steps[{i}].expect.no_events[{j}]: unknown event type {t!r}")
        err = st.expect.error
        if err is not None and err.rule is not None and err.rule not in spec.rules:
            p.items.append(f"steps[{i}].expect.error.rule: unknown rule id {err.rule!r}")


def _check_steps(spec: GameSpec, doc: ScenarioDoc, p: Problems) -> None:
    players = set(doc.players)

    def check(raw: Any, where: str) -> None:
        try:
            intent = I.intent_from_dict(raw)
        except MalformedIntent as err:
            p.items.append(f"{where}: not a valid intent: {err.message} (rule round.sequence)")
            return
        if intent.colour not in players:
            p.items.append(f"{where}.colour: colour {intent.colour!r} is not at this table "
                           "(rule setup.colors)")
        zones, ships = set(spec.zones), set(spec.ships)
        known: dict[str, tuple[set[str], str]] = {
            "ship": (ships, "components.ship_cards"), "zone": (zones, "components.board"),
            "from_zone": (zones, "components.board"), "to_zone": (zones, "components.board"),
            "token": (zones, "destination_tokens.use"),
            "place": (zones | ships, "components.board"),
            "character": (set(spec.characters), "components.character_cards"),
            "card": ((set(spec.actions), "events.actions")
                     if isinstance(intent, I.PlayAction | I.KeepAction)
                     else (set(spec.missions), "events.missions")),
            "victim": (players, "setup.colors"),
        }
        for name, (ids, rule) in known.items():
            value = getattr(intent, name, None)
            if value is not None and value not in ids:
                p.items.append(f"{where}.{name}: unknown {name.replace('_', ' ')} {value!r} "
                               f"(rule {rule})")

    for i, st in enumerate(doc.steps):
        if st.intent is not None:
            check(st.intent, f"steps[{i}].intent")
        exp = st.expect.state
        if exp is not None:
            _check_expected_ids(spec, doc, exp, f"steps[{i}].expect.state", p)
            for key in ("legal", "not_legal"):
                for j, raw in enumerate(getattr(exp, key) or []):
                    check(raw, f"steps[{i}].expect.state.{key}[{j}]")


def _check_expected_ids(
    spec: GameSpec, doc: ScenarioDoc, exp: StateExpectation, where: str, p: Problems
) -> None:
    """Every zone, colour, ship and resource an expectation names must exist."""
    players = set(doc.players)
    kinds: list[tuple[str, set[str] | tuple[str, ...], str]] = [
        ("zones", spec.zones, "components.board"), ("zone_total", spec.zones, "components.board"),
        ("face_up", spec.zones, "components.board"), ("waiting", spec.zones, "components.board"),
        ("dest_supply", spec.zones, "destination_tokens.supply_limit"),
        ("discoveries", spec.zones, "discoveries.assign"),
        ("crew", tuple(spec.ships), "components.ship_cards"),
        ("ship_tokens", tuple(spec.ships), "components.ship_cards"),
        ("tokens", players, "setup.colors"), ("memorial", players, "setup.colors"),
        ("supply", players, "setup.colors"), ("hand", players, "setup.colors"),
        ("played", players, "setup.colors"), ("missions", players, "setup.colors"),
        ("actions", players, "setup.colors"),
        ("scores", players, "setup.colors"), ("breakdown", players, "setup.colors"),
    ]
    for name, known, rule in kinds:
        for key, inner in (getattr(exp, name) or {}).items():
            if key not in known:
                p.items.append(f"{where}.{name}.{key}: unknown {name.rstrip('s')} key {key!r} "
                               f"(rule {rule})")
            if name in ("zones", "crew") and isinstance(inner, dict):
                for c in inner:
                    if c not in players:
                        p.items.append(f"{where}.{name}.{key}.{c}: colour {c!r} is not at this "
                                       "table (rule setup.colors)")
            if name in ("tokens", "waiting") and isinstance(inner, dict):
                for r in inner:
                    if r not in spec.resources:
                        p.items.append(f"{where}.{name}.{key}.{r}: unknown resource {r!r} "
                                       "(rule components.point_tokens)")
    for key in ("winners", "launched", "docked"):
        for j, x in enumerate(getattr(exp, key) or []):
            known2 = players if key == "winners" else set(spec.ships)
            if x not in known2:
                p.items.append(f"{where}.{key}[{j}]: unknown {x!r} (scenario format)")


def load_scenario(path: str | Path) -> Any:
    """Load one scenario file.

    Raises:
        ContentError: the file cannot be read, is not YAML, or breaks the format or the rules
            (all problems listed, each with its field path and rule id).
    """
    return load_file(Path(path))  # the one loader path of every game's files


def library(folder: str | Path | None = None) -> list[Scenario]:
    """Every scenario file of the library (``scenarios_dir()``), sorted by id (each read by the
    one loader path, :func:`mrp_tutor.core.games.library`).

    Raises:
        ContentError: one or more files are wrong (all their problems, file by file).
    """
    found: list[Any] = core_library(Path(folder) if folder is not None else scenarios_dir())
    return found


def scenario_to_yaml(
    game_or_state: Game | GameState, *, id: str = "saved-position", title: str = "Saved position",
    lesson: str = "A table position saved by the referee.", spec: GameSpec | None = None,
    ruleset: str = "base",
) -> str:
    """A scenario document (YAML text) holding the current position of a game."""
    if isinstance(game_or_state, Game):
        state, spec = game_or_state.state, spec or game_or_state.spec
    else:
        state = game_or_state
    rules = find_ruleset(state.ruleset)  # recorded in the state, never re-derived
    data = spec.ruleset if spec else ruleset
    names: dict[str, str] = ({"ruleset": rules.name} if data == rules.data
                             else {"ruleset": data, "variant": rules.name})
    doc: dict[str, Any] = {
        "id": id, "title": title, "lesson": lesson, **names, "players": list(state.order),
        "position": position_from_state(state, spec), "steps": [],
    }
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)
