"""Build the static in-browser site (``make site``; docs/static-site.md) into ``dist/site/``.

    python scripts/build_site.py [--out DIR] [--work DIR]

Everything comes from the package registries, at the versions pinned in site/constraints.txt:

1. a build venv (``WORK/venv``) with voici-core, JupyterLite and its Pyodide kernel;
2. the Python runtime: the npm package ``pyodide`` (runtime only, no package wheels);
3. the browser's wheels from PyPI for Pyodide's platform (``pyemscripten_2026_0_wasm32``:
   pydantic-core's Emscripten wheel, the rest pure Python), PyYAML repacked as a pure wheel
   (its Python part, without the C extension), the project's own pure wheel and the Pyodide
   kernel's own wheels;
4. ``pyodide-lock.json``: exactly those wheels (name, version, file, sha256, imports,
   dependencies), beside the runtime, replacing the npm package's lock (which points at a CDN);
5. ``voici build`` of site/app.ipynb (an app-only page: no code shown), without source maps,
   with the kernel told to use the local runtime and never to fall back to PyPI; the root
   ``index.html`` opens the app.

Prints the site's size; fails if it is over :data:`MAX_MB`.
"""

from __future__ import annotations

import argparse
import base64
import csv
import email.parser
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path
from typing import Any

import site_speed

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's package (site_speed.preparsed_table parses with it)
SITE_SRC = ROOT / "site"
CONSTRAINTS = SITE_SRC / "constraints.txt"
MAX_MB = 60
#: Pyodide's platform: the wheel tag pip is asked for, and the marker environment the lock's
#: dependencies are worked out in
PLATFORM = "pyemscripten_2026_0_wasm32"
PY_VERSION = "3.14"
MARKERS = {
    "python_version": "3.14", "python_full_version": "3.14.2", "os_name": "posix",
    "sys_platform": "emscripten", "platform_system": "Emscripten", "platform_machine": "wasm32",
    "implementation_name": "cpython", "platform_python_implementation": "CPython",
    "implementation_version": "3.14.2", "platform_release": "", "platform_version": "",
    "extra": "",
}
#: what the page loads: the app, and what the Pyodide kernel installs when it starts
ROOTS = ("mrp-tutor", "micropip", "packaging", "piplite", "pyodide-kernel", "ipykernel",
         "ipython", "comm", "jedi", "widgetsnbextension", "sqlite3")
#: provided by the kernel's own stand-in wheels (never the real ones: they need a server)
SHIMS = ("ipykernel", "widgetsnbextension", "piplite", "pyodide-kernel")


_START = time.perf_counter()


def log(msg: str) -> None:
    print(f">>> [{time.perf_counter() - _START:.0f} s] {msg}", flush=True)


def run(cmd: list[str | Path], **kw: Any) -> str:
    res = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    if res.returncode != 0:
        sys.stderr.write(res.stdout[-4000:] + res.stderr[-4000:])
        raise SystemExit(f"failed: {' '.join(map(str, cmd))[:300]}")
    return res.stdout


def pins(section: str) -> dict[str, str]:
    """``name -> version`` (or the npm spec) of one ``[section]`` of site/constraints.txt."""
    out: dict[str, str] = {}
    current = None
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        m = re.match(r"#\s*\[(\w+)\]", line)
        if m:
            current = m.group(1)
            continue
        if current != section:
            continue
        m = re.match(r"#\s*npm:\s*(\S+)@(\S+)", line)
        if m:
            out[m.group(1)] = m.group(2)
        elif line and not line.startswith("#"):
            name, version = line.split("==")
            out[canon(name)] = version.strip()
    return out


def canon(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def lines(pinned: dict[str, str]) -> list[str]:
    return [f"{n}=={v}" for n, v in pinned.items()]


# ------------------------------------------------------------------------------ the steps


def build_venv(work: Path) -> Path:
    venv = work / "venv"
    stamp = venv / ".stamp"
    want = "\n".join(lines(pins("tools")))
    if stamp.is_file() and stamp.read_text(encoding="utf-8") == want:
        return venv
    log(f"build tools into {venv}")
    run([sys.executable, "-m", "venv", "--clear", venv])
    run([venv / "bin" / "python", "-m", "pip", "install", "-q", "--only-binary=:all:",
         *lines(pins("tools"))])  # wheels only: nothing compiled
    stamp.write_text(want, encoding="utf-8")
    return venv


def fetch_pyodide(work: Path) -> Path:
    (name, version), = pins("runtime").items()
    target = work / f"{name}-{version}"
    if (target / "pyodide.mjs").is_file():
        return target
    log(f"npm pack {name}@{version}")
    npm = work / "npm"
    npm.mkdir(parents=True, exist_ok=True)
    out = run(["npm", "pack", f"{name}@{version}", "--silent"], cwd=npm).strip().splitlines()[-1]
    shutil.rmtree(target, ignore_errors=True)
    with tarfile.open(npm / out) as tar:
        tar.extractall(npm / "x", filter="data")
    (npm / "x" / "package").rename(target)
    return target


def pure_pyyaml(version: str, wheels: Path, work: Path) -> Path:
    """PyYAML's Python part as a ``py3-none-any`` wheel (no Emscripten wheel of it exists;
    without its C extension it works the same, ``yaml.__with_libyaml__`` False).

    Its ``yaml/*.py`` come from PyYAML's own Linux wheel of that version (the same files as
    the sdist's ``lib/yaml/``): nothing is built, so a first build compiles no Cython."""
    target = wheels / f"pyyaml-{version}-py3-none-any.whl"
    if target.is_file():
        return target
    binary = work / "pyyaml-binary"
    shutil.rmtree(binary, ignore_errors=True)
    run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
         "--platform", "manylinux_2_17_x86_64", "--python-version", "3.12",
         "--implementation", "cp", "-d", binary, f"PyYAML=={version}"])
    (source,) = binary.glob("[pP][yY][yY][aA][mM][lL]-*.whl")
    files: dict[str, bytes] = {}
    meta = b""
    with zipfile.ZipFile(source) as z:
        for name in z.namelist():
            parts = name.split("/")
            if len(parts) == 2 and parts[0] == "yaml" and parts[1].endswith(".py"):
                files[name] = z.read(name)
            elif len(parts) == 2 and parts[0].endswith(".dist-info") and parts[1] == "METADATA":
                meta = z.read(name)
    if "yaml/__init__.py" not in files or not meta:
        raise SystemExit(f"{source.name}: no yaml/ or METADATA")
    info = f"pyyaml-{version}.dist-info"
    files[f"{info}/METADATA"] = meta
    files[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: mrp-tutor build_site\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    files[f"{info}/top_level.txt"] = b"yaml\n"
    write_wheel(target, files, info)
    return target


def write_wheel(target: Path, files: dict[str, bytes], info: str) -> None:
    record = io.StringIO()
    w = csv.writer(record, lineterminator="\n")
    for name, data in sorted(files.items()):
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        w.writerow([name, f"sha256={digest}", len(data)])
    w.writerow([f"{info}/RECORD", "", ""])
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in sorted(files.items()):
            z.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data,
                       zipfile.ZIP_DEFLATED)
        z.writestr(zipfile.ZipInfo(f"{info}/RECORD", (1980, 1, 1, 0, 0, 0)),
                   record.getvalue(), zipfile.ZIP_DEFLATED)


def kernel_wheels(venv: Path) -> list[Path]:
    """The Pyodide kernel's own wheels (piplite, pyodide_kernel, the ipykernel and
    widgetsnbextension stand-ins) from its installed extension."""
    (pypi,) = venv.glob("share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/"
                        "static/pypi")
    return sorted(pypi.glob("*.whl"))


def browser_wheels(venv: Path, work: Path) -> list[Path]:
    """Every wheel the page may load: exactly the versions pinned in [browser], for Pyodide's
    platform (:func:`make_lock` checks that they close over their dependencies)."""
    browser = pins("browser")
    wheels = work / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    local = work / "local"
    shutil.rmtree(local, ignore_errors=True)
    local.mkdir(parents=True)
    log("the project's pure wheel")
    run([sys.executable, ROOT / "scripts" / "build_wheels.py", "--pure-only", "--out", local])
    pure_pyyaml(browser["pyyaml"], local, work)
    (project,) = local.glob("mrp_tutor-*-py3-none-any.whl")
    log(f"pip download for {PLATFORM}")
    run([sys.executable, "-m", "pip", "download", "-q", "-d", wheels, "--only-binary=:all:",
         "--platform", PLATFORM, "--platform", "any", "--python-version", PY_VERSION,
         "--implementation", "cp", "--abi", f"cp{PY_VERSION.replace('.', '')}", "--abi", "none",
         "--no-deps", "--find-links", local, project,
         *(line for line in lines(browser) if not line.startswith("pyyaml=="))])
    shutil.copy2(local / f"pyyaml-{browser['pyyaml']}-py3-none-any.whl", wheels)
    # the kernel (0.7) installs "sqlite3", a package in older Pyodides; Pyodide 314 has it in
    # its standard library: an empty wheel of that name satisfies the install.  The kernel
    # also installs "jedi" (IPython's completion, 4.9 MB and ~1.7 s of every start): an app
    # page asks for no completion, so an empty wheel stands in (IPython runs without jedi)
    # the kernel's piplite (its run-time installer) is a stand-in too: the site installs
    # nothing at run time, and importing the real one (micropip, unittest.mock) is ~0.7 s
    for name, files in (("sqlite3", {}), ("jedi", {}), ("piplite", site_speed.PIPLITE)):
        info = f"{name}-0.0.0.dist-info"
        write_wheel(wheels / f"{name}-0.0.0-py3-none-any.whl", {
            **{n: text.encode() for n, text in files.items()},
            f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n".encode(),
            f"{info}/WHEEL": b"Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"},
            info)
    for w in kernel_wheels(venv):
        if not w.name.startswith("piplite-"):
            shutil.copy2(w, wheels / w.name)
    return sorted(wheels.glob("*.whl"))


def wheel_meta(path: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, imports, Requires-Dist lines) of a wheel."""
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        (meta_name,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        meta = email.parser.BytesParser().parsebytes(z.read(meta_name))
        tops: set[str] = set()
        for n in names:
            head = n.split("/")[0]
            if head.endswith((".dist-info", ".data")) or head.startswith("__"):
                continue
            if "/" in n and n.endswith(".py"):
                tops.add(head)
            elif "/" not in n and n.endswith(".py"):
                tops.add(n[:-3])
            elif "/" in n and re.search(r"\.(so|abi3\.so)$", n):
                tops.add(head)
    return (meta["Name"], meta["Version"], sorted(tops), meta.get_all("Requires-Dist") or [])


def pick(wheels: list[Path]) -> dict[str, Path]:
    """One wheel per package: the kernel's stand-ins win over the real ones."""
    by_name: dict[str, list[Path]] = {}
    for w in wheels:
        by_name.setdefault(canon(w.name.split("-")[0]), []).append(w)
    out = {}
    for name, found in by_name.items():
        if name in SHIMS and len(found) > 1:
            # the stand-in: the kernel's extension ships it (x.y.999 or its own version)
            found = [w for w in found if re.search(r"-\d+\.\d+\.999-|-6\.9\.2-", w.name)
                     or name in ("piplite", "pyodide-kernel")]
            found = sorted(found, key=lambda w: w.name)[-1:]
        if name == "widgetsnbextension":
            found = [w for w in found if "4.0.999" in w.name] or found
        out[name] = sorted(found)[-1]
    return out


def make_lock(chosen: dict[str, Path], runtime: Path) -> tuple[dict[str, Any], list[str]]:
    """The site's pyodide-lock.json (only what ships, every dependency closed over) and the
    names of the wheels nothing needs (left out)."""
    from packaging.markers import Marker
    from packaging.requirements import Requirement

    npm_lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages: dict[str, dict[str, Any]] = {}
    for name, path in chosen.items():
        pname, version, imports, requires = wheel_meta(path)
        depends = []
        for line in requires:
            req = Requirement(line)
            if req.marker is not None and not Marker(str(req.marker)).evaluate(MARKERS):
                continue
            depends.append(canon(req.name))
        data = path.read_bytes()
        packages[name] = {
            "name": canon(pname), "version": version, "file_name": path.name,
            "install_dir": "site", "sha256": hashlib.sha256(data).hexdigest(),
            "package_type": "package", "imports": imports, "depends": sorted(set(depends)),
            "unvendored_tests": False, "shared_library": False,
        }
    # only what the roots need: the closure of their dependencies
    keep: set[str] = set()
    todo = [r for r in ROOTS]
    missing = []
    while todo:
        n = todo.pop()
        if n in keep:
            continue
        if n not in packages:
            missing.append(n)
            continue
        keep.add(n)
        todo.extend(packages[n]["depends"])
    if missing:
        raise SystemExit(f"the site would lack: {', '.join(sorted(set(missing)))}")
    lock = {"info": npm_lock["info"], "packages": {n: packages[n] for n in sorted(keep)}}
    return lock, sorted(set(packages) - keep)


def voici_build(venv: Path, out: Path, work: Path) -> None:
    contents = work / "contents"
    shutil.rmtree(contents, ignore_errors=True)
    contents.mkdir(parents=True)
    shutil.copy2(SITE_SRC / "app.ipynb", contents / "app.ipynb")
    lite = work / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    lite.mkdir(parents=True)
    shutil.rmtree(out, ignore_errors=True)
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}
    env.pop("JUPYTERLITE_PYODIDE_URL", None)
    log("voici build")
    run([venv / "bin" / "voici", "build", "--contents", contents, "--output-dir", out,
         "--lite-dir", lite, "--no-sourcemaps"], cwd=work, env=env)


KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"
CONFIG_RE = re.compile(
    r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S)


def settings(out: Path, boot: list[str]) -> None:
    """Each page's kernel settings: the local runtime (its lock beside it), no PyPI fallback
    (the build drops ``disablePyPIFallback``: set here, in the pages' own configuration), the
    packages ``loadPyodide`` installs while it boots (``boot``: site_speed.boot_packages), and
    no link to another host (the template's icon font from a CDN)."""
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        m = CONFIG_RE.search(text)
        if m is not None:
            cfg = json.loads(m.group(2))
            plugin = cfg.setdefault("litePluginSettings", {}).setdefault(KERNEL, {})
            up = "../" * (len(page.relative_to(out).parts) - 1)
            plugin["pyodideUrl"] = f"{up}static/pyodide/pyodide.js"  # from the page
            plugin["disablePyPIFallback"] = True
            plugin["loadPyodideOptions"] = {"packages": boot}
            text = text[:m.start(2)] + json.dumps(cfg) + text[m.end(2):]
        text = re.sub(r'<link[^>]+href="https?://[^"]+"[^>]*>\s*', "", text)
        page.write_text(text, encoding="utf-8")
    path = out / "jupyter-lite.json"
    cfg = json.loads(path.read_text(encoding="utf-8"))
    plugin = cfg["jupyter-config-data"].setdefault("litePluginSettings", {}).setdefault(
        KERNEL, {})
    plugin.update(pyodideUrl="./static/pyodide/pyodide.js", disablePyPIFallback=True,
                  loadPyodideOptions={"packages": boot})
    path.write_text(json.dumps(cfg, indent=2) + "\n", encoding="utf-8")


#: what the Pyodide kernel's extension (0.7.x, built against JupyterLab 4.5.7) takes from the
#: page's shared modules that voici's page (4.5.0) does not provide: it uses them only for its
#: list of plugins and licences, which an app-only page never shows; stand-ins keep the kernel
#: itself loading
STAND_INS = {
    "@jupyterlab/pluginmanager": '({IPluginManager:{name:"@jupyterlab/pluginmanager:'
                                 'IPluginManager"},PluginListModel:class{}})',
    "@jupyterlab/statedb": "({DataConnector:class{}})",
}


def patch_kernel_extension(out: Path) -> None:
    (entry,) = out.glob("extensions/@jupyterlite/pyodide-kernel-extension/static/"
                        "remoteEntry.*.js")
    text = entry.read_text(encoding="utf-8")
    for module, stand_in in STAND_INS.items():
        text, n = re.subn(rf'(\d+):\(\)=>\w\("default","{re.escape(module)}",\[[\d,]+\]\)',
                          lambda m, s=stand_in: f"{m.group(1)}:()=>()=>{s}", text)
        if n != 1:
            raise SystemExit(f"{entry.name}: {module} found {n} times (expected once)")
    entry.write_text(text, encoding="utf-8")


def assemble(out: Path, runtime: Path, chosen: dict[str, Path], lock: dict[str, Any]) -> None:
    dest = out / "static" / "pyodide"
    dest.mkdir(parents=True, exist_ok=True)
    for f in ("pyodide.js", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
              "python_stdlib.zip", "package.json"):
        shutil.copy2(runtime / f, dest / f)
    # the kernel (0.7) starts Pyodide in a classic web worker, which Pyodide 314 refuses by
    # a check of its own; Chromium runs it there (dynamic import() works in classic workers)
    js = dest / "pyodide.js"
    text, n = re.subn(r'if\(r&&[A-Za-z_$]+\(\)\)throw new Error\("Classic web workers are not '
                      r'supported"\);', "", js.read_text(encoding="utf-8"))
    if n != 1:
        raise SystemExit(f"{js}: the classic-worker check found {n} times (expected once)")
    js.write_text(text, encoding="utf-8")
    for name in lock["packages"]:
        shutil.copy2(chosen[name], dest / chosen[name].name)
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n",
                                            encoding="utf-8")
    for m in out.rglob("*.map"):
        m.unlink()
    # the app at the site's root: voici renders the notebook at voici/render/app.html
    (app_page,) = out.glob("voici/render/app.html")
    (out / "index.html").write_text(
        '<!doctype html><html><head><meta charset="utf-8"><title>Mission: Red Planet tutor'
        '</title><meta http-equiv="refresh" content="0; url=voici/render/app.html">'
        '</head><body><p><a href="voici/render/app.html">Open the Mission: Red Planet tutor'
        "</a> (an in-browser demo: everything runs in this browser).</p>"
        '<script>location.replace("voici/render/app.html")</script></body></html>\n',
        encoding="utf-8")
    assert app_page.is_file()


def size_mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / "site")
    parser.add_argument("--work", type=Path, default=ROOT / "dist" / ".site-build")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    work = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    venv = build_venv(work)
    runtime = fetch_pyodide(work)
    chosen = pick(browser_wheels(venv, work))
    log("the project's YAML pre-parsed; every wheel's bytecode compiled (Pyodide under node)")
    project = chosen["mrp-tutor"]
    (work / "local" / "preparsed").mkdir(exist_ok=True)
    chosen["mrp-tutor"] = site_speed.add_to_wheel(
        project, {"mrp_tutor/_preparsed.json": site_speed.preparsed_table(project)},
        work / "local" / "preparsed" / project.name)
    compiled = site_speed.compile_wheels(list(chosen.values()), runtime, work)
    chosen = {name: compiled[path] for name, path in chosen.items()}
    lock, unused = make_lock(chosen, runtime)
    if unused:
        log(f"not shipped (nothing in the browser needs them): {', '.join(unused)}")
    out = args.out.resolve()
    voici_build(venv, out, work)
    boot = site_speed.boot_packages(out)
    if missing := [n for n in boot if canon(n) not in lock["packages"]]:
        raise SystemExit(f"the kernel's start needs what the site lacks: {', '.join(missing)}")
    settings(out, boot)
    patch_kernel_extension(out)
    assemble(out, runtime, chosen, lock)
    mb = size_mb(out)
    print(f"{out}  ({mb:.1f} MB, {len(lock['packages'])} wheels, "
          f"{time.perf_counter() - start:.0f} s)", flush=True)
    if mb > MAX_MB:
        raise SystemExit(f"the site is {mb:.1f} MB, over {MAX_MB} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
