"""Visitors' kernels forked from a warm parent (used by :mod:`mrp_tutor.serve.server`).

Measured on the 2-core box: a visitor's kernel spent about 0.3 CPU-second starting Python
and ipykernel and 0.2 importing the app (ipywidgets, pydantic's models of the card data, the
engine) before it built a single widget, every visitor again.  Here the server starts one
process, the *kernel parent*, that imports all of that once (and loads the card data and the
scenario library); each kernel is then a ``fork()`` of it, so a new kernel starts with every
module already in memory (shared with the parent until written) and only runs ipykernel's
own start and the app.

- The server side is a kernel provisioner (:class:`ForkProvisioner`, put in by the kernel
  manager class :class:`ForkKernelManager`): for the standard Python kernel command it asks
  the parent for a fork instead of starting ``python -m ipykernel_launcher``; anything else
  (another kernel, the parent not ready or gone) starts as before.
- The fork is its own session (``setsid``, so the kernel manager's process-group signals
  reach it alone), gets the kernel's environment, working folder, command line (``ps`` and
  ``/proc`` show ``python -m ipykernel_launcher -f …/kernel-<id>.json`` as for any kernel)
  and fresh seeds for :mod:`random`, then runs ipykernel exactly as the launcher does.
- The server watches a forked kernel through a pidfd (it is the parent's child, not the
  server's): ``poll``, ``wait`` and signals go to that process and no other, even if its
  number is reused.  The parent reaps its children.
- The parent holds no thread and no socket when it forks; it stops when the server's end of
  its pipe closes (the server stopped, however it stopped), and a kernel whose parent is gone
  stops itself (ipykernel's parent poller), as before.

Shared by every kernel forked from one parent: Python's string-hash seed
(``PYTHONHASHSEED``), fixed at the parent's start.  Nothing secret depends on it here (the
visitor secret and kernel ids come from ``os.urandom``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
from typing import Any

from jupyter_client.provisioning.local_provisioner import LocalProvisioner
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

from mrp_tutor.serve.kernel_parent import READY, TITLE_ROOM

READY_WAIT_S = 180.0  # for the parent's imports (a loaded machine)
FORK_WAIT_S = 30.0  # for one fork's answer; after that, kernels start the usual way

# ---------------------------------------------------------------------------- server side


class ForkedProcess:
    """A ``Popen``-like handle on a kernel forked by the parent (not the server's child)."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        try:
            self._fd: int | None = os.pidfd_open(pid)
        except OSError:  # already gone
            self._fd, self.returncode = None, -signal.SIGKILL

    def _exited(self, timeout_ms: int) -> bool:
        """Whether the process has exited (``poll``, not ``select``: a busy server holds
        more than ``select``'s 1024 file descriptors)."""
        if self._fd is None:
            return True
        watch = select.poll()
        watch.register(self._fd, select.POLLIN)
        return bool(watch.poll(timeout_ms))

    def poll(self) -> int | None:
        # exited: its exit status went to the parent, which reaped it
        if self.returncode is None and self._fd is not None and self._exited(0):
            self.returncode = -signal.SIGKILL
            os.close(self._fd)
            self._fd = None
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        end = None if timeout is None else time.monotonic() + timeout
        while (rc := self.poll()) is None:
            if end is not None and time.monotonic() > end:
                raise subprocess.TimeoutExpired(f"kernel {self.pid}", timeout or 0)
            self._exited(100)
        return rc

    def send_signal(self, signum: int) -> None:
        if self.poll() is None and self._fd is not None:
            signal.pidfd_send_signal(self._fd, signum)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)


def can_fork_kernels() -> bool:
    """Whether this system forks and watches processes by pidfd (Linux 5.3+, and not
    refused by a container's syscall filter)."""
    if not (hasattr(os, "fork") and hasattr(os, "pidfd_open")
            and hasattr(signal, "pidfd_send_signal")):
        return False
    try:
        os.close(os.pidfd_open(os.getpid()))
    except OSError:
        return False
    return True


class KernelParent:
    """The server's end of the kernel parent process."""

    _instance: KernelParent | None = None

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.ready = False
        self.broken = False
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mrp_tutor.serve.kernel_parent", "mrp-tutor kernel parent"
             + " " * TITLE_ROOM], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            bufsize=1, close_fds=True)

    @classmethod
    def start(cls) -> KernelParent:
        if cls._instance is None or cls._instance.proc.poll() is not None:
            cls._instance = cls()
        return cls._instance

    @classmethod
    def current(cls) -> KernelParent | None:
        got = cls._instance
        return (got if got is not None and not got.broken and got.proc.poll() is None
                else None)

    def fork(self, args: list[str], env: dict[str, str], cwd: str) -> int | None:
        """A kernel forked with ``args`` (ipykernel's), ``env`` and ``cwd``: its pid, or None
        (the parent is gone or broke)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        with self.lock:
            try:
                if not self.ready:  # its first line: the imports are done
                    if self._line(READY_WAIT_S).strip() != READY:
                        return None
                    self.ready = True
                self.proc.stdin.write(json.dumps({"args": args, "env": env, "cwd": cwd})
                                      + "\n")
                answer = json.loads(self._line(FORK_WAIT_S) or "{}")
            except (OSError, ValueError):
                return None
        pid = answer.get("pid")
        return pid if type(pid) is int and pid > 0 else None

    def _line(self, timeout_s: float) -> str:
        """The parent's next line; a parent silent for ``timeout_s`` is no longer asked
        (the server then starts kernels the usual way; the kernels forked already keep
        running: a kernel whose parent is gone stops itself) and gives ``""``."""
        assert self.proc.stdout is not None
        watch = select.poll()
        watch.register(self.proc.stdout.fileno(), select.POLLIN | select.POLLHUP)
        if not watch.poll(int(timeout_s * 1000)):  # one line at a time: nothing buffered
            self.broken = True
            return ""
        return self.proc.stdout.readline()

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def launcher_args(cmd: list[str]) -> list[str] | None:
    """The ipykernel arguments of a standard Python kernel command of this interpreter."""
    if (len(cmd) >= 3 and cmd[1:3] == ["-m", "ipykernel_launcher"]
            and os.path.realpath(cmd[0]) == os.path.realpath(sys.executable)):
        return cmd[3:]
    return None


class ForkProvisioner(LocalProvisioner):
    """Jupyter's local provisioner, launching the Python kernel as a fork of the parent."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> Any:
        parent, args = KernelParent.current(), launcher_args(cmd)
        pid = None
        if parent is not None and args is not None:
            # as jupyter_client's launcher adds it: the kernel stops when its parent is gone
            env = {**(kwargs.get("env") or os.environ), "JPY_PARENT_PID": str(os.getpid())}
            cwd = str(kwargs.get("cwd") or os.getcwd())
            pid = await asyncio.to_thread(parent.fork, args, env, cwd)
        if pid is None:
            return await super().launch_kernel(cmd, **kwargs)
        self.process = ForkedProcess(pid)  # type: ignore[assignment]  # Popen-like
        self.pid = self.pgid = pid  # its own session: its group is itself
        self.cwd = kwargs.get("cwd") or os.getcwd()
        return self.connection_info


class ForkKernelManager(ServerKernelManager):
    """The per-kernel manager whose kernels are forked (:class:`ForkProvisioner`)."""

    async def _async_pre_start_kernel(self, **kw: Any) -> Any:
        # the idle cull reads it while the kernel starts (a fork waits for the parent)
        self.last_activity = utcnow()
        if self.provisioner is None:
            self.provisioner = ForkProvisioner(kernel_id=self.kernel_id,
                                               kernel_spec=self.kernel_spec, parent=self)
        return await super()._async_pre_start_kernel(**kw)


DOTTED = "mrp_tutor.serve.fork.ForkKernelManager"
