"""The installed package for tests/browser/test_installed_package.py: the two wheels built from
this checkout (scripts/build_wheels.py) installed into clean virtual environments outside it.

- ``venv``: a new venv with the compiled wheel and its ``tutorials`` extra (plus pytest and
  nbval, to run the copied tutorials), installed by pip with constraints.txt.
- ``pure_venv``: a new venv with the pure wheel (``--no-deps``); its dependencies come from
  ``venv``'s site-packages through a ``.pth`` line, which Python puts after the venv's own
  site-packages, so ``mrp_tutor`` is the pure wheel's.
- ``core_venv``: a new venv with the pure wheel and its core dependencies only (no extra:
  no Voila, pandas, Dask, Arrow, matplotlib; issue 39), installed by pip with constraints.txt.

Every command runs in a folder outside the checkout without ``PYTHONPATH``, so nothing of the
checkout can be imported.  ``MRP_INSTALLED_DIR=/some/dir`` keeps (and reuses) them between runs;
``MRP_SKIP_INSTALL_TEST=1`` skips these tests outside CI.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
PY = f"python{sys.version_info[0]}.{sys.version_info[1]}"
#: never passed to a command of the installed package: the checkout would be importable
DROPPED_ENV = ("PYTHONPATH", "MRP_PURE_PYTHON", "MRP_TUTOR_OVERRIDES", "VIRTUAL_ENV")


def clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in DROPPED_ENV}


def _run(cmd: list[str | Path], cwd: Path, timeout: float = 900) -> str:
    res = subprocess.run([str(c) for c in cmd], cwd=cwd, env=clean_env(), text=True,
                         capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
    if res.returncode != 0:
        pytest.fail(f"{' '.join(map(str, cmd))} exited {res.returncode}:\n"
                    f"{res.stdout[-3000:]}\n{res.stderr[-3000:]}", pytrace=False)
    return res.stdout


@dataclass
class Installed:
    root: Path  # outside the checkout: the wheels, the venvs, the working folder
    pure_wheel: Path
    compiled_wheel: Path
    venv: Path
    pure_venv: Path
    core_venv: Path

    @property
    def home(self) -> Path:
        """The working folder of every command (outside the checkout)."""
        return self.root / "home"

    def bin(self, name: str, venv: Path | None = None) -> Path:
        return (venv or self.venv) / "bin" / name

    def run(self, *args: str | Path, venv: Path | None = None, cwd: Path | None = None,
            check: bool = True, timeout: float = 900) -> subprocess.CompletedProcess[str]:
        """``mrp-tutor ARGS`` of ``venv`` (default: the compiled wheel's) in ``cwd``."""
        cmd = [str(self.bin("mrp-tutor", venv)), *map(str, args)]
        res = subprocess.run(cmd, cwd=cwd or self.home, env=clean_env(), text=True,
                             capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
        if check and res.returncode != 0:
            pytest.fail(f"{' '.join(cmd)} exited {res.returncode}:\n{res.stdout[-3000:]}\n"
                        f"{res.stderr[-3000:]}", pytrace=False)
        return res


def _site_packages(venv: Path) -> Path:
    return venv / "lib" / PY / "site-packages"


def install(root: Path) -> Installed:
    """Build both wheels and install them under ``root`` (reused when already done there)."""
    wheels, home = root / "wheels", root / "home"
    venv, pure_venv, core_venv = root / "venv", root / "venv-pure", root / "venv-core"
    if not (root / ".ready").is_file():
        home.mkdir(parents=True, exist_ok=True)
        if REPO_ROOT in root.resolve().parents or root.resolve() == REPO_ROOT:
            pytest.fail(f"{root} is inside the checkout: the install must be outside it")
        _run([sys.executable, REPO_ROOT / "scripts" / "build_wheels.py", "--out", wheels], home)
        (compiled,) = [w for w in wheels.glob("*.whl") if not w.name.endswith("-none-any.whl")]
        (pure,) = wheels.glob("*-none-any.whl")
        base = getattr(sys, "_base_executable", sys.executable)
        for v in (venv, pure_venv, core_venv):
            _run([base, "-m", "venv", "--clear", v], home)
        # --no-compile: Python compiles what it imports; byte-compiling every file of every
        # dependency (pandas, matplotlib, JupyterLab...) would be most of the install's time
        _run([venv / "bin" / "python", "-m", "pip", "install", "-q", "--no-compile", "-c",
              REPO_ROOT / "constraints.txt", f"{compiled}[tutorials]", "pytest", "nbval"], home)
        # the .pth after the install: pip would see venv's mrp-tutor as installed already
        _run([pure_venv / "bin" / "python", "-m", "pip", "install", "-q", "--no-deps",
              "--no-compile", pure], home)
        _run([core_venv / "bin" / "python", "-m", "pip", "install", "-q", "--no-compile", "-c",
              REPO_ROOT / "constraints.txt", pure], home)
        (_site_packages(pure_venv) / "_mrp_test_deps.pth").write_text(
            f"{_site_packages(venv)}\n", encoding="utf-8")
        (root / ".ready").write_text("ok\n")
    (compiled,) = [w for w in wheels.glob("*.whl") if not w.name.endswith("-none-any.whl")]
    (pure,) = wheels.glob("*-none-any.whl")
    return Installed(root, pure, compiled, venv, pure_venv, core_venv)


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    in_ci = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
    if os.environ.get("MRP_SKIP_INSTALL_TEST") == "1" and not in_ci:
        pytest.skip("MRP_SKIP_INSTALL_TEST=1 (never in CI)")
    keep = os.environ.get("MRP_INSTALLED_DIR")
    return install(Path(keep) if keep else tmp_path_factory.mktemp("installed"))
