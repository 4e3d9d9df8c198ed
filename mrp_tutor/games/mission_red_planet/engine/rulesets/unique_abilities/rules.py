"""The "Unique Abilities" fan variant (seed 003): the first edition plus one ability sheet each.

:class:`UniqueAbilities` is :class:`~.first_edition.FirstEdition` with the ability hooks of
:class:`~.base.Rules` filled in.  Its data folder ``data/unique_abilities`` extends the first
edition's (``extends.yaml``), adds the tutor readings ``ua.tutor.*`` to the rules file and holds
the seven sheets (``sheets.yaml``, :mod:`.sheets`).

* Setup: each colour takes a different sheet (fixed by ``choices``, else drawn at random, seeded
  and recorded in ``sheets_dealt``) and keeps only the five characters of its crew.
* An ability is offered at its moment only when its owner can pay; it is always optional.  A use
  is declared (``use_ability``), paid token by token (``pay_token``, or automatically when the
  tokens to pay are forced) and then done; every step is an event citing ``fe.abilities.*``.
* The moments: before choosing (Devious Despot, Versatile Villain: options of the choose
  decision), after everyone chose (Stealthy Spy: a window, then a second one for the swap),
  between two resolutions (Guileful Genius: a window), while placing astronauts (Cunning
  Conspirator: options of the board step), after a shuttle lands (Audacious Adventurer, Major
  Mayhem: windows).  What happens when a use is paid: :mod:`.effects`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import (
    Decision,
    Out,
    clockwise_from,
    current_step,
    emit,
)
from mrp_tutor.games.mission_red_planet.engine.errors import (
    IllegalIntent,
    MalformedIntent,
    MrpError,
)
from mrp_tutor.games.mission_red_planet.engine.rng import shuffled
from mrp_tutor.games.mission_red_planet.engine.rulesets.first_edition import FirstEdition
from mrp_tutor.games.mission_red_planet.engine.rulesets.unique_abilities import genius
from mrp_tutor.games.mission_red_planet.engine.rulesets.unique_abilities.bot import score_ability
from mrp_tutor.games.mission_red_planet.engine.rulesets.unique_abilities.effects import (
    conspirator_paid,
    finish_use,
    forced_payment,
    placement_ship_problem,
    target_problem,
)
from mrp_tutor.games.mission_red_planet.engine.rulesets.unique_abilities.sheets import (
    Sheet,
    load_sheets,
)
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState, Ship, Window

WINDOW_RULE = "ua.tutor.windows"
PAY_RULE = "fe.abilities.currency"
LANDING_RULE = "fe.tutor.landing_together"


class UniqueAbilities(FirstEdition):
    """The first edition with the "Unique Abilities" sheets (seed 003 §3-7), 3 to 5 players."""

    name: ClassVar[str] = "unique_abilities"
    summary: ClassVar[str] = ("the first edition with one ability sheet each (seed 003 'Unique "
                              "Abilities'), 3 to 5 players")
    chapter: ClassVar[tuple[str, str] | None] = (
        "Unique Abilities",
        "The first edition's fan variant: each player takes an ability sheet, plays only its "
        "crew of five characters and may pay point tokens for its special ability.")
    label: ClassVar[str | None] = "Unique Abilities (first edition)"
    source: ClassVar[str] = "seed 003: 'Unique Abilities' fan reference manual, sections 3-7"
    data: ClassVar[str] = "unique_abilities"
    abilities: ClassVar[bool] = True

    _sheets: dict[str, Sheet] | None = None

    def sheets(self) -> dict[str, Sheet]:
        """The ability sheets by id (``sheets.yaml`` of the data folder, read once)."""
        sheets = self._sheets
        if sheets is None:
            sheets = self._sheets = load_sheets(self.data, self.data_dir)
        return sheets

    def sheet_of(self, s: GameState, colour: str) -> Sheet | None:
        """The sheet ``colour`` plays (None: none yet, or an unknown id)."""
        sheet = s.seats[colour].sheet
        return self.sheets().get(sheet) if sheet is not None else None

    def bot_score(self, spec: GameSpec, s: GameState, it: I.Intent) -> float:
        return score_ability(self.sheets(), spec, s, it)

    def cost(self, sheet: Sheet, w: Window | None) -> int:
        """Tokens one use costs (the Spy's swap: its second cost)."""
        return sheet.second_cost if w is not None and w.point == "spy_swap" else sheet.cost

    def use_cost(self, spec: GameSpec, s: GameState, c: str, sheet: Sheet,
                 w: Window | None) -> int:
        """Tokens this use costs now: a Genius that held its card has paid already, and so
        has a Conspirator that put an astronaut of this action on a launched shuttle."""
        if sheet.id == "guileful_genius" and genius.held(s, c):
            return 0
        if sheet.id == "cunning_conspirator" and conspirator_paid(s):
            return 0
        return self.cost(sheet, w)

    # ------------------------------------------------------------------------ setup
    def after_start(
        self, spec: GameSpec, s: GameState, out: Out, choices: Mapping[str, str] | None
    ) -> None:
        sheets = self.sheets()
        fixed = dict(choices or {})
        for colour, sheet in fixed.items():
            if colour not in s.seats:
                raise MalformedIntent("unknown_colour", "ua.tutor.sheets_dealt",
                                      f"no colour {colour!r} at this table to take a sheet",
                                      {"colour": colour, "colours": list(s.order)})
            if sheet not in sheets:
                raise MalformedIntent("unknown_sheet", "fe.tutor.sheet_count",
                                      f"no ability sheet {sheet!r} (the sheets: "
                                      f"{', '.join(sheets)})", {"sheet": sheet})
        if len(set(fixed.values())) != len(fixed):
            raise MalformedIntent("sheet_taken", "ua.tutor.sheets_dealt",
                                  "two players cannot take the same ability sheet",
                                  {"choices": fixed})
        rest = [c for c in s.order if c not in fixed]
        if rest:
            free = shuffled(s, [x for x in sheets if x not in fixed.values()])
            fixed.update(zip(rest, free, strict=False))
        placement = tuple((c, fixed[c]) for c in s.order)
        # a sheet drawn at random is dealt by the reading that says so (ua.tutor.sheets_dealt)
        rule = "ua.tutor.sheets_dealt" if rest else "fe.setup.sheets"
        emit(s, out, E.SheetsDealt(rule=rule, sheets=placement,
                                   crews=tuple(sheets[x].crew for _, x in placement),
                                   drawn=tuple(rest)))

    def character_cards(self, spec: GameSpec, s: GameState, colour: str) -> tuple[str, ...]:
        sheet = self.sheet_of(s, colour)
        return spec.countdown if sheet is None else tuple(
            c for c in spec.countdown if c in sheet.crew)

    def may_act_early(self, s: GameState, colour: str) -> bool:
        sheet = self.sheet_of(s, colour)  # the Guileful Genius's out-of-order action
        return sheet is not None and sheet.window == "before_resolution"

    def may_overfill(self, s: GameState, ship: Ship) -> bool:
        return ship.launched  # the Cunning Conspirator boards launched shuttles beyond capacity

    # ------------------------------------------------------------------------ windows
    def window_decision(self, spec: GameSpec, s: GameState) -> Decision | None:
        w = s.windows[0]
        if w.owed > 0:
            return Decision("pay_ability", (w.colour,), PAY_RULE, w.owed)
        sheet = self.sheets().get(w.ability)
        return Decision("use_ability", (w.colour,), sheet.rule if sheet else WINDOW_RULE)

    def window_options(self, spec: GameSpec, s: GameState, c: str) -> list[I.Intent]:
        w = s.windows[0]
        if c != w.colour:
            return []
        seat = s.seats[c]
        if w.owed > 0:
            return [I.PayToken(c, r) for r, n in seat.tokens.items() if n > 0]
        a = w.ability
        opts: list[I.Intent]
        if w.point == "spy_swap":
            opts = [I.UseAbility(c, a, card) for card in seat.hand]
        elif w.point == "landed" and a == "audacious_adventurer":
            opts = [I.UseAbility(c, a, z) for z in spec.adjacent[w.zone]]
        elif w.point == "landed":
            opts = [I.UseAbility(c, a, v) for v in s.zones[w.zone] if v != c]
        elif a == "guileful_genius" and genius.held(s, c):
            opts = [I.UseAbility(c, a, genius.NOW)]  # act now, paid already (declining: wait)
        elif a == "guileful_genius":  # the same question at every call, whatever its number:
            # act now, or hold its card past its number (declining: the call goes on)
            opts = [I.UseAbility(c, a), I.UseAbility(c, a, genius.LATER)]
        else:  # after_choosing (the Spy's reveal)
            opts = [I.UseAbility(c, a)]
        opts.append(I.DeclineAbility(c, a))
        return opts

    def extra_options(self, spec: GameSpec, s: GameState, c: str, kind: str) -> list[I.Intent]:
        seat = s.seats[c]
        sheet = self.sheets().get(seat.sheet or "")
        if sheet is None or (sum(seat.tokens.values()) < sheet.cost
                             and not (kind == "board" and conspirator_paid(s))):
            return []
        a = sheet.id
        if kind == "choose_character" and sheet.window == "before_choosing" \
                and seat.chosen is None:
            if a == "devious_despot":
                return [I.UseAbility(c, a, card) for card in seat.played]
            if not s.discoveries_revealed:  # the Versatile Villain
                return [I.UseAbility(c, a, z) for z in s.discoveries]
        if kind == "board" and sheet.window == "own_placement" and s.cur == c and s.left > 0:
            st = current_step(spec, s)  # a placement left, and astronauts for it
            if seat.supply < (s.left if getattr(st, "all_or_nothing", False) else 1):
                return []
            return [I.UseAbility(c, a, sid) for sid in s.launched
                    if placement_ship_problem(st, s, sid) is None]
        return []

    def after_choosing(self, spec: GameSpec, s: GameState, out: Out) -> bool:
        for c in clockwise_from(s, s.first):
            sheet = self.sheet_of(s, c)
            mark = f"{s.round}:after_choosing:{c}"
            if (sheet is not None and sheet.window == "after_choosing"
                    and s.window_mark != mark and sum(s.seats[c].tokens.values()) >= sheet.cost):
                emit(s, out, E.AbilityWindowOpened(rule=sheet.rule, colour=c, ability=sheet.id,
                                                   point="after_choosing", mark=mark))
                return True
        return False

    def before_resolution(self, spec: GameSpec, s: GameState, out: Out) -> bool:
        # offered while the Genius's card is face down, even when it would come next anyway:
        # a window opened only when it is not next would tell the others its number is not
        # the lowest (the call order is secret)
        # a Genius alone in the order acts now anyway: nothing to ask; one that held its card
        # acts now, after every other character (the last point of the order)
        if len(s.queue) == 1 and genius.held(s, s.queue[0]):
            c = s.queue[0]
            card = s.seats[c].chosen or ""
            emit(s, out, E.CharacterRevealed(rule=genius.RULE, colour=c, character=card))
            emit(s, out, E.ResolutionStarted(rule=genius.RULE, colour=c, character=card))
            return False
        for c in s.queue if len(s.queue) > 1 else ():
            sheet = self.sheet_of(s, c)
            mark = f"{s.round}:before_resolution:{len(s.queue)}"
            if (sheet is not None and sheet.window == "before_resolution"
                    and s.seats[c].chosen is not None and s.window_mark != mark
                    and (sum(s.seats[c].tokens.values()) >= sheet.cost
                         or genius.held(s, c))):
                emit(s, out, E.AbilityWindowOpened(rule=sheet.rule, colour=c, ability=sheet.id,
                                                   point="before_resolution", mark=mark))
                return True
        return False

    def after_landing(self, spec: GameSpec, s: GameState, out: Out, zone: str | None,
                      crew: tuple[tuple[str, int], ...]) -> None:
        if zone is None:
            return
        aboard = dict(crew)
        for c in clockwise_from(s, s.first):
            sheet = self.sheet_of(s, c)
            if (sheet is None or sheet.window != "landed" or not aboard.get(c)
                    or sum(s.seats[c].tokens.values()) < sheet.cost):
                continue
            if sheet.id == "major_mayhem" and not any(v != c for v in s.zones[zone]):
                continue  # nobody else to eliminate there
            emit(s, out, E.AbilityWindowOpened(rule=sheet.rule, colour=c, ability=sheet.id,
                                               point="landed", zone=zone, count=aboard[c]))

    def settle_windows(self, spec: GameSpec, s: GameState, out: Out) -> None:
        # the landings' windows open together once every shuttle is down
        # (fe.tutor.landing_together); one that an earlier use left without payment or target
        # is passed over
        while s.windows:
            w = s.windows[0]
            if w.point != "landed" or w.owed or w.target is not None:
                return
            sheet = self.sheets().get(w.ability)
            here = s.zones.get(w.zone, {})
            usable = sheet is not None and sum(s.seats[w.colour].tokens.values()) >= sheet.cost \
                and (here.get(w.colour, 0) > 0 if w.ability == "audacious_adventurer"
                     else any(n > 0 for v, n in here.items() if v != w.colour))
            if usable:
                return
            emit(s, out, E.AbilityWindowClosed(rule=LANDING_RULE, colour=w.colour,
                                               ability=w.ability, used=False))

    # ------------------------------------------------------------------------ a use
    def apply_ruleset_intent(self, spec: GameSpec, s: GameState, intent: I.Intent,
                             out: Out) -> None:
        c = intent.colour
        if isinstance(intent, I.DeclineAbility):
            emit(s, out, E.AbilityWindowClosed(rule=WINDOW_RULE, colour=c,
                                               ability=intent.ability, used=False))
            return
        if isinstance(intent, I.UseAbility):
            sheet = self.sheets()[intent.ability]
            w = s.windows[0] if s.windows else None
            emit(s, out, E.AbilityDeclared(rule=sheet.rule, colour=c, ability=sheet.id,
                                           target=intent.target,
                                           cost=self.use_cost(spec, s, c, sheet, w)))
        elif isinstance(intent, I.PayToken):
            emit(s, out, E.TokensSpent(rule=PAY_RULE, colour=c, ability=s.windows[0].ability,
                                       resource=intent.resource, count=1))
        w = s.windows[0]
        for resource, n in forced_payment(s.seats[c].tokens, w.owed):
            emit(s, out, E.TokensSpent(rule=PAY_RULE, colour=c, ability=w.ability,
                                       resource=resource, count=n))
        if w.owed == 0:
            finish_use(self.sheets(), spec, s, out, w)

    # ------------------------------------------------------------------------ refusals
    def refuse(self, spec: GameSpec, s: GameState, intent: I.Intent) -> MrpError | None:
        c = intent.colour
        seat = s.seats[c]
        sheet = self.sheets().get(seat.sheet or "")
        if isinstance(intent, I.ChooseCharacter) and sheet is not None \
                and intent.character in spec.characters and intent.character not in sheet.crew:
            return IllegalIntent(
                "character_not_in_crew", "fe.characters.crew_only",
                f"{spec.characters[intent.character].name} is not in the crew of the "
                f"{sheet.name} ({', '.join(spec.characters[x].name for x in sheet.crew)})",
                {"colour": c, "character": intent.character, "crew": list(sheet.crew)})
        if not isinstance(intent, I.RulesetIntent):
            return None
        w = s.windows[0] if s.windows else None
        mine = w is not None and w.colour == c
        if isinstance(intent, I.PayToken):
            if not mine or w is None or w.owed == 0:
                return IllegalIntent("pay_not_owed", PAY_RULE,
                                     f"{c} has no ability use to pay for now", {"colour": c})
            return IllegalIntent(
                "pay_token_missing", PAY_RULE,
                f"{c} has no {intent.resource} token to pay with",
                {"colour": c, "resource": intent.resource, "tokens": dict(seat.tokens)})
        assert isinstance(intent, I.UseAbility | I.DeclineAbility)
        ability = intent.ability
        if sheet is None or ability != sheet.id:
            known = self.sheets().get(ability)
            return IllegalIntent(
                "ability_wrong_sheet", "fe.faq.one_ability",
                f"{c} plays the {sheet.name if sheet else 'no'} sheet, not the "
                f"{known.name if known else repr(ability)}: only one's own ability can be used",
                {"colour": c, "ability": ability, "sheet": seat.sheet})
        if not self._moment(spec, s, c, sheet) or isinstance(intent, I.DeclineAbility):
            return IllegalIntent(
                "ability_not_now", sheet.rule,
                f"the {sheet.name}'s ability cannot be used now (its moment: "
                f"{sheet.window.replace('_', ' ')}, phase {sheet.phase})",
                {"colour": c, "ability": ability, "stage": s.stage, "window": sheet.window})
        cost = self.use_cost(spec, s, c, sheet, w if mine else None)
        have = sum(seat.tokens.values())
        if have < cost:
            return IllegalIntent(
                "ability_cannot_pay", "fe.abilities.currency",
                f"the {sheet.name}'s ability costs {cost} point token{'s' * (cost > 1)}; "
                f"{c} has {have}",
                {"colour": c, "ability": ability, "cost": cost, "tokens": dict(seat.tokens)})
        target = intent.target if isinstance(intent, I.UseAbility) else None
        fact = target_problem(spec, s, c, sheet, w if mine else None, target)
        if fact is not None:
            code, rule, msg, detail = fact
            return IllegalIntent(code, rule, msg, {"colour": c, "ability": ability, **detail})
        return None

    def _moment(self, spec: GameSpec, s: GameState, c: str, sheet: Sheet) -> bool:
        """Is now ``sheet``'s moment for ``c`` (whether or not it can pay)?"""
        if s.windows:
            w = s.windows[0]
            return w.colour == c and w.ability == sheet.id and w.owed == 0
        if sheet.window == "before_choosing":
            return s.stage == "choose" and s.seats[c].chosen is None
        if sheet.window == "own_placement":
            st = current_step(spec, s) if s.stage == "resolve" and s.cur == c else None
            return st is not None and st.effect == "board" and s.left > 0
        return False

    # ------------------------------------------------------------------------ checks
    def state_problems(self, spec: GameSpec, s: GameState) -> list[tuple[str, str, str]]:
        sheets = self.sheets()
        out: list[tuple[str, str, str]] = self.deck_problems(s)
        taken: dict[str, str] = {}
        for c, seat in s.seats.items():
            f = f"seats.{c}.sheet"
            if seat.sheet is None:
                if s.stage != "setup":
                    out.append((f, "every player has an ability sheet", "fe.setup.sheets"))
                continue
            if seat.sheet not in sheets:
                out.append((f, f"unknown ability sheet {seat.sheet[:40]!r}",
                            "fe.tutor.sheet_count"))
                continue
            if seat.sheet in taken:
                out.append((f, f"{taken[seat.sheet]} has the same sheet",
                            "ua.tutor.sheets_dealt"))
            taken[seat.sheet] = c
            if seat.shown and seat.chosen is None:
                out.append((f"seats.{c}.shown", "only a chosen card can be shown",
                            "fe.abilities.stealthy_spy"))
        for i, w in enumerate(s.windows):
            f = f"windows[{i}]"
            owner = s.seats.get(w.colour)
            if owner is None or owner.sheet != w.ability:
                out.append((f, f"{w.colour[:20]!r} has no sheet {w.ability[:40]!r}",
                            "fe.faq.one_ability"))
            elif w.point not in ("after_choosing", "spy_swap", "before_resolution", "landed",
                                 "declared"):
                out.append((f"{f}.point", f"unknown window {w.point[:40]!r}", WINDOW_RULE))
            elif w.point == "landed" and w.zone not in spec.zones:
                out.append((f"{f}.zone", f"unknown zone {w.zone[:40]!r}", WINDOW_RULE))
            if not 0 <= w.owed <= 2 or w.count < 0:
                out.append((f, "a use costs one or two tokens", "fe.abilities.cost"))
        out.extend(genius.hold_problems(spec, s))
        return out
