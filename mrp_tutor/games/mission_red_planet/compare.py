"""One table, two rulesets side by side (issue 37): what each ruleset rules for one position.

The board, shuttles and cards are the table's own (its data folder); each ruleset's rules are
applied to them: the order of play of the characters chosen (each edition's own numbers and
calling direction), and the next scoring (production) zone by zone, run by the engine under
each ruleset's hooks (a tie shared or taking nothing).  Every difference is said with both
rulesets' citations, each from its own rules file.  Where the position cannot exist under a
ruleset (its player count, ability sheets), a sentence says why and nothing else is ruled.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from html import escape

from mrp_tutor.core.words import plural
from mrp_tutor.games.mission_red_planet.engine import RULESETS
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import game as G
from mrp_tutor.games.mission_red_planet.engine.basics import clockwise_from
from mrp_tutor.games.mission_red_planet.engine.rulesets import Rules
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState
from mrp_tutor.games.mission_red_planet.explain import cite


@dataclass(slots=True)
class Ruled:
    """What one ruleset rules on one point: the sentence and the rule it rests on."""

    text: str
    rule: str
    citation: str
    key: str = ""  # what is compared (default: the text)

    def same_as(self) -> str:
        return self.key or self.text


@dataclass(slots=True)
class Comparison:
    """The rulings of each ruleset on one position, and where they differ."""

    rulesets: list[str]
    cannot: dict[str, str] = field(default_factory=dict)  # ruleset -> why not
    points: list[tuple[str, dict[str, Ruled]]] = field(default_factory=list)  # (what, by rs)
    notes: list[str] = field(default_factory=list)

    def differences(self) -> list[tuple[str, dict[str, Ruled]]]:
        return [(what, by) for what, by in self.points
                if len({r.same_as() for r in by.values()}) > 1]

    def text(self) -> str:
        lines = [f"Compare: {' and '.join(self.rulesets)}", *self.notes]
        for name, why in self.cannot.items():
            lines.append(f"- {name}: {why}")
        diff = self.differences()
        same = len(self.points) - len(diff)
        if self.points:
            lines.append(f"{plural(len(diff), 'difference')}"
                         f" ({plural(same, 'point')} ruled the same)")
        for what, by in self.points:
            lines.append(f"{'*' if (what, by) in diff else '='} {what}"
                         + ("" if (what, by) in diff else " (the same)"))
            lines.extend(f"    {name}: {r.text} [{r.rule}: {r.citation}]"
                         for name, r in by.items())
        return "\n".join(lines)


def _citation(spec: GameSpec, rule: str) -> str:
    c = cite(spec, rule)
    return c.section if c is not None else "no section in this ruleset's rules file"


def cannot_exist(rules: Rules, s: GameState) -> str | None:
    """Why the position ``s`` cannot exist under ``rules`` (None: it can)."""
    lo, hi = rules.players
    n = len(s.order)
    if not lo <= n <= hi:
        return (f"{rules.label or rules.name} seats {lo} to {hi} players, and this table has "
                f"{n}.")
    sheets = [c for c in s.order if s.seats[c].sheet]
    if sheets and not rules.abilities:
        return (f"{rules.label or rules.name} has no ability sheets, and "
                f"{', '.join(c.capitalize() for c in sheets)} play one.")
    return None


def _order(spec: GameSpec, rules: Rules, s: GameState) -> Ruled | None:
    """The order the chosen characters are called under ``rules`` (its own numbers)."""
    own = rules.spec(use_env_overrides=False)
    rank = {ch: i for i, ch in enumerate(rules.calling_order(own))}
    chosen = [c for c in clockwise_from(s, s.first)
              if s.seats[c].chosen in rank]
    if not chosen:
        return None
    ordered = sorted(chosen, key=lambda c: rank[s.seats[c].chosen or ""])
    said = ", ".join(f"{c.capitalize()} ({spec.card_name(s.seats[c].chosen or '')} "
                     f"{own.characters[s.seats[c].chosen or ''].number})" for c in ordered)
    rule = rules.cite("round.countdown")
    return Ruled(f"called {said}", rule, _citation(own, rule), key=" ".join(ordered))


def _next_amount(spec: GameSpec, s: GameState) -> tuple[int, int]:
    """The amount and number of the current or next scoring (production) on the track."""
    for t in spec.track[max(s.track_index, 0):]:
        if t.kind == "production":
            return t.amount or 0, t.number
    last = [t for t in spec.track if t.kind == "production"][-1]
    return last.amount or 0, last.number


def _production(spec: GameSpec, rules: Rules, s: GameState,
                unknown: Collection[str] = ()) -> dict[str, Ruled]:
    """Zone -> what the next scoring gives there under ``rules`` (run by the engine); in a
    zone of ``unknown`` (its resource token not entered) the tokens' kind is not named."""
    own = rules.spec(use_env_overrides=False)
    t = s.clone()
    t.ruleset = rules.name
    amount, _ = _next_amount(own, t)
    out: list[E.Event] = []
    G.produce(spec, t, out, amount, third=False)
    got: dict[str, list[str]] = {}
    rule: dict[str, list[str]] = {}
    for ev in out:
        zone = getattr(ev, "zone", None)
        if zone is None:
            continue
        if isinstance(ev, E.TokensAwarded):
            kind = "" if zone in unknown else ev.resource + " "
            got.setdefault(zone, []).append(
                f"{ev.colour.capitalize()} takes {plural(ev.count, kind + 'token')}"
                + (" (their kind was not entered)" if zone in unknown else ""))
            rule.setdefault(zone, []).append(ev.rule)
        elif isinstance(ev, E.TokensStayed) and any(k > 0 for _, k in ev.resources):
            n = sum(k for _, k in ev.resources)
            got.setdefault(zone, []).append(
                f"{plural(n, 'token')} {'stays' if n == 1 else 'stay'} on the zone")
            rule.setdefault(zone, []).append(ev.rule)
    said: dict[str, Ruled] = {}
    for z, words in got.items():
        rules_here = list(dict.fromkeys(rule[z]))
        said[z] = Ruled("; ".join(words), ", ".join(rules_here),
                        "; ".join(dict.fromkeys(_citation(own, r) for r in rules_here)))
    return said


def compare(spec: GameSpec, state: GameState, names: list[str],
            unknown_resources: Collection[str] = ()) -> Comparison:
    """What each ruleset of ``names`` rules for the position ``state`` of ``spec``'s table
    (``unknown_resources``: zones whose resource token the table did not enter)."""
    unknown = [n for n in names if n not in RULESETS]
    if unknown:
        raise ValueError(f"no ruleset {unknown[0]!r} (the rulesets: {', '.join(RULESETS)})")
    out = Comparison(list(names))
    out.notes.append(f"The board, shuttles and cards are this table's ({spec.ruleset} data); "
                     "each ruleset's rules are applied to them.")
    able: list[Rules] = []
    for name in names:
        why = cannot_exist(RULESETS[name], state)
        if why is not None:
            out.cannot[name] = f"this position cannot exist: {why}"
        else:
            able.append(RULESETS[name])
    if len(able) < 2:
        return out
    orders = {r.name: _order(spec, r, state) for r in able}
    if all(v is not None for v in orders.values()):
        out.points.append(("Order of play of the characters chosen",
                           {k: v for k, v in orders.items() if v is not None}))
    _, number = _next_amount(spec, state)
    if number == 3:
        out.notes.append("The next scoring is the last: the discoveries' effects on it are left "
                         "out of this comparison.")
    made = {r.name: _production(spec, r, state, unknown_resources) for r in able}
    for z in spec.zones:
        by = {name: rulings[z] for name, rulings in made.items() if z in rulings}
        if by and len(by) == len(made):
            counts = ", ".join(f"{c} {n}" for c, n in state.zones[z].items() if n)
            out.points.append((f"Scoring {number} in {spec.card_name(z)} ({counts})", by))
    return out


def picker_rulesets() -> list[str]:
    """The rulesets with an entry of their own in the app's picker (a 2-player game is
    offered within the standard game's)."""
    return [n for n, r in RULESETS.items() if r.offered_within is None]


def compare_html(c: Comparison) -> str:
    """The comparison as the app's Referee tab shows it: each point, each ruleset's ruling
    with its rule and section; a difference marked."""
    label = {n: RULESETS[n].label or n for n in c.rulesets}
    parts = [f"<h4>Compare: {escape(' / '.join(label.values()))}</h4>"]
    parts += [f"<p>{escape(n)}</p>" for n in c.notes]
    parts += [f"<p><b>{escape(label[n])}</b>: {escape(why)}</p>" for n, why in c.cannot.items()]
    diff = c.differences()
    if c.points:
        parts.append(f"<p>{escape(plural(len(diff), 'difference'))}.</p>")
    items = []
    for what, by in c.points:
        rows = "".join(f"<li><b>{escape(label[n])}</b>: {escape(r.text)} "
                       f"<span class=\"mrp-cite\">({escape(r.citation)}; {escape(r.rule)})"
                       "</span></li>" for n, r in by.items())
        mark = "Differs" if (what, by) in diff else "The same"
        items.append(f"<li>{escape(what)}: <i>{mark}</i><ul>{rows}</ul></li>")
    if items:
        parts.append(f"<ul class=\"mrp-compare\">{''.join(items)}</ul>")
    return "".join(parts)
