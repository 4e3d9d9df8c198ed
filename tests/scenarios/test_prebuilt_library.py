"""The scenario library as the static site's build loaded it (ui/scenario_glue.PREBUILT, written by
scripts/site_speed.py): used for exactly the files it was loaded from, the same library as
loading them; any other files (or none shipped: every other install) are loaded as always."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.engine import ContentError
from mrp_tutor.games.mission_red_planet.ui import scenario_glue
from mrp_tutor.resources import scenarios_dir


@pytest.fixture
def prebuilt(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.delenv(scenario_glue.RECORD_ENV, raising=False)  # not the server's cache
    path = tmp_path / "_library.pickle"
    monkeypatch.setattr(scenario_glue, "PREBUILT", path)
    return path


def _summary(lib: list[Any]) -> list[tuple[str, Any, Any]]:
    return [(sc.id, sc.doc, sc.path) for sc in lib]


def test_the_build_library_is_used_for_exactly_its_files(
        prebuilt: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    loaded, problem = scenario_glue.load_library()  # nothing shipped: the files, as always
    assert problem is None and loaded
    prebuilt.write_bytes(scenario_glue.prebuilt_library())
    real_library = scenario_glue.library
    calls: list[int] = []

    def counted() -> list[Any]:
        calls.append(1)
        return list(real_library())

    monkeypatch.setattr(scenario_glue, "library", counted)
    got, problem = scenario_glue.load_library()
    assert problem is None and calls == []  # the files were not loaded again
    assert _summary(got) == _summary(loaded)  # the same scenarios, where these files are
    assert all(sc.path is None or sc.path.parent == scenarios_dir() for sc in got)
    # the lesson's position is the one the files give
    assert got[0].build().state == loaded[0].build().state

    # other files than the build's (one changed): loaded as always, not the build's copy
    monkeypatch.setattr(scenario_glue, "_content_key", lambda: "another")
    again, _ = scenario_glue.load_library()
    assert calls == [1] and _summary(again) == _summary(loaded)


def test_a_broken_library_fails_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> list[Any]:
        raise ContentError("scenarios", ["bad.yaml: stage: not a stage"])

    monkeypatch.setattr(scenario_glue, "library", broken)
    with pytest.raises(ContentError):
        scenario_glue.prebuilt_library()


def test_an_unreadable_file_is_ignored(prebuilt: Path) -> None:
    prebuilt.write_bytes(b"not a pickle")
    got, problem = scenario_glue.load_library()
    assert problem is None and got
