"""The results table: one row per game, its invariants, files, the hardened loader, the CLI."""

from __future__ import annotations

import re

import pandas as pd
import pytest

from mrp_tutor.cli.main import main
from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
from mrp_tutor.games.mission_red_planet.simulation import (
    ResultsError,
    load_results,
    save_results,
    simulate,
)
from mrp_tutor.games.mission_red_planet.simulation.progress import NotebookBar, rate_text
from mrp_tutor.games.mission_red_planet.simulation.records import json_record

ASTRONAUTS = 22


@pytest.fixture(scope="module")
def spec():
    return load_spec(use_env_overrides=False)


@pytest.fixture(scope="module")
def four(spec):
    return simulate(spec, 4, 12, seed=5, workers=0, progress=None, chunk=5).table()


def places(df, c):
    return [col for col in df.columns if col.startswith(f"{c}_at_")]


def test_one_row_per_game_in_seed_order(four):
    assert list(four["seed"]) == list(range(5, 17))
    assert (four["ruleset"] == "standard").all() and (four["players"] == 4).all()


def test_row_invariants(spec, four):
    present = ["red", "blue", "green", "yellow"]
    for _, r in four.iterrows():
        seats = sorted(int(r[f"{c}_seat"]) for c in present)
        assert seats == [1, 2, 3, 4]
        assert r[f"{r['first']}_seat"] == 1
        winners = set(r["winners"].split(","))
        for c in present:
            assert sum(int(r[col]) for col in places(four, c)) == ASTRONAUTS
            parts = sum(int(r[f"{c}_pts_{b}"])
                        for b in ("missions", "ice_monopoly", "tokens", "discoveries"))
            assert parts == r[f"{c}_score"]
            tokens = sum(spec.point_values[x] * int(r[f"{c}_{x}"]) for x in spec.point_values)
            assert tokens == r[f"{c}_pts_tokens"]
            assert bool(r[f"{c}_won"]) == (c in winners)
            played = [r[f"{c}_r{k}"] for k in range(1, 11)]
            assert all(ch in spec.characters for ch in played)
            assert 0 <= r[f"{c}_missions_completed"] <= r[f"{c}_missions_kept"]
        for c in ("purple", "black"):
            assert pd.isna(r[f"{c}_score"]) and pd.isna(r[f"{c}_r1"])
        for z in spec.zones:
            assert 0 <= r[f"awarded_{z}"] <= r[f"produced_{z}"]


def test_rows_match_the_plain_game_of_their_seed(spec, four):
    r = four.iloc[3]
    game = bot_game(spec, ["red", "blue", "green", "yellow"], int(r["seed"]))
    rec = json_record(game, int(r["seed"]), 4)
    assert {c: int(r[f"{c}_score"]) for c in rec["scores"]} == rec["scores"]
    assert r["winners"] == ",".join(rec["winners"]) and r["events"] == rec["events"]


def test_chunking_does_not_change_results(spec, four):
    again = simulate(spec, 4, 12, seed=5, workers=0, progress=None, chunk=200).table()
    pd.testing.assert_frame_equal(four, again)


def test_two_player_variant_and_mixed_bots(spec):
    df = simulate(spec, 2, 2, seed=1, bots=["greedy", "random", "random", "random"],
                  workers=0, progress=None).table()
    r = df.iloc[0]
    assert r["ruleset"] == "two_player" and r["colours"] == 4
    assert r["red_bot"] == "greedy" and r["blue_bot"] == "random"
    assert r["bots"] == "greedy,random,random,random"
    assert int(r["red_neutral"]) + int(r["blue_neutral"]) + int(r["green_neutral"]) \
        + int(r["yellow_neutral"]) == 2


def test_wrong_number_of_bots_is_a_sentence(spec):
    with pytest.raises(ValueError, match="name one bot for every colour"):
        simulate(spec, 3, 1, bots=["greedy", "random"], workers=0, progress=None)


def test_interrupt_returns_what_finished(spec):
    def stop_after_first(done, total):
        if done >= 4:
            raise KeyboardInterrupt

    run = simulate(spec, 3, 12, seed=2, workers=0, progress=stop_after_first, chunk=4)
    assert not run.complete and [r[0] for r in run.rows] == [2, 3, 4, 5]


@pytest.mark.parametrize("name", ["games.parquet", "games.csv"])
def test_files_round_trip(tmp_path, four, name):
    path = save_results(four, tmp_path / name)
    pd.testing.assert_frame_equal(load_results(path), four)


@pytest.mark.parametrize("content,words", [
    (b"PAR1 this is not parquet", "cannot be read as Parquet"),
    (None, "no such results file"),
])
def test_loader_refuses_broken_parquet(tmp_path, content, words):
    path = tmp_path / "x.parquet"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ResultsError, match=words):
        load_results(path)


@pytest.mark.parametrize("text,words", [
    ("a,b\n1,2\n", "columns seed, ruleset, players, bots, winners are missing"),
    ("seed,ruleset,players,bots,winners,red_score\n1,standard,4,random,red,lots\n",
     "column red_score must hold whole numbers; row 1 has 'lots'"),
    ("seed,ruleset,players,bots,winners\n1,standard,9,random,red\n", "between 2 and 6"),
    ("seed,ruleset,players,bots,winners,red_won\n1,standard,4,random,red,perhaps\n",
     "red_won must hold true or false"),
    ("seed,ruleset,players,bots,winners\n", "has no games"),
])
def test_loader_locates_problems_in_csv(tmp_path, text, words):
    path = tmp_path / "bad.csv"
    path.write_text(text)
    with pytest.raises(ResultsError, match=re.escape(words)):
        load_results(path)


def test_loader_refuses_unknown_suffix(tmp_path):
    with pytest.raises(ResultsError, match=re.escape("must end in .parquet or .csv")):
        load_results(tmp_path / "games.xlsx")


def test_notebook_bar_shows_rate_and_time_left():
    bar = NotebookBar(100, show=False)
    bar.update(40)
    assert bar.bar.value == 40 and "40 of 100 games" in bar.label.value
    assert rate_text(50, 100, 2.0) == "50 of 100 games · 25 games/s · 2 s left"
    bar.close()
    assert bar.bar.bar_style == "warning"


def test_cli_writes_a_table(tmp_path, capsys):
    out = tmp_path / "r.parquet"
    assert main(["simulate", "--players", "3", "--games", "4", "--seed", "9", "--out", str(out),
                 "--workers", "0", "--no-progress"]) == 0
    df = load_results(out)
    assert list(df["seed"]) == [9, 10, 11, 12]
    assert "saved 4 games" in capsys.readouterr().out


def test_cli_plays_a_named_ruleset(tmp_path, capsys):
    """--ruleset first_edition: five players of the first edition, recorded in each row, and
    the same rows on a cluster's worker as in this process (the ruleset travels with the task)."""
    from mrp_tutor.games.mission_red_planet.engine import find_ruleset
    from mrp_tutor.games.mission_red_planet.simulation import simulate

    out = tmp_path / "fe.csv"
    assert main(["simulate", "--ruleset", "first_edition", "--players", "5", "--games", "3",
                 "--seed", "4", "--out", str(out), "--workers", "0", "--no-progress"]) == 0
    df = load_results(out)
    assert list(df["ruleset"]) == ["first_edition"] * 3 and set(df["colours"]) == {5}
    spec = find_ruleset("first_edition").spec()
    here = simulate(spec, 5, 3, seed=4, workers=0, progress=None, ruleset="first_edition")
    assert here.table()["seed"].tolist() == [4, 5, 6]
    assert here.table()["ruleset"].tolist() == ["first_edition"] * 3


def test_cli_plays_unique_abilities_with_five_players(tmp_path):
    """--ruleset unique_abilities --players 5: the ability sheets' game, recorded in each row."""
    out = tmp_path / "ua.csv"
    assert main(["simulate", "--ruleset", "unique_abilities", "--players", "5", "--games", "2",
                 "--bot", "greedy", "--out", str(out), "--workers", "0",
                 "--no-progress"]) == 0
    df = load_results(out)
    assert list(df["ruleset"]) == ["unique_abilities"] * 2 and set(df["colours"]) == {5}


@pytest.mark.parametrize("argv,words", [
    (["--bots", "greedy,random"], "names 2 bots but 4 players play 4 colours"),
    (["--bots", "greedy,clever,random,random"], "unknown bot 'clever'"),
    (["--out", "results.txt"], "must end in .parquet or .csv"),
    (["--out", "no/such/folder/r.csv"], "the folder no/such/folder does not exist"),
    (["--workers", "-1"], "0 (this process) or more"),
    (["--ruleset", "chess"], "--ruleset: unknown ruleset 'chess'"),
    (["--ruleset", "standard", "--players", "2"], "between 3 and 6"),
    (["--ruleset", "first_edition", "--players", "6"], "between 3 and 5"),
    (["--ruleset", "unique_abilities", "--players", "2"], "between 3 and 5"),
])
def test_cli_refusals_are_sentences(capsys, argv, words):
    assert main(["simulate", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
