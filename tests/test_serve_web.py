"""What a browser asks of the real server (``python -m mrp_tutor.serve.server``) besides the app:
its icon, and the front-end's files with headers that let a returning visitor keep them.

The icon: ``/favicon.ico`` (every browser asks for it) fell to Voila's page route, which sent
it on to ``/voila/files/favicon.ico`` and a 403 (not on Voila's file allowlist): a red line in
each visitor's console.  Now the app's own icon (``mrp_tutor/serve/icons``) answers, and the pages
name it.  Caching: see ``mrp_tutor/serve/static.py`` (``cache_control``)."""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from testkit.server import http_get, kernel_free_server

from mrp_tutor.serve.static import ICON_FOLDER, IMMUTABLE, REVALIDATE

GZ = {"Accept-Encoding": "gzip"}
COOKIES = {"none": {}, "gate passed": {"Cookie": "mrp_js=1"},
           "returning visitor": {"Cookie": "mrp_js=1; mrp_visitor=" + "a" * 43}}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    log = tmp_path_factory.mktemp("serve") / "voila.log"
    with kernel_free_server(log) as port:
        yield port, log


@pytest.mark.parametrize("cookies", COOKIES)
@pytest.mark.parametrize(("name", "kind"), [("favicon.ico", "image/x-icon"),
                                            ("favicon.svg", "image/svg+xml")])
def test_the_icon_is_the_apps_own_with_no_page_cookie_or_seat(
        server: tuple[int, Path], cookies: str, name: str, kind: str) -> None:
    port, _ = server
    status, headers, body = http_get(port, f"/{name}", COOKIES[cookies])
    assert status == 200, (status, headers.get("Location"), body[:200])
    assert headers["Content-Type"] == kind
    assert body == (ICON_FOLDER / name).read_bytes()
    set_cookies = " ".join(headers.get_all("Set-Cookie") or [])
    assert "mrp_visitor" not in set_cookies and "_xsrf" not in set_cookies
    again, _, rest = http_get(port, f"/{name}", {"If-None-Match": headers["Etag"]})
    assert again == 304 and rest == b""


def test_the_gate_page_names_the_icon(server: tuple[int, Path]) -> None:
    port, _ = server
    status, _, body = http_get(port, "/")
    assert status == 200 and b'id="mrp-gate"' in body
    assert b'<link rel="icon" href="/favicon.ico"' in body
    assert b'<link rel="icon" href="/favicon.svg" type="image/svg+xml">' in body


def test_another_path_is_sent_to_the_file_route_without_a_seat(
        server: tuple[int, Path]) -> None:
    """Safari asks ``/apple-touch-icon.png``: Voila's redirect to its file route, as before,
    but no visitor secret issued (nor a class counted as arriving: the pool would grow)."""
    port, _ = server
    status, headers, _ = http_get(port, "/apple-touch-icon.png", COOKIES["gate passed"])
    assert status == 302 and headers["Location"] == "/voila/files/apple-touch-icon.png"
    set_cookies = " ".join(headers.get_all("Set-Cookie") or [])
    assert "mrp_visitor" not in set_cookies and "_xsrf" not in set_cookies


def hashed_file() -> str:
    """anywidget's ``remoteEntry.<content hash>.js``, as installed (under labextensions/)."""
    from voila.utils import get_voila_labextensions_path

    for root in map(Path, get_voila_labextensions_path()):
        for path in sorted(root.glob("anywidget/static/remoteEntry.*.js")):
            return path.relative_to(root).as_posix()
    raise AssertionError("anywidget's front-end is not installed")


def versioned_static(log: Path) -> str:
    """The versioned folder of Voila's scripts, as the server logged it at start."""
    m = re.search(r"served under (voila/static/v-[0-9a-f]+)/", log.read_text(errors="replace"))
    assert m, log.read_text()[-2000:]
    return "/" + m.group(1)


@pytest.mark.parametrize("gzip_ok", [True, False])
def test_files_that_cannot_change_are_kept_a_year_others_revalidated_with_a_304(
        server: tuple[int, Path], gzip_ok: bool) -> None:
    port, log = server
    headers = GZ if gzip_ok else {}
    kept = [versioned_static(log) + "/voila.js", versioned_static(log) + "/1807.voila.js",
            "/voila/templates/lab/static/index.css?v=1", "/voila/labextensions/" + hashed_file()]
    asked = ["/voila/static/voila.js", "/voila/labextensions/anywidget/package.json"]
    for path in kept + asked:
        status, got, body = http_get(port, path, headers)
        assert status == 200, (path, status)
        assert got["Cache-Control"] == (IMMUTABLE if path in kept else REVALIDATE), path
        assert got.get("Expires") is None, path
        assert (got.get("Content-Encoding") == "gzip") == gzip_ok, path
        if gzip_ok:
            assert gzip.decompress(body)
        validator = ({"If-None-Match": got["Etag"]} if got.get("Etag")
                     else {"If-Modified-Since": got["Last-Modified"]})
        again, _, rest = http_get(port, path, {**headers, **validator})
        assert again == 304 and rest == b"", (path, again)


def test_an_old_version_of_the_scripts_is_not_served(server: tuple[int, Path]) -> None:
    port, log = server
    assert versioned_static(log) != "/voila/static/v-0000000000000000"
    status, _, _ = http_get(port, "/voila/static/v-0000000000000000/voila.js", GZ)
    assert status in (403, 404)  # Voila's answer to a file it does not have (403 there)
