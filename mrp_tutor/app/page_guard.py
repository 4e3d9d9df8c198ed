"""Nothing from the page is trusted: every widget message is checked in the kernel.

A visitor's page can send any comm message it likes (a browser's console is enough), so what
ipywidgets would do with it is not what the app relies on:

- **a write to a trait the kernel owns is reset**: the page may set only what its own controls
  set (a dropdown's or a toggle's ``index``, a tab bar's ``selected_index``, a text box's
  ``value``, a check box's ``value``, and each anywidget's ``_page_writes``); a write to any
  other trait (a board's ``board``, an HTML's ``value``, a dropdown's ``options``, a button's
  ``disabled``) changes nothing and the kernel's value is sent back;
- **a value the page may set is checked before it is set**: an index must be a whole number
  within the kernel's own list (options, tabs), a text at most :data:`MAX_TEXT` characters,
  a flag true or false; a disabled widget takes nothing;
- **no exception text goes back**: ipywidgets turns a handler's exception into a traceback on
  the page (``_show_traceback``: ``ip.showtraceback()``, a ``TraitError`` for an index out of
  range) and a comm target's into a logged traceback on the kernel's stderr, which the kernel
  sends to the page; here each becomes one sentence (:func:`on_refused`'s handlers show it)
  and the page's value is put back;
- **a bad ``comm_open``** (a wrong protocol version, a state that does not fit) closes that
  comm quietly.

:func:`install` puts this in place for every widget of the process (``show_app`` calls it;
it is idempotent).  Shared layer: names no game.
"""

from __future__ import annotations

import inspect
import logging
import math
import weakref
from collections.abc import Callable
from typing import Any

import ipywidgets as W

log = logging.getLogger(__name__)

MAX_TEXT = 100_000  # characters a text box may send (a share code is far shorter)
REFUSED = "The page sent something the app cannot use; it was ignored."
_Handler = Callable[[str], None]
_handlers: list[Callable[[], _Handler | None]] = []
_installed: dict[str, Any] = {}

# what each kind of control sets from the page (by ipywidgets base class)
_TEXTS: tuple[type, ...] = (W.Text, W.Textarea, W.Password, W.Combobox)
_NUMBERS: tuple[type, ...] = (W.IntText, W.BoundedIntText, W.FloatText, W.BoundedFloatText,
                              W.IntSlider, W.FloatSlider)
_FLAGS: tuple[type, ...] = (W.Checkbox, W.ToggleButton)


def on_refused(handler: _Handler) -> None:
    """Call ``handler(sentence)`` whenever a page message is refused (the app's status); a
    bound method is held weakly (an app gone is not kept alive for its status)."""
    _handlers.append(weakref.WeakMethod(handler) if inspect.ismethod(handler)
                     else (lambda: handler))


def _refuse(sentence: str = REFUSED) -> None:
    for ref in list(_handlers):
        handler = ref()
        if handler is None:
            _handlers.remove(ref)
            continue
        try:
            handler(sentence)
        except Exception:  # a status that cannot be shown: the refusal still stands
            log.warning("a refusal could not be shown")


def page_writes(widget: Any) -> frozenset[str]:
    """The traits the page may set on ``widget``; every other one is the kernel's."""
    own = getattr(type(widget), "_page_writes", None)
    if own is not None:
        return frozenset(own)
    if isinstance(widget, W.widgets.widget_selection._Selection | W.widgets.widget_selection.
                  _MultipleSelection):
        return frozenset({"index"})
    if isinstance(widget, W.widgets.widget_selectioncontainer._SelectionContainer):
        return frozenset({"selected_index"})
    if isinstance(widget, (*_TEXTS, *_NUMBERS, *_FLAGS, W.FileUpload)):
        return frozenset({"value"})
    return frozenset()


def _fits(widget: Any, name: str, value: Any) -> bool:
    """Whether ``value`` is one the control could have sent, by the kernel's own lists."""
    if isinstance(value, str) and len(value) > MAX_TEXT:
        return False
    if name == "index" and isinstance(widget, W.widgets.widget_selection._MultipleSelection):
        return isinstance(value, list | tuple) and all(
            _whole(v) and 0 <= v < len(widget.options) for v in value)
    if name == "index":
        return value is None or (_whole(value) and 0 <= value < len(widget.options))
    if name == "selected_index":
        return value is None or (_whole(value) and 0 <= value < len(widget.children))
    if isinstance(widget, _TEXTS):
        return isinstance(value, str) and len(value) <= MAX_TEXT
    if isinstance(widget, _FLAGS):
        return isinstance(value, bool)
    if isinstance(widget, _NUMBERS):
        ok = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(
            value) and abs(value) < 2**53
        lo, hi = getattr(widget, "min", None), getattr(widget, "max", None)
        return ok and (lo is None or value >= lo) and (hi is None or value <= hi)
    return True  # an anywidget's own trait or an upload: its trait and handler check it


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _send_back(widget: Any, names: list[str]) -> None:
    """Put the kernel's values back on the page."""
    keep = [n for n in names if widget.has_trait(n)]
    if keep:
        try:
            widget.send_state(key=keep)
        except Exception:
            log.warning("a widget's state could not be sent back")


def _update(widget: Any, state: Any, data: dict[str, Any], msg: dict[str, Any]) -> None:
    if not isinstance(state, dict):
        _refuse()
        return
    if "buffer_paths" in data:
        from ipywidgets.widgets.widget import _put_buffers

        paths, buffers = data.get("buffer_paths"), msg.get("buffers") or []
        if not (isinstance(paths, list) and len(paths) <= len(buffers) and all(
                isinstance(p, list) and p and all(isinstance(k, str | int) for k in p)
                for p in paths)):
            _refuse()
            return
        try:
            _put_buffers(state, paths, buffers)
        except Exception:
            _refuse()
            return
    allowed = page_writes(widget) if not getattr(widget, "disabled", False) else frozenset()
    take = {k: v for k, v in state.items()
            if isinstance(k, str) and k in allowed and _fits(widget, k, v)}
    back = [k for k in state if isinstance(k, str) and k not in take]
    for k in list(take):
        if not _trait_takes(widget, k, take[k]):  # a value the trait itself refuses
            back.append(k)
            del take[k]
    if back:
        _send_back(widget, back)
        _refuse()
    if take:
        try:
            widget.set_state(take)
        except Exception:  # the page's value was fine; what the kernel did with it failed
            _send_back(widget, list(take))
            _failed("a change from the page to %s failed", type(widget).__name__)


def _trait_takes(widget: Any, name: str, value: Any) -> bool:
    """Whether the trait would take ``value`` (its own validation, run before anything
    observes it), so that a refusal is said only of what the page sent, and a failure of the
    kernel's own work after a good value is said as that (:data:`FAILED`)."""
    from traitlets import TraitError

    trait = widget.traits().get(name)
    if trait is None:
        return False
    try:
        from_json = widget.trait_metadata(name, "from_json", widget._trait_from_json)
        trait._validate(widget, from_json(value, widget))
    except (TraitError, ValueError, TypeError):
        return False
    except Exception:  # a validator of the kernel's own that broke: not the page's fault
        return True
    return True


def guarded_handle_msg(widget: Any, msg: Any) -> None:
    """What a widget does with a message from the page, every value checked first."""
    content = msg.get("content") if isinstance(msg, dict) else None
    data = content.get("data") if isinstance(content, dict) else None
    method = data.get("method") if isinstance(data, dict) else None
    try:
        if method == "update" and isinstance(data, dict):
            if "state" in data:
                _update(widget, data["state"], data, msg)
        elif method == "request_state":
            widget.send_state()
        elif method == "custom" and isinstance(data, dict) and "content" in data:
            if not isinstance(data["content"], dict) or getattr(widget, "disabled", False):
                # every custom message of this app is a mapping; a disabled control (a
                # button the page shows greyed out) takes no click
                _refuse()  # a click on a button the page shows as disabled
                return
            buffers = msg.get("buffers") or []
            widget._handle_custom_msg(data["content"], list(buffers))
        else:
            _refuse()
    except Exception:  # the handler's own fault: no text of it on the page
        _failed("a page message to %s failed", type(widget).__name__)


FAILED = "That did not work; the position is unchanged."


def _failed(what: str, *args: Any) -> None:
    """A failure in the kernel: its traceback only at DEBUG (a kernel's log at WARNING and
    above reaches the page through its stderr), one line at WARNING, a sentence to say."""
    log.debug(what, *args, exc_info=True)
    log.warning(what, *args)
    _refuse(FAILED)


def _dispatch(self: Any, *args: Any, **kwargs: Any) -> Any:
    """ipywidgets' ``CallbackDispatcher.__call__`` (a button's clicks, a widget's messages),
    a failing callback said in a sentence instead of ``showtraceback()`` to the page."""
    value = None
    for callback in self.callbacks:
        try:
            local = callback(*args, **kwargs)
        except Exception:
            _failed("a widget callback failed")
        else:
            value = local if local is not None else value
    return value


def _guard_target(target: Callable[..., Any]) -> Callable[..., Any]:
    def opened(comm: Any, msg: Any) -> None:
        try:
            target(comm, msg)
        except Exception:  # a bad protocol version, a state that does not fit
            log.debug("a comm the page opened was refused", exc_info=True)
            log.warning("a comm the page opened was refused")
            try:
                comm.close()
            except Exception:
                log.warning("a refused comm could not be closed")

    opened.__wrapped__ = target  # type: ignore[attr-defined]
    return opened


def install() -> None:
    """Check every page message of every widget of this process (idempotent): each widget's
    comm calls :func:`guarded_handle_msg`, and the widget comm targets close a bad open."""
    from ipywidgets.widgets.widget import Widget

    if "dispatch" not in _installed:
        from ipywidgets.widgets.widget import CallbackDispatcher

        _installed["dispatch"] = CallbackDispatcher.__call__
        CallbackDispatcher.__call__ = _dispatch
    if "handle_msg" not in _installed:
        _installed["handle_msg"] = Widget._handle_msg

        def _handle_msg(self: Any, msg: Any) -> None:
            guarded_handle_msg(self, msg)

        Widget._handle_msg = _handle_msg
    try:
        import comm

        manager = comm.get_comm_manager()
    except Exception:
        return  # no kernel: no comm targets to guard
    targets = getattr(manager, "targets", None)
    if not isinstance(targets, dict):
        return
    for name in ("jupyter.widget", "jupyter.widget.control"):
        target = targets.get(name)
        if target is not None and not hasattr(target, "__wrapped__"):
            manager.register_target(name, _guard_target(target))
