"""The Table tab: the table editor, rulings as summaries, save / load / share, the sheet.

* Save in this browser (localStorage, through :class:`TableTools`), download the scenario
  file, upload one, or copy a short code to paste on another device.  Everything loaded
  (file, code, saved table: all untrusted) goes through the one scenario loader.
* Rulings on the game's position: production as a zone table with totals per colour, the
  final score "if the game ended now".
* The printable sheet (:mod:`.sheet`).

Nothing is filled outside Referee mode: the draft, the file, the code and the sheet show
every player's secret cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import anywidget
import ipywidgets as W
import traitlets
from pydantic import BaseModel, ConfigDict, ValidationError

from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.referee import final_ruling, production_ruling
from mrp_tutor.games.mission_red_planet.scenarios.table_file import (
    MAX_FILE_BYTES,
    decode_table,
    encode_table,
    load_table,
    located_sentence,
    parse_table_text,
    table_yaml,
)
from mrp_tutor.games.mission_red_planet.ui.html import e
from mrp_tutor.games.mission_red_planet.ui.panels.legal_now import LegalNowBox
from mrp_tutor.games.mission_red_planet.ui.panels.rulings import (
    SUMMARY_CSS,
    final_summary_html,
    production_summary_html,
)
from mrp_tutor.games.mission_red_planet.ui.panels.sheet import sheet_for
from mrp_tutor.games.mission_red_planet.ui.panels.table_editor import TableEditor, _button
from mrp_tutor.games.mission_red_planet.ui.panels.table_grid import ZoneGrid
from mrp_tutor.resources import widgets_dir

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.ui.panel import PanelContext, View


class _Saved(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str
    ok: bool = False


class TableTools(anywidget.AnyWidget):
    """Browser side of saving and printing (ES module ``widgets/table_tools.js``).

    ``stored`` comes from the browser (untrusted: decoded and validated before use);
    ``file_text`` and ``sheet`` go to it.
    """

    _esm = widgets_dir() / "table_tools.js"
    _css = """
    .mrp-tt-bar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center;
      margin: 6px 0; }
    .mrp-tt-link { padding: 4px 10px; border: 1px solid #9aa; border-radius: 3px;
      text-decoration: none; color: #1a4f8b; }
    .mrp-tt-saved { color: #555; font-size: 0.9em; }
    """
    stored = traitlets.Unicode("").tag(sync=True)
    _page_writes: ClassVar[frozenset[str]] = frozenset({"stored"})  # app/page_guard.py
    file_text = traitlets.Unicode("").tag(sync=True)
    file_name = traitlets.Unicode("my-table.yaml").tag(sync=True)
    sheet = traitlets.Unicode("").tag(sync=True)

    def __repr__(self) -> str:  # cheap, stable (nbval)
        return "TableTools()"


class TableTab:
    """Editor + rulings + save/load/share + sheet, for one app."""

    title = "Table"

    def __init__(self, ctx: PanelContext) -> None:
        self.ctx = ctx
        self.app = app = ctx.app
        self.editor = TableEditor(app, on_draft=self._draft_changed)
        self.tools = TableTools(_dom_classes=["mrp-tt-widget"])
        self.tools.on_msg(self._from_browser)
        guard = ctx.guard
        self.grid = ZoneGrid(self.editor, app.say, guard, self._grid_changed)
        self.prod_btn = _button("Production ruling", "mrp-tt-production")
        self.final_btn = _button("Score if the game ended now", "mrp-tt-final")
        self.ruling = W.HTML(_dom_classes=["mrp-tt-ruling"])
        self.legal = LegalNowBox(app, ctx.spec, guard, note=self.not_yours)
        self.save_btn = _button("Save in this browser", "mrp-tt-save")
        self.load_saved_btn = _button("Load saved table", "mrp-tt-load-saved")
        self.code_out = W.Textarea(description="Table code", disabled=True, rows=2,
                                   _dom_classes=["mrp-tt-code-out"],
                                   layout=W.Layout(width="100%"))
        self.code_in = W.Text(description="Paste code", placeholder="MRP1:...",
                              _dom_classes=["mrp-tt-code-in"],
                              layout=W.Layout(width="420px", max_width="100%"))
        self.code_btn = _button("Load code", "mrp-tt-load-code")
        self.upload = W.FileUpload(accept=".yaml,.yml,.json", multiple=False,
                                   description="Upload file", _dom_classes=["mrp-tt-upload"])
        self.prod_btn.on_click(guard(lambda _b: self.show_ruling("production")))
        self.final_btn.on_click(guard(lambda _b: self.show_ruling("final")))
        self.save_btn.on_click(guard(lambda _b: self.save()))
        self.load_saved_btn.on_click(guard(lambda _b: self.load_text(self.tools.stored,
                                                                     "saved table")))
        self.code_btn.on_click(guard(lambda _b: self.load_text(self.code_in.value, "code")))
        self.upload.observe(guard(self._uploaded), names="value")
        app.board.on_pick(guard(self.editor.on_pick))
        row = {"flex_flow": "row wrap", "align_items": "center"}
        self.root = W.VBox([
            W.HTML(SUMMARY_CSS),
            W.HTML("<h3>The table at a glance</h3><p>Tap a chip for the round and each "
                   "player's cards, + and \u2212 for astronauts, crews and point tokens, a "
                   "chip for a zone's resource; <i>Use this table</i> below plays on from "
                   "it.</p>"),
            self.grid.widget,
            self.editor.use_box,
            W.HTML("<h3>Advanced: one part at a time</h3>"),
            self.editor.root,
            W.HTML("<h3>Rulings on the table in play</h3>"),
            W.HBox([self.prod_btn, self.final_btn], layout=W.Layout(**row)),
            self.ruling,
            self.legal.root,
            W.HTML("<h3>Save, load, share, print</h3>"),
            W.HBox([self.save_btn, self.load_saved_btn, self.upload], layout=W.Layout(**row)),
            self.tools,
            self.code_out,
            W.HBox([self.code_in, self.code_btn], layout=W.Layout(**row)),
        ], _dom_classes=["mrp-table-tab"])

    # ------------------------------------------------------------------ refresh
    def refresh(self, view: View) -> None:
        """The tab is shown, the game moved, or the mode changed."""
        if not self.app.session.referee:
            self.editor.clear()
            self.ruling.value = ""
            self.code_out.value = ""
            self.code_in.value = ""
            self.tools.file_text = ""
            self.tools.sheet = ""
            self.grid.refresh()  # empty: the draft is gone
            self.legal.refresh()
            return
        self.editor.take_from_game()
        self.grid.refresh()
        self.legal.refresh()
        self.tools.sheet = sheet_for(self.app)

    def start_blank(self) -> None:
        """The Referee door: a table where nothing is known yet (issue 36), unless the table
        in play is one the referee entered (it is theirs) or the draft has pending edits."""
        entered = bool(getattr(self.app.session.scenario, "entered", False))
        if not self.app.session.referee or entered or self.editor.dirty:
            return
        self.editor.start_blank()
        self.grid.refresh()

    def _grid_changed(self, _where: str, text: str) -> None:
        """A tap in the zones grid changed the draft (pending until "Use this table")."""
        ed = self.editor
        ed.dirty = True
        ed.show_all()  # the forms below follow the tap (colours, stage, the open zone)
        problems = ed.validate()
        self._draft_changed()
        self.app.say(f"{text} Not legal yet: {problems[0]}" if problems else
                     f"{text} The table as entered is legal; press Use this table.",
                     "error" if problems else "ok")

    def _draft_changed(self) -> None:
        self.grid.refresh()
        self.legal.refresh()  # its "not your table" line follows the pending entry
        if not self.editor.pos:
            return
        doc = self.editor.document()
        self.tools.file_text = table_yaml(doc)
        self.code_out.value = encode_table(doc)

    # ------------------------------------------------------------------ rulings
    def show_ruling(self, which: str) -> None:
        app, spec = self.app, self.ctx.spec
        if not app.session.referee:  # the final score shows every colour's secret missions
            app.say("Switch to Referee mode for rulings on the whole table.", "error")
            return
        if self.editor.dirty:  # the referee's entry is not the table the ruling would be on
            self.ruling.value = ""
            app.say(f"Your table above is not in play yet: press Use this table, then ask for "
                    f"the {which} ruling again (a ruling is on the table in play).", "error")
            return
        state = app.session.state
        if which == "production":
            html = production_summary_html(
                spec, production_ruling(spec, state, unknown=app.session.unknowns))
        else:
            html = final_summary_html(spec, final_ruling(spec, state,
                                                         unknown=app.session.unknowns),
                                      running=state.stage != "over")
        self.ruling.value = self.not_yours() + html
        app.say(f"{which.capitalize()} ruling on the table in play.", "ok")

    def not_yours(self) -> str:
        """Above a ruling or "Legal now" on a table the referee did not enter or load (the
        app's own game: a lesson or a seeded setup): said, so that none of its facts passes
        for the referee's own ('' for the referee's table)."""
        if getattr(self.app.session.scenario, "entered", False):
            return ""
        pending = (" Your entry above is not in play yet: press Use this table."
                   if self.editor.dirty else
                   " To rule on your own table, enter it above and press Use this table.")
        return ("<p class='mrp-tt-not-yours'><b>Not your table:</b> this is the app's own "
                "game (a lesson or a seeded setup), not a table you entered or loaded; its "
                "hidden resources and cards come from that setup." + pending + "</p>")

    # ------------------------------------------------------------------ save / load
    def save(self) -> None:
        if not self.app.session.referee or not self.editor.pos:
            self.app.say("Switch to Referee mode to save the table.", "error")
            return
        problems = self.editor.validate()
        if problems:
            self.app.say(f"Not saved: {problems[0]}", "error")
            return
        self.tools.send({"kind": "save", "text": encode_table(self.editor.document())})

    def _from_browser(self, _w: Any, content: Any, _buffers: Any) -> None:
        try:
            msg = _Saved.model_validate(content)
        except ValidationError:
            return
        if msg.kind == "saved":
            self.app.say("Saved in this browser: it is still here after a reload (Load saved "
                         "table)." if msg.ok else "This browser refused to save (storage "
                         "full or disabled); download the file instead.",
                         "ok" if msg.ok else "error")

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"] or ()
        if not files:
            return
        f = files[0]
        size = int(f.get("size", 0) or 0)
        if size > MAX_FILE_BYTES:
            self.app.say(f"The file has {size:,} bytes; a table file is at most "
                         f"{MAX_FILE_BYTES:,}.", "error")
            return
        try:
            data = parse_table_text(bytes(f["content"]), str(f.get("name", "file"))[:60])
        except ContentError as err:
            self.app.say(f"Not loaded: {err.problems[0]}", "error")
            return
        self._use(data, "file")

    def load_text(self, text: str, what: str) -> None:
        if not self.app.session.referee:
            self.app.say("Switch to Referee mode to load a table.", "error")
            return
        if not text:
            self.app.say(f"There is no {what} to load.", "error")
            return
        try:
            data = decode_table(text, what)
        except ContentError as err:  # the hardened loader's sentence, its field named
            self.app.say(f"Not loaded: {located_sentence(self.ctx.spec, err.problems[0])}",
                         "error")
            return
        self._use(data, what)

    def _use(self, data: Any, what: str) -> None:
        if not self.app.session.referee:
            self.app.say("Switch to Referee mode to load a table.", "error")
            return
        if isinstance(data, dict) and "overrides" not in data and self.app.corrections:
            data = {**data, "overrides": self.app.corrections}
        try:
            sc = load_table(data, what)
        except ContentError as err:
            first = located_sentence(self.ctx.spec, err.problems[0],
                                     data.get("position") if isinstance(data, dict) else None)
            more = f" ({len(err.problems) - 1} more)" if len(err.problems) > 1 else ""
            self.app.say(f"Not loaded: {first}{more}", "error")
            return
        self.app.use_table(sc, f"Table loaded from the {what}: rulings and Next start from it.")
        self.code_in.value = ""
        self.editor.load_document(sc.doc.model_dump(mode="json", exclude_none=True))
        self.editor.dirty = False
        self.editor.base_step = (len(self.app.session.game.log)
                                 + len(self.app.session.history))
        self.editor.problems.value = f"<p class='mrp-te-ok'>{e('This table is in play.')}</p>"
