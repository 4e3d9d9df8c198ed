"""``mrp-tutor app``, ``tutorials`` and ``--version`` (mrp_tutor/cli/serve.py, cli.py), without
starting a server; tests/browser/test_installed_package.py runs them from installed wheels."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from mrp_tutor import resources
from mrp_tutor.cli import serve as cli_serve
from mrp_tutor.cli.main import build_parser, main
from mrp_tutor.games.mission_red_planet.engine import ENGINE
from mrp_tutor.serve import server as serve

REPO = Path(__file__).resolve().parents[1]


def _args(*argv: str) -> argparse.Namespace:
    args, extra = build_parser().parse_known_args(list(argv))
    args.extra = extra
    return args


def test_resources_find_the_notebooks_of_the_checkout() -> None:
    assert resources.app_notebook() == REPO / "notebooks" / "app.ipynb"
    assert resources.tutorials_dir() == REPO / "notebooks" / "tutorials"
    assert resources.app_notebook() == serve.APP_NOTEBOOK


def test_app_maps_its_options_onto_the_hardened_server() -> None:
    argv = cli_serve.app_argv(_args("app", "--port", "9001", "--pool", "3", "--max-kernels",
                                    "5", "--Voila.base_url=/mrp/"))
    assert argv[0] == str(resources.app_notebook())
    assert argv[1:] == ["--Voila.ip=127.0.0.1", "--port=9001", "--pool_size=3",
                        "--TutorVoila.max_kernels=5", "--no-browser", "--Voila.base_url=/mrp/"]
    # serve.py adds its defaults only for what is not given: no option twice
    full = serve.with_defaults(argv)
    keys = [a.split("=", 1)[0] for a in full if a.startswith("--")]
    assert len(keys) == len(set(keys))
    assert "--preheat_kernel=True" in full and "--strip_sources=True" in full
    no_pool = cli_serve.app_argv(_args("app", "--pool", "0", "--browser"))
    assert "--preheat_kernel=False" in no_pool and "--no-browser" not in no_pool


@pytest.mark.parametrize("argv, words", [
    (["app", "--port", "0"], "not a port number"),
    (["app", "--pool", "-1"], "below 0"),
    (["app", "other.ipynb"], "serves its own notebook"),
    (["rules", "launch", "--bogus"], "unrecognized arguments: --bogus"),
])
def test_bad_options_are_refused_with_a_sentence(capsys: pytest.CaptureFixture[str],
                                                 argv: list[str], words: str) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_version_names_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("mrp-tutor 0.") and out.endswith(f"engine: {ENGINE})")
    assert "\n" not in out


def test_tutorials_copy_keeps_the_users_edits(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    shipped = sorted(p.name for p in resources.tutorials_dir().glob("*.ipynb"))
    assert main(["tutorials", "--dir", str(tmp_path / "t"), "--copy-only"]) == 0
    assert sorted(p.name for p in (tmp_path / "t").iterdir()) == shipped
    (tmp_path / "t" / shipped[0]).write_text("mine")
    assert main(["tutorials", "--dir", str(tmp_path / "t"), "--copy-only"]) == 0
    assert (tmp_path / "t" / shipped[0]).read_text() == "mine"
    assert f"{len(shipped)} already there kept" in capsys.readouterr().out
    assert main(["tutorials", "--dir", str(tmp_path / "t"), "--copy-only", "--refresh"]) == 0
    assert (tmp_path / "t" / shipped[0]).read_bytes() == (
        resources.tutorials_dir() / shipped[0]).read_bytes()


@pytest.mark.parametrize("inside", [lambda: resources.package_dir() / "mine",
                                    lambda: resources.tutorials_dir()])
def test_tutorials_never_write_into_the_package(inside, capsys) -> None:
    before = sorted(resources.package_dir().rglob("*.ipynb"))
    assert main(["tutorials", "--dir", str(inside()), "--copy-only"]) == 2
    assert "choose a folder of your own" in capsys.readouterr().err
    assert sorted(resources.package_dir().rglob("*.ipynb")) == before
    assert not (resources.package_dir() / "mine").exists()


def test_tutorials_without_jupyterlab_say_how_to_get_it(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.setattr(cli_serve.importlib.util, "find_spec", lambda name: None)
    assert main(["tutorials", "--dir", str(tmp_path)]) == 2
    assert "mrp-tutor[tutorials]" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("uid, allow", [(0, True), (1000, False)])
def test_jupyterlab_is_allowed_to_run_as_root(monkeypatch, tmp_path, uid, allow) -> None:
    monkeypatch.setattr(cli_serve.os, "geteuid", lambda: uid)
    cmd = cli_serve.lab_command(tmp_path, _args("tutorials", "--port", "9002", "--no-browser",
                                                "--IdentityProvider.token=x"))
    assert cmd[1:4] == ["-m", "jupyterlab", str(tmp_path)]
    assert ("--allow-root" in cmd) is allow
    assert "--ServerApp.port=9002" in cmd and cmd[-1] == "--IdentityProvider.token=x"


def test_tutorials_start_jupyterlab_in_the_copy(monkeypatch, tmp_path) -> None:
    ran: list[list[str]] = []
    monkeypatch.setattr(cli_serve.importlib.util, "find_spec", lambda name: object())
    monkeypatch.setattr(cli_serve.os, "execv", lambda exe, cmd: ran.append(cmd))
    monkeypatch.setattr(cli_serve.os, "chdir", lambda folder: ran.append([str(folder)]))
    assert main(["tutorials", "--dir", str(tmp_path / "lab")]) == 0
    assert ran[0] == [str(tmp_path / "lab")]
    assert ran[1][1:4] == ["-m", "jupyterlab", str(tmp_path / "lab")]


def test_scenario_check_without_paths_runs_the_library(capsys) -> None:
    count = len(list(resources.scenarios_dir().glob("*.yaml")))
    assert main(["scenario", "check", "-q"]) == 0
    assert f"{count} of {count} scenario files passed" in capsys.readouterr().out


@pytest.fixture
def taken_port():
    """A port something on this machine listens on."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


def test_a_busy_port_is_one_sentence_and_exit_1(monkeypatch, tmp_path, capsys,
                                                taken_port) -> None:
    """Issue 36: no URL banner, no "trying another port", no CRITICAL line: a sentence."""
    started: list[object] = []
    monkeypatch.setattr(serve, "main", lambda argv: started.append(argv))
    assert main(["app", "--port", str(taken_port)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and started == []
    assert err.count("\n") == 1 and f"port {taken_port} on 127.0.0.1 is already in use" in err
    ran: list[object] = []
    monkeypatch.setattr(cli_serve.importlib.util, "find_spec", lambda name: object())
    monkeypatch.setattr(cli_serve.os, "execv", lambda exe, cmd: ran.append(cmd))
    assert main(["tutorials", "--dir", str(tmp_path / "lab"), "--port", str(taken_port)]) == 1
    out, err = capsys.readouterr()
    assert ran == [] and out == "" and err.count("\n") == 1
    assert f"port {taken_port} on 127.0.0.1 is already in use" in err


def test_a_free_port_starts_the_server(monkeypatch, capsys) -> None:
    started: list[list[str]] = []
    monkeypatch.setattr(serve, "main", lambda argv: started.append(argv))
    monkeypatch.setattr(cli_serve, "port_in_use", lambda host, port: False)
    assert main(["app", "--port", "9011"]) == 0
    assert "--port=9011" in started[0] and "http://127.0.0.1:9011/" in capsys.readouterr().out


def test_the_app_notebook_is_not_called_untrusted() -> None:
    import logging

    record = logging.LogRecord("x", logging.WARNING, __file__, 1,
                               "Notebook %s is not trusted", ("app.ipynb",), None)
    assert serve.quiet_trust(record) is False
    other = logging.LogRecord("x", logging.WARNING, __file__, 1, "kernel %s", ("k",), None)
    assert serve.quiet_trust(other) is True
