"""One message per click: the app board is the hub of every panel a click changes.

ipywidgets sends one comm message per changed widget, and the page handles them one after
another: a Next that touched eight widgets cost eight round trips of browser work.  Here the
board's model (:class:`AppBoard`) also carries the HTML of the status line, the step
counter, countdown, decision, explanation, log, ... and the labels of the legal options.
Each panel on the page is a small view (:class:`LiveHTML`, :class:`OptionPicker`) that reads
its own trait of the hub and redraws only when that text changed.  The app's dispatch path
holds the hub's sync for the whole click, so a click sends at most one hub message holding
only the traits that changed (``widgets/live.js``).

The board, the log and the countdown strip are *wired* (:mod:`.wire`): a click sends what
changed in them (a Next: the new log rows, the zones and ships and the countdown cells that
changed), not their whole value.

Secrets: the hub holds only what the panels show, all built from the current viewer's view,
exactly as the ``W.HTML`` widgets it replaces did; when the view changes (viewer, Referee
mode, a new game) the board and the log are sent whole (:meth:`AppBoard.new_view`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import anywidget
import ipywidgets as W
import traitlets
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mrp_tutor.app.wire import WiredMixin, wired
from mrp_tutor.games.mission_red_planet.explain import Citation
from mrp_tutor.games.mission_red_planet.explain.words import speak_tree
from mrp_tutor.games.mission_red_planet.ui.board import BoardWidget
from mrp_tutor.games.mission_red_planet.ui.html import cite_button_html, paraphrase_html, table_html
from mrp_tutor.resources import widget_esm

# the hub's HTML traits: one per live panel
SLOTS = ("status", "steps", "countdown", "decision", "explain", "seed", "prompt", "log",
         "scores", "text_board")


def _same(text: str) -> str:
    return text


class AppBoard(WiredMixin, BoardWidget):
    """The app's board, also carrying the live panels' content (see the module docstring)."""

    WIRED = ("board", "log", "countdown", "cites")
    board = traitlets.Dict({}).tag(sync=True, to_json=wired("board"))
    # {"head": html, "shell": the table with an empty body, "rows": {log index: "<tr>"}}
    log = traitlets.Dict({}).tag(sync=True, to_json=wired("log"))
    # {rule id: paraphrase HTML}: the rules cited in this view, each sent once; the
    # explanation's citations (buttons) open them in the page
    cites = traitlets.Dict({}).tag(sync=True, to_json=wired("cites"))
    status = traitlets.Unicode("").tag(sync=True)
    steps = traitlets.Unicode("").tag(sync=True)
    # the countdown strip, as LiveRows: a cell per character
    countdown = traitlets.Dict({}).tag(sync=True, to_json=wired("countdown"))
    decision = traitlets.Unicode("").tag(sync=True)
    explain = traitlets.Unicode("").tag(sync=True)
    seed = traitlets.Unicode("").tag(sync=True)
    prompt = traitlets.Unicode("").tag(sync=True)
    scores = traitlets.Unicode("").tag(sync=True)
    text_board = traitlets.Unicode("").tag(sync=True)
    # {"labels": [...], "position": n, "empty": "..."}: the options listed at position n
    options = traitlets.Dict({}).tag(sync=True)
    choices = traitlets.Dict({}).tag(sync=True)  # the same for the seat panel's buttons

    def __init__(self, **kwargs: Any) -> None:
        self._wire_init()
        self._view_key: Any = None
        # the words of the game's ruleset, for every text the hub carries (the app sets it
        # for each game: explain.words.speaker); the HTML itself until then
        self.speak: Callable[[str], str] = _same
        self.show_rule_ids = True  # the app sets it: rule ids for a referee only
        super().__init__(**kwargs)

    def __repr__(self) -> str:
        return "AppBoard()"

    def new_view(self, key: Any) -> None:
        """The panels are about to be drawn for the view ``key`` (viewer, mode, game): when it
        is not the last one, the board and the log go to the page whole, never as a patch of
        another view's."""
        if key != self._view_key:
            self._view_key = key
            self.cites = {}  # only the rules cited for this view from now on
            self.resend_full(self.WIRED)

    @traitlets.validate(*SLOTS)
    def _in_words(self, proposal: Any) -> str:
        return self.speak(proposal["value"])

    @traitlets.validate("log", "countdown")  # (cites: the ruleset's own rules file, as written)
    def _rows_in_words(self, proposal: Any) -> Any:
        return speak_tree(self.speak, proposal["value"])

    def cite_html(self, c: Citation | None) -> str:
        """A citation of the explanation (a button); its paraphrase goes to ``cites``."""
        if c is None:
            return ""
        para = paraphrase_html(c)
        if self.cites.get(c.rule) != para:
            self.cites = {**self.cites, c.rule: para}
        return cite_button_html(c, self.show_rule_ids)

    def _on_custom_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        if not self.on_resync(content):
            super()._on_custom_msg(widget, content, buffers)


class _Slot(anywidget.AnyWidget):
    _esm = widget_esm("morph.js", "wire.js", "tips.js", "live.js")
    # the tabs' tables are laid out only when on screen (below the board, most clicks)
    _css = """
.mrp-options.widget-dropdown { flex-wrap: wrap; align-items: center; height: auto;
  row-gap: 4px; box-sizing: border-box; max-width: 100%; }
.mrp-options.widget-dropdown > select { flex: 1 1 160px; width: auto; min-width: 0;
  box-sizing: border-box; height: var(--jp-widgets-inline-height, 28px); }
.mrp-options .mrp-play { flex: 0 0 auto; width: auto; margin-left: 4px; }
.mrp-log, .mrp-scores, .mrp-text-board { content-visibility: auto;
  contain-intrinsic-size: auto 1200px; }
.mrp-choices { display: flex; flex-direction: column; align-items: stretch; }
.mrp-choices .mrp-choice { width: auto; max-width: 100%; height: auto; margin: 2px; }
.mrp-choice .mrp-choice-detail { display: block; font-size: 12px; color: #333;
  font-weight: normal; margin-top: 2px; }
"""
    hub = traitlets.Instance(AppBoard).tag(sync=True, **W.widget_serialization)
    name = traitlets.Unicode("").tag(sync=True)
    kind = traitlets.Unicode("html").tag(sync=True)

    def __init__(self, hub: AppBoard, name: str, **kwargs: Any) -> None:
        if not hub.has_trait(name):
            raise ValueError(f"the app board has no live panel {name!r}")
        super().__init__(hub=hub, name=name, **kwargs)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


class LiveHTML(_Slot):
    """An HTML panel whose text lives on the hub; ``value`` reads and writes it there."""

    @property
    def value(self) -> str:
        return str(getattr(self.hub, self.name))

    @value.setter
    def value(self, html: str) -> None:
        setattr(self.hub, self.name, html)


class LiveRows(_Slot):
    """A panel of keyed rows wired on the hub (the log, the countdown strip): a click sends
    the new or changed rows only, and the page keeps the node of every unchanged row.

    The trait holds ``{"head", "shell", "rows": {index: html}, "foot", "order"}``: ``shell``
    holds one empty element marked ``data-mrp-rows`` (a ``<tbody>``, ``<ol>`` or ``<ul>``)
    that the rows go into, each one element, in index order (``order`` "asc") or the highest
    first ("desc")."""

    MARK = "data-mrp-rows"

    def __init__(self, hub: AppBoard, name: str, **kwargs: Any) -> None:
        super().__init__(hub, name, kind="rows", **kwargs)

    def show_rows(self, shell: str, rows: list[tuple[int, str]], *, head: str = "",
                  foot: str = "", order: Literal["asc", "desc"] = "desc") -> None:
        """``head``, ``shell`` holding ``rows`` (index, HTML), then ``foot``.

        Raises:
            ValueError: ``shell`` has no (or more than one) element marked ``data-mrp-rows``.
        """
        if shell.count(self.MARK) != 1:
            raise ValueError(f"the shell of {self.name!r} must mark one element {self.MARK}")
        setattr(self.hub, self.name, {"head": head, "shell": shell,
                                      "rows": {str(i): html for i, html in rows},
                                      "foot": foot, "order": order})

    @property
    def value(self) -> str:
        """The HTML the page shows (what ``widgets/live.js`` builds from the trait)."""
        v = getattr(self.hub, self.name)
        if not v:
            return ""
        keys = sorted(v["rows"], key=int, reverse=v.get("order") != "asc")
        rows = "".join(v["rows"][k] for k in keys)
        shell = str(v["shell"])
        at = shell.index(">", shell.index(self.MARK)) + 1  # just inside the marked element
        return str(v["head"]) + shell[:at] + rows + shell[at:] + str(v.get("foot", ""))


class LiveLog(LiveRows):
    """The Log tab's table (trait ``log``): a Next sends its new rows."""

    def __init__(self, hub: AppBoard, **kwargs: Any) -> None:
        super().__init__(hub, "log", **kwargs)

    def show(self, head: str, columns: Any, cls: str, rows: list[tuple[int, str]]) -> None:
        """``head`` then a table of ``rows`` (log index, ``<tr>``), shown highest index first."""
        shell = table_html(columns, [], cls).replace("<tbody>", f"<tbody {self.MARK}>", 1)
        self.show_rows(shell, rows, head=head)


class Pick(BaseModel):
    """A choice as sent by live.js: the index in the list shown at ``position``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["play"]
    index: int = Field(ge=-1, le=10_000)
    position: int = Field(ge=0)


class _Picker(_Slot):
    """A list of labels on the hub (trait ``name``: labels, position, empty text); the
    page sends back the index picked, validated as a :class:`Pick`."""

    def __init__(self, hub: AppBoard, name: str, kind: str, **kwargs: Any) -> None:
        super().__init__(hub, name, kind=kind, **kwargs)
        self._play: list[Callable[[int, int], None]] = []
        self._bad: list[Callable[[str], None]] = []
        self.on_msg(self._on_custom_msg)

    @property
    def labels(self) -> list[str]:
        """The labels shown now (in order)."""
        return list(getattr(self.hub, self.name).get("labels", []))

    @property
    def position(self) -> int:
        return int(getattr(self.hub, self.name).get("position", 0))

    def show(self, labels: list[str], position: int, empty: str = "",
             details: list[str] | None = None) -> None:
        """List ``labels`` (for the position numbered ``position``; ``empty``: no labels;
        ``details``: a line under each label, such as the text of the card it names)."""
        value: dict[str, Any] = {"labels": list(labels), "position": position, "empty": empty}
        if details is not None and any(details):
            value["details"] = list(details)
        setattr(self.hub, self.name, value)

    @property
    def details(self) -> list[str]:
        """The line under each label shown now ("" where none)."""
        return list(getattr(self.hub, self.name).get("details", [""] * len(self.labels)))

    def on_play(self, handler: Callable[[int, int], None]) -> None:
        """Call ``handler(index, position)`` for every valid pick."""
        self._play.append(handler)

    def on_bad_message(self, handler: Callable[[str], None]) -> None:
        self._bad.append(handler)

    def click(self, index: int) -> None:
        """What the page sends when label ``index`` is picked (for tests)."""
        self._on_custom_msg(self, {"kind": "play", "index": index,
                                   "position": self.position}, [])

    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            msg = Pick.model_validate(content)
        except ValidationError:
            for h in self._bad:
                h("The page sent a choice the app does not understand; it was ignored.")
            return
        for handler in self._play:
            handler(msg.index, msg.position)


class OptionPicker(_Picker):
    """The legal options (a labelled select) and "Play this"."""

    def __init__(self, hub: AppBoard, **kwargs: Any) -> None:
        super().__init__(hub, "options", "options", **kwargs)


class ChoiceList(_Picker):
    """The seated learner's few choices, one button each (class ``mrp-choice``)."""

    def __init__(self, hub: AppBoard, **kwargs: Any) -> None:
        super().__init__(hub, "choices", "choices", **kwargs)
