"""The tutorials ship with their outputs (issue 26, item 10): a reader on a forge sees what
each cell prints, and `make test` has nbval compare every code cell's output with a new run
(nbval runs the notebooks in lax mode; the ``nbval-check-output`` tag on each cell makes it
compare).  Outputs are refreshed with ``scripts/run_tutorials.py``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

FOLDER = Path(__file__).resolve().parents[1] / "notebooks" / "tutorials"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))
MACHINE = re.compile(r"0x[0-9a-f]{6,}|/(?:work|tmp|root|home)/|\b20\d\d-\d\d-\d\d[T ]\d\d:")


def test_there_are_tutorials() -> None:
    assert len(NOTEBOOKS) >= 10


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_tutorial_ships_with_checked_outputs(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code
    for i, cell in enumerate(code, 1):
        assert cell["execution_count"] == i, (path.name, i)  # run once, top to bottom
        assert "nbval-check-output" in cell["metadata"].get("tags", []), (path.name, i)
        text = json.dumps(cell["outputs"])
        assert "Traceback" not in text and '"output_type": "error"' not in text, (path.name, i)
        assert not MACHINE.search(text), (path.name, i, MACHINE.search(text))
    assert sum(bool(c["outputs"]) for c in code) >= len(code) // 2, path.name  # it shows
    assert "widgets" not in nb["metadata"]  # no widget state (random ids, bulk)
