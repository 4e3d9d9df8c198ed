"""Every text a learner reads that rests on a tutor reading says so where it is said (issue 42).

A tutor reading is a rule of the rules file whose section is "Tutor readings" or whose source
says "tutor reading" (the rulebook is silent or ambiguous there).  Which readings a lesson
rests on is derived, not listed by hand:

* from play: the rule ids of the events its steps produce, of the errors they expect and of the
  events they expect, and the rules the scenario names;
* from its words: each reading's ``tells`` in the rules file, the phrases that state it (a
  lesson can teach a reading its steps never show, as the destination-token lesson taught the
  destroyed ship's tokens).

A text carries the label of a reading when it says "tutor reading" and names the reading's
rule id (the lesson panel turns the id into a link to the reading and its argument); a quiz
choice, a button's few words, says "(tutor reading)" and leaves the id to the explanation.
"""

from __future__ import annotations

import re
from functools import cache
from html import escape
from pathlib import Path

import pytest

from mrp_tutor.core.rules import RuleEntry
from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.scenarios import load_scenario, run_scenario
from mrp_tutor.games.mission_red_planet.ui.panels.path import CHAPTERS
from mrp_tutor.resources import scenarios_dir

FILES = sorted(scenarios_dir().glob("*.yaml"))


@cache
def _readings(folder: str) -> dict[str, RuleEntry]:
    spec = load_spec(folder)
    return {r.id: r for r in spec.content.rules.rules if r.is_reading}


def labelled(text: str, rule: str) -> bool:
    """The text says it is a tutor reading and names which."""
    return "tutor reading" in text.lower() and re.search(
        rf"(?<![\w.]){re.escape(rule)}(?![\w])", text) is not None


def told(text: str, reading: RuleEntry) -> bool:
    """The text states the reading (one of its tell-tale phrases)."""
    flat = " ".join(text.split())
    return any(re.search(p, flat, re.IGNORECASE) for p in reading.tells)


def cited_in_play(sc: object) -> set[str]:
    """Rule ids the scenario's play rests on: its events, expected errors and events, and the
    rules it names."""
    result = run_scenario(sc)
    rules = {getattr(ev, "rule", None) for ev in result.events}
    for st in sc.steps:  # type: ignore[attr-defined]
        if st.expect.error is not None:
            rules.add(st.expect.error.rule)
        rules |= {w.get("rule") for w in st.expect.events}
    rules |= set(sc.rules)  # type: ignore[attr-defined]
    return {r for r in rules if isinstance(r, str)}


def texts(sc: object) -> dict[str, str]:
    out = {"lesson": sc.lesson}  # type: ignore[attr-defined]
    quiz = sc.quiz  # type: ignore[attr-defined]
    if quiz is not None:
        out["quiz question"] = quiz.question
        out["quiz explanation"] = quiz.explanation or ""
        for i, choice in enumerate(quiz.choices):
            out[f"quiz choice {i + 1}"] = choice
    return out


def unlabelled(path: Path) -> list[str]:
    sc = load_scenario(path)
    readings = _readings(sc.build().spec.ruleset)  # its data folder
    words = texts(sc)
    out: list[str] = []
    for rule in sorted(cited_in_play(sc) & readings.keys()):
        if not labelled(words["lesson"], rule):
            out.append(f"{path.name}: its play rests on the tutor reading {rule}, which the "
                       "lesson does not label")
    for where, text in words.items():
        for rule, reading in readings.items():
            if told(text, reading) and not (labelled(text, rule) or (
                    where.startswith("quiz choice") and "tutor reading" in text.lower())):
                out.append(f"{path.name}: the {where} states the tutor reading {rule} as a "
                           f"fact: {text.strip()[:120]!r}")
    return out


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_reading_a_lesson_rests_on_is_labelled(path: Path) -> None:
    assert unlabelled(path) == []


def test_chapter_introductions_state_no_reading_unlabelled() -> None:
    readings = _readings("base")
    for ch in CHAPTERS:
        for rule, reading in readings.items():
            assert not told(ch.intro, reading) or labelled(ch.intro, rule), (ch.key, rule)


def test_every_reading_has_tells_and_they_are_its_own() -> None:
    """Each reading names the phrases that state it; a rulebook rule's paraphrase (the rules
    look-up shows it) that states one labels it, and no tell cries wolf on the others."""
    for folder in ("base",):  # the 2nd edition's (the first edition's: play-derived only)
        spec = load_spec(folder)
        readings = _readings(folder)
        assert readings, folder
        for rule, reading in readings.items():
            assert reading.tells, f"{rule} has no tells"
        for r in spec.content.rules.rules:
            if not r.is_reading:
                hits = [rid for rid, rd in readings.items()
                        if told(r.summary, rd) and not labelled(r.summary, rid)]
                assert hits == [], (r.id, hits)


def test_the_check_catches_a_reading_taught_as_fact(tmp_path: Path) -> None:
    """The old chapter 3 lesson (destination tokens return when a ship 'lands (or is
    destroyed)') is caught, and its labelled form passes."""
    src = (scenarios_dir() / "destinations-supply-limit.yaml").read_text()
    old = re.sub(r"Tokens come back.*?\n(?=[a-z])",
                 "Tokens come back to the supply only when their ship lands (or is\n"
                 "  destroyed).\n", src, count=1, flags=re.S)
    assert "or is\n  destroyed" in old
    bad = tmp_path / "destinations-supply-limit.yaml"
    bad.write_text(old)
    found = unlabelled(bad)
    assert found and "characters.saboteur.tokens" in found[0]


def test_the_lesson_page_links_each_reading_to_its_argument() -> None:
    """On the page the id becomes a link to the reading's note, which opens to its argument;
    a learner sees no rule id, a referee sees it in the note."""
    from mrp_tutor.games.mission_red_planet.ui.readings import lesson_html

    sc = load_scenario(scenarios_dir() / "destinations-supply-limit.yaml")
    spec = sc.build().spec
    page = lesson_html(spec, sc.lesson)
    reading = _readings("base")["characters.saboteur.tokens"]
    assert 'href="#mrp-reading-characters-saboteur-tokens"' in page
    assert 'id="mrp-reading-characters-saboteur-tokens"' in page
    assert "Destination tokens of a destroyed ship" in page
    assert escape(reading.summary.split(":")[0], quote=True) in page
    assert "characters.saboteur.tokens" not in page
    assert "[characters.saboteur.tokens]" in lesson_html(spec, sc.lesson, show_id=True)
