"""The panel's busy guard: between a tap that applies a step and the kernel's redraw after
it, the page takes no tap (``widgets/fm_busy.js``).

Without it a quick table (or a loaded server) tapped a control the redraw was about to
replace: the tap went to the old widget and was lost (a field of the next effect tapped
while "Apply" was being applied), so the table's step silently did not happen.  A control
whose tap applies a step carries :data:`STEP_TAP` among its classes; the panel calls
:meth:`BusyGuard.done` at the end of every redraw, after every other change of the step.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from mrp_tutor.resources import widget_esm

STEP_TAP = "fm-step-tap"


class BusyGuard(anywidget.AnyWidget):
    """Invisible; ``done`` counts the redraws the kernel finished."""

    _esm = widget_esm("fm_busy.js")
    done = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.layout.display = "none"

    def __repr__(self) -> str:
        return "BusyGuard()"

    def finished(self) -> None:
        """The step is applied and the panel redrawn: the page takes taps again."""
        self.done += 1
