"""The visitor's game kept on the server, so a game survives the loss of its kernel.

When the app is served by :mod:`mrp_tutor.serve.server`, the server gives every kernel a private
folder (env ``MRP_RECORD_DIR``, readable by the server's user only).  After every click the
kernel writes there what it takes to bring the visitor back to the same decision: the game's
event log (appended, one event a line) and a small header (rules, seat, view, mode, tab).
The record names the kernel, and the server binds each kernel to its visitor's secret
(:mod:`mrp_tutor.serve.owner`), so only that visitor's browser can ask for it back; it never
goes to the page, so the other seats' secrets in the log stay out of the visitor's reach.

The record also keeps the undo stack (each step's log length and scenario step, and what the
stepper said about it), so *Back* and the seat's "undo to my turn" work as before, and
where the game began: a free game (its log starts at ``game_started``), a scenario of the
shipped library (by id: it is set up again from the server's own file) or a table the
referee entered or loaded (its document, checked again by the hardened scenario loader).

When the kernel dies, the page offers one click that loads a fresh page with
``mrp_restore=<old kernel>``; the server checks the visitor owns it and starts the new
kernel with env ``MRP_RESTORE_FROM`` naming the record, which :func:`attach` reads once
(then deletes).  The log comes back through the engine's
:func:`~mrp_tutor.games.mission_red_planet.engine.game.replay`,
which accepts it only if the rules produce it, like any other log (a scenario's or a
table's log from its position on,
:func:`~mrp_tutor.games.mission_red_planet.engine.replay.rederive_from`); a record
refused for any reason leaves a fresh game and a sentence saying why.  An undo step is
rebuilt the same way when *Back* reaches it.

A game played on the visitor's own card data corrections is not kept (they are not kept
either), nor one with referee edits in its log (no rule produces an edit: the record is
refused and says so).

**Another game's panel** (the game picker's, :mod:`.picker`) is kept too when it can keep its
game: a panel with ``keep()`` (its game as plain data, for the server only), ``bring_back(data)``
(plays it again through its own loader and rules; raises when they refuse it) and a
``changed`` hook it calls after every change.  All such games and the one shown go in
``<kernel id>.games.json``; a game refused on the way back leaves that game fresh and a
sentence.
"""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path
from typing import Any

from mrp_tutor.app.keep import GAME_LOST as GAME_LOST
from mrp_tutor.app.keep import GAMES_SUFFIX as GAMES_SUFFIX
from mrp_tutor.app.keep import RECORD_ENV as RECORD_ENV
from mrp_tutor.app.keep import RESTORE_ENV as RESTORE_ENV
from mrp_tutor.app.keep import VERSION as VERSION
from mrp_tutor.app.keep import bring_back_games as shell_bring_back_games
from mrp_tutor.app.keep import keep_games as shell_keep_games
from mrp_tutor.app.keep import save_games, write_whole
from mrp_tutor.app.picker import GamePicker

# the app (ui.tutor_app.TutorApp; not imported: the app imports this)
TutorApp = Any

log = logging.getLogger(__name__)

KERNEL_RE = re.compile(r"kernel-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"
                       r"\.json$")
NOT_KEPT = ("it was not kept: a game on your own card corrections is not")
MAX_WHY = 4000  # characters of one step's explanation brought back
LOST = ("Your earlier game could not be brought back ({why}); this is a new game. Sorry!")


def _kernel_id() -> str | None:
    """This kernel's id (its connection file is ``kernel-<id>.json``), None outside one."""
    try:
        from ipykernel.connect import get_connection_file

        m = KERNEL_RE.search(get_connection_file())
    except Exception:  # not in a kernel (tests, scripts)
        return None
    return m.group(1) if m else None


_write = write_whole


class Recorder:
    """Writes the record of one kernel (``<folder>/<kernel id>.meta.json``, ``.log`` and
    ``.steps``)."""

    def __init__(self, base: Path) -> None:
        self.meta = base.with_name(base.name + ".meta.json")
        self.log = base.with_name(base.name + ".log")
        self.steps = base.with_name(base.name + ".steps")
        self.games = base.with_name(base.name + GAMES_SUFFIX)
        self._kept: dict[Path, tuple[int, Any]] = {}  # file -> (lines written, last item)

    @classmethod
    def for_this_kernel(cls) -> Recorder | None:
        folder = os.environ.get(RECORD_ENV, "")
        kid = _kernel_id() if folder else None
        if not folder or kid is None or not Path(folder).is_dir():
            return None
        return cls(Path(folder) / kid)

    def _lines(self, path: Path, items: list[Any], line: Any) -> None:
        """Bring ``path`` (one JSON line per item) up to date with ``items``: only new
        items are appended while the ones written are still the list's (identity)."""
        n, last = self._kept.get(path, (0, None))
        if n and n <= len(items) and items[n - 1] is last:
            if len(items) > n:
                with path.open("a", encoding="utf-8") as fh:
                    fh.write("".join(json.dumps(line(x)) + "\n" for x in items[n:]))
        else:
            _write(path, "".join(json.dumps(line(x)) + "\n" for x in items))
        self._kept[path] = (len(items), items[-1] if items else None)

    def save(self, app: TutorApp) -> None:
        """Bring the record up to date with ``app`` (cheap: only new events are written)."""
        from mrp_tutor.games.mission_red_planet.engine.codec import event_to_dict

        sess = app.session
        if sess.spec is app.corrected_spec:
            for p in (self.meta, self.log, self.steps):  # nothing to bring back
                p.unlink(missing_ok=True)
            self._kept.clear()
            return
        events = sess.game.log
        self._lines(self.log, events, event_to_dict)
        self._lines(self.steps, sess.reports, _report_line)
        seat = app.seat.seat
        _write(self.meta, json.dumps({
            "version": VERSION, "events": len(events), "ruleset": sess.state.ruleset,
            "picker": [str(app.rules.ruleset.value), str(app.rules.players.value)],
            "seat": seat, "viewer": sess.viewer, "referee": sess.referee,
            "tab": app.shown_tab(), "start": _start_of(app),
            "scenario_pos": sess.scenario_pos, "reports": len(sess.reports),
            "undo": [_undo_mark(entry) for entry in sess.history],
        }))


    def save_games(self, picker: GamePicker) -> None:
        """Bring the other games' record up to date (the picker's panels that keep theirs)."""
        save_games(self.games, picker)


def keep_games(app: TutorApp, picker: GamePicker) -> None:
    """Keep the picker's other games on the server: after each change of one and each pick."""

    def save() -> None:
        if app.recorder is not None:
            app.record_now()  # the server hands a record over only with its game's header
            try:
                app.recorder.save_games(picker)
            except Exception:  # a full disk must not stop the game
                log.exception("the games' record was not written")

    shell_keep_games(picker, save)


def bring_back_games(app: TutorApp, picker: GamePicker, base: Path) -> None:
    """The other games of the record at ``base`` played again, and the one shown shown."""
    shell_bring_back_games(picker, base, lambda text: app.say(text, "error"))


def _start_of(app: TutorApp) -> dict[str, Any] | None:
    """Where the game began: None (a free game), a library scenario's id or a table's
    document."""
    sc = app.session.scenario
    if sc is None:
        return None
    if any(sc is known for known in app.scenarios):
        return {"scenario": sc.id}
    return {"table": sc.doc.model_dump(mode="json", exclude_none=True)}


def _undo_mark(entry: Any) -> list[int]:
    """An undo entry as [log length, scenario step] (one brought back and not yet used
    is one already)."""
    if isinstance(entry, UndoMark):
        return [entry.events, entry.pos]
    game, pos = entry
    return [len(game.log), pos]


def _report_line(rep: Any) -> dict[str, Any]:
    from mrp_tutor.games.mission_red_planet.engine.intents import intent_to_dict

    return {"actor": rep.actor, "why": rep.why, "events": len(rep.events),
            "secret": rep.secret,
            "intent": intent_to_dict(rep.intent) if rep.intent is not None else None}


class UndoMark:
    """An undo entry brought back from a record: the game is rebuilt when *Back* takes it."""

    __slots__ = ("events", "pos")

    def __init__(self, events: int, pos: int) -> None:
        self.events, self.pos = events, pos


class RestoredHistory(list):  # type: ignore[type-arg]  # Session.history: (Game, step) pairs
    """The undo stack of a game brought back: its entries are :class:`UndoMark` until one is
    taken; ``make(n)`` rebuilds the game of the log's first ``n`` events then (through the
    same re-derivation the whole log passed)."""

    def __init__(self, marks: list[UndoMark], make: Any) -> None:
        super().__init__(marks)
        self._make = make

    def pop(self, index: Any = -1) -> Any:
        got = super().pop(index)
        return (self._make(got.events), got.pos) if isinstance(got, UndoMark) else got


def attach(app: TutorApp, picker: GamePicker | None = None) -> None:
    """Keep ``app``'s record (and the other games of the game ``picker``) on the server (when
    served so) and bring back the games the server hands over (env ``MRP_RESTORE_FROM``),
    once."""
    app.recorder = Recorder.for_this_kernel()
    if picker is not None:
        keep_games(app, picker)
    source = os.environ.pop(RESTORE_ENV, "")
    if not source:
        return
    base = Path(source)
    try:
        restore(app, base)
    except Exception as exc:  # a refused record: a fresh game and a sentence
        from mrp_tutor.games.mission_red_planet.engine.errors import MrpError

        # not the refusal's own words: they may name another seat's hidden cards
        why = ("its record is not a game the rules produce" if isinstance(exc, MrpError)
               else NOT_KEPT if isinstance(exc, FileNotFoundError)
               else "its record is unreadable")
        log.warning("restore from %s refused: %s", base, exc)
        app.say(LOST.format(why=why), "error")
    finally:
        if picker is not None:
            try:
                bring_back_games(app, picker, base)
            except Exception as exc:  # a malformed games record: those games start afresh
                log.warning("restore of the other games from %s refused: %s", base, exc)
                app.say(GAME_LOST.format(game="other", why="its record is unreadable"),
                        "error")
        for suffix in (".meta.json", ".log", ".steps", GAMES_SUFFIX):
            base.with_name(base.name + suffix).unlink(missing_ok=True)
    app.record_now()
    if picker is not None and app.recorder is not None:
        app.recorder.save_games(picker)


def _read(base: Path) -> tuple[dict[str, Any], list[Any], list[Any]]:
    """The record's header, its events and its steps' lines (each checked for shape)."""
    from mrp_tutor.core.loader import parse_json, read_text, with_limits
    from mrp_tutor.games.mission_red_planet.engine.events import event_from_dict

    limits = with_limits(max_bytes=8_000_000, max_nodes=2_000_000)
    if not base.with_name(base.name + ".meta.json").exists():
        raise FileNotFoundError(base)  # none was kept (own card corrections)
    meta = parse_json(read_text(base.with_name(base.name + ".meta.json"),
                                source="game record", limits=limits), "game record", limits)
    if not isinstance(meta, dict) or meta.get("version") != VERSION:
        raise ValueError("not a game record of this version")
    n = meta.get("events")
    if type(n) is not int or n < 0:
        raise ValueError("no events")
    lines = read_text(base.with_name(base.name + ".log"), source="game record",
                      limits=limits).splitlines()[:n]
    if len(lines) != n:
        raise ValueError("the record's log is shorter than its header says")
    data = parse_json("[" + ",".join(lines) + "]", "game record", limits)
    k = meta.get("reports", 0)
    steps_file = base.with_name(base.name + ".steps")
    steps: list[Any] = []
    if type(k) is int and k > 0 and steps_file.exists():
        got = read_text(steps_file, source="game record", limits=limits).splitlines()[:k]
        steps = parse_json("[" + ",".join(got) + "]", "game record", limits) if got else []
    return meta, [event_from_dict(d) for d in data], steps


def _rebuild(app: TutorApp, meta: dict[str, Any], events: list[Any]) -> tuple[Any, Any, Any]:
    """(the game, ``make(n)``: the game of its first ``n`` events, the scenario or None),
    every event re-derived by the rules."""
    from mrp_tutor.games.mission_red_planet.engine.codec import event_to_dict
    from mrp_tutor.games.mission_red_planet.engine.game import Game, replay
    from mrp_tutor.games.mission_red_planet.engine.replay import rederive_from
    from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset
    from mrp_tutor.games.mission_red_planet.scenarios.table_file import load_table

    start = meta.get("start")
    if start is None:  # a free game: its log starts at game_started
        rules = find_ruleset(str(meta.get("ruleset")))
        base_spec = app.rules.base_spec
        spec = (base_spec if rules.data == base_spec.ruleset
                else rules.spec(use_env_overrides=False))
        state = replay(spec, events, source="game record")
        if state.ruleset != meta.get("ruleset"):
            raise ValueError("the record's rules differ from its log's")

        def make_free(n: int) -> Any:
            return Game(spec, replay(spec, events[:n], source="game record"), events[:n])

        return Game(spec, state, list(events)), make_free, None
    if not isinstance(start, dict) or len(start) != 1:
        raise ValueError("not a start this record knows")
    if "scenario" in start:  # the server's own library file, by id
        sc = next((x for x in app.scenarios if x.id == start["scenario"]), None)
        if sc is None:
            raise ValueError("no such scenario in the library")
    elif "table" in start:  # the table's document, through the hardened scenario loader
        sc = load_table(start["table"], "game record")
    else:
        raise ValueError("not a start this record knows")
    first = sc.build()
    nb = len(first.log)
    if [event_to_dict(e) for e in first.log] != [event_to_dict(e) for e in events[:nb]]:
        raise ValueError("the record's log does not start at its position")

    def make(n: int) -> Any:
        g = sc.build()
        return Game(g.spec, rederive_from(g.spec, g.state, events[:n], nb, "game record"),
                    events[:n])

    return make(len(events)), make, sc


def _undo(meta: dict[str, Any], n_events: int, low: int, top_pos: int) -> list[UndoMark]:
    from mrp_tutor.games.mission_red_planet.ui.session import MAX_UNDO

    marks = meta.get("undo", [])
    if not isinstance(marks, list) or len(marks) > MAX_UNDO:
        raise ValueError("undo: not a list of steps")
    out: list[UndoMark] = []
    for m in marks:
        if (not isinstance(m, list) or len(m) != 2 or any(type(x) is not int for x in m)
                or not low <= m[0] <= n_events or not 0 <= m[1] <= top_pos
                or (out and (m[0] < out[-1].events or m[1] < out[-1].pos))):
            raise ValueError("undo: a step outside the game")
        out.append(UndoMark(m[0], m[1]))
    return out


def _reports(steps: list[Any], events: list[Any], seats: Any) -> list[Any]:
    """The stepper's reports of the steps played, their events the log's last ones."""
    from mrp_tutor.games.mission_red_planet.engine.intents import intent_from_dict
    from mrp_tutor.games.mission_red_planet.ui.session import StepReport

    out: list[Any] = []
    end = len(events)
    for line in reversed(steps):
        if not isinstance(line, dict):
            raise ValueError("steps: not a step")
        k, actor, why = line.get("events"), line.get("actor"), line.get("why")
        if (type(k) is not int or not 0 <= k <= end or not isinstance(why, str)
                or (actor is not None and actor not in seats)
                or type(line.get("secret")) is not bool):
            raise ValueError("steps: a step outside the game")
        raw = line.get("intent")
        intent = intent_from_dict(raw) if raw is not None else None
        out.append(StepReport(actor, intent, why[:MAX_WHY], events[end - k:end],
                              secret=line["secret"]))
        end -= k
    out.reverse()
    return out


def restore(app: TutorApp, base: Path) -> None:
    """Set ``app`` to the game, undo stack, seat, view and tab of the record at ``base``.

    Raises:
        ContentError: the log is not one the rules produce (``replay``); ValueError: the
        record is malformed.  Nothing of the app changes then.
    """
    meta, events, steps = _read(base)
    if not events:
        raise ValueError("no events")
    game, make, sc = _rebuild(app, meta, events)
    state = game.state
    seat, viewer = meta.get("seat"), meta.get("viewer")
    if seat is not None and seat not in state.seats:
        raise ValueError("no such seat")
    pos = meta.get("scenario_pos", 0)
    if type(pos) is not int or not 0 <= pos <= (len(sc.steps) if sc is not None else 0):
        raise ValueError("no such scenario step")
    low = len(sc.build().log) if sc is not None else 1
    marks = _undo(meta, len(events), low, pos)
    reports = _reports(steps, events, state.seats)
    _set_up(app, meta, sc, game)
    sess = app.session
    sess.spec, sess.game, sess.scenario_pos = game.spec, game, pos
    sess.history = RestoredHistory(marks, make)
    sess.reports = reports
    sess.referee = meta.get("referee") is True
    app.mode.value = "Referee" if sess.referee else "Tutor"
    app._after_new_position()
    if seat is not None:  # as the seat panel's "Take a seat", without a new game
        app.seat.seat, app.seat.picks = seat, []
        sess.viewer = seat
        app.refresh_viewers()
        app.viewer.disabled = True
    elif viewer is None or viewer in state.seats:
        sess.viewer = viewer
        app.refresh_viewers()
    tab = meta.get("tab")
    if isinstance(tab, str) and tab in app.tab_titles():
        app.open_tab(tab)
    app.render([])
    app.say("Your game is back where you left it"
            + (f": you play {seat}." if seat else ".") + " Carry on.", "ok")


def _set_up(app: TutorApp, meta: dict[str, Any], sc: Any, game: Any) -> None:
    """The header and panels as the game's start set them (the picker, the scenario or
    table loaded), then ``game`` in play."""
    if sc is None:
        picker = meta.get("picker")
        if isinstance(picker, list) and len(picker) == 2:
            ruleset, players = picker
            if ruleset in [v for _, v in app.rules.ruleset.options]:
                app.rules.ruleset.value = ruleset
            if players in [str(v) for _, v in app.rules.players.options]:
                app.rules.players.value = next(v for _, v in app.rules.players.options
                                               if str(v) == players)
        app.session.resume(game)
    elif "scenario" in meta["start"]:
        app.scenario.value = sc.id
        app.on_load_scenario()
    else:
        app.use_table(sc, "The table is back.")
