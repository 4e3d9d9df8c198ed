"""Traits sent as patches: a click sends what changed in the board and the log, not all of it.

A synced ``Dict`` trait tagged with :func:`wired` travels in a *wire form*:

- ``{"$wire": seq, "id": stream, "full": value}``: the whole value (a widget's first state,
  the states a page asks for when it loads, and after :meth:`WiredMixin.resend_full`);
- ``{"$wire": seq, "id": stream, "base": b, "patch": p}``: an update, turning the value the
  page holds at sequence number ``b`` into the one numbered ``seq``.

``stream`` names the widget and trait (the page keeps one copy of the value per stream).

A patch (:func:`diff`, keeping the keys' order; applied in the page by ``widgets/wire.js``,
in Python by :func:`patch`) is a scalar (the new value), ``{"$": "v", "v": value}`` (a new
list or dict),
``{"$": "d", "p": {key: patch}, "x": [keys removed]}`` or ``{"$": "l", "i": {index: patch}}``
(a list of the same length).  The kernel remembers what the page holds (the last value it
sent); a page that misses a step (its number is not ``base``) asks for the whole value again
(``{"kind": "resync", "name": ...}``), so a patch is never applied to the wrong value.

Secrets: a patch carries only parts of the new value, which is built from the current
viewer's view like the whole value was; the owner calls :meth:`WiredMixin.resend_full` when
the viewer changes, so the page's copy is replaced, never patched across two views.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from typing import Any

_SAME = object()


def diff(old: Any, new: Any) -> Any:
    """A patch turning ``old`` into ``new`` (``_SAME`` when they are equal)."""
    if old is new or (type(old) is type(new) and old == new):
        return _SAME
    if isinstance(old, dict) and isinstance(new, dict):
        if (list(new) != [k for k in old if k in new] + [k for k in new if k not in old]
                and not all(map(_index_like, new))):
            return _whole(new)  # the keys' order changed (the page shows some dicts in order)
        changed = {}
        for k, v in new.items():
            d = diff(old[k], v) if k in old else _whole(v)
            if d is not _SAME:
                changed[k] = d
        gone = [k for k in old if k not in new]
        out: dict[str, Any] = {"$": "d", "p": changed}
        if gone:
            out["x"] = gone
        return out
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        items = {}
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            d = diff(a, b)
            if d is not _SAME:
                items[str(i)] = d
        return {"$": "l", "i": items}
    return _whole(new)


def _index_like(key: Any) -> bool:
    """A key a JavaScript object orders by its number whatever the order it was sent in."""
    return isinstance(key, str) and key.isdigit() and (key == "0" or key[0] != "0")


def _whole(value: Any) -> Any:
    return {"$": "v", "v": value} if isinstance(value, (dict, list)) else value


def patch(old: Any, p: Any) -> Any:
    """Apply a patch made by :func:`diff` (what ``widgets/wire.js`` does in the page)."""
    if not isinstance(p, dict):
        return p
    if p["$"] == "v":
        return p["v"]
    if p["$"] == "d":
        gone = set(p.get("x", []))
        out = {k: v for k, v in old.items() if k not in gone}
        for k, sub in p["p"].items():
            out[k] = patch(out.get(k), sub)
        return out
    items = list(old)
    for i, sub in p["i"].items():
        items[int(i)] = patch(items[int(i)], sub)
    return items


def wired(name: str) -> Callable[[Any, Any], Any]:
    """The ``to_json`` of a wired trait ``name`` (tag it ``sync=True, to_json=wired(name)``)."""
    return lambda value, widget: widget.wire_form(name, value)


class WiredMixin:
    """For an ipywidgets ``Widget``: encodes the traits tagged with :func:`wired`.

    Only :meth:`send_state` for some keys (a trait change, or the ones held by ``hold_sync``)
    sends patches; every other state (the comm's opening, a page's ``request_states``, a
    ``send_state()`` of everything) carries whole values.
    """

    WIRED: tuple[str, ...] = ()

    def _wire_init(self) -> None:
        self._wire_patching = False
        self._wire_uid = uuid.uuid4().hex
        self._wire_seq: dict[str, int] = {}
        self._wire_page: dict[str, tuple[int, Any]] = {}  # what the page holds: (seq, value)

    def wire_form(self, name: str, value: Any) -> dict[str, Any]:
        """The wire form of ``value`` for trait ``name`` (see the module docstring)."""
        held = self._wire_page.get(name)
        stream = f"{self._wire_uid}:{name}"
        if held is not None and held[1] is value:
            seq = held[0]
            if not self._wire_patching:
                return {"$wire": seq, "id": stream, "full": value}
            return {"$wire": seq, "id": stream, "base": seq, "patch": {"$": "d", "p": {}}}
        seq = self._wire_seq[name] = self._wire_seq.get(name, 0) + 1
        self._wire_page[name] = (seq, value)
        if held is None or not self._wire_patching:
            return {"$wire": seq, "id": stream, "full": value}
        d = diff(held[1], value)
        return {"$wire": seq, "id": stream, "base": held[0],
                "patch": {"$": "d", "p": {}} if d is _SAME else d}

    def resend_full(self, names: Iterable[str]) -> None:
        """The next update of these traits carries whole values (e.g. the viewer changed)."""
        for n in names:
            self._wire_page.pop(n, None)

    def send_state(self, key: Any = None) -> None:
        self._wire_patching = key is not None
        try:
            super().send_state(key)  # type: ignore[misc]
        finally:
            self._wire_patching = False

    def on_resync(self, content: Any) -> bool:
        """Handle the page's ``{"kind": "resync", "name": n}``: send trait ``n`` whole.
        True when ``content`` was such a message (valid or not)."""
        if not (isinstance(content, dict) and content.get("kind") == "resync"):
            return False
        name = content.get("name")
        if set(content) == {"kind", "name"} and name in self.WIRED:
            self._wire_page.pop(name, None)
            self._wire_patching = False
            super().send_state(name)  # type: ignore[misc]
        return True
