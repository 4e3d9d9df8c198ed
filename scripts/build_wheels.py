"""Build the two wheels of mrp-tutor (``make wheels``).

    python scripts/build_wheels.py [--out DIR] [--pure-only]

- ``mrp_tutor-X-py3-none-any.whl``: the pure wheel (plain-Python engine), installs anywhere.
- ``mrp_tutor-X-cp311-cp311-<platform>.whl``: the same files plus the engine compiled with
  mypyc (hatch_build.py with ``MRP_COMPILE_ENGINE=1``), for this interpreter and platform.
  pip prefers it over the pure wheel where it fits.  It is tagged ``linux_x86_64`` (not
  ``manylinux``): for PyPI, repair it with auditwheel or build it with cibuildwheel.

Both come from ``pip wheel .`` (build isolation; the compile's tools are pinned by
constraints.txt).  Prints the paths of the wheels built.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build(out: Path, compiled: bool) -> Path:
    """One wheel into ``out`` (created); its path."""
    out.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "MRP_COMPILE_ENGINE"}
    env["PIP_CONSTRAINT"] = str(ROOT / "constraints.txt")
    if compiled:
        env["MRP_COMPILE_ENGINE"] = "1"
    with tempfile.TemporaryDirectory(prefix="mrp-wheel-") as temp:
        cmd = [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", temp]
        res = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
        if res.returncode != 0:
            sys.stderr.write(res.stdout[-4000:] + res.stderr[-4000:])
            raise SystemExit(f"building the {'compiled' if compiled else 'pure'} wheel failed")
        (wheel,) = Path(temp).glob("*.whl")
        target = out / wheel.name
        target.unlink(missing_ok=True)
        wheel.replace(target)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="folder (default dist/)")
    parser.add_argument("--pure-only", action="store_true", help="only the pure wheel")
    args = parser.parse_args(argv)
    for compiled in (False,) if args.pure_only else (False, True):
        start = time.perf_counter()
        wheel = build(args.out, compiled)
        print(f"{wheel}  ({wheel.stat().st_size / 1e6:.1f} MB, "
              f"{time.perf_counter() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
