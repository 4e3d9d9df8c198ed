"""The visitor's game kept on the server, so a game survives the loss of its kernel.

When the app is served by :mod:`mrp_tutor.serve`, the server gives every kernel a private
folder (env ``MRP_RECORD_DIR``, readable by the server's user only).  After every click the
kernel writes there what it takes to bring the visitor back to the same decision: the game's
event log (appended, one event a line) and a small header (rules, seat, view, mode, tab).
The record names the kernel, and the server binds each kernel to its visitor's secret
(:mod:`mrp_tutor.serve_owner`), so only that visitor's browser can ask for it back; it never
goes to the page, so the other seats' secrets in the log stay out of the visitor's reach.

When the kernel dies, the page offers one click that loads a fresh page with
``mrp_restore=<old kernel>``; the server checks the visitor owns it and starts the new
kernel with env ``MRP_RESTORE_FROM`` naming the record, which :func:`attach` reads once
(then deletes).  The log comes back through the engine's :func:`~mrp_tutor.engine.game.replay`,
which accepts it only if the rules produce it, like any other log; a record refused for any
reason leaves a fresh game and a sentence saying why.

Only free games of Mission: Red Planet are kept (a scenario or a table loaded by the
referee is set up again from its own file); a game played on the visitor's own card data
corrections is not (they are not kept either).
"""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path
from typing import Any

TutorApp = Any  # the app (mrp_tutor.app.ui.TutorApp; not imported: the app imports this)

log = logging.getLogger(__name__)

RECORD_ENV = "MRP_RECORD_DIR"
RESTORE_ENV = "MRP_RESTORE_FROM"
VERSION = 1
KERNEL_RE = re.compile(r"kernel-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"
                       r"\.json$")
NOT_KEPT = ("it was not kept: only free games are, not a scenario, a table set up in the "
            "Table tab or a game on your own card corrections")
LOST = ("Your earlier game could not be brought back ({why}); this is a new game. Sorry!")


def _kernel_id() -> str | None:
    """This kernel's id (its connection file is ``kernel-<id>.json``), None outside one."""
    try:
        from ipykernel.connect import get_connection_file

        m = KERNEL_RE.search(get_connection_file())
    except Exception:  # not in a kernel (tests, scripts)
        return None
    return m.group(1) if m else None


def _write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a kill mid-write keeps the old one)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


class Recorder:
    """Writes the record of one kernel (``<folder>/<kernel id>.meta.json`` and ``.log``)."""

    def __init__(self, base: Path) -> None:
        self.meta = base.with_name(base.name + ".meta.json")
        self.log = base.with_name(base.name + ".log")
        self._written = 0
        self._last: Any = None  # the last event written (identity: the log it belongs to)

    @classmethod
    def for_this_kernel(cls) -> Recorder | None:
        folder = os.environ.get(RECORD_ENV, "")
        kid = _kernel_id() if folder else None
        if not folder or kid is None or not Path(folder).is_dir():
            return None
        return cls(Path(folder) / kid)

    def save(self, app: TutorApp) -> None:
        """Bring the record up to date with ``app`` (cheap: only new events are written)."""
        from ..engine.codec import event_to_dict

        sess = app.session
        if sess.scenario is not None or sess.spec is app.corrected_spec:
            for p in (self.meta, self.log):  # nothing to bring back
                p.unlink(missing_ok=True)
            self._written, self._last = 0, None
            return
        events = sess.game.log
        n = self._written
        if n and n <= len(events) and events[n - 1] is self._last:
            new = events[n:]
            if new:
                with self.log.open("a", encoding="utf-8") as fh:
                    fh.write("".join(json.dumps(event_to_dict(ev)) + "\n" for ev in new))
        else:
            _write(self.log, "".join(json.dumps(event_to_dict(ev)) + "\n" for ev in events))
        self._written, self._last = len(events), events[-1] if events else None
        seat = app.seat.seat
        _write(self.meta, json.dumps({
            "version": VERSION, "events": len(events), "ruleset": sess.state.ruleset,
            "picker": [str(app.rules.ruleset.value), str(app.rules.players.value)],
            "seat": seat, "viewer": sess.viewer, "referee": sess.referee,
            "tab": app.shown_tab(),
        }))


def attach(app: TutorApp) -> None:
    """Keep ``app``'s record on the server (when served so) and bring back the game the
    server hands over (env ``MRP_RESTORE_FROM``), once."""
    app.recorder = Recorder.for_this_kernel()
    source = os.environ.pop(RESTORE_ENV, "")
    if not source:
        return
    base = Path(source)
    try:
        restore(app, base)
    except Exception as exc:  # a refused record: a fresh game and a sentence
        from ..engine.errors import MrpError

        # not the refusal's own words: they may name another seat's hidden cards
        why = ("its record is not a game the rules produce" if isinstance(exc, MrpError)
               else NOT_KEPT if isinstance(exc, FileNotFoundError)
               else "its record is unreadable")
        log.warning("restore from %s refused: %s", base, exc)
        app.say(LOST.format(why=why), "error")
    finally:
        for p in (base.with_name(base.name + ".meta.json"), base.with_name(base.name + ".log")):
            p.unlink(missing_ok=True)
    app.record_now()


def _read(base: Path) -> tuple[dict[str, Any], list[Any]]:
    from ..engine.events import event_from_dict
    from ..loader import parse_json, read_text, with_limits

    limits = with_limits(max_bytes=8_000_000, max_nodes=2_000_000)
    if not base.with_name(base.name + ".meta.json").exists():
        raise FileNotFoundError(base)  # none was kept (a scenario, say)
    meta = parse_json(read_text(base.with_name(base.name + ".meta.json"),
                                source="game record"), "game record")
    if not isinstance(meta, dict) or meta.get("version") != VERSION:
        raise ValueError("not a game record of this version")
    n = meta.get("events")
    if type(n) is not int or n < 1:
        raise ValueError("no events")
    lines = read_text(base.with_name(base.name + ".log"), source="game record",
                      limits=limits).splitlines()[:n]
    if len(lines) != n:
        raise ValueError("the record's log is shorter than its header says")
    data = parse_json("[" + ",".join(lines) + "]", "game record", limits)
    return meta, [event_from_dict(d) for d in data]


def restore(app: TutorApp, base: Path) -> None:
    """Set ``app`` to the game, seat, view and tab of the record at ``base``.

    Raises:
        ContentError: the log is not one the rules produce (``replay``); ValueError: the
        record is malformed.  Nothing of the app changes then.
    """
    from ..engine.game import Game, replay
    from ..engine.rulesets import find_ruleset

    meta, events = _read(base)
    rules = find_ruleset(str(meta.get("ruleset")))
    base_spec = app.rules.base_spec
    spec = base_spec if rules.data == base_spec.ruleset else rules.spec(use_env_overrides=False)
    state = replay(spec, events, source="game record")  # the rules must produce every event
    if state.ruleset != meta.get("ruleset"):
        raise ValueError("the record's rules differ from its log's")
    seat, viewer = meta.get("seat"), meta.get("viewer")
    if seat is not None and seat not in state.seats:
        raise ValueError("no such seat")
    picker = meta.get("picker")
    if isinstance(picker, list) and len(picker) == 2:
        ruleset, players = picker
        if ruleset in [v for _, v in app.rules.ruleset.options]:
            app.rules.ruleset.value = ruleset
        if players in [str(v) for _, v in app.rules.players.options]:
            app.rules.players.value = next(v for _, v in app.rules.players.options
                                           if str(v) == players)
    app.session.resume(Game(spec, state, list(events)))
    app.session.referee = meta.get("referee") is True
    app.mode.value = "Referee" if app.session.referee else "Tutor"
    app._after_new_position()
    if seat is not None:  # as the seat panel's "Take a seat", without a new game
        app.seat.seat, app.seat.picks = seat, []
        app.session.viewer = seat
        app.refresh_viewers()
        app.viewer.disabled = True
    elif viewer is None or viewer in state.seats:
        app.session.viewer = viewer
        app.refresh_viewers()
    tab = meta.get("tab")
    if isinstance(tab, str) and tab in app.tab_titles():
        app.open_tab(tab)
    app.render([])
    app.say("Your game is back where you left it"
            + (f": you play {seat}." if seat else ".") + " Carry on.", "ok")
