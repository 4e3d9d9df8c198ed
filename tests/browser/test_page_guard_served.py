"""Crafted comm messages to a real served kernel (issue 41, item 3): the page guard is in
place in the kernel Voila starts (forked from the kernel parent), so out-of-range indexes,
a rewritten board, a non-mapping click, an unknown method and ``comm_open`` with a bad
protocol version or state get no traceback, no ``error`` message and no exception text in
any frame the kernel sends, and the game plays on.  A protocol-level visitor
(``benchmarks/load_protocol.py``) speaks the page's part over the kernel websocket."""

from __future__ import annotations

import asyncio
import json
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from testkit.comm_fuzz import LEAK

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from load_protocol import Visitor  # noqa: E402

pytestmark = pytest.mark.browser


def test_crafted_messages_to_a_served_kernel_get_no_traceback(voila_url: str) -> None:
    async def scenario() -> tuple[list[dict[str, Any]], float]:
        v = Visitor(voila_url, [], 180)
        await v.open_page()
        await v.connect()
        await v.load_widgets()
        viewer = v.model_with("mrp-viewer")["id"]
        tabs = v.model_with("mrp-tabs")["id"]
        board = next(mid for mid, m in v.models.items() if "board" in m["state"]
                     and isinstance(m["state"]["board"], dict))
        nxt = v.model_with("mrp-next")["id"]

        def msg(comm: str, data: Any) -> tuple[str, str, dict[str, Any], dict[str, Any]]:
            return "shell", "comm_msg", {"comm_id": comm, "data": data}, {}

        def opened(version: Any, state: Any) -> tuple[str, str, dict[str, Any], dict[str, Any]]:
            return "shell", "comm_open", {"comm_id": uuid.uuid4().hex,
                                          "target_name": "jupyter.widget",
                                          "data": {"state": state}}, {"version": version}

        crafted = [
            msg(viewer, {"method": "update", "state": {"index": 99}}),
            msg(viewer, {"method": "update", "state": {"index": "1"}}),
            msg(tabs, {"method": "update", "state": {"selected_index": 99}}),
            msg(board, {"method": "update", "state": {"board": {"zones": [{"id": "zz"}]}}}),
            msg(board, {"method": "custom", "content": {"kind": "pick", "target": "zone",
                                                        "id": "zz"}}),
            msg(nxt, {"method": "custom", "content": "click"}),
            msg(nxt, {"method": "exec", "code": "import os"}),
            opened("0.1", {}),
            opened("2.1.0", {"_model_name": "NoSuchModel", "_model_module": "x"}),
            opened(7, None),
        ]
        frames: list[dict[str, Any]] = []
        for channel, kind, content, metadata in crafted:
            got = await v.request(channel, kind, content, metadata)
            frames += [m for _t, _c, m in got]
        ms = await v.click("mrp-next", "mrp-step-count")  # the game plays on
        await v.close_tab()
        return frames, ms

    with ThreadPoolExecutor(1) as pool:
        frames, ms = pool.submit(asyncio.run, scenario()).result(timeout=600)
    kinds = {m["header"]["msg_type"] for m in frames}
    assert "error" not in kinds, kinds
    text = json.dumps(frames)
    found = LEAK.search(text)
    assert found is None, text[max(0, found.start() - 300):found.end() + 300]
    assert any("cannot use" in json.dumps(m["content"]) for m in frames)  # a sentence, said
    assert ms >= 0
