"""Checks the First Martians browser tests share (tests/browser/test_fm_*.py)."""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

RAW = re.compile(r"validation error|Input should|Field required|Traceback|KeyError|"
                 r"pydantic|\{'|\btype: ")


def no_raw_text(app: Any, ids: list[str]) -> None:
    texts = app.page.locator(".fm-panel .mrp-text, .fm-status, .fm-now, .fm-ask-prompt, "
                             ".fm-pl-item, .fm-hub-view").all_inner_texts()
    page = "\n".join(texts)
    assert not RAW.search(page), RAW.search(page)
    found = [i for i in ids if re.search(rf"\b{re.escape(i)}\b", page)]
    assert not found, found


def export_matches_cli(app: Any, panel: Any, tmp_path: Path, sol: int = 4) -> None:
    """The file the page exports, played by ``mrp-tutor fm round``, gives the HUB shown."""
    from mrp_tutor.cli.main import main as cli_main
    from mrp_tutor.core.loading import read_yaml
    from mrp_tutor.games.first_martians import load_state
    from mrp_tutor.games.first_martians.content import default_board
    from mrp_tutor.games.first_martians.ui.fm_hub import hub_html

    link = panel.locator(".fm-export-link")
    expect(link).to_have_attribute("download", f"first-martians-sol-{sol}.yaml")  # Clean-Up
    href = link.get_attribute("href")
    text = base64.b64decode(href.split(",", 1)[1]).decode("utf-8")
    assert not re.search(r"\bseed:", text)  # hidden state stays out of the page
    src, out = tmp_path / "round.yaml", tmp_path / "after.yaml"
    src.write_text(text, encoding="utf-8")
    assert cli_main(["fm", "round", str(src), "--out", str(out)]) == 0
    cli_state = load_state(read_yaml(out))
    page_hub = panel.locator(".fm-hub-view").inner_text()
    cli_hub = app.page.evaluate("html => { const d = document.createElement('div');"
                                " d.innerHTML = html; document.body.appendChild(d);"
                                " const t = d.innerText; d.remove(); return t; }",
                                hub_html(cli_state, default_board()))
    assert page_hub == cli_hub
