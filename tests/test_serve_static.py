"""The front-end's files served compressed from memory (mrp_tutor/serve_static.py): a file
found once is found again without the search, yet a file gone since is a 404 and a path out
of the folder is refused."""

from __future__ import annotations

import gzip
import threading
import unittest
from pathlib import Path
from typing import Any

import tornado.web
from tornado.testing import AsyncHTTPTestCase

from mrp_tutor import serve_static


class StaticCase(AsyncHTTPTestCase):
    __test__ = False  # run by the tests below, each in a thread of its own

    def get_app(self) -> tornado.web.Application:
        import tempfile

        self.folder = Path(tempfile.mkdtemp())
        (self.folder / "app.js").write_text("console.log('x');" * 100)
        (self.folder.parent / f"{self.folder.name}-secret.js").write_text("secret")
        cls = serve_static.compressed_class(tornado.web.StaticFileHandler)
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
