"""The Insights tab: strategy statistics from the results file shipped with the project.

Built when the tab first opens (pandas work and matplotlib load only then).  Each view is one
figure (drawn once, then cached) with a sentence that gives the number of games and the 95 %
interval.  The file holds simulated bot games only: nothing about the game on the board, so
nothing secret reaches the page.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from mrp_tutor.games.mission_red_planet.ui.html import e, status_html

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.ui.panel import PanelContext, View

VIEWS = (
    ("Win rate by seat", "seat"),
    ("Characters: play rate and score", "characters"),
    ("Production value by zone", "production"),
    ("Score distributions", "scores"),
    ("Greedy bot vs random bots", "greedy"),
    ("Bot levels compared", "levels"),
)


class InsightsPanel:
    """The widgets of the tab; :attr:`root` is what the tab shows."""

    def __init__(self, path: Path | None = None) -> None:
        from mrp_tutor.games.mission_red_planet.simulation import shipped_results

        self.path = path or shipped_results()
        self.view = W.Dropdown(options=VIEWS, value="seat", description="Show",
                               _dom_classes=["mrp-insights-view"], layout=W.Layout(width="360px"))
        self.players = W.Dropdown(options=[], description="Players",
                                  _dom_classes=["mrp-insights-players"],
                                  layout=W.Layout(width="160px"))
        self.text = W.HTML(_dom_classes=["mrp-insights-text"])
        self.image = W.Image(format="png", _dom_classes=["mrp-insights-figure"],
                             layout=W.Layout(width="100%", max_width="760px", height="auto"))
        self.root = W.VBox([W.HBox([self.view, self.players],
                                   layout=W.Layout(flex_flow="row wrap")),
                            self.text, self.image], _dom_classes=["mrp-insights"])
        self._df: Any = None
        self._cache: dict[tuple[str, int], tuple[str, bytes]] = {}

    def load(self) -> str | None:
        """Read the results file; a sentence if it cannot be used (shown in the tab)."""
        from mrp_tutor.games.mission_red_planet.simulation import ResultsError, load_results

        try:
            self._df = load_results(self.path)
        except ResultsError as err:
            self.text.value = status_html(f"The insights need a results file: {err}", "error")
            return str(err)
        counts = sorted(int(p) for p in self._df["players"].unique())
        self.players.options = [(str(p), p) for p in counts]
        self.players.value = 4 if 4 in counts else counts[0]
        return None

    def show(self, _change: Any = None) -> None:
        """Draw the chosen view (from the cache when it was drawn before)."""
        if self._df is None:
            return
        key = (str(self.view.value), int(self.players.value or 0))
        per_count = key[0] in ("characters", "production")  # the others show every count
        self.players.layout.display = "" if per_count else "none"
        if key not in self._cache:
            self._cache[key] = self._draw(*key)
        html, image = self._cache[key]
        self.text.value = html
        self.image.value = image

    def _draw(self, view: str, players: int) -> tuple[str, bytes]:
        from mrp_tutor.games.mission_red_planet.simulation import insights as S

        df = self._df
        n = len(df)
        note = (f"<p class='mrp-insights-note'>From {n:,} simulated games between bots "
                f"(<code>{e(self.path.name)}</code>). Intervals are 95 %; these are patterns "
                "among bots, not advice for a thinking player.</p>")
        if view == "seat":
            t = S.win_rate_by_seat(df)
            lines = [S.seat_statement(t, p) for p in sorted(t["players"].unique())]
            fig = S.plot_win_rate_by_seat(t)
        elif view == "characters":
            t = S.character_effects(df, players)
            if t.empty:
                return status_html(f"No {players}-player games of random bots here.", "info"), b""
            top = t.iloc[0]
            lines = [f"With {players} players, {top['character'].replace('_', ' ')} goes with the "
                     f"largest score change: {top['points_per_play']:+.1f} points per play "
                     f"(95 % interval {top['low']:+.1f} to {top['high']:+.1f}, "
                     f"{int(top['games']):,} games)."]
            fig = S.plot_character_effects(t)
        elif view == "production":
            t = S.production_by_zone(df, players)
            top = t.iloc[0]
            lines = [f"With {players} players, {top['zone'].replace('_', ' ')} hands out the "
                     f"most points by majority: {top['awarded']:.1f} per game (95 % interval "
                     f"{top['awarded_low']:.1f}–{top['awarded_high']:.1f}, "
                     f"{int(top['games']):,} games)."]
            fig = S.plot_production_by_zone(t)
        elif view == "scores":
            t = S.score_summary(df)
            lines = [f"{r.players} players, {r.bot} bots: mean score {r.mean:.1f} "
                     f"(95 % interval {r.low:.1f}–{r.high:.1f}, {r.games:,} games)."
                     for r in t.itertuples() if set(r.bots.split(",")) == {"random"}]
            fig = S.plot_score_distributions(df)
        elif view == "levels":
            t = S.level_comparison(df)
            if t.empty:
                return status_html("No games comparing bot levels here.", "info"), b""
            lines = [S.level_statement(r) for r in t.itertuples()]
            lines.append("Easy is the random bot, medium the greedy one, hard the search bot "
                         "(in these games with a small budget of playouts a decision, so weaker "
                         "than the app's hard level).")
            fig = S.plot_level_comparison(t, df)
        else:
            t = S.greedy_vs_random(df)
            if t.empty:
                return status_html("No games of one greedy bot against random bots here.",
                                   "info"), b""
            lines = [f"With {r.players} players, the greedy bot wins {S.pct(r.rate)} (95 % "
                     f"interval {S.pct(r.low)}–{S.pct(r.high)}, {r.games:,} games; an even "
                     f"share is {S.pct(r.even_share)})." for r in t.itertuples()]
            fig = S.plot_greedy_vs_random(t)
        body = "".join(f"<p>{e(x)}</p>" for x in lines)
        return note + body, S.png(fig)


def build_insights_tab(
    say: Callable[[str, str], None], guard: Callable[[Any], Any] = lambda fn: fn,
) -> tuple[W.Widget, Callable[[], None]]:
    """The tab's widget and its refresh function (nothing to refresh: the file is static).

    ``guard`` wraps the callbacks (the app's: errors become sentences in its status area).
    """
    panel = InsightsPanel()
    problem = panel.load()
    if problem:
        say(problem, "error")
    else:
        panel.show()
    panel.view.observe(guard(panel.show), names="value")
    panel.players.observe(guard(panel.show), names="value")
    return panel.root, lambda: None


class InsightsTab:
    """The Insights tab of the app (the panel interface of
    :mod:`mrp_tutor.games.mission_red_planet.ui.panel`)."""

    title = "Insights"

    def __init__(self, ctx: PanelContext) -> None:
        from mrp_tutor.core.extras import have, sentence

        if not all(have(m) for m in ("pandas", "matplotlib", "pyarrow")):
            # the in-browser demo (and a core install): one sentence, no traceback
            self.root = W.VBox([W.HTML(status_html(
                sentence("The Insights charts", "insights"), "info"))],
                _dom_classes=["mrp-insights"])
            return
        self.root, _ = build_insights_tab(ctx.say, ctx.guard)

    def refresh(self, view: View) -> None:
        """Nothing to redraw: the results file holds no game on the board."""
