"""Seed 003 §5 (Character Actions) under the first_edition ruleset: the nine first-edition
characters, called 1 to 9, each step citing a first-edition rule."""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import Game, GameSpec

ORDER = ["recruiter", "explorer", "scientist", "secret_agent", "saboteur", "femme_fatale",
         "travel_agent", "soldier", "pilot"]


def test_nine_characters_numbered_1_to_9_citing_first_edition_rules(fe_spec: GameSpec) -> None:
    assert [fe_spec.characters[c].number for c in ORDER] == list(range(1, 10))
    for ch in fe_spec.characters.values():
        assert ch.rule == f"fe.characters.{ch.id}"
        for st in ch.steps:
            assert st.rule.startswith("fe.") and all(r.startswith("fe.")
                                                     for r in st.rules.values())


def test_placements_as_the_manual_gives_them(fe_spec: GameSpec) -> None:
    board = {c: fe_spec.characters[c].steps[0] for c in ORDER}
    got = {c: (st.count, getattr(st, "min", None), getattr(st, "ships", None))
           for c, st in board.items()}
    assert got == {
        "recruiter": (1, None, "any"), "explorer": (1, None, "any"),
        "scientist": (2, 1, "any"),  # 1 or 2
        "secret_agent": (2, None, "distinct"), "saboteur": (1, None, "any"),
        "femme_fatale": (1, None, "any"), "travel_agent": (3, None, "same"),
        "soldier": (2, None, "same"), "pilot": (2, 1, "any"),  # 1 or 2
    }
    effects = {c: [st.effect for st in fe_spec.characters[c].steps[1:]] for c in ORDER}
    assert effects == {
        "recruiter": ["recall_cards"], "explorer": ["move_adjacent"],
        "scientist": ["draw_or_peek"], "secret_agent": ["force_launch"],
        "saboteur": ["destroy_docked"], "femme_fatale": ["replace"], "travel_agent": [],
        "soldier": ["kill"], "pilot": ["place_destination_token"],
    }


def test_in_play_soldier_kills_only_in_outer_regions_travel_agent_all_or_nothing(
    fe_spec: GameSpec, fe_games: list[Game]
) -> None:
    kills = 0
    for g in fe_games:
        for ev in g.log:
            if ev.type == "astronaut_killed" and ev.rule == "fe.characters.soldier":
                kills += 1
                assert ev.place in fe_spec.outer
            elif ev.type == "astronauts_boarded" and ev.rule == "fe.characters.travel_agent":
                assert ev.count == 3
    assert kills > 0


def test_the_pilot_and_scientist_may_stop_after_one(fe_games: list[Game]) -> None:
    stopped = {ev.rule for g in fe_games for ev in g.log if ev.type == "step_stopped"}
    assert {"fe.characters.pilot", "fe.characters.scientist"} <= stopped
