"""Write or check the golden playthroughs (:mod:`testkit.golden`: one plain-text file per
game in ``tests/golden/games``, one event a line).

    python tests/golden/make_golden.py          # rewrite tests/golden/games/*.txt
    python tests/golden/make_golden.py --check  # compare, exit 1 on a difference
"""

from __future__ import annotations

import sys
from pathlib import Path

if __name__ == "__main__":  # a script: the repository and tests/ (for testkit) importable
    sys.path[:0] = [str(Path(__file__).resolve().parents[2]),
                    str(Path(__file__).resolve().parents[1])]

from testkit import golden


def main(argv: list[str]) -> int:
    if "--check" in argv:
        bad = golden.check()
        total = len(list(golden.games()))
        print(f"{total - len(bad)} of {total} games identical; differ: {bad}")
        return 1 if bad else 0
    print(f"wrote {golden.write()} games to {golden.FOLDER}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
