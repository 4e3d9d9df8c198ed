"""Where the shipped non-Python files are: the widget front-end, the scenario library, the app
notebook and the tutorials.

In a wheel they are packaged as ``mrp_tutor/_widgets``, ``mrp_tutor/_scenarios`` and
``mrp_tutor/_notebooks`` (pyproject.toml, ``force-include``); in a checkout (editable install,
or ``PYTHONPATH``) they are the top-level ``widgets/``, ``scenarios/`` and ``notebooks/``
folders.  The rules data (``mrp_tutor/games/mission_red_planet/data``) is inside the package in
both.
"""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent


def _find(packaged: str, top: str) -> Path:
    inside = _PKG / packaged
    if inside.is_dir():
        return inside
    return _PKG.parent / top


def widgets_dir() -> Path:
    """Folder of the anywidget ES modules and CSS."""
    return _find("_widgets", "widgets")


def scenarios_dir() -> Path:
    """Folder of the scenario library (YAML files and schema.json)."""
    return _find("_scenarios", "scenarios")


def notebooks_dir() -> Path:
    """Folder of the app notebook (``app.ipynb``) and the ``tutorials/`` folder."""
    return _find("_notebooks", "notebooks")


def app_notebook() -> Path:
    """The notebook the app server renders (``mrp-tutor app``, ``make app``)."""
    return notebooks_dir() / "app.ipynb"


def tutorials_dir() -> Path:
    """Folder of the tutorial notebooks (``mrp-tutor tutorials`` copies them elsewhere)."""
    return notebooks_dir() / "tutorials"


def package_dir() -> Path:
    """The folder of the imported package (nothing is ever written inside it)."""
    return _PKG


def widget_esm(*names: str) -> str:
    """ES module text made of the named files of :func:`widgets_dir`, in order (a shared
    helper such as ``morph.js`` first: an anywidget module cannot import a sibling file)."""
    folder = widgets_dir()
    return "\n".join((folder / n).read_text(encoding="utf-8") for n in names)
