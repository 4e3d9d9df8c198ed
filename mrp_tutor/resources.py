"""Where the shipped non-Python files are: the widget front-end and the scenario library.

In a wheel they are packaged as ``mrp_tutor/_widgets`` and ``mrp_tutor/_scenarios``; in an
editable checkout they are the top-level ``widgets/`` and ``scenarios/`` folders.
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


def widget_esm(*names: str) -> str:
    """ES module text made of the named files of :func:`widgets_dir`, in order (a shared
    helper such as ``morph.js`` first: an anywidget module cannot import a sibling file)."""
    folder = widgets_dir()
    return "\n".join((folder / n).read_text(encoding="utf-8") for n in names)
