"""The front-end's files as ``serve`` sends them: gzip-compressed from memory, cached by the
browser as long as they cannot change, and the app's icon.

A visitor's page loads about 96 files, 5.3 MB of JavaScript and CSS (Voila's JupyterLab
front-end, the widget manager, anywidget).  Voila serves them from disk, uncompressed, in
64 KB chunks with a flush each: measured 0.12 CPU-second of the server per visitor with an
empty cache, and 5.3 MB on the wire.  Here each file is compressed once (gzip level 6,
kept while its modification time is unchanged) and sent in one write to clients that accept
gzip (every browser); the ``ETag`` differs from the plain file's, ``Vary: Accept-Encoding``
tells caches, and range requests or clients without gzip get Voila's own handler.

**What a returning visitor's browser keeps** (:func:`cache_control`).  Tornado marks a file
cacheable only when its URL carries ``?v=`` (Voila's template CSS); Voila's own scripts
(``/voila/static/voila.js`` and its ~60 chunks, named ``1807.voila.js`` whatever their
version) went without ``Cache-Control``, left to each browser's guess from
``Last-Modified``, and the widget extensions' files with ``no-cache``.  Here a file whose
URL cannot name another content is kept a year without asking again (``immutable``): a
``?v=`` URL, a name with a content hash (``remoteEntry.5cbb9d2323598fbda535.js``), and
Voila's own folder under a versioned prefix, ``/voila/static/v-<digest>/``, the digest of
its files' names, sizes and times at server start (:func:`folder_digest`; the page's
``fullStaticUrl``, from which it loads its scripts and chunks, is rewritten to it by
``serve``).  Anything else is revalidated on each use (``no-cache``) and costs a 304.

**The app's icon** (:class:`IconHandler`): ``/favicon.ico``, which every browser asks for,
fell to Voila's page route, which redirects any other path to ``/voila/files/``, which
refuses a file not on its allowlist (403, a red line in each visitor's console).
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
from pathlib import Path
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

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
VERSIONED_DIR = "v-"  # /voila/static/v-<digest>/<file>: see folder_digest
# a file name that carries its content's hash (webpack's [contenthash]: 8-20 hex digits)
_HASHED = re.compile(r"(?:^|[.-])[0-9a-f]{8,}\.[A-Za-z0-9]+$")


def cache_control(url_path: str, versioned: bool) -> str:
    """``Cache-Control`` for a static file at ``url_path`` (``versioned``: a ``?v=`` URL)."""
    name = url_path.rsplit("/", 1)[-1]
    if versioned or _HASHED.search(name):
        return IMMUTABLE
    return REVALIDATE


def folder_digest(folders: list[str]) -> str:
    """A short digest of the files under ``folders`` (relative names, sizes, modification
    times): it changes whenever a file there does (a Voila upgrade), so a URL holding it
    names one content."""
    h = hashlib.sha1(usedforsecurity=False)
    for root in folders:
        base = Path(root)
        if not base.is_dir():
            continue
        for path in sorted(p for p in base.rglob("*") if p.is_file()):
            st = path.stat()
            h.update(f"{path.relative_to(base)}|{st.st_size}|{st.st_mtime_ns}\n".encode())
    return h.hexdigest()[:16]


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


class CachePolicyMixin:
    """Put before a ``tornado.web.StaticFileHandler`` subclass: :func:`cache_control`, or
    :data:`IMMUTABLE` for every file of a route whose URLs carry a version."""

    request: Any
    mrp_immutable = False

    def set_headers(self) -> None:
        h: Any = self
        super().set_headers()  # type: ignore[misc]
        h.clear_header("Expires")  # tornado's 10 years for ?v= URLs: Cache-Control says it
        policy = IMMUTABLE if self.mrp_immutable else cache_control(
            self.request.path, "v" in self.request.arguments)
        h.set_header("Cache-Control", policy)


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


#: what a path a static route serves never holds: a step up, a NUL, a backslash
_UNSAFE_PART = re.compile(r"(^|/)\.\.(/|$)|\x00|\\")


class SafePathMixin:
    """Put before a static handler whose ``parse_url_path`` expects more parts than a request
    may give (Voila's ``/voila/templates/<template>/static/<file>``): a path it cannot use is
    a 404, not an uncaught exception (a 500 and a traceback in the log): too short a path
    (``ValueError``), ``/voila/templates/../../etc/passwd`` (Voila asserts the second part is
    ``static``: ``AssertionError``), a NUL (``ValueError`` from the file system)."""

    def parse_url_path(self, url_path: str) -> str:
        if _UNSAFE_PART.search(url_path):
            raise tornado.web.HTTPError(404)
        try:
            return super().parse_url_path(url_path)  # type: ignore[misc,no-any-return]
        except (ValueError, AssertionError, IndexError):
            raise tornado.web.HTTPError(404) from None

    def get_absolute_path(self, root: str, path: str) -> str:
        try:
            return super().get_absolute_path(root, path)  # type: ignore[misc,no-any-return]
        except (ValueError, AssertionError, IndexError):
            raise tornado.web.HTTPError(404) from None

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        try:
            return super().validate_absolute_path(  # type: ignore[misc,no-any-return]
                root, absolute_path)
        except (ValueError, AssertionError, IndexError):
            raise tornado.web.HTTPError(404) from None


def safe_path_class(cls: type[Any]) -> type[Any]:
    """``cls`` (a StaticFileHandler) answering 404 to a path it cannot parse."""
    if not issubclass(cls, tornado.web.StaticFileHandler):
        return cls
    return type(f"SafePath{cls.__name__}", (SafePathMixin, cls), {})


def cached_class(cls: type[Any], immutable: bool = False) -> type[Any]:
    """``cls`` (a StaticFileHandler) with :func:`cache_control`'s ``Cache-Control``
    (``immutable``: every file a year, for a route whose URLs hold a version)."""
    if not issubclass(cls, tornado.web.StaticFileHandler):
        return cls
    name = f"{'Versioned' if immutable else 'Cached'}{cls.__name__}"
    return type(name, (CachePolicyMixin, cls), {"mrp_immutable": immutable})


ICON_FOLDER = Path(__file__).resolve().parent / "icons"
ICON_TYPES = {"favicon.ico": "image/x-icon", "favicon.svg": "image/svg+xml"}
ICON_CACHE = "public, max-age=86400"  # a day: the URL has no version to change
_ICONS: dict[str, tuple[bytes, str]] = {}


def icon(name: str) -> tuple[bytes, str]:
    """(bytes, etag) of the shipped icon ``name`` (one of :data:`ICON_TYPES`), read once."""
    if name not in _ICONS:
        body = (ICON_FOLDER / name).read_bytes()
        _ICONS[name] = body, '"' + hashlib.sha1(body, usedforsecurity=False).hexdigest() + '"'
    return _ICONS[name]


def icon_links(base_url: str) -> str:
    """The ``<link>`` tags that name the app's icon, for a page served under ``base_url``."""
    base = base_url if base_url.endswith("/") else base_url + "/"
    return (f'<link rel="icon" href="{base}favicon.ico" sizes="16x16 32x32 48x48">'
            f'<link rel="icon" href="{base}favicon.svg" type="image/svg+xml">')


class IconHandler(tornado.web.RequestHandler):
    """The app's icon (``mrp_tutor/serve/icons``) from memory: no page, no cookie, no kernel."""

    def initialize(self, name: str) -> None:
        self.mrp_name = name

    def get(self) -> None:
        self.answer(include_body=True)

    def head(self) -> None:
        self.answer(include_body=False)

    def answer(self, include_body: bool) -> None:
        body, etag = icon(self.mrp_name)
        self.set_header("Content-Type", ICON_TYPES[self.mrp_name])
        self.set_header("Cache-Control", ICON_CACHE)
        self.set_header("Etag", etag)
        if self.check_etag_header():
            self.set_status(304)
            return
        self.set_header("Content-Length", len(body))
        if include_body:
            self.write(body)


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
