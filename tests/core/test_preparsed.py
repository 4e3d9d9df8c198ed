"""The static site's pre-parsed YAML (mrp_tutor/core/preparsed.py, scripts/site_speed.py): the
page gets exactly what the loader would parse, and only for exactly the text the build saw."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from mrp_tutor.core import loader, preparsed
from mrp_tutor.core.errors import ContentError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def put(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Callable[[str, Any], None]]:
    """A pre-parsed table in place of the package's (a plain install ships none): ``put(text,
    parse)`` lists one text."""
    entries: dict[str, str] = {}
    path = tmp_path / "_preparsed.json"
    monkeypatch.setattr(preparsed, "FILE", path)
    preparsed._table.cache_clear()

    def add(text: str, parse: Any) -> None:
        entries[preparsed.key(text)] = json.dumps(parse)
        path.write_text(json.dumps(entries), encoding="utf-8")
        preparsed._table.cache_clear()

    yield add
    preparsed._table.cache_clear()


def test_a_listed_text_gets_its_build_time_parse_a_fresh_copy_each_time(
        put: Callable[[str, Any], None]) -> None:
    text = "a: 1\nb: [x, y]\n"
    put(text, {"a": 1, "b": ["x", "y"], "from": "table"})
    first = loader.parse_yaml(text, "t.yaml")
    assert first == {"a": 1, "b": ["x", "y"], "from": "table"}
    first["b"].append("z")  # a caller that changes its copy changes no one else's
    assert loader.parse_yaml(text, "t.yaml")["b"] == ["x", "y"]
    # any other text, or other limits, is parsed (and checked) as always
    assert loader.parse_yaml(text + "c: 2\n", "t.yaml") == {"a": 1, "b": ["x", "y"], "c": 2}
    with pytest.raises(ContentError):
        loader.parse_yaml(text, "t.yaml", loader.Limits(max_nodes=2))


def test_no_table_parses_as_always(put: Callable[[str, Any], None]) -> None:
    assert loader.parse_yaml("a: 1\n", "t.yaml") == {"a": 1}


def test_the_build_table_is_the_pure_python_parse_of_every_packaged_yaml(
        tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import site_speed
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    import zipfile

    wheel = tmp_path / "w.whl"
    files = sorted((ROOT / "mrp_tutor").rglob("*.yaml"))[:40]
    with zipfile.ZipFile(wheel, "w") as z:
        for f in files:
            z.write(f, f.relative_to(ROOT).as_posix())
        z.writestr("mrp_tutor/bad.yaml", "a: [1,\n")  # refused: left out, not stored
    built = json.loads(site_speed.preparsed_table(wheel))
    assert len(built) == len({f.read_text(encoding="utf-8-sig") for f in files})
    for f in files:
        text = f.read_text(encoding="utf-8-sig")
        assert json.loads(built[preparsed.key(text)]) == loader._build(
            yaml.parse(text, Loader=yaml.SafeLoader), loader.DEFAULT), f
