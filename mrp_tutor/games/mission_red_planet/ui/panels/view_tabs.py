"""Read-only tabs: Log, Scores, Text board and Rules search.

Each is built on first open and refreshed from the session's view for the current viewer,
so a tab holds only what that viewer may see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as W

from mrp_tutor.core.extras import have, sentence
from mrp_tutor.games.mission_red_planet import tables
from mrp_tutor.games.mission_red_planet.explain import explain_event, search_rules
from mrp_tutor.games.mission_red_planet.explain.options import ship_name
from mrp_tutor.games.mission_red_planet.ui.html import (
    e,
    frame_html,
    race_html,
    row_html,
    text_board_html,
)
from mrp_tutor.games.mission_red_planet.ui.live import LiveHTML, LiveLog

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.ui.panel import PanelContext, View

LOG_TAIL = 60  # log rows shown (the latest first)
# a learner reads what happened and the rulebook section it follows (issue 26); the event's
# number, its kind as the code names it and its rule id are the referee's (tables.LOG_COLUMNS)
LEARNER_LOG_COLUMNS = ("round", "what_happened", "rulebook_section")


def log_row(spec: Any, shown: Any, n: int, rnd: int, referee: bool) -> tuple[Any, ...]:
    """One Log row: ``tables.event_rows``'s for a referee; round, sentence and section for a
    learner."""
    if referee:
        return tables.event_rows(spec, [shown], start=n, rounds=[rnd])[0]
    ex = explain_event(spec, shown)
    return rnd, ex.text, ex.citation.section if ex.citation else ""


def _starts_round(ev: Any) -> bool:
    return bool(ev.type == "track_advanced" and getattr(ev, "kind", "") == "round")


def log_start_round(events: list[Any], state: Any) -> int:
    """The round the log begins in: 0 for a game logged from its setup; for a table loaded
    mid-game (its log starts at the table, not at the setup) the table's round, that is the
    round before the first round the log starts, or the state's round when none has."""
    first = next((ev for ev in events if _starts_round(ev)), None)
    if first is not None:
        return max(0, int(first.number) - 1)
    return int(state.round)


def event_rounds(events: list[Any], known: list[int] | None = None, start: int = 0) -> list[int]:
    """The round each event happened in (``start``, 0 for a game logged from its setup,
    before the first round the log starts: :func:`log_start_round`); ``known``: the rounds of
    the first events, already worked out (only the rest are looked at)."""
    out = list(known or [])[:len(events)]
    r = out[-1] if out else start
    for ev in events[len(out):]:
        if _starts_round(ev):
            r = ev.number
        out.append(r)
    return out


def log_head(referee: bool, events: int, shown: int) -> tuple[str, tuple[str, ...]]:
    """The line above the Log's table and its columns (a learner reads no counter)."""
    if referee:
        return f"<div>{events} events; the latest {shown} first.</div>", tables.LOG_COLUMNS
    tail = " (only the most recent)." if shown < events else "."
    return f"<div>What happened, the latest first{tail}</div>", LEARNER_LOG_COLUMNS


def log_class(referee: bool) -> str:
    """The Log table's classes: a learner's (three columns) stacks its section under what
    happened on a phone (``mrp-log-learner``, :data:`..html.APP_CSS`)."""
    return "mrp-log-table" if referee else "mrp-log-table mrp-log-learner"


class LogTab:
    """The latest events as a table, the newest first."""

    title = "Log"

    def __init__(self, ctx: PanelContext) -> None:
        self.ctx = ctx
        self.html = LiveLog(ctx.board, _dom_classes=["mrp-log"])
        self.root = W.VBox([self.html])
        # log index -> (the event as shown, its round, its <tr>, the event logged, who saw
        # it): a row is rendered again only when what the viewer sees of it changed (compared
        # field by field, never by identity)
        self._rows: dict[int, tuple[Any, int, str, Any, Any]] = {}
        self._rounds: list[int] = []  # event_rounds of the log last shown ...
        self._round_of: list[Any] = []  # ... and its events

    def refresh(self, view: View) -> None:
        sess, spec = self.ctx.session, self.ctx.spec
        self.ctx.board.new_view((sess.viewer, sess.referee, sess.epoch))
        evs = sess.game.log
        # the rounds worked out last time hold for the events this log shares with that one:
        # a log only grows (Next, an edit) or is cut back to an earlier history (Back), and a
        # new game or scenario has new events (so its first differs)
        n = min(len(self._rounds), len(evs))
        if n and (self._round_of[0] is not evs[0] or self._round_of[n - 1] is not evs[n - 1]):
            n = 0
        start_round = log_start_round(evs, sess.game.state)
        if n and event_rounds(evs[:1], start=start_round) != self._rounds[:1]:
            n = 0  # the log's first round changed (a loaded table): work it out again
        rounds = self._rounds = event_rounds(evs, self._rounds[:n], start_round)
        self._round_of = list(evs)
        start = max(0, len(evs) - LOG_TAIL)
        # what redacting an event depends on besides the event (engine.secrecy.redact): the
        # same logged event seen by the same viewer, with the same controllers, shows the same
        seen = (sess.viewer, sess.referee, spec,
                tuple((c, seat.controller) for c, seat in sess.game.state.seats.items()))
        body = []
        for i in range(len(evs) - 1, start - 1, -1):
            hit = self._rows.get(i)
            if hit is None or hit[3] is not evs[i] or hit[4] != seen or hit[1] != rounds[i]:
                shown = sess.visible(evs[i])
                if (hit is None or hit[1] != rounds[i] or hit[0] != shown
                        or hit[4][1] != sess.referee):  # the referee's row has more columns
                    row = log_row(spec, shown, i, rounds[i], sess.referee)
                    hit = (shown, rounds[i], row_html(row), evs[i], seen)
                self._rows[i] = hit = (*hit[:3], evs[i], seen)
            body.append((i, hit[2]))
        head, columns = log_head(sess.referee, len(evs), len(body))
        self.html.show(head, columns, log_class(sess.referee), body)


# why a zone's leaders lead (the plain majority; what a tie does depends on the rules played)
LEAD_WHY = {"production.majority": "most astronauts", "production.tie": "tied for most",
            "production.empty": "nobody there"}


def names(spec: Any, ids: str) -> str:
    """A comma-separated list of card, zone or character ids as their names."""
    return ", ".join(spec.card_name(x) for x in ids.split(", ")) if ids else ""


class ScoresTab:
    """Scoreboard, majority race, ships and (at the end) the final breakdown."""

    title = "Scores"

    def __init__(self, ctx: PanelContext) -> None:
        self.ctx = ctx
        self.html = LiveHTML(ctx.board, "scores", _dom_classes=["mrp-scores"])
        self.root = W.VBox([self.html])

    def refresh(self, view: View) -> None:
        if not have("pandas"):  # the tables are pandas read models (tables.py)
            self.html.value = (f'<p class="mrp-needs-full-app">'
                               f'{e(sentence("The Scores tables", "insights"))} The board, '
                               f'the Text board tab and the Log show the same position.</p>')
            return
        spec = self.ctx.spec
        sb = tables.scoreboard(view, spec.point_values)
        mj = tables.majorities(view, spec)
        br = tables.score_breakdown(view)
        sh = tables.ships_table(view)
        # the read models hold ids; a visitor reads names
        sb["played"] = [names(spec, p) for p in sb["played"]]
        sh["destination"] = [names(spec, d) for d in sh["destination"]]
        sh["tokens"] = [names(spec, t) for t in sh["tokens"]]
        sh["ship"] = [ship_name(x) for x in sh["ship"]]
        mj = mj.rename(columns={"rule": "why"})
        mj["why"] = [LEAD_WHY.get(r, r) for r in mj["why"]]
        parts = [frame_html(sb, "mrp-scoreboard", "Scoreboard (point tokens and astronauts)"),
                 "<b>Majority race</b>", race_html(mj, view["order"]),
                 frame_html(mj.drop(columns=["zone", "kind"]), "mrp-majorities",
                            "Majority per zone (who leads it now)"),
                 frame_html(sh, "mrp-ships", "Ships")]
        if not br.empty:
            parts.append(frame_html(br, "mrp-breakdown", "Final score breakdown"))
        self.html.value = "".join(parts)


class TextBoardTab:
    """The board as text (for screen readers and small screens)."""

    title = "Text board"

    def __init__(self, ctx: PanelContext) -> None:
        self.ctx = ctx
        self.html = LiveHTML(ctx.board, "text_board", _dom_classes=["mrp-text-board"])
        self.root = W.VBox([self.html])

    def refresh(self, view: View) -> None:
        self.html.value = text_board_html(self.ctx.spec, view)


class RulesTab:
    """Search the rules file; each hit names its rulebook section and rule id."""

    title = "Rules"

    def __init__(self, ctx: PanelContext) -> None:
        self.ctx = ctx
        self.query = W.Text(description="Search", placeholder="e.g. ship full launch",
                            _dom_classes=["mrp-rules-query"], continuous_update=False)
        self.out = W.HTML(_dom_classes=["mrp-rules"])
        self.query.observe(ctx.guard(self.search), names="value")
        self.root = W.VBox([self.query, self.out])

    def refresh(self, view: View) -> None:
        """Nothing to redraw: the hits do not depend on the position."""

    def search(self, _change: Any = None) -> None:
        found = search_rules(self.ctx.spec, str(self.query.value))
        self.out.value = ("".join(f"<p><b>{e(c.section)}</b> [{e(c.rule)}]<br>{e(c.summary)}</p>"
                                  for c in found) or "<p>No rule matches.</p>")
