"""The tutor and referee app (ipywidgets + anywidget), served by Voila from notebooks/app.ipynb.

``show_app()`` is the one call the notebook makes.  The pieces:

- :mod:`.session`   the controller core: owns the Game, undo stack, viewer; validates input.
- :mod:`.ui`        :class:`TutorApp`: the header, the layout, the single dispatch path.
- :mod:`.panels`    the panels (stepper, seat, hand, what-if, referee, log/scores/... tabs).
- :mod:`.board`     the Mars board anywidget (``widgets/board.js`` + ``board.css``).
- :mod:`.live`      one message per click: the board's model carries every live panel's
                    text (``widgets/live.js``).
- :mod:`.edits`     referee edits of the table position, checked against the rules.
- :mod:`.bot`       the tutor's bot that plays "Next" and says why.
"""

from __future__ import annotations

from typing import Any

__all__ = ["TutorApp", "build_app", "build_page", "show_app"]


def build_app(**kwargs: Any) -> Any:
    """Build the app (a :class:`~.ui.TutorApp`) without displaying it; every widget message
    from the page is checked in the kernel (:mod:`.page_guard`, installed before any widget
    is built: a widget's comm keeps the handler it had when it opened)."""
    from mrp_tutor.app import page_guard
    from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp

    page_guard.install()
    app = TutorApp(**kwargs)
    page_guard.on_refused(app.refused)
    return app


def build_page(**kwargs: Any) -> tuple[Any, Any]:
    """The app and the game picker above it, as :func:`show_app` shows them (not shown):
    a refused page message is said in the status of the game shown."""
    from mrp_tutor.app import page_guard
    from mrp_tutor.app.picker import GamePicker  # imports another game only when it is picked

    app = build_app(**kwargs)
    picker = GamePicker(app.root)
    page_guard.on_refused(lambda text: _say(picker, text))
    return app, picker


def show_app(**kwargs: Any) -> None:
    """Display the app in the current notebook / Voila page (returns nothing, so the cell
    shows no object repr; use :func:`build_app` to keep a handle on the app)."""
    from IPython.display import display

    from mrp_tutor.app.idle_gc import settle
    from mrp_tutor.games.mission_red_planet.ui.record import attach

    app, picker = build_page(**kwargs)
    attach(app, picker)  # served by mrp_tutor.serve: the games kept on the server
    display(picker.root)  # type: ignore[no-untyped-call]
    settle()  # start-up's objects stay for the kernel's life: full collections skip them


def _say(picker: Any, text: str) -> None:
    """A refused page message, said in the status of another game's panel when it is shown
    (the first game's app says it in its own: :meth:`TutorApp.refused`)."""
    panel = picker.panels.get(picker.shown())
    if panel is not None:
        panel.say(text, error=True)


def __getattr__(name: str) -> Any:
    if name == "TutorApp":
        from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp

        return TutorApp
    raise AttributeError(name)
