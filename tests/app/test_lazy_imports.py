"""A visitor's kernel imports only what the first screen needs (memory per visitor).

pandas (~100 MB with pyarrow) is imported when a table tab is opened, not before.
"""

from __future__ import annotations

import subprocess
import sys

FIRST_SCREEN = """
import sys
from mrp_tutor.app import build_app
app = build_app(seed=3)
app.next_btn.click()
print(",".join(m for m in ("pandas", "pyarrow") if m in sys.modules))
app.tabs.selected_index = 1  # Scores: a pandas table
print("pandas" in sys.modules, "error" in app.status.value)
"""


def test_the_first_screen_does_not_import_pandas() -> None:
    out = subprocess.run([sys.executable, "-c", FIRST_SCREEN], capture_output=True, text=True,
                         timeout=120, check=True).stdout.splitlines()
    assert out == ["", "True False"]
