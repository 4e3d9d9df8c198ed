"""A comm fuzzer: crafted widget messages, as a hostile page would send them, delivered to the
kernel's real widgets through the path a kernel's comm takes (``Widget._handle_msg``), with
everything the kernel sends back recorded (the frames a page would get).

What a page can send (ipywidgets' protocol): ``update`` (a state, perhaps with buffer
paths), ``request_state`` and ``custom`` messages on a widget's comm, and ``comm_open``
on a comm target.  :func:`crafted` makes, for one widget, messages of each kind that no
honest page sends: envelopes of the wrong shape, writes to every trait the kernel owns,
out-of-range and wrongly typed values for the traits the page may set, huge strings, and
custom messages with unknown ids and wrong types.

Imported as ``from testkit.comm_fuzz import ...``.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from typing import Any

import comm
import ipywidgets as W

from mrp_tutor.app.page_guard import page_writes

#: what must never reach a page: a traceback, an exception's name, a Python file line
LEAK = re.compile(r"Traceback|\b[A-Z][A-Za-z]*(Error|Exception)\b|File \"|line \d+, in ")
HUGE = "x" * 200_000
MARK = "HOSTILE-VALUE"
# kernel-owned traits written first (what a page would rewrite to fool the kernel); at most
# OWNED_PER_WIDGET of them per widget
FIRST = ("board", "data", "options", "_options_labels", "value", "disabled", "children",
         "description", "pickable", "max_bytes", "known", "done", "stored", "hub", "name")
OWNED_PER_WIDGET = 6


@contextlib.contextmanager
def recorded() -> Iterator[list[tuple[str, Any]]]:
    """Every message the kernel's widgets send while the block runs: (type, data)."""
    sent: list[tuple[str, Any]] = []
    real = comm.DummyComm.publish_msg

    def publish(self: Any, msg_type: str, data: Any = None, metadata: Any = None,
                buffers: Any = None, **keys: Any) -> None:
        sent.append((msg_type, data))

    comm.DummyComm.publish_msg = publish  # type: ignore[method-assign]
    try:
        yield sent
    finally:
        comm.DummyComm.publish_msg = real  # type: ignore[method-assign]


def envelope(data: Any, buffers: list[bytes] | None = None) -> dict[str, Any]:
    return {"content": {"comm_id": "x", "data": data}, "buffers": buffers or []}


def update(state: Any, **more: Any) -> dict[str, Any]:
    return envelope({"method": "update", "state": state, **more})


def custom(content: Any, buffers: list[bytes] | None = None) -> dict[str, Any]:
    return envelope({"method": "custom", "content": content}, buffers)


ENVELOPES: list[tuple[str, Any]] = [
    ("no content", {}),
    ("content not a mapping", {"content": "x"}),
    ("data not a mapping", envelope(["update"])),
    ("no method", envelope({"state": {}})),
    ("unknown method", envelope({"method": "exec", "code": "import os"})),
    ("method not text", envelope({"method": ["update"]})),
    ("state not a mapping", update(["value", 1])),
    ("buffer path out of range", update({}, buffer_paths=[["value"]])),
    ("buffer paths not a list", update({"value": 1}, buffer_paths="value")),
    ("key not text", envelope({"method": "update", "state": {1: 2}})),
]

CUSTOMS: list[Any] = [
    "click", 5, None, [], {}, {"event": "bogus"}, {"kind": "pick", "target": "zone", "id": "zz"},
    {"kind": "pick", "target": "ship", "id": "s99", "colour": "purple"},
    {"kind": "pick", "target": "zone", "id": HUGE}, {"kind": "play", "index": 999},
    {"kind": "play", "index": "1; drop"}, {"kind": "resync", "name": "__class__"},
    {"pick": "nowhere"}, {"pick": ["a"]}, {"kind": "saved", "ok": "yes"}, {"name": HUGE},
]


def hostile_like(value: Any) -> Any:
    """A value of the same kind as ``value`` that the kernel never set."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return 10**12
    if isinstance(value, str):
        return MARK if not value.startswith("IPY_MODEL_") else "IPY_MODEL_" + MARK
    if isinstance(value, list | tuple):
        return [MARK, "IPY_MODEL_nowhere"]
    if isinstance(value, dict):
        return {"zones": [{"id": "zz", "x": 0, "y": 0}], "pickable": ["nowhere"], MARK: 1}
    return MARK


def bad_values(widget: Any, name: str) -> list[Any]:
    """Values for a trait the page may set that its control could never send."""
    if name in ("index", "selected_index"):
        n = len(widget.options) if name == "index" else len(widget.children)
        return [-1, n, n + 7, 10**30, "0", 1.5, True, [0, 99], {"i": 0}, MARK]
    if isinstance(widget, W.Text | W.Textarea | W.Password | W.Combobox):
        return [HUGE, 7, None, ["a"], {"a": 1}]
    if isinstance(widget, W.Checkbox | W.ToggleButton):
        return ["yes", 2, None, [True]]
    if isinstance(widget, W.IntText | W.BoundedIntText | W.IntSlider | W.FloatText |
                  W.BoundedFloatText | W.FloatSlider):
        return [10**30, "7", None, [1], -(10**30)]
    return [HUGE, 10**30, {"a": [1] * 3}, None]


def crafted(widget: Any) -> Iterator[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(label, message, the state it tried to set) for every crafted message to ``widget``."""
    for label, msg in ENVELOPES:
        yield label, msg, {}
    state = widget.get_state()
    writes = page_writes(widget)
    owned = [k for k in FIRST if k in state and k not in writes]
    owned += [k for k in sorted(state) if k not in owned and k not in writes
              and not k.startswith("_model") and not k.startswith("_view")]
    for key in owned[:OWNED_PER_WIDGET]:
        value = hostile_like(state[key])
        yield f"owned {key}", update({key: value}), {key: value}
    for key in sorted(writes):
        for value in bad_values(widget, key):
            yield f"bad {key}={str(value)[:20]}", update({key: value}), {key: value}
    yield "request_state", envelope({"method": "request_state"}), {}
    if getattr(widget, "disabled", False):
        yield "click while disabled", custom({"event": "click"}), {}
    for content in CUSTOMS:
        yield f"custom {str(content)[:30]}", custom(content), {}
    yield "custom with a buffer", custom({"name": "x.yaml", "size": 3}, [b"\xff\xfe{"]), {}


def leaks(sent: list[tuple[str, Any]]) -> list[str]:
    """The texts of sent messages that look like exception text."""
    out = []
    for _, data in sent:
        text = json.dumps(data, default=str)
        found = LEAK.search(text)
        if found:
            out.append(text[max(0, found.start() - 80):found.end() + 80])
    return out
