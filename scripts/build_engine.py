"""Compile the engine's hot modules with mypyc, in place (``make setup`` / ``make setup-app``).

    .venv/bin/python scripts/build_engine.py [--clean] [--jobs N]

The compiled modules (``*.so`` next to their ``.py``; git-ignored) take precedence on import;
without them (no C compiler, no mypy, a failed build, ``--clean``) the same ``.py`` files run
as plain Python, only slower.  ``mrp_tutor.games.mission_red_planet.engine.COMPILED`` says which
one is in use.

Compiled: the game state, events, intents, the rules that run during play (flow, legal
intents, phases, effects, rulesets, bots).  A ruleset may still be a plain-Python subclass of
``Rules`` (see tests/testkit/toy_ruleset).  Left as Python: the pydantic content models and what
validates or loads (content, spec, codec, checks, loading), ``rng`` (a subclass of
``random.Random``: compiled, it crashes), and the small rest (views, errors, secrecy, native).
On any failure the build removes what it built and exits 0 with a warning (the plain-Python
engine still runs), or 1 with ``--strict``.

A successful build writes ``mrp_tutor/games/mission_red_planet/engine/_native_build.txt``: the
digest of the engine's
sources it compiled (mrp_tutor/games/mission_red_planet/engine/native.py runs the compiled modules
only while the
sources still have that digest).  The compiled wheel (hatch_build.py, ``make wheels``) runs
:func:`build` on a copy of the package.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "mrp_tutor" / "games" / "mission_red_planet" / "engine"


def ruleset_modules(engine: Path = ENGINE) -> list[str]:
    """Every module of the rulesets (``rulesets/*.py`` and each ruleset package's), found here
    so that a new ruleset is compiled without a line in this script; a module of pydantic
    models (a ruleset's typed data, e.g. its sheets) stays Python, like the content models."""
    found = [*(engine / "rulesets").glob("*.py"), *(engine / "rulesets").glob("*/*.py")]
    return sorted(p.relative_to(engine).as_posix() for p in found
                  if "pydantic" not in p.read_text())


#: modules compiled (paths relative to mrp_tutor/games/mission_red_planet/engine)
MODULES = [
    "state.py", "event_base.py", "events.py", "round_events.py", "ship_events.py",
    "phase_events.py", "ability_events.py", "intents.py", "basics.py", "flow.py", "legal.py",
    "game.py", "bots.py", "greedy.py", "heuristics.py", "appeal.py", "determinize.py", "search.py",
    *sorted(f"phases/{p.name}" for p in (ENGINE / "phases").glob("*.py")
            if p.name != "__init__.py"),
    *sorted(f"effects/{p.name}" for p in (ENGINE / "effects").glob("*.py")
            if p.name != "__init__.py"),
    *ruleset_modules(),
]
GROUP = "mrp_engine_native"  # their shared library: mrp_engine_native__mypyc.*.so (top level)
STAMP = "_native_build.txt"  # mrp_tutor.games.mission_red_planet.engine.native.BUILD_STAMP


def source_digest(folder: Path) -> str:
    """The engine's ``native.source_digest`` (same bytes; this script imports no engine)."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*.py"), key=lambda p: p.relative_to(folder).as_posix()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def built(root: Path = ROOT) -> list[Path]:
    """Every compiled file of the engine under ``root`` (its modules, and their shared library
    at the top: mrp_tutor/games/mission_red_planet/engine/native.py looks for it there)."""
    engine = root / "mrp_tutor" / "games" / "mission_red_planet" / "engine"
    return sorted([*(p for p in engine.rglob("*") if p.suffix in (".so", ".pyd")),
                   *(p for p in root.glob(f"{GROUP}__mypyc.*") if p.suffix in (".so", ".pyd"))])


def clean(root: Path = ROOT) -> None:
    for p in built(root):
        p.unlink()
    (root / "mrp_tutor" / "games" / "mission_red_planet" / "engine" / STAMP).unlink(missing_ok=True)


_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
paths = sys.argv[1:]
sys.argv = [sys.argv[0], "build_ext", "--inplace", "--parallel", "{jobs}",
            "--build-temp", {temp!r}]
setup(name="mrp_tutor_engine", packages=[], py_modules=[], ext_modules=mypycify(
    ["--no-warn-unused-configs", *paths], opt_level="3", multi_file=True,
    group_name={group!r}, target_dir={temp!r}))
"""


def build(jobs: int, verbose: bool, root: Path = ROOT) -> bool:
    """Compile :data:`MODULES` in place under ``root`` (a checkout, or a copy of its
    ``mrp_tutor``); True when done."""
    clean(root)
    engine = root / "mrp_tutor" / "games" / "mission_red_planet" / "engine"
    # the digest of the sources as they are now, before compiling: a source edited while the
    # build runs then differs from the stamp, and native.py runs the sources (not a stale build)
    digest = source_digest(engine)
    with tempfile.TemporaryDirectory(prefix="mrp-mypyc-") as temp:
        script = Path(temp) / "setup_engine.py"
        script.write_text(_SETUP.format(jobs=jobs, temp=temp, group=GROUP))
        cmd = [sys.executable, str(script),
               *(f"mrp_tutor/games/mission_red_planet/engine/{m}" for m in MODULES)]
        env = {**os.environ, "MYPY_CACHE_DIR": str(Path(temp) / "mypy_cache")}
        res = subprocess.run(cmd, cwd=root, env=env, capture_output=not verbose, text=True)
        if res.returncode != 0:
            if not verbose:
                sys.stderr.write((res.stdout or "")[-3000:] + (res.stderr or "")[-3000:])
            clean(root)
            return False
    shutil.rmtree(root / "build", ignore_errors=True)
    (engine / STAMP).write_text(digest + "\n", encoding="ascii")
    return bool(built(root))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="parallel C compilations (default: the CPU count)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when the build fails")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    if args.clean:
        clean()
        print(">>> engine: compiled modules removed (pure Python)")
        return 0
    start = time.perf_counter()
    try:
        ok = build(args.jobs, args.verbose)
    except OSError as err:  # no compiler, ...
        print(f"build failed: {err}", file=sys.stderr)
        clean()
        ok = False
    if ok:
        print(f">>> engine compiled with mypyc ({len(MODULES)} modules, "
              f"{time.perf_counter() - start:.0f} s)")
        return 0
    print("WARNING: compiling the engine with mypyc failed; it runs as plain Python (slower).",
          file=sys.stderr)
    return 1 if args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
