"""The values of a referee's rulings (:mod:`.referee`, :mod:`.referee_cases`): a reason with
its rule, a production phase zone by zone, a final scoring colour by colour, and their
plain-text reports.  A leaf of the two (what both build), so neither imports the other's
module to make one."""

from __future__ import annotations

from dataclasses import dataclass, field

from mrp_tutor.core.words import detail_words, plural
from mrp_tutor.games.mission_red_planet.engine import RULESETS
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain import Citation, cite

__all__ = ["ColourScore", "FinalRuling", "MissionLine", "ProductionRuling", "Reason",
           "ZoneRuling", "note"]


@dataclass(slots=True)
class Reason:
    """One sentence of a ruling and the rule behind it."""

    text: str
    rule: str | None
    citation: Citation | None = None

    def line(self) -> str:
        """The sentence followed by its citation."""
        if self.citation is None:
            return self.text
        return f"{self.text} [{self.rule}: {self.citation.section}]"


def note(spec: GameSpec, text: str, rule: str) -> Reason:
    rules = RULESETS.get(spec.ruleset)  # a ruleset's data folder carries its name
    if rules is not None:
        rule = rules.cite(rule)  # as that ruleset cites it (first edition: fe.*)
    return Reason(text, rule, cite(spec, rule))


@dataclass(slots=True)
class ZoneRuling:
    """What one zone does in a production phase."""

    zone: str
    resource: str | None
    face_up: bool
    counts: dict[str, int]
    waiting_before: dict[str, int]
    produced: dict[str, int] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    receives: dict[str, dict[str, int]] = field(default_factory=dict)
    stays: dict[str, int] = field(default_factory=dict)
    rules: list[str] = field(default_factory=list)
    why: list[Reason] = field(default_factory=list)
    name: str = ""  # the zone's name, as players say it
    open: bool = False  # what it produces rests on a fact nobody entered (``why``: each case)


@dataclass(slots=True)
class ProductionRuling:
    """A whole production phase, zone by zone (state unchanged).

    ``cards``: the discoveries and action cards the ruling took into account, as
    ``(card id, sentence)``; ``pending``: decisions the engine must still ask before this
    production (the ruling then shows the production as if they changed nothing).
    """

    amount: int
    third: bool
    zones: list[ZoneRuling]
    events: list[E.Event]
    cards: list[tuple[str, Reason]] = field(default_factory=list)
    pending: list[Reason] = field(default_factory=list)
    notes: list[Reason] = field(default_factory=list)
    open: list[str] = field(default_factory=list)  # zones (names) the totals cannot count

    def text(self) -> str:
        """Plain-text report, one block per zone that matters."""
        lines = [f"Production: {plural(self.amount, 'token')} per face-up zone"
                 + (" (third production: discoveries apply)" if self.third else "")]
        lines.extend(r.line() for r in self.notes)
        if self.cards:
            lines.append("Cards taken into account:")
            lines.extend(f"    {r.line()}" for _, r in self.cards)
        if self.pending:
            lines.append("Still to decide before this production:")
            lines.extend(f"    {r.line()}" for r in self.pending)
        for z in self.zones:
            if not z.face_up and not z.waiting_before:
                continue
            lines.append(f"- {z.name or z.zone}: " + (
                "resource token not entered" if z.open else ", ".join(
                    [f"produces {n} {r}" for r, n in z.produced.items()]
                    or ["produces nothing"])))
            lines.extend(f"    {r.line()}" for r in z.why)
        lines.append("Totals: " + "; ".join(self.totals_lines()))
        return "\n".join(lines)

    def totals(self) -> dict[str, dict[str, int]]:
        """Point tokens each colour receives in the whole phase, by resource."""
        out: dict[str, dict[str, int]] = {}
        for z in self.zones:
            for c, got in z.receives.items():
                mine = out.setdefault(c, {})
                for r, n in got.items():
                    mine[r] = mine.get(r, 0) + n
        return out

    def totals_lines(self) -> list[str]:
        """One line per colour that receives something ("Blue +1 celerium, +2 ice")."""
        known = [f"{c.capitalize()} " + ", ".join(f"+{n} {r}" for r, n in sorted(got.items()))
                 for c, got in self.totals().items()]
        if self.open:
            many = len(self.open) > 1
            return [*known, "not counted: what " + " and ".join(self.open)
                    + (" produce (their resource tokens were" if many else
                       " produces (its resource token was")
                    + " not entered; see each case above)"]
        return known or ["nobody receives anything"]


@dataclass(slots=True)
class MissionLine:
    card: str
    completed: bool
    points: int
    detail: str
    rule: str
    reason: Reason | None = None


@dataclass(slots=True)
class ColourScore:
    colour: str
    missions: list[MissionLine]
    ice_monopoly: int
    token_points: dict[str, int]
    discoveries: list[tuple[str, str, int]]
    total: int
    token_count: int
    open: list[str] = field(default_factory=list)  # parts of the score nobody can know yet

    def total_text(self) -> str:
        """``23``, or ``18 + Ice Monopoly (not known)`` when a part rests on an unknown."""
        return " + ".join([str(self.total), *self.open])


@dataclass(slots=True)
class FinalRuling:
    """Final scoring of this position (state unchanged)."""

    scores: dict[str, ColourScore]
    ice: Reason | None
    winners: list[str]
    decided_by: str
    tie_breaks: list[Reason]
    why: list[Reason]  # Ice Monopoly and discoveries (missions: per colour, in ``scores``)
    events: list[E.Event]
    terms: dict[str, str] = field(default_factory=dict)  # this edition's words (spec.term)
    names: dict[str, str] = field(default_factory=dict)  # mission card names, by id
    open: bool = False  # some score rests on a fact nobody entered: no winner is stated

    def text(self) -> str:
        """Plain-text report."""
        lines = ["Final scoring"]
        for c, sc in self.scores.items():
            lines.append(f"- {self.score_line(c)}")
            lines.extend(f"    {self.names.get(m.card, m.card)}: "
                         f"{'completed' if m.completed else 'not completed'}, "
                         f"{plural(m.points, 'point')} ({detail_words(m.detail)}) [{m.rule}]"
                         for m in sc.missions)
        lines.extend(r.line() for r in self.why)
        lines.extend(r.line() for r in self.tie_breaks)
        return "\n".join(lines)

    def score_line(self, colour: str) -> str:
        """``red: 23 (missions 10, ice monopoly 0, tokens 13, discoveries 0; 7 tokens)``."""
        sc = self.scores[colour]
        term = self.terms.get
        parts = [f"{term('missions', 'missions')} {sum(m.points for m in sc.missions)}",
                 f"{term('Ice Monopoly', 'Ice Monopoly')} {sc.ice_monopoly}",
                 f"tokens {sum(sc.token_points.values())}",
                 f"discoveries {sum(p for _, _, p in sc.discoveries)}"]
        if sc.open:
            if "point tokens (not entered)" in sc.open:
                parts[2] = "tokens not entered"
            if any(x.startswith(term("Ice Monopoly", "Ice Monopoly")) for x in sc.open):
                parts[1] = f"{term('Ice Monopoly', 'Ice Monopoly')} not known"
            return f"{colour}: {sc.total_text()} ({', '.join(parts)})"
        return f"{colour}: {sc.total} ({', '.join(parts)}; {plural(sc.token_count, 'token')})"
