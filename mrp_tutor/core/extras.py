"""The optional parts of the installation (issue 39): the core (engine, explanations,
scenarios, widgets) installs anywhere, the browser's Pyodide too; the server, the simulation
and the insights come with extras (pyproject.toml).  A feature whose extra is missing says so
in one sentence with the command that adds it, never with a traceback.

>>> have("json")
True
>>> have("surely_not_a_module_mrp")
False
>>> try:
...     require("A test feature", "serve", ("surely_not_a_module_mrp",))
... except ExtraMissing as err:
...     print(err.extra, str(err).endswith("pip install 'mrp-tutor[serve]'."))
serve True
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterable

#: the extras and the modules each one brings (pyproject.toml [project.optional-dependencies])
EXTRAS: dict[str, tuple[str, ...]] = {
    "serve": ("voila", "jupyter_server", "ipykernel"),
    "insights": ("pandas", "matplotlib", "pyarrow"),
    "simulate": ("pandas", "pyarrow", "dask", "distributed", "tqdm"),
}


class ExtraMissing(ImportError):
    """A feature needs an extra this installation lacks; ``str()`` is the sentence to show."""

    def __init__(self, feature: str, extra: str) -> None:
        self.feature, self.extra = feature, extra
        super().__init__(sentence(feature, extra))


def sentence(feature: str, extra: str) -> str:
    """What a person reads: the feature, that it needs the full app, and how to add it."""
    if in_browser():
        return (f"{feature} needs the full app, which this in-browser demo does not carry; "
                "run the app from its server installation (pip install 'mrp-tutor[app]').")
    return (f"{feature} needs the full app, which this installation does not have: "
            f"pip install 'mrp-tutor[{extra}]'.")


def in_browser() -> bool:
    """True in the browser's Python (Pyodide: no threads, no subprocesses, no pandas here)."""
    return sys.platform == "emscripten"


def have(module: str) -> bool:
    """Whether ``module`` can be imported here (without importing it)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def require(feature: str, extra: str, modules: Iterable[str] | None = None) -> None:
    """Raise :class:`ExtraMissing` unless every module of ``extra`` (or ``modules``) is here."""
    if not all(have(m) for m in (EXTRAS[extra] if modules is None else modules)):
        raise ExtraMissing(feature, extra)
