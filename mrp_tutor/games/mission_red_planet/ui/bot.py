"""The tutor's bot: picks one legal decision and says why, in a sentence.

The bot is deliberately simple and deterministic (no randomness): it prefers the choice a
beginner can follow.  Its reason never names hidden information of a colour the viewer does
not control (the session redacts the reason of a secret choice).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.game import Game, room, winners_of_zone
from mrp_tutor.games.mission_red_planet.engine.secrecy import SECRET_DECISIONS
from mrp_tutor.games.mission_red_planet.explain.options import describe_intent, plural, ship_name

# Decisions whose choice is secret (the engine's secrecy policy): the reason must not be
# shown to other viewers.
SECRET_KINDS = SECRET_DECISIONS


def choose(game: Game, legal: Sequence[I.Intent]) -> tuple[I.Intent, str]:
    """Pick one of ``legal`` (non-empty) and return it with a one-sentence reason."""
    if not legal:
        raise ValueError("no legal intent to choose from")
    spec, s = game.spec, game.state
    first = legal[0]
    c = first.colour
    mine = [x for x in legal if x.colour == c]
    plays = [x for x in mine if isinstance(x, I.PlayAction)]
    if plays:
        return plays[0], "The bot plays its action card as soon as the card's moment comes."
    ability = ability_choice(game, mine)
    if ability is not None:
        return ability
    mine = [x for x in mine if not isinstance(x, I.UseAbility)]  # none chosen: act normally

    boards = [x for x in mine if isinstance(x, I.Board)]
    if boards:
        # Fill the ship closest to launching: fewest free places after boarding.
        best = min(boards, key=lambda b: (room(spec, s, b.ship) - b.count, b.ship, b.token or ""))
        free = room(spec, s, best.ship) - best.count
        name = ship_name(best.ship)
        why = (f"it leaves {plural(free, 'free place')} on {name}, so the ship launches sooner"
               if free else f"it fills {name}, which then launches")
        return best, f"The bot boards {name} because {why}."

    moves = [x for x in mine if isinstance(x, I.Move)]
    if moves:
        def gain(m: I.Move) -> tuple[int, str, str]:
            after = dict(s.zones[m.to_zone])
            after[c] = after.get(c, 0) + 1
            leaders, _ = winners_of_zone(after)
            before_leaders, _ = winners_of_zone(dict(s.zones[m.from_zone]))
            score = (2 if leaders == [c] else 1 if c in leaders else 0)
            score -= 1 if before_leaders == [c] and s.zones[m.from_zone].get(c, 0) == 1 else 0
            return (-score, m.to_zone, m.from_zone)

        best_move = min(moves, key=gain)
        if -gain(best_move)[0] > 0:
            return best_move, (f"The bot moves into {spec.card_name(best_move.to_zone)} "
                               "because it leads (or ties) the majority there afterwards.")
        stop = [x for x in mine if isinstance(x, I.Stop)]
        if stop:
            return stop[0], "The bot stops: no move would improve a majority."
        return best_move, "The bot makes the first possible move (every move is optional)."

    kills = [x for x in mine if isinstance(x, I.Kill)]
    if kills:
        def hurt(k: I.Kill) -> tuple[int, str, str]:
            counts = s.zones[k.zone]
            leaders, _ = winners_of_zone(dict(counts))
            return (0 if k.victim in leaders and k.victim != c else 1, k.zone, k.victim)

        best_kill = min(kills, key=hurt)
        return best_kill, kill_reason(game, best_kill)

    if isinstance(first, I.ChooseCharacter):
        hand = [x for x in mine if isinstance(x, I.ChooseCharacter)]
        # Keep the Recruiter for when the hand is thin; otherwise play the highest number.
        order = list(spec.countdown)
        pool = [x for x in hand if x.character != "recruiter"] if len(hand) > 3 else hand
        ranked = sorted(pool or hand, key=lambda x: order.index(x.character))[:3]
        # Vary by seat and round (deterministic) so that bots do not all pick the same card.
        pick = ranked[(s.order.index(c) + s.round) % len(ranked)]
        return pick, ("The bot plays one of its three highest remaining characters (which one "
                      "depends on its seat and the round), keeping the Recruiter until few "
                      "cards are left.")

    text = describe_intent(spec, first)
    return first, (f"The bot takes the first of its {plural(len(mine), 'legal option')}: "
                   f"{text[0].lower()}{text[1:]}.")


def _ship_to(game: Game, sid: str) -> str:
    from mrp_tutor.games.mission_red_planet.engine.basics import destination

    zone = destination(game.spec, game.state, sid)
    return f"{ship_name(sid)}, bound for {game.spec.card_name(zone)}"


#: what a use the bot chooses does, said from the position (the target's facts)
GAINS: dict[str, Callable[[Game, I.UseAbility], str]] = {
    "devious_despot": lambda g, x: f"the {g.spec.card_name(x.target or '')} comes back to its "
    "hand",
    "versatile_villain": lambda g, x: "it looks at the discovery in "
    f"{g.spec.card_name(x.target or '')}, where it has astronauts",
    "stealthy_spy": lambda g, x: ("everyone else shows the character chosen" if x.target is None
                                  else f"it swaps for the {g.spec.card_name(x.target)}"),
    "guileful_genius": lambda g, x: "its character acts now, before its number is called",
    "cunning_conspirator": lambda g, x: "this placement goes aboard "
    + _ship_to(g, x.target or ""),
    "audacious_adventurer": lambda g, x: "its astronauts just landed move on to "
    f"{g.spec.card_name(x.target or '')}",
    "major_mayhem": lambda g, x: f"a {x.target} astronaut leaves the region where its shuttle "
    "landed",
}


def ability_choice(game: Game, mine: Sequence[I.Intent]) -> tuple[I.Intent, str] | None:
    """The tutor bot's ability decisions (the ``unique_abilities`` ruleset), each with its
    reason; None when the decision is not about an ability or the bot acts normally instead.

    It pays with its least valuable tokens, and uses its ability when the engine's greedy
    estimate (the ruleset's ``bot_score``: the gain against the points
    the tokens are worth) is positive; otherwise it declines or just acts.
    """
    from mrp_tutor.games.mission_red_planet.engine.rulesets import rules_of
    from mrp_tutor.games.mission_red_planet.explain.ability_options import sheet_facts

    spec, s = game.spec, game.state
    pays = [x for x in mine if isinstance(x, I.PayToken)]
    if pays:
        best = min(pays, key=lambda x: (spec.point_values.get(x.resource, 0), x.resource))
        return best, (f"The bot pays with {best.resource}, its least valuable kind of point "
                      "token.")
    uses = [x for x in mine if isinstance(x, I.UseAbility)]
    declines = [x for x in mine if isinstance(x, I.DeclineAbility)]
    if not uses and not declines:
        return None
    name, cost, _ = sheet_facts(spec, (uses or declines)[0].ability)
    scored = sorted(((rules_of(s).bot_score(spec, s, x), i, x) for i, x in enumerate(uses)),
                    key=lambda t: (-t[0], t[1]))
    if scored and scored[0][0] > 0:
        use = scored[0][2]
        assert isinstance(use, I.UseAbility)
        gain = GAINS.get(use.ability)
        what = f" ({gain(game, use)})" if gain is not None else ""
        if use.ability == "cunning_conspirator" and any(x in s.launched for x in s.used):
            return use, (f"The bot uses the {name}'s ability{what}: it costs nothing more, "
                         "this action's astronauts on launched shuttles are paid for.")
        return use, (f"The bot uses the {name}'s ability{what}: what it gains is worth more "
                     f"than the {plural(cost, 'point token')} it pays.")
    held = sum(s.seats[mine[0].colour].tokens.values())
    if declines:
        return declines[0], (f"The bot keeps its {plural(held, 'point token')} (they are "
                             f"victory points) and lets the {name}'s ability pass.")
    return None


def kill_reason(game: Game, kill: I.Kill) -> str:
    """Why the bot kills there, stated from the zone's actual counts."""
    spec = game.spec
    counts = {k: n for k, n in game.state.zones[kill.zone].items() if n}
    leaders, _ = winners_of_zone(dict(counts))
    v, n = kill.victim, counts.get(kill.victim, 0)
    where = f"The bot kills a {v} astronaut in {spec.card_name(kill.zone)}"
    if v == kill.colour:
        return f"{where}, one of its own: no possible kill hits another colour's lead."
    if leaders == [v]:
        return f"{where}, where {v} has the most astronauts ({n}): its lead shrinks."
    if v in leaders:
        return (f"{where}, where {v} ties for the most astronauts ({n} each with "
                f"{' and '.join(x for x in leaders if x != v)}): {v} no longer shares the "
                "lead.")
    return (f"{where}, although {v} does not lead there ({n} against {max(counts.values())}): "
            "no possible kill hits a leading colour.")
