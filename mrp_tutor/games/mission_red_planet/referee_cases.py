"""Rulings on a table that leaves facts unknown (issue 36): each possibility, never a filler.

The loader completes a referee's table so that the engine can run (a seeded resource token
where none was entered, no tokens for a seat whose tokens were not entered, no card for an
unidentified discovery).  A ruling must never state those fillers as facts, so here the
engine is run once per possibility (a resource the zone may hold, a discovery the face-down
card may be, a colour holding no or many tokens) and:

* what does not depend on the unknown is stated as it is;
* what does is said per possibility ("If Phobos holds ice: ...; if it holds sylvanite: ..."),
  or named as not known (a colour's point tokens, the Ice Monopoly, the winner).

The app's Table tab, the printed sheet and ``mrp-tutor referee production|final`` all come
here through :func:`~mrp_tutor.games.mission_red_planet.referee.production_ruling` and
:func:`~mrp_tutor.games.mission_red_planet.referee.final_ruling` with the table's
:class:`~mrp_tutor.games.mission_red_planet.unknowns.Unknowns`.  Pure.
"""

from __future__ import annotations

from collections.abc import Callable

from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState
from mrp_tutor.games.mission_red_planet.referee_model import (
    FinalRuling,
    ProductionRuling,
    Reason,
    ZoneRuling,
)
from mrp_tutor.games.mission_red_planet.referee_model import note as _note
from mrp_tutor.games.mission_red_planet.unknowns import (
    Unknowns,
    names,
    possible_discoveries,
    possible_resources,
)

# ============================================================================ production


def _counts_line(zr: ZoneRuling) -> list[Reason]:
    """The zone's "Astronauts in ..." sentence (a fact entered), if it has one."""
    return [r for r in zr.why[:1] if r.rule and r.rule.endswith("production.majority")
            and r.text.startswith("Astronauts in")]


def _zone(r: ProductionRuling, zone: str) -> ZoneRuling:
    return next(z for z in r.zones if z.zone == zone)


def _receives_key(r: ProductionRuling, skip: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """What each zone not in ``skip`` gives whom (a comparable summary)."""
    return tuple((z.name, "; ".join(f"{c.capitalize()} " + ", ".join(
        f"+{n} {res}" for res, n in sorted(got.items())) for c, got in z.receives.items())
        or "nobody receives anything") for z in r.zones if z.zone not in skip)


def production_cases(spec: GameSpec, state: GameState, unknown: Unknowns,
                     run: Callable[[GameState], ProductionRuling]) -> ProductionRuling:
    """The production ruling of a table with unknowns: each zone whose resource token was
    not entered is ruled for each token it may hold and left out of the totals; an
    unidentified face-down discovery is counted as no effect and each card that would change
    the third production is named with what it changes."""
    ruling = run(state)
    choices = possible_resources(spec, state, unknown)
    for z in unknown.resources:
        zr = _zone(ruling, z)
        if not zr.face_up:  # a face-down zone produces nothing, whatever it holds
            continue
        cases: list[Reason] = []
        for res in choices:
            st = state.clone()
            st.resources[z] = res
            other = _zone(run(st), z)
            said = [x.text for x in other.why if x not in _counts_line(other)]
            cases.append(_note(spec, f"If {zr.name} holds {res}: " + " ".join(said),
                               "production.produce"))
        zr.why = [*_counts_line(zr), _note(
            spec, f"{zr.name}'s resource token was not entered, so what it produces is not "
            "known; here is the ruling for each token it may hold.", "production.produce"),
            *cases]
        zr.open, zr.resource = True, None
        zr.produced, zr.receives, zr.winners, zr.stays = {}, {}, [], {}
        ruling.open.append(zr.name)
    if ruling.third:
        ruling.notes.extend(_discovery_cases(spec, state, unknown, run))
    return ruling


def _discovery_cases(spec: GameSpec, state: GameState, unknown: Unknowns,
                     run: Callable[[GameState], ProductionRuling]) -> list[Reason]:
    out = []
    skip = unknown.resources  # their fillers are no fact: compared elsewhere
    for z in unknown.discoveries:
        base = _receives_key(run(state), skip)
        groups: dict[tuple[tuple[str, str], ...], list[str]] = {}
        for card in possible_discoveries(spec, state):
            st = state.clone()
            st.discoveries[z] = card
            key = _receives_key(run(st), skip)
            if key != base:
                groups.setdefault(key, []).append(card)
        text = (f"{spec.card_name(z)} holds a face-down discovery that was not entered; this "
                "ruling counts no effect from it.")
        if groups:
            changes = []
            for key, cards in groups.items():
                diff = "; ".join(f"{name}: {got}" for (name, got), (_, was)
                                 in zip(key, base, strict=True) if got != was)
                changes.append(f"if it is {names(spec, cards)}, {diff}")
            text += " It changes this production: " + "; ".join(changes) + "."
        else:
            text += " Whichever discovery it is, this production is the same."
        out.append(_note(spec, text, "discoveries.timing"))
    return out


# ============================================================================ final scoring


def final_cases(spec: GameSpec, state: GameState, unknown: Unknowns,
                run: Callable[[GameState], FinalRuling]) -> FinalRuling:
    """The final ruling of a table with unknowns: scores that rest on them say what part
    is not known, and no winner is named while any is."""
    ruling = run(state)
    ice = ruling.terms.get("Ice Monopoly", "Ice Monopoly")
    why_open: list[Reason] = []
    if unknown.tokens:
        why_open.extend(_token_cases(spec, state, unknown, run, ruling, ice))
    for z in unknown.discoveries:
        why_open.extend(_final_discovery(spec, state, z, run, ruling))
    moved = _resource_sensitive(spec, state, unknown, run, ruling)
    if moved:
        why_open.append(_note(spec, "A score rests on the resource token of "
                              f"{names(spec, moved)}, which was not entered.",
                              "scoring.final"))
        for sc in ruling.scores.values():
            sc.open.append("a discovery's effect (a resource token not entered)")
    ruling.why.extend(why_open)
    if any(sc.open for sc in ruling.scores.values()):
        ruling.open = True
        ruling.winners = []
        ruling.tie_breaks = [_note(spec, "The winner cannot be named until what is not known "
                                   "is entered.", "scoring.final")]
    return ruling


def _token_cases(spec: GameSpec, state: GameState, unknown: Unknowns,
                 run: Callable[[GameState], FinalRuling], ruling: FinalRuling,
                 ice: str) -> list[Reason]:
    who = " and ".join(f"{c.capitalize()}'s" for c in unknown.tokens)
    rich = state.clone()  # each unknown colour holding every token left in the supply
    for c in unknown.tokens:
        for res, n in rich.token_supply.items():
            if n > 0:
                rich.seats[c].tokens[res] = rich.seats[c].tokens.get(res, 0) + n
                rich.token_supply[res] = 0
    other = run(rich)
    for c, sc in ruling.scores.items():
        sc.total -= sc.ice_monopoly
        sc.open.append(f"{ice} (not known)")
        sc.ice_monopoly = 0
        if c in unknown.tokens:
            sc.total -= sum(sc.token_points.values())
            sc.token_points, sc.token_count = {}, 0
            sc.open.append("point tokens (not entered)")
        for m, m2 in zip(sc.missions, other.scores[c].missions, strict=True):
            if (m.completed, m.points) != (m2.completed, m2.points):
                sc.total -= m.points
                m.points, m.completed = 0, False
                m.detail = f"not known: it rests on {who} point tokens, not entered"
                sc.open.append(f"{ruling.names.get(m.card, m.card)} (not known)")
    ruling.why = [r for r in ruling.why if r is not ruling.ice]
    ruling.ice = _note(spec, f"{ice} cannot be decided: {who} point tokens were not entered.",
                       "ice_monopoly.award")
    return [ruling.ice]


def _final_discovery(spec: GameSpec, state: GameState, z: str,
                     run: Callable[[GameState], FinalRuling],
                     ruling: FinalRuling) -> list[Reason]:
    base = {c: sc.total for c, sc in run(state).scores.items()}
    groups: dict[tuple[tuple[str, int], ...], list[str]] = {}
    for card in possible_discoveries(spec, state):
        st = state.clone()
        st.discoveries[z] = card
        st.discoveries_revealed = True
        got = run(st).scores
        delta = tuple((c, got[c].total - base[c]) for c in base if got[c].total != base[c])
        if delta:
            groups.setdefault(delta, []).append(card)
    text = (f"{spec.card_name(z)} holds a face-down discovery that was not entered; these "
            "scores count no effect from it.")
    if not groups:
        return [_note(spec, text + " Whichever discovery it is, no score changes.",
                      "discoveries.timing")]
    changes = [f"if it is {names(spec, cards)}: " + ", ".join(
        f"{c.capitalize()} {d:+d}" for c, d in delta) for delta, cards in groups.items()]
    touched = {c for delta in groups for c, _ in delta}
    for c in touched:
        ruling.scores[c].open.append(f"the discovery in {spec.card_name(z)} (not entered)")
    return [_note(spec, text + " It changes the scores " + "; ".join(changes) + ".",
                  "discoveries.timing")]


def _resource_sensitive(spec: GameSpec, state: GameState, unknown: Unknowns,
                        run: Callable[[GameState], FinalRuling],
                        ruling: FinalRuling) -> list[str]:
    """The unknown resource tokens a final score would change with (a discovery can count
    a zone's resource)."""
    if not state.discoveries:
        return []
    base = {c: sc.total for c, sc in run(state).scores.items()}
    moved = []
    for z in unknown.resources:
        for res in possible_resources(spec, state, unknown):
            st = state.clone()
            st.resources[z] = res
            if {c: sc.total for c, sc in run(st).scores.items()} != base:
                moved.append(z)
                break
    return moved
