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
- :mod:`.idle_gc`, :mod:`.background`, :mod:`.wire`, :mod:`.file_pick`, :mod:`.seeds`: the
  kernel's housekeeping and the page's small shared widgets.
"""

from __future__ import annotations

from mrp_tutor.core.games import GamePanel

__all__ = ["build_app", "show_app"]


def build_app(game: str | None = None, **options: object) -> GamePanel:
    """Build the panel of ``game`` (default: the registry's first game) without displaying
    it; ``options`` go to the game's panel."""
    from mrp_tutor.core.games import DEFAULT, get

    return get(game or DEFAULT).build_panel(**options)


def show_app(game: str | None = None, **options: object) -> None:
    """Display the app in the current notebook / Voila page (returns nothing, so the cell
    shows no object repr; use :func:`build_app` to keep a handle on a game's panel)."""
    from IPython.display import display

    from mrp_tutor.app.idle_gc import settle
    from mrp_tutor.app.picker import GamePicker  # imports another game only when it is picked
    from mrp_tutor.core.games import DEFAULT, get

    first = get(game or DEFAULT)
    panel = first.build_panel(**options)
    picker = GamePicker(panel.root, first=first.name)
    if first.attach is not None:
        first.attach(panel, picker)  # served by mrp_tutor.serve: the games kept on the server
    display(picker.root)  # type: ignore[no-untyped-call]
    settle()  # start-up's objects stay for the kernel's life: full collections skip them
