"""The app shell (ipywidgets + anywidget), served by Voila from notebooks/app.ipynb.

``show_app()`` is the one call the notebook makes: it builds the game shown first (the
registry's default, or ``game=``) through the game registry (:mod:`mrp_tutor.core.games`),
puts the game picker above it (another game's panel is built the first time it is picked),
lets the game keep its record on the server (its ``attach`` hook) and displays the page.
The shell names no game; each game's panel lives in its own package and implements the
panel protocol (:class:`~mrp_tutor.core.games.GamePanel`: ``root``, ``say``, ``undo``; and
:class:`~mrp_tutor.core.games.KeptPanel`: ``keep``, ``restore``, ``changed``).

- :mod:`.picker`      the game picker.
- :mod:`.keep`        the other games' panels kept on the server and brought back.
- :mod:`.step_shell`  the step buttons, "what now" line and step explanations every game's
                      panel shares; :mod:`.html` the shared HTML helpers and style rules.
- :mod:`.page_guard`  every widget message from the page checked in the kernel (installed
                      before any widget is built: a widget's comm keeps the handler it had).
- :mod:`.idle_gc`, :mod:`.background`, :mod:`.wire`, :mod:`.file_pick`, :mod:`.seeds`: the
  kernel's housekeeping and the page's small shared widgets.
"""

from __future__ import annotations

from typing import Any

from mrp_tutor.core.games import GamePanel

__all__ = ["build_app", "build_page", "show_app"]


def build_app(game: str | None = None, **options: object) -> GamePanel:
    """Build the panel of ``game`` (default: the registry's first game) without displaying
    it; ``options`` go to the game's panel.  Every widget message from the page is checked
    in the kernel (:mod:`.page_guard`) and a refused one is said in the panel's status."""
    from mrp_tutor.app import page_guard
    from mrp_tutor.core.games import DEFAULT, get

    page_guard.install()
    panel = get(game or DEFAULT).build_panel(**options)
    page_guard.on_refused(panel.say)
    return panel


def build_page(game: str | None = None, **options: object) -> tuple[GamePanel, Any]:
    """The first game's panel and the game picker above it, as :func:`show_app` shows them
    (not shown); a refused page message is said in the status of the game shown."""
    from mrp_tutor.app import page_guard
    from mrp_tutor.app.picker import GamePicker  # imports another game only when it is picked
    from mrp_tutor.core.games import DEFAULT

    panel = build_app(game, **options)
    picker = GamePicker(panel.root, first=game or DEFAULT)
    page_guard.on_refused(lambda text: _say(picker, text))
    return panel, picker


def _say(picker: Any, text: str) -> None:
    """A refused page message, said by another game's panel when it is shown (the first
    game's panel says it itself: :func:`build_app`)."""
    panel = picker.panels.get(picker.shown())
    if panel is not None:
        panel.say(text)


def show_app(game: str | None = None, **options: object) -> None:
    """Display the app in the current notebook / Voila page (returns nothing, so the cell
    shows no object repr; use :func:`build_app` to keep a handle on a game's panel)."""
    from IPython.display import display

    from mrp_tutor.app.idle_gc import settle
    from mrp_tutor.core.games import DEFAULT, get

    first = get(game or DEFAULT)
    panel, picker = build_page(first.name, **options)
    if first.attach is not None:
        first.attach(panel, picker)  # served by mrp_tutor.serve: the games kept on the server
    display(picker.root)  # type: ignore[no-untyped-call]
    settle()  # start-up's objects stay for the kernel's life: full collections skip them
