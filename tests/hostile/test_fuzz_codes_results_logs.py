"""Generator-based fuzzing, round two (issue 28): share codes, results files and event logs.

Kinds: share codes broken every way an attack breaks them (deep nesting, duplicate keys, huge
or boolean numbers, NaN, trailing base64, extra padding, a second zlib stream, garbage after
the stream, a decompression bomb, damaged characters, a wrong-but-typed table inside);
results files (a 20-million-row Parquet file of a few hundred KB, a CSV of more lines than
allowed, a short text repeated into a gigabyte, one huge cell, truncated and random files,
numbers that are not counts: 1e999, inf, nan, 10**30, booleans, fractions); event logs of real
games (base, first edition, unique abilities) altered: the seed set to 10**25, another seed,
a colour changed, an event given twice, two events swapped, one dropped, a field changed, the
log cut short.

Every document ends accepted or refused with a sentence naming its document and field (a
``ContentError`` whose source is the document, or a ``ResultsError`` starting with the file
name): 0 crashes, 0 tracebacks, 0 hangs (5 CPU-s each, 60 s in all, enforced by timer signals:
the runner of :mod:`testkit.hostile`, shared with the other hostile suites).  An accepted
log must be one the rules produce (replay re-derives it) and must play on.

``HOSTILE_DOCS2=6000 HOSTILE_SEED=3`` explores further by hand.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from testkit.hostile import Doc, leaves, put, run
from testkit.share_codes import midgame_table_doc, packed

from mrp_tutor.core.loader import parse_json
from mrp_tutor.games.mission_red_planet.engine import Game, GameSpec, load_spec, replay
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
from mrp_tutor.games.mission_red_planet.engine.checks import log_from_data
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.engine.events import event_to_dict
from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset
from mrp_tutor.games.mission_red_planet.scenarios.table_file import (
    CODE_PREFIX,
    decode_table,
    encode_table,
    load_table,
)
from mrp_tutor.games.mission_red_planet.simulation.results_file import ResultsError, load_results

N_DOCS = int(os.environ.get("HOSTILE_DOCS2", "1500"))
SEED = int(os.environ.get("HOSTILE_SEED", "28"))
ROOT = Path(__file__).resolve().parents[2]
SPEC = load_spec(use_env_overrides=False)


# ------------------------------------------------------------------------------ material

GOOD_DOC = midgame_table_doc(SPEC)
GOOD_RAW = json.dumps(GOOD_DOC, separators=(",", ":")).encode()


def _games() -> list[tuple[GameSpec, list[dict[str, Any]]]]:
    fe = find_ruleset("first_edition").spec(use_env_overrides=False)
    ua = find_ruleset("unique_abilities").spec(use_env_overrides=False)
    out = []
    for spec, n, variant, seed in ((SPEC, 3, "standard", 1), (SPEC, 5, "standard", 2),
                                   (SPEC, 4, "two_player", 3), (fe, 4, "first_edition", 4),
                                   (ua, 3, "unique_abilities", 5)):
        g = bot_game(spec, list(spec.colours[:n]), seed, ruleset=variant)
        out.append((spec, [event_to_dict(e) for e in g.log]))
    return out


GAMES = _games()


def _twin(rng: random.Random, v: Any) -> Any:
    """A wrong value, often of the same type."""
    if isinstance(v, bool):
        return rng.choice([not v, 1, "true"])
    if isinstance(v, int):
        return rng.choice([v + 1, v - 1, -v - 1, 0, True, 10**18, 10**25, 2.5, "3"])
    if isinstance(v, str):
        return rng.choice(["", "zz", "../x", "red", "s07", "hellas", "\x1b[2J", v * 2, 7])
    return rng.choice([None, 0, "zz", [], {}, [None]])


def _mutate(rng: random.Random, doc: Any) -> Any:
    doc = copy.deepcopy(doc)
    path, v = rng.choice(list(leaves(doc)))
    if not path:
        return _twin(rng, v)
    put(doc, path, _twin(rng, v))
    return doc


# ------------------------------------------------------------------------------ documents



def _code_text(rng: random.Random) -> str:
    good = encode_table(GOOD_DOC)
    how = rng.choice(["deep", "duplicate", "number", "bool", "nan", "tail", "padding",
                      "stream", "garbage", "bomb", "flip", "cut", "prefix", "typed", "typed",
                      "utf8", "good"])
    if how == "deep":
        n = rng.choice([33, 100, 1000, 5000, 20000])
        o, c = rng.choice([(b"[", b"]"), (b'{"a":', b"}")])
        return packed(b'{"position":' + o * n + b"1" + c * n + b"}")
    if how == "duplicate":
        key = rng.choice([b'"players"', b'"position"', b'"ruleset"'])
        return packed(GOOD_RAW[:-1] + b"," + key + b":null}")
    if how == "number":
        return packed(GOOD_RAW.replace(b'"round":', b'"round":' + b"9" * rng.choice([20, 400])
                                      + b",\"x\":", 1))
    if how == "bool":
        return packed(re.sub(rb'("round":)\d+', rb"\1true", GOOD_RAW, count=1))
    if how == "nan":
        return packed(re.sub(rb'("round":)\d+', rng.choice([rb"\1NaN", rb"\1Infinity"]),
                            GOOD_RAW, count=1))
    if how == "tail":
        return good + rng.choice(["QUJD", "A", "==", "AAAA", "-_-_"])
    if how == "padding":
        return good.rstrip("=") + "=" * rng.randint(1, 5)
    if how == "stream":
        return packed(GOOD_RAW, zlib.compress(rng.choice([GOOD_RAW, b'{"players":["red"]}'])))
    if how == "garbage":
        return packed(GOOD_RAW, bytes(rng.randrange(256) for _ in range(rng.randint(1, 40))))
    if how == "bomb":
        return packed(b'{"title":"' + b"x" * rng.choice([300_000, 5_000_000]) + b'"}')
    if how == "flip":
        chars = list(good)
        for _ in range(rng.randint(1, 5)):
            i = rng.randrange(len(CODE_PREFIX), len(chars))
            chars[i] = rng.choice("ABCxyz019-_+/=!\x00 é")
        return "".join(chars)
    if how == "cut":
        return good[: rng.randrange(len(CODE_PREFIX), len(good))]
    if how == "prefix":
        return rng.choice(["MRP2:", "mrp1:", "", "MRP1"]) + good[len(CODE_PREFIX):]
    if how == "utf8":
        return packed(GOOD_RAW.replace(b"My table", b"My \xff\xfe table"))
    if how == "typed":
        return encode_table(_mutate(rng, GOOD_DOC))
    return good


def _code_doc(rng: random.Random, i: int) -> Doc:
    text = _code_text(rng)
    name = f"code-{i}"

    def run() -> Any:
        return load_table(decode_table(text, name), name).build()

    return "code", name, run


class ResultFiles:
    """Hostile results files; the big ones are written once and named many times."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.rows = self._row_bomb()
        self.dictionary = self._dictionary_bomb()
        self.lines = folder / "lines.csv"
        self.lines.write_bytes(b"seed,ruleset,players,bots,winners\n"
                               + b"1,base,3,random,red\n" * 1_000_001)

    def _columns(self, n: int, text: str = "base") -> dict[str, Any]:
        def d(v: str) -> pa.DictionaryArray:
            return pa.DictionaryArray.from_arrays(pa.array(np.zeros(n, dtype=np.int8)),
                                                  pa.array([v]))

        return {"seed": pa.array(np.arange(n, dtype=np.int64)), "ruleset": d(text),
                "players": pa.array(np.full(n, 3, dtype=np.int64)), "bots": d("random"),
                "winners": d("red")}

    def _row_bomb(self) -> Path:
        path = self.folder / "rows.parquet"
        table = pa.table(self._columns(1_000_000))
        with pq.ParquetWriter(path, table.schema, compression="zstd") as w:
            for _ in range(20):
                w.write_table(table, row_group_size=1_000_000)
        return path  # 20,000,000 games in a few hundred KB

    def _dictionary_bomb(self) -> Path:
        path = self.folder / "dictionary.parquet"
        pq.write_table(pa.table(self._columns(20_000, "x" * 100_000)), path,
                       compression="zstd")
        return path  # 2 GB of text once unpacked

    def make(self, rng: random.Random, i: int) -> Path:
        how = rng.choice(["rows", "dictionary", "lines", "cell", "number", "number", "number",
                          "random", "cut", "header", "good"])
        if how in ("rows", "dictionary", "lines"):
            return {"rows": self.rows, "dictionary": self.dictionary, "lines": self.lines}[how]
        if how in ("random", "cut"):
            path = self.folder / f"r{i}{rng.choice(['.parquet', '.csv'])}"
            if how == "random":
                path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randint(0, 400))))
            else:
                pq.write_table(pa.table(self._columns(50)), self.folder / "whole.parquet")
                data = (self.folder / "whole.parquet").read_bytes()
                path.write_bytes(data[: rng.randrange(len(data))])
            return path
        row = {"seed": "7", "ruleset": "base", "players": "3", "bots": "random",
               "winners": "red"}
        if how == "cell":
            row["winners"] = "red," * rng.choice([1_000, 300_000])
        elif how == "number":
            row[rng.choice(["seed", "players"])] = rng.choice(
                ["1e999", "-1e999", "inf", "nan", "9" * 30, "1e19", "2.5", "true", "0x10", "",
                 "NA", "-3", "7"])
        path = self.folder / f"r{i}.csv"
        header = "seed,ruleset,players,bots,winners" if how != "header" else rng.choice(
            ["seed,seed,players,bots,winners", "a,b,c", "", "\ufeffseed,ruleset,players,bots"])
        path.write_text(header + "\n" + ",".join(row.values()) + "\n", encoding="utf-8")
        return path


def _results_doc(rng: random.Random, files: ResultFiles, i: int) -> Doc:
    path = files.make(rng, i)
    return "results", path.name, lambda: load_results(path)


def _log_doc(rng: random.Random, i: int) -> Doc:
    spec, original = rng.choice(GAMES)
    log = copy.deepcopy(original)
    how = rng.choice(["seed", "colour", "extra", "swap", "drop", "field", "cut", "none"])
    if how == "seed":
        log[0]["seed"] = rng.choice([10**25, log[0]["seed"] + 1, -1, True, 2**64, "7"])
    elif how == "colour":
        j = rng.choice([k for k, e in enumerate(log) if k and isinstance(e.get("colour"), str)])
        log[j]["colour"] = rng.choice([c for c in log[0]["colours"] if c != log[j]["colour"]]
                                      + ["pink"])
    elif how == "extra":
        j = rng.randrange(1, len(log))
        log.insert(j, copy.deepcopy(log[j]))
    elif how == "swap":
        j = rng.randrange(2, len(log))
        log[j - 1], log[j] = log[j], log[j - 1]
    elif how == "drop":
        del log[rng.randrange(1, len(log))]
    elif how == "field":
        j = rng.randrange(len(log))
        log[j] = _mutate(rng, log[j])
    elif how == "cut":
        log = log[: rng.randrange(1, len(log))]
    name = f"log-{i}.json"

    def run() -> Any:
        raw = parse_json(json.dumps(log), name) if i % 2 else log
        events = log_from_data(raw, name)
        state = replay(spec, events, source=name)
        game = Game(spec, state, events)
        play = random.Random(i)
        for _ in range(10):  # an accepted log plays on
            if game.over:
                break
            game.play(play.choice(game.legal_intents()))
        return state

    return f"log ({how})", name, run


def documents(n: int, seed: int, folder: Path) -> Iterator[Doc]:
    rng = random.Random(seed)
    files = ResultFiles(folder)
    for i in range(n):
        kind = i % 5
        if kind in (0, 1):
            yield _code_doc(rng, i)
        elif kind == 2:
            yield _results_doc(rng, files, i)
        else:
            yield _log_doc(rng, i)


# ------------------------------------------------------------------------------ the suite

def test_hostile_codes_results_and_logs_end_in_located_sentences(tmp_path: Path) -> None:
    out = run(documents(N_DOCS, SEED, tmp_path), refusals=(ContentError, ResultsError))
    outcomes, summary = out.outcomes, out.summary
    print(summary)
    total = sum(outcomes.values()) + len(out.failures)
    assert total >= min(N_DOCS, 1500)
    assert not out.failures, "\n".join(out.failures[:30]) + "\n" + summary
    for kind in ("code", "results", "log (seed)", "log (colour)", "log (extra)", "log (swap)",
                 "log (drop)"):
        assert outcomes[f"{kind}: refused"] > 0, (kind, summary)
    assert outcomes["code: accepted"] > 0 and outcomes["log (none): accepted"] > 0, summary
    assert outcomes["log (seed): accepted"] == 0, summary  # no other seed gives these shuffles


def test_the_bombs_are_refused_by_their_bounds(tmp_path: Path) -> None:
    files = ResultFiles(tmp_path)
    for path in (files.rows, files.lines, files.dictionary):
        with pytest.raises(ResultsError) as err:
            load_results(path)
        assert str(err.value).startswith(f"{path.name}: ")
        assert re.search(r"games; a results file may hold at most|holds a value of",
                         str(err.value)), err.value
