"""The installed route (issue 29): the wheels built from this checkout, installed into clean
virtual environments outside it (tests/browser/installed.py), used as a referee or a teacher
would: ``mrp-tutor --version``, ``scenario check``, ``tutorials`` and ``app`` in a browser.
"""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import REPO_ROOT, AppDriver, PageLog, _free_port, run_server
from .installed import DROPPED_ENV, Installed, clean_env
from .installed import installed as installed  # the session fixture every test here uses
from .test_app_flow import STEP_TIMEOUT_MS, click_next, open_app

pytestmark = pytest.mark.browser

TUTORIALS = sorted(p.name for p in (REPO_ROOT / "notebooks" / "tutorials").glob("*.ipynb"))
# run here under nbval (the main suite runs them all from the checkout): each finds its files
# another way (the lessons' scenarios, resources.scenarios_dir(), a path beside a module)
RUN_HERE = ("01-setup.ipynb", "08-two-player-variant.ipynb", "09-first-martians-round.ipynb")
SCENARIOS = sorted((REPO_ROOT / "scenarios").glob("*.yaml"))


def _names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as z:
        return set(z.namelist())


def test_both_wheels_carry_the_app_tutorials_widgets_scenarios_and_data(
        installed: Installed) -> None:
    pure, compiled = _names(installed.pure_wheel), _names(installed.compiled_wheel)
    shipped = {
        "mrp_tutor/_notebooks/app.ipynb",
        *(f"mrp_tutor/_notebooks/tutorials/{n}" for n in TUTORIALS),
        *(f"mrp_tutor/_widgets/{p.name}" for p in (REPO_ROOT / "widgets").iterdir()
          if p.is_file()),
        *(f"mrp_tutor/_scenarios/{p.name}" for p in SCENARIOS),
        "mrp_tutor/_scenarios/schema.json",
        "mrp_tutor/games/mission_red_planet/data/base/rules.yaml",
        "mrp_tutor/games/mission_red_planet/data/results/games.parquet",
        "mrp_tutor/games/first_martians/data/sample_round.yaml",
        "mrp_tutor/serve/icons/favicon.ico",  # the server's icon (mrp_tutor/serve/static.py)
        "mrp_tutor/serve/icons/favicon.svg",
    }
    assert len(TUTORIALS) >= 10 and len(SCENARIOS) > 50
    assert shipped <= pure, sorted(shipped - pure)
    assert shipped <= compiled, sorted(shipped - compiled)
    assert not any(n.endswith((".so", ".pyd")) for n in pure)
    assert "mrp_tutor/games/mission_red_planet/engine/_native_build.txt" not in pure
    libs = {n for n in compiled if n.endswith(".so")}
    assert any(n.startswith("mrp_engine_native__mypyc.") for n in libs)
    assert any(n.startswith("mrp_tutor/games/mission_red_planet/engine/state.") for n in libs)
    assert "mrp_tutor/games/mission_red_planet/engine/_native_build.txt" in compiled
    assert installed.pure_wheel.name.endswith("-py3-none-any.whl")
    assert re.search(r"-cp3\d+-cp3\d+-[a-z0-9_]+\.whl$", installed.compiled_wheel.name)
    assert compiled - pure == libs | {"mrp_tutor/games/mission_red_planet/engine/_native_build.txt"}


def test_each_venv_imports_its_own_installed_package(installed: Installed) -> None:
    for venv in (installed.venv, installed.pure_venv):
        out = subprocess.run(
            [str(installed.bin("python", venv)), "-c",
             "import mrp_tutor; print(mrp_tutor.__file__)"],
            cwd=installed.home, capture_output=True, text=True, check=True,
            env=clean_env())
        where = Path(out.stdout.strip())
        assert venv in where.parents, where
        assert REPO_ROOT not in where.parents


def test_version_names_the_engine(installed: Installed) -> None:
    compiled = installed.run("--version").stdout
    assert compiled.startswith("mrp-tutor 0.") and "engine: compiled with mypyc" in compiled
    pure = installed.run("--version", venv=installed.pure_venv).stdout
    assert "engine: plain Python (this installation has no compiled engine" in pure


@pytest.mark.parametrize("which", ["compiled", "pure"])
def test_scenario_check_runs_the_packaged_library(installed: Installed, which: str) -> None:
    venv = installed.venv if which == "compiled" else installed.pure_venv
    res = installed.run("scenario", "check", "-q", venv=venv)
    assert f"{len(SCENARIOS)} of {len(SCENARIOS)} scenario files passed" in res.stdout


#: what the extras bring (pyproject.toml): none of it is in the core install
HEAVY = ("voila", "jupyter_server", "ipykernel", "dask", "distributed", "pyarrow", "matplotlib",
         "pandas", "tqdm", "tornado", "numpy")


def test_the_core_install_runs_the_engine_rules_and_scenarios_without_extras(
        installed: Installed) -> None:
    """Issue 39: ``pip install mrp-tutor`` with no extra (what the browser demo ships) gives a
    working engine, rule look-ups and scenario checks; the server and the simulation say in a
    sentence which extra they need."""
    py = installed.bin("python", installed.core_venv)
    probe = ("import importlib.util, json, sys; "
             f"print(json.dumps([m for m in {HEAVY!r} if importlib.util.find_spec(m)]))")
    out = subprocess.run([str(py), "-c", probe], cwd=installed.home, capture_output=True,
                         text=True, check=True, env=clean_env())
    assert json.loads(out.stdout) == [], "the core install pulled in an extra's library"
    game = subprocess.run(
        [str(py), "-c",
         "import sys\n"
         "from mrp_tutor.games.mission_red_planet.engine import load_spec\n"
         "from mrp_tutor.games.mission_red_planet.engine.bots import bot_game\n"
         "g = bot_game(load_spec(), ['red', 'blue', 'green'], seed=3, bot='greedy')\n"
         "print(g.state.stage, len(g.log), 'pandas' in sys.modules)"],
        cwd=installed.home, capture_output=True, text=True, env=clean_env(), timeout=600)
    assert game.returncode == 0, game.stderr[-3000:]
    stage, events, pandas = game.stdout.split()
    assert stage == "over" and int(events) > 100 and pandas == "False", game.stdout
    rules = installed.run("rules", "ship", "launch", venv=installed.core_venv)
    assert rules.stdout.count(" — ") >= 3, rules.stdout
    res = installed.run("scenario", "check", "-q", venv=installed.core_venv)
    assert f"{len(SCENARIOS)} of {len(SCENARIOS)} scenario files passed" in res.stdout
    for cmd, extra in ((("app", "--port", "1"), "serve"), (("simulate", "--games", "1"),
                                                          "simulate")):
        refused = installed.run(*cmd, venv=installed.core_venv, check=False)
        assert refused.returncode == 2, refused.stderr
        assert "needs the full app" in refused.stderr
        assert f"pip install 'mrp-tutor[{extra}]'" in refused.stderr
        assert "Traceback" not in refused.stderr


def _package_files(installed: Installed) -> dict[str, float]:
    pkg = next((installed.venv / "lib").glob("python3*/site-packages/mrp_tutor"))
    return {str(p.relative_to(pkg)): p.stat().st_mtime for p in pkg.rglob("*")
            if "__pycache__" not in p.parts}


def test_tutorials_copy_out_of_the_package_and_run_under_nbval(installed: Installed,
                                                                 tmp_path: Path) -> None:
    before = _package_files(installed)
    folder = tmp_path / "my tutorials"
    res = installed.run("tutorials", "--dir", folder, "--copy-only")
    assert f"{len(TUTORIALS)} copied" in res.stdout
    assert sorted(p.name for p in folder.glob("*.ipynb")) == TUTORIALS
    (folder / TUTORIALS[0]).write_text("{}")  # the user's own edit is kept on a second copy
    again = installed.run("tutorials", "--dir", folder, "--copy-only")
    assert f"0 copied, {len(TUTORIALS)} already there kept" in again.stdout
    assert (folder / TUTORIALS[0]).read_text() == "{}"
    installed.run("tutorials", "--dir", folder, "--copy-only", "--refresh")
    assert json.loads((folder / TUTORIALS[0]).read_text())["cells"]
    pkg = next((installed.venv / "lib").glob("python3*/site-packages/mrp_tutor"))
    refused = installed.run("tutorials", "--dir", pkg / "mine", "--copy-only", check=False)
    assert refused.returncode == 2 and "inside the installed package" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert _package_files(installed) == before, "the package was written to"

    nbval = subprocess.run(
        [str(installed.bin("python")), "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "--nbval-lax", "--nbval-current-env", "--rootdir", str(folder),
         *(str(folder / n) for n in RUN_HERE)],
        cwd=folder, capture_output=True, text=True, timeout=900,
        env=clean_env())
    assert nbval.returncode == 0, nbval.stdout[-4000:] + nbval.stderr[-2000:]
    assert re.search(r"\b\d+ passed", nbval.stdout) and "failed" not in nbval.stdout, (
        nbval.stdout[-500:])


def test_tutorials_open_in_jupyterlab(installed: Installed, tmp_path: Path) -> None:
    """As root (CI) too: JupyterLab refuses root unless given --allow-root."""
    port, token = _free_port(), "mrp-test-token"
    cmd = [str(installed.bin("mrp-tutor")), "tutorials", "--dir", str(tmp_path / "lab"),
           "--port", str(port), "--no-browser", f"--IdentityProvider.token={token}"]
    with run_server(cmd, port, "installed-lab.log", cwd=installed.home,
                    drop_env=DROPPED_ENV) as (url, _proc):
        with urllib.request.urlopen(f"{url}api/contents?token={token}", timeout=60) as r:
            listing = json.load(r)
        with urllib.request.urlopen(f"{url}lab?token={token}", timeout=60) as r:
            assert r.status == 200 and "JupyterLab" in r.read().decode()
    assert sorted(i["name"] for i in listing["content"]) == TUTORIALS


def test_installed_app_plays_a_game_in_the_browser(installed: Installed, page: Any,
                                                   page_log: PageLog) -> None:
    port = _free_port()
    cmd = [str(installed.bin("mrp-tutor")), "app", "--port", str(port), "--pool", "1",
           "--TutorVoila.refill_quiet=600"]  # (a Voila option passed through) no refill
    with run_server(cmd, port, "installed-app.log", cwd=installed.home,
                    drop_env=DROPPED_ENV) as (url, _proc):
        # the hardened server: a plain GET gets the JavaScript gate, not a kernel
        with urllib.request.urlopen(url, timeout=60) as r:
            assert 'id="mrp-gate"' in r.read().decode()
        app = AppDriver(page=page, url=url, log=page_log)
        pg = open_app(app)
        counter = pg.locator(".mrp-step-count")
        start = counter.inner_text()
        for _ in range(3):
            click_next(pg)
        assert counter.inner_text() != start
        round_label = pg.locator(".mrp-board-round")
        before = round_label.inner_text()
        pg.locator("button.mrp-run-round").click()
        expect(round_label).not_to_have_text(before, timeout=STEP_TIMEOUT_MS)
        # ... and its front-end's scripts go out compressed
        script = pg.evaluate("[...document.scripts].map(s => s.src).find(s => "
                             "s.includes('/voila/static/'))")
        req = urllib.request.Request(script, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(req, timeout=60) as r:
            assert r.headers.get("Content-Encoding") == "gzip"
            assert gzip.decompress(r.read())
        assert page_log.page_errors == [], page_log.page_errors
