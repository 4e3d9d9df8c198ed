"""Only regular files are read (issue 41, item 2): a named pipe, a device or a folder given
where a file belongs gets a sentence at once (a named pipe hung the command line, waiting for
a writer), and a file that is not a scenario or a HUB state is said to be none, without its
content (a link to a system file was refused with each of its keys listed, one per line).

The command line runs in a subprocess with a time limit, so a hang is a failed test."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from mrp_tutor.core.errors import ContentError
from mrp_tutor.core.loader import file_kind, read_text
from mrp_tutor.games.mission_red_planet.simulation.results_file import ResultsError, load_results

ROOT = Path(__file__).resolve().parents[2]
# Shaped like /etc/nsswitch.conf: every line a key and a value, so it parses as a mapping.
SYSTEM_LIKE = "".join(f"private_{k}:   files secret_{k}_value\n"
                      for k in ("passwd", "group", "shadow", "hosts", "services"))
SYSTEM_FILES = ["/etc/passwd", "/etc/nsswitch.conf", "/etc/group", "/etc/hosts"]


def cli(*args: str) -> str:
    """``mrp-tutor`` (20 s at most: a hang fails the test); what it printed."""
    done = subprocess.run([sys.executable, "-m", "mrp_tutor.cli.main", *args],
                          capture_output=True, text=True, timeout=20, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode in (1, 2), (done.returncode, done.stdout, done.stderr[-500:])
    assert "Traceback" not in done.stderr
    return done.stdout + done.stderr


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    return path


def _in_thread(fn: object, *args: object) -> BaseException | None:
    """Run ``fn(*args)`` with 10 s to end (a blocked open fails the test, not the suite)."""
    caught: list[BaseException | None] = [None]

    def run() -> None:
        try:
            fn(*args)  # type: ignore[operator]
        except BaseException as err:
            caught[0] = err

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive(), "the read is still waiting"
    return caught[0]


@pytest.mark.parametrize(("name", "said"), [
    ("pipe", "file: a named pipe, not a file; only files are read"),
    ("/dev/zero", "file: a device, not a file; only files are read"),
    ("/dev/null", "file: a device, not a file; only files are read"),
    ("folder", "file: a folder, not a file; only files are read"),
])
def test_only_regular_files_are_read(tmp_path: Path, fifo: Path, name: str, said: str) -> None:
    path = {"pipe": fifo, "folder": tmp_path}.get(name, Path(name))
    err = _in_thread(read_text, path)
    assert isinstance(err, ContentError) and err.problems == [said], err


def test_a_link_to_a_named_pipe_is_a_named_pipe(tmp_path: Path, fifo: Path) -> None:
    link = tmp_path / "link.yaml"
    link.symlink_to(fifo)
    assert file_kind(link) == "a named pipe"
    assert file_kind(tmp_path) == "a folder" and file_kind(Path("/dev/null")) == "a device"
    target = tmp_path / "plain.yaml"
    target.write_text("a: 1\n", encoding="utf-8")
    link.unlink()
    link.symlink_to(target)
    assert file_kind(link) is None and read_text(link) == "a: 1\n"


@pytest.mark.parametrize("command", [("referee", "final"), ("fm", "round"),
                                     ("scenario", "check")])
def test_the_command_line_says_what_a_pipe_or_device_is_without_waiting(
        fifo: Path, command: tuple[str, str]) -> None:
    for path, kind in ((fifo, "a named pipe"), (Path("/dev/zero"), "a device")):
        said = cli(*command, str(path))
        assert f"{kind}, not a" in said, said


def test_a_results_file_that_is_a_pipe_is_said_to_be_one(fifo: Path) -> None:
    piped = fifo.with_name("pipe.csv")
    fifo.rename(piped)
    err = _in_thread(load_results, piped)
    assert isinstance(err, ResultsError) and str(err) == "pipe.csv: a named pipe, not a " \
        "results file.", err


@pytest.mark.parametrize(("command", "kind"), [
    (("referee", "final"), "a scenario"), (("scenario", "check"), "a scenario"),
    (("fm", "round"), "a HUB state")])
def test_a_link_to_a_system_file_is_refused_without_its_content(
        tmp_path: Path, command: tuple[str, str], kind: str) -> None:
    system = tmp_path / "system.conf"
    system.write_text(SYSTEM_LIKE, encoding="utf-8")
    link = tmp_path / "game.yaml"
    link.symlink_to(system)
    said = cli(*command, str(link))
    assert f"not {kind}: none of its 5 keys is one {kind} has" in said, said
    assert "private_" not in said and "secret_" not in said, said
    for real in SYSTEM_FILES:  # the machine's own files: none of their lines comes back
        if not os.access(real, os.R_OK):
            continue
        link.unlink()
        link.symlink_to(real)
        said = cli(*command, str(link))
        for line in Path(real).read_text(encoding="utf-8", errors="replace").splitlines():
            key = line.split(":")[0].strip()
            if len(key) > 3 and not line.lstrip().startswith("#"):
                assert f"{key}:" not in said.replace(f"{link}:", ""), (real, key, said)


def test_a_document_with_one_known_key_still_gets_its_problems_located(tmp_path: Path) -> None:
    path = tmp_path / "typo.yaml"
    path.write_text("id: t\ntitel: t\n", encoding="utf-8")
    said = cli("referee", "final", str(path))
    assert "titel" in said and "not a scenario" not in said, said
