"""First Martians files are read strictly (issue 23 "Hostile or odd files", "Strict files").

No silent coercion (a number is an integer, not a bool or a text), every limit of the
rulebook and the board data enforced (the General Supply track ends at 20), the Facilities
are the HUB's (all of them, none invented), and every refusal names the file, the field and
the line: never a traceback or pydantic's own text.  One bad file never stops
``mrp-tutor scenario check`` for the others.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from mrp_tutor.cli.main import main
from mrp_tutor.core.errors import ContentError
from mrp_tutor.games.first_martians import load_board, load_state, new_state, state_to_dict
from mrp_tutor.games.first_martians.round_file import round_intents
from mrp_tutor.games.mission_red_planet.scenarios import load_scenario
from mrp_tutor.resources import scenarios_dir

FM = scenarios_dir() / "first_martians"
SAMPLE = (Path(__file__).resolve().parents[2] / "mrp_tutor/games/first_martians/data"
          / "sample_round.yaml")
CREW4 = [{"id": c, "name": c.capitalize()} for c in ("red", "yellow", "blue", "purple")]


def _scenario(tmp_path: Path, state: dict[str, Any], name: str = "odd.yaml",
              steps: list[Any] | None = None) -> Path:
    doc = {"game": "first_martians", "id": "odd", "title": "Odd", "lesson": "An odd file.",
           "state": state, "steps": steps or []}
    path = tmp_path / name
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return path


def _refusal(path: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_scenario(path)
    assert info.value.source == str(path)
    for p in info.value.problems:
        assert "validation error" not in p and "pydantic" not in p and "type=" not in p, p
    return info.value.problems


def _crew(**more: Any) -> dict[str, Any]:
    return {"first_player": "red", "astronauts": CREW4[:2], **more}


@pytest.mark.parametrize(("field", "value", "said"), [
    ("morale", True, "state.morale (line 12): must be a whole number, not true"),
    ("stress", "5", "state.stress (line 12): must be a whole number, not the text '5'"),
    ("sol", 2.0, "state.sol (line 12): must be a whole number, not 2.0"),
    ("goals_done", "yes", "state.goals_done (line 12): must be true or false, not the text"),
])
def test_no_silent_coercion(tmp_path: Path, field: str, value: Any, said: str) -> None:
    """``morale: true`` was +1 and ``stress: "5"`` was 5: a number is an integer."""
    problems = _refusal(_scenario(tmp_path, _crew(**{field: value})))
    assert any(p.startswith(said) for p in problems), problems


def test_supply_is_capped_by_the_general_supply_track(tmp_path: Path) -> None:
    """999999999999999999 oxygen was accepted; the track ends at 20 (board data)."""
    problems = _refusal(_scenario(tmp_path, _crew(supply={"oxygen": 999999999999999999})))
    assert any(p.startswith("state.supply.oxygen (line ") and "ends at 20" in p
               and "tutor.supply_cap" in p for p in problems), problems
    assert len(_refusal(_scenario(tmp_path, _crew(supply={"food": 21})))) == 1
    assert load_state(_crew(supply={"food": 20})).supply["food"] == 20


def test_five_astronauts_are_a_located_sentence(tmp_path: Path) -> None:
    """Five astronauts printed pydantic's raw "1 validation error for HubState"."""
    crew = [*CREW4, {"id": "green", "name": "Green"}]
    problems = _refusal(_scenario(tmp_path, {"first_player": "red", "astronauts": crew}))
    assert problems == ["state.astronauts (line 7): holds at most 4 entries, not 5"]


def test_a_facility_list_without_the_lab_is_refused(tmp_path: Path) -> None:
    """It crashed later with ``KeyError: 'lab'`` when the Lab's action was declared."""
    facs = [f for f in state_to_dict(new_state())["facilities"] if f["id"] != "lab"]
    path = _scenario(tmp_path, _crew(phase="actions", facilities=facs), steps=[
        {"intent": {"type": "declare_actions",
                    "actions": [{"action": "research", "astronaut": "red", "pawns": 2}]}}])
    problems = _refusal(path)
    assert len(problems) == 1 and problems[0].startswith("state.facilities (line ")
    assert "leaves out Lab" in problems[0]


def test_an_invented_farm_cannot_replace_the_hub(tmp_path: Path) -> None:
    """A Farm of 8 Greenhouses as the only Facility was accepted in place of all 13."""
    farm = {"id": "farm_99", "name": "Big Farm", "block": "living",
            "statuses": [{"part": "energy", "penalty": "wilt"}],
            "farm": {"greenhouses": 8, "plants": 8}}
    problems = _refusal(_scenario(tmp_path, _crew(facilities=[farm])))
    assert any(p.startswith("state.facilities[0] (line ") and "no Facility 'farm_99'" in p
               for p in problems), problems
    assert any("leaves out Oxygenator 01" in p for p in problems), problems


def test_a_listed_facility_must_be_the_boards(tmp_path: Path) -> None:
    facs = state_to_dict(new_state())["facilities"]
    lab = next(f for f in facs if f["id"] == "lab")
    lab["block"] = "living" if lab["block"] != "living" else "system"
    lab["statuses"] = lab["statuses"][:1]
    problems = _refusal(_scenario(tmp_path, _crew(facilities=facs)))
    assert any(".block (line " in p and "Lab's block is" in p for p in problems), problems
    assert any(".statuses (line " in p and "Lab's statuses are" in p for p in problems)


def test_facility_changes_keep_one_greenhouse_per_astronaut() -> None:
    """Audit rule error 1: changing any Facility gave a 4-astronaut HUB the Farm of a
    2-astronaut setup (2 Greenhouses, 2 plants): Board Setup gives one per astronaut."""
    s = load_state({"first_player": "red", "astronauts": CREW4,
                    "facilities": {"lab": {"next": ["wound"]}}})
    farm = s.facility("farm_01").farm
    assert farm is not None and (farm.greenhouses, farm.plants) == (4, 4)


def test_facility_changes_cannot_change_board_facts(tmp_path: Path) -> None:
    path = _scenario(tmp_path, _crew(facilities={"lab": {"block": "living"},
                                                  "nowhere": {"production": 1}}))
    problems = _refusal(path)
    assert any(p.startswith("state.facilities.lab.block (line ") and "board data" in p
               for p in problems), problems
    assert any(p.startswith("state.facilities.nowhere (line ") for p in problems), problems


def test_conditions_are_the_boards(tmp_path: Path) -> None:
    crew = [{"id": "red", "name": "Red", "conditions": ["hiccups"]}, CREW4[1]]
    problems = _refusal(_scenario(tmp_path, {"first_player": "red", "astronauts": crew}))
    assert problems[0].startswith("state.astronauts[0].conditions[0] (line ")
    assert "no Condition 'hiccups'" in problems[0]


def test_step_intents_are_strict_and_located(tmp_path: Path) -> None:
    path = _scenario(tmp_path, _crew(), steps=[
        {"intent": {"type": "change_stress", "delta": "5"}},
        {"intent": {"type": "change_morale", "delta": True}},
        {"intent": {"type": "no_such_thing"}}])
    problems = _refusal(path)
    assert problems[0].startswith("steps[0].intent.delta (line ")
    assert "whole number, not the text '5'" in problems[0]
    assert problems[1].startswith("steps[1].intent.delta (line ")
    assert problems[2].startswith("steps[2].intent.type (line ") and "unknown type" in problems[2]


def test_round_files_are_strict_and_name_unknown_keys(tmp_path: Path) -> None:
    doc = yaml.safe_load(SAMPLE.read_text(encoding="utf-8"))
    with pytest.raises(ContentError) as info:
        round_intents({**doc, "rounds": {}}, "r.yaml")
    assert info.value.problems[0].startswith("rounds: is not a field here")
    doc["round"]["malfunction"] = {"dice": {"living": "1"}}
    with pytest.raises(ContentError) as info:
        round_intents(doc, "r.yaml")
    assert info.value.problems == [
        "round.malfunction.dice.living: must be a whole number, not the text '1'"]


def test_scenario_check_goes_on_after_a_bad_file(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Five astronauts stopped ``scenario check`` with a raw pydantic message before the
    files after it were checked."""
    crew = [*CREW4, {"id": "green", "name": "Green"}]
    bad = _scenario(tmp_path, {"first_player": "red", "astronauts": crew}, "a-bad.yaml")
    good = tmp_path / "b-good.yaml"
    good.write_text((FM / "production-a-exact.yaml").read_text(encoding="utf-8"))
    assert main(["scenario", "check", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert f"ok      {good}" in out and "1 of 2 scenario files passed" in out
    assert f"{bad}: state.astronauts (line 7): holds at most 4 entries" in err
    assert "validation error" not in err and "Traceback" not in err


def test_fm_round_board_errors_name_the_file(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """``fm round --board FILE`` said "INVALID board.yaml" / "INVALID overrides"."""
    board = tmp_path / "corrections.yaml"
    board.write_text("supply_max: {value: 25}\nfacilities:\n  - {id: lab, max_production: true}\n")
    assert main(["fm", "round", str(SAMPLE), "--board", str(board)]) == 2
    err = capsys.readouterr().err
    assert f"INVALID {board}" in err
    assert "facilities[0].max_production (line 3): must be a whole number, not true" in err
    board.write_text("[]\n")
    assert main(["fm", "round", str(SAMPLE), "--board", str(board)]) == 2
    assert f"INVALID {board}" in capsys.readouterr().err
    board.write_text("spaces:\n  - {id: r1_n, neighbours: [nowhere]}\n")
    with pytest.raises(ContentError) as info:
        load_board(board)
    assert info.value.source == str(board)
    assert info.value.problems[0].startswith("spaces[")


def test_an_expected_rule_that_is_not_text_is_a_sentence(tmp_path: Path) -> None:
    """``rule: [a]`` in an expected event raised ``TypeError: unhashable type``."""
    path = _scenario(tmp_path, _crew(), steps=[
        {"intent": {"type": "change_stress", "delta": 1},
         "expect": {"events": [{"type": "stress_moved", "rule": ["events.mission_event"]}]}}])
    problems = _refusal(path)
    assert problems[0].startswith("steps[0].expect.events[0].rule (line ")


def test_an_expected_number_is_not_a_bool(tmp_path: Path) -> None:
    """``stress: true`` expected held for a stress of 1 (``True == 1`` in Python)."""
    from mrp_tutor.games.mission_red_planet.scenarios import run_scenario

    path = _scenario(tmp_path, _crew(), steps=[
        {"intent": {"type": "change_stress", "delta": 1}, "expect": {"state": {"stress": True}}}])
    result = run_scenario(load_scenario(path))
    assert not result.ok and "stress expected True, got 1" in result.failures[0]


def test_a_hub_saved_after_clean_up_plays_the_next_sol(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """``fm round --out`` saves the HUB at ``round_end``: that file is a round to play (the
    next sol starts), not "the mission is over"."""
    after = tmp_path / "after.yaml"
    assert main(["fm", "round", str(SAMPLE), "--out", str(after)]) == 0
    done = yaml.safe_load(after.read_text(encoding="utf-8"))
    nxt = tmp_path / "next.yaml"  # who takes the food wounds: the crew's choice, in the file
    nxt.write_text(yaml.safe_dump({"state": done, "round": {"production": {
        "food_wounds": ["red", "yellow", "purple"]}}}), encoding="utf-8")
    assert main(["fm", "round", str(nxt), "--roll-for-me"]) == 0
    out = capsys.readouterr().out
    assert "Sol 4 is over" in out
    with pytest.raises(ContentError) as info:
        round_intents({**done, "result": "lost"}, "done.yaml")
    assert info.value.problems == ["result: the mission is over (lost); no round to play"]


def test_fm_round_roll_for_me_rolls_dice_but_never_makes_the_tables_choices(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--roll-for-me`` made the seeded generator choose who took the food wounds (and which
    Facility took a Shutdown tile, what a Build did ...): the table's decisions, not dice."""
    after = tmp_path / "after.yaml"
    assert main(["fm", "round", str(SAMPLE), "--out", str(after)]) == 0
    capsys.readouterr()
    before = after.read_text(encoding="utf-8")
    assert main(["fm", "round", str(after), "--roll-for-me", "--out", str(after)]) == 1
    out, err = capsys.readouterr()
    assert "Rolled for you" in out  # the morale Condition token: a draw, rolled as asked
    assert ("the file does not say the astronaut who takes a wound for missing food (1 of 3), the "
            "table's choice: enter it in that production step's draws (food_wound: one of "
            "red, yellow, blue, purple); --roll-for-me rolls dice and draws tiles, it never "
            "chooses for the table") in err
    assert "wound" not in out.split("== Production")[1]
    assert after.read_text(encoding="utf-8") == before  # stopped: nothing written


def test_round_files_carry_the_tables_draws_of_every_phase() -> None:
    """The Action Phase and the Morale Phase had no slot for the table's draws (a Condition
    for a wound taken on the way or for a missing Morale token)."""
    doc = yaml.safe_load(SAMPLE.read_text(encoding="utf-8"))
    doc["round"]["actions"]["draws"] = {"condition": ["migraine"]}
    doc["round"]["morale"] = {"draws": {"condition": ["anemia"]}}
    _, intents = round_intents(doc, "r.yaml")
    got = {i.type: i.draws for _, i in intents}
    assert got["declare_actions"] == {"condition": ["migraine"]}
    assert got["resolve_morale"] == {"condition": ["anemia"]}
    doc["round"]["actions"]["placements"][0]["pawns"] = "2"
    with pytest.raises(ContentError) as info:
        round_intents(doc, "r.yaml")
    assert info.value.problems == [
        "round.actions.placements[0].pawns: must be a whole number, not the text '2'"]


def test_refusals_echo_no_control_characters(tmp_path: Path) -> None:
    """A key or an id holding a terminal escape is quoted, never echoed raw."""
    crew = [{"id": "red\x1b]0;PWNED\x07", "name": "Red"}]
    path = _scenario(tmp_path, {"first_player": "red", "astronauts": crew,
                                "\x1b[2J": 1})
    problems = _refusal(path)
    assert problems and all(p.isprintable() for p in problems), problems
    assert any(p.startswith("state['\\x1b[2J'] (line ") for p in problems), problems


def test_a_built_facility_card_is_part_of_the_hub() -> None:
    """A HUB saved after a Build of a Facility card (a backup Farm) loads again; a Facility
    the board cannot build is still refused."""
    from mrp_tutor.games.first_martians import Table, intent_from_dict

    t = Table(load_state({**_crew(), "phase": "actions"}))
    t.play(intent_from_dict({"type": "add_facility", "like": "farm_01", "id": "farm_02",
                             "name": "Backup Farm", "greenhouses": 2}))
    saved = state_to_dict(t.state)
    assert load_state(saved).facility("farm_02").farm is not None
    odd = saved["facilities"][-1]
    odd["block"] = "working"
    with pytest.raises(ContentError) as info:
        load_state(saved, "s.yaml")
    assert "not a Facility card built as the board's" in info.value.problems[0]


@pytest.mark.parametrize("path", sorted(FM.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_hub_the_assistant_reaches_loads_back_strictly(path: Path) -> None:
    """Export and import: the HUB after each shipped scenario, written as a file
    (``state_to_dict``), is read back by the strict loader as the same HUB."""
    from mrp_tutor.games.mission_red_planet.scenarios import run_scenario

    result = run_scenario(load_scenario(path))
    state = result.game.state
    text = yaml.safe_dump(state_to_dict(state), sort_keys=False)
    assert load_state(yaml.safe_load(text), path.name) == state


def test_fm_round_says_why_it_cannot_write_the_out_file(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "no" / "such" / "folder" / "after.yaml"
    assert main(["fm", "round", str(SAMPLE), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"cannot write {out}" in err and "Traceback" not in err


def test_fm_round_reports_an_assistant_defect_as_a_sentence(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from mrp_tutor.games.first_martians import commands as cli

    def broken(*_: Any) -> None:
        raise KeyError("lab")

    monkeypatch.setattr(cli, "play_round", broken)
    assert main(["fm", "round", str(SAMPLE)]) == 3
    err = capsys.readouterr().err
    assert "the assistant failed in the events phase (KeyError)" in err


def test_an_exported_round_of_steps_is_read_strictly_and_located() -> None:
    doc = {"state": _crew(), "round": {"steps": [
        {"type": "end_events"}, {"type": "change_stress", "delta": "5"}]}}
    with pytest.raises(ContentError) as info:
        round_intents(doc, "export.yaml")
    assert info.value.problems == [
        "round.steps[1].delta: must be a whole number, not the text '5'"]
    doc["round"]["events"] = []
    with pytest.raises(ContentError) as info:
        round_intents(doc, "export.yaml")
    assert "cannot be mixed" in info.value.problems[0]


def test_wounds_at_the_end_of_the_health_track_mean_dead(tmp_path: Path) -> None:
    """The assistant kills an astronaut at the health track's last space; a file giving
    those wounds to a living astronaut describes no table."""
    crew = [{"id": "red", "name": "Red", "wounds": 6}, CREW4[1]]
    problems = _refusal(_scenario(tmp_path, {"first_player": "red", "astronauts": crew}))
    assert problems[0].startswith("state.astronauts[0].dead (line ")
    crew[0]["dead"] = True
    load_state({"first_player": "yellow", "astronauts": crew})
