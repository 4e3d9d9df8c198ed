"""The hardened loader itself: plain data in, a located sentence for each kind of refusal."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from mrp_tutor.core.loader import (
    DEFAULT,
    check_tree,
    confine,
    excerpt,
    load_yaml,
    parse_json,
    parse_yaml,
    read_text,
)
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.resources import scenarios_dir


def test_every_shipped_yaml_file_loads_as_pyyaml_reads_it() -> None:
    root = Path(__file__).resolve().parents[2]
    files = [*scenarios_dir().glob("*.yaml"),
             *(root / "mrp_tutor" / "games" / "mission_red_planet" / "data").rglob("*.yaml")]
    assert len(files) > 70
    for f in files:
        assert load_yaml(f) == yaml.safe_load(f.read_text(encoding="utf-8")), f


@pytest.mark.parametrize(("text", "problem"), [
    ("a: &x 1\nb: *x\n", "b: YAML aliases (*x) are not allowed (line 2); write the value out"),
    ("a:\n  b: 1\n  b: 2\n", "a.b: the key 'b' is given twice (line 3)"),
    ("a: [{1: x}]\n", "a[0]: keys are text, not 1 (line 1); quote it"),
    ("? [a]\n: 1\n", "document: keys are text, not a list or mapping (line 1)"),
    ("- id: 7\n", "[0].id: ids are text, not 7 (line 1); quote it"),
    ("n: 12345678901234567890\n", "n: a number of 20 digits; the limit is 19 (line 1)"),
    ("x: .nan\n", "x: nan is not a finite number (line 1)"),
    ("x: !!binary aGk=\n", "x: the YAML tag 'tag:yaml.org,2002:binary' is not allowed (line 1)"),
    ("x: !!set {a}\n", "x: the YAML tag 'tag:yaml.org,2002:set' is not allowed (line 1)"),
    ("a: 1\n---\nb: 2\n", "document: one YAML document per file (found a second '---')"),
    ("a: [1, 2\n", "document: YAML syntax (line 2, column 1): did not find expected ',' or ']'"),
])
def test_yaml_refusals_name_the_field_and_line(text: str, problem: str) -> None:
    with pytest.raises(ContentError) as info:
        parse_yaml(text, "f.yaml")
    assert (info.value.source, info.value.problems) == ("f.yaml", [problem])


@pytest.mark.parametrize(("text", "problem"), [
    ('{"a": 1, "a": 2}', "document: the key 'a' is given twice"),
    ('{"a": [1, {"n": 123456789012345678901}]}', "a[1].n: a number of 21 digits; the limit is 19"),
    ('{"x": Infinity}', "x: Infinity is not a finite number"),
    ('[{"id": 3}]', "[0].id: ids are text, not 3"),
    ('{"a": ' * 40 + "1" + "}" * 40, "a.a.a.a.a.a….a.a.a.a: nested deeper than 32 levels "
                                      "(at character 192)"),
    ('{"a": 1', "document: not JSON (Expecting ',' delimiter at line 1, column 8)"),
])
def test_json_refusals_name_the_field(text: str, problem: str) -> None:
    with pytest.raises(ContentError) as info:
        parse_json(text, "arg")
    assert info.value.problems == [problem]


def test_files_encodings_and_sizes(tmp_path: Path) -> None:
    f = tmp_path / "a.yaml"
    f.write_bytes(b"\xef\xbb\xbfwhen: 2024-01-01\n")  # a BOM is fine; a date stays text
    assert load_yaml(f) == {"when": "2024-01-01"}
    f.write_bytes(b"a: 1\nb: caf\xe9\n")
    with pytest.raises(ContentError) as info:
        read_text(f)
    assert info.value.problems == ["file: not UTF-8 text (byte 0xe9 at offset 11, line 2); save "
                                   "it as UTF-8"]
    f.write_bytes(b"#" * (DEFAULT.max_bytes + 1))
    with pytest.raises(ContentError, match="larger than the limit"):
        read_text(f)
    with pytest.raises(ContentError, match="cannot be read"):
        read_text(tmp_path / "missing.yaml")


def test_plain_data_from_callers_is_checked_without_recursion() -> None:
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(ContentError) as info:
        check_tree({"a": deep, "b": {1: 2}, "c": object()}, "browser")
    fields = sorted(p.split(":")[0] for p in info.value.problems)
    assert fields == ["a[0][0][0][0][0]…[0][0][0][0]", "b", "c"]


def test_names_stay_in_their_folder(tmp_path: Path) -> None:
    (tmp_path / "base").mkdir()
    (tmp_path / "link").symlink_to("/")
    assert confine(tmp_path, "base", "s", "ruleset") == tmp_path / "base"
    for bad in ("..", "/etc", "base/..", "link", "nope", 3, None):
        with pytest.raises(ContentError) as info:
            confine(tmp_path, bad, "s.yaml", "ruleset")
        assert info.value.problems[0].startswith("ruleset: ")


def test_excerpts_are_short() -> None:
    assert excerpt("x" * 10_000) == "'" + "x" * 38 + "…"
    assert excerpt(list(range(10**5))) == "a list of 100,000 items"
    assert excerpt(10**5000) == "an integer of about 5001 digits"
