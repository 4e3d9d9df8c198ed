"""The front-end's scripts and styles served gzip-compressed from memory (used by ``serve``).

A visitor's page loads about 96 files, 5.3 MB of JavaScript and CSS (Voila's JupyterLab
front-end, the widget manager, anywidget).  Voila serves them from disk, uncompressed, in
64 KB chunks with a flush each: measured 0.12 CPU-second of the server per visitor with an
empty cache, and 5.3 MB on the wire.  Here each file is compressed once (gzip level 6,
kept while its modification time is unchanged) and sent in one write to clients that accept
gzip (every browser); the ``ETag`` differs from the plain file's, ``Vary: Accept-Encoding``
tells caches, and range requests or clients without gzip get Voila's own handler.
"""

from __future__ import annotations

import gzip
import hashlib
import os
from typing import Any

import tornado.web

COMPRESSIBLE = (".js", ".css", ".json", ".svg", ".map")
MAX_BYTES = 20 * 2**20  # larger files go the plain way

# absolute path -> (mtime_ns, size, compressed bytes, etag)
_CACHE: dict[str, tuple[int, int, bytes, str]] = {}
# (handler class, its roots, URL path) -> (the root it was found under, its absolute path):
# finding a file among Jupyter's static roots and checking it stays inside them cost a
# visitor ~100 requests' worth of stat calls and path normalisation (a third of this
# handler's time), and the answer is the same for every visitor.  A file gone since is
# found again the usual way (compressed() answers None for it).
_RESOLVED: dict[tuple[str, str, str], tuple[Any, str]] = {}
_MOST_RESOLVED = 4096


def compressed(path: str) -> tuple[bytes, str] | None:
    """(gzip bytes, etag) of the file at ``path``, compressed once per version."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    if st.st_size > MAX_BYTES:
        return None
    hit = _CACHE.get(path)
    if hit and hit[0] == st.st_mtime_ns and hit[1] == st.st_size:
        return hit[2], hit[3]
    with open(path, "rb") as fh:
        raw = fh.read()
    gz = gzip.compress(raw, compresslevel=6, mtime=0)
    etag = '"gz-' + hashlib.sha1(raw, usedforsecurity=False).hexdigest() + '"'
    _CACHE[path] = (st.st_mtime_ns, st.st_size, gz, etag)
    return gz, etag


class CompressedStaticMixin:
    """Put before a ``tornado.web.StaticFileHandler`` subclass (see :func:`compressed_class`)."""

    request: Any

    async def get(self, path: str, include_body: bool = True) -> None:
        h: Any = self
        accepts = "gzip" in self.request.headers.get("Accept-Encoding", "")
        if not accepts or self.request.headers.get("Range"):
            return await super().get(path, include_body)  # type: ignore[misc,no-any-return]
        h.path = h.parse_url_path(path)
        key = (type(h).__name__, repr(getattr(h, "roots", h.root)), h.path)
        hit = _RESOLVED.get(key)
        if hit is not None:
            h.root, absolute = hit
        else:
            found = h.get_absolute_path(h.root, h.path)  # may set h.root (several roots)
            absolute = h.validate_absolute_path(h.root, found)
            if absolute is None:
                return None
        packed = compressed(absolute) if absolute.endswith(COMPRESSIBLE) else None
        if packed is not None and hit is None and len(_RESOLVED) < _MOST_RESOLVED:
            _RESOLVED[key] = (h.root, absolute)
        if packed is None:
            return await super().get(path, include_body)  # type: ignore[misc,no-any-return]
        body, etag = packed
        h.absolute_path = absolute
        h.modified = h.get_modified_time()
        h.set_headers()
        h.set_header("Etag", etag)
        h.set_header("Content-Encoding", "gzip")
        h.set_header("Vary", "Accept-Encoding")
        if h.should_return_304():
            h.set_status(304)
            return None
        h.set_header("Content-Length", len(body))
        if include_body:
            h.write(body)
        return None


def compressed_class(cls: type[Any]) -> type[Any]:
    """``cls`` (a StaticFileHandler) serving scripts and styles compressed from memory."""
    if not issubclass(cls, tornado.web.StaticFileHandler):
        return cls
    return type(f"Compressed{cls.__name__}", (CompressedStaticMixin, cls), {})


class SafePathMixin:
    """Put before a static handler whose ``parse_url_path`` expects more parts than a request
    may give (Voila's ``/voila/templates/<template>/static/<file>``): a short path is a 404,
    not an uncaught ValueError (a 500)."""

    def parse_url_path(self, url_path: str) -> str:
        try:
            return super().parse_url_path(url_path)  # type: ignore[misc,no-any-return]
        except ValueError:
            raise tornado.web.HTTPError(404) from None

    def get_absolute_path(self, root: str, path: str) -> str:
        try:
            return super().get_absolute_path(root, path)  # type: ignore[misc,no-any-return]
        except ValueError:
            raise tornado.web.HTTPError(404) from None


def safe_path_class(cls: type[Any]) -> type[Any]:
    """``cls`` (a StaticFileHandler) answering 404 to a path it cannot parse."""
    if not issubclass(cls, tornado.web.StaticFileHandler):
        return cls
    return type(f"SafePath{cls.__name__}", (SafePathMixin, cls), {})


NOT_FOUND_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Not found: Mission: Red Planet tutor</title></head><body>
<h1>Not found</h1><p>There is no such page here. <a href="/">Open the tutor</a>.</p>
</body></html>"""


class NotFoundHandler(tornado.web.RequestHandler):
    """A plain 404 page for routes the tutor does not offer (``/logout``: the app has no
    accounts; Jupyter's own page needs settings a Voila server does not have, a 500)."""

    def prepare(self) -> None:
        self.set_status(404)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(NOT_FOUND_PAGE)
