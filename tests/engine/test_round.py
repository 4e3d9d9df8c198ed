"""Rulebook "Playing the Game › The Game Round": choose, countdown 9→1, ties, first player."""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import (
    Board,
    ChooseCharacter,
    IllegalIntent,
    NotYourDecision,
    state_to_dict,
)


def _resolution_order(events):
    return [(e.colour, e.character) for e in events if e.type == "resolution_started"]


def test_all_players_choose_simultaneously_in_any_order(table):
    d = table.game.decision()
    assert d.kind == "choose_character" and set(d.colours) == set(table.colours)
    # the last seat may choose first; nothing is revealed until everyone has chosen
    last = table.colours[-1]
    evs = table.play(ChooseCharacter(last, "pilot"))
    assert [e.type for e in evs] == ["character_chosen"]
    assert table.state.seats[last].chosen == "pilot"
    assert last not in table.game.decision().colours
    with pytest.raises(NotYourDecision):
        table.play(ChooseCharacter(last, "explorer"))  # cannot change or choose twice


def test_countdown_reveals_from_nine_down_to_one(table):
    table.clear_board()
    table.dock(["s01", "s04", "s02", "s05"])  # big ships: nothing launches
    red, blue, green, yellow = table.colours
    table.first(red)
    evs = table.choose({red: "pilot", blue: "recruiter", green: "secret_agent",
                        yellow: "explorer"})
    revealed = [(e.colour, e.character) for e in evs if e.type == "character_revealed"]
    assert revealed[0] == (blue, "recruiter")  # 9 first; later reveals wait for their number
    assert table.state.seats[red].chosen == "pilot"  # still face down
    while table.state.stage == "resolve":
        table.play(table.legal()[0])
    numbers = [table.spec.characters[ch].number
               for _, ch in _resolution_order(table.game.log)]
    assert numbers == sorted(numbers, reverse=True)
    assert [ch for _, ch in _resolution_order(table.game.log)] == [
        "recruiter", "explorer", "secret_agent", "pilot"]


def _run_round(table):
    start = table.state.round
    while table.state.round == start and table.state.stage == "resolve":
        table.play(table.legal()[0])


@pytest.mark.parametrize("first_index", [0, 1, 2, 3])
def test_ties_resolve_clockwise_starting_with_the_first_player(table, first_index):
    table.clear_board()
    table.dock(["s01", "s04", "s02", "s05"])
    cs = table.colours
    first = cs[first_index]
    table.first(first)
    evs = table.choose({c: "recruiter" for c in cs})
    # all four same numbers are revealed together, then resolve clockwise from first
    assert [e.colour for e in evs if e.type == "character_revealed"][:4] == (
        cs[first_index:] + cs[:first_index])
    _run_round(table)
    order = [c for c, _ in _resolution_order(table.game.log)]
    assert order == cs[first_index:] + cs[:first_index]
    assert all(e.rule == "round.ties_clockwise"
               for e in table.game.log if e.type == "resolution_started")


def test_last_player_to_resolve_becomes_first_player(table):
    table.clear_board()
    table.dock(["s01", "s04", "s02", "s05"])
    red, blue, green, yellow = table.colours
    table.first(red)
    table.choose({red: "recruiter", blue: "pilot", green: "recruiter", yellow: "explorer"})
    _run_round(table)
    ev = [e for e in table.game.log if e.type == "first_player_set"][-1]
    assert ev.colour == blue and ev.rule == "round.first_player"
    assert table.state.first == blue


def test_round_tracker_advances_to_the_next_round(table):
    table.clear_board()
    table.dock(["s01", "s04", "s02", "s05"])
    table.choose({})
    _run_round(table)
    assert table.state.round == 2 and table.state.stage == "choose"
    adv = [e for e in table.game.log if e.type == "track_advanced"][-1]
    assert adv.rule == "round.advance" and adv.number == 2


def test_played_character_stays_face_up_and_cannot_be_chosen_again(table):
    table.clear_board()
    table.dock(["s01", "s04", "s02", "s05"])
    red = table.colours[0]
    table.choose({red: "explorer"})
    _run_round(table)
    seat = table.state.seats[red]
    assert "explorer" in seat.played and "explorer" not in seat.hand
    before = state_to_dict(table.state)
    with pytest.raises(IllegalIntent) as err:
        table.play(ChooseCharacter(red, "explorer"))
    assert err.value.code == "character_already_played"
    assert err.value.rule == "round.played_cards"
    assert state_to_dict(table.state) == before  # an illegal intent changes nothing


def test_effects_resolve_top_to_bottom(table):
    table.clear_board()
    table.dock(["s01", "s04", "s02", "s05"])
    table.put("hellas", table.colours[0])
    red = table.colours[0]
    table.first(red)
    table.choose({red: "explorer"})
    # the explorer first places (step 0), only then moves (step 1)
    assert table.game.decision().kind == "board"
    assert not any(type(x).type == "move" for x in table.legal(red))
    table.play(Board(red, "s01"))
    assert table.game.decision().kind == "move_adjacent"


def test_ten_rounds_then_the_game_ends(spec):
    import random

    from mrp_tutor.games.mission_red_planet.engine import Game

    g = Game.new(spec, ["red", "blue", "green"], seed=4)
    rng = random.Random(4)
    rounds = set()
    while not g.over:
        rounds.add(g.state.round)
        g.play(rng.choice(g.legal_intents()), trusted=True)
    assert rounds == set(range(0, 11))
    kinds = [e.kind for e in g.log if e.type == "track_advanced"]
    assert kinds == [t.kind for t in spec.track]
    assert g.state.result is not None and g.legal_intents() == []
