"""axe-core for the browser tests: one helper, one pinned release.

``axe_js()`` is axe-core's ``axe.min.js`` at :data:`AXE_VERSION` (the latest npm release when
pinned): env ``MRP_AXE_JS`` names a copy, else the npm package is installed once into
``~/.cache/mrp_tutor`` (650 KB: installed by the tests, not shipped or vendored).
``axe_serious(page)`` runs it on the page as it is now, with ``label-content-name-mismatch``
switched on (it is off by default and is what issue 26 found), and returns the serious and
critical violations in short words (an empty list: none); ``impacts=MODERATE`` adds the
moderate ones.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest

AXE_VERSION = "4.14.1"  # `npm view axe-core version` on 2026-11-27 (MPL-2.0; not vendored)
RUN_JS = """async (scope) => await axe.run(scope ? document.querySelector(scope) : document, {
  resultTypes: ['violations'], rules: {'label-content-name-mismatch': {enabled: true}}})"""


@cache
def axe_js() -> str:
    """The text of axe.min.js at AXE_VERSION (fails the test with the way to get it)."""
    given = os.environ.get("MRP_AXE_JS")
    if given:
        text = Path(given).read_text(encoding="utf-8")
    else:
        home = Path.home() / ".cache" / "mrp_tutor" / f"axe-core-{AXE_VERSION}"
        path = home / "node_modules" / "axe-core" / "axe.min.js"
        if not path.exists():
            npm = shutil.which("npm")
            if npm is None:
                pytest.fail(f"npm is needed once to install axe-core {AXE_VERSION} into "
                            f"{home} (or set MRP_AXE_JS to an axe.min.js)")
            home.mkdir(parents=True, exist_ok=True)
            subprocess.run([npm, "install", "--no-audit", "--no-fund", "--prefix", str(home),
                            f"axe-core@{AXE_VERSION}"], check=True, capture_output=True,
                           timeout=300)
        text = path.read_text(encoding="utf-8")
    if f"axe v{AXE_VERSION}" not in text[:200]:
        pytest.fail(f"{given or 'the cached axe.min.js'} is not axe-core {AXE_VERSION}")
    return text


SERIOUS = ("serious", "critical")
MODERATE = ("moderate", *SERIOUS)


def axe_serious(page: Any, scope: str | None = None,
                impacts: tuple[str, ...] = SERIOUS) -> list[str]:
    """axe-core violations of ``page`` now (of the first element matching the CSS selector
    ``scope``, else the whole document) whose impact is one of ``impacts`` (by default the
    serious and critical ones; :data:`MODERATE` adds the moderate ones)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_js())
    result = page.evaluate(RUN_JS, scope)
    out = []
    for v in result["violations"]:
        if v.get("impact") in impacts:
            targets = [" ".join(map(str, n["target"])) for n in v["nodes"][:12]]
            out.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {targets}")
    return out
