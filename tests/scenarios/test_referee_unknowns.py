"""Issue 36: a referee's ruling never rests on an invented fact.

What a table leaves out (a zone's resource token, a face-down discovery nobody identified, a
colour's point tokens) is unknown: the loader still completes the state for the engine, but
``mrp-tutor referee production|final``, the app's rulings and the printed sheet rule on each
possibility or name what is not known.  Rulings checked by hand (rulebook: a zone's tokens go
to the colour with the most astronauts there, production.majority; Ice Monopoly needs the
most ice point tokens, ice_monopoly.award).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from mrp_tutor.cli.main import main
from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.referee import final_ruling, production_ruling
from mrp_tutor.games.mission_red_planet.scenarios import load_scenario
from mrp_tutor.games.mission_red_planet.scenarios.table_file import load_table, table_position
from mrp_tutor.games.mission_red_planet.ui.panels.rulings import (
    final_summary_html,
    production_summary_html,
)
from mrp_tutor.games.mission_red_planet.ui.panels.sheet import sheet_html
from mrp_tutor.resources import scenarios_dir

# Round 5 is over: the first production (1 token per face-up zone).  Left out: Phobos's
# resource token, Green's point tokens, and the identity of Hellas's face-down discovery.
TABLE: dict[str, Any] = {
    "players": ["red", "blue", "green"],
    "position": {
        "stage": "production", "production": 1, "first": "blue",
        "ships": [{"id": "s03", "dock": 0}, {"id": "s22", "dock": 1}, {"id": "s32", "dock": 2}],
        "zones": {
            "syrtis_major": {"astronauts": {"green": 3, "red": 1}, "resource": "celerium"},
            "hellas": {"astronauts": {"red": 2, "blue": 3}, "resource": "ice",
                       "discovery": "unknown"},
            "tritonis_sinus": {"astronauts": {"green": 1, "red": 3}, "resource": "sylvanite"},
            "phobos": {"astronauts": {"red": 2}},
        },
        "seats": {
            "red": {"missions": ["ice_prospector"], "tokens": {"sylvanite": 2, "ice": 1}},
            "blue": {"missions": ["strategic_zones"], "tokens": {"ice": 1, "celerium": 2}},
            "green": {"missions": ["expansion"]},
        },
    },
}


# the same table with no discovery at all (a file today's loader already reads)
PLAIN: dict[str, Any] = yaml.safe_load(yaml.safe_dump(TABLE))
del PLAIN["position"]["zones"]["hellas"]["discovery"]


@pytest.fixture(scope="module")
def spec() -> Any:
    return load_spec(use_env_overrides=False)


def _file(tmp_path: Path, doc: dict[str, Any] | None = None) -> str:
    path = tmp_path / "table.yaml"
    path.write_text(yaml.safe_dump({"id": "t", "title": "T", "lesson": "L", **(doc or TABLE)}))
    return str(path)


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_cli_production_rules_phobos_per_possibility(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = _cli(capsys, "referee", "production", _file(tmp_path, PLAIN))
    # every sentence about what Phobos produces is one of its cases, never a bare fact
    said = [line.strip() for line in out.splitlines() if ("from Phobos" in line
            or "Phobos produces" in line) and not line.startswith("Totals: ")]
    assert said and all(line.startswith("If Phobos holds ") for line in said), said
    # by hand: Red alone is on Phobos, 1 token per zone; ice, sylvanite and celerium are
    # each still in the bag (5 / 3 / 3, one of each entered)
    for res in ("ice", "sylvanite", "celerium"):
        assert (f"If Phobos holds {res}: Phobos produces 1 {res} point token. "
                f"Red receives 1 {res} token from Phobos.") in out
    assert "- Phobos: resource token not entered" in out
    # the totals count what is known and say what they cannot count
    totals = next(line for line in out.splitlines() if line.startswith("Totals: "))
    assert "Green +1 celerium" in totals and "Blue +1 ice" in totals
    assert "Red +1 sylvanite" in totals  # Tritonis Sinus only: nothing from Phobos
    assert "not counted: what Phobos produces" in totals


def test_a_resource_with_no_token_left_is_no_case(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    doc = yaml.safe_load(yaml.safe_dump(PLAIN))
    zones = doc["position"]["zones"]  # the game's 3 celerium tokens are all entered elsewhere
    zones["ausonia"] = {"resource": "celerium"}
    zones["mare_tyrrhenum"] = {"resource": "celerium"}
    out = _cli(capsys, "referee", "production", _file(tmp_path, doc))
    assert "If Phobos holds ice:" in out and "If Phobos holds sylvanite:" in out
    assert "If Phobos holds celerium" not in out


def test_cli_final_names_what_is_not_known(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = _cli(capsys, "referee", "final", _file(tmp_path, PLAIN))
    # by hand: Red holds 1 ice + 2 sylvanite = 5 points, Blue 1 ice + 2 celerium = 7; Green's
    # tokens were not entered, so nobody's Ice Monopoly and no winner can be stated
    assert "- red: 5 + Ice Monopoly (not known)" in out
    assert "- blue: 7 + Ice Monopoly (not known)" in out
    assert re.search(r"- green: 2 \+ Ice Monopoly \(not known\) \+ point tokens \(not "
                     r"entered\)", out)
    assert "Ice Monopoly cannot be decided: Green's point tokens were not entered." in out
    assert "The winner cannot be named" in out
    assert "wins" not in out and "Highest score" not in out


def test_a_face_down_discovery_left_unidentified_is_ruled_per_card(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], spec: Any) -> None:
    sc = load_table(TABLE)
    assert sc.unknowns().discoveries == ("hellas",)
    assert "hellas" not in sc.build().state.discoveries  # no card is invented there
    out = _cli(capsys, "referee", "final", _file(tmp_path))
    # by hand (events.yaml): Lichens and Underground Lake add to the majority in their zone
    # at final scoring, Radiation Leak takes from everyone there
    line = next(x for x in out.splitlines() if x.startswith("Hellas holds a face-down"))
    assert "these scores count no effect from it" in line
    for card in ("lichens", "underground_lake", "radiation_leak"):
        assert spec.card_name(card) in line


def test_the_app_the_sheet_and_the_command_line_say_the_same(spec: Any) -> None:
    sc = load_table(TABLE)
    game, unknown = sc.build(), sc.unknowns()
    prod = production_ruling(spec, game.state, unknown=unknown)
    fin = final_ruling(spec, game.state, unknown=unknown)
    app_html = production_summary_html(spec, prod) + final_summary_html(spec, fin, running=True)
    sheet = sheet_html(spec, game.state, unknown=unknown)
    cases = [r.text for z in prod.zones for r in z.why if r.text.startswith("If Phobos")]
    assert len(cases) == 3
    for text in [*cases, *(r.text for r in fin.why)]:
        assert text.replace("'", "&#x27;") in app_html or text in app_html
    for text in cases:  # the sheet keeps each case (its rule ids only in the Why column)
        assert text.replace("'", "&#x27;") in sheet or text in sheet
    filler = game.state.resources["phobos"]  # the loader's draw: printed nowhere
    board = sheet.split("<h2>Ships</h2>")[0]
    assert f"<th>Phobos</th><td>{filler}" not in board
    assert "<th>Phobos</th><td>not known, face up" in board
    assert "not entered" in sheet.split("<h2>Players</h2>")[1]


def test_the_editor_keeps_what_was_not_entered_unknown(spec: Any) -> None:
    sc = load_table(TABLE)
    pos = table_position(spec, sc.build().state, sc.unknowns())
    assert "resource" not in pos["zones"]["phobos"]
    assert pos["zones"]["hellas"]["discovery"] == "unknown"
    assert "tokens" not in pos["seats"]["green"]
    assert load_table({"players": TABLE["players"], "position": pos}).unknowns() == \
        sc.unknowns()


def test_lessons_keep_their_draws(spec: Any) -> None:
    """A lesson's (or a demo game's) draws are part of it: nothing is unknown there."""
    sc = load_scenario(scenarios_dir() / "production-majority.yaml")
    assert not sc.unknowns()
    assert not production_ruling(spec, sc.build().state).open


def test_playing_on_never_produces_from_a_resource_nobody_entered(spec: Any) -> None:
    """Next from the table: the production would state Phobos's filler token as a fact, so
    it is not played (the position is as before) and the sentence says what to enter."""
    from mrp_tutor.games.mission_red_planet.ui.session import Session

    sc = load_table(PLAIN)
    sess = Session(sc.spec(), sc.build(), viewer=None, referee=True, scenario=sc)
    before = sess.state.clone()
    rep = sess.next()
    assert rep.blocked and rep.events == [] and sess.history == []
    assert "Phobos would produce" in rep.why and "not entered" in rep.why
    assert sess.state.seats["red"].tokens == before.seats["red"].tokens
    assert sess.state.stage == before.stage
    assert sess.run_to_end_of_round()[-1].blocked  # no loop either
    known = yaml.safe_load(yaml.safe_dump(PLAIN))
    known["position"]["zones"]["phobos"]["resource"] = "ice"
    sc2 = load_table(known)
    sess2 = Session(sc2.spec(), sc2.build(), viewer=None, referee=True, scenario=sc2)
    assert not sess2.next().blocked  # entered: the production is played
