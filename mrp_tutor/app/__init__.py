"""TEMPORARY placeholder app (issue "Foundation").

Replaced by the real Voila app later. It only proves the serving/testing pipeline:
Voila renders a live ipywidgets tree whose root carries the CSS class ``mrp-app`` and a
status label carrying ``mrp-status`` (the browser smoke test waits on both).
"""

from __future__ import annotations

import ipywidgets as widgets
from IPython.display import display

__all__ = ["build_app", "show_app"]


def build_app() -> widgets.VBox:
    """Build the (placeholder) app widget tree without displaying it."""
    title = widgets.HTML(value="<h2>Mission: Red Planet — rules tutor</h2>")
    status = widgets.Label(value="Ready.", _dom_classes=["mrp-status"])
    return widgets.VBox([title, status], _dom_classes=["mrp-app"])


def show_app() -> None:
    """Display the app in the current notebook / Voila page."""
    display(build_app())  # type: ignore[no-untyped-call]  # IPython.display is untyped
