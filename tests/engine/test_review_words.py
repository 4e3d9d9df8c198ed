"""The review says of the hint's first what the hint said of it, and cites the rule its
reason rests on (issue 35's audit): for a character choice the review said "The Soldier
acts when its number is called; its effect is in the rule cited" under the decision's rule
(choosing characters, where no card's effect is), while the hint had told what the card did
in the games won after it, citing the card."""

from __future__ import annotations

import random
from collections.abc import Generator, Iterator
from typing import Any

import pytest
from testkit.hidden import to_characters

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.engine.search import OptionStat, SearchResult
from mrp_tutor.games.mission_red_planet.engine.views import view_for
from mrp_tutor.games.mission_red_planet.explain import review as R
from mrp_tutor.games.mission_red_planet.explain.coach import option_reason


def test_a_costly_character_choice_gets_the_hints_words_and_the_cards_rule(
        monkeypatch: pytest.MonkeyPatch) -> None:
    spec = load_spec(use_env_overrides=False)
    g = to_characters(5)
    me = "red"
    options = [x for x in g.legal_intents() if x.colour == me]
    best, chosen = options[0], options[1]
    d = R.decision(spec, g.state, me, options, chosen, 9)

    def duel(*_a: Any, **_k: Any) -> Generator[int, None, SearchResult]:
        return SearchResult(best, [OptionStat(best, 600, 0.0, 0.6),
                                   OptionStat(chosen, 600, 0.0, 0.2)], 1200)
        yield 0

    monkeypatch.setattr(R, "search_steps", duel)
    c = R.duel_cost(spec, d, best, 1200, "duel")
    assert c is not None
    said = option_reason(spec, view_for(spec, g.state, me), best)
    assert said is not None
    assert c.reason == said.text  # the hint's very words about it
    assert c.reason_rule == said.rule and c.reason_rule.startswith("characters.")
    assert "rule cited" not in c.reason


def test_a_character_reason_cites_a_rule_its_ruleset_holds() -> None:
    """In a unique_abilities game every character hint cited "(unknown rule)": the card's rule
    was looked up as ``characters.<card>`` (that ruleset's ids are ``fe.characters.<card>``)
    with a fallback, ``round.choose``, that its rules file does not hold either."""
    from mrp_tutor.games.mission_red_planet.explain.card_story import card_story
    from mrp_tutor.games.mission_red_planet.explain.reasons import why
    from mrp_tutor.games.mission_red_planet.explain.rulebook import cite

    g = to_characters(5, ruleset="unique_abilities")
    it = next(x for x in g.legal_intents() if isinstance(x, I.ChooseCharacter))
    view = view_for(g.spec, g.state, it.colour)
    for r in (card_story(g.spec, view, it, games=5), why(g.spec, view, it)):
        assert r is not None and r.rule is not None
        c = cite(g.spec, r.rule)
        assert c is not None and r.rule in g.spec.rules, r.rule
        assert r.rule.endswith(f"characters.{it.character}")


def _random_game(g: Any, seed: int = 7, steps: int = 400) -> Iterator[list[I.Intent]]:
    """``g`` played at random (seeded): each decision's legal options, before one is played."""
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            return
        legal = g.legal_intents()
        if not legal:
            g.advance()
            continue
        yield legal
        g.play(rng.choice(legal), trusted=True)


def test_every_reason_in_a_unique_abilities_game_cites_a_rule_its_file_holds() -> None:
    """29 of 36 hint lists of a unique_abilities game cited "(unknown rule)": the reasons name
    the second edition's ids (production.majority, round.land...)."""
    from mrp_tutor.games.mission_red_planet.explain.reasons import why

    g = to_characters(7, ruleset="unique_abilities")
    told = 0
    for legal in _random_game(g):
        for x in legal[:6]:
            r = why(g.spec, view_for(g.spec, g.state, x.colour), x)
            if r is not None:
                told += 1
                assert r.rule is None or r.rule in g.spec.rules, (x, r.rule)
    assert told > 20


def test_a_first_edition_reason_cites_the_rule_it_rests_on_not_the_decisions() -> None:
    """A move's or a landing's reason rests on the majority (or the landing) rule; in a
    first-edition game it cited the decision's own rule (e.g. a character's section) because
    the second edition's id was missing from that file: it cites the ruleset's rule that says
    the same, the one its events cite (``Rules.rule_ids``)."""
    from mrp_tutor.games.mission_red_planet.explain.reasons import why

    for ruleset in ("first_edition", "unique_abilities"):
        g = to_characters(7, ruleset=ruleset)
        cited: dict[str, set[str | None]] = {}
        for legal in _random_game(g):
            for x in legal[:6]:
                if isinstance(x, I.Move | I.Drop):
                    r = why(g.spec, view_for(g.spec, g.state, x.colour), x)
                    assert r is not None
                    cited.setdefault(type(x).__name__, set()).add(r.rule)
        assert cited, ruleset
        assert all(rules == {"fe.scoring.majority"} for rules in cited.values()), cited
