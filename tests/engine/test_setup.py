"""Rulebook "Setup", steps 1-9 (and the player counts of "Game Overview")."""

from __future__ import annotations

from collections import Counter

import pytest

from mrp_tutor.games.mission_red_planet.engine import (
    UNKNOWN,
    Game,
    KeepMission,
    MalformedIntent,
    event_to_dict,
)

COLOURS = ["red", "blue", "green", "yellow", "purple", "black"]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_launchpad_has_one_dock_per_player_each_with_a_ship(spec, players):
    g = Game.new(spec, COLOURS[:players], seed=players)
    s = g.state
    assert len(s.docks) == players  # setup.launchpad
    assert all(d is not None for d in s.docks)
    assert not s.launched


@pytest.mark.parametrize("seed", range(40))
def test_no_unknown_destination_ship_stays_docked_at_setup(spec, seed):
    g = Game.new(spec, COLOURS[:4], seed=seed)
    assert all(spec.dest[sid] != UNKNOWN for sid in g.state.docked())  # setup.ships.unknown
    # every ship card is somewhere exactly once
    s = g.state
    cards = s.docked() + s.ship_deck + s.ship_discard
    assert sorted(cards) == sorted(spec.ships)


def test_unknown_ships_drawn_at_setup_are_replaced_and_reshuffled(spec):
    for seed in range(200):
        g = Game.new(spec, COLOURS[:6], seed=seed)
        returned = [e for e in g.log if e.type == "ship_returned"]
        if returned:
            break
    else:  # pragma: no cover - the seeds above contain such a case
        pytest.fail("no seed drew an unknown ship")
    ev = returned[0]
    assert spec.dest[ev.ship] == UNKNOWN and ev.rule == "setup.ships.unknown"
    assert ev.ship in g.state.ship_deck
    i = g.log.index(ev)
    assert any(e.type == "deck_shuffled" and e.rule == "setup.ships.unknown"
               for e in g.log[i:i + 3])


def test_phobos_token_on_right_most_dock_only_without_a_phobos_ship(spec):
    seen = {True: False, False: False}
    for seed in range(60):
        g = Game.new(spec, COLOURS[:3], seed=seed)
        s = g.state
        has_phobos = any(spec.dest[x] == spec.moon for x in s.docked())
        tokens = {sid: list(s.ships[sid].tokens) for sid in s.docked()}
        if has_phobos:
            assert all(not t for t in tokens.values())
        else:
            right = s.docks[-1]
            assert tokens[right] == [spec.moon]  # setup.ships.phobos_token
            assert s.dest_supply[spec.moon] == 1
            assert all(not t for sid, t in tokens.items() if sid != right)
        seen[has_phobos] = True
    assert all(seen.values())


@pytest.mark.parametrize("players", [3, 5, 6])
def test_starting_astronauts_one_per_ship_and_first_player_on_left_most_dock(spec, players):
    g = Game.new(spec, COLOURS[:players], seed=11)
    s = g.state
    owners = []
    for sid in s.docks:
        crew = s.ships[sid].crew
        assert sum(crew.values()) == 1
        owners.append(next(iter(crew)))
    assert sorted(owners) == sorted(s.order)  # one astronaut of each player
    assert s.first == owners[0]  # setup.first_player
    for c in s.order:
        assert s.seats[c].supply == 21
        assert sum(s.astronaut_places(c).values()) == 22


def test_resources_one_face_down_per_zone_and_one_spare(spec):
    g = Game.new(spec, COLOURS[:4], seed=3)
    s = g.state
    assert set(s.resources) == set(spec.zones)  # every zone of Mars and Phobos
    assert not any(s.face_up.values())
    bag = Counter(s.resources.values())
    bag[s.spare_resource] += 1
    assert bag == {"ice": 5, "sylvanite": 3, "celerium": 3}


def test_each_player_is_dealt_two_missions_keeps_one_other_goes_on_top(spec):
    g = Game.new(spec, COLOURS[:3], seed=5)
    s = g.state
    d = g.decision()
    assert d.kind == "keep_mission" and set(d.colours) == set(COLOURS[:3])
    for c in s.order:
        assert len(s.seats[c].dealt) == 2
    c = s.order[0]
    keep, back = s.seats[c].dealt
    g.play(KeepMission(c, keep))
    assert s.seats[c].missions == [keep]
    assert s.mission_deck[0] == back  # unchosen card goes on top of the undealt missions
    for c2 in s.order[1:]:
        g.play(KeepMission(c2, s.seats[c2].dealt[1]))
    assert s.stage == "choose"


def test_event_deck_holds_discoveries_actions_and_the_other_missions(spec):
    g = Game.new(spec, COLOURS[:4], seed=9)
    for c in list(g.decision().colours):
        g.play(KeepMission(c, g.state.seats[c].dealt[0]))
    s = g.state
    kinds = Counter(spec.card_kind(x) for x in s.event_deck)
    assert kinds == {"discovery": 13, "action": 4, "mission": 13 - 4}
    kept = [m for c in s.order for m in s.seats[c].missions]
    assert not set(kept) & set(s.event_deck)


def test_starting_hand_is_all_nine_characters(spec):
    g = Game.new(spec, COLOURS[:4], seed=2)
    for c in g.state.order:
        assert sorted(g.state.seats[c].hand) == sorted(spec.characters)
        assert g.state.seats[c].played == []


@pytest.mark.parametrize("players", [1, 2])
def test_standard_game_takes_three_to_six_players(spec, players):
    with pytest.raises(MalformedIntent) as err:
        Game.new(spec, COLOURS[:players], seed=1)
    assert err.value.code == "bad_player_count"


def test_seven_players_is_impossible(spec):
    with pytest.raises(MalformedIntent):
        Game.new(spec, [*COLOURS, "red"], seed=1)


def test_two_players_must_use_the_variant(spec):
    with pytest.raises(MalformedIntent) as err:
        Game.new(spec, ["red", "blue"], seed=1)
    assert err.value.code == "bad_player_count" and err.value.rule == "setup.colors"


def test_colours_must_be_known_and_distinct(spec):
    with pytest.raises(MalformedIntent) as err:
        Game.new(spec, ["red", "red", "blue"], seed=1)
    assert err.value.code == "bad_colours"
    with pytest.raises(MalformedIntent):
        Game.new(spec, ["red", "blue", "mauve"], seed=1)


def test_setup_events_are_cited_and_seeded(spec):
    a = Game.new(spec, COLOURS[:4], seed=42)
    b = Game.new(spec, COLOURS[:4], seed=42)
    c = Game.new(spec, COLOURS[:4], seed=43)
    assert [event_to_dict(e) for e in a.log] == [event_to_dict(e) for e in b.log]
    assert [event_to_dict(e) for e in a.log] != [event_to_dict(e) for e in c.log]
    assert all(e.rule in spec.rules for e in a.log)


def test_seeded_shuffles_match_the_standard_library():
    """The engine's faster shuffle makes exactly random.Random's permutations."""
    import random

    from mrp_tutor.games.mission_red_planet.engine.game import SeededRandom

    for seed in range(200):
        for size in (0, 1, 2, 3, 4, 11, 13, 30, 36):
            a, b = list(range(size)), list(range(size))
            random.Random(f"{seed}:{size}").shuffle(a)
            SeededRandom(f"{seed}:{size}").shuffle(b)
            assert a == b


def test_seeded_generators_are_in_random_randoms_state() -> None:
    """rng.seeded(text) skips random.Random's Python-level __init__ and seed, and must leave
    the generator exactly as random.Random(text) does: same state, same draws."""
    import random

    from mrp_tutor.games.mission_red_planet.engine.rng import SeededRandom, seeded

    for text in ("0:0", "12345:7", "bot:3", "é:1", "", "9" * 300):
        ours, theirs = seeded(text), random.Random(text)
        assert type(ours) is SeededRandom
        assert ours.getstate() == theirs.getstate(), text
        assert [ours.getrandbits(k) for k in range(1, 40)] == [
            theirs.getrandbits(k) for k in range(1, 40)]
        assert ours.gauss(0, 1) == theirs.gauss(0, 1)  # gauss_next set as seed() sets it
        assert ours.gauss(0, 1) == theirs.gauss(0, 1)
