"""Share codes (``MRP1:...``, the Table tab's and ``mrp-tutor referee ... CODE``) go through the
hardened loader: depth, size, duplicate keys, numbers, strict integers, and exact framing (the
canonical base64 of one zlib stream of one JSON document, nothing before or after).  Every
refusal is a sentence naming its field, in the command line and in the app."""

from __future__ import annotations

import base64
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest
from testkit.app_widgets import base_app
from testkit.share_codes import midgame_table_doc, packed

from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.scenarios.table_file import (
    CODE_PREFIX,
    decode_table,
    encode_table,
    load_table,
)
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp

ROOT = Path(__file__).resolve().parents[2]
DEEP = packed(b'{"position":' + b"[" * 1000 + b"]" * 1000 + b"}")  # 57 characters


@pytest.fixture(scope="module")
def good() -> str:
    return encode_table(midgame_table_doc(load_spec(use_env_overrides=False)))


def refusal(code: str) -> str:
    with pytest.raises(ContentError) as err:
        load_table(decode_table(code, "table code"), "table code")
    assert err.value.source == "table code"
    return "; ".join(err.value.problems)


def test_a_deep_code_is_refused_at_its_field() -> None:
    said = refusal(DEEP)
    assert said.startswith("position[0][0]") and "nested deeper than 32 levels" in said


@pytest.mark.parametrize(("what", "make", "words"), [
    ("duplicate key", lambda g: packed(b'{"players":["red","blue","green"],"players":["red"]}'),
     "the key 'players' is given twice"),
    ("huge number", lambda g: packed(b'{"position":{"round":' + b"9" * 40 + b"}}"),
     "position.round: a number of 40 digits"),
    ("boolean round", lambda g: packed(b'{"players":["red","blue","green"],'
                                       b'"position":{"round":true}}'), "position.round"),
    ("trailing base64", lambda g: g + "QUJD", "code: the code"),
    ("extra padding", lambda g: g + "==", "code: the code"),
    ("unpadded", lambda g: g.rstrip("=") + "A", "code: the code"),
    ("padding inside", lambda g: g[:-4] + "=" + g[-3:], "damaged"),
    ("second zlib stream", lambda g: packed(zlib.decompress(base64.urlsafe_b64decode(
        g[len(CODE_PREFIX):])), zlib.compress(b'{"players":["red"]}')), "after its end"),
    ("garbage after the stream", lambda g: packed(zlib.decompress(base64.urlsafe_b64decode(
        g[len(CODE_PREFIX):])), b"\x00"), "after its end"),
    ("not UTF-8", lambda g: packed(b'{"title":"\xff"}'), "not UTF-8"),
    ("not JSON", lambda g: packed(b"{'a': 1}"), "not JSON"),
    ("NaN", lambda g: packed(b'{"position":{"round":NaN}}'), "not a finite number"),
])
def test_hostile_codes_are_refused_with_the_field_named(good: str, what: str, make: Any,
                                                        words: str) -> None:
    said = refusal(make(good))
    assert words in said, (what, said)


def test_the_good_code_still_loads(good: str) -> None:
    assert load_table(decode_table(good)).build().state.round >= 1


def test_the_command_line_says_the_field_not_a_traceback() -> None:
    out = subprocess.run([sys.executable, "-m", "mrp_tutor.cli.main", "referee", "final", DEEP],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr and "RecursionError" not in out.stderr
    assert out.stderr.startswith("INVALID table code\n  position[0][0]"), out.stderr
    assert "nested deeper than 32 levels" in out.stderr


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> TutorApp:
    a = base_app(monkeypatch, tmp_path)
    a.mode.value = "Referee"
    a.tabs.selected_index = list(a.tabs.titles).index("Table")  # built when first shown
    return a


def test_the_table_tab_says_the_field_not_something_went_wrong(app: TutorApp) -> None:
    tab = app.panel("Table")
    tab.code_in.value = DEEP
    tab.code_btn.click()
    said = app.status_text()
    assert "Something went wrong" not in said and "RecursionError" not in said, said
    assert "Not loaded: Position[0][0]" in said and "nested deeper than 32 levels" in said, said
    tab.code_in.value = packed(b'{"players":["red","blue","green"],"position":{"round":true}}')
    tab.code_btn.click()
    said = app.status_text()
    assert "Not loaded: Round:" in said and "valid integer" in said, said
