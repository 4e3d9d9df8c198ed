"""Every rule id the First Martians engine cites resolves to a rule of its own rules file,
filed under a section of that file, and every tutor reading is labelled and argued."""

from __future__ import annotations

import ast
from pathlib import Path

import yaml

from mrp_tutor.games.first_martians import rulebook
from mrp_tutor.games.first_martians.content import DATA
from mrp_tutor.games.first_martians.round_file import play_round, round_intents

PKG = Path(__file__).resolve().parents[2] / "mrp_tutor" / "games" / "first_martians"
# call -> index of its rule argument
RULE_ARG = {"FmError": 1, "IllegalPlacement": 1, "WrongPhase": 1, "wound": 3, "supply": 2,
            "pay": 2, "morale": 1, "stress": 1, "malfunction": 2, "draw": 2}


def _cited() -> set[tuple[str, str]]:
    out: set[tuple[str, str]] = set()
    for path in PKG.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            for kw in node.keywords:
                if kw.arg == "rule" and isinstance(kw.value, ast.Constant):
                    out.add((path.name, str(kw.value.value)))
                elif kw.arg == "rule" and isinstance(kw.value, ast.IfExp):
                    out |= {(path.name, str(v.value)) for v in (kw.value.body, kw.value.orelse)
                            if isinstance(v, ast.Constant)}
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            k = RULE_ARG.get(name)
            if k is not None and len(node.args) > k:
                arg = node.args[k]
                vals = [arg] if isinstance(arg, ast.Constant) else (
                    [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [])
                out |= {(path.name, str(v.value)) for v in vals if isinstance(v, ast.Constant)}
    return {(f, r) for f, r in out if r and r != "None"}


def test_every_rule_id_in_the_engine_resolves_to_a_section_of_the_fm_rules_file() -> None:
    book = rulebook()
    data = yaml.safe_load((DATA / "rules.yaml").read_text())
    sections = {s["path"] for s in data["sections"]}
    cited = _cited()
    assert len(cited) > 60
    missing = sorted((f, r) for f, r in cited if r not in book)
    assert not missing
    for _, r in cited:
        c = book.cite(r)
        assert c is not None and c.section in sections, r


def test_every_tutor_reading_is_filed_under_its_section_with_an_argument() -> None:
    data = yaml.safe_load((DATA / "rules.yaml").read_text())
    sections = {s["path"] for s in data["sections"]}
    readings = [r for r in data["rules"] if r["id"].startswith("tutor.")]
    assert len(readings) >= 9
    for r in readings:
        assert r.get("source") == "tutor reading", r["id"]
        assert r["section"] in sections and r["section"] != "Tutor readings", r["id"]
        assert r["summary"].startswith("Tutor reading"), r["id"]
    for r in data["rules"]:
        assert r["section"] in sections, r["id"]


def test_every_event_of_the_sample_round_cites_a_rule_of_the_fm_rules_file() -> None:
    doc = yaml.safe_load((DATA / "sample_round.yaml").read_text())
    table, intents = round_intents(doc, "sample")
    events = play_round(table, intents)
    book = rulebook()
    assert events and all(book.cite(e.rule) is not None for e in events)


def test_every_effect_intents_default_rule_is_in_the_rules_file() -> None:
    from typing import get_args

    from mrp_tutor.games.first_martians.intents import Intent

    book = rulebook()
    union = get_args(get_args(Intent)[0])
    defaults = {m.model_fields["rule"].default for m in union if "rule" in m.model_fields}
    assert len(defaults) > 10
    assert sorted(r for r in defaults if r not in book) == []
