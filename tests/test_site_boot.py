"""The static site's kernel start (scripts/site_speed.boot_packages, docs/static-site.md): the
packages ``loadPyodide`` installs while it boots are exactly those the Pyodide kernel's worker
would install one by one afterwards (spelt as the worker compares them), and the app's; a
worker whose code no longer has that shape fails the build instead of being guessed at."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXT = "extensions/@jupyterlite/pyodide-kernel-extension/static"

#: the parts of jupyterlite-pyodide-kernel 0.7.2's worker (minified) that decide what it installs
INIT_PACKAGE_MANAGER = (
    'async initPackageManager(e){let{pipliteWheelUrl:t,loadPyodideOptions:n}=this._options,'
    's=(n||{}).packages||[];s.includes("micropip")||await this._pyodide.loadPackage(["micropip"]),'
    's.includes("piplite")||await this._pyodide.runPythonAsync(`import micropip`)}')
INIT_KERNEL = (
    'async initKernel(e){let t=(e.loadPyodideOptions||{}).packages||[],i=["sqlite3","ipykernel",'
    '"comm","pyodide_kernel","jedi","ipython"],r=[];for(let e of i)t.includes(e)||'
    "r.push(`await piplite.install('${e}', keep_going=True)`)}")


@pytest.fixture
def site_speed() -> Iterator[ModuleType]:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import site_speed
        yield site_speed
    finally:
        sys.path.remove(str(ROOT / "scripts"))


def _site(tmp_path: Path, *workers: str) -> Path:
    folder = tmp_path / EXT
    folder.mkdir(parents=True)
    (folder / "remoteEntry.1.js").write_text("var other=1;", encoding="utf-8")
    for i, code in enumerate(workers):
        (folder / f"{i}.js").write_text(f"(()=>{{{code}}})();", encoding="utf-8")
    return tmp_path


def test_the_boot_list_is_the_workers_own_installs_then_the_apps(
        site_speed: ModuleType, tmp_path: Path) -> None:
    worker = INIT_PACKAGE_MANAGER + INIT_KERNEL
    assert site_speed.boot_packages(_site(tmp_path, worker, worker)) == [
        "micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi",
        "ipython", "mrp-tutor"]


@pytest.mark.parametrize("code", [
    INIT_PACKAGE_MANAGER + INIT_KERNEL.replace("t.includes(e)||", ""),  # installs regardless
    INIT_PACKAGE_MANAGER.replace('s.includes("piplite")||', "") + INIT_KERNEL,
    INIT_PACKAGE_MANAGER.replace('s.includes("micropip")||', "") + INIT_KERNEL,
    INIT_PACKAGE_MANAGER + INIT_KERNEL.replace('.packages||[]', '.preload||[]'),
])
def test_a_worker_of_another_shape_fails_the_build(
        site_speed: ModuleType, tmp_path: Path, code: str) -> None:
    with pytest.raises(SystemExit, match="no longer reads"):
        site_speed.boot_packages(_site(tmp_path, code))


def test_workers_that_disagree_or_none_fail_the_build(
        site_speed: ModuleType, tmp_path: Path) -> None:
    worker = INIT_PACKAGE_MANAGER + INIT_KERNEL
    with pytest.raises(SystemExit, match="different packages"):
        site_speed.boot_packages(_site(tmp_path, worker, worker.replace('"jedi",', "")))
    with pytest.raises(SystemExit, match="not found"):
        site_speed.boot_packages(_site(tmp_path / "empty"))


def _run(coro: Coroutine[Any, Any, Any]) -> Any:
    """The coroutine on a loop of its own thread: the suite's thread may already run a loop
    (asyncio.run refuses there: the full suite failed so once)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def test_the_piplite_stand_in_has_what_the_kernel_sets_and_installs_nothing(
        site_speed: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import importlib

    for name, text in site_speed.PIPLITE.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in [m for m in sys.modules if m == "piplite" or m.startswith("piplite.")]:
        monkeypatch.delitem(sys.modules, name)
    module = importlib.import_module("piplite.piplite")  # what the kernel's worker imports
    assert module._PIPLITE_DISABLE_PYPI is True and module._PIPLITE_URLS == []
    module._PIPLITE_URLS = ["./all.json"]  # as the worker sets them
    piplite = importlib.import_module("piplite")
    with pytest.raises(ValueError, match="installs no packages"):
        _run(piplite.install("numpy"))
    code = _run(importlib.import_module("piplite.cli").get_transformed_code(
        ["install", "numpy"]))  # %pip install numpy
    exec(code, {})
    assert "installs no packages" in capsys.readouterr().out
    for name in [m for m in sys.modules if m == "piplite" or m.startswith("piplite.")]:
        del sys.modules[name]  # the stand-in is no module of this Python
