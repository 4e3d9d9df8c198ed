"""Strategy statistics from a results table, each with its number of games and a 95 % interval.

Proportions (win rates) get a Wilson score interval; means get mean ± 1.96 standard errors;
a character's effect on the final score is the least-squares slope of score on the number of
times the character was played, with its standard error.  These are associations among the
bots that played the games, not the strength of a move for a thinking player: every table
and figure says which bots, how many games, and the interval.

Tables are pandas DataFrames; :func:`plot_*` functions return matplotlib Figures (imported
lazily: the app only pays for matplotlib when its tab opens).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

Z95 = 1.959964


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """(rate, low, high) of ``wins`` successes in ``n`` trials (Wilson score interval)."""
    if n <= 0:
        return float("nan"), float("nan"), float("nan")
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(values: Any) -> tuple[float, float, float, int]:
    """(mean, low, high, n) with a normal 95 % interval of the mean."""
    v = pd.Series(values, dtype="float64").dropna().to_numpy()
    n = len(v)
    if n == 0:
        return float("nan"), float("nan"), float("nan"), 0
    m = float(v.mean())
    se = float(v.std(ddof=1)) / math.sqrt(n) if n > 1 else float("nan")
    return m, m - Z95 * se, m + Z95 * se, n


def colours_in(df: pd.DataFrame) -> list[str]:
    """Colours that have per-colour columns in the table, in column order."""
    return [c[: -len("_score")] for c in df.columns if c.endswith("_score")]


def per_colour(df: pd.DataFrame) -> pd.DataFrame:
    """One row per colour per game (colours absent from a game left out)."""
    parts = []
    for c in colours_in(df):
        cols = [col for col in df.columns if col.startswith(f"{c}_")]
        part = df[["seed", "ruleset", "players", "bots", *cols]].copy()
        part.columns = ["seed", "ruleset", "players", "bots",
                        *[col[len(c) + 1:] for col in cols]]
        part.insert(1, "colour", c)
        parts.append(part[part["score"].notna()])
    return pd.concat(parts, ignore_index=True)


def players_of(long: pd.DataFrame) -> pd.DataFrame:
    """The rows of colours a player controls (the 2-player variant's neutrals left out)."""
    return long[~long["neutral"].fillna(False).astype(bool)]


def rounds_in(df: pd.DataFrame) -> int:
    """Number of rounds recorded per colour (columns ``<colour>_r1 .. _rN``)."""
    c = colours_in(df)[0]
    n = 0
    while f"{c}_r{n + 1}" in df.columns:
        n += 1
    return n


# ------------------------------------------------------------------------- tables


def win_rate_by_seat(df: pd.DataFrame, bots: str = "random") -> pd.DataFrame:
    """Win rate of each seat (1 = first player of round 1, then clockwise) per player count,
    among games where every colour is played by ``bots``.  A shared win counts for each."""
    long = players_of(per_colour(only(df, bots)))
    average = long.groupby("players")["won"].apply(lambda w: float(w.astype(bool).mean()))
    rows = []
    for (players, seat), g in long.groupby(["players", "seat"]):
        n, wins = len(g), int(g["won"].astype(bool).sum())
        p, lo, hi = wilson(wins, n)
        rows.append({"players": int(players), "seat": int(seat), "games": n, "wins": wins,
                     "rate": p, "low": lo, "high": hi, "average": average[players]})
    return pd.DataFrame(rows)


def only(df: pd.DataFrame, bots: str) -> pd.DataFrame:
    """The games in which every colour is played by the bot ``bots``."""
    return df[df["bots"].str.split(",").map(set) == {bots}]


def character_effects(df: pd.DataFrame, players: int = 4, bots: str = "random") -> pd.DataFrame:
    """Per character: how often it is played (share of rounds) and the change of final score
    per extra play (least-squares slope with its 95 % interval), for ``players``-player games
    of ``bots``."""
    sel = only(df[df["players"] == players], bots)
    long = players_of(per_colour(sel))
    rounds = rounds_in(df)
    picks = long[[f"r{k}" for k in range(1, rounds + 1)]].astype("object")
    score = long["score"].astype(float).to_numpy()
    chars = sorted({x for x in picks.to_numpy().ravel() if isinstance(x, str)})
    rows = []
    for ch in chars:
        count = (picks == ch).sum(axis=1).to_numpy(dtype=float)
        slope, se = _slope(count, score)
        rows.append({"character": ch, "players": players, "games": len(sel),
                     "play_rate": count.mean() / rounds, "points_per_play": slope,
                     "low": slope - Z95 * se, "high": slope + Z95 * se})
    return pd.DataFrame(rows).sort_values("points_per_play", ascending=False,
                                          ignore_index=True)


def _slope(x: Any, y: Any) -> tuple[float, float]:
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    n = len(x)
    xc = x - x.mean()
    sxx = float((xc * xc).sum())
    if n < 3 or sxx == 0:
        return float("nan"), float("nan")
    b = float((xc * (y - y.mean())).sum()) / sxx
    resid = y - y.mean() - b * xc
    se = math.sqrt(float((resid * resid).sum()) / (n - 2) / sxx)
    return b, se


def production_by_zone(df: pd.DataFrame, players: int = 4, bots: str = "random") -> pd.DataFrame:
    """Mean point value produced in and awarded from each zone per game, with intervals,
    in ``players``-player games where every colour is played by ``bots``."""
    sel = only(df[df["players"] == players], bots)
    rows = []
    for col in [c for c in df.columns if c.startswith("produced_")]:
        zone = col[len("produced_"):]
        m, lo, hi, n = mean_ci(sel[col])
        a, alo, ahi, _ = mean_ci(sel[f"awarded_{zone}"])
        rows.append({"zone": zone, "players": players, "games": n, "produced": m,
                     "low": lo, "high": hi, "awarded": a, "awarded_low": alo,
                     "awarded_high": ahi})
    return pd.DataFrame(rows).sort_values("awarded", ascending=False, ignore_index=True)


def score_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Final score per player count, bot line-up and bot: games, mean with interval,
    quartiles."""
    long = players_of(per_colour(df))
    rows = []
    for (players, bots, bot), g in long.groupby(["players", "bots", "bot"]):
        m, lo, hi, n = mean_ci(g["score"])
        q = g["score"].astype(float).quantile([0.25, 0.5, 0.75]).to_numpy()
        rows.append({"players": int(players), "bots": bots, "bot": bot, "scores": n,
                     "games": g["seed"].nunique(), "mean": m, "low": lo, "high": hi,
                     "q1": q[0], "median": q[1], "q3": q[2]})
    return pd.DataFrame(rows)


def greedy_vs_random(df: pd.DataFrame) -> pd.DataFrame:
    """In games with exactly one greedy colour among random ones: the greedy colour's win
    rate (Wilson interval) against the 1/n a random seat would get."""
    kinds = df["bots"].str.split(",")
    sel = df[kinds.map(lambda b: b.count("greedy") == 1 and b.count("random") == len(b) - 1)]
    long = players_of(per_colour(sel))
    greedy = long[long["bot"] == "greedy"]
    rows = []
    for players, g in greedy.groupby("players"):
        n, wins = len(g), int(g["won"].astype(bool).sum())
        p, lo, hi = wilson(wins, n)
        others = long[(long["players"] == players) & (long["bot"] == "random")]
        rows.append({"players": int(players), "games": n, "greedy_wins": wins, "rate": p,
                     "low": lo, "high": hi, "even_share": 1 / int(players),
                     "greedy_mean_score": float(g["score"].astype(float).mean()),
                     "random_mean_score": float(others["score"].astype(float).mean())})
    return pd.DataFrame(rows)


#: the app's names of the bot kinds (the levels a learner seats against)
LEVELS = {"random": "easy (random)", "greedy": "medium (greedy)", "search": "hard (search)"}


def level_comparison(df: pd.DataFrame) -> pd.DataFrame:
    """Bot levels compared, per player count: the first colour's bot against opponents all of
    one kind (all-random games give the random bot's own row, from the same colour).  Per row:
    games, the first colour's win share (Wilson interval), the even share, its mean score
    (95 % interval) and the opponents' mean score.  Only player counts where two levels or more
    played; rows ordered by player count, opponents, then level."""
    kinds = df["bots"].str.split(",")
    first, rest = kinds.str[0], kinds.map(lambda b: set(b[1:]))
    sel = df[rest.map(len) == 1].assign(level=first, against=rest.map(lambda s: next(iter(s))))
    rows = []
    for (players, against, level), g in sel.groupby(["players", "against", "level"]):
        long = players_of(per_colour(g))
        colour = colours_in(g)[0]
        mine, others = long[long["colour"] == colour], long[long["colour"] != colour]
        n, wins = len(mine), int(mine["won"].astype(bool).sum())
        p, lo, hi = wilson(wins, n)
        m, mlo, mhi, _ = mean_ci(mine["score"])
        rows.append({"players": int(players), "level": str(level), "against": str(against),
                     "games": n, "wins": wins, "rate": p, "low": lo, "high": hi,
                     "even_share": 1 / int(players), "mean_score": m, "score_low": mlo,
                     "score_high": mhi,
                     "opponents_mean_score": float(others["score"].astype(float).mean())})
    order = {k: i for i, k in enumerate(LEVELS)}
    out = pd.DataFrame(rows)
    if not rows:
        return out
    out = out[out["level"].isin(order) & out["against"].isin(order)]
    compared = out.groupby("players")["level"].transform("nunique") > 1
    out = out[compared]  # only player counts where levels meet
    key = out["against"].map(order) * 10 + out["level"].map(order)
    return out.assign(_k=key).sort_values(["players", "_k"]).drop(columns="_k").reset_index(
        drop=True)


def level_statement(row: Any) -> str:
    """One sentence about a row of :func:`level_comparison`."""
    return (f"With {row.players} players, one {LEVELS[row.level]} bot against "
            f"{LEVELS[row.against]} bots wins {pct(row.rate)} (95 % interval "
            f"{pct(row.low)}–{pct(row.high)}, {row.games:,} games; an even share is "
            f"{pct(row.even_share)}) and scores {row.mean_score:.1f} on average "
            f"({row.score_low:.1f}–{row.score_high:.1f}; its opponents "
            f"{row.opponents_mean_score:.1f}).")


def win_share_by_sheet(df: pd.DataFrame) -> pd.DataFrame:
    """Per ability sheet (rulesets with sheets: ``<colour>_sheet``): the games its player
    played, the share it won (a shared win counts for each; 95 % Wilson interval), the even
    share of those games (1 / players on average) and the mean ability uses and point tokens
    paid per game.  Empty when no game of the table has sheets."""
    long = per_colour(df)
    if "sheet" not in long.columns:
        return pd.DataFrame(columns=["sheet", "games", "wins", "rate", "low", "high",
                                     "even_share", "uses", "tokens"])
    long = long[long["sheet"].notna() & (long["sheet"] != "")]
    rows = []
    for sheet, g in long.groupby("sheet"):
        n, wins = len(g), int(g["won"].astype(bool).sum())
        p, lo, hi = wilson(wins, n)
        rows.append({"sheet": str(sheet), "games": n, "wins": wins, "rate": p, "low": lo,
                     "high": hi, "even_share": float((1 / g["players"].astype(float)).mean()),
                     "uses": float(g["ability_uses"].astype(float).mean()),
                     "tokens": float(g["ability_tokens"].astype(float).mean())})
    out = pd.DataFrame(rows)
    return out.sort_values("rate", ascending=False, ignore_index=True) if rows else out


def pct(p: float) -> str:
    return f"{100 * p:.1f} %"


def seat_statement(table: pd.DataFrame, players: int, seat: int = 1) -> str:
    """'Going first wins 27.1 % of 4-player games (95 % interval 25.2–29.1 %, 2,000 games;
    the average seat wins 25.0 %).'  The average is below 1 / players when games can end
    with no winner (a neutral colour on top in the 2-player variant)."""
    row = table[(table["players"] == players) & (table["seat"] == seat)]
    if row.empty:
        return f"No {players}-player games in this table."
    r = row.iloc[0]
    who = "Going first" if seat == 1 else f"Seat {seat} (clockwise from the first player)"
    return (f"{who} wins {pct(r['rate'])} of {players}-player games (95 % interval "
            f"{pct(r['low'])}–{pct(r['high'])}, {int(r['games']):,} games; the average seat wins "
            f"{pct(r['average'])}).")


# ------------------------------------------------------------------------- figures


def _fig(width: float = 7.0, height: float = 3.6, ncols: int = 1) -> tuple[Any, Any]:
    """A Figure outside pyplot (no global state, no backend): callers display or save it."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    return fig, fig.subplots(1, ncols, sharey=ncols > 1)


def png(fig: Any, dpi: int = 96) -> bytes:
    """The figure as PNG bytes (for an ipywidgets Image or a file)."""
    import io

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def plot_win_rate_by_seat(table: pd.DataFrame) -> Any:
    fig, ax = _fig()
    counts = sorted(table["players"].unique())
    width = 0.8 / max(1, len(counts))
    for i, players in enumerate(counts):
        t = table[table["players"] == players]
        x = t["seat"].to_numpy() + (i - (len(counts) - 1) / 2) * width
        ax.bar(x, t["rate"], width, label=f"{players} players ({t['games'].iloc[0]:,} games)")
        ax.errorbar(x, t["rate"], yerr=[t["rate"] - t["low"], t["high"] - t["rate"]],
                    fmt="none", ecolor="black", capsize=2, lw=0.8)
        ax.hlines(t["average"].iloc[0], x.min() - width / 2, x.max() + width / 2, colors="grey",
                  linestyles=":", lw=0.8)
    ax.set_xlabel("seat (1 = first player of round 1, then clockwise)")
    ax.set_ylabel("win rate")
    ax.set_title("Win rate by seat, random bots (bars: 95 % Wilson interval; dotted: average seat)")
    ax.legend(fontsize="small")
    return fig


def plot_character_effects(table: pd.DataFrame) -> Any:
    fig, (ax1, ax2) = _fig(8.0, 3.8, ncols=2)
    y = np.arange(len(table))
    ax1.barh(y, table["play_rate"], color="tab:blue")
    ax1.set_yticks(y, table["character"].str.replace("_", " "))
    ax1.set_xlabel("share of rounds played")
    ax1.invert_yaxis()
    ax2.errorbar(table["points_per_play"], y, fmt="o",
                 xerr=[table["points_per_play"] - table["low"],
                       table["high"] - table["points_per_play"]], capsize=2)
    ax2.axvline(0, color="grey", lw=0.8, ls=":")
    ax2.set_xlabel("final score change per play (95 % interval)")
    n, players = int(table["games"].iloc[0]), int(table["players"].iloc[0])
    fig.suptitle(f"Characters, {players}-player games of random bots ({n:,} games)")
    return fig


def plot_production_by_zone(table: pd.DataFrame) -> Any:
    fig, ax = _fig()
    y = np.arange(len(table))
    ax.barh(y - 0.2, table["produced"], 0.4, label="produced",
            xerr=[table["produced"] - table["low"], table["high"] - table["produced"]])
    ax.barh(y + 0.2, table["awarded"], 0.4, label="won by a majority",
            xerr=[table["awarded"] - table["awarded_low"],
                  table["awarded_high"] - table["awarded"]])
    ax.set_yticks(y, table["zone"].str.replace("_", " "))
    ax.invert_yaxis()
    ax.set_xlabel("points per game (95 % interval)")
    n, players = int(table["games"].iloc[0]), int(table["players"].iloc[0])
    ax.set_title(f"Production value by zone, {players} players ({n:,} games)")
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return fig


def plot_score_distributions(df: pd.DataFrame, bot: str = "random") -> Any:
    fig, ax = _fig()
    long = players_of(per_colour(only(df, bot)))
    for players, g in long.groupby("players"):
        m, lo, hi, _ = mean_ci(g["score"])
        ax.hist(g["score"].astype(float), bins=range(0, 101, 2), histtype="step", density=True,
                label=f"{players} players: mean {m:.1f} ({lo:.1f}–{hi:.1f}), "
                      f"{g['seed'].nunique():,} games")
    ax.set_xlabel("final score")
    ax.set_ylabel("share of players")
    ax.set_title(f"Final score distributions, {bot} bots (mean with 95 % interval)")
    ax.legend(fontsize="small")
    return fig


def plot_greedy_vs_random(table: pd.DataFrame) -> Any:
    fig, ax = _fig(6.0, 3.2)
    x = np.arange(len(table))
    ax.bar(x, table["rate"], 0.6, label="greedy colour's win rate",
           yerr=[table["rate"] - table["low"], table["high"] - table["rate"]], capsize=3)
    ax.scatter(x, table["even_share"], marker="_", s=600, color="black", zorder=3,
               label="even share")
    ax.set_xticks(x, [f"{p} players\n({n:,} games)"
                      for p, n in zip(table["players"], table["games"], strict=True)])
    ax.set_ylabel("win rate")
    ax.set_title("One greedy bot against random bots (95 % Wilson interval)")
    ax.legend(fontsize="small")
    return fig


def plot_win_share_by_sheet(table: pd.DataFrame) -> Any:
    fig, ax = _fig(7.0, 3.4)
    y = np.arange(len(table))
    ax.barh(y, table["rate"], 0.6, color="tab:purple",
            xerr=[table["rate"] - table["low"], table["high"] - table["rate"]], capsize=2)
    ax.scatter(table["even_share"], y, marker="|", s=300, color="black", zorder=3,
               label="even share")
    ax.set_yticks(y, [f"{s.replace('_', ' ')} ({n:,})"
                      for s, n in zip(table["sheet"], table["games"], strict=True)])
    ax.invert_yaxis()
    ax.set_xlabel("win share (95 % Wilson interval); in brackets: games played")
    ax.set_title("Unique Abilities: win share per ability sheet")
    ax.legend(fontsize="small")
    return fig


def plot_level_comparison(table: pd.DataFrame, df: pd.DataFrame) -> Any:
    """Win share (left) and final score distribution (right) of the first colour's bot level
    against each kind of opponent (rows of :func:`level_comparison`, games from ``df``)."""
    fig, (ax1, ax2) = _fig(8.4, 3.6, ncols=2)
    def name(kind: str) -> str:
        return LEVELS[kind].split(" ")[0]

    labels = [f"{name(r.level)} vs {name(r.against)}\n{r.players} pl., {r.games:,} g."
              for r in table.itertuples()]
    y = np.arange(len(table))
    ax1.barh(y, table["rate"], 0.6, color="tab:green",
             xerr=[table["rate"] - table["low"], table["high"] - table["rate"]], capsize=2)
    ax1.scatter(table["even_share"], y, marker="|", s=300, color="black", zorder=3,
                label="even share")
    ax1.set_xlabel("win share of the level's colour (95 % interval)")
    ax1.legend(fontsize="small")
    scores = []
    for r in table.itertuples():
        g = df[(df["players"] == r.players) & (df["bots"].str.split(",").str[0] == r.level)
               & (df["bots"].str.split(",").map(lambda b: set(b[1:])) == {r.against})]
        colour = colours_in(g)[0]
        scores.append(g[f"{colour}_score"].astype(float).dropna().to_numpy())
    ax2.boxplot(scores, positions=y, orientation="horizontal", widths=0.6)
    ax1.set_yticks(y, labels, fontsize="small")  # after the boxplot (it sets its own ticks)
    ax1.invert_yaxis()
    ax2.set_xlabel("final score of the level's colour")
    ax2.tick_params(labelleft=False)
    fig.suptitle("Bot levels compared: one bot of a level against bots of one kind")
    return fig
