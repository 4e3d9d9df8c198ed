"""The documentation's code runs: every ``>>>`` example in ``docs/**/*.md`` and README.md is a
doctest (the recipes perform what they describe on a toy), and the README stays short.

``--doctest-glob`` would do the same from the command line; a test names each file and runs
in the normal ``make test`` with the same interpreter and path.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md",
        ROOT / "benchmarks" / "JOURNAL.md"]
RECIPES = ["add-a-character", "add-a-ruleset", "add-a-panel", "add-a-first-martians-rule",
           "add-a-game"]


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_examples_of_a_document_run(path: Path) -> None:
    # a fence line ends an example's expected output (as a blank line would)
    text = re.sub(r"(?m)^\s*```\w*\s*$", "", path.read_text(encoding="utf-8"))
    test = doctest.DocTestParser().get_doctest(text, {"__name__": path.stem}, path.name,
                                               str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{path.name}: {result.failed} of {result.attempted} failed"


@pytest.mark.parametrize("name", RECIPES)
def test_each_recipe_performs_its_change(name: str) -> None:
    path = ROOT / "docs" / "recipes" / f"{name}.md"
    examples = doctest.DocTestParser().get_examples(path.read_text(encoding="utf-8"))
    assert len(examples) >= 8, f"{name}: a recipe is performed, not only described"


def test_the_readme_is_short_and_has_no_dated_figures() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", text)
    assert not re.search(r"\d\s*(ms|µs|MiB|MB|games/s)\b", text)


def test_every_document_the_readme_links_exists() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(((?:docs|benchmarks)/[^)#]+)\)", text)
    assert links and all((ROOT / link).exists() for link in links), links
