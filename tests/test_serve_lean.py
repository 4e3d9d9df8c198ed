"""The server's per-visitor work trimmed (mrp_tutor/serve/lean.py): same results, less work."""

from __future__ import annotations

import logging

import pytest
from jinja2 import DictLoader, Environment
from testkit.loops import in_own_loop

from mrp_tutor.serve import lean as serve_lean


def _env(templates: dict[str, str], *, is_async: bool = False) -> Environment:
    env = Environment(loader=DictLoader(templates), enable_async=is_async)
    env.bytecode_cache = serve_lean.CACHE
    return env


def test_a_template_is_compiled_once_for_every_environment(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    serve_lean.CACHE.clear()
    compiled: list[str] = []
    real = Environment._compile

    def counting(self: Environment, source: str, filename: str) -> object:
        compiled.append(filename)
        return real(self, source, filename)

    monkeypatch.setattr(Environment, "_compile", counting)
    pages = {"page.html": "{% for x in xs %}<i>{{ x | upper }}</i>{% endfor %}"}
    outs = [_env(pages).get_template("page.html").render(xs=["a", "b"]) for _ in range(3)]
    assert outs == ["<i>A</i><i>B</i>"] * 3
    assert len(compiled) == 1  # the 2nd and 3rd environments reused the bytecode


def test_a_changed_template_or_another_mode_compiles_again() -> None:
    serve_lean.CACHE.clear()
    assert _env({"t": "one {{ n }}"}).get_template("t").render(n=1) == "one 1"
    assert _env({"t": "two {{ n }}"}).get_template("t").render(n=2) == "two 2"
    # an async environment's code is not a sync one's: its own entry, and it renders
    env = _env({"t": "two {{ n }}"}, is_async=True)
    template = env.get_template("t")
    assert in_own_loop(lambda: template.render_async(n=3), "the async render") == "two 3"
    assert len(serve_lean.CACHE._code) == 2


def test_voila_exporters_share_the_cache() -> None:
    from voila.exporter import VoilaExporter
    from voila.paths import collect_template_paths

    serve_lean.cache_templates()
    serve_lean.CACHE.clear()
    paths = collect_template_paths(["voila", "nbconvert"], "lab")
    envs = [VoilaExporter(template_paths=paths, template_name="lab").environment
            for _ in range(2)]
    assert all(env.bytecode_cache is serve_lean.CACHE for env in envs)
    envs[0].get_template("index.html.j2")
    assert serve_lean.CACHE._code  # what the first page compiled, the next one reads


DATES = ["2026-11-27T14:40:00.123456Z", "2026-11-27T14:40:00Z", "2026-11-27T14:40:00.1+01:00",
         "2026-11-27T14:40:00.123+0130", "2026-11-27T14:40:00-05:00", "hello", "2026-11-27",
         "2026-11-27T14:40:00.1234567Z", None]


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_message_dates_read_the_same() -> None:
    from jupyter_client import jsonutil

    assert not getattr(jsonutil.parse_date, "_mrp_fast", False), "run before fast_dates()"
    before = [jsonutil.parse_date(s) for s in [*DATES, "2026-11-27T14:40:00"]]
    serve_lean.fast_dates()
    after = [jsonutil.parse_date(s) for s in [*DATES, "2026-11-27T14:40:00"]]
    assert after == before
    assert [type(x) for x in after] == [type(x) for x in before]
    assert [x.utcoffset() for x in after if hasattr(x, "utcoffset")] == \
        [x.utcoffset() for x in before if hasattr(x, "utcoffset")]


def test_the_servers_logger_filters_debug_lines_before_building_them() -> None:
    log = logging.getLogger("mrp-test-lean")
    log.setLevel(logging.DEBUG)  # as a traitlets application leaves it
    serve_lean.install(log, logging.INFO)
    assert not log.isEnabledFor(logging.DEBUG) and log.isEnabledFor(logging.INFO)
    serve_lean.install(log, logging.DEBUG)  # --log-level=DEBUG still shows them
    assert log.isEnabledFor(logging.DEBUG)

