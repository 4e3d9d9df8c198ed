"""Referee tools: rulings on a table position, with reasons and rulebook citations.

Every ruling is computed on a *clone* of the state with the engine's own functions
(:func:`~mrp_tutor.games.mission_red_planet.engine.game.advance` and friends) and read back from
the events they
emit: nothing here re-implements a rule.  Pure: no pandas, no widgets.

* :func:`production_ruling` - what each zone produces and who receives what, and why.
* :func:`final_ruling` - final score breakdown per colour, tie-breaks and winners.
* :func:`is_legal` - "is this play legal now?", with the reason and the rule.
* :func:`table_reasons` - why the game could never reach this table (the scenario loader's
  validator, shared with the app's referee edits); rulings on such a table say so first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mrp_tutor.core.loader import INTENT, check_tree, excerpt
from mrp_tutor.core.words import plural
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import game as G
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError, MalformedIntent
from mrp_tutor.games.mission_red_planet.engine.intents import intent_from_dict
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState
from mrp_tutor.games.mission_red_planet.explain import Citation, cite, explain_error, explain_event
from mrp_tutor.games.mission_red_planet.explain.messages import decision_name
from mrp_tutor.games.mission_red_planet.explain.options import describe_intent, ship_words

# the ruling values (their leaf module), importable from here as before
from mrp_tutor.games.mission_red_planet.referee_model import ColourScore as ColourScore
from mrp_tutor.games.mission_red_planet.referee_model import FinalRuling as FinalRuling
from mrp_tutor.games.mission_red_planet.referee_model import MissionLine as MissionLine
from mrp_tutor.games.mission_red_planet.referee_model import ProductionRuling as ProductionRuling
from mrp_tutor.games.mission_red_planet.referee_model import Reason as Reason
from mrp_tutor.games.mission_red_planet.referee_model import ZoneRuling as ZoneRuling
from mrp_tutor.games.mission_red_planet.referee_model import note as _note
from mrp_tutor.games.mission_red_planet.unknowns import NONE, Unknowns


def _reason(spec: GameSpec, ev: E.Event) -> Reason:
    ex = explain_event(spec, ev)
    return Reason(ex.text, ex.rule, ex.citation)


def table_reasons(spec: GameSpec, state: GameState) -> list[Reason]:
    """Every reason why the game could never reach this table, with its rule (empty for a
    legal table): :func:`mrp_tutor.games.mission_red_planet.scenarios.history.table_problems`, as
    sentences."""
    from mrp_tutor.games.mission_red_planet.scenarios.history import table_problems

    out = []
    for _, message, rule in table_problems(spec, state):
        text = f"This table cannot occur in a game: {ship_words(message)}."
        out.append(Reason(text, rule, cite(spec, rule)))
    return out


# ============================================================================ production


def _production_entry(spec: GameSpec, s: GameState) -> tuple[int, bool]:
    if s.stage == "production" or s.stage == "actions_before":
        t = spec.track[s.track_index]
        return t.amount or 0, t.number == 3
    for t in spec.track[max(s.track_index, 0):]:
        if t.kind == "production":
            return t.amount or 0, t.number == 3
    last = [t for t in spec.track if t.kind == "production"][-1]  # after the last one
    return last.amount, last.number == 3


_PRODUCTION_EVENTS = (E.TokensProduced, E.TokensAwarded, E.TokensStayed, E.ProductionModified)
_CARD_EVENTS = (E.AstronautRemoved, E.AstronautsUnloaded, E.ActionPlayed, E.TokensGained,
                E.AstronautRescued)


def _third_production_run(
    spec: GameSpec, state: GameState, notes: list[Reason]
) -> tuple[GameState, list[E.Event], list[Reason]]:
    """Let the engine itself run from ``state`` through the reveal discovery phase and the
    action cards played before the third production, to the end of that production.

    Returns the state the run starts from, its events (a log that replays onto that state)
    and the decisions that stopped the run before the production (then the production is
    computed on the position reached, as if those decisions changed nothing).
    """
    start = state.clone()
    if start.stage not in ("reveal_discoveries", "reveal_work", "production", "actions_before"):
        # rounds are still to be played: rule as if they changed nothing on the table
        notes.append(_note(spec, "Rounds are still to be played before the third production; "
                           "this ruling assumes they change nothing on the table.",
                           "production.when"))
        start.stage = "reveal_discoveries"
        start.track_index = next(i for i, t in enumerate(spec.track)
                                 if t.kind == "reveal_discoveries")
        start.cur = start.char = None
        start.queue = []
        start.holds = {}
    s = start.clone()
    out: list[E.Event] = []
    G.advance(spec, s, out)
    cut = next((i for i, ev in enumerate(out)
                if isinstance(ev, E.StageChanged) and ev.stage == "actions_after"), None)
    if cut is not None:
        return start, out[:cut], []
    pending: list[Reason] = []
    d = G.decision(spec, s)
    if d is not None:
        who = " and ".join(c.capitalize() for c in d.colours)
        card = spec.card_name(d.character) if d.character else "a card"
        pending.append(_note(spec, f"{who} must still decide on {card}; this ruling shows the "
                             "production as if that decision changed nothing.", d.rule))
    amount = next(t.amount for t in spec.track if t.kind == "production" and t.number == 3)
    G.produce(spec, s, out, amount or 0, third=True)
    return start, out, pending


def _third_is_ahead(spec: GameSpec, s: GameState) -> bool:
    """The third production (and the reveal before it) has not run yet."""
    third = next(i for i, t in enumerate(spec.track) if t.kind == "production" and t.number == 3)
    return s.track_index < third or (
        s.track_index == third and s.stage in ("production", "actions_before"))


def _replayed(start: GameState, events: list[E.Event]) -> GameState:
    s = start.clone()
    for ev in events:
        ev.apply(s)
    return s


def _assumed(spec: GameSpec, state: GameState) -> list[Reason]:
    """What a production ruling taken mid-round leaves out (issue 26): it rules on the board as
    it is now, so astronauts on launched ships that have not landed and the characters still
    to resolve this round do not count."""
    if state.stage in ("production", "over", "final_scoring"):
        return []
    left = []
    aboard = sum(sum(state.ships[sid].crew.values()) for sid in state.launched
                 if sid in state.ships)
    if aboard:
        left.append(f"{plural(aboard, 'astronaut')} aboard launched ships that have not "
                    "landed yet")
    waiting = [c for c in state.order if state.seats[c].chosen]
    if waiting:
        left.append("the characters still to resolve this round ("
                    + ", ".join(c.capitalize() for c in waiting) + ")")
    if not left:
        return []
    return [_note(spec, "This ruling takes the board as it is now, so it does not count "
                  + " or ".join(left) + ".", "production.produce")]


def production_ruling(
    spec: GameSpec, state: GameState, amount: int | None = None, *, third: bool | None = None,
    unknown: Unknowns = NONE,
) -> ProductionRuling:
    """What a production phase does in this position, zone by zone, with reasons.

    ``unknown``: what the referee's table left out (:class:`Unknowns`); a zone whose
    production rests on it is ruled for each possibility, never on the loader's filler
    (:mod:`.referee_cases`).

    ``amount`` defaults to the current (or next) production phase on the round tracker;
    ``third`` (discoveries' third-production effects apply) defaults likewise.  For the
    tracker's own third production the engine itself runs the reveal discovery phase and the
    action cards played before that production, so the ruling equals what the engine will do
    and lists the cards it took into account; decisions still open are listed as pending.
    """
    if unknown:
        from mrp_tutor.games.mission_red_planet.referee_cases import production_cases

        return production_cases(spec, state, unknown, lambda st: production_ruling(
            spec, st, amount, third=third))
    if amount is not None and amount < 1:
        raise MalformedIntent("bad_amount", "production.produce",
                              f"a production phase produces 1 or more tokens per zone, not "
                              f"{amount}", {"amount": amount})
    default_amount, default_third = _production_entry(spec, state)
    n = default_amount if amount is None else amount
    is_third = default_third if third is None else third
    notes: list[Reason] = table_reasons(spec, state) + _assumed(spec, state)
    pending: list[Reason] = []
    if is_third and default_third and amount is None and _third_is_ahead(spec, state):
        start, out, pending = _third_production_run(spec, state, notes)
    else:
        start, out = state.clone(), []
        if is_third:  # the reveal discovery phase always comes before the third production
            start.discoveries_revealed = True
        G.produce(spec, start.clone(), out, n, third=is_third)
    first = next((i for i, ev in enumerate(out) if isinstance(ev, _PRODUCTION_EVENTS)), len(out))
    base = _replayed(start, out[:first])
    s = _replayed(base, out[first:])
    zones: dict[str, ZoneRuling] = {}
    for z in spec.zones:
        zones[z] = ZoneRuling(
            zone=z, resource=base.resources.get(z) if base.face_up.get(z) else None,
            face_up=bool(base.face_up.get(z)), counts=dict(base.zones[z]),
            waiting_before=dict(base.waiting[z]), name=spec.card_name(z))
        if not base.face_up.get(z):
            zones[z].why.append(_note(spec, f"{spec.card_name(z)} has its resource token face "
                                      "down, so it produces nothing.", "production.produce"))
            zones[z].rules.append(zones[z].why[-1].rule or "production.produce")
    for ev in out[first:]:
        zr = zones[getattr(ev, "zone", "")] if getattr(ev, "zone", None) in zones else None
        if zr is None:
            continue
        if isinstance(ev, E.TokensProduced):
            zr.produced[ev.resource] = zr.produced.get(ev.resource, 0) + ev.count
        elif isinstance(ev, E.TokensAwarded):
            got = zr.receives.setdefault(ev.colour, {})
            got[ev.resource] = got.get(ev.resource, 0) + ev.count
            if ev.colour not in zr.winners:
                zr.winners.append(ev.colour)
        if ev.rule not in zr.rules:
            zr.rules.append(ev.rule)
        zr.why.append(_reason(spec, ev))
    for zr in zones.values():
        if zr.counts and (zr.produced or zr.waiting_before):
            counts = ", ".join(f"{c} {k}" for c, k in sorted(  # ties: in seating order
                zr.counts.items(), key=lambda x: (-x[1], state.order.index(x[0]))))
            zr.why.insert(0, _note(spec, f"Astronauts in {spec.card_name(zr.zone)}: {counts}.",
                                   "production.majority"))
        zr.stays = dict(s.waiting[zr.zone])
    cards = _cards_taken(spec, s, out, is_third)
    return ProductionRuling(n, is_third, list(zones.values()), out, cards, pending, notes)


def _cards_taken(
    spec: GameSpec, s: GameState, out: list[E.Event], third: bool
) -> list[tuple[str, Reason]]:
    """The discoveries and action cards that acted in ``out`` (or will act in the third
    production), each once, with the sentence of its first effect."""
    cards: dict[str, Reason] = {}
    for ev in out:
        card = getattr(ev, "card", None)
        if card and card not in cards and isinstance(ev, (*_CARD_EVENTS, E.ProductionModified)):
            cards[card] = _reason(spec, ev)
    if third:
        for zone, card in sorted(s.discoveries.items()):
            d = spec.discoveries[card]
            if d.phase == "third_production" and card not in cards:
                cards[card] = _note(spec, f"{spec.card_name(card)} in {spec.card_name(zone)} "
                                    "acts during the third production.", "discoveries.timing")
    return list(cards.items())


# ============================================================================ final scoring


def final_ruling(spec: GameSpec, state: GameState, *, unknown: Unknowns = NONE) -> FinalRuling:
    """Score this position as if the game ended now (missions, Ice Monopoly, tokens,
    final-scoring discoveries), with both tie-breaks, winners and citations.

    ``unknown``: what the referee's table left out; a score that rests on it says so and
    no winner is named (:mod:`.referee_cases`)."""
    if unknown:
        from mrp_tutor.games.mission_red_planet.referee_cases import final_cases

        return final_cases(spec, state, unknown, lambda st: final_ruling(spec, st))
    s = state.clone()
    out: list[E.Event] = []
    G.final_scoring(spec, s, out)
    assert s.result is not None
    res = s.result
    scores: dict[str, ColourScore] = {}
    for c in s.order:
        scores[c] = ColourScore(
            colour=c, missions=[], ice_monopoly=res.breakdown[c]["ice_monopoly"],
            token_points={r: spec.point_values[r] * k for r, k in s.seats[c].tokens.items()},
            discoveries=[], total=res.scores[c], token_count=res.token_counts[c])
    why: list[Reason] = []
    ice: Reason | None = None
    for ev in out:
        if isinstance(ev, E.MissionScored):
            scores[ev.colour].missions.append(  # listed once: here, not in ``why``
                MissionLine(ev.card, ev.completed, ev.points, ev.detail, ev.rule,
                            _reason(spec, ev)))
        elif isinstance(ev, E.IceMonopolyScored):
            ice = _reason(spec, ev)
            why.append(ice)
        elif isinstance(ev, E.DiscoveryScored):
            scores[ev.colour].discoveries.append((ev.card, ev.zone, ev.points))
            why.append(_reason(spec, ev))
    if ice is None:
        ice = _note(spec, "Nobody has an ice point token, so nobody completes Ice Monopoly.",
                    "ice_monopoly.award")
        why.append(ice)
    end = next(ev for ev in out if isinstance(ev, E.GameEnded))
    best = max(res.scores.values())
    top = [c for c in s.order if res.scores[c] == best]
    breaks = [_note(spec, f"Highest score {best}: {', '.join(top)}.", "scoring.final")]
    if len(top) > 1:
        counts = ", ".join(f"{c} {res.token_counts[c]}" for c in top)
        breaks.append(_note(spec, f"Tied on points; point tokens held (any value): {counts}.",
                            "scoring.tie_break"))
        if len(res.winners) > 1:
            breaks.append(_note(spec, f"Still tied: {', '.join(res.winners)} share the victory.",
                                "scoring.shared"))
    breaks.append(_reason(spec, end))
    names = {m.card: spec.card_name(m.card) for sc in scores.values() for m in sc.missions}
    return FinalRuling(scores, ice, list(res.winners), end.rule, breaks, why, out,
                       dict(spec.content.game.terms), names)


# ============================================================================ legality


@dataclass(slots=True)
class Verdict:
    """Answer to "is this play legal?"."""

    legal: bool
    intent: str
    reason: str
    rule: str | None
    code: str | None = None
    citation: Citation | None = None

    def text(self) -> str:
        """One sentence plus its citation."""
        cite_text = f" [{self.rule}: {self.citation.section}]" if self.citation else ""
        return f"{'Legal' if self.legal else 'Not legal'}: {self.reason}{cite_text}"


def is_legal(spec: GameSpec, state: GameState, intent_dict: Any) -> Verdict:
    """Is this play legal in this position?  Never raises for bad input: a malformed
    intent is a verdict too."""
    try:
        check_tree(intent_dict, "intent", INTENT)  # depth, size, numbers: before anything else
        intent = intent_from_dict(intent_dict)
    except (MalformedIntent, ContentError) as err:
        ex = explain_error(spec, err)
        return Verdict(False, excerpt(intent_dict, 80), ex.text, err.rule, err.code, ex.citation)
    text = describe_intent(spec, intent, who=True)
    err2 = G.check_intent(spec, state, intent)
    if err2 is None:
        d = G.decision(spec, state)
        rule = d.rule if d else None
        said = describe_intent(spec, intent)
        what = f" to {decision_name(d.kind)}" if d else ""
        return Verdict(True, text, f"{intent.colour.capitalize()} may {said[0].lower()}{said[1:]}:"
                       f" it is one of the legal choices{what}.", rule, None, cite(spec, rule))
    ex = explain_error(spec, err2)
    return Verdict(False, text, ex.text, err2.rule, err2.code, ex.citation)
