"""What the game waits for, every legal decision, and why an intent is refused.

Generic: the step-specific parts come from the effect registry (:mod:`.effects`) and the
ruleset's hooks (:mod:`.rulesets`).
"""

from __future__ import annotations

from typing import Final

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import (
    ABILITIES,
    Decision,
    cite,
    current_character,
    current_step,
    shared,
)
from mrp_tutor.games.mission_red_planet.engine.effects import EFFECTS
from mrp_tutor.games.mission_red_planet.engine.errors import (
    GameOver,
    IllegalIntent,
    MalformedIntent,
    MrpError,
    NotYourDecision,
    WrongPhase,
)
from mrp_tutor.games.mission_red_planet.engine.phases import actions, choose, discoveries
from mrp_tutor.games.mission_red_planet.engine.phases.resolve import step_options, with_abilities
from mrp_tutor.games.mission_red_planet.engine.rulesets import rules_of
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


def decision(spec: GameSpec, s: GameState) -> Decision | None:
    """The decision the game is waiting for, or None when the game is over."""
    if s.windows:  # an open ability window comes first
        return rules_of(s).window_decision(spec, s)
    if s.stage == "missions":
        return Decision("keep_mission", tuple(c for c in s.order if s.seats[c].dealt),
                        rules_of(s).missions_rule)
    if s.stage == "choose":
        return Decision("choose_character", rules_of(s).choosers(s),
                        cite(s, "round.choose"))
    if s.stage == "resolve" and s.cur is not None:
        st = current_step(spec, s)
        ch = current_character(s)
        if s.held is not None:
            return Decision("assign_discovery", (s.cur,), cite(s, "discoveries.assign"), 1,
                            ch)
        if st is not None:
            return Decision(EFFECTS[type(st)].kind(s, st), (s.cur,), st.rule, s.left, ch)
    if s.work:
        item = s.work[0]
        if item[0] == "action" and s.step == 0:  # whether to play it (rule actions.timing)
            return Decision("play_action", (item[1],), "actions.timing", 0, item[2])
        if item[0] == "action":
            fx = spec.actions[item[2]].effect
            return Decision(f"action:{fx.effect}", (item[1],), "actions.effect", s.left, item[2])
        return Decision("scatter", (item[1],), "discoveries.effect", s.left, item[2])
    return None


def legal_intents(spec: GameSpec, s: GameState, colour: str | None = None) -> list[I.Intent]:
    """Every legal intent now (for ``colour`` only, when given)."""
    if s.stage == "resolve" and s.cur is not None and s.held is None and not s.windows:
        st = current_step(spec, s)  # hot path: a step
        if st is not None:
            if colour is not None and colour != s.cur:
                return []
            effect = EFFECTS[type(st)]
            opts = effect.options(spec, s, s.cur, st, with_stop=True)
            if s.ruleset in ABILITIES:  # e.g. an ability usable while placing
                opts = with_abilities(spec, s, s.cur, st, effect, opts)
            return opts
    d = decision(spec, s)
    if d is None:
        return []
    out: list[I.Intent] = []
    for c in d.colours:
        if colour is None or c == colour:
            out.extend(options(spec, s, c, d))
    return out


def options(spec: GameSpec, s: GameState, c: str, d: Decision) -> list[I.Intent]:
    """The legal intents of ``c`` for decision ``d``."""
    if s.windows:
        return rules_of(s).window_options(spec, s, c)
    rules = rules_of(s)
    if rules.abilities:
        extra = rules.extra_options(spec, s, c, d.kind)
        if extra:  # only an ability possible: a Stop declines it (phases.resolve.with_abilities)
            base = _options(spec, s, c, d)
            return base + extra if base else [*extra, shared(spec.memo, I.Stop, c)]
    return _options(spec, s, c, d)


def _options(spec: GameSpec, s: GameState, c: str, d: Decision) -> list[I.Intent]:
    if d.kind == "keep_mission":
        return choose.mission_options(s, c)
    if d.kind == "choose_character":
        return choose.character_options(spec, s, c)
    if d.kind == "assign_discovery":
        return discoveries.assign_options(spec, s, c)
    if d.kind == "scatter":
        return actions.scatter_options(spec, s, c)
    if d.kind == "play_action":
        return actions.play_or_keep_options(c, d.character or "")
    if d.kind.startswith("action:"):
        return actions.action_options(spec, s, c)
    st = current_step(spec, s)
    assert st is not None
    return step_options(spec, s, c, st, with_stop=True)


_KINDS: Final[dict[str, tuple[type[I.Intent], ...]]] = {
    "keep_mission": (I.KeepMission,), "choose_character": (I.ChooseCharacter,),
    "assign_discovery": (I.AssignDiscovery,), "scatter": (I.Move,),
    "play_action": (I.PlayAction, I.KeepAction)}


def expected_kinds(spec: GameSpec, s: GameState, d: Decision, legal: list[I.Intent]) -> list[str]:
    """Intent types the decision takes: those of the legal ones, and those of the current
    step's effect even when none of them is legal now (so a refusal stays specific)."""
    kinds = {type(x).type for x in legal}
    kinds.update(t.type for t in _KINDS.get(d.kind, ()))
    st = current_step(spec, s)
    if st is not None and s.held is None and not s.work:
        kinds.update(t.type for t in EFFECTS[type(st)].intents if t is not I.Stop)
    return sorted(kinds)


def check_intent(spec: GameSpec, s: GameState, intent: I.Intent) -> MrpError | None:
    """Return the error that ``intent`` would raise now, or None if it is legal; its rule id
    as the state's ruleset cites it."""
    err = _check_intent(spec, s, intent)
    if err is not None and err.rule is not None:
        err.rule = cite(s, err.rule)
    return err


def _check_intent(spec: GameSpec, s: GameState, intent: I.Intent) -> MrpError | None:
    if s.stage == "over":
        return GameOver("game_over", "scoring.final", "the game is over", {})
    c = intent.colour
    if c not in s.seats:
        return MalformedIntent("unknown_colour", "setup.colors",
                               f"no colour {c!r} at this table", {"colour": c, "colours": s.order})
    legal = legal_intents(spec, s, c)
    if intent in legal:
        return None
    if isinstance(intent, I.RulesetIntent):  # an ability: the ruleset knows why not
        refused = rules_of(s).refuse(spec, s, intent)
        if refused is not None:
            return refused
    return diagnose(spec, s, intent, legal)


def diagnose(spec: GameSpec, s: GameState, intent: I.Intent, legal: list[I.Intent]) -> MrpError:
    """Explain why an intent is not legal: a typed error with code, rule and facts."""
    d = decision(spec, s)
    c = intent.colour
    if d is None or c not in d.colours:
        waiting = list(d.colours) if d else []
        return NotYourDecision(
            "not_your_decision", d.rule if d else "round.sequence",
            f"{c} has nothing to decide now; waiting for {', '.join(waiting) or 'nobody'}",
            {"colour": c, "waiting_for": waiting, "decision": d.kind if d else None,
             "character": d.character if d else None},
        )
    refused = rules_of(s).refuse(spec, s, intent)
    if refused is not None:
        return refused
    kinds = expected_kinds(spec, s, d, legal)
    st = current_step(spec, s)
    stopping = isinstance(intent, I.Stop) and st is not None
    if intent.type not in kinds and not stopping:
        return WrongPhase(
            "wrong_decision", d.rule,
            f"{c} must decide {d.kind} now, not {intent.type}",
            {"colour": c, "decision": d.kind, "expected": kinds, "got": intent.type,
             "character": d.character},
        )
    fact = None
    if isinstance(intent, I.Stop):
        fact = ("must_continue",
                EFFECTS[type(st)].stop_refusal_rule(st) if st is not None
                else "characters.mandatory",
                "this effect cannot be stopped now", {"decision": d.kind, "done": s.done})
    elif isinstance(intent, I.ChooseCharacter | I.KeepMission):
        fact = choose.diagnose_choice(spec, s, intent)
    elif isinstance(intent, I.AssignDiscovery):
        fact = discoveries.diagnose_assign(spec, intent)
    elif st is not None and not s.work and s.held is None:
        fact = EFFECTS[type(st)].diagnose(spec, s, intent, st, d.character or "")
    if fact is not None:
        code, rule, msg, detail = fact
        return IllegalIntent(code, rule, msg, {"colour": c, **detail})
    alternatives = [I.format_intent(x) for x in legal[:12]]
    return IllegalIntent("not_legal", d.rule, f"{I.format_intent(intent)} is not legal now",
                         {"colour": c, "decision": d.kind, "legal": alternatives})
