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
            df = pd.read_parquet(path, engine="pyarrow")
        else:
            df = pd.read_csv(path, dtype=str, keep_default_na=False, na_values=["NA"])
    except Exception as err:  # any parser failure is a bad file, told as a sentence
        raise ResultsError(f"{name}: cannot be read as {fmt} ({type(err).__name__}: "
                           f"{str(err).splitlines()[0] if str(err) else 'no detail'}).") from None
    return check_table(df, name)


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
    bad = (num.isna() & series.notna()) | (num.notna() & (num != num.round()))
    if bad.any():
        i = int(bad.to_numpy().nonzero()[0][0])
        raise ValueError(f"row {i + 1} has {series.iloc[i]!r}")
    return num.astype("Int64")


def shipped_results() -> Path:
    """The results file shipped with the project (see ``scripts/make_results.py``)."""
    return Path(str(resources.files("mrp_tutor") / "data" / "results" / "games.parquet"))
