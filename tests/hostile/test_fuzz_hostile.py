"""Generator-based fuzzing of every reader with hostile documents (seeded, >= 3,000 in CI).

Kinds: YAML aliases, deep nesting, broken encodings, huge numbers, duplicate keys, hostile
paths, wrong-but-typed values (scenarios, overrides, intents), mutated game states and
mutated event logs.  Every document must end either accepted or in a ``ContentError`` (or
an engine error with a code) whose source is the document's name and whose every sentence
names a field: 0 crashes, 0 hangs (each document has 5 s, enforced by a timer signal),
0 tracebacks.  An accepted mutated state or log must still play on without an engine crash.

``HOSTILE_DOCS=20000 HOSTILE_SEED=7`` explores further by hand.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from mrp_tutor.engine import Game, GameSpec, load_spec, replay, state_from_dict, state_to_dict
from mrp_tutor.engine.bots import bot_game
from mrp_tutor.engine.checks import log_from_data
from mrp_tutor.engine.content import load_content
from mrp_tutor.engine.errors import ContentError, MrpError
from mrp_tutor.engine.events import event_to_dict
from mrp_tutor.loader import INTENT, parse_json, parse_yaml
from mrp_tutor.referee import is_legal
from mrp_tutor.resources import scenarios_dir

N_DOCS = int(os.environ.get("HOSTILE_DOCS", "3000"))
SEED = int(os.environ.get("HOSTILE_SEED", "16"))
HANG_S = 5.0
SPEC = load_spec(use_env_overrides=False)
SCENARIO_TEXTS = [p.read_text(encoding="utf-8") for p in sorted(scenarios_dir().glob("*.yaml"))]
LOCATED = re.compile(r"^\S.*?: \S")  # "field.path: what is wrong"


class Hang(BaseException):  # not an Exception: no `except Exception` may swallow it
    pass


def _alarm(_sig: int, _frame: Any) -> None:
    raise Hang


# ------------------------------------------------------------------------------ material


def _games() -> list[Game]:
    out = []
    for seed, colours, variant in ((1, SPEC.colours[:3], "standard"),
                                   (2, SPEC.colours[:5], "standard"),
                                   (3, SPEC.colours[:4], "two_player")):
        g = Game.new(SPEC, list(colours), seed, variant=variant)
        rng = random.Random(seed)
        for _ in range(rng.randint(40, 160)):
            if g.over:
                break
            g.play(rng.choice(g.legal_intents()))
        out.append(g)
    return out


GAMES = _games()
STATES = [state_to_dict(g.state) for g in GAMES]
LOGS = [[event_to_dict(e) for e in g.log] for g in GAMES]
IDS = [*SPEC.zones, *SPEC.ships, *SPEC.characters, *SPEC.discoveries, *SPEC.missions,
       *SPEC.actions, *SPEC.colours, "", "zz", "../x", "ice"]


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(node, list) and node:
        for i, v in enumerate(node):
            yield from _leaves(v, (*path, i))
    else:
        yield path, node


def _put(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    for k in path[:-1]:
        doc = doc[k]
    doc[path[-1]] = value


def _typed_twin(rng: random.Random, v: Any) -> Any:
    """A wrong value of the same type (the attack class 'wrong-but-typed')."""
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        return rng.choice([v + 1, v - 1, -v - 1, 0, 99, 10**18, -(10**18)])
    if isinstance(v, str):
        return rng.choice(IDS)
    if isinstance(v, list):
        return rng.choice([[], v + v, v[::-1], [*v, rng.choice(IDS)]])
    return rng.choice([None, 0, "zz", [], {}])


def _mutate(rng: random.Random, doc: Any, n: int = 1) -> Any:
    doc = json.loads(json.dumps(doc))
    for _ in range(n):
        leaves = list(_leaves(doc))
        path, v = rng.choice(leaves)
        if not path:
            return _typed_twin(rng, v)
        _put(doc, path, _typed_twin(rng, v))
    return doc


# ------------------------------------------------------------------------------ documents

Doc = tuple[str, str, Callable[[], Any]]  # kind, source name, what to run


def _yaml_text_attack(rng: random.Random, kind: str) -> str:
    text = rng.choice(SCENARIO_TEXTS)
    lines = text.splitlines()
    if kind == "alias":
        width, levels = rng.randint(2, 12), rng.randint(2, 12)
        bomb = ['b0: &b0 ["lol", "lol"]'] + [
            f"b{i}: &b{i} [" + ", ".join([f"*b{i - 1}"] * width) + "]" for i in range(1, levels)]
        at = rng.choice(["top", "step", "value"])
        if at == "top":
            return text + "\n" + "\n".join(bomb) + "\n"
        if at == "value":
            return text.replace("title:", f"anchor: &t {rng.choice(IDS)!r}\ntitle: *t\nold:", 1)
        return text + "\nbomb:\n" + "\n".join("  " + b for b in bomb) + "\n"
    if kind == "depth":
        depth = rng.choice([33, 40, 200, 1000, 10_000, 50_000])
        opener, closer = rng.choice([("[", "]"), ("{a: ", "}"), ('{"a": ', "}")])
        return text + f"\n{rng.choice(['title', 'nest', 'position'])}: " + opener * depth + \
            "1" + closer * depth + "\n"
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


def _encoded(rng: random.Random) -> bytes:
    text = rng.choice(SCENARIO_TEXTS).replace("title:", "title: Hellás ·", 1)
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


def _scenario_doc(rng: random.Random, kind: str, tmp: Path, i: int) -> Doc:
    name = f"{kind}-{i}.yaml"
    if kind == "encoding":
        data = _encoded(rng)
    elif kind == "path":
        doc = yaml.safe_load(rng.choice(SCENARIO_TEXTS))
        doc["ruleset"] = rng.choice(["/etc", "../../etc/passwd", "base/../../x", "..", ".",
                                     "~root", "C:\\x", "base\x00", "a/b", "%2e%2e", "Base",
                                     "nope", "base" * 30, 7, ["base"], {"a": "b"}, None])
        data = yaml.safe_dump(doc).encode()
    elif kind == "typed":
        doc = _mutate(rng, yaml.safe_load(rng.choice(SCENARIO_TEXTS)), rng.randint(1, 3))
        data = yaml.safe_dump(doc).encode()
    else:
        data = _yaml_text_attack(rng, kind).encode("utf-8", errors="surrogatepass")
    path = tmp / name

    def run() -> Any:
        from mrp_tutor.scenarios import load_scenario

        path.write_bytes(data)
        try:
            return load_scenario(path)
        except ContentError as err:
            assert err.source == str(path), err.source
            raise

    return kind, str(path), run


def _override_doc(rng: random.Random, tmp: Path, i: int) -> Doc:
    section, key, ids = rng.choice([("ships", "ships", list(SPEC.ships)),
                                    ("characters", "characters", list(SPEC.characters)),
                                    ("zones", "zones", list(SPEC.zones)),
                                    ("events", "missions", list(SPEC.missions))])
    entry: dict[str, Any] = {"id": rng.choice([*ids, "zz", ["s07"], {"a": 1}, 7, None])}
    field, value = rng.choice([("capacity", rng.choice([0, -1, 3, 10**30, "x", [2]])),
                               ("steps", rng.choice([[], [{"effect": "board", "count": 0}],
                                                     [{"effect": "recall_cards"}], "x",
                                                     rng.sample(STEPS, rng.randint(1, 3))])),
                               ("number", rng.choice([0, 10, 5, "nine"])),
                               ("name", rng.choice(["", "x" * 30_000, 5])),
                               ("kind", rng.choice(["moon", "sea", 1])),
                               ("destination", rng.choice(["zz", "unknown", "hellas", 1])),
                               ("verified", rng.choice([True, "yes", 2]))])
    entry[field] = value
    doc: Any = {section: {key: [entry]}}
    if rng.random() < 0.15:
        doc = rng.choice([[doc], "text", {"game": {"rounds": rng.choice([0, -3, 10**25])}},
                          {"nope": {}}, {section: "x"}])
    path = tmp / f"override-{i}.yaml"
    text = json.dumps(doc, default=str) if rng.random() < 0.2 else yaml.safe_dump(doc)
    if rng.random() < 0.1:
        text = text.replace('"', "") + "\n" + text.split("\n")[0]  # broken and duplicated

    def run() -> Any:
        path.write_text(text, encoding="utf-8")
        try:
            content = load_content("base", overrides=path)
            # accepted card data must be playable: a whole seeded bot game ends
            game = bot_game(GameSpec("base", content), SPEC.colours[:3], i)
            assert game.over
            return content
        except ContentError as err:
            assert err.source == str(path), err.source
            raise

    return "override", str(path), run


def _intent_doc(rng: random.Random, i: int) -> Doc:
    game = rng.choice(GAMES)
    legal = game.legal_intents()
    base: dict[str, Any] = {"type": "board", "colour": "red", "ship": "s07"}
    if legal:
        from mrp_tutor.engine.intents import intent_to_dict

        base = intent_to_dict(rng.choice(legal))
    how = rng.choice(["typed", "deep", "json", "huge"])
    name = f"intent-{i}"
    if how == "typed":
        data: Any = _mutate(rng, base, rng.randint(1, 2))
    elif how == "deep":
        inner: Any = "s07"
        for _ in range(rng.choice([9, 50, 1000, 30_000])):
            inner = [inner] if rng.random() < 0.5 else {"a": inner}
        data = {**base, rng.choice(list(base)): inner}
    elif how == "huge":
        data = {**base, rng.choice(list(base)): rng.choice(["x" * 100_000, 10**5000, -(10**40),
                                                            float("inf"), float("nan")])}
    else:
        text = json.dumps(base)
        text = rng.choice([text.replace("}", ', "colour": "blue"}'),
                           text[:-1] + ', "count": ' + "9" * 5000 + "}",
                           "[" * 5000, text.replace('"', "'"), text + "]", "NaN",
                           '{"type": ' + "[" * 2000 + "]" * 2000 + "}"])

        def run_json() -> Any:
            raw = parse_json(text, name, INTENT)
            return is_legal(SPEC, game.state, raw)

        return "intent", name, run_json

    def run() -> Any:
        verdict = is_legal(SPEC, game.state, data)
        assert verdict.legal or verdict.reason, verdict
        return verdict

    return "intent", name, run


def _play_on(game: Game, rng: random.Random, steps: int = 12) -> None:
    """An accepted state must keep working: decisions and the automatic parts run."""
    for _ in range(steps):
        if game.over:
            return
        legal = game.legal_intents()
        if not legal:
            game.advance()
            if not game.legal_intents():
                return
            continue
        game.play(rng.choice(legal))


def _state_doc(rng: random.Random, i: int) -> Doc:
    k = rng.randrange(len(STATES))
    data = _mutate(rng, STATES[k], rng.choice([1, 1, 1, 2, 3]))
    name = f"state-{i}.json"
    as_text = rng.random() < 0.3

    def run() -> Any:
        raw = parse_json(json.dumps(data), name) if as_text else data
        state = state_from_dict(raw, source=name, spec=SPEC)
        _play_on(Game(SPEC, state, []), random.Random(i))
        return state

    return "state", name, run


def _log_doc(rng: random.Random, i: int) -> Doc:
    k = rng.randrange(len(LOGS))
    log = json.loads(json.dumps(LOGS[k]))
    how = rng.choice(["field", "field", "drop", "duplicate", "swap", "truncate"])
    j = rng.randrange(1, len(log))
    if how == "field":
        log[j] = _mutate(rng, log[j])
    elif how == "drop":
        del log[j]
    elif how == "duplicate":
        log.insert(j, log[j])
    elif how == "swap":
        log[j], log[j - 1] = log[j - 1], log[j]
    else:
        log = log[: rng.randrange(0, len(log))]
    name = f"log-{i}.json"

    def run() -> Any:
        raw = parse_json(json.dumps(log), name) if i % 3 == 0 else log
        events = log_from_data(raw, name)
        state = replay(SPEC, events, source=name)
        _play_on(Game(SPEC, state, events), random.Random(i))
        return state

    return "log", name, run


STEPS: list[dict[str, Any]] = [  # valid steps: card data the engine must play or refuse
    {"effect": "board", "count": 1}, {"effect": "board", "count": 3, "ships": "same",
                                      "all_or_nothing": True},
    {"effect": "recall_cards"}, {"effect": "move_adjacent", "max_moves": 3},
    {"effect": "draw_or_peek"}, {"effect": "force_launch"}, {"effect": "destroy_docked"},
    {"effect": "replace", "targets": ["docked", "zone"]}, {"effect": "kill", "count": 2},
    {"effect": "drop_from", "from_zone": "phobos", "max": 3},
    {"effect": "place_destination_token", "targets": ["docked"]},
]
KINDS = ["alias", "depth", "number", "duplicate", "tag", "garbage", "encoding", "path",
         "typed", "override", "intent", "state", "state", "log", "log"]


def documents(n: int, seed: int, tmp: Path) -> Iterator[Doc]:
    rng = random.Random(seed)
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        if kind == "override":
            yield _override_doc(rng, tmp, i)
        elif kind == "intent":
            yield _intent_doc(rng, i)
        elif kind == "state":
            yield _state_doc(rng, i)
        elif kind == "log":
            yield _log_doc(rng, i)
        else:
            yield _scenario_doc(rng, kind, tmp, i)


# ------------------------------------------------------------------------------ the suite


def test_hostile_documents_end_in_located_sentences(tmp_path: Path) -> None:
    outcomes: Counter[str] = Counter()
    failures: list[str] = []
    slowest = 0.0
    spent: Counter[str] = Counter()
    old = signal.signal(signal.SIGALRM, _alarm)
    start, cpu = time.perf_counter(), time.process_time()
    try:
        for kind, name, run in documents(N_DOCS, SEED, tmp_path):
            t = time.perf_counter()
            signal.setitimer(signal.ITIMER_REAL, HANG_S)
            try:
                run()
                outcomes[f"{kind}: accepted"] += 1
            except ContentError as err:
                outcomes[f"{kind}: refused"] += 1
                bad = [p for p in err.problems if not LOCATED.match(p)]
                if err.source != name or bad or not err.problems:
                    failures.append(f"{name}: refusal not located: {err.source}: {bad or err}")
            except MrpError as err:  # an engine error with a code (e.g. a log without a start)
                outcomes[f"{kind}: refused ({err.code})"] += 1
            except Hang:
                failures.append(f"{name}: hang (more than {HANG_S} s)")
            except BaseException as exc:  # a crash: exactly what this suite hunts
                failures.append(f"{name}: {type(exc).__name__}: {str(exc)[:200]}")
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            spent[kind] += time.perf_counter() - t
            slowest = max(slowest, time.perf_counter() - t)
    finally:
        signal.signal(signal.SIGALRM, old)
    total = sum(outcomes.values()) + len(failures)
    summary = (f"{total} documents in {time.perf_counter() - start:.1f} s ("
               f"{time.process_time() - cpu:.1f} s of CPU), slowest "
               f"{slowest:.2f} s: {dict(sorted(outcomes.items()))}; seconds by kind: "
               f"{ {k: round(v, 1) for k, v in spent.items()} }")
    print(summary)
    assert total >= min(N_DOCS, 3000)
    assert not failures, "\n".join(failures[:30]) + "\n" + summary
    # every attack class was refused at least once (the generator really is hostile)
    for kind in ("alias", "depth", "number", "duplicate", "tag", "encoding", "path", "override",
                 "intent", "state", "log"):
        assert outcomes[f"{kind}: refused"] > 0, (kind, summary)


@pytest.mark.parametrize("route", ["yaml", "json"])
def test_deep_and_wide_inputs_never_recurse(route: str) -> None:
    text = ("[" * 200_000 if route == "json" else "- " * 200_000) + "1"
    parse = parse_json if route == "json" else parse_yaml
    with pytest.raises(ContentError) as info:
        parse(text, "deep")
    assert "nested deeper" in info.value.problems[0]
