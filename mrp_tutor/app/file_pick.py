"""A file-import button that reads as a person expects ("Import a saved game…"): ipywidgets'
FileUpload always adds a count of files to its label ("Import HUB file (0)").

The page reads the file only when it is at most ``max_bytes`` long and sends its bytes; the
handler gets ``(name, content)``, ``content`` None for a file too large (not read).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from mrp_tutor.resources import widget_esm

FileHandler = Callable[[str, bytes | None], None]


class FilePick(anywidget.AnyWidget):
    """One button; a picked file goes to the ``on_file`` handlers."""

    _esm = widget_esm("file_pick.js")
    label = traitlets.Unicode("Import a saved file…").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)  # its title (ipywidgets owns "tooltip")
    accept = traitlets.Unicode("").tag(sync=True)
    max_bytes = traitlets.Int(200_000).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[FileHandler] = []
        self.on_msg(self._on_custom_msg)

    def __repr__(self) -> str:
        return f"FilePick({self.label!r})"

    def on_file(self, handler: FileHandler) -> None:
        self._handlers.append(handler)

    def _on_custom_msg(self, _widget: Any, content: Any, buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        name = str(content.get("name", "file"))[:200]
        data = bytes(buffers[0]) if buffers else None
        if data is not None and len(data) > self.max_bytes:
            data = None  # a page that sent more than it may: treated as too large
        for h in self._handlers:
            h(name, data)
