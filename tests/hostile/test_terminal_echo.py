"""No control character of user text reaches the terminal (issue 28, item 5): every command
prints through :func:`mrp_tutor.core.loader.printable` (``mrp-tutor`` wraps standard output and
error), so an astronaut named ``ESC[2J ESC]0;PWNED BEL`` cannot clear the screen or set the
window title, and a ship id in an intent cannot either."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from mrp_tutor.core.loader import PrintableStream, printable

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "mrp_tutor" / "games" / "first_martians" / "data" / "sample_round.yaml"
ATTACK = "\x1b[2J\x1b]0;PWNED\x07\u202e\x9b"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mrp_tutor.cli.main", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def controls(text: str) -> list[str]:
    return sorted({ch for ch in text if (ord(ch) < 0x20 and ch not in "\n\t")
                   or 0x7f <= ord(ch) <= 0x9f or ch == "\u202e"})


def test_printable_escapes_every_control_character() -> None:
    assert printable("Ada" + ATTACK) == "Ada\\x1b[2J\\x1b]0;PWNED\\x07\\u202e\\x9b"
    assert printable("a\nb\tc") == "a\\x0ab\\x09c"  # one field: even a line break
    assert printable("a\nb", keep="\n") == "a\nb"
    assert printable("Hellás · ok") == "Hellás · ok"


def test_a_stream_keeps_lines_and_escapes_the_rest() -> None:
    import io

    buf = io.StringIO()
    PrintableStream(buf).write("line 1\n" + ATTACK + "\rbar\n")
    assert buf.getvalue() == "line 1\n\\x1b[2J\\x1b]0;PWNED\\x07\\u202e\\x9b\rbar\n"


def test_fm_round_escapes_an_astronaut_name(tmp_path: Path) -> None:
    path = tmp_path / "round.yaml"
    text = SAMPLE.read_text(encoding="utf-8")
    # the events name an astronaut by its id (the sample's ids are colours): the id is echoed
    bad = '"red\\e]0;PWNED\\a\\u202e"'
    for was in ("first_player: red", "{id: red,", "astronaut: red,"):
        assert was in text
        text = text.replace(was, was.replace("red", bad))
    path.write_text(text, encoding="utf-8")
    out = run("fm", "round", str(path))
    assert "Red\\x1b]0;PWNED\\x07\\u202e discards" in out.stdout, out.stdout[:400]
    assert controls(out.stdout) == [] and controls(out.stderr) == []


def test_referee_legal_escapes_a_ship_id() -> None:
    scenario = ROOT / "scenarios" / "characters-recruiter.yaml"
    out = run("referee", "legal", str(scenario),
              '{"type": "board", "colour": "red", "ship": "s07\\u001b]0;PWNED\\u0007"}')
    assert "s07\\x1b]0;PWNED\\x07" in out.stdout + out.stderr, out
    assert controls(out.stdout) == [] and controls(out.stderr) == []


def test_a_refusal_echoes_a_file_name_escaped(tmp_path: Path) -> None:
    path = tmp_path / "bad\x1b[2J.yaml"
    path.write_text("id: [1\n", encoding="utf-8")
    out = run("referee", "final", str(path))
    assert out.returncode == 2 and "bad\\x1b[2J.yaml" in out.stderr, out.stderr
    assert controls(out.stderr) == []


def test_fm_round_names_the_board_file_it_refuses(tmp_path: Path) -> None:
    board = tmp_path / "my-board.yaml"
    board.write_text("- 1\n", encoding="utf-8")
    out = run("fm", "round", str(SAMPLE), "--board", str(board))
    assert out.returncode == 2
    assert out.stderr.startswith(f"INVALID {board}\n  document (line 1): "), out.stderr
