"""First Martians: scenarios, CLI, board data overrides and refusals (rulebook seed 004)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mrp_tutor.cli.main import main
from mrp_tutor.core.errors import ContentError, MrpError
from mrp_tutor.games.first_martians import (
    Table,
    default_board,
    explain_event,
    intent_from_dict,
    load_board,
    load_state,
    new_state,
    route,
    rulebook,
)
from mrp_tutor.games.mission_red_planet.scenarios import load_scenario, run_scenario
from mrp_tutor.resources import scenarios_dir

FM = scenarios_dir() / "first_martians"
SAMPLE = (Path(__file__).resolve().parents[2] / "mrp_tutor/games/first_martians/data"
          / "sample_round.yaml")


@pytest.mark.parametrize("path", sorted(FM.glob("*.yaml")), ids=lambda p: p.stem)
def test_scenario_files_hold(path: Path) -> None:
    result = run_scenario(load_scenario(path))
    assert result.ok, result.failures


def test_enough_scenarios_and_every_rule_cited_exists() -> None:
    files = sorted(FM.glob("*.yaml"))
    assert len(files) >= 30
    book = rulebook()
    for f in files:
        for r in load_scenario(f).rules:
            assert r in book


def test_a_wrong_expectation_fails(tmp_path: Path) -> None:
    text = (FM / "production-a-exact.yaml").read_text().replace("supply.oxygen: 2",
                                                                "supply.oxygen: 3")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    result = run_scenario(load_scenario(bad))
    assert not result.ok and "supply.oxygen expected 3, got 2" in result.failures[0]


def test_scenario_check_cli_runs_the_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "check", "-q", str(FM)]) == 0
    assert "scenario files passed" in capsys.readouterr().out


def test_fm_round_cli_state_in_state_out(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "after.yaml"
    assert main(["fm", "round", str(SAMPLE), "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "[production.a.shutdown]" in text and "[malfunction.resolve]" in text
    assert "Sol 3 is over (sol 4 starts when the table asks)" in text
    import yaml

    after = load_state(yaml.safe_load(out.read_text()))
    assert after.sol == 4 and after.first_player == "yellow"


def test_fm_round_cli_bad_file_is_a_located_sentence(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("state: {first_player: zed, astronauts: [{id: red, name: Red}], morale: 9}\n")
    assert main(["fm", "round", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "morale" in err and "Traceback" not in err


def test_board_data_is_sourced_unverified_and_overridable() -> None:
    board = default_board()
    assert all(f.source and not f.verified for f in board.facilities)
    assert ("facility", "lab", board.facility("lab").source) in board.unverified()
    fixed = load_board({"facilities": [{"id": "oxygenator_01", "max_production": 5,
                                        "verified": True}]})
    assert fixed.facility("oxygenator_01").max_production == 5
    assert ("facility", "oxygenator_01", fixed.facility("oxygenator_01").source) \
        not in fixed.unverified()
    with pytest.raises(ContentError) as err:
        load_board({"facilities": [{"id": "nowhere", "name": "x"}]})
    assert "unknown id 'nowhere'" in err.value.problems[0]


def test_basic_hub_needs_8_oxygen_and_10_energy() -> None:
    s = new_state()
    assert sum(f.uses("oxygen") for f in s.facilities) == 8
    assert sum(f.uses("energy") for f in s.facilities) == 10


def test_refused_intent_changes_nothing_and_explains_itself() -> None:
    t = Table(new_state(astronauts=["red", "yellow"]))
    before = t.state.model_copy(deep=True)
    with pytest.raises(MrpError) as err:
        t.play(intent_from_dict({"type": "produce"}))
    assert err.value.code == "fm.wrong_phase" and err.value.rule == "round.phases"
    assert t.state == before and t.log == []


def test_travel_gather_example_long_way_is_an_alternative() -> None:
    s = load_state({"first_player": "purple", "astronauts": [{"id": "purple", "name": "P"}],
                    "tiles": {"r1_e": {"name": "Geysers", "icons": ["extra_pawn", "wound"]},
                              "r2_e": {"name": "Chasm", "icons": ["extra_pawn", "adventure"]},
                              "r1_ne": {"name": "Plains"}, "r2_ne": {"name": "Canyon"}}})
    rt = route(default_board(), s, "r2_e")
    assert rt.path == ("hub", "r1_e", "r2_e") and rt.extra_pawns == 2
    assert (("hub", "r1_ne", "r2_ne", "r2_e"), 3, ("adventure",)) in rt.alternatives


def test_every_event_type_has_a_sentence_with_a_citation() -> None:
    t = Table(load_state({"first_player": "red", "astronauts": [{"id": "red", "name": "Red"}],
                          "phase": "events"}))
    for d in ({"type": "advance_malfunction", "block": "living", "by": 5},
              {"type": "end_events"}, {"type": "resolve_morale"}, {"type": "produce"}):
        for e in t.play(intent_from_dict(d)):
            ex = explain_event(e)
            assert ex.citation is not None and ex.citation.section != "(unknown rule)", e


def test_first_martians_imports_no_ui_or_dataframe_libraries() -> None:
    import subprocess
    import sys

    code = ("import sys, mrp_tutor.games.first_martians, mrp_tutor.core\n"
            "bad = {'ipywidgets', 'anywidget', 'IPython', 'pandas', 'voila', 'traitlets'}\n"
            "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in bad)))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == ""


def test_sources_never_read_the_reference_material() -> None:
    root = Path(__file__).resolve().parents[2] / "mrp_tutor"
    for py in [*root.glob("first_martians/**/*.py"), *root.glob("core/*.py")]:
        assert "shared/seeds" not in py.read_text(), py


def test_fm_round_cli_applies_board_corrections(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    fix = tmp_path / "board.yaml"
    fix.write_text("facilities:\n  - {id: oxygenator_01, max_production: 5, verified: true}\n")
    assert main(["fm", "round", str(SAMPLE), "--board", str(fix)]) == 0
    out = capsys.readouterr().out
    assert "Oxygen: produced 8 (Oxygenator 01 5, Oxygenator 02 3)" in out
    assert "Shutdown tile goes face down" not in out
    bad = tmp_path / "bad.yaml"
    bad.write_text("facilities:\n  - {id: oxygenator_09, max_production: 5}\n")
    assert main(["fm", "round", str(SAMPLE), "--board", str(bad)]) == 2
    assert "unknown id 'oxygenator_09'" in capsys.readouterr().err


def test_fm_rules_search(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fm", "rules", "fight", "stress"]) == 0
    assert capsys.readouterr().out.startswith("production.d.fight")
    assert main(["fm", "rules", "zzzz"]) == 1
