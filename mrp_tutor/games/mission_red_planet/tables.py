"""Read models: pandas tables built *from* a view or an event log (never stored in state).

Every function takes what :func:`mrp_tutor.games.mission_red_planet.engine.views.view_for` returns
(so a table can
never show more than its viewer may see) or a list of already redacted events, and returns a
DataFrame with a fixed column order and dtypes:

- :func:`scoreboard` one row per colour: tokens, points, astronauts where, memorial.
- :func:`majorities` one row per zone: astronauts of each colour, leaders, rule.
- :func:`score_breakdown` final scoring parts per colour (empty before the end).
- :func:`event_log` one row per event: its kind in words, sentence, rule id, citation.
- :func:`ships_table` ships at the launchpad and in flight.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine.events import Event
from mrp_tutor.games.mission_red_planet.engine.game import winners_of_zone
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain import explain_event

if TYPE_CHECKING:  # pandas is imported when a table is built: a kernel that shows none
    import pandas as pd  # (the app's first screen) saves ~100 MB and ~0.5 s

RESOURCES: tuple[str, ...] = C.RESOURCES

SCOREBOARD_COLUMNS = (
    "colour", "ice", "sylvanite", "celerium", "token_points", "on_mars", "on_ships", "supply",
    "memorial", "played", "first",
)
LOG_COLUMNS = ("n", "round", "event", "text", "rule", "citation")
BREAKDOWN_COLUMNS = ("colour", "missions", "ice_monopoly", "tokens", "discoveries", "total",
                     "winner")
SHIP_COLUMNS = ("ship", "where", "destination", "capacity", "aboard", "crew", "tokens",
                "verified")


def _int_frame(rows: list[dict[str, Any]], columns: Sequence[str],
               ints: Iterable[str]) -> pd.DataFrame:
    import pandas as pd

    df = pd.DataFrame(rows, columns=list(columns))
    for col in ints:
        df[col] = df[col].astype("int64")
    return df


def scoreboard(view: Mapping[str, Any], point_values: Mapping[str, int]) -> pd.DataFrame:
    """One row per colour (table order): point tokens, their value and where the astronauts are.

    >>> from mrp_tutor.games.mission_red_planet.engine import Game, load_spec
    >>> from mrp_tutor.games.mission_red_planet.engine.views import view_for
    >>> spec = load_spec(); g = Game.new(spec, ["red", "blue", "green"], seed=1)
    >>> df = scoreboard(view_for(spec, g.state, None), spec.point_values)
    >>> list(df["colour"]), int(df["on_ships"].sum())
    (['red', 'blue', 'green'], 3)
    """
    rows = []
    for c in view["order"]:
        seat = view["seats"][c]
        tokens = seat["tokens"]
        on_mars = sum(z["astronauts"].get(c, 0) for z in view["zones"].values())
        on_ships = sum(s["crew"].get(c, 0) for s in view["ships"].values())
        rows.append({
            "colour": c,
            **{r: int(tokens.get(r, 0)) for r in RESOURCES},
            "token_points": sum(point_values[r] * int(tokens.get(r, 0)) for r in RESOURCES),
            "on_mars": on_mars, "on_ships": on_ships, "supply": seat["supply"],
            "memorial": seat["memorial"], "played": ", ".join(seat["played"]),
            "first": c == view["first"],
        })
    ints = [*RESOURCES, "token_points", "on_mars", "on_ships", "supply", "memorial"]
    df = _int_frame(rows, SCOREBOARD_COLUMNS, ints)
    df["first"] = df["first"].astype("bool")
    return df


def majorities(view: Mapping[str, Any], spec: GameSpec) -> pd.DataFrame:
    """One row per zone: astronauts of each colour, who would win its tokens now, and why.

    The ``leaders`` column uses the plain majority rule (production.majority / production.tie /
    production.empty); third-production discovery effects are not applied here.
    """
    colours = list(view["order"])
    rows = []
    for z in spec.zones:
        zv = view["zones"][z]
        counts = {c: int(zv["astronauts"].get(c, 0)) for c in colours}
        leaders, rule = winners_of_zone(counts)
        waiting = zv["waiting"]
        rows.append({
            "zone": z, "name": zv["name"], "kind": zv["kind"], **counts,
            "total": sum(counts.values()),
            "resource": zv["resource"] or "",
            "waiting": ", ".join(f"{n} {r}" for r, n in sorted(waiting.items())),
            "leaders": ", ".join(c for c in colours if c in leaders),
            "rule": rule,
        })
    cols = ["zone", "name", "kind", *colours, "total", "resource", "waiting", "leaders", "rule"]
    return _int_frame(rows, cols, [*colours, "total"])


def score_breakdown(view: Mapping[str, Any]) -> pd.DataFrame:
    """Final scoring parts per colour; empty (with the columns) before final scoring."""
    result = view.get("result")
    if not result:
        return _int_frame([], BREAKDOWN_COLUMNS, [])
    rows = []
    for c in view["order"]:
        b = result["breakdown"].get(c, {})
        rows.append({
            "colour": c, "missions": b.get("missions", 0),
            "ice_monopoly": b.get("ice_monopoly", 0), "tokens": b.get("tokens", 0),
            "discoveries": b.get("discoveries", 0), "total": result["scores"].get(c, 0),
            "winner": c in result["winners"],
        })
    df = _int_frame(rows, BREAKDOWN_COLUMNS,
                    ["missions", "ice_monopoly", "tokens", "discoveries", "total"])
    df["winner"] = df["winner"].astype("bool")
    return df


def ships_table(view: Mapping[str, Any]) -> pd.DataFrame:
    """Docked ships (by dock) then launched ships, with capacity, crew and destination."""
    rows = []
    ships = view["ships"]
    order = [s for s in view["docks"] if s] + [s for s in view["launched"] if s in ships]
    for sid in order:
        sh = ships[sid]
        aboard = sum(sh["crew"].values())
        rows.append({
            "ship": sid,
            "where": "launched" if sh["launched"] else f"dock {sh['dock'] + 1}",
            "destination": sh["destination"] or "unknown",
            "capacity": sh["capacity"], "aboard": aboard,
            "crew": ", ".join(f"{n} {c}" for c, n in sorted(sh["crew"].items())),
            "tokens": ", ".join(sh["tokens"]), "verified": bool(sh["verified"]),
        })
    df = _int_frame(rows, SHIP_COLUMNS, ["capacity", "aboard"])
    df["verified"] = df["verified"].astype("bool")
    return df


def event_log(spec: GameSpec, events: Sequence[Event], *, start: int = 0,
              rounds: Sequence[int] | None = None) -> pd.DataFrame:
    """One row per event: its sentence, rule id and citation (events must be redacted already).

    ``start`` numbers the first row; ``rounds`` optionally gives the round of each event.
    """
    rows = [dict(zip(LOG_COLUMNS, r, strict=True))
            for r in event_rows(spec, events, start=start, rounds=rounds)]
    return _int_frame(rows, LOG_COLUMNS, ["n", "round"])


def event_rows(spec: GameSpec, events: Sequence[Event], *, start: int = 0,
               rounds: Sequence[int] | None = None) -> list[tuple[Any, ...]]:
    """The rows of :func:`event_log` as plain tuples in ``LOG_COLUMNS`` order (no pandas)."""
    rows = []
    for i, ev in enumerate(events):
        ex = explain_event(spec, ev)
        rows.append((start + i + 1, rounds[i] if rounds is not None else 0,
                     ev.type.replace("_", " "), ex.text,  # the kind in words (ship launched)
                     ev.rule, ex.citation.section if ex.citation else ""))
    return rows
