"""Rules files: rule ids resolve to sections of a game's rulebook and our paraphrase.

Each game (or ruleset) has its own rules file with this layout; :class:`RuleBook` is the
registry built from it: citations for explanations and errors, and word search.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, ValidationError

from mrp_tutor.core.errors import ContentError
from mrp_tutor.core.loading import format_validation, read_yaml


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


Keyword = Annotated[str, BeforeValidator(lambda v: str(v) if isinstance(v, int | float) else v)]


READINGS_SECTION = "Tutor readings"


def is_reading(section: str, source: str) -> bool:
    """Whether a rule is a tutor reading (the rulebook is silent, ambiguous or wrong there):
    its section is under "Tutor readings" or its source says "tutor reading"."""
    return (section.split(" › ")[0] == READINGS_SECTION
            or source.lower().startswith("tutor reading"))


class RuleEntry(_Model):
    id: str
    section: str
    summary: str
    keywords: list[Keyword] = []
    source: str = "rulebook"
    # a tutor reading's tell-tale phrases (regular expressions, case-insensitive): a text
    # that matches one states the reading and must say it is one (tests/scenarios)
    tells: list[str] = []

    @property
    def is_reading(self) -> bool:
        return is_reading(self.section, self.source)


class SectionEntry(_Model):
    path: str
    title: str


class RulebookInfo(_Model):
    id: str
    title: str


class RulesFile(_Model):
    rulebook: RulebookInfo
    sections: list[SectionEntry] = []
    rules: list[RuleEntry]


@dataclass(frozen=True, slots=True)
class Citation:
    """A rule id resolved against the rules data of a ruleset."""

    rule: str
    section: str
    summary: str
    source: str
    book: str

    def short(self) -> str:
        """``Section [rule.id]``."""
        return f"{self.section} [{self.rule}]"

    def full(self) -> str:
        """Citation plus paraphrase."""
        return f"{self.summary} ({self.book}: {self.section}; rule {self.rule})"

    @property
    def is_reading(self) -> bool:
        """A tutor reading, not a rulebook fact."""
        return is_reading(self.section, self.source)


def cite_in(rules: RulesFile, index: Mapping[str, RuleEntry], rule: str | None) -> Citation | None:
    """Resolve ``rule`` against a rules file (None when there is no rule id)."""
    if rule is None:
        return None
    entry = index.get(rule)
    book = rules.rulebook.title
    if entry is None:
        return Citation(rule, "(unknown rule)", "", "", book)
    return Citation(rule, entry.section, entry.summary, entry.source, book)


def search_in(rules: RulesFile, query: str, limit: int = 10) -> list[str]:
    """Rule ids matching the words of ``query`` (id, keywords, section, paraphrase), best
    first."""
    words = [w for w in re.findall(r"[\w']+", query.lower()) if len(w) > 1]
    if not words:
        return []
    scored: list[tuple[int, int, str]] = []
    for i, r in enumerate(rules.rules):
        keys = " ".join(r.keywords).lower()
        text = f"{r.section} {r.summary}".lower()
        rid = r.id.lower().replace("_", " ").replace(".", " ")
        score = 0
        for w in words:
            score += 5 * (w in rid) + 3 * (w in keys) + (w in text)
        if all(w in f"{rid} {keys} {text}" for w in words):
            score += 4
        if score:
            scored.append((-score, i, r.id))
    scored.sort()
    return [rid for _, _, rid in scored[:limit]]


def rules_problems(rules: RulesFile, where: str) -> list[str]:
    """Duplicate rule ids and rules citing a section the file does not list."""
    out: list[str] = []
    seen: set[str] = set()
    for r in rules.rules:
        if r.id in seen:
            out.append(f"{where}: duplicate id {r.id!r}")
        seen.add(r.id)
    for r in rules.rules:
        for pattern in r.tells:
            try:
                re.compile(pattern)
            except re.error as err:
                out.append(f"{where}: rule {r.id!r}: tell {pattern!r} is not a pattern ({err})")
        if r.tells and not r.is_reading:
            out.append(f"{where}: rule {r.id!r} has tells but is no tutor reading")
    paths = {s.path for s in rules.sections}
    if paths:
        out += [f"{where}: rule {r.id!r} cites unknown section {r.section!r}"
                for r in rules.rules if r.section not in paths]
    return out


class RuleBook:
    """The rule registry of one game: ``cite``, ``search``, ``__contains__``."""

    def __init__(self, rules: RulesFile) -> None:
        self.file = rules
        self.index: dict[str, RuleEntry] = {r.id: r for r in rules.rules}

    @property
    def title(self) -> str:
        return self.file.rulebook.title

    def __contains__(self, rule: object) -> bool:
        return rule in self.index

    def cite(self, rule: str | None) -> Citation | None:
        return cite_in(self.file, self.index, rule)

    def search(self, query: str, limit: int = 10) -> list[Citation]:
        out = []
        for rid in search_in(self.file, query, limit):
            c = self.cite(rid)
            if c is not None:
                out.append(c)
        return out

    @classmethod
    def load(cls, path: Path) -> RuleBook:
        """Read and validate a rules file.

        Raises:
            ContentError: every problem of the file, located.
        """
        raw = read_yaml(path)
        try:
            rules = RulesFile.model_validate(raw)
        except ValidationError as err:
            raise ContentError(str(path), format_validation(path.name, err, raw)) from None
        problems = rules_problems(rules, path.name)
        if problems:
            raise ContentError(str(path), problems)
        return cls(rules)


@dataclass(frozen=True, slots=True)
class Explanation:
    """One sentence and the rule it comes from (every game explains itself with these)."""

    text: str
    rule: str | None
    citation: Citation | None

    def __str__(self) -> str:
        if self.citation is None:
            return self.text
        return f"{self.text} ({self.citation.short()})"
