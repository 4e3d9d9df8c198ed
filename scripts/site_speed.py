"""What makes the static site start faster (scripts/build_site.py; docs/static-site.md).

- :func:`compile_wheels`: each shipped wheel gets the bytecode of the modules a visit imports
  (the app's package whole), compiled by the site's own Python (Pyodide's CPython 3.14, run
  by ``node``), as unchecked-hash ``.pyc`` files in ``__pycache__`` beside the sources: the
  page imports them instead of compiling those modules on every visit (slow in WebAssembly).
  The sources stay (tracebacks, ``inspect``); a module not compiled is compiled when imported,
  as before.
- :func:`preparsed_table`: the project's own YAML files parsed at build time by the same
  loader and the same pure-Python parser the page uses (:mod:`mrp_tutor.core.preparsed`), so
  the page reads JSON (C-accelerated) instead of running the pure-Python YAML parser over
  ~140 files at start-up.
- the scenario library loaded at build time by that same Python (:data:`LIBRARY`, with its
  files' content key: the page uses it for exactly those files, and otherwise loads them), so
  the page does not parse, validate and build the 124 lessons' positions on every visit;
- :func:`boot_packages`: the packages the kernel's worker installs one by one after Pyodide
  has started (micropip, piplite, then IPython and the kernel through piplite), and the app's,
  given to ``loadPyodide`` instead (its ``packages`` option, set in the pages' kernel settings):
  Pyodide fetches them while it boots and installs them in one batch from the site's lock, and
  the worker skips its own installs of any package the option names.
- :data:`PIPLITE`: a stand-in for the kernel's ``piplite`` (its run-time installer, whose
  import pulls in micropip and ``unittest.mock``: ~0.7 s of every visit): the site installs
  nothing at run time, so its stand-in only says so.
- :func:`add_to_wheel`: a wheel re-packed with extra files (its RECORD completed).
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

#: runs Pyodide's Python over the wheels in WORK/in, writing WORK/out (the host folder is
#: mounted into Pyodide's file system)
COMPILE_MJS = r"""
import { loadPyodide } from "%(pyodide)s";
const py = await loadPyodide({ indexURL: "%(index)s" });
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "%(work)s" }, "/work");
py.runPython(`%(python)s`);
"""

COMPILE_PY = r"""
import importlib.util, io, os, sys, traceback, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
assert sys.implementation.cache_tag == "cpython-314", sys.implementation.cache_tag
SP = "/tmp/site-packages"
wheels = sorted(n for n in os.listdir("/work/in") if n.endswith(".whl"))
for name in wheels:
    with zipfile.ZipFile("/work/in/" + name) as z:
        z.extractall(SP)
sys.path.insert(0, SP)
try:  # what a visit imports: the kernel's modules, the app's first screen, each game's panel
    exec(open("/work/warm.py").read(), {})
except BaseException:
    raise RuntimeError("the warm-up failed: " + traceback.format_exc()[-2500:]) from None
used = {os.path.relpath(m.__file__, SP) for m in list(sys.modules.values())
        if (getattr(m, "__file__", None) or "").startswith(SP + "/")}
for name in wheels:
    added = {}
    with zipfile.ZipFile("/work/in/" + name) as z:
        for entry in z.namelist():
            if not entry.endswith(".py") or not (entry in used or entry.startswith(ALWAYS)):
                continue
            source = z.read(entry)
            try:
                code = compile(source, SP + "/" + entry, "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                continue  # not a module this Python can import (e.g. a template)
            pyc = importlib.util.cache_from_source(entry)
            added[pyc] = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source),
                                                 checked=False))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as out:
        for pyc, data in sorted(added.items()):
            out.writestr(pyc, data)
    with open("/work/out/" + name + ".pycs", "wb") as f:
        f.write(buf.getvalue())
"""

#: run (by Pyodide's Python, the wheels on its path) to learn which modules a visit imports;
#: it also writes the scenario library as the page would load it (:data:`LIBRARY`)
WARM = """
import IPython, ipywidgets, comm  # (pyodide_kernel: it needs the page's worker)
from mrp_tutor.app import build_page
from mrp_tutor.core.games import get, titles
from mrp_tutor.games.mission_red_planet.ui import scenario_glue
build_page("mission_red_planet")
for name, _title in titles():
    get(name).build_panel()
with open("/work/out/library.pickle", "wb") as f:
    f.write(scenario_glue.prebuilt_library())
"""
#: where the project's wheel gets the scenario library loaded at build time (a pickle of the
#: files' content key and the library: ``ui/scenario_glue.PREBUILT``, used for exactly those
#: files)
LIBRARY = "mrp_tutor/games/mission_red_planet/scenarios/_library.pickle"


#: compiled whole (the rest: what :data:`WARM` imports): the app's own package
ALWAYS = ("mrp_tutor/",)


def compile_wheels(wheels: list[Path], runtime: Path, work: Path) -> dict[Path, Path]:
    """Each wheel with its bytecode added (``work/compiled/NAME``), by Pyodide's Python; the
    project's wheel also gets the scenario library as that Python loaded it (:data:`LIBRARY`)."""
    base = work / "pyc"
    shutil.rmtree(base, ignore_errors=True)
    (base / "in").mkdir(parents=True)
    (base / "out").mkdir()
    for w in wheels:
        shutil.copy2(w, base / "in" / w.name)
    (base / "warm.py").write_text(WARM, encoding="utf-8")
    script = base / "compile.mjs"
    script.write_text(COMPILE_MJS % {
        "pyodide": (runtime / "pyodide.mjs").as_posix(), "index": runtime.as_posix() + "/",
        "work": base.as_posix(),
        "python": COMPILE_PY.replace("ALWAYS", repr(ALWAYS)).replace("`", "\\`")}, encoding="utf-8")
    res = subprocess.run(["node", str(script)], capture_output=True, text=True)
    if res.returncode != 0:
        raise SystemExit(f"compiling the wheels' bytecode failed:\n{res.stderr[-3000:]}")
    compiled = work / "compiled"
    shutil.rmtree(compiled, ignore_errors=True)
    compiled.mkdir()
    out: dict[Path, Path] = {}
    library = (base / "out" / "library.pickle").read_bytes()
    for w in wheels:
        with zipfile.ZipFile(base / "out" / f"{w.name}.pycs") as z:
            extra = {n: z.read(n) for n in z.namelist()}
        if w.name.startswith("mrp_tutor-"):
            extra[LIBRARY] = library
        out[w] = add_to_wheel(w, extra, compiled / w.name)
    if not any(w.name.startswith("mrp_tutor-") for w in wheels):
        raise SystemExit("the project's wheel is not among the site's wheels")
    return out


#: the kernel's worker (jupyterlite-pyodide-kernel 0.7): ``initPackageManager`` loads micropip
#: and installs piplite unless ``loadPyodideOptions.packages`` names them; ``initKernel``
#: installs each package of its list (by piplite) unless that option names it
WORKER_SKIPS = (re.compile(r'\.includes\("micropip"\)\|\|await this\._pyodide\.loadPackage\('),
                re.compile(r'\.includes\("piplite"\)\|\|await this\._pyodide\.runPythonAsync\('))
WORKER_KERNEL_LIST = re.compile(
    r'async initKernel\(e\)\{(?:let|const) (\w)=\(e\.loadPyodideOptions\|\|\{\}\)\.packages'
    r'\|\|\[\],(?:let |const )?\w=(\[(?:"[\w.-]+",?)+\]),\w=\[\];for\((?:let|const) (\w) of \w\)'
    r'\1\.includes\(\3\)\|\|')
#: what the page's first cell loads (site/app.ipynb)
APP_PACKAGES = ("mrp-tutor",)


def boot_packages(site: Path) -> list[str]:
    """The names for ``loadPyodideOptions.packages``: micropip, piplite, the kernel's list
    exactly as its worker spells it (it compares the names as written), and the app's.

    Read from the kernel's worker code in the built site; the build fails if that code no longer
    has this shape (the option would then not replace the worker's own installs)."""
    workers = [p for p in site.glob("extensions/@jupyterlite/pyodide-kernel-extension/static/"
                                    "*.js") if "async initKernel(" in p.read_text("utf-8")]
    if not workers:
        raise SystemExit("the Pyodide kernel's worker code was not found in the site")
    lists = set()
    for path in workers:
        text = path.read_text(encoding="utf-8")
        found = WORKER_KERNEL_LIST.findall(text)
        if not found or not all(rx.search(text) for rx in WORKER_SKIPS):
            raise SystemExit(f"{path.name}: the kernel's start no longer reads "
                             "loadPyodideOptions.packages as expected (site_speed.boot_packages)")
        lists.update(m[1] for m in found)
    if len(lists) != 1:
        raise SystemExit(f"the kernel's workers install different packages: {sorted(lists)}")
    return ["micropip", "piplite", *json.loads(lists.pop()), *APP_PACKAGES]


#: the stand-in ``piplite`` package (files of its wheel): the kernel's worker imports
#: ``piplite.piplite`` and sets its two settings when it starts; ``%pip`` (piplite.cli) and
#: ``piplite.install`` answer with a sentence: this site installs nothing at run time (every
#: package it uses is in its lock; nothing is fetched from another host)
PIPLITE_SAYS = ("This demo installs no packages: everything it uses is on this site, and it "
                "fetches nothing from other sites.")
PIPLITE = {
    "piplite/__init__.py": (
        '"""A stand-in for the Pyodide kernel\'s piplite (scripts/site_speed.py): this site '
        'installs nothing at run time."""\n\n'
        "from .piplite import install\n\n__version__ = \"0.0.0\"\n"
        "__all__ = [\"install\", \"__version__\"]\n"),
    "piplite/piplite.py": (
        '"""The settings the kernel sets when it starts, and an install that says why not."""\n\n'
        "_PIPLITE_URLS: list[str] = []\n_PIPLITE_DISABLE_PYPI = True\n"
        f"SAYS = {PIPLITE_SAYS!r}\n\n\n"
        "class PiplitePyPIDisabled(ValueError):\n    pass\n\n\n"
        "async def install(*args, **kwargs):\n    raise PiplitePyPIDisabled(SAYS)\n"),
    "piplite/cli.py": (
        '"""``%pip`` in this site: the sentence, no install."""\n\n'
        "from .piplite import SAYS\n\n\n"
        "async def get_transformed_code(argv):\n    return f\"print({SAYS!r})\"\n"),
}


def preparsed_table(project_wheel: Path) -> bytes:
    """``{sha256 of a YAML file's text: its parse as JSON}`` for the project's YAML files,
    parsed as the page would parse them (:func:`mrp_tutor.core.loader.parse_yaml`, the
    pure-Python parser); a file the loader refuses is left out (the page says why)."""
    import yaml

    from mrp_tutor.core import loader, preparsed
    from mrp_tutor.core.errors import ContentError

    table: dict[str, str] = {}
    was = loader._PARSER
    loader._PARSER = yaml.SafeLoader  # the browser has no libyaml
    try:
        with zipfile.ZipFile(project_wheel) as z:
            for name in sorted(z.namelist()):
                if not name.endswith((".yaml", ".yml")):
                    continue
                try:
                    text = z.read(name).decode("utf-8-sig")
                    data = loader.parse_yaml(text, name)
                except (ContentError, UnicodeDecodeError):
                    continue
                table[preparsed.key(text)] = json.dumps(data, ensure_ascii=False,
                                                        separators=(",", ":"))
    finally:
        loader._PARSER = was
    return json.dumps(table, ensure_ascii=False, sort_keys=True).encode("utf-8")


def add_to_wheel(wheel: Path, extra: dict[str, bytes], target: Path) -> Path:
    """``wheel`` re-packed as ``target`` with ``extra`` files added and listed in its RECORD."""
    with zipfile.ZipFile(wheel) as z:
        files = {n: z.read(n) for n in z.namelist()}
    (record_name,) = [n for n in files if n.endswith(".dist-info/RECORD")]
    rows = [r for r in csv.reader(io.StringIO(files[record_name].decode("utf-8")))
            if r and r[0] != record_name]
    files.update(extra)
    listed = {r[0] for r in rows}
    for name, data in sorted(extra.items()):
        if name not in listed:
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            rows.append([name, f"sha256={digest.decode()}", str(len(data))])
    rows.append([record_name, "", ""])
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    files[record_name] = buf.getvalue().encode("utf-8")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for name in [n for n in files if n != record_name] + [record_name]:
            z.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), files[name],
                       zipfile.ZIP_DEFLATED)
    return target
