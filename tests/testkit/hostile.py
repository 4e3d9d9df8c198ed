"""The machinery every hostile-file suite shares: attack generators over a game's own texts
and documents, and the runner that holds each document to "accepted, or refused in located
sentences; never a crash, a hang or a traceback".

Mission: Red Planet's suite (``tests/hostile/test_fuzz_hostile.py``) and First Martians'
(``test_fuzz_first_martians.py``) get it as the ``hostile`` fixture
(``tests/hostile/conftest.py``); the share-code, results-file and log suite
(``test_fuzz_codes_results_logs.py``) imports it by name.
"""

from __future__ import annotations

import json
import random
import re
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from mrp_tutor.core.errors import ContentError, MrpError

LOCATED = re.compile(r"^\S.*?: \S")  # "field.path: what is wrong"
HANG_S = 5.0  # of CPU per document (a loop that never ends burns CPU)
STALL_S = 60.0  # of wall-clock per document (a read that never returns: a stall)

Doc = tuple[str, str, Callable[[], Any]]  # kind, source name, what to run


class Hang(BaseException):  # not an Exception: no `except Exception` in a reader may swallow it
    pass


def _alarm(_sig: int, _frame: Any) -> None:
    raise Hang


# ------------------------------------------------------------------------------ mutation


def leaves(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield from leaves(v, (*path, k))
    elif isinstance(node, list) and node:
        for i, v in enumerate(node):
            yield from leaves(v, (*path, i))
    else:
        yield path, node


def put(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    for k in path[:-1]:
        doc = doc[k]
    doc[path[-1]] = value


def typed_twin(rng: random.Random, v: Any, ids: Sequence[str]) -> Any:
    """A wrong value of the same type (the attack class 'wrong-but-typed')."""
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        return rng.choice([v + 1, v - 1, -v - 1, 0, 99, 10**18, -(10**18)])
    if isinstance(v, str):
        return rng.choice(ids)
    if isinstance(v, list):
        return rng.choice([[], v + v, v[::-1], [*v, rng.choice(ids)]])
    return rng.choice([None, 0, "zz", [], {}])


def mutate(rng: random.Random, doc: Any, ids: Sequence[str], n: int = 1) -> Any:
    """``doc`` with ``n`` leaves replaced by wrong-but-typed values."""
    doc = json.loads(json.dumps(doc))
    for _ in range(n):
        path, v = rng.choice(list(leaves(doc)))
        if not path:
            return typed_twin(rng, v, ids)
        put(doc, path, typed_twin(rng, v, ids))
    return doc


# ------------------------------------------------------------------------------ text attacks

TEXT_KINDS = ("alias", "depth", "number", "duplicate", "tag", "garbage")


def text_attack(rng: random.Random, kind: str, texts: Sequence[str], ids: Sequence[str],
                title: str = "title:") -> str:
    """One of a game's file texts with a YAML attack of ``kind`` (:data:`TEXT_KINDS`);
    ``title`` is a key every text has (a value there is replaced by an alias)."""
    text = rng.choice(texts)
    lines = text.splitlines()
    if kind == "alias":
        width, levels = rng.randint(2, 12), rng.randint(2, 12)
        bomb = ['b0: &b0 ["lol", "lol"]'] + [
            f"b{i}: &b{i} [" + ", ".join([f"*b{i - 1}"] * width) + "]" for i in range(1, levels)]
        at = rng.choice(["top", "step", "value"])
        if at == "top":
            return text + "\n" + "\n".join(bomb) + "\n"
        if at == "value" and title in text:
            return text.replace(title, f"anchor: &t {rng.choice(ids)!r}\n{title} *t\nold:", 1)
        return text + "\nbomb:\n" + "\n".join("  " + b for b in bomb) + "\n"
    if kind == "depth":
        depth = rng.choice([33, 40, 200, 1000, 10_000, 50_000])
        opener, closer = rng.choice([("[", "]"), ("{a: ", "}"), ('{"a": ', "}")])
        return text + f"\n{rng.choice(['title', 'nest', 'position'])}: " + \
            opener * depth + "1" + closer * depth + "\n"
    if kind == "number":
        digits = rng.choice([20, 25, 300, 4301, 6000])
        big = rng.choice(["", "-"]) + "9" * digits
        candidates = [i for i, ln in enumerate(lines) if re.search(r": -?\d+\s*$", ln)]
        if candidates and rng.random() < 0.8:
            i = rng.choice(candidates)
            lines[i] = re.sub(r"-?\d+\s*$", big, lines[i])
            return "\n".join(lines) + "\n"
        return text + f"\nseed: {rng.choice([big, '.inf', '-.nan', '1e9999', '0x' + 'f' * 40])}\n"
    if kind == "duplicate":
        keyed = [i for i, ln in enumerate(lines) if re.match(r"^\s*[a-z_]+:", ln)]
        i = rng.choice(keyed)
        return "\n".join([*lines[: i + 1], lines[i], *lines[i + 1:]]) + "\n"
    if kind == "tag":
        tag = rng.choice(["!!python/object/apply:os.system ['true']", "!!binary aGVsbG8=",
                          "!!set {a, b}", "!!omap [a: 1]", "!custom x", "!!timestamp x"])
        return text + f"\nextra: {tag}\n"
    # garbage: random bytes spliced in
    cut = rng.randint(0, len(text))
    junk = "".join(rng.choice("[]{}:-&*!|>'\"#%@`\t\x00\x07\u2028é ")
                   for _ in range(rng.randint(1, 9)))
    return text[:cut] + junk + text[cut:]


def encoded(rng: random.Random, texts: Sequence[str], title: str = "title:") -> bytes:
    """One of a game's file texts in a wrong or broken encoding."""
    text = rng.choice(texts)
    text = text.replace(title, f"{title} Hellás ·", 1) if title in text else text + "\n# Hellás\n"
    how = rng.choice(["latin-1", "utf-16", "cp1252", "flip", "bom", "nul", "truncate"])
    if how in ("latin-1", "cp1252"):
        return text.encode(how, errors="replace")
    if how == "utf-16":
        return text.encode("utf-16")
    data = bytearray(text.encode("utf-8"))
    if how == "flip":
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randint(0x80, 0xFF)
    elif how == "bom":
        data[:0] = b"\xef\xbb\xbf"
    elif how == "nul":
        data.insert(rng.randrange(len(data)), 0)
    else:
        i = text.encode("utf-8").index("á".encode()) + 1
        data = data[:i]
    return bytes(data)


# ------------------------------------------------------------------------------ the runner


@dataclass
class Outcome:
    """What a run of hostile documents gave."""

    outcomes: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    summary: str = ""

    def refused(self, kind: str) -> int:
        return self.outcomes[f"{kind}: refused"]


def located(err: BaseException, name: str) -> str | None:
    """None when the refusal ``err`` names its document ``name`` and each of its sentences
    its field; otherwise what is wrong with it."""
    if isinstance(err, ContentError):
        bad = [p for p in err.problems if not LOCATED.match(p)]
        if err.source != name or bad or not err.problems:
            return f"{err.source}: {bad or err}"
        return None
    text = str(err)  # a refusal of another kind: one sentence "<name>: field: what"
    return None if text.startswith(f"{name}: ") and LOCATED.match(text) else text[:200]


def run(documents: Iterable[Doc],
        refusals: tuple[type[BaseException], ...] = (ContentError,)) -> Outcome:
    """Run every document with a hang timer: accepted, a located refusal (one of
    ``refusals``: by default a :class:`ContentError` whose source is the document's name), or
    an engine error with a code; anything else is a failure (a crash, a hang, a refusal
    without a field)."""
    out = Outcome()
    slowest = 0.0
    spent: Counter[str] = Counter()
    # CPU time, not wall-clock, decides a hang: on a shared machine a document can wait for
    # a core for seconds (a test must not fail because other work ran); a stall that burns
    # no CPU is caught by the wall-clock limit.
    old = signal.signal(signal.SIGALRM, _alarm), signal.signal(signal.SIGPROF, _alarm)
    start, cpu = time.perf_counter(), time.process_time()
    try:
        for kind, name, go in documents:
            t = time.perf_counter()
            signal.setitimer(signal.ITIMER_PROF, HANG_S)
            signal.setitimer(signal.ITIMER_REAL, STALL_S)
            try:
                go()
                out.outcomes[f"{kind}: accepted"] += 1
            except refusals as err:
                out.outcomes[f"{kind}: refused"] += 1
                why = located(err, name)
                if why is not None:
                    out.failures.append(f"{name}: refusal not located: {why}")
            except MrpError as err:  # an engine error with a code (e.g. a log without a start)
                out.outcomes[f"{kind}: refused ({err.code})"] += 1
            except Hang:
                out.failures.append(f"{name}: hang (more than {HANG_S} s of CPU or "
                                    f"{STALL_S} s in all)")
            except BaseException as exc:  # a crash: exactly what these suites hunt
                out.failures.append(f"{name}: {type(exc).__name__}: {str(exc)[:200]}")
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
                signal.setitimer(signal.ITIMER_REAL, 0)
            spent[kind] += time.perf_counter() - t
            slowest = max(slowest, time.perf_counter() - t)
    finally:
        signal.signal(signal.SIGALRM, old[0])
        signal.signal(signal.SIGPROF, old[1])
    total = sum(out.outcomes.values()) + len(out.failures)
    out.summary = (f"{total} documents in {time.perf_counter() - start:.1f} s ("
                   f"{time.process_time() - cpu:.1f} s of CPU), slowest "
                   f"{slowest:.2f} s: {dict(sorted(out.outcomes.items()))}; seconds by kind: "
                   f"{ {k: round(v, 1) for k, v in spent.items()} }")
    return out
