"""Generator-based fuzzing of every reader with hostile documents (seeded, >= 3,000 in CI).

Kinds: YAML aliases, deep nesting, broken encodings, huge numbers, duplicate keys, hostile
paths, wrong-but-typed values (scenarios, overrides, intents), mutated game states and
mutated event logs.  Every document must end either accepted or in a ``ContentError`` (or
an engine error with a code) whose source is the document's name and whose every sentence
names a field: 0 crashes, 0 hangs (each document has 5 s of CPU and 60 s in all, enforced
by timer signals), 0 tracebacks.  The attack generators and the runner are the hostile
suites' shared machinery (fixture ``hostile``, ``conftest.py``).  An accepted mutated state
or log must still play on without an engine crash.

``HOSTILE_DOCS=20000 HOSTILE_SEED=7`` explores further by hand.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from mrp_tutor.core.loader import INTENT, parse_json, parse_yaml
from mrp_tutor.games.mission_red_planet.engine import (
    Game,
    GameSpec,
    load_spec,
    replay,
    state_from_dict,
    state_to_dict,
)
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
from mrp_tutor.games.mission_red_planet.engine.checks import log_from_data
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.engine.events import event_to_dict
from mrp_tutor.games.mission_red_planet.engine.loading import load_content
from mrp_tutor.games.mission_red_planet.referee import is_legal
from mrp_tutor.resources import scenarios_dir

N_DOCS = int(os.environ.get("HOSTILE_DOCS", "3000"))
SEED = int(os.environ.get("HOSTILE_SEED", "16"))
SPEC = load_spec(use_env_overrides=False)
SCENARIO_TEXTS = [p.read_text(encoding="utf-8") for p in sorted(scenarios_dir().glob("*.yaml"))]


# ------------------------------------------------------------------------------ material


def _games() -> list[Game]:
    out = []
    for seed, colours, variant in ((1, SPEC.colours[:3], "standard"),
                                   (2, SPEC.colours[:5], "standard"),
                                   (3, SPEC.colours[:4], "two_player")):
        g = Game.new(SPEC, list(colours), seed, ruleset=variant)
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


# ------------------------------------------------------------------------------ documents

Doc = tuple[str, str, Callable[[], Any]]  # kind, source name, what to run


def _scenario_doc(rng: random.Random, kind: str, tmp: Path, i: int, hz: Any) -> Doc:
    name = f"{kind}-{i}.yaml"
    if kind == "encoding":
        data = hz.encoded(rng, SCENARIO_TEXTS)
    elif kind == "path":
        doc = yaml.safe_load(rng.choice(SCENARIO_TEXTS))
        doc["ruleset"] = rng.choice(["/etc", "../../etc/passwd", "base/../../x", "..", ".",
                                     "~root", "C:\\x", "base\x00", "a/b", "%2e%2e", "Base",
                                     "nope", "base" * 30, 7, ["base"], {"a": "b"}, None])
        data = yaml.safe_dump(doc).encode()
    elif kind == "typed":
        doc = hz.mutate(rng, yaml.safe_load(rng.choice(SCENARIO_TEXTS)), IDS,
                        rng.randint(1, 3))
        data = yaml.safe_dump(doc).encode()
    else:
        data = hz.text_attack(rng, kind, SCENARIO_TEXTS, IDS).encode("utf-8",
                                                                   errors="surrogatepass")
    path = tmp / name

    def run() -> Any:
        from mrp_tutor.games.mission_red_planet.scenarios import load_scenario

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


def _intent_doc(rng: random.Random, i: int, hz: Any) -> Doc:
    game = rng.choice(GAMES)
    legal = game.legal_intents()
    base: dict[str, Any] = {"type": "board", "colour": "red", "ship": "s07"}
    if legal:
        from mrp_tutor.games.mission_red_planet.engine.intents import intent_to_dict

        base = intent_to_dict(rng.choice(legal))
    how = rng.choice(["typed", "deep", "json", "huge"])
    name = f"intent-{i}"
    if how == "typed":
        data: Any = hz.mutate(rng, base, IDS, rng.randint(1, 2))
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


def _state_doc(rng: random.Random, i: int, hz: Any) -> Doc:
    k = rng.randrange(len(STATES))
    data = hz.mutate(rng, STATES[k], IDS, rng.choice([1, 1, 1, 2, 3]))
    name = f"state-{i}.json"
    as_text = rng.random() < 0.3

    def run() -> Any:
        raw = parse_json(json.dumps(data), name) if as_text else data
        state = state_from_dict(raw, source=name, spec=SPEC)
        _play_on(Game(SPEC, state, []), random.Random(i))
        return state

    return "state", name, run


def _log_doc(rng: random.Random, i: int, hz: Any) -> Doc:
    k = rng.randrange(len(LOGS))
    log = json.loads(json.dumps(LOGS[k]))
    how = rng.choice(["field", "field", "drop", "duplicate", "swap", "truncate"])
    j = rng.randrange(1, len(log))
    if how == "field":
        log[j] = hz.mutate(rng, log[j], IDS)
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


def documents(n: int, seed: int, tmp: Path, hz: Any) -> Iterator[Doc]:
    """``hz``: the shared machinery (fixture ``hostile``, ``conftest.py``)."""
    rng = random.Random(seed)
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        if kind == "override":
            yield _override_doc(rng, tmp, i)
        elif kind == "intent":
            yield _intent_doc(rng, i, hz)
        elif kind == "state":
            yield _state_doc(rng, i, hz)
        elif kind == "log":
            yield _log_doc(rng, i, hz)
        else:
            yield _scenario_doc(rng, kind, tmp, i, hz)


# ------------------------------------------------------------------------------ the suite


def test_hostile_documents_end_in_located_sentences(tmp_path: Path, hostile: Any) -> None:
    out = hostile.run(documents(N_DOCS, SEED, tmp_path, hostile))
    print(out.summary)
    total = sum(out.outcomes.values()) + len(out.failures)
    assert total >= min(N_DOCS, 3000)
    assert not out.failures, "\n".join(out.failures[:30]) + "\n" + out.summary
    # every attack class was refused at least once (the generator really is hostile)
    for kind in ("alias", "depth", "number", "duplicate", "tag", "encoding", "path", "override",
                 "intent", "state", "log"):
        assert out.refused(kind) > 0, (kind, out.summary)


@pytest.mark.parametrize("route", ["yaml", "json"])
def test_deep_and_wide_inputs_never_recurse(route: str) -> None:
    text = ("[" * 200_000 if route == "json" else "- " * 200_000) + "1"
    parse = parse_json if route == "json" else parse_yaml
    with pytest.raises(ContentError) as info:
        parse(text, "deep")
    assert "nested deeper" in info.value.problems[0]
