"""Issue 37, the thin readings decided by seed 003 (each test failed before): the Cunning
Conspirator's one payment for its astronaut(s), the bonus deal at 3 and 5 players, the final
tie sentence naming its tie-break, and the ability bots."""

from __future__ import annotations

from typing import Any

from mrp_tutor.games.mission_red_planet.engine import Game
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.views import view_for
from mrp_tutor.games.mission_red_planet.explain.options import describe_intent
from mrp_tutor.games.mission_red_planet.scenarios import scenario_from_dict


def build(ruleset: str, position: dict[str, Any], players: list[str] | None = None) -> Game:
    doc = {"id": "t", "title": "t", "lesson": "t", "ruleset": ruleset,
           "players": players or ["red", "blue", "green"], "position": position}
    return scenario_from_dict(doc).build(advance_now=True)


def test_conspirator_pays_once_for_the_astronauts_of_one_action() -> None:
    """Seed 003 §5: 'Spend 1 score token to place your astronaut(s) on a shuttle that has
    already launched': the Pilot's two astronauts go aboard for one token
    (ua.tutor.conspirator_placement)."""
    g = build("unique_abilities", {
        "stage": "resolve", "round": 2, "first": "red",
        "ships": [{"id": "f07", "dock": 0},
                  {"id": "f08", "launched": True, "crew": {"blue": 2}}],
        "resolving": {"colour": "red", "character": "pilot", "step": 0},
        "seats": {"red": {"sheet": "cunning_conspirator", "tokens": {"ice": 1}},
                  "blue": {"sheet": "audacious_adventurer", "played": ["explorer"]},
                  "green": {"sheet": "devious_despot", "played": ["explorer"]}}})
    use = I.UseAbility("red", "cunning_conspirator", "f08")
    g.play(use)
    assert g.state.seats["red"].tokens["ice"] == 0  # the one payment
    assert use in g.legal_intents()  # the second astronaut: nothing more to pay
    label = describe_intent(g.spec, use, view_for(g.spec, g.state, "red"))
    assert "already paid for this action" in label and "token" not in label
    g.play(use)
    assert g.state.ships["f08"].crew.get("red") == 2
    assert g.state.seats["red"].tokens["ice"] == 0


def test_bonus_deal_at_three_and_five_players_deals_bonus_cards_only() -> None:
    """Seed 003 §3: 'Deal 3 Bonus cards to each player (2 in 5-player game)': nine or ten of
    the ten bonus cards, so every player chooses (a 5-player learner was dealt one bonus card
    and one discovery: no choice).  Four players would need twelve: the mixed deal stays
    (fe.tutor.event_deck)."""
    from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset

    spec = find_ruleset("first_edition").spec(use_env_overrides=False)
    colours = ["red", "blue", "green", "yellow", "purple"]
    for players, each in ((3, 3), (5, 2)):
        for seed in range(12):
            g = Game.new(spec, colours[:players], seed, ruleset="first_edition")
            for c in g.state.order:
                dealt = g.state.seats[c].dealt
                assert len(dealt) == each and all(x in spec.missions for x in dealt), (
                    players, seed, dealt)
    mixed = [x for seed in range(12)
             for e in Game.new(spec, colours[:4], seed, ruleset="first_edition").log
             if e.type == "missions_dealt" for x in e.cards or ()]
    assert any(x in spec.discoveries for x in mixed)  # four players: the mixed deal


def test_the_end_sentence_of_a_tie_names_its_tie_break() -> None:
    """A final tie is broken by the point tokens held (fe.tutor.winner_ties: the manual is
    silent): the end sentence says so, never just 'Blue wins'."""
    from mrp_tutor.games.mission_red_planet.engine import events as E
    from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset
    from mrp_tutor.games.mission_red_planet.explain import explain_event

    spec = find_ruleset("first_edition").spec(use_env_overrides=False)
    ended = E.GameEnded(rule="fe.tutor.winner_ties", scores=(("red", 40), ("blue", 40),
                                                             ("green", 31)),
                        breakdown=(), token_counts=(("red", 7), ("blue", 9), ("green", 8)),
                        winners=("blue",))
    text = explain_event(spec, ended)
    assert "Red and Blue tie on 40 points" in text.text
    assert "point tokens each holds (Red 7 tokens, Blue 9 tokens)" in text.text
    assert text.text.endswith("so Blue wins.") and text.rule == "fe.tutor.winner_ties"
    assert "Tutor readings" in str(text)
    shared = E.GameEnded(rule="fe.tutor.winner_ties", scores=(("red", 40), ("blue", 40)),
                         breakdown=(), token_counts=(("red", 9), ("blue", 9)),
                         winners=("red", "blue"))
    assert "the tie stays, so Red and Blue share the victory." in explain_event(spec,
                                                                                shared).text
