"""Which engine runs (mrp_tutor/games/mission_red_planet/engine/native.py): the compiled modules
only while the engine's
sources have the digest the build recorded (scripts/build_engine.py writes it; the compiled
wheel carries it, where file times are the install's and say nothing)."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
from pathlib import Path

from mrp_tutor.games.mission_red_planet.engine import native

REPO = Path(__file__).resolve().parents[2]
EXT = importlib.machinery.EXTENSION_SUFFIXES[0]  # a compiled module's suffix here


def _build_engine():
    spec = importlib.util.spec_from_file_location("_build_engine", REPO / "scripts" /
                                                  "build_engine.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_build_and_the_engine_compute_the_same_digest() -> None:
    build = _build_engine()
    assert build.STAMP == native.BUILD_STAMP
    assert build.source_digest(native.HERE) == native.source_digest(native.HERE)


def test_a_stamp_decides_staleness_whatever_the_file_times(tmp_path, monkeypatch) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "state.py").write_text("x = 1\n")
    (tmp_path / "sub" / "flow.py").write_text("y = 2\n")
    lib = tmp_path / f"state{EXT}"
    lib.write_bytes(b"")
    monkeypatch.setattr(native, "HERE", tmp_path)
    # an install writes the sources after the library: file times would call it stale
    os.utime(lib, (1_000_000, 1_000_000))
    (tmp_path / native.BUILD_STAMP).write_text(native.source_digest(tmp_path) + "\n")
    assert native.stale() is False
    (tmp_path / "sub" / "flow.py").write_text("y = 3\n")  # an edit after the build
    os.utime(tmp_path / "sub" / "flow.py", (0, 0))  # even one that looks older
    assert native.stale() is True


def test_without_a_stamp_file_times_decide(tmp_path, monkeypatch) -> None:
    (tmp_path / "state.py").write_text("x = 1\n")
    lib = tmp_path / f"state{EXT}"
    lib.write_bytes(b"")
    monkeypatch.setattr(native, "HERE", tmp_path)
    os.utime(tmp_path / "state.py", (1_000, 1_000))
    os.utime(lib, (2_000, 2_000))
    assert native.stale() is False
    os.utime(tmp_path / "state.py", (3_000, 3_000))
    assert native.stale() is True
