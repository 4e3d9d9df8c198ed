"""Action cards around the third production, and queued phase work (discovery scatters)."""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import Out, clockwise_from, emit, flip
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


def queue_actions(spec: GameSpec, s: GameState, out: Out, timing: str, stage: str) -> None:
    """Queue every action card played at ``timing``, clockwise from the first player."""
    items = tuple(
        ("action", c, card, "")
        for c in clockwise_from(s, s.first)
        for card in s.seats[c].actions
        if spec.actions[card].timing == timing
    )
    emit(s, out, E.StageChanged(rule="events.actions", stage=stage))
    if items:
        emit(s, out, E.WorkQueued(rule="events.actions", items=items))


def advance_work(spec: GameSpec, s: GameState, out: Out) -> bool:
    """Run queued phase work. True when a decision is needed."""
    while s.work:
        item = tuple(s.work[0])
        kind, colour = item[0], item[1]
        if s.step == 0:  # not started
            if kind == "action":
                return True  # its holder decides whether to play it now (actions.timing)
            emit(s, out, E.WorkStarted(rule="discoveries.effect", item=item,
                                       count=s.zones[item[3]].get(colour, 0)))
        if s.left > 0:
            opts = (action_options(spec, s, colour) if kind == "action"
                    else scatter_options(spec, s, colour))
            if [o for o in opts if not isinstance(o, I.Stop)]:
                return True
        emit(s, out, E.WorkDone(rule="discoveries.effect" if kind == "scatter"
                                else "actions.effect", item=item))
    return False


def play_action(spec: GameSpec, s: GameState, out: Out) -> None:
    """The holder plays the action card at the head of the queue: reveal it, then its effect
    (a gain at once; choices become the queue's decisions)."""
    item = tuple(s.work[0])
    colour, card = item[1], item[2]
    emit(s, out, E.ActionPlayed(rule="events.actions", colour=colour, card=card))
    fx = spec.actions[card].effect
    if isinstance(fx, C.GainTokens):
        n = min(fx.count, s.token_supply[fx.resource])
        emit(s, out, E.TokensGained(rule="actions.effect", colour=colour, resource=fx.resource,
                                    count=n, wanted=fx.count, card=card))
        emit(s, out, E.WorkDone(rule="actions.effect", item=item))
        return
    count = fx.max if isinstance(fx, C.RescueFromMemorial) else fx.count
    emit(s, out, E.WorkStarted(rule="actions.effect", item=item, count=count))


def play_or_keep_options(c: str, card: str) -> list[I.Intent]:
    """Play a held action card at its moment, or keep it (rule actions.timing)."""
    return [I.PlayAction(c, card), I.KeepAction(c, card)]


def scatter_options(spec: GameSpec, s: GameState, c: str) -> list[I.Intent]:
    """Where ``c`` may move an astronaut scattered by a revealed discovery."""
    zone = s.work[0][3]
    return [I.Move(c, zone, a) for a in spec.adjacent[zone]]


def action_options(spec: GameSpec, s: GameState, c: str) -> list[I.Intent]:
    """The choices of the action card being played."""
    card = s.work[0][2]
    fx = spec.actions[card].effect
    opts: list[I.Intent] = []
    if isinstance(fx, C.RescueFromMemorial):
        if s.memorial.get(c):
            opts = [I.Rescue(c, z) for z, counts in s.zones.items() if counts.get(c)]
        if opts:
            opts.append(I.Stop(c))
    elif isinstance(fx, C.KillWherePresent):
        for z, counts in s.zones.items():
            if counts.get(c):
                opts.extend(I.Kill(c, z, v) for v in counts if v != c)
    return opts


def apply_work(spec: GameSpec, s: GameState, it: I.Intent, out: Out) -> None:
    """A decision of queued work: play or keep an action card, a scatter move, an action
    card's kill, rescue or stop."""
    c = it.colour
    if isinstance(it, I.PlayAction):
        play_action(spec, s, out)
    elif isinstance(it, I.KeepAction):
        emit(s, out, E.ActionKept(rule="actions.timing", colour=c, card=it.card))
        # the card and its holder stay secret: the queue item is closed naming neither
        # (tutor reading actions.hidden_holder)
        emit(s, out, E.WorkDone(rule="actions.timing", item=("action", "", "", "")))
    elif isinstance(it, I.Move):
        emit(s, out, E.AstronautMoved(rule="discoveries.effect", colour=c,
                                      from_zone=it.from_zone, to_zone=it.to_zone))
        flip(s, out, it.to_zone, "round.land.flip")
    elif isinstance(it, I.Kill):
        emit(s, out, E.AstronautKilled(rule="actions.effect", colour=c, victim=it.victim,
                                       place=it.zone))
    elif isinstance(it, I.Rescue):
        emit(s, out, E.AstronautRescued(rule="actions.effect", colour=c, zone=it.zone))
    elif isinstance(it, I.Stop):
        emit(s, out, E.StepStopped(rule="actions.effect", colour=c, effect="action",
                                   left=s.left))
