"""The 2-player variant (rulebook "2-Player Variant"): neutral colours, neutral decks, winning.

Each test builds a real two-player game with ``Game.new(..., variant="two_player")`` and, where
a ruling needs an exact position, edits the plain-data state (keeping all 22 astronauts of a
colour accounted for), then plays intents through the public API.

Colours are passed clockwise, ``[main A, main B, neutral A, neutral B]``: red controls blue
(across the table from red), green controls yellow.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from mrp_tutor.engine import (
    AssignDiscovery,
    Board,
    ChooseCharacter,
    DrawEvent,
    Game,
    GameSpec,
    GameState,
    IllegalIntent,
    Intent,
    KeepMission,
    Kill,
    MalformedIntent,
    NotYourDecision,
    Peek,
    Replace,
    advance,
    load_spec,
    mission_points,
    play_out,
    rank_winners,
    replay,
    setup_events,
    state_to_dict,
)
from mrp_tutor.engine import events as E
from mrp_tutor.engine.views import HIDDEN, redact, view_for

RED, BLUE, GREEN, YELLOW = "red", "blue", "green", "yellow"
SEATING = [RED, GREEN, BLUE, YELLOW]  # clockwise
MAINS = (RED, GREEN)
NEUTRALS = (BLUE, YELLOW)
CONTROLLER = {RED: RED, GREEN: GREEN, BLUE: RED, YELLOW: GREEN}
KEEP = {"recruiter", "explorer", "femme_fatale", "soldier"}  # never in a neutral deck's top 3


@pytest.fixture(scope="module")
def spec() -> GameSpec:
    return load_spec(use_env_overrides=False)


# =============================================================================== helpers


def new_game(spec: GameSpec, seed: int = 1) -> Game:
    return Game.new(spec, SEATING, seed, variant="two_player")


def to_choose(game: Game) -> Game:
    """Both main colours keep their first dealt mission: round 1, choose stage."""
    for c in MAINS:
        game.play(KeepMission(c, game.state.seats[c].dealt[0]))
    assert game.state.stage == "choose"
    return game


def started(spec: GameSpec, seed: int = 1) -> Game:
    return to_choose(new_game(spec, seed))


def touch(game: Game) -> None:
    game.invalidate()  # forget cached legal intents after editing the state


def force_neutral(game: Game, colour: str, card: str) -> None:
    """Make ``card`` the neutral's character this round (its drawn card goes back on top)."""
    seat = game.state.seats[colour]
    assert seat.neutral and seat.chosen is not None
    if seat.chosen != card:
        seat.deck.remove(card)
        seat.deck.insert(0, seat.chosen)
        seat.chosen = card
    touch(game)


def put(game: Game, zone: str, colour: str, n: int = 1) -> None:
    s = game.state
    s.seats[colour].supply -= n
    s.zones[zone][colour] = s.zones[zone].get(colour, 0) + n
    touch(game)


def choose_mains(game: Game, red: str, green: str) -> list[E.Event]:
    out = game.play(ChooseCharacter(RED, red))
    return out + game.play(ChooseCharacter(GREEN, green))


def play_first_while(game: Game, kind: str) -> list[E.Event]:
    """Play the first legal intent while the decision is of ``kind``."""
    out: list[E.Event] = []
    while (d := game.decision()) is not None and d.kind == kind:
        out += game.play(game.legal_intents()[0])
    return out


def total(s: GameState, colour: str) -> int:
    return sum(s.astronaut_places(colour).values())


def tokens_accounted(spec: GameSpec, s: GameState) -> dict[str, int]:
    out = dict(s.token_supply)
    for seat in s.seats.values():
        for r, n in seat.tokens.items():
            out[r] += n
    for waiting in s.waiting.values():
        for r, n in waiting.items():
            out[r] += n
    return out


def random_chooser(seed: int) -> Callable[[Game, list[Intent]], Intent]:
    rng = random.Random(seed)
    return lambda game, legal: rng.choice(legal)


# =============================================================================== setup


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
    s, _ = setup_events(spec, SEATING, 5, variant="two_player")
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
        Game.new(spec, colours, 1, variant=variant)
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
        s, events = setup_events(spec, SEATING, seed, variant="two_player")
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


# =============================================================================== rounds


def test_neutral_draws_top_card_before_mains_choose(spec: GameSpec) -> None:
    s0, _ = setup_events(spec, SEATING, 11, variant="two_player")
    tops = {c: s0.seats[c].deck[0] for c in NEUTRALS}
    game = started(spec, 11)
    s = game.state
    drawn = [e for e in game.log if isinstance(e, E.NeutralCardDrawn)]
    assert {e.colour: e.card for e in drawn} == tops
    assert all(e.rule == "two_player.neutral_draw" for e in drawn)
    for c in NEUTRALS:
        assert s.seats[c].chosen == tops[c]  # the drawn card is this round's character
        assert len(s.seats[c].deck) == 8
    d = game.decision()
    assert d is not None and d.kind == "choose_character" and d.colours == MAINS
    with pytest.raises(NotYourDecision):  # nobody chooses for a neutral: it draws
        game.play(ChooseCharacter(BLUE, "pilot"))


def test_drawn_neutral_card_is_the_character_resolved(spec: GameSpec) -> None:
    game = started(spec, 4)
    chosen = {c: game.state.seats[c].chosen for c in NEUTRALS}
    start = len(game.log)
    choose_mains(game, "pilot", "pilot")
    pick = random_chooser(4)
    while game.state.round == 1:
        game.play(pick(game, game.legal_intents()), trusted=True)
    revealed = {e.colour: e.character for e in game.log[start:]
                if isinstance(e, E.CharacterRevealed) and e.colour in NEUTRALS}
    assert revealed == chosen
    for c in NEUTRALS:
        assert game.state.seats[c].played == [chosen[c]]


def test_controller_decides_for_the_neutral(spec: GameSpec) -> None:
    game = started(spec, 2)
    force_neutral(game, BLUE, "secret_agent")
    force_neutral(game, YELLOW, "pilot")
    choose_mains(game, "pilot", "pilot")
    d = game.decision()
    assert d is not None and d.colours == (BLUE,) and d.character == "secret_agent"
    legal = game.legal_intents()
    assert legal and all(x.colour == BLUE for x in legal)
    with pytest.raises(NotYourDecision):  # the controller acts with the neutral's colour
        game.play(Board(RED, game.state.docked()[0]))
    events = game.play(legal[0])
    boarded = [e for e in events if isinstance(e, E.AstronautsBoarded)]
    assert boarded and boarded[0].colour == BLUE


def test_ties_resolve_clockwise_in_the_two_player_seating(spec: GameSpec) -> None:
    game = started(spec, 5)
    force_neutral(game, BLUE, "pilot")
    force_neutral(game, YELLOW, "pilot")
    game.state.first = GREEN
    events = choose_mains(game, "pilot", "pilot")
    order = next(e for e in events if isinstance(e, E.ResolutionOrderSet))
    assert order.order == (GREEN, BLUE, YELLOW, RED)  # clockwise from the first player
    started_ = [e for e in events if isinstance(e, E.ResolutionStarted)]
    assert started_[0].colour == GREEN and started_[0].rule == "round.ties_clockwise"


def _resolve_to(game: Game, kind: str) -> None:
    play_first_while(game, "board")
    d = game.decision()
    assert d is not None and d.kind == kind, d


def test_neutral_femme_fatale_may_replace_its_own_astronaut(spec: GameSpec) -> None:
    game = started(spec, 3)
    force_neutral(game, BLUE, "femme_fatale")
    force_neutral(game, YELLOW, "pilot")
    put(game, "hellas", BLUE)
    put(game, "hellas", RED)
    choose_mains(game, "pilot", "pilot")
    _resolve_to(game, "replace")
    legal = set(game.legal_intents())
    assert Replace(BLUE, "hellas", BLUE) in legal  # its own astronaut
    assert Replace(BLUE, "hellas", RED) in legal  # or its controller's main colour
    before = game.state.clone()
    events = game.play(Replace(BLUE, "hellas", BLUE))
    ev = next(e for e in events if isinstance(e, E.AstronautReplaced))
    assert ev.rule == "two_player.neutral_decisions"
    s = game.state
    assert s.zones["hellas"][BLUE] == before.zones["hellas"][BLUE]
    assert s.memorial.get(BLUE, 0) == before.memorial.get(BLUE, 0) + 1
    assert s.seats[BLUE].supply == before.seats[BLUE].supply - 1
    assert all(total(s, c) == 22 for c in SEATING)


def test_main_femme_fatale_still_cannot_replace_its_own(spec: GameSpec) -> None:
    game = started(spec, 3)
    force_neutral(game, BLUE, "pilot")
    force_neutral(game, YELLOW, "pilot")
    put(game, "hellas", RED)
    put(game, "hellas", GREEN)
    choose_mains(game, "femme_fatale", "pilot")
    _resolve_to(game, "replace")
    assert Replace(RED, "hellas", RED) not in game.legal_intents()
    with pytest.raises(IllegalIntent) as err:
        game.play(Replace(RED, "hellas", RED))
    assert err.value.code == "cannot_replace_own"


def test_neutral_soldier_may_have_to_kill_its_controllers_astronaut(spec: GameSpec) -> None:
    # The rulebook's own example: only the controller has astronauts in outer zones.
    game = started(spec, 6)
    force_neutral(game, BLUE, "soldier")
    force_neutral(game, YELLOW, "pilot")
    put(game, "hellas", RED, 2)
    choose_mains(game, "pilot", "pilot")
    _resolve_to(game, "kill")
    legal = game.legal_intents()
    assert legal == [Kill(BLUE, "hellas", RED)]  # mandatory: no stop, no other target
    events = game.play(legal[0])
    assert any(isinstance(e, E.AstronautKilled) and e.victim == RED for e in events)
    assert game.state.memorial[RED] == 1


def test_neutral_soldier_may_kill_its_own_astronaut(spec: GameSpec) -> None:
    game = started(spec, 6)
    force_neutral(game, BLUE, "soldier")
    force_neutral(game, YELLOW, "pilot")
    put(game, "hellas", BLUE)
    put(game, "ausonia", GREEN)
    choose_mains(game, "pilot", "pilot")
    _resolve_to(game, "kill")
    assert set(game.legal_intents()) == {Kill(BLUE, "hellas", BLUE), Kill(BLUE, "ausonia", GREEN)}
    game.play(Kill(BLUE, "hellas", BLUE))
    assert game.state.memorial[BLUE] == 1


def _neutral_scientist(spec: GameSpec, top: str) -> Game:
    game = started(spec, 8)
    force_neutral(game, BLUE, "scientist")
    force_neutral(game, YELLOW, "pilot")
    deck = game.state.event_deck
    deck.remove(top)
    deck.insert(0, top)
    choose_mains(game, "pilot", "pilot")
    _resolve_to(game, "draw_or_peek")
    return game


@pytest.mark.parametrize("kind", ["mission", "action"])
def test_neutral_scientist_boxes_missions_and_actions_unseen(spec: GameSpec, kind: str) -> None:
    probe = started(spec, 8).state
    card = next(c for c in probe.event_deck if spec.card_kind(c) == kind)
    game = _neutral_scientist(spec, card)
    events = game.play(DrawEvent(BLUE))
    drawn = next(e for e in events if isinstance(e, E.EventCardDrawn))
    boxed = next(e for e in events if isinstance(e, E.EventCardBoxed))
    assert boxed.card == card and boxed.rule == "two_player.neutral_scientist"
    s = game.state
    assert card not in s.event_deck
    assert all(card not in seat.missions and card not in seat.actions for seat in s.seats.values())
    # the controller drew it and knows it; the opponent never sees it
    assert redact(drawn, s, RED).card == card
    for viewer in (GREEN, None):
        assert redact(drawn, s, viewer).card is None
        assert redact(boxed, s, viewer).card is None
        assert card not in json.dumps(view_for(spec, s, viewer))
    # a boxed mission never scores for anyone
    rest = play_out(game, random_chooser(8))
    assert not any(isinstance(e, E.MissionScored) and e.card == card for e in rest.log)


def test_neutral_scientist_places_a_discovery_in_any_free_outer_zone(spec: GameSpec) -> None:
    card = next(iter(spec.discoveries))
    game = _neutral_scientist(spec, card)
    game.play(DrawEvent(BLUE))
    d = game.decision()
    assert d is not None and d.kind == "assign_discovery" and d.colours == (BLUE,)
    assert view_for(spec, game.state, RED)["held_discovery"] == card  # the controller holds it
    assert view_for(spec, game.state, GREEN)["held_discovery"] == HIDDEN
    assert set(game.legal_intents()) == {AssignDiscovery(BLUE, z) for z in spec.outer}
    for forbidden in (*spec.central, spec.moon):
        with pytest.raises(IllegalIntent) as err:
            game.play(AssignDiscovery(BLUE, forbidden))
        assert err.value.code == "discovery_zone_forbidden"
    game.play(AssignDiscovery(BLUE, "vastitas_borealis"))
    s = game.state
    assert s.discoveries["vastitas_borealis"] == card
    assert view_for(spec, s, RED)["zones"]["vastitas_borealis"]["discovery"] == card
    assert view_for(spec, s, GREEN)["zones"]["vastitas_borealis"]["discovery"] == HIDDEN


def _blue_scientist_round(spec: GameSpec, event_deck: list[str] | None = None,
                          discoveries: dict[str, str] | None = None) -> tuple[Game, list[E.Event]]:
    """Blue (red's neutral) resolves a Scientist; mains play pilots.  Returns the choose events."""
    game = started(spec, 8)
    force_neutral(game, BLUE, "scientist")
    force_neutral(game, YELLOW, "pilot")
    s = game.state
    if event_deck is not None:
        s.event_deck[:] = event_deck
    if discoveries is not None:
        s.discoveries.clear()
        s.discoveries.update(discoveries)
    touch(game)
    return game, choose_mains(game, "pilot", "pilot")


def test_neutral_scientist_only_draws_it_never_chooses_to_peek(spec: GameSpec) -> None:
    # two_player.neutral_scientist: the controller draws the event card for the neutral
    mission = next(m for m in spec.missions)
    game, _ = _blue_scientist_round(spec, [mission], {"hellas": next(iter(spec.discoveries))})
    play_first_while(game, "board")
    d = game.decision()
    assert d is not None and d.kind == "draw_or_peek" and d.colours == (BLUE,)
    assert game.legal_intents() == [DrawEvent(BLUE)]  # a discovery is in play: no Peek
    before = state_to_dict(game.state)
    with pytest.raises(IllegalIntent) as err:
        game.play(Peek(BLUE, "hellas"))
    assert err.value.code == "neutral_scientist_draws"
    assert err.value.rule == "two_player.neutral_scientist"
    assert state_to_dict(game.state) == before  # nothing changed


def test_main_scientist_may_still_peek_in_a_two_player_game(spec: GameSpec) -> None:
    game = started(spec, 8)
    force_neutral(game, BLUE, "pilot")
    force_neutral(game, YELLOW, "pilot")
    game.state.discoveries["hellas"] = next(iter(spec.discoveries))
    touch(game)
    choose_mains(game, "scientist", "pilot")
    while (d := game.decision()) is not None and d.kind != "draw_or_peek":
        game.play(game.legal_intents()[0])
    assert d is not None and d.colours == (RED,)
    assert Peek(RED, "hellas") in game.legal_intents()


def test_neutral_scientist_with_an_empty_event_deck_does_nothing(spec: GameSpec) -> None:
    # nothing to draw and peeking is not a neutral's option: resolved as fully as possible
    game, events = _blue_scientist_round(spec, [], {"hellas": next(iter(spec.discoveries))})
    events += play_first_while(game, "board")
    skipped = [e for e in events if isinstance(e, E.StepSkipped) and e.colour == BLUE
               and e.effect == "draw_or_peek"]
    assert len(skipped) == 1 and skipped[0].rule == "two_player.neutral_scientist"
    assert skipped[0].reason == "event_deck_empty_neutral_only_draws"  # not "no discovery"
    assert not any(isinstance(e, E.DiscoveryPeeked) for e in events)
    d = game.decision()
    assert d is None or BLUE not in d.colours or d.kind != "peek"


def test_neutral_scientist_discovery_without_a_free_zone_is_discarded_then_peeks(
    spec: GameSpec,
) -> None:
    cards = list(spec.discoveries)
    full = dict(zip(spec.outer, cards, strict=False))
    drawn = next(c for c in cards if c not in full.values())
    game, _ = _blue_scientist_round(spec, [drawn], full)
    play_first_while(game, "board")
    events = game.play(DrawEvent(BLUE))
    discarded = next(e for e in events if isinstance(e, E.DiscoveryDiscarded))
    assert discarded.card == drawn and discarded.rule == "characters.scientist.no_zone"
    d = game.decision()
    assert d is not None and d.kind == "peek" and d.colours == (BLUE,)
    assert set(game.legal_intents()) == {Peek(BLUE, z) for z in full}
    peeked = game.play(Peek(BLUE, spec.outer[0]))
    assert any(isinstance(e, E.DiscoveryPeeked) for e in peeked)


def test_neutral_recruiter_is_boxed_and_the_other_eight_reshuffled(spec: GameSpec) -> None:
    game = started(spec, 9)
    choose = random_chooser(9)
    while not (game.state.round == 4 and game.state.stage == "choose"):
        game.play(choose(game, game.legal_intents()), trusted=True)
    seat = game.state.seats[BLUE]
    assert len(seat.played) == 3 and "recruiter" not in seat.played  # the top three
    force_neutral(game, BLUE, "recruiter")
    start = len(game.log)
    while not any(isinstance(e, E.NeutralRecruiterBoxed) for e in game.log[start:]):
        game.play(choose(game, game.legal_intents()), trusted=True)
    events = game.log[start:]
    i = next(k for k, e in enumerate(events) if isinstance(e, E.NeutralRecruiterBoxed))
    assert events[i].rule == "two_player.neutral_recruiter"
    shuffle = events[i + 1]
    assert isinstance(shuffle, E.DeckShuffled) and shuffle.deck == "neutral:blue"
    assert shuffle.rule == "two_player.neutral_recruiter"
    seat = game.state.seats[BLUE]
    assert seat.boxed == ["recruiter"] and seat.played == []
    assert sorted(seat.deck) == sorted(set(spec.countdown) - {"recruiter"})  # all other eight
    assert redact(shuffle, game.state, RED).order is None  # shuffled face down: unseen
    assert not any(isinstance(e, E.CardsRecalled) and e.colour == BLUE for e in events)
    play_out(game, choose)
    draws = [e.card for e in game.log[start:] if isinstance(e, E.NeutralCardDrawn)
             and e.colour == BLUE]
    assert "recruiter" not in draws  # it stays in the box


# =============================================================================== points


def _fresh_round(game: Game) -> None:
    """Put the neutrals' drawn cards back on their decks (as if the round had not begun)."""
    for c in NEUTRALS:
        seat = game.state.seats[c]
        if seat.chosen is not None:
            seat.deck.insert(0, seat.chosen)
            seat.chosen = None
    touch(game)


def test_neutral_wins_tokens_for_itself(spec: GameSpec) -> None:
    game = started(spec, 12)
    _fresh_round(game)
    s = game.state
    put(game, "hellas", BLUE, 2)
    put(game, "hellas", RED, 1)
    s.face_up["hellas"] = True
    s.resources["hellas"] = "ice"
    s.track_index = next(i for i, t in enumerate(spec.track) if t.kind == "production")
    s.stage = "production"
    out: list[E.Event] = []
    advance(spec, s, out)
    awards = [e for e in out if isinstance(e, E.TokensAwarded) and e.zone == "hellas"]
    assert [(e.colour, e.resource, e.count) for e in awards] == [(BLUE, "ice", 1)]
    assert s.seats[BLUE].tokens["ice"] == 1
    assert s.seats[RED].tokens["ice"] == 0  # not pooled with the controller


def _final(game: Game, **ice: int) -> list[E.Event]:
    _fresh_round(game)
    s = game.state
    for c, n in ice.items():
        s.token_supply["ice"] -= n
        s.seats[c].tokens["ice"] += n
    s.track_index = len(game.spec.track) - 1
    s.stage = "final_scoring"
    out: list[E.Event] = []
    advance(game.spec, s, out)
    return out


def test_neutral_can_win_ice_monopoly(spec: GameSpec) -> None:
    game = started(spec, 13)
    out = _final(game, blue=4, red=3, green=1)
    ice = next(e for e in out if isinstance(e, E.IceMonopolyScored))
    assert ice.colours == (BLUE,) and ice.rule == "two_player.ice_monopoly"
    result = game.state.result
    assert result is not None and result.breakdown[BLUE]["ice_monopoly"] == 9


def test_neutral_on_top_means_both_players_lose(spec: GameSpec) -> None:
    game = started(spec, 13)
    for c in MAINS:  # no mission points for the mains in this position
        game.state.seats[c].missions = []
    out = _final(game, yellow=10, red=2)
    end = next(e for e in out if isinstance(e, E.GameEnded))
    assert end.rule == "two_player.winning" and end.losers_all and end.winners == ()
    assert game.over and game.state.result is not None and game.state.result.winners == []


def test_neutral_counts_as_a_player_for_most_missions(spec: GameSpec) -> None:
    game = started(spec, 14)
    put(game, "syrtis_major", RED, 1)
    put(game, "syrtis_major", BLUE, 2)  # red's own neutral
    ok, pts, _ = mission_points(spec, game.state, RED, "syrtis_major_control")
    assert not ok and pts == 0
    put(game, "syrtis_major", RED, 1)  # tie for most still completes the mission
    ok, pts, _ = mission_points(spec, game.state, RED, "syrtis_major_control")
    assert ok and pts == 5


@pytest.mark.parametrize(
    ("scores", "counts", "winners", "rule", "lose"),
    [
        ({RED: 20, GREEN: 15, BLUE: 21, YELLOW: 3}, {}, [], "two_player.winning", True),
        ({RED: 20, GREEN: 15, BLUE: 3, YELLOW: 21}, {}, [], "two_player.winning", True),
        ({RED: 20, GREEN: 25, BLUE: 3, YELLOW: 21}, {}, [GREEN], "two_player.winning", False),
        ({RED: 20, GREEN: 15, BLUE: 20, YELLOW: 3}, {}, [RED],
         "two_player.tie_main_neutral", False),
        ({RED: 20, GREEN: 15, BLUE: 3, YELLOW: 20}, {}, [RED],
         "two_player.tie_main_neutral", False),
        ({RED: 20, GREEN: 20, BLUE: 3, YELLOW: 1}, {RED: 5, GREEN: 6}, [GREEN],
         "two_player.tie_mains", False),
        ({RED: 20, GREEN: 20, BLUE: 20, YELLOW: 1}, {RED: 7, GREEN: 6, BLUE: 9}, [RED],
         "two_player.tie_mains", False),
        ({RED: 20, GREEN: 20, BLUE: 3, YELLOW: 1}, {RED: 6, GREEN: 6}, [RED, GREEN],
         "two_player.tie_mains", False),
    ],
)
def test_winning_rules(
    spec: GameSpec, scores: dict[str, int], counts: dict[str, int], winners: list[str],
    rule: str, lose: bool,
) -> None:
    s = new_game(spec).state
    full = {c: counts.get(c, 0) for c in SEATING}
    got = rank_winners(s, scores, full)
    assert got == (winners, rule, lose)
    assert rule in spec.rules


def test_standard_game_tie_break_unchanged(spec: GameSpec) -> None:
    s = Game.new(spec, ["red", "blue", "green"], 1).state
    assert rank_winners(s, {"red": 9, "blue": 9, "green": 2},
                        {"red": 3, "blue": 4, "green": 0}) == (["blue"], "scoring.tie_break",
                                                               False)


# =============================================================================== hidden info


def test_drawn_neutral_card_seen_only_by_its_controller(spec: GameSpec) -> None:
    game = started(spec, 15)
    s = game.state
    card = s.seats[BLUE].chosen
    assert card is not None
    assert view_for(spec, s, RED)["seats"][BLUE]["chosen"] == card
    assert view_for(spec, s, GREEN)["seats"][BLUE]["chosen"] == HIDDEN
    assert view_for(spec, s, None)["seats"][BLUE]["chosen"] == HIDDEN
    assert view_for(spec, s, None, referee=True)["seats"][BLUE]["chosen"] == card
    assert view_for(spec, s, GREEN)["seats"][YELLOW]["chosen"] == s.seats[YELLOW].chosen
    drawn = next(e for e in game.log if isinstance(e, E.NeutralCardDrawn) and e.colour == BLUE)
    chosen = next(e for e in game.log if isinstance(e, E.CharacterChosen) and e.colour == BLUE)
    assert redact(drawn, s, RED).card == card
    assert redact(drawn, s, GREEN).card is None
    assert redact(chosen, s, GREEN).character is None
    assert redact(chosen, s, RED).character == card
    # nobody, not even the controller, sees the order of the neutral deck
    view = view_for(spec, s, RED)["seats"][BLUE]
    assert "deck" not in view and view["neutral_deck_size"] == 8
    for ev in game.log:
        if isinstance(ev, E.DeckShuffled) and ev.deck.startswith("neutral:"):
            assert redact(ev, s, RED).order is None and redact(ev, s, GREEN).order is None


# =============================================================================== property


def _check_invariants(spec: GameSpec, s: GameState, supply0: dict[str, int]) -> None:
    for c in s.order:
        assert total(s, c) == spec.astronauts_per_colour, (c, s.astronaut_places(c))
        assert s.seats[c].supply >= 0
    assert tokens_accounted(spec, s) == supply0
    for c in NEUTRALS:
        seat = s.seats[c]
        assert seat.hand == [] and seat.missions == [] and seat.actions == []
        cards = seat.deck + seat.played + [x for x in (seat.chosen, seat.drawn) if x]
        cards += [x for x in seat.boxed if x in spec.characters]
        assert sorted(cards) == sorted(spec.countdown)  # the nine cards are all accounted for


@pytest.mark.parametrize("chunk", range(4))
def test_random_two_player_games_keep_every_invariant(spec: GameSpec, chunk: int) -> None:
    """50 seeded games per chunk, 200 in all, random legal decisions."""
    for seed in range(chunk * 50, chunk * 50 + 50):
        game = new_game(spec, seed)
        supply0 = dict(game.state.token_supply)
        choose = random_chooser(seed)
        decisions = 0
        while not game.over:
            legal = game.legal_intents()
            assert legal, game.state.stage
            d = game.decision()
            assert d is not None
            if d.kind in ("keep_mission", "choose_character"):
                assert set(d.colours) <= set(MAINS)  # neutrals neither keep nor choose
            game.play(choose(game, legal), trusted=True)
            decisions += 1
            _check_invariants(spec, game.state, supply0)
            assert decisions < 5000
        s = game.state
        # each round both neutral cards are drawn before either main colour chooses
        drawn_now: set[str] = set()
        for e in game.log:
            if isinstance(e, E.TrackAdvanced) and e.kind == "round":
                drawn_now = set()
            elif isinstance(e, E.NeutralCardDrawn):
                drawn_now.add(e.colour)
            elif isinstance(e, E.CharacterChosen) and e.colour in MAINS:
                assert drawn_now == set(NEUTRALS)
        # every event cites a rule the tutor can explain
        assert {e.rule for e in game.log} <= set(spec.rules)
        # the log alone rebuilds the game
        assert state_to_dict(replay(spec, game.log)) == state_to_dict(s)
        for c in NEUTRALS:
            draws = [e.card for e in game.log if isinstance(e, E.NeutralCardDrawn)
                     and e.colour == c]
            assert len(draws) == 10  # one per round
            assert draws.count("recruiter") == 1  # drawn by round 9, then boxed for good
            boxes = [e for e in game.log if isinstance(e, E.NeutralRecruiterBoxed)
                     and e.colour == c]
            assert len(boxes) == 1
            assert not KEEP & set(draws[:3])
        # point tokens are per colour: each colour holds exactly what it was given
        for c in SEATING:
            got = Counter[str]()
            for e in game.log:
                if isinstance(e, E.TokensAwarded | E.TokensGained) and e.colour == c:
                    got[e.resource] += e.count
            assert {r: got[r] for r in s.seats[c].tokens} == s.seats[c].tokens
        result = s.result
        assert result is not None
        winners, rule, lose = rank_winners(s, result.scores, result.token_counts)
        assert result.winners == winners and result.losers_all == lose
        end = game.log[-1]
        assert isinstance(end, E.GameEnded) and end.rule == rule
        assert set(winners) <= set(MAINS)
        top = max(result.scores.values())
        assert lose == all(result.scores[c] < top for c in MAINS)


# =============================================================================== scenarios

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios").glob("two_player-*.yaml"))


def test_every_two_player_rule_has_a_scenario() -> None:
    load_scenario = pytest.importorskip("mrp_tutor.scenarios").load_scenario
    shown = {r for f in SCENARIOS for r in load_scenario(f).rules}
    ids = {r for r in load_spec(use_env_overrides=False).rules if r.startswith("two_player.")}
    assert ids <= shown, sorted(ids - shown)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_two_player_scenario_plays_as_written(path: Path) -> None:
    scenarios = pytest.importorskip("mrp_tutor.scenarios")
    sc = scenarios.load_scenario(path)
    assert sc.build().state.ruleset == "two_player"  # recorded by the state
    result = scenarios.run_scenario(sc)
    assert result.ok, "\n".join(result.failures)
    assert result.events or any(st.expect.error for st in sc.steps)


def test_explanations_describe_neutral_colours(spec: GameSpec) -> None:
    from mrp_tutor.explain import explain_event

    game = new_game(spec, 1)
    text = explain_event(spec, game.log[0]).text
    assert "Blue is Red's neutral colour" in text and "in hand" not in text
    shuffle = next(e for e in game.log if isinstance(e, E.DeckShuffled)
                   and e.deck == "neutral:yellow")
    assert explain_event(spec, shuffle).text == "The neutral deck of Yellow is shuffled face down."
    assert explain_event(spec, shuffle).rule == "two_player.neutral_deck"


def test_opponent_never_sees_a_neutral_card_before_its_reveal(spec: GameSpec) -> None:
    for seed in range(20):
        game = new_game(spec, seed)
        choose = random_chooser(seed)
        checked = 0
        while not game.over:
            s = game.state
            for neutral in NEUTRALS:
                card = s.seats[neutral].chosen
                if card is None:
                    continue
                mine, other = CONTROLLER[neutral], next(c for c in MAINS
                                                         if c != CONTROLLER[neutral])
                assert view_for(spec, s, mine)["seats"][neutral]["chosen"] == card
                assert view_for(spec, s, other)["seats"][neutral]["chosen"] == HIDDEN
                checked += 1
            game.play(choose(game, game.legal_intents()), trusted=True)
        assert checked >= 20  # at least one check per neutral per round
        for ev in game.log:
            if isinstance(ev, E.NeutralCardDrawn | E.EventCardDrawn | E.DiscoveryPeeked):
                other = next(c for c in MAINS if c != CONTROLLER[ev.colour])
                assert all(getattr(redact(ev, game.state, other), f) is None for f in ev.hidden)
                assert redact(ev, game.state, CONTROLLER[ev.colour]) is ev
