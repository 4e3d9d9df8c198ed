"""Malformed scenario documents always end in the project's ContentError.

Hypothesis mutates the library's valid documents (wrong types, unknown ids, negative counts,
over-capacity ships, missing fields, unexpected keys, garbage) in ways that each make the
document invalid; loading must raise :class:`ContentError` (a located list of problems) and
nothing else, never a crash.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.scenarios import load_scenario, scenario_from_dict
from mrp_tutor.resources import scenarios_dir

DOCS = [yaml.safe_load(p.read_text(encoding="utf-8"))
        for p in sorted(scenarios_dir().glob("*.yaml"))]
Path_ = tuple[Any, ...]

# Free-form parts where any value is accepted (event expectations, card overrides).
FREE = {"events", "overrides", "breakdown"}
# Dicts whose keys are checked (zones, colours, ships, resources) or that are models.
CHECKED_KEYS = {"zones", "seats", "crew", "astronauts", "memorial", "tokens", "waiting",
                "supply", "dest_supply", "zone_total", "face_up", "ship_tokens", "scores",
                "position", "resolving", "quiz", "setup", "expect", "state", "error", "intent",
                "decision", "hand", "missions", "played"}
MODEL_LIST_ITEMS = {"ships", "steps", "changes", "legal", "not_legal"}
NEGATIVE_KEYS = {"crew", "astronauts", "memorial", "tokens", "waiting", "supply",
                 "dest_supply", "zone_total"}
NEGATIVE_FIELDS = {"dock", "step", "left", "done", "rng_count", "answer", "production"}
REQUIRED = {(): ["id", "title", "lesson", "players"], "ships": ["id"],
            "resolving": ["colour", "character"], "quiz": ["question", "choices", "answer"],
            "intent": ["type"], "error": ["code"], "setup": ["seed"]}


def walk(node: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    yield path, node
    if any(k in FREE for k in path if isinstance(k, str)):
        return
    if isinstance(node, dict):
        for k, v in node.items():
            yield from walk(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, (*path, i))


def parent_key(path: Path_) -> str | None:
    for k in reversed(path):
        if isinstance(k, str):
            return k
    return None


def get(doc: Any, path: Path_) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def put(doc: Any, path: Path_, value: Any) -> Any:
    if not path:
        return value
    get(doc, path[:-1])[path[-1]] = value
    return doc


def in_free(path: Path_) -> bool:
    return any(k in FREE for k in path if isinstance(k, str))


def in_expect_ints(path: Path_) -> bool:  # expected scores/rounds may be any integer
    return "expect" in path and (path[-1] in ("round", "scores") or "scores" in path)


def wrong_type_targets(doc: Any) -> list[Path_]:
    out = []
    for path, v in walk(doc):
        if in_free(path) or v is None:
            continue
        if path and path[-1] == "seed" and isinstance(v, int):
            out.append(path)
            continue
        out.append(path)
    return out


def wrong_value(v: Any, pick: int) -> Any:
    if isinstance(v, bool):
        return ["maybe", [True]][pick % 2]
    if isinstance(v, int):
        return ["many", [3], {"n": 1}][pick % 3]
    if isinstance(v, str):
        return [[1, 2], {"x": 1}][pick % 2]
    if isinstance(v, dict):
        return ["garbage", 7, [1, 2]][pick % 3]
    if isinstance(v, list):
        return ["garbage", 7, {"a": 1}][pick % 3]
    return ["garbage"]


def id_targets(doc: Any) -> list[tuple[str, Path_]]:
    """('value', path) replaces a value by an unknown id; ('key', path) renames a key."""
    out: list[tuple[str, Path_]] = []
    for path, v in walk(doc):
        if in_free(path) or not path:
            continue
        last = path[-1]
        pk = parent_key(path)
        named = isinstance(v, str) and (
            pk == "players" or last in ("colour", "character", "discovery", "chosen", "type")
            or (last == "id" and "ships" in path)
            or (isinstance(last, int) and pk in ("played", "hand", "missions", "actions")))
        if (named and "expect" not in path[:-1]) or (last == "colour" and "intent" in path):
            out.append(("value", path))
        if isinstance(v, dict) and last in ("zones", "seats", "crew", "astronauts", "memorial"):
            out.extend(("key", (*path, k)) for k in v)
    return out


def negative_targets(doc: Any) -> list[Path_]:
    out = []
    for path, v in walk(doc):
        if in_free(path) or "intent" in path or in_expect_ints(path):
            continue
        if isinstance(v, int) and not isinstance(v, bool) and path and (
                path[-1] in NEGATIVE_FIELDS
                or any(k in NEGATIVE_KEYS for k in path if isinstance(k, str))):
            out.append(path)
    return out


def garbage_key_targets(doc: Any) -> list[Path_]:
    out: list[Path_] = [()]
    for path, v in walk(doc):
        if not isinstance(v, dict) or not path or in_free(path):
            continue
        last = path[-1]
        pk = parent_key(path)
        if (last in CHECKED_KEYS or (isinstance(last, int) and pk in MODEL_LIST_ITEMS)
                or (pk in ("zones", "seats") and not isinstance(last, int))
                or (pk in ("tokens", "waiting", "crew") and "expect" in path)):
            out.append(path)
    return out


def missing_targets(doc: Any) -> list[Path_]:
    out: list[Path_] = []
    for path, v in walk(doc):
        if not isinstance(v, dict) or in_free(path):
            continue
        key: Any = () if not path else (path[-2] if isinstance(path[-1], int) else path[-1])
        for field in REQUIRED.get(key, []):
            if field in v:
                out.append((*path, field))
    if "position" in doc:
        out.append(("position",))
    return out


@st.composite
def malformed(draw: st.DrawFn) -> tuple[str, Any]:
    doc = copy.deepcopy(draw(st.sampled_from(DOCS)))
    kind = draw(st.sampled_from(["wrong_type", "unknown_id", "negative", "over_capacity",
                                 "missing", "garbage_key", "garbage"]))
    if kind == "over_capacity" and not doc.get("position", {}).get("ships"):
        kind = "missing"
    if kind == "negative" and not negative_targets(doc):
        kind = "unknown_id"
    if kind == "wrong_type":
        path = draw(st.sampled_from(wrong_type_targets(doc)))
        doc = put(doc, path, wrong_value(get(doc, path), draw(st.integers(0, 5))))
    elif kind == "unknown_id":
        how, path = draw(st.sampled_from(id_targets(doc)))
        bad = draw(st.sampled_from(["zz_unknown", "Hellas", "s99", "", "red "]))
        if how == "value":
            put(doc, path, bad)
        else:
            parent = get(doc, path[:-1])
            if bad in parent:
                bad = "zz_unknown"
            parent[bad] = parent.pop(path[-1])
    elif kind == "negative":
        path = draw(st.sampled_from(negative_targets(doc)))
        put(doc, path, -draw(st.integers(1, 10**6)))
    elif kind == "over_capacity":
        ships = doc["position"]["ships"]
        i = draw(st.integers(0, len(ships) - 1))
        ships[i]["crew"] = {doc["players"][0]: draw(st.integers(23, 99))}
    elif kind == "missing":
        path = draw(st.sampled_from(missing_targets(doc)))
        del get(doc, path[:-1])[path[-1]]
    elif kind == "garbage_key":
        path = draw(st.sampled_from(garbage_key_targets(doc)))
        key = draw(st.sampled_from(["zz_garbage", "colour_", "Zones", "ice "]))
        get(doc, path)[key] = draw(st.sampled_from([1, "x", None, [1], {"a": 1}]))
    else:
        junk = st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=8),
            lambda inner: st.lists(inner, max_size=4)
            | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)
        doc = draw(junk)
        if isinstance(doc, dict) and {"id", "title", "lesson", "players"} <= set(doc):
            doc = [doc]
    return kind, doc


# Deterministic in CI; FUZZ_EXAMPLES=20000 FUZZ_RANDOM=1 explores further by hand.
@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "1200")), deadline=None,
          derandomize=not os.environ.get("FUZZ_RANDOM"),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(malformed())
def test_malformed_documents_raise_content_error(case: tuple[str, Any]) -> None:
    kind, doc = case
    event(kind)
    try:
        scenario_from_dict(doc, "fuzz.yaml")
    except ContentError as err:
        assert err.problems, kind
        assert all(isinstance(p, str) and p for p in err.problems)
        return
    pytest.fail(f"{kind}: a malformed document loaded without error:\n"
                f"{yaml.safe_dump(doc)[:1500]}")


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.binary(max_size=300) | st.text(max_size=300))
def test_garbage_files_raise_content_error(tmp_path_factory: Any, data: bytes | str) -> None:
    path: Path = tmp_path_factory.mktemp("fuzz") / "x.yaml"
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    with pytest.raises(ContentError):
        load_scenario(path)
