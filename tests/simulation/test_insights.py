"""Strategy statistics: intervals, the tables built from a results table, the app's tab."""

from __future__ import annotations

import math

import pytest

from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.simulation import insights as S
from mrp_tutor.games.mission_red_planet.simulation import save_results, shipped_results, simulate
from mrp_tutor.games.mission_red_planet.ui.panels.insights import (
    VIEWS,
    InsightsPanel,
    build_insights_tab,
)


def test_wilson_interval_known_values():
    p, lo, hi = S.wilson(50, 100)
    assert p == 0.5 and math.isclose(lo, 0.4038, abs_tol=1e-4)
    assert math.isclose(hi, 0.5962, abs_tol=1e-4)
    p, lo, hi = S.wilson(0, 20)
    assert p == 0 and lo == 0 and math.isclose(hi, 0.1611, abs_tol=1e-4)
    assert all(math.isnan(x) for x in S.wilson(0, 0))


def test_mean_interval():
    m, lo, hi, n = S.mean_ci([1, 2, 3, 4])
    assert math.isclose(m - lo, hi - m)
    assert (m, n) == (2.5, 4)
    assert math.isclose(hi - m, 1.959964 * math.sqrt(5 / 3) / 2, rel_tol=1e-6)


@pytest.fixture(scope="module")
def table():
    spec = load_spec(use_env_overrides=False)
    a = simulate(spec, 3, 30, seed=1, workers=0, progress=None).table()
    b = simulate(spec, 3, 6, seed=1, bots=["greedy", "random", "random"], workers=0,
                 progress=None).table()
    import pandas as pd

    return pd.concat([a, b], ignore_index=True)


def test_seat_table_counts_every_game_once_per_seat(table):
    t = S.win_rate_by_seat(table)
    assert list(t["seat"]) == [1, 2, 3] and (t["games"] == 30).all()
    # every random game has at least one winner, shared wins count for each winner
    assert t["wins"].sum() >= 30
    assert ((t["low"] <= t["rate"]) & (t["rate"] <= t["high"])).all()
    sentence = S.seat_statement(t, 3)
    assert sentence.startswith("Going first wins ") and "30 games" in sentence
    assert "95 % interval" in sentence and "the average seat wins" in sentence


def test_character_and_zone_tables(table):
    ch = S.character_effects(table, players=3)
    assert len(ch) == 9 and (ch["games"] == 30).all()
    assert math.isclose(ch["play_rate"].sum(), 1.0)  # one card per colour per round
    zones = S.production_by_zone(table, players=3)
    assert (zones["awarded"] <= zones["produced"] + 1e-9).all()


def test_greedy_rows_only_from_mixed_games(table):
    g = S.greedy_vs_random(table)
    assert list(g["players"]) == [3] and int(g["games"].iloc[0]) == 6
    assert g["even_share"].iloc[0] == pytest.approx(1 / 3)


def test_bot_levels_compared_from_the_first_colour(table):
    t = S.level_comparison(table)
    assert list(zip(t["level"], t["against"], t["games"], strict=True)) == [
        ("random", "random", 30), ("greedy", "random", 6)]
    assert (t["players"] == 3).all() and t["even_share"].iloc[0] == pytest.approx(1 / 3)
    first = table[table["bots"] == "greedy,random,random"]
    assert t["wins"].iloc[1] == int(first["red_won"].astype(bool).sum())
    assert t["mean_score"].iloc[1] == pytest.approx(float(first["red_score"].mean()))
    sentence = S.level_statement(next(t.itertuples()))
    assert "easy (random) bot against easy (random) bots" in sentence and "30 games" in sentence
    assert S.png(S.plot_level_comparison(t, table))[:4] == b"\x89PNG"


def test_insights_tab_draws_every_view(tmp_path, table):
    path = save_results(table, tmp_path / "r.parquet")
    panel = InsightsPanel(path)
    assert panel.load() is None and panel.players.value == 3
    for _, view in VIEWS:
        panel.view.value = view
        panel.show()
        assert "36 simulated games" in panel.text.value
        assert "95 %" in panel.text.value
        assert panel.image.value[:4] == b"\x89PNG"


def test_insights_tab_without_a_results_file_says_so(tmp_path):
    said = []
    panel = InsightsPanel(tmp_path / "missing.parquet")
    assert "no such results file" in (panel.load() or "")
    assert "no such results file" in panel.text.value
    widget, refresh = build_insights_tab(lambda m, k: said.append(m))
    refresh()
    assert widget is not None and not said  # the shipped file loads


def test_shipped_results_file_is_a_valid_table():
    from mrp_tutor.games.mission_red_planet.simulation import load_results

    df = load_results(shipped_results())
    assert set(df["players"].unique()) == {2, 3, 4, 5, 6}
    assert df.groupby(["players", "bots", "seed"]).size().max() == 1
    # the bot levels meet in it: the search bot against random and against greedy bots
    levels = S.level_comparison(df)
    met = set(zip(levels["level"], levels["against"], strict=True))
    assert {("greedy", "random"), ("search", "random"), ("search", "greedy")} <= met
    assert (levels["games"] >= 80).all()


def test_rows_carry_each_seats_sheet_and_ability_uses_and_the_win_share_per_sheet():
    """Issue 24, item 11: per-sheet statistics of Unique Abilities games."""
    from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset

    spec = find_ruleset("unique_abilities").spec(use_env_overrides=False)
    run = simulate(spec, 4, 28, seed=3, workers=0, progress=None, ruleset="unique_abilities")
    df = run.table()
    sheets = set(find_ruleset("unique_abilities").sheets())  # type: ignore[attr-defined]
    for c in ("red", "blue", "green", "yellow"):
        assert set(df[f"{c}_sheet"]) <= sheets
        # a use costs 0, 1 or 2 tokens: the Conspirator pays once per action (its later
        # placements are paid for), a held Guileful Genius acts later for nothing more
        tokens, uses = df[f"{c}_ability_tokens"], df[f"{c}_ability_uses"]
        assert (tokens <= 2 * uses).all() and ((tokens == 0) | (uses > 0)).all()
    assert df[[f"{c}_ability_uses" for c in ("red", "blue")]].to_numpy().sum() > 0
    t = S.win_share_by_sheet(df)
    assert set(t["sheet"]) <= sheets and t["games"].sum() == 4 * 28
    assert ((t["low"] <= t["rate"]) & (t["rate"] <= t["high"])).all()
    assert (t["even_share"] == 0.25).all()
    S.plot_win_share_by_sheet(t)
    standard = simulate(load_spec(use_env_overrides=False), 3, 2, seed=1, workers=0,
                        progress=None).table()
    assert standard["red_sheet"].isna().all() and (standard["red_ability_uses"] == 0).all()
    assert S.win_share_by_sheet(standard).empty
