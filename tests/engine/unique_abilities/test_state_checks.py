"""unique_abilities positions pass the engine's state checks (engine/checks.py, asking the
ruleset: crews, sheets, windows, launched shuttles beyond capacity), and every event of a game
reads as a sentence citing the ruleset's own rules file."""

from __future__ import annotations

import random

import pytest

from mrp_tutor.games.mission_red_planet.engine import (
    Game,
    GameSpec,
    event_to_dict,
    replay,
    state_from_dict,
    state_to_dict,
)
from mrp_tutor.games.mission_red_planet.engine.checks import log_from_data, state_problems
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset
from mrp_tutor.games.mission_red_planet.explain import explain_event

from .conftest import COLOURS


def test_every_decision_point_of_seeded_games_keeps_every_rule(ua_spec: GameSpec) -> None:
    checked = windows = 0
    for seed in range(6):
        g = Game.new(ua_spec, COLOURS[: 3 + seed % 3], seed, ruleset="unique_abilities")
        rng = random.Random(seed)
        while not g.over:
            if seed < 2 or g.state.windows:  # every point of two games, every window
                assert state_problems(ua_spec, g.state) == [], (seed, len(g.log))
                state_from_dict(state_to_dict(g.state))
                checked += 1
                windows += bool(g.state.windows)
            g.play(rng.choice(g.legal_intents()))
        log = log_from_data([event_to_dict(e) for e in g.log], "log.json")
        assert state_to_dict(replay(ua_spec, log)) == state_to_dict(g.state)
    assert checked > 300 and windows > 20


def _state(ua_spec: GameSpec) -> dict[str, object]:
    g = Game.new(ua_spec, COLOURS[:3], 3, ruleset="unique_abilities",
                 choices={"red": "stealthy_spy", "blue": "major_mayhem",
                          "green": "versatile_villain"})
    return state_to_dict(g.state)


@pytest.mark.parametrize(("edit", "words"), [
    (lambda d: d["seats"]["red"].update(sheet="sneaky_snake"), "unknown ability sheet"),
    (lambda d: d["seats"]["red"].update(sheet="major_mayhem"), "has the same sheet"),
    (lambda d: d["seats"]["red"].update(sheet=None), "every player has an ability sheet"),
    (lambda d: d["seats"]["red"]["hand"].append("pilot"), "characters are not each in"),
    (lambda d: d["windows"].append({"colour": "red", "ability": "major_mayhem",
                                    "point": "landed", "zone": "outer_1"}), "has no sheet"),
    (lambda d: d["windows"].append({"colour": "red", "ability": "stealthy_spy",
                                    "point": "teatime"}), "unknown window"),
    (lambda d: d["windows"].append({"colour": "red", "ability": "stealthy_spy",
                                    "point": "after_choosing", "owed": 7}), "one or two tokens"),
])
def test_a_state_breaking_an_ability_rule_is_refused(ua_spec: GameSpec, edit: object,
                                                     words: str) -> None:
    d = _state(ua_spec)
    state_from_dict(d)
    edit(d)  # type: ignore[operator]
    with pytest.raises(ContentError, match=words):
        state_from_dict(d)


def test_sheets_and_windows_are_refused_in_the_other_rulesets() -> None:
    fe = find_ruleset("first_edition").spec(use_env_overrides=False)
    d = state_to_dict(Game.new(fe, COLOURS[:3], 3, ruleset="first_edition").state)
    d["seats"]["red"]["sheet"] = "stealthy_spy"
    with pytest.raises(ContentError, match="no ability sheets in the first_edition rules"):
        state_from_dict(d)


def test_every_event_reads_as_a_sentence_citing_seed_003(ua_spec: GameSpec) -> None:
    seen = set()
    for seed in range(4):
        g = Game.new(ua_spec, COLOURS[: 3 + seed % 3], seed, ruleset="unique_abilities")
        rng = random.Random(seed)
        while not g.over:
            g.play(rng.choice(g.legal_intents()))
        for ev in g.log:
            ex = explain_event(ua_spec, ev)
            assert ex.text and ex.text.rstrip().endswith((".", ")")), ev
            assert ex.citation is not None and ex.citation.section != "(unknown rule)", ev
            seen.add(ev.type)
    assert {"sheets_dealt", "ability_window_opened", "ability_declared", "tokens_spent",
            "ability_window_closed"} <= seen


def test_neutral_colours_are_refused_where_the_ruleset_seats_none(ua_spec: GameSpec) -> None:
    d = _state(ua_spec)
    d["seats"]["green"]["neutral"] = True
    d["seats"]["green"]["controller"] = "red"
    with pytest.raises(ContentError, match="the unique_abilities rules seat none"):
        state_from_dict(d)
