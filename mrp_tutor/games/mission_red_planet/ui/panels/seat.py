"""The "take a seat" panel: play one colour against the bots by clicking the board.

The panel owns the seat and the current board picks; the game itself stays in the app's
:class:`~mrp_tutor.games.mission_red_planet.ui.session.Session`.  Everything sent to the page is
built from the
seated colour's view: bots' picks and missions never sit in a widget.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as W

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.explain.options import describe_intent, plural, ship_name
from mrp_tutor.games.mission_red_planet.explain.words import roles_sentence
from mrp_tutor.games.mission_red_planet.ui import seat as S
from mrp_tutor.games.mission_red_planet.ui.bot_turns import BotTurns
from mrp_tutor.games.mission_red_planet.ui.cards import choice_detail
from mrp_tutor.games.mission_red_planet.ui.html import e
from mrp_tutor.games.mission_red_planet.ui.live import ChoiceList, LiveHTML
from mrp_tutor.games.mission_red_planet.ui.panels.ruleset import sheets_html
from mrp_tutor.games.mission_red_planet.ui.prompts import ON_BOARD, turn_text
from mrp_tutor.games.mission_red_planet.ui.referee_confirm import saw_all_html
from mrp_tutor.games.mission_red_planet.ui.review_box import ReviewBox
from mrp_tutor.games.mission_red_planet.ui.session import StepReport
from mrp_tutor.games.mission_red_planet.ui.summary import game_over_html

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.ui.panel import PanelContext

MAX_CHOICES = 12
ABILITY_TYPES = frozenset({"use_ability", "pay_token", "decline_ability"})
WATCH = ""

SEAT_CSS = """<style>
.mrp-seat-panel { border: 1px solid #c9d3df; border-radius: 8px; padding: 4px 6px;
  margin: 2px 0 6px; }
.mrp-seat-panel .widget-dropdown { max-width: 100%; }
.mrp-prompt { font-size: 14px; margin: 2px 0; }
.mrp-prompt-turn { border-left: 4px solid #0b5d1e; background: #e8f5ec; padding: 3px 6px; }
.mrp-choices { max-width: 100%; }
.mrp-choice.jupyter-button, .mrp-choice { white-space: normal; height: auto; min-height: 32px;
  text-align: left; line-height: 1.3; padding: 4px 8px; max-width: 100%; }
</style>"""


class SeatPanel:
    """Seat chooser, whose-turn prompt and the short list of choices a click narrowed to."""

    def __init__(self, ctx: PanelContext) -> None:
        self.ctx = ctx
        self.app = app = ctx.app
        self.seat: str | None = None
        self.saw_all = False  # Referee mode was opened while seated (issue 36)
        self.picks: list[str] = []
        self._choice_intents: list[I.Intent] = []
        self.colour = W.Dropdown(description="Play as", _dom_classes=["mrp-seat-colour"],
                                 layout=W.Layout(width="auto", max_width="100%"))
        self.level = W.Dropdown(description="Bots", options=[
            (name, key) for key, name in S.level_names().items()], value="tutor",
            _dom_classes=["mrp-seat-level"], layout=W.Layout(width="auto", max_width="100%"))
        self.bots: S.Chooser = S.level_bot("tutor", 0)
        self.turns = BotTurns(ctx, self)  # the bots' turns, a slow bot thinking in a thread
        self.review = ReviewBox(ctx)  # the learner's decisions, reviewed after the game
        self.take_btn = W.Button(description="Take a seat", button_style="success",
                                 tooltip="Start a new game in which you play this colour and "
                                         "the bots play the others",
                                 _dom_classes=["mrp-take-seat"], layout=W.Layout(width="auto"))
        self.clear_btn = W.Button(description="Clear my clicks", _dom_classes=["mrp-clear-picks"],
                                  tooltip="Forget the zones and ships clicked so far",
                                  layout=W.Layout(width="auto", display="none"))
        self.prompt = LiveHTML(app.board, "prompt", _dom_classes=["mrp-prompt"])
        self.choices = ChoiceList(app.board, _dom_classes=["mrp-choices"])
        self.choices.on_play(ctx.guard(self.on_choice))
        self.choices.on_bad_message(lambda msg: app.say(msg, "error"))
        self._position = 0  # numbers each list of choices, so a stale click is refused
        self.take_btn.on_click(ctx.guard(self.on_take))
        self.clear_btn.on_click(ctx.guard(self.on_clear))
        self.widget = W.VBox([
            W.HBox([self.colour, self.level, self.take_btn],
                   layout=W.Layout(flex_flow="row wrap")),
            self.prompt, self.turns.widget, self.review.widget, self.choices, self.clear_btn,
        ], _dom_classes=["mrp-seat-panel"])
        self.refresh_colours()

    # ------------------------------------------------------------------ state
    @property
    def seated(self) -> bool:
        return self.seat is not None

    def refresh_colours(self) -> None:
        """Seat options: the colours the header's player count will use."""
        palette = self.app.rules.seat_colours()  # the rules and player count picked
        opts = [("Watch the bots play", WATCH)] + [(c.capitalize(), c) for c in palette]
        value = self.colour.value if self.colour.value in [v for _, v in opts] else palette[0]
        self.colour.options = opts
        self.colour.value = value

    def leave(self) -> None:
        """Stand up (a new game or scenario was set up by other controls)."""
        self.seat = None
        self.saw_all = False
        self.picks = []
        self.turns.cancel()
        self.review.clear()

    def may_view(self, viewer: str | None) -> bool:
        """False (and the view is put back) when a seated learner asks for another colour's
        view: the bots' secrets stay on the server, whatever the page sends."""
        if self.seat is None or viewer == self.seat:
            return True
        self.app.refresh_viewers()
        self.app.say(f"You play {self.seat}: only {self.seat}'s view and hand can be shown. "
                     "Choose Watch or another colour and take a seat again to change.", "error")
        return False

    def options(self) -> list[I.Intent]:
        """The learner's legal options narrowed by the clicks so far."""
        if self.seat is None:
            return []
        return S.narrow(S.my_options(self.app.session, self.seat), self.picks)

    def board_targets(self) -> dict[str, Any]:
        """What the board highlights (from the learner's own options only)."""
        if self.seat is None or self.app.session.game.over or self.turns.busy:
            return {}
        mine = S.my_options(self.app.session, self.seat)
        if not mine:
            return {}
        out = S.targets(self.ctx.spec, mine, self.picks)
        out["prompt"] = self._turn_text(mine, place=ON_BOARD)  # the choices are not below
        return out

    # ------------------------------------------------------------------ render
    def render(self, view: dict[str, Any]) -> None:
        """Prompt and choice buttons for the current position."""
        sess = self.app.session
        self.clear_btn.layout.display = "" if self.picks else "none"
        sheets = sheets_html(self.ctx.spec, sess.state, self.seat)  # abilities: public
        roles = roles_sentence(sess.state.seats)  # the 2-player variant: main and neutral
        if roles:
            sheets = f'<div class="mrp-seat-roles">{e(roles)}</div>{sheets}'
        if self.seat is None:
            self.prompt.value = ('<div class="mrp-prompt-text">Choose a colour and take a '
                                 "seat to play against the bots, or step through with Next."
                                 f"</div>{sheets}")
            self._set_choices([], view)
            return
        if self.saw_all:  # Referee mode was opened: the seat has seen every secret
            sheets = saw_all_html(self.seat) + sheets
        if sess.game.over:  # the summary where the learner's game ended
            self.prompt.value = (f"{game_over_html(self.ctx.spec, view, sess.game.log)}"
                                 '<div class="mrp-prompt-text">Take a seat again for a new '
                                 f"game.</div>{sheets}")
            self._set_choices([], view)
            return
        mine = [] if self.turns.busy else S.my_options(sess, self.seat)
        opts = S.narrow(mine, self.picks)
        if self.turns.busy:  # controls shut until the bots are done
            self.prompt.value = ('<div class="mrp-prompt-text">Wait: the bots are deciding.'
                                 f"</div>{sheets}")
        elif not mine:
            self.prompt.value = ('<div class="mrp-prompt-text">The bots are deciding: press '
                                 f"Next.</div>{sheets}")
        else:
            extra = (f" {len(opts)} options match your clicks." if self.picks else "")
            self.prompt.value = (f'<div class="mrp-prompt-text mrp-prompt-turn" role="status">'
                                 f"<b>Your turn ({e(self.seat.capitalize())})</b>: "
                                 f"{e(self._turn_text(mine))}{e(extra)}</div>{sheets}")
        # many options: those a click on the board cannot reach stay buttons (a character to
        # choose beside an ability aimed at a region)
        self._set_choices(opts if len(opts) <= MAX_CHOICES else
                          [x for x in opts if not self._on_board(x)][:MAX_CHOICES], view)

    def _on_board(self, x: I.Intent) -> bool:
        tg = S.targets(self.ctx.spec, [x], [])
        return bool(tg["zones"] or tg["ships"])

    def _turn_text(self, mine: list[I.Intent], place: str = "below") -> str:
        """The prompt for this step (prompts.turn_text): the character, what the step asks
        and where to act (only what is lit; "a choice below" only when one is shown)."""
        spec = self.ctx.spec
        tg = S.targets(spec, mine, self.picks)
        opts = S.narrow(mine, self.picks)
        shown = opts if len(opts) <= MAX_CHOICES else [x for x in opts if not self._on_board(x)]
        ability = bool({x.type for x in mine} & ABILITY_TYPES)
        return turn_text(spec, self.app.session.view().get("decision"), tg, bool(shown),
                         ability, place)

    def _set_choices(self, opts: list[I.Intent], view: dict[str, Any]) -> None:
        if not opts and not self._choice_intents and self.choices.labels == []:
            return  # still nothing to choose: nothing to send
        self._choice_intents = list(opts)
        self._position += 1
        spec = self.ctx.spec
        self.choices.show([describe_intent(spec, x, view) for x in opts], self._position,
                          details=[choice_detail(spec, x) for x in opts])

    # ------------------------------------------------------------------ actions
    def on_take(self, _b: Any = None) -> None:
        colour = self.colour.value
        app = self.app
        app.scenario.value = "__free__"  # a seat is always a free seeded game
        app.on_new_game()  # stands up any earlier seat (via the app's new-position hook)
        if not colour:
            app.say("Watching: press Next to let the bots play every colour.", "info")
            return
        if colour not in app.session.state.seats:
            app.say(f"There is no {colour} seat in this game.", "error")
            return
        self.seat = colour
        self.bots = S.level_bot(self.level.value or "tutor", app.session.state.seed)
        app.session.viewer = colour
        app.refresh_viewers()
        app.viewer.disabled = True
        told = (f"You play {colour}; the bots play the other colours. "
                "Highlighted zones and ships are where you can act.")
        app.say(told, "ok")

        def then(reps: list[StepReport]) -> None:
            app.render(reps)
            app.say(told, "ok")

        self.turns.run([], then)

    def on_clear(self, _b: Any = None) -> None:
        self.picks = []
        self.app.render()
        self.app.say("Clicks cleared.", "info")

    def on_pick(self, target: str, ident: str, colour: str | None) -> None:
        """A click on the board: narrow the options; play the only one left."""
        if self.seat is None:
            return
        sess, spec = self.app.session, self.ctx.spec
        if self.turns.busy:
            self.app.say(self.turns.wait_text(), "info")
            return
        mine = S.my_options(sess, self.seat)
        name = ship_name(ident) if target == "ship" else spec.card_name(ident)
        if not mine:
            self.app.say(f"It is not your turn: the bots are deciding. You clicked {name}.",
                         "info")
            return
        new = [ident, colour] if colour else [ident]
        picks, found = S.add_pick(mine, self.picks, new)
        if not found and colour:  # the astronaut does not matter here: use the place alone
            picks, found = S.add_pick(mine, self.picks, [ident])
        if not found:
            self.app.say(f"None of your options uses {name} now.", "info")
            return
        if len(found) == 1 and not isinstance(found[0], I.RulesetIntent):
            self.play(found[0])
            return
        self.picks = picks
        self.app.render()
        if len(found) == 1:  # an ability costs point tokens: a click never spends them alone
            self.app.say(f"{name[0].upper() + name[1:]}: {describe_intent(spec, found[0])}. "
                         "It costs point tokens, so confirm it below, or choose another "
                         "option.", "info")
            return
        self.app.say(f"{name[0].upper() + name[1:]}: {len(found)} options use it. Click another "
                     "zone or ship, or choose below.", "info")

    def on_choice(self, i: int, position: int) -> None:
        """A choice button: choice ``i`` of the list shown at ``position``."""
        if position != self._position:
            self.app.say("The choices changed before your click arrived: choose again.",
                         "error")
            return
        self.play_choice(i)

    def play_choice(self, i: int) -> None:
        if not 0 <= i < len(self._choice_intents):
            self.app.say("That choice is no longer available.", "error")
            return
        self.play(self._choice_intents[i])

    def play(self, intent: I.Intent) -> None:
        """Play the learner's decision, then let the bots play until the learner's next one."""
        if self.turns.busy:  # a click sent before the bots' turn began: not applied
            self.app.say(self.turns.wait_text(), "error")
            return
        sess = self.app.session
        view = sess.view()
        text = describe_intent(self.ctx.spec, intent, view)
        if self.seat is not None:  # kept as the learner sees it, for the review
            self.review.note(self.seat, S.my_options(sess, self.seat), intent)
        rep = sess.play(intent, why=S.YOUR_CHOICE)
        self.picks = []
        self.app.target = None

        def then(reps: list[StepReport]) -> None:
            self.app.render(reps)
            tail = (f"; then the bots made {plural(len(reps) - 1, 'decision')}"
                    if len(reps) > 1 else "")
            self.app.say(f"You: {text}{tail}.", "ok")

        self.turns.run([rep], then)

    def on_next(self) -> None:
        """Next while seated: the bots play on, or the learner is reminded it is their turn."""
        if self.seat is None:
            return
        sess = self.app.session
        if sess.game.over:
            self.app.say("The game is over.", "info")
            return
        if self.turns.busy:
            self.app.say(self.turns.wait_text(), "info")
            return
        if S.my_options(sess, self.seat):
            self.app.say("It is your turn: click a highlighted zone or ship, or a choice.",
                         "info")
            return

        def then(reps: list[StepReport]) -> None:
            self.app.render(reps)
            self.app.say(f"The bots made {plural(len(reps), 'decision')}.", "ok")

        self.turns.run([], then)

    def on_back(self) -> None:
        """Back while seated: undo to the learner's previous decision."""
        if self.seat is None:
            return
        self.turns.cancel()  # a bot thinking about the position left behind stops
        n = S.back_to_my_turn(self.app.session, self.seat)
        self.picks = []
        if not n:
            self.app.say("Nothing to undo: this is the starting position.", "info")
            return
        told = f"Back to your previous decision ({plural(n, 'step')} undone)."

        def then(reps: list[StepReport]) -> None:
            self.app.render(reps)
            self.app.say(told, "ok")

        self.turns.run([], then)
