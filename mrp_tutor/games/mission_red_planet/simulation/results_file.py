"""The results table: pandas dtypes, saving as Parquet or CSV, and the one hardened loader.

A results file may come from anywhere (a colleague, a download), so :func:`load_results`
checks it and turns every problem into one located sentence (:class:`ResultsError`); it never
lets a traceback or a half-read table through.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import pandas as pd

MAX_BYTES = 512 * 1024 * 1024  # a results file larger than this is refused, not read
# Bounds checked before a file is read whole (a small file can unpack to gigabytes): games
# (rows), cells (rows x columns), decoded bytes (Parquet pages, uncompressed) and one text
# cell.  The shipped table has 5,900 games of 263 columns (1.6 million cells).
MAX_ROWS = 1_000_000
MAX_CELLS = 30_000_000
MAX_DECODED = 512 * 1024 * 1024
MAX_CELL_CHARS = 2_000
MAX_COLUMNS = 2_000
REQUIRED = ("seed", "ruleset", "players", "bots", "winners")
FORMATS = {".parquet": "Parquet", ".pq": "Parquet", ".csv": "CSV"}

_STR = re.compile(r"^(ruleset|bots|first|winners)$|_(bot|r\d+|sheet)$|"
                  r"(?<!_pts)_missions(_done)?$")
_BOOL = re.compile(r"^losers_all$|_(neutral|won)$")


class ResultsError(Exception):
    """A results file that cannot be used; the message says which file and what is wrong."""


def dtype_of(column: str) -> str:
    """The pandas dtype of a results column (nullable: colours absent from a game are NA)."""
    if _STR.search(column):
        return "string"
    if _BOOL.search(column):
        return "boolean"
    return "Int64"


def to_frame(columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> pd.DataFrame:
    """A DataFrame of result rows with the results dtypes."""
    df = pd.DataFrame.from_records(list(rows), columns=list(columns))
    return df.astype({c: dtype_of(c) for c in df.columns})


def file_format(path: Path) -> str:
    """'Parquet' or 'CSV' from the file name, or a sentence saying which names are known."""
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise ResultsError(f"{path.name}: a results file must end in .parquet or .csv "
                           f"(not {path.suffix or 'no extension'}).")
    return fmt


def check_destination(path: Path) -> str:
    """The format a results file will be written in, once its name and folder are checked
    (so that a long run is not wasted on a path that cannot be written)."""
    fmt = file_format(path)
    if not path.parent.is_dir():
        raise ResultsError(f"{path}: the folder {path.parent} does not exist.")
    if path.is_dir():
        raise ResultsError(f"{path} is a folder, not a file name.")
    return fmt


def save_results(df: pd.DataFrame, path: str | Path) -> Path:
    """Write the table as Parquet (pyarrow) or CSV, chosen by the file name."""
    path = Path(path)
    fmt = check_destination(path)
    if fmt == "Parquet":
        df.to_parquet(path, engine="pyarrow", index=False, compression="zstd")
    else:
        df.to_csv(path, index=False, na_rep="NA")  # "" stays an empty list
    return path


def load_results(path: str | Path) -> pd.DataFrame:
    """Read and check a results file written by :func:`save_results`.

    Raises:
        ResultsError: the file is missing, too large, unreadable, or not a results table
            (the sentence names the file and the first problem found).
    """
    path = Path(path)
    fmt = file_format(path)
    name = path.name
    if not path.is_file():
        raise ResultsError(f"{name}: no such results file ({path}).")
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise ResultsError(f"{name}: {size / 2**20:,.0f} MB is larger than the "
                           f"{MAX_BYTES / 2**20:,.0f} MB a results file may have.")
    try:
        if fmt == "Parquet":
            df = _read_parquet(path, name)
        else:
            _check_csv_shape(path, name)
            df = pd.read_csv(path, dtype=str, keep_default_na=False, na_values=["NA"])
    except ResultsError:
        raise
    except Exception as err:  # any parser failure is a bad file, told as a sentence
        raise ResultsError(f"{name}: cannot be read as {fmt} ({type(err).__name__}: "
                           f"{str(err).splitlines()[0] if str(err) else 'no detail'}).") from None
    return check_table(df, name)


def _check_shape(name: str, rows: int, columns: int) -> None:
    if columns > MAX_COLUMNS:
        raise ResultsError(f"{name}: {columns:,} columns; a results table has at most "
                           f"{MAX_COLUMNS:,}.")
    if rows > MAX_ROWS:
        raise ResultsError(f"{name}: {rows:,} games; a results file may hold at most "
                           f"{MAX_ROWS:,}.")
    if rows * columns > MAX_CELLS:
        raise ResultsError(f"{name}: {rows:,} games of {columns:,} columns "
                           f"({rows * columns:,} values); a results file may hold at most "
                           f"{MAX_CELLS:,}.")


def _read_parquet(path: Path, name: str) -> pd.DataFrame:
    """A Parquet file read whole only within the bounds: games and values from its footer,
    its pages' unpacked size, then (text columns read as dictionaries, so a short value
    repeated over many rows stays short) the size the table would have once unpacked."""
    import pyarrow as pa  # type: ignore[import-untyped]
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    with pq.ParquetFile(path) as f:
        meta = f.metadata
        _check_shape(name, meta.num_rows, meta.num_columns)
        _check_decoded(name, sum(meta.row_group(i).total_byte_size
                                 for i in range(meta.num_row_groups)))
        texts = [fld.name for fld in f.schema_arrow if _is_text(pa, fld.type)]
    table = pq.read_table(path, read_dictionary=texts)
    decoded = 0
    for fld in table.schema:
        column = table.column(fld.name)
        if fld.name not in texts:
            decoded += column.nbytes
            continue
        longest = _longest(pa, column)
        if longest > MAX_CELL_CHARS:
            raise ResultsError(f"{name}: column {fld.name} holds a value of {longest:,} bytes; "
                               f"a results value has at most {MAX_CELL_CHARS:,}.")
        decoded += table.num_rows * (longest + 8)
    _check_decoded(name, decoded)
    return table.to_pandas()


def _check_decoded(name: str, decoded: int) -> None:
    if decoded > MAX_DECODED:
        raise ResultsError(f"{name}: {decoded / 2**20:,.0f} MB once unpacked; a results file "
                           f"may unpack to at most {MAX_DECODED / 2**20:,.0f} MB.")


def _is_text(pa: Any, t: Any) -> bool:
    if pa.types.is_dictionary(t):
        t = t.value_type
    return bool(pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_binary(t)
                or pa.types.is_large_binary(t))


def _longest(pa: Any, column: Any) -> int:
    """The longest value (bytes) of a text column, measured on its dictionaries."""
    import pyarrow.compute as pc  # type: ignore[import-untyped]

    longest = 0
    for chunk in column.chunks:
        values = chunk.dictionary if pa.types.is_dictionary(chunk.type) else chunk
        if len(values):
            n = pc.max(pc.binary_length(values.cast(pa.large_binary()))).as_py()
            longest = max(longest, n or 0)
    return longest


def _check_csv_shape(path: Path, name: str) -> None:
    """Count the games (lines) and the fields of each line of a CSV file before pandas reads
    it: a streamed count (never the whole file in memory) that stops at the first line past a
    bound.  A line with more fields than the header would make pandas slow down by the square
    of its width (measured: 30,000 fields, 46 s), so it is refused here, located."""
    import csv

    with path.open("rb") as fh:
        head = fh.readline(MAX_COLUMNS * 64)
        header = head.decode("utf-8", errors="replace")
        columns = max(len(next(csv.reader([header]), [])) if header.strip() else 1, 1)
        _check_shape(name, 0, columns)
        longest = columns * (MAX_CELL_CHARS + 3) + 2
        rows = 0
        while line := fh.readline(longest + 1):
            rows += 1
            where = f"{name}: line {rows + 1}"
            if len(line) > longest:
                raise ResultsError(f"{where} is longer than {columns:,} values of at most "
                                   f"{MAX_CELL_CHARS:,} characters.")
            if line.count(b",") >= columns:  # more fields than the header, or quoted commas
                fields = len(next(csv.reader([line.decode("utf-8", errors="replace")]), []))
                if fields > columns:
                    raise ResultsError(f"{where} has {fields:,} values; the header has "
                                       f"{columns:,} columns.")
            if rows > MAX_ROWS:
                raise ResultsError(f"{name}: more than {MAX_ROWS:,} games; a results file may "
                                   f"hold at most {MAX_ROWS:,}.")
    _check_shape(name, rows, columns)


def check_table(df: pd.DataFrame, name: str) -> pd.DataFrame:
    """The table with the results dtypes, or a :class:`ResultsError` naming the problem."""
    missing = [c for c in REQUIRED if c not in df.columns]
    if missing:
        raise ResultsError(f"{name}: not a results table: the "
                           f"{'column' if len(missing) == 1 else 'columns'} {', '.join(missing)} "
                           f"{'is' if len(missing) == 1 else 'are'} missing.")
    if df.empty:
        raise ResultsError(f"{name}: the results table has no games.")
    out = {}
    for col in df.columns:
        want = dtype_of(str(col))
        try:
            out[col] = _convert(df[col], want)
        except (ValueError, TypeError) as err:
            raise ResultsError(f"{name}: column {col} must hold "
                               f"{'whole numbers' if want == 'Int64' else 'true or false'}; "
                               f"{err}.") from None
    table = pd.DataFrame(out)
    if table["seed"].isna().any():
        raise ResultsError(f"{name}: some games have no seed.")
    players = table["players"]
    if players.isna().any() or not players.between(2, 6).all():
        raise ResultsError(f"{name}: every game needs a player count between 2 and 6.")
    return table


_BOOLS = {"true": True, "false": False, "1": True, "0": False}


def _convert(series: pd.Series, want: str) -> pd.Series:
    """``series`` as dtype ``want``; ValueError names the first row that does not fit."""
    if want == "string":
        return series.astype("string")
    if series.dtype == object or str(series.dtype) == "string":
        series = series.replace("", pd.NA)  # an empty cell of a number or flag is missing
    if want == "boolean":
        if str(series.dtype) in ("bool", "boolean"):
            return series.astype("boolean")
        text = series.astype("string").str.lower()
        bad = text.notna() & ~text.isin(list(_BOOLS))
        if bad.any():
            i = int(bad.to_numpy().nonzero()[0][0])
            raise ValueError(f"row {i + 1} has {series.iloc[i]!r}")
        return text.map(_BOOLS, na_action="ignore").astype("boolean")
    num = pd.to_numeric(series, errors="coerce")
    big = num.notna() & ~(num.abs() < 2.0**63)  # 1e999 (infinite), beyond Int64: not a count
    bad = (num.isna() & series.notna()) | (num.notna() & (num != num.round())) | big
    if bad.any():
        i = int(bad.to_numpy().nonzero()[0][0])
        raise ValueError(f"row {i + 1} has {series.iloc[i]!r}")
    return num.astype("Int64")


def shipped_results() -> Path:
    """The results file shipped with the project (see ``scripts/make_results.py``)."""
    game = resources.files("mrp_tutor.games.mission_red_planet")
    return Path(str(game / "data" / "results" / "games.parquet"))
