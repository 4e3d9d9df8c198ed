"""The game registry: every game the tutor knows, and how the shared machinery reaches it.

The scenario loader, the scenario runner, the command line and the app's game picker never
name a game: they ask this registry.  A game registers one :class:`Game` (usually in a small
``registration`` module of its package) saying how it

* **loads** a scenario document (validates it and builds its start position),
* **plays** a loaded scenario (runs its steps and checks every expectation),
* **explains** an event or an error (a sentence with its citation),
* **shows** its table in the app (a panel, imported only when the game is picked),
* **publishes** the JSON Schema of its scenario files (``mrp-tutor scenario schema --game
  NAME``; the published copy ``scenarios/<schema_file>`` is kept equal to it by a test), and
* adds its **commands** to ``mrp-tutor`` (optional).

Example (what :mod:`mrp_tutor.games.first_martians.registration` does)::

    from mrp_tutor.core.games import Game, register

    register(Game(
        name="first_martians", title="First Martians",
        load=fm_scenario_from_dict, play=run_fm_scenario,
        explain_event=..., explain_error=..., schema=fm_schema_json,
        schema_file="first_martians/schema.json",
        panel="mrp_tutor.games.first_martians.ui.fm_panel:FmPanel", commands=add_fm_commands,
    ))

A scenario document names its game in its ``game:`` field; a document without one belongs
to the :data:`DEFAULT` game.  :data:`SHIPPED` announces the games shipped with the tutor
(name, title, registration module): a game's code is imported only when one of its files
is loaded, its panel picked or every game listed (:func:`games`), so importing this module
imports no game.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeAlias, runtime_checkable

from mrp_tutor.core.errors import ContentError
from mrp_tutor.core.scenario import ScenarioDocument

if TYPE_CHECKING:
    from mrp_tutor.core.rules import Explanation

#: what a game's ``commands`` hook adds its ``mrp-tutor`` subcommands to
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


class Scenario(ScenarioDocument, Protocol):
    """A loaded scenario of any game (a :class:`~mrp_tutor.core.scenario.ScenarioBase`): its
    document's fields and its steps, what the shared runner, the command line and the lesson
    lists read of it."""

    @property
    def steps(self) -> Sequence[object]: ...


@runtime_checkable
class GamePanel(Protocol):
    """A game's app panel (what the app shell and its game picker use of it): its widget
    ``root``, ``say`` (one sentence to the table) and ``undo`` (take back the last step)."""

    @property
    def root(self) -> object: ...

    def say(self, text: str) -> None: ...

    def undo(self) -> None: ...


@runtime_checkable
class KeptPanel(GamePanel, Protocol):
    """A panel that keeps its game on the server (the lost-kernel restore): ``keep()`` its
    game as plain data, ``restore(data)`` plays it again through the game's own loader and
    rules (raises when they refuse it), and it calls ``changed`` after every change."""

    changed: Callable[[], None]

    def keep(self) -> dict[str, object]: ...

    def restore(self, data: object) -> None: ...


class ForeignScenario(ContentError):
    """A scenario of one game handed to another game's hook (a file of First Martians to a
    Mission: Red Planet command, say): a located sentence naming both games."""

    def __init__(self, source: str, found: str, wanted: str) -> None:
        super().__init__(source, [f"game: this is a {title_of(found)} file; this command "
                                  f"reads {title_of(wanted)} files (scenario format)"])


@dataclass(frozen=True, slots=True)
class Shipped:
    """A game shipped with the tutor, announced without importing it: its name, the title
    the game picker shows, and the module whose import registers it."""

    name: str
    title: str
    module: str


#: the games shipped with the tutor, in picker order (each imported only when first needed:
#: a visitor who never picks a game never imports its engine)
SHIPPED = (
    Shipped("mission_red_planet", "Mission: Red Planet",
            "mrp_tutor.games.mission_red_planet.registration"),
    Shipped("first_martians", "First Martians", "mrp_tutor.games.first_martians.registration"),
)

#: the game of a scenario document without a ``game:`` field (files older than the field)
DEFAULT = SHIPPED[0].name


@dataclass(frozen=True, slots=True)
class PlayResult:
    """What playing a scenario found (every game's runner returns one)."""

    ok: bool
    failures: list[str]
    events: Sequence[object]
    game: object  # the game (or table) after the last step


@dataclass(frozen=True, slots=True)
class Game:
    """One game: its name (the ``game:`` field of its files), its title and its hooks.

    ``load(data, source, path)`` validates a parsed document (raises :class:`ContentError`
    with every problem located) and returns a scenario (a
    :class:`~mrp_tutor.core.scenario.ScenarioBase`); ``play(scenario)`` returns a
    :class:`PlayResult`; ``explain_event(event)`` / ``explain_error(error)`` give an
    explanation with ``.text``; ``panel`` is ``"module:factory"`` of the app panel showing
    the game's table (built with no argument, it has ``.root``); ``schema()`` returns the JSON
    Schema of its scenario files as text, published as ``schema_file`` (a path in the scenario
    library); ``commands(subparsers)`` adds the game's own ``mrp-tutor`` subcommands.
    """

    name: str
    title: str
    load: Callable[[object, str, Path | None], Scenario]
    play: Callable[[Scenario], PlayResult]
    explain_event: Callable[[object], Explanation] | None = None
    explain_error: Callable[[BaseException], Explanation] | None = None
    panel: str | None = None
    commands: Callable[[Subparsers], None] | None = None
    schema: Callable[[], str] | None = None
    schema_file: str | None = None
    #: a line for ``mrp-tutor --version`` (e.g. which engine runs), or None
    about: Callable[[], str] | None = None
    #: what a forked kernel loads before any visitor comes (:mod:`mrp_tutor.serve`)
    warm: Callable[[], None] | None = None
    #: when the game is shown first: ``attach(panel, picker)`` keeps its record on the server
    #: (and the picker's other games; the app shell's :mod:`mrp_tutor.app.keep`)
    attach: Callable[[GamePanel, object], None] | None = None

    def build_panel(self, **options: object) -> GamePanel:
        """A new instance of the game's app panel (imports the game's code only now);
        ``options`` go to its factory."""
        if self.panel is None:
            raise LookupError(f"the game {self.name!r} has no app panel")
        module, _, factory = self.panel.partition(":")
        made: GamePanel = getattr(importlib.import_module(module), factory)(**options)
        return made


_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add (or replace, for tests and reloads) a game; returns it."""
    _GAMES[game.name] = game
    return game


def _import(name: str) -> None:
    for shipped in SHIPPED:
        if shipped.name == name and name not in _GAMES:
            importlib.import_module(shipped.module)


def titles() -> list[tuple[str, str]]:
    """(name, title) of every game, shipped first, importing none (the game picker)."""
    out = [(g.name, g.title) for g in SHIPPED]
    return out + [(g.name, g.title) for g in _GAMES.values() if g.name not in dict(out)]


def games() -> list[Game]:
    """Every game (imports the shipped ones), in :func:`titles` order."""
    for shipped in SHIPPED:
        _import(shipped.name)
    return [_GAMES[name] for name, _ in titles()]


def get(name: str) -> Game:
    """The game registered as ``name`` (imported now if it is shipped; KeyError if none)."""
    _import(name)
    return _GAMES[name]


def game_of(data: object, source: str = "scenario") -> Game:
    """The game a parsed scenario document belongs to (its ``game:`` field, else
    :data:`DEFAULT`).

    Raises:
        ContentError: the document names a game the tutor does not know.
    """
    name = data.get("game", DEFAULT) if isinstance(data, dict) else DEFAULT
    known = dict(titles())
    if not isinstance(name, str) or name not in known:
        from mrp_tutor.core.loader import excerpt

        shown = excerpt(name) if isinstance(name, str) else type(name).__name__
        raise ContentError(source, [f"game: unknown game {shown} (games: "
                                    f"{', '.join(known)}) (scenario format)"])
    return get(name)


def schema_of(name: str = DEFAULT) -> str:
    """The JSON Schema (text) of game ``name``'s scenario files.

    Raises:
        LookupError: no such game, or it publishes no schema.
    """
    try:
        game = get(name)
    except KeyError:
        raise LookupError(f"unknown game {name!r} (games: "
                          f"{', '.join(n for n, _ in titles())})") from None
    if game.schema is None:
        raise LookupError(f"the game {name!r} publishes no scenario schema")
    return game.schema()


def load_document(data: object, source: str = "scenario",
                  path: Path | None = None) -> Scenario:
    """Validate a parsed scenario document of any game and build its scenario."""
    return game_of(data, source).load(data, source, path)


def play_scenario(scenario: Scenario) -> PlayResult:
    """Run a loaded scenario of any game (the game that loaded it plays it)."""
    return get(scenario_game(scenario)).play(scenario)


def scenario_game(scenario: object) -> str:
    """The name of the game a loaded scenario belongs to (its document's ``game``)."""
    name = getattr(getattr(scenario, "doc", None), "game", DEFAULT)
    return name if isinstance(name, str) else DEFAULT


def title_of(name: str) -> str:
    """The title of game ``name`` (its name itself when no game has it), importing none."""
    return dict(titles()).get(name, name)


def load_file(path: Path, source: str | None = None) -> Scenario:
    """The one way a scenario file of any game is read: the hardened YAML loader (size, depth,
    numbers, keys), then the game its ``game:`` field names validates and builds it.

    Raises:
        ContentError: the file cannot be read, is not YAML, or breaks its game's format or
            rules (every problem located).
    """
    from mrp_tutor.core.loader import check_tree, load_yaml

    name = str(path) if source is None else source
    data = load_yaml(path)
    check_tree(data, name)
    return load_document(data, name, path)


def library(folder: Path) -> list[Scenario]:
    """Every scenario file (``*.yaml``) of ``folder``, each read by :func:`load_file`, sorted
    by id.

    Raises:
        ContentError: one or more files are wrong (all their problems, file by file).
    """
    out: list[Scenario] = []
    problems: list[str] = []
    for f in sorted(folder.glob("*.yaml")):
        try:
            out.append(load_file(f))
        except ContentError as err:
            problems.extend(f"{f.name}: {x}" for x in err.problems)
    if problems:
        raise ContentError(str(folder), problems)
    return sorted(out, key=lambda sc: sc.id)


def expect_game(scenario: Scenario, name: str, source: str) -> None:
    """Check that ``scenario`` is of game ``name`` (a command of one game given another's
    file).

    Raises:
        ForeignScenario: it belongs to another game.
    """
    found = scenario_game(scenario)
    if found != name:
        raise ForeignScenario(source, found, name)


def explain(error: BaseException, game: str | None) -> str:
    """``error`` as a sentence of game ``game`` (its explanation hook), else its message: an
    explanation that fails is never a traceback."""
    fallback = str(getattr(error, "message", "") or error)
    try:
        hook = get(game).explain_error if game is not None else None
        return str(hook(error)) if hook is not None else fallback
    except Exception:
        return fallback
