"""Run the tutorial notebooks and store their outputs in them (issue 26, item 10), so a reader
on a forge sees what each cell prints, and nbval checks those outputs in `make test`:

    .venv/bin/python scripts/run_tutorials.py [notebooks/tutorials/01-setup.ipynb ...]

Every code cell gets the nbval tag ``nbval-check-output`` (`make test` runs nbval in lax
mode for the app notebooks; the tag makes it compare these cells' outputs), execution counts
are numbered 1.. in order and the notebook metadata is kept.  The outputs must be the same on
every run (seeded games, no clock, no memory address, no path of this machine):
``--check`` runs them and fails when a stored output differs (what nbval does in CI).
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parents[1]
FOLDER = REPO / "notebooks" / "tutorials"
TAG = "nbval-check-output"
TIMEOUT_S = 600


def run(path: Path) -> nbformat.NotebookNode:
    """The notebook at ``path`` executed in its folder (outputs filled in, tags added)."""
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=TIMEOUT_S, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    count = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        count += 1
        cell.execution_count = count
        cell.outputs = coalesce_streams(cell.outputs)
        for out in cell.outputs:
            if "execution_count" in out:
                out["execution_count"] = count
        tags = cell.metadata.setdefault("tags", [])
        if TAG not in tags:
            tags.append(TAG)
        cell.metadata.pop("execution", None)  # timestamps nbclient records
    nb.metadata.pop("widgets", None)  # widget states: random model ids, and bulky
    return nb


def coalesce_streams(outs: list[Any]) -> list[Any]:
    """Consecutive prints to one stream as one output (how they arrive in pieces depends on
    timing; nbval compares them joined the same way)."""
    merged: list[Any] = []
    for out in outs:
        last = merged[-1] if merged else None
        if (out.get("output_type") == "stream" and last is not None
                and last.get("output_type") == "stream" and last.get("name") == out.get("name")):
            last["text"] += out["text"]
        else:
            merged.append(out)
    return merged


def outputs(nb: nbformat.NotebookNode) -> list[object]:
    """The code cells' outputs as compared (widget model ids are random: left out)."""
    out = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for o in copy.deepcopy(cell.get("outputs", [])):
            o.get("data", {}).pop("application/vnd.jupyter.widget-view+json", None)
            out.append(o)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", type=Path)
    ap.add_argument("--check", action="store_true",
                    help="run and compare with the stored outputs; write nothing")
    args = ap.parse_args(argv)
    paths = args.paths or sorted(FOLDER.glob("*.ipynb"))
    bad = []
    for path in paths:
        nb = run(path)
        if args.check:
            if outputs(nb) != outputs(nbformat.read(path, as_version=4)):
                bad.append(path.name)
            continue
        nbformat.write(nb, path)
        print(f"{path.name}: outputs stored")
    if bad:
        print("stored outputs differ from a new run: " + ", ".join(bad), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
