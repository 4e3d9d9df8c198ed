"""2-player variant, rounds (rulebook "2-Player Variant" › Playing the Game): the neutral
decks' top card, the controller deciding, and each character card a neutral colour plays."""

from __future__ import annotations

import json

import pytest

from mrp_tutor.games.mission_red_planet.engine import (
    AssignDiscovery,
    Board,
    ChooseCharacter,
    DrawEvent,
    Game,
    GameSpec,
    IllegalIntent,
    Kill,
    NotYourDecision,
    Peek,
    Replace,
    play_out,
    setup_events,
    state_to_dict,
)
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.views import HIDDEN, redact, view_for

from .conftest import (
    BLUE,
    GREEN,
    MAINS,
    NEUTRALS,
    RED,
    SEATING,
    YELLOW,
    choose_mains,
    force_neutral,
    play_first_while,
    put,
    random_chooser,
    started,
    total,
    touch,
)


def test_neutral_draws_top_card_before_mains_choose(spec: GameSpec) -> None:
    s0, _ = setup_events(spec, SEATING, 11, ruleset="two_player")
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
    # two_player.neutral_scientist.draws: the controller draws the event card for the neutral
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
    assert err.value.rule == "two_player.neutral_scientist.draws"
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
    assert len(skipped) == 1 and skipped[0].rule == "two_player.neutral_scientist.draws"
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
