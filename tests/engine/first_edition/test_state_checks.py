"""First-edition positions pass the engine's state rule checks (engine/checks.py).

The checks read the ruleset and its spec, not the standard game's numbers: 3 to 5 players,
10 regions, its own round track, three event cards dealt each from all 24 (two with 5
players), and Analysis Error drawing only from resource tokens neither on the board nor set
aside at setup.
"""

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

from .conftest import COLOURS


def test_every_decision_point_of_seeded_first_edition_games_keeps_every_rule(
        fe_spec: GameSpec) -> None:
    checked = 0
    for seed in range(9):
        g = Game.new(fe_spec, COLOURS[: 3 + seed % 3], seed, ruleset="first_edition")
        rng = random.Random(seed)
        while not g.over:
            assert state_problems(fe_spec, g.state) == [], (seed, len(g.log))
            checked += 1
            g.play(rng.choice(g.legal_intents()))
        assert state_problems(fe_spec, g.state) == []
        # state_from_dict defaults to the spec of the state's ruleset
        again = state_from_dict(state_to_dict(g.state))
        assert state_to_dict(again) == state_to_dict(g.state)
        log = log_from_data([event_to_dict(e) for e in g.log], "log.json")
        assert state_to_dict(replay(fe_spec, log)) == state_to_dict(g.state)
    assert checked > 300


def test_finished_bot_games_pass_the_checks(fe_spec: GameSpec, fe_games: list[Game]) -> None:
    for g in fe_games:  # seeds 0-11: seed 9 once drew a fifth celerium token (the spare)
        assert state_problems(fe_spec, g.state) == []
        state_from_dict(state_to_dict(g.state))


def test_a_dealt_hand_larger_than_the_ruleset_deals_is_refused(fe_spec: GameSpec) -> None:
    g = Game.new(fe_spec, COLOURS[:3], 1, ruleset="first_edition")
    d = state_to_dict(g.state)
    c = d["order"][0]
    while len(d["seats"][c]["dealt"]) < 3:  # three event cards with 3 players
        d["seats"][c]["dealt"].append(d["mission_deck"].pop())
    state_from_dict(d)
    d["seats"][c]["dealt"].append(d["mission_deck"].pop())
    with pytest.raises(ContentError, match="4 dealt bonus cards; each player is dealt 3"):
        state_from_dict(d)


def test_every_rule_a_state_check_cites_is_a_first_edition_rule(fe_spec: GameSpec) -> None:
    # the checks name the shared rule ids (components.ship_cards, round.launch_full, ...);
    # under the first edition each goes through the ruleset's mapping to its own rules file
    import ast
    import re
    from pathlib import Path

    from mrp_tutor.games.mission_red_planet.engine import checks
    from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset

    fe = find_ruleset("first_edition")
    tree = ast.parse(Path(checks.__file__).read_text())
    texts = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
             and isinstance(n.value, str) and "\n" not in n.value]  # (not the docstrings)
    ids = {x for x in texts if re.fullmatch(r"[a-z_]+(\.[a-z_]+)+", x)}
    ids |= {m for x in texts for m in re.findall(r"\(rule ([a-z_.]+)\)", x)}
    assert {"components.ship_cards", "round.launch_full", "components.point_tokens"} <= ids
    missing = sorted(x for x in ids if fe.cite(x) not in fe_spec.rules)
    assert missing == []


def test_a_broken_first_edition_state_cites_its_own_rules(fe_spec: GameSpec) -> None:
    import re

    g = Game.new(fe_spec, COLOURS[:3], 1, ruleset="first_edition")
    s = g.state.copy() if hasattr(g.state, "copy") else state_from_dict(state_to_dict(g.state))
    s.ship_deck.append("no_such_shuttle")  # an unknown ship
    s.token_supply["ice"] += 1  # a token too many
    problems = state_problems(fe_spec, s)
    assert problems
    cited = [re.search(r"\(rule ([a-z_.]+)\)$", x).group(1) for x in problems]  # type: ignore[union-attr]
    assert all(r.startswith("fe.") and r in fe_spec.rules for r in cited), problems
    bad_log = [event_to_dict(e) for e in g.log]
    bad_log[0]["token_supply"] = [["ice", 1], ["sylvanite", 1], ["celerium", 1]]
    with pytest.raises(ContentError) as err:
        replay_checked(fe_spec, bad_log)
    assert "(rule fe.components.scoring_tokens)" in str(err.value)


def replay_checked(spec: GameSpec, data: list[dict[str, object]]) -> object:
    from mrp_tutor.games.mission_red_planet.engine.checks import checked_replay

    return checked_replay(spec, log_from_data(data, "log.json"), "log.json")


def test_a_first_edition_scenario_position_cites_the_first_edition(fe_spec: GameSpec) -> None:
    # the audit's case: an unknown shuttle in a first-edition scenario printed
    # "(rule components.ship_cards)", a second-edition id
    import re

    from mrp_tutor.games.mission_red_planet.scenarios import scenario_from_dict

    doc = {"id": "x", "title": "x", "ruleset": "first_edition", "players": ["red", "blue", "green"],
           "lesson": "x",
           "position": {"stage": "choose", "round": 2,
                        "ships": [{"id": "f07", "dock": 0}, {"id": "f08", "dock": 1},
                                  {"id": "f99", "dock": 2}],
                        "zones": {"outer_1": {"astronauts": {"red": 25}}}}}
    with pytest.raises(ContentError) as err:
        scenario_from_dict(doc)
    problems = err.value.problems
    assert any("f99" in x for x in problems) and any("25" in x or "red" in x for x in problems)
    cited = [m for x in problems for m in re.findall(r"\(rule ([a-z0-9_.]+)\)", x)]
    assert cited and all(r in fe_spec.rules for r in cited), problems
    doc["position"]["tokens_typo"] = 1  # a structural problem too: still the first edition's
    with pytest.raises(ContentError) as err:
        scenario_from_dict(doc)
    cited = [m for x in err.value.problems for m in re.findall(r"\(rule ([a-z0-9_.]+)\)", x)]
    assert all(r in fe_spec.rules for r in cited), err.value.problems


def test_a_referee_edit_of_a_first_edition_table_cites_the_first_edition(
        fe_spec: GameSpec) -> None:
    from mrp_tutor.games.mission_red_planet.engine.errors import MrpError
    from mrp_tutor.games.mission_red_planet.ui.edits import check_edit, parse_edit

    g = Game.new(fe_spec, COLOURS[:3], 4, ruleset="first_edition")
    ship = g.state.docked()[0]
    with pytest.raises(MrpError) as err:  # over capacity
        check_edit(fe_spec, g.state, parse_edit(
            {"what": "crew", "place": ship, "colour": "red", "count": fe_spec.cap[ship] + 1}))
    assert err.value.rule == "fe.components.shuttle_capacity"
    with pytest.raises(MrpError) as err:  # more than 22
        check_edit(fe_spec, g.state, parse_edit(
            {"what": "zone", "place": "outer_1", "colour": "red", "count": 30}))
    assert err.value.rule == "fe.components.counts"
    ev = check_edit(fe_spec, g.state, parse_edit(
        {"what": "zone", "place": "outer_2", "colour": "red", "count": 1}))
    assert ev.rule in fe_spec.rules and ev.rule.startswith("fe."), ev.rule
