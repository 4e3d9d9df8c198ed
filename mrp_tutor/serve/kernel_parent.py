"""The kernel parent: imports the app once and forks each visitor's kernel from itself.

Run by the server as ``python -m mrp_tutor.serve.kernel_parent`` (:mod:`mrp_tutor.serve.fork` is
the server's side and says why).  It imports only the standard library until it preloads,
so it holds nothing of the server (Jupyter server, tornado) that a kernel does not need.
Protocol: one line ``ready`` once preloaded, then for each request line
``{"args": [...], "env": {...}, "cwd": "..."}`` on stdin one answer line ``{"pid": N}``
(or ``{"error": "..."}``) on stdout.  It stops at the end of its stdin.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import threading
from typing import Any

TITLE_ROOM = 400  # bytes of command line the parent keeps for its children's titles
READY = "ready"
_PARENT_PATH0 = [""]  # the parent's sys.path[0] (its working folder), for the forks
_LAUNCHER = "ipykernel_launcher.py"  # a kernel's sys.argv[0] (its path, once preloaded)


def preload() -> None:
    """Import what every visitor's kernel imports, and load what it loads, once."""
    import ipykernel.comm

    # debugpy (imported below) warns about frozen modules, for a debugger nobody attaches
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    import ipykernel.debugger  # each kernel made a Debugger, importing debugpy: ~15 ms
    import ipykernel.ipkernel
    import ipykernel.kernelapp
    import ipykernel.zmqshell  # noqa: F401
    import ipywidgets  # noqa: F401
    from IPython.core import completer  # noqa: F401

    from mrp_tutor.app import idle_gc, picker  # noqa: F401
    from mrp_tutor.core.games import games

    global _LAUNCHER
    import importlib.util

    spec = importlib.util.find_spec("ipykernel_launcher")
    _LAUNCHER = spec.origin if spec is not None and spec.origin else _LAUNCHER
    for game in games():  # each game's app, rules and lessons (its registry ``warm`` hook)
        if game.warm is not None:
            game.warm()


def _set_title(title: str) -> None:
    """Put ``title`` (NUL-separated words) in this process's command line, as ``ps`` shows
    it, within the room the parent's own command line left (best effort)."""
    try:
        with open("/proc/self/stat", "rb") as fh:
            fields = fh.read().rsplit(b")", 1)[1].split()
        start, end = int(fields[45]), int(fields[46])  # arg_start, arg_end
        data = title.encode()[: end - start - 1]
        with open("/proc/self/mem", "r+b", buffering=0) as mem:
            mem.seek(start)
            mem.write(data + b"\0" * (end - start - len(data)))
    except (OSError, ValueError, IndexError):
        pass


def _child(request: dict[str, Any]) -> None:
    """In the fork: become the kernel ``request`` describes, then exit."""
    import random

    os.setsid()
    for sig in (signal.SIGCHLD, signal.SIGINT, signal.SIGTERM, signal.SIGPIPE):
        signal.signal(sig, signal.SIG_DFL)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(2, 1)  # the kernel's own output goes where the server's goes, as before
    os.close(null)  # (0 and 1 were the pipes to the server: replaced above)
    os.environ.clear()
    os.environ.update({str(k): str(v) for k, v in request["env"].items()})
    os.chdir(request["cwd"])
    args = [str(a) for a in request["args"]]
    sys.argv = [_LAUNCHER, *args]
    if sys.path and sys.path[0] == _PARENT_PATH0[0]:
        sys.path[0] = request["cwd"]  # as `python -m` in the kernel's folder has it
    _set_title("\0".join([sys.executable, "-m", "ipykernel_launcher", *args]))
    random.seed()  # every fork began with the parent's state
    if "numpy" in sys.modules:
        sys.modules["numpy"].random.seed()
    import ipywidgets
    from ipykernel.kernelapp import IPKernelApp

    # ipykernel read JPY_PARENT_PID when the parent imported it (none then): a kernel
    # whose parent is gone stops itself, as one the server started directly does
    parent = os.environ.get("JPY_PARENT_PID", "")
    extra = [f"--IPKernelApp.parent_handle={int(parent)}"] if parent.isdigit() else []
    # no input history: nobody types in a page's kernel, and each kernel opened (and a
    # thread wrote) the one SQLite file every kernel of the server shares
    extra.append("--HistoryManager.enabled=False")
    app = IPKernelApp.instance()  # as ipykernel_launcher's launch_new_instance, plus:
    app.initialize([*args, *extra])  # type: ignore[no-untyped-call]
    # what importing ipywidgets in a running kernel does (the parent imported it before
    # there was one): the page's widget manager asks for every state on this target
    ipywidgets.register_comm_target()
    app.start()  # type: ignore[no-untyped-call]


def _reap(_sig: int = 0, _frame: Any = None) -> None:
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0] > 0:
            pass


def parent_main() -> None:
    """The kernel parent: preload, then fork one kernel per request line on stdin."""
    import gc

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    _PARENT_PATH0[0] = sys.path[0] if sys.path else ""
    try:
        preload()
    except Exception as exc:  # the server then starts kernels the usual way
        print(f"mrp-tutor kernel parent: preload failed: {exc!r}", file=sys.stderr)
        return
    if threading.active_count() != 1:
        print("mrp-tutor kernel parent: a thread started while preloading; not forking",
              file=sys.stderr)
        return
    gc.collect()
    gc.freeze()  # what the forks share stays shared: no collection writes to it
    signal.signal(signal.SIGCHLD, _reap)
    out = sys.stdout
    out.write(READY + "\n")
    out.flush()
    for line in sys.stdin:
        try:
            request = json.loads(line)
            pid = os.fork()
        except (ValueError, OSError) as exc:
            out.write(json.dumps({"error": repr(exc)}) + "\n")
            out.flush()
            continue
        if pid == 0:
            try:
                _child(request)
            finally:
                os._exit(0)
        out.write(json.dumps({"pid": pid}) + "\n")
        out.flush()
        _reap()


if __name__ == "__main__":
    parent_main()
