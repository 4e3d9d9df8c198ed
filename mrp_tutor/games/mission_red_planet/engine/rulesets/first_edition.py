"""The first edition (Asmodee 2005) as seed 003's fan manual gives it, without the abilities.

Its own data folder (``data/first_edition``: ten regions, 34 shuttles, the nine first-edition
characters called 1 -> 9, discoveries and bonus cards) and rules file (ids ``fe.*``).  The
hooks it overrides: 3 to 5 players, three bonus cards dealt (two with five players) of which
one is kept and the rest leave the game, two ice tokens each at the start, characters called
from 1 up, and a tied majority takes nothing (the tokens stay; after turn 10 they are out).
Every event cites a first-edition rule: :attr:`FirstEdition.rule_ids` maps each rule id the
shared phases cite to the first-edition rule that says the same (``emit`` applies it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.basics import Out, emit
from mrp_tutor.games.mission_red_planet.engine.errors import MalformedIntent
from mrp_tutor.games.mission_red_planet.engine.rulesets.base import Rules
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

#: the shared phases' rule ids -> the first-edition rule saying the same thing
FE_RULES: dict[str, str] = {
    # setup
    "setup.colors": "fe.setup.players",
    "setup.ships": "fe.setup.shuttles",
    "setup.starting_astronauts": "fe.setup.first_astronauts",
    "setup.first_player": "fe.setup.first_astronauts",
    "setup.resources": "fe.tutor.resource_draw",
    "setup.missions": "fe.setup.bonus",
    "setup.event_deck": "fe.setup.event_deck",
    # a turn
    "round.advance": "fe.phase5.advance",
    "round.choose": "fe.phase2.choose",
    "round.countdown": "fe.phase3.order",
    "round.ties_clockwise": "fe.phase3.ties",
    "round.top_to_bottom": "fe.phase3.set_aside",
    "round.launch_after_effect": "fe.tutor.launch_when_full",
    "round.land": "fe.phase4.land",
    "round.land.token": "fe.phase4.diverted",
    "round.land.flip": "fe.phase4.explore",
    "round.refill": "fe.phase1.draw",
    "round.refill.reshuffle": "fe.phase1.draw",
    "round.first_player": "fe.phase5.first_player",
    "round.first_player.skipped_turn": "fe.tutor.skipped_turn",
    "characters.as_fully_as_possible": "fe.tutor.action_parts",
    "characters.mandatory": "fe.tutor.action_parts",
    "destination_tokens.use": "fe.characters.pilot",
    "discoveries.assign": "fe.setup.discoveries_outer",
    "discoveries.one_per_zone": "fe.setup.discoveries_outer",
    "discoveries.allowed_zones": "fe.setup.discoveries_outer",
    # refusals
    "components.astronauts": "fe.components.counts",
    "destination_tokens.none_left": "fe.components.counts",
    "destination_tokens.supply_limit": "fe.components.counts",
    "destination_tokens.unknown_ship": "fe.tutor.shuttles",
    "round.played_cards": "fe.phase3.set_aside",
    "ships.capacity": "fe.components.shuttle_capacity",
    "ships.docked_only": "fe.tutor.docked_only",
    "events.actions": "fe.scoring.turn10",
    # the rule checks of a whole state (engine/checks.py)
    "overview.players": "fe.components.counts",
    "overview.rounds": "fe.objective",
    "setup.launchpad": "fe.setup.shuttles",
    "components.board": "fe.components.board",
    "components.point_tokens": "fe.components.scoring_tokens",
    "components.resource_tokens": "fe.components.counts",
    "components.event_cards": "fe.components.counts",
    "components.ship_cards": "fe.components.counts",
    "components.character_cards": "fe.components.counts",
    "actions.hidden": "fe.components.counts",  # the first edition has no action cards
    "events.missions": "fe.setup.bonus",
    "round.sequence": "fe.turn.phases",
    "round.launch_full": "fe.tutor.launch_when_full",
    "memorial.killed": "fe.bonus.monument_to_the_dead",
    "characters.scientist": "fe.characters.scientist",
    "characters.recruiter": "fe.characters.recruiter",  # (a table position's resolution)
    "two_player.setup": "fe.components.counts",  # a scenario's variant: 3 to 5 players here
    "readings.table": "fe.tutor.readings_table",  # no contested reading to choose here
    # no neutral colours in the first edition: each player plays their own colour
    "two_player.seating_order": "fe.setup.players",
    "two_player.neutral_deck": "fe.setup.players",
    "two_player.neutral_recruiter": "fe.setup.players",
    # scoring
    "production.when": "fe.phase5.advance",
    "production.advance": "fe.phase5.advance",
    "production.produce": "fe.scoring.add_tokens",
    "production.supply": "fe.tutor.token_supply",
    "production.majority": "fe.scoring.majority",
    "production.tie": "fe.tutor.ties",
    "production.empty": "fe.scoring.leftovers",
    "production.leftover": "fe.tutor.ties",
    "discoveries.reveal_phase": "fe.scoring.turn10",
    "discoveries.timing": "fe.scoring.turn10",
    "discoveries.effect": "fe.scoring.turn10",
    "scoring.discoveries": "fe.scoring.turn10",
    "missions.most_tie": "fe.tutor.bonus_ties",
    "missions.effect": "fe.scoring.turn10",
    "ice_monopoly.award": "fe.scoring.ice_bonus",
    "ice_monopoly.tie": "fe.scoring.ice_bonus",
    "ice_monopoly.no_ice": "fe.scoring.ice_bonus",
    "scoring.final": "fe.objective",
    "scoring.tie_break": "fe.tutor.winner_ties",
    "scoring.shared": "fe.tutor.winner_ties",
}


#: seed 003's words where the shared sentences say the 2nd edition's (Rules.vocabulary):
#: shuttles on a launch pad with launch places, regions, turns on a turn track, scoring
#: turns, an ice bonus; bonus cards not kept leave the game
FE_WORDS: tuple[tuple[str, str], ...] = (
    # names that stay: the game's and two bonus cards'
    ("Mission: Red Planet", "Mission: Red Planet"),
    ("Ultra Secret Mission", "Ultra Secret Mission"), ("Secret Mission", "Secret Mission"),
    ("Strategic Zones", "Strategic Zones"),
    # the stages of turn 10 the second edition gives its action cards (none here)
    ("Next: action cards may be played before the production",
     "Next: the scoring of turn 10"),
    ("Next: action cards may be played after the production",
     "Next: after the scoring of turn 10"),
    ("Next: actions before", "Next: the scoring of turn 10"),
    ("Next: actions after", "Next: after the scoring of turn 10"),
    ("Next: reveal work", "Next: the discoveries are revealed"),
    ("Next: reveal discoveries", "Next: the discoveries are revealed"),
    ("Next: final scoring", "Next: the final scoring"),
    ("The missions deck is shuffled", "The event cards are shuffled"),
    ("missions deck", "event cards"),
    ("Ice Monopoly", "Ice bonus"), ("ice monopoly", "ice bonus"),
    ("Countdown from 9 to 1", "Called from 1 to 9"),
    ("the countdown", "the calling order"), ("The countdown", "The calling order"),
    ("countdown", "calling order"), ("Countdown", "Calling order"),
    ("Launchpad", "Launch pad"), ("Docks", "Launch places"), ("Dock", "Launch place"),
    ("Missions", "Bonus cards"), ("missions", "bonus cards"),
    ("Mission", "Bonus card"), ("mission", "bonus card"),
    ("Rounds", "Turns"), ("Round", "Turn"), ("Zones", "Regions"), ("Zone", "Region"),
    ("docks at dock", "takes launch place"),
    ("docked at the launchpad", "on the launch pad"),
    ("docked ships", "shuttles on the launch pad"),
    ("docked ship", "shuttle on the launch pad"),
    # already a shuttle (a first-edition scenario's own words): the adjective moves after it
    ("docked shuttles", "shuttles on the launch pad"),
    ("docked shuttle", "shuttle on the launch pad"),
    ("docked", "on the launch pad"),
    ("launchpad", "launch pad"),
    ("docks", "launch places"),
    ("dock", "launch place"),
    ("ships deck", "shuttle deck"), ("Next: missions", "Next: bonus cards"),
    ("Ships", "Shuttles"), ("Ship", "Shuttle"), ("ships", "shuttles"), ("ship", "shuttle"),
    ("production phases", "scoring turns"), ("production phase", "scoring turn"),
    ("a production", "a scoring"), ("production", "scoring"),
    ("round tracker", "turn marker"), ("rounds", "turns"), ("round", "turn"),
    ("zones", "regions"), ("zone", "region"),
    (" and puts the rest back", "; the other bonus cards dealt leave the game"),
    ("the other goes back", "the others dealt leave the game"),
    ("The step is resolved as fully as possible and ends",
     "Nothing on the table fits this part of the action, so it is skipped"),
)

#: production number -> the scoring turn's own rule (seed 003 §6: after turns 5, 8, 10)
SCORING_TURNS = {1: "fe.scoring.turn5", 2: "fe.scoring.turn8", 3: "fe.scoring.turn10"}


class FirstEdition(Rules):
    """Mission: Red Planet, first edition (seed 003 §3-6), 3 to 5 players, no abilities."""

    name: ClassVar[str] = "first_edition"
    summary: ClassVar[str] = "the first edition (seed 003 without abilities), 3 to 5 players"
    chapter: ClassVar[tuple[str, str] | None] = (
        "The first edition",
        "The first edition of the game (3 to 5 players) plays on its own board and round "
        "track, calls the characters up from 1 to 9 and deals event cards: its rules are "
        "cited as **fe.*** rules.")
    label: ClassVar[str | None] = "First edition"
    source: ClassVar[str] = "seed 003: 'Unique Abilities' fan reference manual, sections 3-6"
    data: ClassVar[str] = "first_edition"
    players: ClassVar[tuple[int, int]] = (3, 5)
    seating_rule: ClassVar[str] = "fe.setup.players"
    missions_rule: ClassVar[str] = "fe.setup.bonus"
    rule_ids: ClassVar[dict[str, str]] = FE_RULES
    vocabulary: ClassVar[tuple[tuple[str, str], ...]] = FE_WORDS
    #: a tie takes nothing, whatever the count (seed 003 §6; fe.tutor.ties)
    tie_reason: ClassVar[str] = "tie_takes_nothing"
    #: an Explorer with nobody on Mars moves nothing: the FAQ's own answer (seed 003 §7)
    skip_rules: ClassVar[dict[str, str]] = {
        "no_astronaut_on_mars_to_move": "fe.faq.explorer_on_mars"}

    def seats(self, spec: GameSpec, colours: Sequence[str]) -> tuple[list[bool], list[str]]:
        if not 3 <= len(colours) <= 5:
            raise MalformedIntent("bad_player_count", "fe.components.counts",
                                  "the first edition takes 3 to 5 players",
                                  {"players": len(colours)})
        return [False] * len(colours), list(colours)

    def mission_pool(self, spec: GameSpec, players: int | None = None) -> list[str]:
        # three bonus cards each with 3 players, two with 5, from the ten bonus cards, as the
        # manual says (seed 003 §3); four players would need twelve: their three event cards
        # each are dealt from all 24 (fe.tutor.event_deck)
        if players is not None and players * self.missions_dealt(players) <= len(spec.missions):
            return list(spec.missions)
        return list(spec.missions) + list(spec.discoveries)

    def missions_dealt(self, players: int) -> int:
        return 2 if players == 5 else 3  # fe.setup.bonus

    def after_deal(self, spec: GameSpec, s: GameState, out: Out) -> None:
        for c in s.order:  # dealt discoveries go back; only a bonus card can be kept
            back = tuple(x for x in s.seats[c].dealt if x not in spec.missions)
            if back:
                emit(s, out, E.DealtCardsReturned(rule="fe.tutor.event_deck", colour=c,
                                                  cards=back))
        for c in s.order:  # each keeps one bonus card: one dealt none gets one more card at a
            while not s.seats[c].dealt:  # time (a discovery goes under the pile) until one
                top = s.mission_deck[0]  # (the others hold at most 3 each: one is always left)
                emit(s, out, E.MissionsDealt(rule="fe.tutor.event_deck", colour=c, cards=(top,)))
                if top not in spec.missions:
                    emit(s, out, E.DealtCardsReturned(rule="fe.tutor.event_deck", colour=c,
                                                      cards=(top,)))
        for c in s.order:  # two ice tokens each (fe.setup.players)
            emit(s, out, E.TokensGained(rule="fe.setup.players", colour=c, resource="ice",
                                        count=2, wanted=2, card=""))

    def event_deck(self, spec: GameSpec, s: GameState) -> list[str]:
        # bonus cards not kept leave the game; the draw deck is the discoveries
        # (fe.tutor.event_deck)
        return list(spec.discoveries)

    def drawable(self, spec: GameSpec) -> list[str]:
        # the bonus cards not kept left the game at setup (seed 003 §3): never drawn
        return list(spec.discoveries)

    def calling_order(self, spec: GameSpec) -> list[str]:
        return list(reversed(spec.countdown))  # called from 1 up to 9 (fe.phase3.order)

    def countdown(self, spec: GameSpec, s: GameState) -> list[str]:
        # called from 1 up to 9 (spec.countdown runs 9 -> 1); equal numbers clockwise; a card
        # held past its number last
        rank = {ch: i for i, ch in enumerate(self.calling_order(spec))}
        return sorted(super().countdown(spec, s),
                      key=lambda c: (c in s.holds, rank[s.seats[c].chosen or ""]))

    def tied_share(self, s: GameState, tokens: int, leaders: int) -> int:
        return 0  # a tie takes nothing: the tokens stay (fe.scoring.turn5, fe.tutor.ties)

    def scoring_rule(self, rule: str, production: int) -> str:
        # each scoring turn's own rule gives its amount; after turns 8 and 10 also who takes
        # the tokens (all of them, earlier leftovers too) and what happens to leftovers
        turn = SCORING_TURNS.get(production)
        if turn is None or (production == 1 and rule != "production.produce"):
            return rule
        return turn if rule in ("production.produce", "production.majority",
                                "production.empty") else rule

    def leftovers_leave(self, production: int) -> str | None:
        # seed 003 §6, turn 10: "Leftovers removed"
        return "fe.scoring.turn10" if production == 3 else None

    def leftover_rule(self, s: GameState, production: int) -> str:
        # the manual's own tie rule after turn 5; our reading of its "leftovers" after 8 and 10
        return "fe.scoring.turn5" if production == 1 else "fe.tutor.ties"
