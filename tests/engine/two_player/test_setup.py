"""2-player variant, setup (rulebook "2-Player Variant" › Setup): four colours, two of them
neutral, seated side by side; missions to the main colours only; the neutral decks."""

from __future__ import annotations

from collections import Counter

import pytest

from mrp_tutor.games.mission_red_planet.engine import (
    Game,
    GameSpec,
    KeepMission,
    MalformedIntent,
    NotYourDecision,
    play_out,
    setup_events,
)
from mrp_tutor.games.mission_red_planet.engine import events as E

from .conftest import (
    BLUE,
    CONTROLLER,
    GREEN,
    KEEP,
    MAINS,
    NEUTRALS,
    RED,
    SEATING,
    YELLOW,
    new_game,
    random_chooser,
    to_choose,
    total,
)


def test_set_up_as_a_four_player_game(spec: GameSpec) -> None:
    game = new_game(spec, 3)
    s = game.state
    assert len(s.docks) == 4 and all(d is not None for d in s.docks)
    assert sorted(s.order) == sorted(SEATING)
    for c in SEATING:
        seat = s.seats[c]
        assert seat.controller == CONTROLLER[c]
        assert seat.neutral == (c in NEUTRALS)
        assert total(s, c) == spec.astronauts_per_colour == 22
    # one starting astronaut of every colour, one per docked ship
    for c in SEATING:
        assert sum(s.ships[sid].crew.get(c, 0) for sid in s.docked()) == 1
    assert all(s.ships[sid].aboard() == 1 for sid in s.docked())
    # the colour on the left-most dock starts (it may be a neutral colour)
    assert s.ships[s.docks[0] or ""].crew == {s.first: 1}
    first = game.log[0]
    assert isinstance(first, E.GameStarted) and first.variant == "two_player"
    assert first.rule == "two_player.seating_order"


def test_a_neutral_colour_can_be_first_player_cited_as_the_tutors_reading(
    spec: GameSpec,
) -> None:
    # The rulebook says "the player"; the tutor counts each colour (two_player.first_player).
    assert "tutor reading" in spec.rules["two_player.first_player"].source
    seen: set[tuple[bool, bool]] = set()  # (at setup, neutral)
    for seed in range(1, 9):
        game = play_out(new_game(spec, seed), random_chooser(seed))
        firsts = [e for e in game.log if isinstance(e, E.FirstPlayerSet)]
        for i, ev in enumerate(firsts):
            neutral = ev.colour in NEUTRALS
            seen.add((i == 0, neutral))
            if neutral:
                assert ev.rule == "two_player.first_player"
            else:
                assert ev.rule in (("setup.first_player",) if i == 0 else (
                    "round.first_player", "round.first_player.skipped_turn"))
        # the round rule still holds: whoever resolved last becomes first player; the tutor
        # reading round.first_player.skipped_turn is cited exactly when that player did nothing
        last: str | None = None
        since: list[E.Event] = []
        for e in game.log:
            if isinstance(e, E.ResolutionStarted):
                since = []
            since.append(e)
            if isinstance(e, E.ResolutionEnded):
                last = e.colour
            elif isinstance(e, E.FirstPlayerSet) and last is not None:
                assert e.colour == last
                idle = all(x.type in ("resolution_started", "step_started", "step_skipped",
                                      "resolution_ended", "ship_launched", "ship_landed",
                                      "resource_flipped", "ship_docked", "deck_shuffled",
                                      "first_player_set") for x in since)
                if e.rule != "two_player.first_player":
                    assert (e.rule == "round.first_player.skipped_turn") == idle, since
    assert {(True, True), (True, False), (False, True), (False, False)} <= seen


def test_main_colours_keep_their_nine_cards_neutrals_have_no_hand(spec: GameSpec) -> None:
    s, _ = setup_events(spec, SEATING, 5, ruleset="two_player")
    for c in MAINS:
        assert sorted(s.seats[c].hand) == sorted(spec.countdown)
    for c in NEUTRALS:
        assert s.seats[c].hand == [] and sorted(s.seats[c].deck) == sorted(spec.countdown)


def test_seating_players_side_by_side_neutrals_across(spec: GameSpec) -> None:
    s = new_game(spec).state
    assert s.order == [RED, GREEN, BLUE, YELLOW]  # clockwise
    n = len(s.order)
    for main in MAINS:
        i = s.order.index(main)
        neutral = next(c for c in NEUTRALS if s.seats[c].controller == main)
        assert s.order[(i + 2) % n] == neutral  # across the table
    i, j = s.order.index(RED), s.order.index(GREEN)
    assert abs(i - j) in (1, n - 1)  # the two players are neighbours


@pytest.mark.parametrize(
    ("colours", "variant", "code"),
    [
        (["red", "blue", "green"], "two_player", "bad_player_count"),
        (["red", "blue", "green", "yellow", "black"], "two_player", "bad_player_count"),
        (["red", "blue", "red", "yellow"], "two_player", "bad_colours"),
        (["red", "blue"], "standard", "bad_player_count"),
        (["red", "blue", "green", "yellow"], "solo", "unknown_variant"),
    ],
)
def test_bad_two_player_setups_are_refused(
    spec: GameSpec, colours: list[str], variant: str, code: str
) -> None:
    with pytest.raises(MalformedIntent) as err:
        Game.new(spec, colours, 1, ruleset=variant)
    assert err.value.code == code
    assert err.value.rule in spec.rules


def test_missions_dealt_to_main_colours_only(spec: GameSpec) -> None:
    game = new_game(spec, 7)
    dealt = [e for e in game.log if isinstance(e, E.MissionsDealt)]
    assert sorted(e.colour for e in dealt) == sorted(MAINS)
    assert all(e.rule == "two_player.missions" and len(e.cards) == 2 for e in dealt)
    d = game.decision()
    assert d is not None and d.kind == "keep_mission" and set(d.colours) == set(MAINS)
    assert d.rule == "two_player.missions"
    for c in NEUTRALS:
        assert game.state.seats[c].dealt == []
        with pytest.raises(NotYourDecision):
            game.play(KeepMission(c, game.state.seats[RED].dealt[0]))
    kept = {c: game.state.seats[c].dealt[0] for c in MAINS}
    unchosen = {c: game.state.seats[c].dealt[1] for c in MAINS}
    to_choose(game)
    s = game.state
    for c in MAINS:
        assert s.seats[c].missions == [kept[c]]
        assert kept[c] not in s.event_deck
        assert unchosen[c] in s.event_deck  # back with the undealt missions
    for c in NEUTRALS:
        assert s.seats[c].missions == []
    n_events = len(spec.discoveries) + len(spec.actions) + len(spec.missions) - 2
    assert len(s.event_deck) == n_events


def test_neutral_deck_prepared_as_the_rulebook_says(spec: GameSpec) -> None:
    tops: Counter[str] = Counter()
    bottoms: Counter[str] = Counter()
    differ = 0
    for seed in range(60):
        s, events = setup_events(spec, SEATING, seed, ruleset="two_player")
        decks = {}
        for c in NEUTRALS:
            deck = s.seats[c].deck
            decks[c] = deck
            assert sorted(deck) == sorted(spec.countdown)  # all nine neutral characters
            top, bottom = deck[:3], deck[3:]
            assert not KEEP & set(top)  # the four named cards are always among the six
            assert set(bottom) >= KEEP and len(bottom) == 6
            tops.update(top)
            bottoms.update(set(bottom) - KEEP)
        differ += decks[BLUE] != decks[YELLOW]
        shuffles = [e for e in events if isinstance(e, E.DeckShuffled)
                    and e.deck.startswith("neutral:")]
        assert sorted(e.deck for e in shuffles) == ["neutral:blue", "neutral:yellow"]
        assert all(e.rule == "two_player.neutral_deck" for e in shuffles)
    others = set(spec.countdown) - KEEP
    # the two extra cards are random: every other character lands in both parts sometimes
    assert set(tops) == others and set(bottoms) == others
    assert differ > 50  # the two neutral decks are shuffled independently
