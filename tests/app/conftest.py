"""Shared fixtures of the app tests: the base card data, and apps built on it whose card
corrections go to a temporary file (never the operator's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mrp_tutor.app import build_app
from mrp_tutor.app.ui import TutorApp
from mrp_tutor.engine import load_spec


@pytest.fixture(scope="module")
def spec() -> Any:
    return load_spec(use_env_overrides=False)


@pytest.fixture
def make_app(spec: Any, monkeypatch: pytest.MonkeyPatch,
             tmp_path: Any) -> Callable[[int], TutorApp]:
    """``make_app(seed)``: the app on the base data, its first game seeded."""
    monkeypatch.setenv("MRP_TUTOR_OVERRIDES", str(tmp_path / "overrides.yaml"))
    return lambda seed: build_app(spec=spec, seed=seed)
