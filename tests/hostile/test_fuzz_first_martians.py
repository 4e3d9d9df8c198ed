"""Generator-based fuzzing of every First Martians file (seeded, >= 3,000 in CI).

Scenario files, round files (``mrp-tutor fm round``: per phase, or the app's export of
every step in order) and board corrections (``--board``),
attacked with the shared machinery of the hostile suites (fixture ``hostile``,
``conftest.py``): YAML aliases, deep nesting, broken encodings, huge numbers, duplicate keys,
tags, spliced garbage; wrong-but-typed values; values of the wrong type (``morale: true``,
``stress: "5"``: no coercion); and the HUB's own attacks (a Facility left out, invented or
twice, five astronauts, a supply past the track's end, an unknown Condition).  Every
document ends accepted or in a ``ContentError`` whose source is the file and whose every
sentence names a field: 0 tracebacks, 0 hangs (5 s of CPU and 60 s in all each, timer
signals).  An accepted file must play on: its scenario steps or its round run without the
assistant failing.

``HOSTILE_DOCS=20000 HOSTILE_SEED=7`` explores further by hand.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from mrp_tutor.core.errors import ContentError, MrpError
from mrp_tutor.core.loader import load_yaml
from mrp_tutor.games.first_martians import default_board, load_board
from mrp_tutor.games.first_martians.files import CARDS
from mrp_tutor.games.first_martians.round_file import play_round, round_intents
from mrp_tutor.games.mission_red_planet.scenarios import load_scenario, run_scenario
from mrp_tutor.resources import scenarios_dir

N_DOCS = int(os.environ.get("HOSTILE_DOCS", "3000"))
SEED = int(os.environ.get("HOSTILE_SEED", "23"))
ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "mrp_tutor" / "games" / "first_martians" / "data" / "sample_round.yaml"
SCENARIO_FILES = sorted((scenarios_dir() / "first_martians").glob("*.yaml"))
SCENARIO_TEXTS = [p.read_text(encoding="utf-8") for p in SCENARIO_FILES]
ROUND_TEXT = SAMPLE.read_text(encoding="utf-8")


def _steps_text() -> str:
    """The sample round as the app exports it: ``round: {steps: [...]}``, every input in
    the order played."""
    from mrp_tutor.games.first_martians import intent_to_dict

    doc = yaml.safe_load(ROUND_TEXT)
    _, intents = round_intents(doc, "sample")
    return yaml.safe_dump({"state": doc["state"],
                           "round": {"steps": [intent_to_dict(it) for _, it in intents]}},
                          sort_keys=False)


ROUND_TEXTS = [ROUND_TEXT, _steps_text()]
BOARD = default_board()
_SOME = [*(f.id for f in BOARD.facilities), *(s.id for s in BOARD.spaces)][::3]
IDS = [*_SOME, *BOARD.conditions.names, "red", "yellow", "blue", "purple", "green", "oxygen",
       "energy", "food", "system", "living", "working", "hub", "lab", "", "zz", "../x", "farm_99"]
WRONG_TYPES: list[Any] = [True, False, "5", "x", 2.5, None, [], {}, [1, "a"], {"a": 1},
                          10**18, -1, "\x1b[2J"]


def _wrong_type(rng: random.Random, doc: Any, n: int, hostile: Any) -> Any:
    """``doc`` with ``n`` leaves given a value of another type (the coercion class)."""
    doc = json.loads(json.dumps(doc))
    for _ in range(n):
        path, v = rng.choice(list(hostile.leaves(doc)))
        if not path:
            return rng.choice(WRONG_TYPES)
        choices = [w for w in WRONG_TYPES if type(w) is not type(v)]
        hostile.put(doc, path, rng.choice(choices))
    return doc


def _hub_attack(rng: random.Random, doc: dict[str, Any]) -> dict[str, Any]:
    """An attack on the HUB a state describes (``doc``: a scenario or a round file)."""
    from mrp_tutor.games.first_martians import new_state, state_to_dict

    state = doc["state"]
    crew = state.get("astronauts") or [{"id": "red", "name": "Red"}]
    how = rng.choice(["drop", "invent", "twice", "five", "supply", "condition", "wounds",
                      "dict_unknown", "dict_board_fact", "farm_elsewhere", "sols"])
    facs = state_to_dict(new_state(astronauts=[a["id"] for a in crew][:4]
                                   if all(isinstance(a, dict) and isinstance(a.get("id"), str)
                                          for a in crew) else None))["facilities"]
    if how == "drop":
        del facs[rng.randrange(len(facs))]
        state["facilities"] = facs
    elif how == "invent":
        basic = [f for f in facs if f["id"] not in CARDS]  # a copy of these is no card
        state["facilities"] = [*facs, {**rng.choice(basic), "id": rng.choice(["farm_99", "x"])}]
    elif how == "twice":
        state["facilities"] = [*facs, rng.choice(facs)]
    elif how == "five":
        state["astronauts"] = [*crew, *({"id": f"c{i}", "name": f"C{i}"} for i in range(5))]
    elif how == "supply":
        state["supply"] = {rng.choice(["oxygen", "energy", "food"]):
                           rng.choice([21, 999999999999999999, -1, 10**18])}
    elif how == "condition":
        state["astronauts"] = [{**crew[0], "conditions": [rng.choice(["hiccups", "anemia"])] * 2},
                               *crew[1:]]
    elif how == "wounds":
        state["astronauts"] = [{**crew[0], "wounds": rng.choice([7, 60])}, *crew[1:]]
    elif how == "dict_unknown":
        state["facilities"] = {rng.choice(["nowhere", "farm_99"]): {"production": 1}}
    elif how == "dict_board_fact":
        state["facilities"] = {"lab": {rng.choice(["block", "statuses", "max_production",
                                                   "action", "id"]): "living"}}
    elif how == "farm_elsewhere":
        state["facilities"] = {"lab": {"farm": {"greenhouses": 2}}}
    else:
        state["sol"], state["sols"] = 9, 8
    return doc


def _text(rng: random.Random, kind: str, texts: list[str], hostile: Any) -> bytes:
    if kind == "encoding":
        return bytes(hostile.encoded(rng, texts))
    if kind in hostile.TEXT_KINDS:
        return str(hostile.text_attack(rng, kind, texts, IDS)).encode("utf-8",
                                                                      errors="surrogatepass")
    doc = yaml.safe_load(rng.choice(texts))
    if kind == "typed":
        doc = hostile.mutate(rng, doc, IDS, rng.randint(1, 3))
    elif kind == "wrong_type":
        doc = _wrong_type(rng, doc, rng.randint(1, 2), hostile)
    else:  # hub
        doc = _hub_attack(rng, doc)
    return yaml.safe_dump(doc, allow_unicode=True).encode("utf-8")


def _scenario_doc(rng: random.Random, kind: str, tmp: Path, i: int, hostile: Any) -> Any:
    data = _text(rng, kind, SCENARIO_TEXTS, hostile)
    path = tmp / f"fm-{kind}-{i}.yaml"

    def go() -> Any:
        path.write_bytes(data)
        sc = load_scenario(path)
        result = run_scenario(sc)  # expectations may fail (sentences); the assistant may not
        crashed = [f for f in result.failures if " failed on " in f]
        assert not crashed, crashed
        return result

    return f"scenario {kind}", str(path), go


def _round_doc(rng: random.Random, kind: str, tmp: Path, i: int, hostile: Any) -> Any:
    data = _text(rng, kind, ROUND_TEXTS, hostile)
    path = tmp / f"fm-round-{kind}-{i}.yaml"

    def go() -> Any:
        from mrp_tutor.core.located import file_lines

        path.write_bytes(data)
        table, intents = round_intents(load_yaml(path), str(path), None, file_lines(path))
        try:
            play_round(table, intents)
        except MrpError as err:  # a refusal of the rules (a typed error) is an answer
            assert err.code and err.message, err
        return table

    return f"round {kind}", str(path), go


def _board_doc(rng: random.Random, tmp: Path, i: int) -> Any:
    key, ids = rng.choice([("facilities", [f.id for f in BOARD.facilities]),
                           ("spaces", [s.id for s in BOARD.spaces]),
                           ("rois", [r.id for r in BOARD.rois])])
    entry: dict[str, Any] = {"id": rng.choice([*ids, "zz", ["lab"], 7, None])}
    fld, value = rng.choice([
        ("max_production", rng.choice([0, -1, 11, True, "4", 10**30])),
        ("neighbours", rng.choice([[], ["nowhere"], "hub", [1], ["hub"] * 3])),
        ("ring", rng.choice([0, 4, True, "1"])), ("block", rng.choice(["moon", 1, None])),
        ("statuses", rng.choice([[], [{"part": "x", "penalty": "wilt"}], "x"])),
        ("verified", rng.choice([True, "yes", 2])), ("name", rng.choice(["", 5, "x" * 30_000]))])
    entry[fld] = value
    doc: Any = {key: [entry]}
    if rng.random() < 0.3:
        doc = rng.choice([[doc], "text", [], {}, {"supply_max": {"value": rng.choice(
            [0, 100, True, "20", 10**25])}}, {"health": {"spaces": rng.choice([1, 99, "6"])}},
            {"nope": {}}, {key: "x"}, {"dice": {"malfunction_die": {"faces": []}}}])
    text = json.dumps(doc, default=str) if rng.random() < 0.2 else yaml.safe_dump(doc)
    path = tmp / f"fm-board-{i}.yaml"

    def go() -> Any:
        path.write_text(text, encoding="utf-8")
        try:
            return load_board(path)
        except ContentError as err:
            assert err.source == str(path), err.source
            raise

    return "board", str(path), go


KINDS = ["alias", "depth", "number", "duplicate", "tag", "garbage", "encoding", "typed",
         "typed", "wrong_type", "wrong_type", "hub", "hub", "board"]


def documents(n: int, seed: int, tmp: Path, hostile: Any) -> Iterator[Any]:
    rng = random.Random(seed)
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        if kind == "board":
            yield _board_doc(rng, tmp, i)
        elif rng.random() < 0.3:
            yield _round_doc(rng, kind, tmp, i, hostile)
        else:
            yield _scenario_doc(rng, kind, tmp, i, hostile)


def test_hostile_first_martians_files_end_in_located_sentences(tmp_path: Path,
                                                               hostile: Any) -> None:
    out = hostile.run(documents(N_DOCS, SEED, tmp_path, hostile))
    print(out.summary)
    total = sum(out.outcomes.values()) + len(out.failures)
    assert total >= min(N_DOCS, 3000)
    assert not out.failures, "\n".join(out.failures[:30]) + "\n" + out.summary
    # every attack class was refused at least once (the generator really is hostile)
    for kind in ("alias", "depth", "number", "duplicate", "tag", "encoding", "wrong_type",
                 "hub"):
        assert out.refused(f"scenario {kind}") and out.refused(f"round {kind}"), (kind,
                                                                                  out.summary)
    assert out.refused("board"), out.summary


def test_each_hub_attack_is_refused_not_accepted(tmp_path: Path, hostile: Any) -> None:
    """The HUB's own attacks are all refused: none of them describes a real table."""
    rng = random.Random(5)
    docs = [_scenario_doc(rng, "hub", tmp_path, i, hostile) for i in range(120)]
    out = hostile.run(docs)
    assert not out.failures, out.failures[:10]
    assert out.outcomes == {"scenario hub: refused": 120}, out.summary


def test_scenario_check_reports_every_file_of_a_hostile_folder(tmp_path: Path, hostile: Any,
                                                               capsys: Any) -> None:
    """One bad file never stops ``mrp-tutor scenario check``: 60 hostile files and a good one,
    each reported on its own line, the good one ok, no traceback."""
    from mrp_tutor.cli.main import main

    rng = random.Random(11)
    for i in range(60):
        kind = KINDS[i % (len(KINDS) - 1)]  # every kind but board corrections
        (tmp_path / f"a-{i:02d}.yaml").write_bytes(_text(rng, kind, SCENARIO_TEXTS, hostile))
    good = tmp_path / "z-good.yaml"
    good.write_text(SCENARIO_FILES[0].read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["scenario", "check", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert f"ok      {good}" in out and "of 61 scenario files passed" in out
    named = {line.split()[1] for line in (out + err).splitlines()
             if line.split()[:1] in (["ok"], ["INVALID"], ["FAILED"], ["ERROR"])}
    assert len(named) == 61 and "Traceback" not in err and "ERROR" not in err


def test_the_runner_catches_a_loop_and_a_stall(hostile: Any, monkeypatch: Any) -> None:
    """The hang checks can fail: a loop burning CPU and a wait burning none are both hangs,
    while a document that only waited for a core (a shared machine) is not."""
    import sys
    import time

    runner = sys.modules[hostile.run.__module__]
    monkeypatch.setattr(runner, "HANG_S", 0.2)
    monkeypatch.setattr(runner, "STALL_S", 1.0)

    def loop() -> None:
        while True:
            pass

    def waits_a_little() -> None:
        time.sleep(0.4)  # longer than HANG_S, but no CPU burnt: not a hang

    out = hostile.run([("loop", "loop", loop), ("stall", "stall", lambda: time.sleep(30)),
                       ("wait", "wait", waits_a_little)])
    assert [f.split(":")[0] for f in out.failures] == ["loop", "stall"], out.failures
    assert out.outcomes == {"wait: accepted": 1}
