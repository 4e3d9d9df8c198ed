"""Referee edits of the table position, each validated against the rules before it applies.

A referee beside a physical table copies its position into the app: astronauts of a colour
in a zone, the crew of a ship, a resource token turned face up.  Each edit is checked (an
edit never breaks a rule the physical game cannot break: 22 astronauts per colour, ship
capacity) and becomes a :class:`PositionEdited` event carrying the rule it respects, so the
log still rebuilds the position.  Astronauts added or removed come from / go back to the
colour's supply.  Every edit must leave a table the game can reach: the same validator as the
scenario loader's (:func:`mrp_tutor.games.mission_red_planet.scenarios.history.table_problems`)
decides, so the app,
the CLI and scenario files agree.  Astronauts put into a zone whose resource token is face
down turn it face up, as a landing does (rule round.land.flip).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mrp_tutor.core.words import plural
from mrp_tutor.games.mission_red_planet.engine.basics import cite
from mrp_tutor.games.mission_red_planet.engine.errors import (
    IllegalIntent,
    MalformedIntent,
    MrpError,
)
from mrp_tutor.games.mission_red_planet.engine.events import PositionEdited
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


class EditForm(BaseModel):
    """What the referee form sends (untrusted: validated here)."""

    model_config = ConfigDict(extra="forbid")
    what: Literal["zone", "crew", "face_up"]
    place: str = Field(min_length=1, max_length=40)
    colour: str | None = Field(default=None, max_length=20)
    count: int = Field(default=0, ge=-1000, le=1000)


def parse_edit(data: object) -> EditForm:
    """Validate a form's data.

    Raises:
        MalformedIntent: code ``edit_malformed``.
    """
    try:
        return EditForm.model_validate(data)
    except ValidationError as err:
        problems = [f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in err.errors()]
        raise MalformedIntent("edit_malformed", None, "; ".join(problems),
                              {"problems": problems}) from None


def check_edit(spec: GameSpec, s: GameState, form: EditForm) -> PositionEdited:
    """Return the event for a legal edit; its rule id, and a refusal's, as the state's ruleset
    cites it (a first-edition table names the first edition's rules).

    Raises:
        MalformedIntent: unknown zone, ship or colour (codes ``unknown_zone``,
            ``ship_not_in_play``, ``unknown_colour``).
        IllegalIntent: ``negative_count``, ``not_enough_astronauts`` (components.astronauts),
            ``ship_full`` (ships.capacity), ``no_resource_there`` / ``already_face_up``.
    """
    try:
        ev = _check_edit(spec, s, form)
    except MrpError as err:
        if err.rule is not None:
            err.rule = cite(s, err.rule)
        raise
    ev.rule = cite(s, ev.rule)
    return ev


def _check_edit(spec: GameSpec, s: GameState, form: EditForm) -> PositionEdited:
    if form.what == "face_up":
        if form.place not in s.zones:
            raise MalformedIntent("unknown_zone", "components.board",
                                  f"there is no zone {form.place!r}", {"zone": form.place})
        if form.place not in s.resources:
            raise IllegalIntent("no_resource_there", "setup.resources",
                                f"{spec.card_name(form.place)} has no resource token",
                                {"zone": form.place})
        if s.face_up.get(form.place):
            raise IllegalIntent("already_face_up", "round.land.flip",
                                f"the resource of {spec.card_name(form.place)} is already "
                                "face up", {"zone": form.place})
        return PositionEdited(rule="round.land.flip", what="face_up", place=form.place,
                              resource=s.resources[form.place])
    c = form.colour or ""
    if c not in s.seats:
        raise MalformedIntent("unknown_colour", "setup.colors",
                              f"no colour {c!r} at this table", {"colour": c,
                                                                 "colours": list(s.order)})
    if form.count < 0:
        raise IllegalIntent("negative_count", "components.astronauts",
                            "a number of astronauts cannot be negative", {"count": form.count})
    if form.what == "zone":
        if form.place not in s.zones:
            raise MalformedIntent("unknown_zone", "components.board",
                                  f"there is no zone {form.place!r}", {"zone": form.place})
        crew = s.zones[form.place]
        rule = "components.astronauts"
    else:
        if form.place not in s.ships:
            raise MalformedIntent("ship_not_in_play", "ships.docked_only",
                                  f"ship {form.place!r} is neither docked nor launched",
                                  {"ship": form.place})
        crew = s.ships[form.place].crew
        others = sum(n for col, n in crew.items() if col != c)
        cap = spec.cap[form.place]
        if others + form.count > cap:
            raise IllegalIntent("ship_full", "ships.capacity",
                                f"{form.place} holds at most {cap} astronauts",
                                {"ship": form.place, "room": cap - others, "capacity": cap,
                                 "count": form.count})
        rule = "ships.capacity"
    delta = form.count - crew.get(c, 0)
    supply = s.seats[c].supply
    if delta > supply:
        total = spec.astronauts_per_colour
        raise IllegalIntent(
            "not_enough_astronauts", "components.astronauts",
            f"{c} has only {plural(supply, 'astronaut')} left in its supply ({total} in all), "
            f"{delta} more {'is' if delta == 1 else 'are'} needed",
            {"colour": c, "supply": supply, "needed": delta, "total": total})
    flip = (form.what == "zone" and form.count > 0 and form.place in s.resources
            and not s.face_up.get(form.place))
    ev = PositionEdited(rule="round.land.flip" if flip else rule, what=form.what,
                        place=form.place, colour=c, count=form.count,
                        resource=s.resources[form.place] if flip else None)
    _check_reachable(spec, s, ev)
    return ev


def _check_reachable(spec: GameSpec, s: GameState, ev: PositionEdited) -> None:
    """Refuse an edit that leaves a table the game cannot reach (the loader's validator).

    Raises:
        IllegalIntent: code ``table_unreachable``, the rule of the first problem.
    """
    from mrp_tutor.games.mission_red_planet.scenarios.history import table_problems

    before = {(w, m) for w, m, _ in table_problems(spec, s)}
    after = s.clone()
    ev.apply(after)
    new = [(w, m, r) for w, m, r in table_problems(spec, after) if (w, m) not in before]
    if new:
        where, message, rule = new[0]
        raise IllegalIntent("table_unreachable", rule, message,
                            {"where": where, "problems": [m for _, m, _ in new],
                             "place": ev.place})

