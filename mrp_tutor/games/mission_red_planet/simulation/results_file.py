"""The results table: pandas dtypes, saving as Parquet or CSV, and the one hardened loader.

A results file may come from anywhere (a colleague, a download), so :func:`load_results`
checks it and turns every problem into one located sentence (:class:`ResultsError`); it never
lets a traceback or a half-read table through.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import pandas as pd

from mrp_tutor.core.loader import file_kind

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
        kind = file_kind(path) if path.exists() else None
        raise ResultsError(f"{name}: {kind}, not a results file." if kind else
                           f"{name}: no such results file ({path}).")
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
    """A Parquet file read only within the bounds, one row group at a time.

    Its footer is not taken at its word: the games and unpacked bytes are summed from its own
    row groups and column chunks (a footer whose total says 10 games while its row groups hold
    250 million was read whole), a footer whose parts disagree is refused, every column's
    Arrow type must fit the column (no ``bool`` where a count belongs), and each row group is
    measured once read (text columns read as dictionaries, so a short value repeated over
    many rows stays short) before the next is read."""
    import pyarrow as pa  # type: ignore[import-untyped]
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    with pq.ParquetFile(path) as f:
        meta = f.metadata
        _check_footer(name, meta)
        _check_types(pa, name, f.schema_arrow)
        texts = [fld.name for fld in f.schema_arrow if _is_text(pa, fld.type)]
    groups, rows, decoded = [], 0, 0
    with pq.ParquetFile(path, read_dictionary=texts) as f:
        for i in range(meta.num_row_groups):
            group = f.read_row_group(i)
            rows += group.num_rows
            _check_shape(name, rows, group.num_columns)
            decoded += _decoded(pa, name, group, texts)
            _check_decoded(name, decoded)
            groups.append(group)
    if rows != meta.num_rows:
        raise ResultsError(f"{name}: its footer says {meta.num_rows:,} games but it holds "
                           f"{rows:,}; the file is damaged.")
    if not groups:
        raise ResultsError(f"{name}: the results table has no games.")
    return pa.concat_tables(groups).to_pandas()


def _check_footer(name: str, meta: Any) -> None:
    """Games and unpacked bytes summed from the footer's row groups and column chunks."""
    _check_shape(name, meta.num_rows, meta.num_columns)
    rows = decoded = 0
    for i in range(meta.num_row_groups):
        group = meta.row_group(i)
        counts = {group.num_rows} | {group.column(j).num_values
                                     for j in range(group.num_columns)}
        rows += max(counts)
        _check_shape(name, rows, meta.num_columns)
        if len(counts) > 1:
            raise ResultsError(f"{name}: its footer contradicts itself: row group {i + 1} "
                               f"says {min(counts):,} games in one place and {max(counts):,} "
                               f"in another; the file is damaged.")
        if rows > meta.num_rows:
            raise ResultsError(f"{name}: its footer contradicts itself: it says "
                               f"{meta.num_rows:,} games in all, yet its row groups hold at "
                               f"least {rows:,}; the file is damaged.")
        decoded += max(group.total_byte_size, sum(group.column(j).total_uncompressed_size
                                                  for j in range(group.num_columns)))
        _check_decoded(name, decoded)


_ARROW_KIND = {"Int64": "whole numbers", "boolean": "true or false", "string": "text"}


def _check_types(pa: Any, name: str, schema: Any) -> None:
    """Each column's Arrow type fits its column: counts are integers (or floats, checked value
    by value), flags are booleans, names are text; an all-missing column may be null."""
    for fld in schema:
        want, t = dtype_of(fld.name), fld.type
        fits = {"Int64": pa.types.is_integer(t) or pa.types.is_floating(t),
                "boolean": pa.types.is_boolean(t),
                "string": _is_text(pa, t)}[want]
        if not (fits or pa.types.is_null(t)):
            raise ResultsError(f"{name}: column {fld.name} must hold {_ARROW_KIND[want]}, "
                               f"not {_arrow_words(pa, t)}.")


def _arrow_words(pa: Any, t: Any) -> str:
    if pa.types.is_boolean(t):
        return "true or false"
    if pa.types.is_integer(t) or pa.types.is_floating(t):
        return "numbers"
    return "text" if _is_text(pa, t) else f"values of type {t}"


def _decoded(pa: Any, name: str, group: Any, texts: list[str]) -> int:
    """The bytes a row group takes once unpacked; a text value past the cell limit refused."""
    decoded = 0
    for fld in group.schema:
        column = group.column(fld.name)
        if fld.name not in texts:
            decoded += column.nbytes
            continue
        longest = _longest(pa, column)
        if longest > MAX_CELL_CHARS:
            raise ResultsError(f"{name}: column {fld.name} holds a value of {longest:,} bytes; "
                               f"a results value has at most {MAX_CELL_CHARS:,}.")
        decoded += group.num_rows * (longest + 8)
    return decoded


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
    """Count the games and check the values of a CSV file before pandas reads it: a streamed
    pass (never the whole file in memory) through Python's CSV reader, so that the bounds
    hold for the values pandas will see (a quoted value runs over many lines: a value of
    200,000 characters in lines of 100 passed a check of raw lines), stopping at the first
    game past a bound.  A line with more fields than the header would make pandas slow down
    by the square of its width (measured: 30,000 fields, 46 s), so it is refused here,
    located."""
    import csv

    with path.open("rb") as fh:
        head = fh.readline(MAX_COLUMNS * 64)
        header = head.decode("utf-8", errors="replace")
        columns = max(len(next(csv.reader([header]), [])) if header.strip() else 1, 1)
        _check_shape(name, 0, columns)
        reader = csv.reader(_bounded_lines(fh, name, columns))
        rows = 0
        try:
            for record in reader:
                rows += 1
                _check_record(f"{name}: line {reader.line_num + 1}", record, columns)
                if rows > MAX_ROWS:
                    raise ResultsError(f"{name}: more than {MAX_ROWS:,} games; a results file "
                                       f"may hold at most {MAX_ROWS:,}.")
        except csv.Error as err:  # a quoted value past the reader's own limit, a stray quote
            where = f"{name}: line {reader.line_num + 1}"
            if "field larger" in str(err):
                raise ResultsError(f"{where} holds a value of more than {MAX_CELL_CHARS:,} "
                                   f"characters; a results value has at most "
                                   f"{MAX_CELL_CHARS:,}.") from None
            raise ResultsError(f"{where} cannot be read as CSV.") from None
    _check_shape(name, rows, columns)


def _bounded_lines(fh: Any, name: str, columns: int) -> Iterator[str]:
    """The file's lines, each refused past the longest a line of ``columns`` values can be."""
    longest = columns * (MAX_CELL_CHARS + 3) + 2
    number = 1
    while line := fh.readline(longest + 1):
        number += 1
        if len(line) > longest:
            raise ResultsError(f"{name}: line {number} is longer than {columns:,} values of "
                               f"at most {MAX_CELL_CHARS:,} characters.")
        yield line.decode("utf-8", errors="replace")


def _check_record(where: str, record: list[str], columns: int) -> None:
    if len(record) > columns:
        raise ResultsError(f"{where} has {len(record):,} values; the header has "
                           f"{columns:,} columns.")
    if max(map(len, record), default=0) <= MAX_CELL_CHARS:
        return
    for i, value in enumerate(record):
        if len(value) > MAX_CELL_CHARS:
            raise ResultsError(f"{where}: value {i + 1} has {len(value):,} characters; a "
                               f"results value has at most {MAX_CELL_CHARS:,}.")


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
    if str(series.dtype) in ("bool", "boolean"):  # True is not the count 1
        raise ValueError("it holds true or false")
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
