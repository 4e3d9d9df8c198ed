"""First Martians imports nothing from ``mrp_tutor.games.mission_red_planet.scenarios`` (issue 27):
what it shares
with Mission: Red Planet's scenarios lives in ``mrp_tutor.core``."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

MRP_SCEN = "mrp_tutor.games.mission_red_planet.scenarios"
PKG = Path(__file__).resolve().parents[2] / "mrp_tutor" / "games" / "first_martians"


def _imports(path: Path) -> list[str]:
    out: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ["mrp_tutor", "first_martians"]
            if node.level:
                base = base[: len(base) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            out += [name, *(f"{name}.{a.name}" for a in node.names)]
    return out


def test_no_first_martians_module_names_mrp_tutor_scenarios() -> None:
    bad = [f"{p.name}: {name}" for p in sorted(PKG.glob("*.py")) for name in _imports(p)
           if name == MRP_SCEN or name.startswith(MRP_SCEN + ".")]
    assert not bad, bad


def test_loading_and_playing_a_first_martians_file_imports_no_mrp_scenarios() -> None:
    """Transitively too: load, play and print the schema of First Martians files through its
    own modules and the core, then look at what was imported."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from mrp_tutor.core.loading import read_yaml\n"
        "from mrp_tutor.resources import scenarios_dir\n"
        "from mrp_tutor.games.first_martians.scenario_file import fm_scenario_from_dict, "
        "run_fm_scenario\n"
        "from mrp_tutor.games.first_martians.schema import schema_json\n"
        "import mrp_tutor.games.first_martians.registration\n"
        "import mrp_tutor.games.first_martians.commands\n"
        "for p in sorted((scenarios_dir() / 'first_martians').glob('*.yaml'))[:5]:\n"
        "    assert run_fm_scenario(fm_scenario_from_dict(read_yaml(p), str(p), p))[0], p\n"
        "schema_json()\n"
        "print(sorted(m for m in sys.modules if m.startswith('" + MRP_SCEN + "')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=PKG.parents[2])
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
