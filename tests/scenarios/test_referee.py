"""Referee tools agree with what the engine then does, leave the position untouched, and
cite rules; the CLI checks scenario files and prints rulings as sentences."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from mrp_tutor.cli.main import main
from mrp_tutor.games.mission_red_planet.engine import intent_from_dict, state_to_dict
from mrp_tutor.games.mission_red_planet.engine.game import advance
from mrp_tutor.games.mission_red_planet.engine.intents import KeepAction
from mrp_tutor.games.mission_red_planet.referee import final_ruling, is_legal, production_ruling
from mrp_tutor.games.mission_red_planet.scenarios import load_scenario
from mrp_tutor.resources import scenarios_dir

FILES = sorted(scenarios_dir().glob("*.yaml"))
PRODUCTION = [p for p in FILES if "position" in (d := yaml.safe_load(p.read_text()))
              and d["position"].get("stage") == "production"]
FINAL = [p for p in FILES if "position" in (d := yaml.safe_load(p.read_text()))
         and d["position"].get("stage") == "final_scoring"]


def test_there_are_production_and_final_positions() -> None:
    assert len(PRODUCTION) >= 8 and len(FINAL) >= 6


@pytest.mark.parametrize("path", PRODUCTION, ids=[p.stem for p in PRODUCTION])
def test_production_ruling_predicts_the_engine(path: Path) -> None:
    game = load_scenario(path).build()
    before = state_to_dict(game.state)
    ruling = production_ruling(game.spec, game.state)
    assert state_to_dict(game.state) == before, "a ruling never changes the position"
    tokens = {c: dict(game.state.seats[c].tokens) for c in game.state.order}
    advance(game.spec, game.state, game.log)
    while (d := game.decision()) is not None and d.kind == "play_action":
        # an action card may still be played first: the ruling says so, and rules as if the
        # holder kept it (what the engine then does)
        assert [r for r in ruling.pending if d.character and
                game.spec.card_name(d.character) in r.text]
        game.play(KeepAction(d.colours[0], d.character or ""))
    for z in ruling.zones:
        for rule in z.rules:
            assert rule in game.spec.rules
        assert all(r.text for r in z.why)
        if z.receives or z.produced:
            assert any(r.citation is not None for r in z.why)
    for z in ruling.zones:
        assert z.stays == game.state.waiting[z.zone], z.zone
    for c in game.state.order:
        got = {r: game.state.seats[c].tokens[r] - tokens[c][r] for r in tokens[c]}
        predicted = {r: 0 for r in tokens[c]}
        for z in ruling.zones:
            for r, n in z.receives.get(c, {}).items():
                predicted[r] += n
        if ruling.third:  # action cards may add tokens after the third production
            assert all(got[r] >= predicted[r] for r in got), (c, got, predicted)
        else:
            assert got == predicted, (c, got, predicted)


def test_production_ruling_explains_a_tie() -> None:
    game = load_scenario(scenarios_dir() / "production-tie-example-three-tokens.yaml").build()
    ruling = production_ruling(game.spec, game.state)
    z = next(z for z in ruling.zones if z.zone == "mare_tyrrhenum")
    assert z.produced == {"sylvanite": 2}
    assert z.receives == {"red": {"sylvanite": 1}, "blue": {"sylvanite": 1}}
    assert z.stays == {"sylvanite": 1}
    assert {"production.tie", "production.leftover"} <= set(z.rules)
    assert "production.tie" in ruling.text()
    # an explicit amount overrides the round tracker
    z3 = next(z for z in production_ruling(game.spec, game.state, 3).zones
              if z.zone == "mare_tyrrhenum")
    assert z3.receives == {"red": {"sylvanite": 2}, "blue": {"sylvanite": 2}}
    assert z3.stays == {}


@pytest.mark.parametrize("path", FINAL, ids=[p.stem for p in FINAL])
def test_final_ruling_matches_final_scoring(path: Path) -> None:
    game = load_scenario(path).build()
    before = state_to_dict(game.state)
    ruling = final_ruling(game.spec, game.state)
    assert state_to_dict(game.state) == before
    advance(game.spec, game.state, game.log)
    result = game.state.result
    assert result is not None
    assert ruling.winners == result.winners
    for c, sc in ruling.scores.items():
        assert sc.total == result.scores[c]
        parts = result.breakdown[c]
        assert sum(m.points for m in sc.missions) == parts["missions"]
        assert sc.ice_monopoly == parts["ice_monopoly"]
        assert sum(sc.token_points.values()) == parts["tokens"]
        assert sum(p for _, _, p in sc.discoveries) == parts["discoveries"]
    assert ruling.tie_breaks and all(r.rule in game.spec.rules for r in ruling.tie_breaks)


def test_final_ruling_shows_both_tie_breaks() -> None:
    game = load_scenario(scenarios_dir() / "scoring-shared-victory.yaml").build()
    ruling = final_ruling(game.spec, game.state)
    rules = [r.rule for r in ruling.tie_breaks]
    assert "scoring.tie_break" in rules and "scoring.shared" in rules
    assert ruling.winners == ["red", "blue"] and ruling.decided_by == "scoring.shared"


@pytest.mark.parametrize("path", FILES[:40], ids=[p.stem for p in FILES[:40]])
def test_is_legal_agrees_with_the_engine(path: Path) -> None:
    sc = load_scenario(path)
    game = sc.build()
    for intent in game.legal_intents()[:30]:
        from mrp_tutor.games.mission_red_planet.engine import intent_to_dict

        v = is_legal(game.spec, game.state, intent_to_dict(intent))
        assert v.legal, v.text()
    for st in sc.steps:  # the refused plays of the scenario, before anything is played
        if st.intent is not None and st.expect.error is not None and st is sc.steps[0]:
            v = is_legal(game.spec, game.state, st.intent)
            assert not v.legal
            assert v.code == st.expect.error.code and v.rule == st.expect.error.rule
            assert v.citation is not None and v.reason


def test_is_legal_on_bad_input_is_a_verdict() -> None:
    game = load_scenario(scenarios_dir() / "characters-soldier.yaml").build()
    for raw in ({"type": "fly"}, "board", {"type": "kill", "colour": "red"},
                {"type": ["kill"]}, {"type": "kill", "colour": "red", "zone": "mars",
                                     "victim": "blue"}):
        v = is_legal(game.spec, game.state, raw)
        assert not v.legal and v.reason
    v = is_legal(game.spec, game.state,
                 {"type": "kill", "colour": "red", "zone": "hellas", "victim": "green"})
    assert v.legal and v.rule == "characters.soldier.kill"
    assert intent_from_dict({"type": "kill", "colour": "red", "zone": "hellas",
                             "victim": "green"}) in game.legal_intents()


# ------------------------------------------------------------------------------ CLI


def test_cli_scenario_check_passes_on_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "check", str(scenarios_dir())]) == 0
    out = capsys.readouterr().out
    assert f"{len(FILES)} of {len(FILES)} scenario files passed" in out


def test_cli_scenario_check_fails_with_sentences(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    src = scenarios_dir() / "production-tie-example-two-tokens.yaml"
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(src.read_text().replace("celerium: 2}", "celerium: 1}"))
    invalid = tmp_path / "invalid.yaml"
    invalid.write_text("id: x\ntitle: t\nlesson: l\nplayers: [red, blue, green]\n"
                       "position: {zones: {olympus: {}}}\n")
    assert main(["scenario", "check", str(src), str(wrong), str(invalid),
                 str(tmp_path / "nope.yaml")]) == 1
    cap = capsys.readouterr()
    assert "1 of 4 scenario files passed" in cap.out
    assert "Traceback" not in cap.err
    assert "wrong.yaml: step 1: celerium point tokens waiting in ausonia should be 1, is 2" \
        in cap.err
    assert "position.zones.olympus: unknown zone 'olympus' (rule components.board)" in cap.err
    assert "nope.yaml: no such file or folder" in cap.err


def test_cli_referee_rulings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["referee", "production",
                 str(scenarios_dir() / "production-majority.yaml")]) == 0
    out = capsys.readouterr().out
    assert "Red receives 1 ice token from Hellas" in out and "production.majority" in out
    assert main(["referee", "final", str(scenarios_dir() / "scoring-ice-monopoly.yaml")]) == 0
    out = capsys.readouterr().out
    assert "red: 14" in out and "ice_monopoly.award" in out
    f = str(scenarios_dir() / "characters-soldier.yaml")
    assert main(["referee", "legal", f, '{"type": "kill", "colour": "red", '
                 '"zone": "valles_marineris", "victim": "blue"}']) == 1
    assert "characters.soldier.kill" in capsys.readouterr().out
    assert main(["referee", "legal", f, "{not json"]) == 2


def test_cli_referee_on_an_invalid_file(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: x\n")
    assert main(["referee", "final", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "title" in err and "Traceback" not in err


def test_production_ruling_refuses_a_negative_amount():
    """Nothing is clamped: a production of fewer than 1 token per zone is an error."""
    import pytest

    from mrp_tutor.games.mission_red_planet.engine import MalformedIntent
    from mrp_tutor.games.mission_red_planet.referee import production_ruling
    from mrp_tutor.games.mission_red_planet.scenarios import library

    sc = next(s for s in library() if s.id.startswith("production-majority"))
    game = sc.build()
    with pytest.raises(MalformedIntent) as err:
        production_ruling(game.spec, game.state, -3)
    assert err.value.code == "bad_amount" and err.value.rule == "production.produce"


def _reveal_position(zones: dict[str, object], seats: dict[str, object] | None = None,
                     memorial: dict[str, int] | None = None) -> dict[str, object]:
    return {
        "id": "reveal-ruling", "title": "t", "lesson": "l", "rules": ["production.produce"],
        "players": ["red", "blue", "green"],
        "position": {
            "stage": "reveal_discoveries", "first": "red",
            "ships": [{"id": "s03", "dock": 0}, {"id": "s09", "dock": 1}, {"id": "s15", "dock": 2}],
            "zones": zones, "seats": seats or {}, "memorial": memorial or {}},
        "steps": []}


def test_production_ruling_before_the_reveal_applies_reveal_discoveries() -> None:
    """Native Resistance (a reveal-phase discovery) removes one astronaut of each player
    before the third production: the ruling asked before the reveal must already know it."""
    from mrp_tutor.games.mission_red_planet.scenarios import scenario_from_dict

    doc = _reveal_position({"hellas": {"astronauts": {"red": 1, "blue": 1}, "resource": "ice",
                                       "discovery": "native_resistance"}})
    game = scenario_from_dict(doc).build()
    ruling = production_ruling(game.spec, game.state)
    assert ruling.third and ruling.amount == 3
    hellas = next(z for z in ruling.zones if z.zone == "hellas")
    advance(game.spec, game.state, game.log)
    awarded = [ev for ev in game.log if ev.type == "tokens_awarded" and ev.zone == "hellas"]
    assert hellas.receives == {} and not awarded  # both astronauts are removed first
    assert hellas.stays == {"ice": 3}
    assert "native_resistance" in [card for card, _ in ruling.cards]
    assert "Native Resistance" in ruling.text()
