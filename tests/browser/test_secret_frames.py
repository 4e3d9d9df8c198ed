"""What travels on the wire: every websocket frame of a pass-and-play round, recorded.

ipywidgets send every synced trait of every widget to the page, shown or not, so the test reads
the frames themselves (Jupyter's v1 binary kernel protocol or JSON), not the screen.  A round:
the table view, then Red, Blue and Green each show their hand, pick and lock.  While one
player's hand is open the frames may carry that player's secrets only; between hands, none.
Secrets are looked for as they would appear: mission ids and names (dealt missions, kept or
not), pick ids, "Locked pick: <name>", the hand toggle's selected index, and the seed's digits.
First Martians' play is scanned too: its HUB's seed and draw counter never travel.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import expect

from mrp_tutor.games.mission_red_planet.engine import Game, load_spec

pytestmark = pytest.mark.browser

STEP_TIMEOUT_MS = 30_000
COLOURS = ("red", "blue", "green")
PICKS = {"red": "soldier", "blue": "pilot", "green": "scientist"}


def parse_frame(payload: str | bytes) -> dict[str, Any] | None:
    """A kernel message from a websocket frame (v1 binary protocol or legacy JSON)."""
    if isinstance(payload, str):
        try:
            msg = json.loads(payload)
        except ValueError:
            return None
        return msg if isinstance(msg, dict) else None
    n = int.from_bytes(payload[:8], "little")
    offs = [int.from_bytes(payload[8 + 8 * i:16 + 8 * i], "little") for i in range(n)]
    parts = [payload[a:b] for a, b in zip(offs, [*offs[1:], len(payload)], strict=True)]
    if len(parts) < 5:
        return None
    try:
        return {"channel": parts[0].decode(), "header": json.loads(parts[1]),
                "content": json.loads(parts[4])}
    except ValueError:
        return None


@dataclass
class Wire:
    received: list[dict[str, Any]] = field(default_factory=list)  # kernel -> page
    raw: list[str] = field(default_factory=list)  # every frame, both ways, as text

    def on_ws(self, ws: Any) -> None:
        ws.on("framereceived", lambda p: self.add(p, True))
        ws.on("framesent", lambda p: self.add(p, False))

    def add(self, payload: str | bytes, received: bool) -> None:
        msg = parse_frame(payload)
        text = (json.dumps(msg, ensure_ascii=False) if msg is not None else
                payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))
        self.raw.append(text)
        if received and msg is not None:
            self.received.append(msg)

    def texts(self, start: int, end: int | None = None) -> list[str]:
        return self.raw[start:end]

    def models(self) -> dict[str, dict[str, Any]]:
        """The widget models the page holds now: comm_open state + every update received."""
        out: dict[str, dict[str, Any]] = {}
        for msg in self.received:
            content = msg.get("content") or {}
            data = content.get("data") or {}
            if data.get("method") == "update_states":  # the page asks for all models at once
                for mid, model in (data.get("states") or {}).items():
                    out.setdefault(mid, {}).update(model.get("state") or {})
                continue
            state = data.get("state")
            cid = content.get("comm_id")
            if cid is None or not isinstance(state, dict):
                continue
            out.setdefault(cid, {}).update(state)
        return out

    def model_with_class(self, css: str) -> dict[str, Any]:
        found = [m for m in self.models().values() if css in (m.get("_dom_classes") or [])]
        assert len(found) == 1, f"{len(found)} models with class {css}"
        return found[0]


def forms(name: str) -> set[str]:
    return {name, html.escape(name), json.dumps(name)[1:-1]}


def secrets_of(colour: str, spec: Any, game: Any) -> set[str]:
    seat = game.state.seats[colour]
    out: set[str] = set()
    for m in seat.dealt or seat.missions:
        out |= {m, *forms(spec.card_name(m))}
    pick = PICKS[colour]
    out |= {pick, *forms(f"Locked pick: {spec.card_name(pick)}")}
    return out


def leaks(texts: list[str], secrets: set[str]) -> list[str]:
    return sorted({s for s in secrets for t in texts if s in t})


def test_a_pass_and_play_round_sends_no_other_players_secret(app: Any, test_seed: int) -> None:
    spec = load_spec(use_env_overrides=False)
    game = Game.new(spec, list(COLOURS), test_seed)
    secret = {c: secrets_of(c, spec, game) for c in COLOURS}
    everyone = set().union(*secret.values())
    wire = Wire()
    page = app.page
    page.on("websocket", wire.on_ws)

    app.open()
    expect(page.locator(".mrp-status")).to_contain_text("Ready.", timeout=60_000)
    expect(page.locator(".mrp-board .mrp-zone").first).to_be_visible(timeout=60_000)
    # the first screen is the table's view (issue 36): nobody's secret so far, Red's neither
    expect(page.locator(".mrp-board-viewer")).to_contain_text("Table view")
    assert page.locator(".mrp-viewer select").input_value() == "Table (no secrets)"
    assert leaks(wire.texts(0), everyone) == []
    decision = page.locator(".mrp-decision")
    counter = page.locator(".mrp-step-count")
    for _ in range(8):  # the bot keeps a mission for each colour
        if "choose a character" in decision.inner_text():
            break
        before = counter.inner_text()
        page.locator("button.mrp-next").click()
        expect(counter).not_to_have_text(before, timeout=STEP_TIMEOUT_MS)
    expect(decision).to_contain_text("choose a character")
    page.locator(".mrp-tabs .lm-TabBar-tab", has_text="Hand").click()
    seat = page.locator(".mrp-hand-seat select")
    expect(seat).to_be_visible(timeout=STEP_TIMEOUT_MS)
    hand = page.locator(".mrp-hand")
    status = page.locator(".mrp-status")
    mark = len(wire.raw)  # from here on: the table view
    checked = 0
    for colour in COLOURS:
        table_frames = wire.texts(mark)
        assert leaks(table_frames, everyone) == [], f"table view before {colour}"
        checked += len(table_frames)
        start = len(wire.raw)
        seat.select_option(label=colour)
        page.locator("button.mrp-show-hand").click()
        expect(hand).to_contain_text(f"{colour.capitalize()}'s hand", timeout=STEP_TIMEOUT_MS)
        expect(hand).to_contain_text("Locked pick: none yet")
        # nothing preselected: not on screen, not in the toggle's model
        expect(page.locator(".mrp-hand-cards button.mod-active")).to_have_count(0)
        assert wire.model_with_class("mrp-hand-cards").get("index") is None
        name = spec.card_name(PICKS[colour])
        page.locator(".mrp-hand-cards button", has_text=name).click()
        page.locator("button.mrp-lock").click()
        expect(status).to_contain_text("locked a character", timeout=STEP_TIMEOUT_MS)
        expect(hand).to_contain_text("Hands are hidden")
        mark = len(wire.raw)
        own = wire.texts(start, mark)
        others = everyone - secret[colour]
        assert leaks(own, others) == [], f"while {colour}'s hand was open"
        checked += len(own)
        toggle = wire.model_with_class("mrp-hand-cards")
        assert toggle.get("index") is None and not toggle.get("_options_labels"), toggle
    assert game.state.seats["red"].chosen is None  # the test's copy; the kernel's game:
    expect(decision).not_to_contain_text("choose a character")
    assert leaks(wire.texts(mark), everyone) == []
    # what the page holds at the end: no one's mission or pick in any widget model
    final = json.dumps(wire.models(), ensure_ascii=False)
    assert leaks([final], everyone) == []
    # the seed: in no frame at all, and the seed box holds nothing
    assert not [t for t in wire.raw if str(test_seed) in t]
    assert wire.model_with_class("mrp-seed").get("value") == ""
    assert str(test_seed) not in page.content()
    # the recording really saw the round: every hand opened, and the frames around it
    # (one message per click since the live panels ride on the board's model)
    assert all(any(f"{c.capitalize()}'s hand" in t for t in wire.texts(0)) for c in COLOURS)
    assert len(wire.received) > 60 and checked > 60


FM_SEED = "730461"  # the sample HUB's seed: the table's hidden draws follow from it


def test_first_martians_play_sends_no_hidden_state(app: Any) -> None:
    """First Martians (issue 41): the sample HUB's seed and draw counter are hidden state
    (the record of them stays on the server), so no frame of a played part of a round holds
    the seed's digits or a ``draws`` field, not even after "Roll for me" draws from them;
    and no frame holds a traceback."""
    wire = Wire()
    page = app.page
    page.on("websocket", wire.on_ws)
    panel = app.open_fm((1280, 800))
    expect(panel.locator(".fm-ph-now")).to_contain_text("I. Events")
    panel.locator(".fm-go-events").click()
    expect(panel.locator(".fm-ph-now")).to_contain_text("II. Morale", timeout=STEP_TIMEOUT_MS)
    panel.locator(".fm-go-morale").click()
    expect(panel.locator(".fm-ph-now")).to_contain_text("III. Production",
                                                        timeout=STEP_TIMEOUT_MS)
    panel.locator(".fm-pay-wilt input").first.check()
    panel.locator(".fm-go-produce").click()
    ask = panel.locator(".fm-ask")
    for prompt, choice in (("oxygen Shutdown tile", "Med Lab"),
                           ("a wound for missing food", "Red")):
        expect(ask.locator(".fm-ask-prompt")).to_contain_text(prompt, timeout=STEP_TIMEOUT_MS)
        ask.locator(".fm-choice").get_by_text(choice, exact=True).click()
    expect(ask.locator(".fm-ask-prompt")).to_contain_text("Condition", timeout=STEP_TIMEOUT_MS)
    ask.locator(".fm-roll-for-me").click()  # a draw from the hidden seed
    expect(panel.locator(".fm-log")).to_contain_text("Rolled for you", timeout=STEP_TIMEOUT_MS)
    texts = wire.texts(0)
    assert any("Rolled for you" in t for t in texts) and len(wire.received) > 30
    assert [t for t in texts if FM_SEED in t] == []
    fields = [t for t in texts if re.search(r'\\?"draws\\?"\s*:', t)]  # the draw counter
    assert fields == [], fields[0][:300]
    assert [t for t in texts if "Traceback" in t] == []
    final = json.dumps(wire.models(), ensure_ascii=False)
    assert FM_SEED not in final
