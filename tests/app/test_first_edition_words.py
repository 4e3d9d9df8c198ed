"""Issue 37: every sentence a first-edition player reads is in the first edition's words.

Seeded first-edition and Unique Abilities games are played through the app, stepped with
Next (every colour a bot) or with a learner seated (the seat's prompts and choices), every
tab opened at the end; at every step every text the page holds (the hub's panels: status,
step counter, calling order, decision and prompt, explanation, log, scores, the board's
labels, names and the rules cited; each widget's labels, tooltips and placeholders) is read
for a second-edition word: ship, launchpad, dock, mission(s), action card, Ice Monopoly,
Phobos, the countdown, round.  The words come from the ruleset (``Rules.vocabulary``), said
by one hook for the whole page (``explain.words.speaker``), never by a test of its name."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.ui.board import board_payload
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp

SECOND_EDITION = re.compile(
    r"\b(?:ships?|Ships?|launchpad|Launchpad|docks?|Docks?|docked|missions?|Missions?|"
    r"action cards?|Action cards?|Ice Monopoly|Phobos|countdown|Countdown|rounds?|Rounds?)\b")
#: what the page holds that nobody reads as words: ids, kinds and the code of the page
NOT_READ = {"layout", "style", "_dom_classes", "_model_module", "_view_module", "_model_name",
            "_view_name", "_model_module_version", "_view_module_version", "_esm", "_css",
            "children", "id", "kind", "msg_throttle", "icon", "button_style", "_options_values",
            "hub", "tabbable", "value"}
_NOT_TEXT = re.compile(r"<style\b.*?</style>|<script\b.*?</script>|<[^>]*>", re.S | re.I)
#: names, not words: the game's and two first-edition bonus cards'; a quotation of a rulebook
#: and a sentence of a rules file about the second edition (said in its words, as is right)
NAMES = re.compile(r"Mission: Red Planet|(?:Ultra )?Secret Mission|"
                   r"(?<=[\s(])'[^'\n]{1,120}'(?=[\s.,;:)])|"
                   r"(?<=[\s(])&#x27;(?:(?!&#x27;).){1,120}&#x27;|"
                   r"[^.]*second edition[^.]*")
GAMES = 20


def strings(value: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in NOT_READ:
                yield from strings(v, f"{path}.{k}")
    elif isinstance(value, list | tuple):
        for v in value:
            yield from strings(v, f"{path}[]")


def shown(w: Any) -> Iterator[Any]:
    """The widgets of ``w``'s tree the page shows (a hidden part: none of its widgets)."""
    layout = getattr(w, "layout", None)
    if layout is not None and getattr(layout, "display", "") == "none":
        return
    yield w
    for child in getattr(w, "children", ()) or ():
        yield from shown(child)


def second_edition_words(app: TutorApp) -> dict[str, str]:
    """Every second-edition word the page holds now: where -> the text around it."""
    found: dict[str, str] = {}
    for w in shown(app.root):
        if w is app.scenario:  # (its fixed titles name the scenarios of both editions)
            continue
        state = w.get_state()
        if type(w).__name__ in ("LiveRows", "LiveHTML", "OptionPicker"):
            state = {}  # a view of the hub: its text is the hub's, read there
        if type(w).__name__ in ("HTML", "HTMLMath", "Label"):
            state = {**state, "text": state.get("value", "")}
        for path, text in strings(state, type(w).__name__):
            plain = NAMES.sub(" ", _NOT_TEXT.sub(" ", text))
            for m in SECOND_EDITION.finditer(plain):
                found.setdefault(f"{re.sub(r'[0-9]+', '#', path)}: {m.group(0)}",
                                 " ".join(plain[max(0, m.start() - 60): m.end() + 40].split()))
    return found


@pytest.fixture(scope="module")
def build() -> Callable[[str, int, int], TutorApp]:
    spec = load_spec(use_env_overrides=False)

    def make(ruleset: str, players: int, seed: int) -> TutorApp:
        from mrp_tutor.app import build_app

        app = build_app(spec=spec, seed=1)
        app.rules.ruleset.value = ruleset
        app.players.value = players
        app.seed.value = str(seed)
        app.on_new_game()
        assert app.session.state.ruleset == ruleset
        return app

    return make


def play_and_read(app: TutorApp, seated: bool) -> dict[str, str]:
    found: dict[str, str] = {}
    if seated:
        app.seat.colour.value = app.session.state.order[-1]
        app.seat.take_btn.click()
    for _ in range(800):
        found.update(second_edition_words(app))
        if app.session.game.over:
            break
        if seated and app.seat.options():
            app.seat.play(app.seat.options()[-1])
        else:
            app.stepper.next_btn.click()
    assert app.session.game.over
    for title in app.tab_titles():
        app.open_tab(title)
        found.update(second_edition_words(app))
    return found


@pytest.mark.parametrize("ruleset", ["first_edition", "unique_abilities"])
def test_first_edition_games_are_read_in_first_edition_words(
        build: Callable[[str, int, int], TutorApp], ruleset: str) -> None:
    wrong: dict[str, str] = {}
    for seed in range(GAMES):
        app = build(ruleset, 3 + seed % 3, seed)
        wrong.update(play_and_read(app, seated=seed % 5 == 0))
    assert not wrong, "\n".join(f"{k} :: {v}" for k, v in sorted(wrong.items())[:30])


def test_the_scan_finds_second_edition_words(build: Callable[[str, int, int], TutorApp]) -> None:
    app = build("standard", 4, 2)
    found = second_edition_words(app)
    assert any(k.endswith(": Launchpad") or k.endswith(": ship") for k in found), found
    payload = board_payload(app.spec, app.session.view(), app.layout)
    assert payload["words"]["launchpad"] == "Launchpad"  # the standard game keeps its words
