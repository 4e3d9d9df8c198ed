"""The app's access to the scenario library (:mod:`mrp_tutor.games.mission_red_planet.scenarios`).

Scenarios are :class:`~mrp_tutor.games.mission_red_planet.scenarios.Scenario` objects (``id``,
``title``, ``lesson``,
``steps``, ``quiz``, ``build()``); their steps are
:class:`~mrp_tutor.games.mission_red_planet.scenarios.model.Step`.
A library folder holding a broken file yields an empty list and a sentence for the status
area, never a traceback.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

from mrp_tutor.games.mission_red_planet.engine.errors import MrpError
from mrp_tutor.games.mission_red_planet.engine.intents import Intent, intent_from_dict
from mrp_tutor.games.mission_red_planet.scenarios import Scenario, library
from mrp_tutor.games.mission_red_planet.scenarios.model import Step

# The server's private folder (app/record.py's RECORD_ENV; not imported from there: the
# record imports the session, which imports this module)
RECORD_ENV = "MRP_RECORD_DIR"


def load_library() -> tuple[list[Scenario], str | None]:
    """(scenarios, problem sentence or None)."""
    try:
        return _server_cached_library(), None
    except MrpError as err:
        return [], f"The scenario library could not be loaded: {err.message}"
    except Exception as exc:  # a broken library must not break the app
        return [], f"The scenario library could not be loaded ({type(exc).__name__}: {exc})."


def _server_cached_library() -> list[Scenario]:
    """The library; served by :mod:`mrp_tutor.serve.server`, loaded once per server, not per kernel.

    Loading the 122 files (parse, validate, build each position) was about a third of
    building the app in every visitor's kernel.  The first kernel keeps what it loaded in
    the server's private folder (env ``MRP_RECORD_DIR``: mode 0700, the server's user only,
    removed when the server stops), under a key of the files' names, sizes and times; the
    next kernels read it back.  Each scenario's game data is left out (it is loaded again,
    from the cached card data, on first use).
    """
    folder = os.environ.get(RECORD_ENV, "")
    if not folder or not Path(folder).is_dir():
        return _prebuilt_library() or list(library())
    key = _library_key()
    if _PRELOADED and _PRELOADED[0][0] == key:  # forked from the server's kernel parent
        return list(_PRELOADED[0][1])
    cache = Path(folder) / f"library-{key}.pickle"
    try:
        got = pickle.loads(cache.read_bytes())  # written below by this server's own kernels
        if isinstance(got, list) and all(isinstance(sc, Scenario) for sc in got):
            return got
    except Exception:  # absent, or being written: load the files
        pass
    lib = _library_to_keep()
    tmp = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
    try:
        tmp.write_bytes(pickle.dumps(lib, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(tmp, cache)
    except OSError:
        tmp.unlink(missing_ok=True)
    return lib


_PRELOADED: list[tuple[str, list[Scenario]]] = []


def preload_library() -> None:
    """Load the library into this process for the kernels forked from it
    (:mod:`mrp_tutor.serve.fork`: each fork has it in memory, without reading it back)."""
    _PRELOADED[:] = [(_library_key(), _server_cached_library())]


def _library_key() -> str:
    """The library files' names, sizes and times, hashed."""
    from mrp_tutor.resources import scenarios_dir

    files = sorted(scenarios_dir().glob("*.yaml"))
    return hashlib.sha256(repr([(f.name, f.stat().st_size, f.stat().st_mtime_ns)
                                for f in files]).encode()).hexdigest()[:24]


#: the library as the static site's build loaded it (scripts/site_speed.py, by the site's own
#: Python; only the site's wheel ships it): a pickle of (the files' content key, the library)
PREBUILT = Path(__file__).resolve().parents[1] / "scenarios" / "_library.pickle"


def _content_key() -> str:
    """The library files' names and exact bytes, hashed."""
    from mrp_tutor.resources import scenarios_dir

    digest = hashlib.sha256()
    for f in sorted(scenarios_dir().glob("*.yaml")):
        digest.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return digest.hexdigest()


def _prebuilt_library() -> list[Scenario] | None:
    """The build's library when it was loaded from exactly these files (the static site:
    loading the 124 files is about half a second of every visit there), else None."""
    try:
        key, lib = pickle.loads(PREBUILT.read_bytes())  # this package's own file
    except Exception:  # absent (every other install) or unreadable: load the files
        return None
    if key != _content_key() or not isinstance(lib, list) or not all(
            isinstance(sc, Scenario) for sc in lib):
        return None
    from mrp_tutor.resources import scenarios_dir

    here = scenarios_dir()
    for sc in lib:  # the files where this install has them (the build read another copy)
        if sc.path is not None:
            sc.path = here / sc.path.name
    return lib


def prebuilt_library() -> bytes:
    """What :data:`PREBUILT` holds, from the files here (the static site's build).

    Raises:
        ContentError: a library file is wrong (the build fails, as the app would say).
    """
    return pickle.dumps((_content_key(), _library_to_keep()), protocol=pickle.HIGHEST_PROTOCOL)


def _library_to_keep() -> list[Scenario]:
    """The library loaded from the files, each scenario's game data left out to be kept (it
    is loaded again, from the card data, on first use)."""
    lib = list(library())
    for sc in lib:
        sc._spec = None
    return lib


def step_intent(step: Step) -> Intent | None:
    """The intent of one scenario step; None for ``advance: true`` or a look at the position.

    Raises:
        MalformedIntent: the step does not hold a valid intent.
    """
    return None if step.intent is None else intent_from_dict(step.intent)


def step_expected_error(step: Step) -> str | None:
    """The error code a step expects (a lesson about an illegal move), if any."""
    return step.expect.error.code if step.expect.error is not None else None
