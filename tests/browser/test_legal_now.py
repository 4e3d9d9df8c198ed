"""'Legal now' in the Table tab on a tablet (768x1024), with the Femme Fatale's contested
reading named, what the other reading would allow, and the referee's switch (issues 36, 42).

The table (a resolving Femme Fatale, Red aboard only the launched ship 17) comes in by its
share code; the options are read in the Table tab beside the rulings, not in a dropdown far
above it.
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from mrp_tutor.games.mission_red_planet.scenarios.table_file import encode_table, table_document

from .conftest import save_screenshot
from .test_referee_table import TABLET, T, context_page, fill, open_table_tab, select, set_and_wait

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_contested_readings import DOC

pytestmark = pytest.mark.browser


def test_legal_now_names_the_reading_on_a_tablet(browser: Any, voila_url: str) -> None:
    doc = copy.deepcopy(DOC)
    code = encode_table(table_document(doc["players"], doc["position"]))
    with context_page(browser, TABLET, has_touch=True) as page:
        open_table_tab(page, voila_url)
        fill(page, "mrp-tt-code-in", code)
        set_and_wait(page, "mrp-tt-load-code", "Table loaded from the code")
        legal = page.locator(".mrp-tt-legal-now")
        expect(legal).to_contain_text("Legal now", timeout=T)
        expect(legal).to_contain_text("Red to decide")
        expect(legal).to_contain_text(
            "tutor reading: aboard a ship too, her player must already have an astronaut")
        expect(legal).to_contain_text("characters.femme_fatale.ship_presence")
        expect(legal).to_contain_text("would also allow")
        expect(legal).to_contain_text("blue astronaut aboard ship 5")
        legal.scroll_into_view_if_needed()
        save_screenshot(page, "legal-now-tablet", full_page=False)
        select(page, "mrp-tt-reading-femme_fatale_ships",
               "The other reading: the condition is for zones only, any ship is a target")
        expect(page.locator(".mrp-status")).to_contain_text("This table now plays the other "
                                                            "reading", timeout=T)
        expect(legal).to_contain_text("would not allow", timeout=T)
        expect(legal).to_contain_text("characters.femme_fatale.zones_only")
        # the options now list the ships the other reading opens
        expect(legal.locator(".mrp-legal-list")).to_contain_text("aboard ship 5")
        legal.scroll_into_view_if_needed()
        save_screenshot(page, "legal-now-tablet-other", full_page=False)
        assert page.errors == []
