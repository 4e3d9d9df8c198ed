"""The front-end's files served compressed from memory (mrp_tutor/serve/static.py): a file
found once is found again without the search, yet a file gone since is a 404 and a path out
of the folder is refused; a browser's copy revalidated is a 304; the caching policy and the
version of a folder; the page template's icon that ``serve`` replaces."""

from __future__ import annotations

import gzip
import threading
import unittest
from pathlib import Path
from typing import Any

import pytest
import tornado.web
from tornado.testing import AsyncHTTPTestCase

from mrp_tutor.serve import static as serve_static


class StaticCase(AsyncHTTPTestCase):
    __test__ = False  # run by the tests below, each in a thread of its own

    def get_app(self) -> tornado.web.Application:
        import tempfile

        self.folder = Path(tempfile.mkdtemp())
        (self.folder / "app.js").write_text("console.log('x');" * 100)
        (self.folder.parent / f"{self.folder.name}-secret.js").write_text("secret")
        cls = serve_static.compressed_class(
            serve_static.cached_class(tornado.web.StaticFileHandler))
        return tornado.web.Application([(r"/static/(.*)", cls, {"path": str(self.folder)})])

    def get(self, path: str) -> Any:
        return self.fetch(path, headers={"Accept-Encoding": "gzip"}, decompress_response=False)

    def test_found_once_then_from_memory_and_a_gone_file_is_a_404(self) -> None:
        serve_static._RESOLVED.clear()
        first = self.get("/static/app.js")
        assert first.code == 200 and first.headers["Content-Encoding"] == "gzip"
        assert len(serve_static._RESOLVED) == 1
        again = self.get("/static/app.js")
        assert again.code == 200 and again.body == first.body
        assert gzip.decompress(again.body).decode() == "console.log('x');" * 100
        (self.folder / "app.js").unlink()
        assert self.get("/static/app.js").code == 404

    def test_a_copy_the_browser_has_is_a_304(self) -> None:
        first = self.get("/static/app.js")
        assert first.headers["Cache-Control"] == serve_static.REVALIDATE  # unversioned
        again = self.fetch("/static/app.js", decompress_response=False,
                           headers={"Accept-Encoding": "gzip",
                                    "If-None-Match": first.headers["Etag"]})
        assert again.code == 304 and again.body == b""
        (self.folder / "app.js").write_text("console.log('y');")  # another content
        changed = self.fetch("/static/app.js", decompress_response=False,
                             headers={"Accept-Encoding": "gzip",
                                      "If-None-Match": first.headers["Etag"]})
        assert changed.code == 200 and gzip.decompress(changed.body) == b"console.log('y');"

    def test_a_path_out_of_the_folder_is_refused(self) -> None:
        for path in (f"/static/../{self.folder.name}-secret.js",
                     f"/static/%2e%2e/{self.folder.name}-secret.js"):
            got = self.get(path)
            assert got.code in (403, 404) and b"secret" not in got.body


def _in_thread(name: str) -> None:
    """Run the case's test ``name`` in a thread of its own: the browser tests' sync Playwright
    keeps an event loop running in the main thread, where tornado's test case cannot start
    its own."""
    result = unittest.TestResult()
    worker = threading.Thread(target=lambda: StaticCase(name).run(result))
    worker.start()
    worker.join(60)
    assert not worker.is_alive(), "the static-file test hung"
    assert result.testsRun == 1 and result.wasSuccessful(), result.errors + result.failures


def test_found_once_then_from_memory_and_a_gone_file_is_a_404() -> None:
    _in_thread("test_found_once_then_from_memory_and_a_gone_file_is_a_404")


def test_a_path_out_of_the_folder_is_refused() -> None:
    _in_thread("test_a_path_out_of_the_folder_is_refused")


def test_a_copy_the_browser_has_is_a_304() -> None:
    _in_thread("test_a_copy_the_browser_has_is_a_304")


@pytest.mark.parametrize(("path", "versioned", "policy"), [
    ("/voila/templates/lab/static/index.css", True, serve_static.IMMUTABLE),  # ?v=
    ("/voila/labextensions/x/static/remoteEntry.5cbb9d2323598fbda535.js", False,
     serve_static.IMMUTABLE),
    ("/voila/labextensions/anywidget/static/528.d9f5934c.js", False, serve_static.IMMUTABLE),
    ("/voila/static/1cb1c39ea642f26a4dfe.woff", False, serve_static.IMMUTABLE),
    ("/voila/static/voila.js", False, serve_static.REVALIDATE),
    ("/voila/static/1807.voila.js", False, serve_static.REVALIDATE),
    ("/voila/labextensions/x/static/style.js", False, serve_static.REVALIDATE),
    ("/voila/labextensions/x/package.json", False, serve_static.REVALIDATE),
    ("/voila/static/deadbeef/voila.js", False, serve_static.REVALIDATE),  # a folder, not a name
])
def test_only_a_url_that_names_one_content_is_kept(path: str, versioned: bool,
                                                   policy: str) -> None:
    assert serve_static.cache_control(path, versioned) == policy


def test_the_folder_version_changes_with_any_file(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "voila.js").write_text("one")
    first = serve_static.folder_digest([str(tmp_path), str(tmp_path / "missing")])
    assert serve_static.folder_digest([str(tmp_path)]) == first
    (tmp_path / "a" / "voila.js").write_text("two!")
    assert serve_static.folder_digest([str(tmp_path)]) != first


def test_voila_page_names_the_empty_icon_serve_replaces() -> None:
    """``serve`` swaps the lab template's empty icon link for the app's: the string it looks
    for is the installed template's (a Voila that changes it shows here, not as a blank icon)."""
    from voila.paths import collect_template_paths

    from mrp_tutor.serve.server import TEMPLATE_ICON

    found = [p / "index.html.j2" for p in map(Path, collect_template_paths(
        ["voila", "nbconvert"], "lab")) if (p / "index.html.j2").is_file()]
    assert any(TEMPLATE_ICON in f.read_text() for f in found), found
    links = serve_static.icon_links("/base")
    assert 'href="/base/favicon.ico"' in links and 'href="/base/favicon.svg"' in links
