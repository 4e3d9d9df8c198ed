"""Card corrections are the visitor's own (the Card data tab).

A correction (file / list / entry id / field = value) is checked for physical bounds here,
then by the card-data loader (:func:`~mrp_tutor.games.mission_red_planet.engine.spec.load_spec`)
with every other
correction of this session; it applies to this session only (the next new game or table),
can be removed, and the whole set downloads as an overrides file.  Only when the operator set
``MRP_TUTOR_OVERRIDES`` is the set also written to that (shared) file.  Nothing here reads the
user's home folder.
"""

from __future__ import annotations

import base64
import copy
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as W
import yaml

from mrp_tutor.core.loader import load_yaml, parse_yaml
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.engine.loading import default_override_path
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec, load_spec
from mrp_tutor.games.mission_red_planet.ui.html import e, status_html
from mrp_tutor.games.mission_red_planet.ui.panels.check_copy import CheckCopyPanel

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.ui.panel import PanelContext, View

MAX_NAME = 40
MAX_TEXT = 300
MAX_LIST = 40
MAX_VALUE_CHARS = 2_000
MAX_CORRECTIONS = 200
# Physical limits of the box: a ship holds at most this many astronauts; counts stay small.
MAX_CAPACITY = 12
MAX_COUNT = 99
KINDS = [("Ships", ("ships", "ships")), ("Zones", ("zones", "zones")),
         ("Characters", ("characters", "characters")),
         ("Discoveries", ("events", "discoveries")), ("Missions", ("events", "missions")),
         ("Actions", ("events", "actions"))]


def operator_path() -> Path | None:
    """The shared override file the operator named (env ``MRP_TUTOR_OVERRIDES``), if any: the
    engine's one override location, which ``load_spec`` and so the CLI read too."""
    return default_override_path()


def operator_corrections() -> dict[str, Any]:
    """The operator's override file as a document ({} when unset, missing or unreadable:
    the app reports a broken file once, at start)."""
    path = operator_path()
    if path is None or not path.exists():
        return {}
    try:
        doc = load_yaml(path)
    except ContentError:
        return {}
    return doc if isinstance(doc, dict) else {}


def check_bounds(field: str, value: Any, depth: int = 0) -> str | None:
    """A sentence when ``value`` is outside what a card can physically say, else None."""
    if depth > 4:
        return f"{field}: nested too deeply"
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, str):
        limit = MAX_NAME if field in ("name", "id", "destination", "kind") else MAX_TEXT
        if len(value) > limit:
            return f"{field}: {len(value):,} characters; at most {limit}"
        return None
    if isinstance(value, int | float):
        if field == "capacity" and not 1 <= value <= MAX_CAPACITY:
            return f"capacity: {value} astronauts; a ship holds 1 to {MAX_CAPACITY}"
        if not -MAX_COUNT <= value <= MAX_COUNT:
            return f"{field}: {value} is beyond the game's counts (at most {MAX_COUNT})"
        return None
    if isinstance(value, list):
        if len(value) > MAX_LIST:
            return f"{field}: {len(value)} items; at most {MAX_LIST}"
        if field == "steps" and not value:
            return "steps: a character keeps at least one step"
        for x in value:
            if (msg := check_bounds(field, x, depth + 1)) is not None:
                return msg
        return None
    if isinstance(value, dict):
        if len(value) > MAX_LIST:
            return f"{field}: {len(value)} keys; at most {MAX_LIST}"
        for k, x in value.items():
            if (msg := check_bounds(str(k)[:40], x, depth + 1)) is not None:
                return msg
        return None
    return f"{field}: a {type(value).__name__} is not card data"


def with_correction(doc: dict[str, Any], file: str, key: str, ident: str, field: str,
                    value: Any) -> dict[str, Any]:
    """A copy of the override document with one more correction (source "my copy")."""
    out = copy.deepcopy(doc)
    lst = out.setdefault(file, {}).setdefault(key, [])
    entry = next((x for x in lst if isinstance(x, dict) and x.get("id") == ident), None)
    if entry is None:
        entry = {"id": ident}
        lst.append(entry)
    entry[field] = value
    entry["source"] = "my copy"
    entry["verified"] = True
    return out


def without_correction(doc: dict[str, Any], file: str, key: str, ident: str,
                       field: str | None = None) -> dict[str, Any]:
    """A copy without one field of an entry (or the whole entry when ``field`` is None)."""
    out = copy.deepcopy(doc)
    lst = out.get(file, {}).get(key, [])
    if key == "adjacency":
        lst = []
    for entry in list(lst):
        if isinstance(entry, dict) and entry.get("id") == ident:
            if field is None:
                lst.remove(entry)
            else:
                entry.pop(field, None)
                if not set(entry) - {"id", "source", "verified"}:
                    lst.remove(entry)
    if not lst:
        out.get(file, {}).pop(key, None)
    if file in out and not out[file]:
        out.pop(file)
    return out


def listing(doc: dict[str, Any]) -> list[tuple[str, tuple[str, str, str, str]]]:
    """(label, (file, key, id, field)) for every corrected field."""
    out = []
    for file, section in doc.items():
        if not isinstance(section, dict):
            continue
        for key, entries in section.items():
            if not isinstance(entries, list):
                continue
            if key == "adjacency":  # replaced whole: one correction
                out.append((f"zones/adjacency: {len(entries)} pairs", (file, key, "", "")))
                continue
            for entry in entries:
                if not isinstance(entry, dict) or "id" not in entry:
                    continue
                for f, v in entry.items():
                    if f in ("id", "source", "verified"):
                        continue
                    text = repr(v) if len(repr(v)) < 40 else repr(v)[:37] + "..."
                    out.append((f"{key}/{entry.get('id')}.{f} = {text}",
                                (file, key, str(entry.get("id")), f)))
    return out


def spec_with(doc: dict[str, Any], ruleset: str = "base") -> GameSpec:
    """The card data with these corrections (no file read but the game's own data).

    Raises:
        ContentError: the corrections do not fit the data rules.
    """
    if not doc:
        return load_spec(ruleset, use_env_overrides=False)
    return load_spec(ruleset, overrides=doc, use_env_overrides=False)


class CorrectionsPanel:
    """The Card data tab: the table of entries, a correction form, this session's list."""

    title = "Card data"

    def __init__(self, ctx: PanelContext) -> None:
        self.ctx = ctx
        self.app = ctx.app
        self.kind = W.Dropdown(description="Cards", options=KINDS, _dom_classes=["mrp-cd-kind"])
        self.table = W.HTML(_dom_classes=["mrp-cards"],
                            layout=W.Layout(max_height="300px", overflow="auto"))
        self.id = W.Dropdown(description="Entry", _dom_classes=["mrp-cd-id"])
        self.field = W.Text(description="Field", placeholder="e.g. capacity",
                            _dom_classes=["mrp-cd-field"])
        self.value = W.Text(description="Value", placeholder="e.g. 3 (YAML)",
                            _dom_classes=["mrp-cd-value"])
        self.save = W.Button(description="Check and keep", _dom_classes=["mrp-save-override"],
                             tooltip="Check the correction and keep it for this session")
        self.out = W.HTML(_dom_classes=["mrp-cd-result"])
        self.mine = W.Dropdown(description="Yours", _dom_classes=["mrp-cd-mine"],
                               layout=W.Layout(width="420px", max_width="100%"))
        self.remove = W.Button(description="Remove", _dom_classes=["mrp-cd-remove"])
        self.download = W.HTML(_dom_classes=["mrp-cd-download"])
        guard = ctx.guard
        self.kind.observe(guard(lambda _c: self.redraw()), names="value")
        self.save.on_click(guard(lambda _b: self.keep()))
        self.remove.on_click(guard(lambda _b: self.drop()))
        row = W.Layout(flex_flow="row wrap")
        self.root = W.VBox([self.kind, self.table,
                            W.HBox([self.id, self.field, self.value, self.save], layout=row),
                            self.out,
                            W.HTML("<b>Your corrections</b> (this session only; they apply to "
                                   "the next new game or table)"),
                            W.HBox([self.mine, self.remove], layout=row), self.download,
                            CheckCopyPanel(ctx, self.commit).root],
                           _dom_classes=["mrp-card-data"])
        self.redraw()

    # ------------------------------------------------------------------ view
    def refresh(self, view: View) -> None:
        """Nothing to redraw when the game moves: the card data change only here."""

    def redraw(self) -> None:
        """The table of entries and this session's corrections."""
        spec = self.app.corrected_spec or self.ctx.spec
        f, key = self.kind.value
        ents = list(getattr(getattr(spec.content, f), key))
        rows = []
        for x in ents:
            data = x.model_dump(exclude={"source", "verified", "notes"})
            data.pop("id", None)
            short = ", ".join(f"{k}={v}" for k, v in data.items()
                              if not isinstance(v, list | dict))[:120]
            cls = "" if x.verified else ' class="mrp-unverified-row"'
            rows.append(f"<tr{cls}><th scope='row'>{e(x.id)}</th><td>{e(short)}</td>"
                        f"<td>{'yes' if x.verified else 'no'}</td><td>{e(x.source)}</td></tr>")
        where = operator_path()
        saved = (f"they are also written to <code>{e(where)}</code> (set by the operator)"
                 if where else "they stay in this browser session (download them to keep them)")
        self.table.value = (
            f"<p>{len(spec.unverified())} entries in all are unverified placeholders. Correct "
            f"an entry to match your copy; {saved}.</p><table class='mrp-table' tabindex='0'>"
            "<thead><tr><th>id</th><th>content</th><th>verified</th><th>source</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>")
        self.id.options = [x.id for x in ents]
        self._show_mine()

    def _show_mine(self) -> None:
        doc = self.app.corrections
        items = listing(doc)
        self.mine.options = [(label, i) for i, (label, _) in enumerate(items)] or [
            ("(none yet)", -1)]
        self.remove.disabled = not items
        if doc:
            text = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)
            b64 = base64.b64encode(text.encode("utf-8")).decode("ascii")
            self.download.value = (f"<a class='mrp-cd-download-link' download='overrides.yaml' "
                                   f"href='data:text/yaml;base64,{b64}'>Download your "
                                   "corrections (overrides file)</a>")
        else:
            self.download.value = ""

    # ------------------------------------------------------------------ changes
    def commit(self, doc: dict[str, Any], done: str) -> bool:
        """Validate the whole set; keep it (and write the operator's file) when it loads."""
        try:
            spec = spec_with(doc, self.ctx.spec.ruleset)
        except ContentError as err:
            msg = (f"Not kept: the correction does not fit the data rules "
                   f"({'; '.join(err.problems[:3])}).")
            self.out.value = status_html(msg, "error")
            self.app.say(msg, "error")
            return False
        self.app.corrections = doc
        self.app.corrected_spec = spec
        path = operator_path()
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True),
                                encoding="utf-8")
                done += f" Written to {path}."
            except OSError as exc:
                done += f" Could not write {path} ({exc.strerror})."
        self.out.value = status_html(done, "ok")
        self.app.say(done, "ok")
        self.redraw()
        return True

    def keep(self) -> None:
        f, key = self.kind.value
        ident, fld = self.id.value, self.field.value.strip()
        if not ident or not fld:
            self.app.say("Choose an entry and name the field to correct.", "error")
            return
        if fld in ("id", "source", "verified") or len(fld) > MAX_NAME:
            self.app.say(f"The field {fld[:MAX_NAME]!r} cannot be corrected.", "error")
            return
        raw = self.value.value
        if len(raw) > MAX_VALUE_CHARS:
            self.app.say(f"The value has {len(raw):,} characters; at most "
                         f"{MAX_VALUE_CHARS:,}.", "error")
            return
        try:
            value = parse_yaml(raw, "value")
        except ContentError as err:
            self.app.say("The value is not valid YAML (write e.g. 3, hellas or [a, b]): "
                         f"{'; '.join(err.problems)}", "error")
            return
        problem = check_bounds(fld, value)
        if problem is not None:
            msg = f"Not kept: {key}/{ident}.{problem}."
            self.out.value = status_html(msg, "error")
            self.app.say(msg, "error")
            return
        if len(listing(self.app.corrections)) >= MAX_CORRECTIONS:
            self.app.say(f"At most {MAX_CORRECTIONS} corrections per session.", "error")
            return
        doc = with_correction(self.app.corrections, f, key, ident, fld, value)
        self.commit(doc, f"Kept: {key}/{ident}.{fld} = {value!r} (your session only). Start a "
                  "new game or use a table to play with it.")

    def drop(self) -> None:
        items = listing(self.app.corrections)
        i = self.mine.value
        if not isinstance(i, int) or not 0 <= i < len(items):
            self.app.say("Choose one of your corrections to remove.", "error")
            return
        label, (file, key, ident, fld) = items[i]
        self.commit(without_correction(self.app.corrections, file, key, ident, fld or None),
                  f"Removed: {label}.")
