"""Results files (``load_results``: the Insights tab's and ``mrp-tutor insights``) are bounded
by games, values and unpacked bytes before they are read whole, and every number that cannot
be a count is refused at its column and row (issue 28, item 2)."""

from __future__ import annotations

import resource
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from mrp_tutor.games.mission_red_planet.simulation import results_file as T
from mrp_tutor.games.mission_red_planet.simulation.results_file import ResultsError, load_results

HEADER = "seed,ruleset,players,bots,winners\n"


def _dict_column(n: int, value: str) -> pa.DictionaryArray:
    return pa.DictionaryArray.from_arrays(pa.array(np.zeros(n, dtype=np.int8)), pa.array([value]))


def row_bomb(path: Path, rows: int, per_group: int = 1_000_000) -> Path:
    """A small Parquet file of ``rows`` identical games (a few hundred KB)."""
    n = min(rows, per_group)
    table = pa.table({"seed": pa.array(np.ones(n, dtype=np.int64)),
                      "ruleset": _dict_column(n, "base"),
                      "players": pa.array(np.full(n, 3, dtype=np.int64)),
                      "bots": _dict_column(n, "random"), "winners": _dict_column(n, "red")})
    with pq.ParquetWriter(path, table.schema, compression="zstd") as w:
        for _ in range(rows // n):
            w.write_table(table, row_group_size=n)
    return path


def test_twenty_million_rows_in_a_small_parquet_file_are_refused_from_the_footer(
        tmp_path: Path) -> None:
    path = row_bomb(tmp_path / "bomb.parquet", 20_000_000)
    assert path.stat().st_size < 2_000_000
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(ResultsError, match=r"^bomb.parquet: 20,000,000 games; a results file "
                       r"may hold at most 1,000,000\.$"):
        load_results(path)
    grown_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert grown_kb < 200_000  # the rows were never unpacked (reading them takes GBs)


def test_a_short_dictionary_value_repeated_is_measured_before_it_is_unpacked(
        tmp_path: Path) -> None:
    n = 10_000
    path = tmp_path / "wide.parquet"
    pq.write_table(pa.table({
        "seed": pa.array(np.arange(n, dtype=np.int64)), "ruleset": _dict_column(n, "base"),
        "players": pa.array(np.full(n, 3, dtype=np.int64)),
        "bots": _dict_column(n, "x" * 100_000), "winners": _dict_column(n, "red")}), path,
        compression="zstd")  # 1 GB of text once unpacked, a few KB on disk
    with pytest.raises(ResultsError, match=r"column bots holds a value of 100,000 bytes"):
        load_results(path)


def test_cells_and_decoded_bytes_are_bounded(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = row_bomb(tmp_path / "some.parquet", 5_000, per_group=5_000)
    monkeypatch.setattr(T, "MAX_CELLS", 20_000)
    with pytest.raises(ResultsError, match=r"5,000 games of 5 columns \(25,000 values\)"):
        load_results(path)
    monkeypatch.setattr(T, "MAX_CELLS", 10**9)
    monkeypatch.setattr(T, "MAX_DECODED", 1_000)
    with pytest.raises(ResultsError, match=r"once unpacked"):
        load_results(path)


def test_a_csv_is_counted_before_it_is_read(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "many.csv"
    path.write_text(HEADER + "1,base,3,random,red\n" * 3_000, encoding="utf-8")
    monkeypatch.setattr(T, "MAX_ROWS", 2_999)
    with pytest.raises(ResultsError, match=r"^many.csv: more than 2,999 games; .* at most "
                       r"2,999\.$"):
        load_results(path)
    monkeypatch.setattr(T, "MAX_ROWS", 3_000)
    assert len(load_results(path)) == 3_000


@pytest.mark.parametrize("fields", [1_500, 30_000])
def test_a_csv_line_wider_than_its_header_is_refused_before_pandas(tmp_path: Path,
                                                                   fields: int) -> None:
    path = tmp_path / "wide.csv"  # pandas takes ~46 s over a ragged line of 30,000 fields
    path.write_text(HEADER + "1,base,3,random,red\n" + "7,base,3,random," + "red," * fields
                    + "\n", encoding="utf-8")
    with pytest.raises(ResultsError, match=r"^wide.csv: line 3 (has 1,505 values; the header "
                       r"has 5 columns|is longer than 5 values of at most 2,000 characters)"):
        load_results(path)


@pytest.mark.parametrize(("column", "value"), [
    ("seed", "1e999"), ("players", "1e999"), ("seed", "-1e999"), ("seed", "9" * 30),
    ("players", "inf"), ("seed", "nan"), ("seed", "1e19"), ("players", "3.5"),
])
def test_a_number_that_is_not_a_count_is_located(tmp_path: Path, column: str,
                                                 value: str) -> None:
    row = {"seed": "7", "ruleset": "base", "players": "3", "bots": "random", "winners": "red"}
    path = tmp_path / "odd.csv"
    good = ",".join(row.values())
    row[column] = value
    path.write_text(HEADER + good + "\n" + ",".join(row.values()) + "\n", encoding="utf-8")
    with pytest.raises(ResultsError) as err:
        load_results(path)
    said = str(err.value)
    assert said.startswith(f"odd.csv: column {column} must hold whole numbers; row 2 has "
                           f"'{value}'"), said


def test_a_parquet_float_beyond_a_count_is_located(tmp_path: Path) -> None:
    path = tmp_path / "float.parquet"
    pq.write_table(pa.table({"seed": pa.array([1.0, 1e300]), "ruleset": ["base", "base"],
                             "players": [3, 3], "bots": ["random"] * 2,
                             "winners": ["red"] * 2}), path)
    with pytest.raises(ResultsError, match=r"column seed must hold whole numbers; row 2 has"):
        load_results(path)


def test_the_shipped_results_still_load() -> None:
    df = load_results(T.shipped_results())
    assert len(df) > 1000 and str(df["ruleset"].dtype) == "string"
