"""The First Martians panel, tapped in the kernel: a whole round by its buttons, the table's
own draws asked for by name, "Roll for me" only when chosen, refusals as sentences with their
rule, travel paths listed cheapest first, the round stopping before the next sol, the export
replaying to the same HUB through the CLI, hidden state out of every widget."""

from __future__ import annotations

import base64
import json
import re
import sys
from pathlib import Path
from typing import Any

import ipywidgets as W
import pytest
from testkit.fm_taps import answer, place

from mrp_tutor.app.picker import game_picker
from mrp_tutor.core.loading import read_yaml
from mrp_tutor.games.first_martians import explain_event, intent_from_dict, load_state
from mrp_tutor.games.first_martians.content import default_board
from mrp_tutor.games.first_martians.events import DrawMade
from mrp_tutor.games.first_martians.state import state_to_dict
from mrp_tutor.games.first_martians.ui.fm_busy import STEP_TAP
from mrp_tutor.games.first_martians.ui.fm_files import export_text
from mrp_tutor.games.first_martians.ui.fm_lessons import fm_lessons
from mrp_tutor.games.first_martians.ui.fm_map import _shell_positions, map_layout, map_payload
from mrp_tutor.games.first_martians.ui.fm_panel import FmPanel, hub_table
from mrp_tutor.games.first_martians.ui.fm_words import known_ids

SEED = "730461"  # the sample HUB's seed: hidden state


def _effect(p: FmPanel, group: str, kind: int, **values: Any) -> None:
    p.effects.group.value = group
    p.effects.kind.value = kind
    for k, v in values.items():
        p.effects.pickers[k].value = v
    p.effects.apply_btn.click()


def _page_text(p: FmPanel) -> str:
    """Every sentence the page shows, citations (section [rule id]) left out."""
    parts = [p.status.value, p.checklist.value, p.log.value, p.hub.value, p.asker.prompt.value]
    parts += [c.children[0].value for c in p.planner.list.children if isinstance(c, W.HBox)]
    text = re.sub(r"<details class=\"mrp-cite\">.*?</details>", "", "\n".join(parts))
    return re.sub(r"<[^>]+>", " ", text)


def _to_actions(p: FmPanel) -> None:
    p.events_btn.click()
    p.morale_btn.click()
    p.wilt.children[0].value = True  # pay so Farm 01 does not wilt
    p.produce_btn.click()
    answer(p, "Med Lab")  # the Facility taking the oxygen Shutdown tile
    answer(p, "Red")  # who takes the wound for the missing food: the table's choice
    answer(p, "Anemia")  # Red's wound for missing food passes a Condition icon


def _resolve_next(p: FmPanel, named: str, *answers: str) -> None:
    """Tap the action the checklist names next, then the table's dice and choices."""
    head = p.resolver.head.value.replace("&#x27;", "'")
    assert f"Resolve action {named}" in head, head
    assert len(p.resolver.buttons.children) == 1
    p.resolver.buttons.children[0].click()
    for label in answers:
        answer(p, label)
    assert p.asker.question is None, p.asker.prompt.value
    assert "Refused" not in p.status.value, p.status.value


def _play_round(p: FmPanel) -> None:
    _effect(p, "Tracks", 2, block="system", by=1)
    _effect(p, "Map", 0, space="r1_ne", roi="plains")
    _effect(p, "Map", 0, space="r2_ne", roi="plains")
    _to_actions(p)
    assert p.table.state.phase == "actions" and p.step == "place"
    p.planner.action.value = "gather"
    p.planner.target.value = "r2_e"
    around = next(k for k, x in enumerate(p.planner.route.options) if "Geysers" not in x)
    assert around > 0  # not the cheapest: the long way round the Geysers
    assert "Placed" in place(p, "gather", "purple", 2, helper="blue", helper_pawns=2,
                              rover="scorpio", target="r2_e", route=around)
    assert "Placed" in place(p, "research", "yellow", 1, target="hub")  # a pawn short
    assert "Placed" in place(p, "unwind", "red", 1)
    assert "Placed" in place(p, "rest", "red", 1)
    assert "Placed" in place(p, "manage", "yellow", 1)
    p.planner.declare_btn.click()
    assert p.step == "resolve", p.status.value
    # the checklist walks the table through each action in the action order
    _resolve_next(p, "1 of 5: Red's Rest")
    _resolve_next(p, "2 of 5: Red's Unwind", "Stress -6")
    _resolve_next(p, "3 of 5: Yellow's Manage", "System Block")
    _resolve_next(p, "4 of 5: Purple's Gather")
    _resolve_next(p, "5 of 5: Yellow's Research", "Success", "Wound", "No Adventure")
    assert "Every placed action has resolved" in p.resolver.head.value
    assert "the seed planted" in p.resolver.head.value  # what a Research gives, to enter
    _effect(p, "Health", 0, astronaut="yellow", count=1)
    answer(p, "Migraine")  # a Condition gained in the middle of the Action Phase
    assert "Migraine (applies from the end of this phase)" in p.hub.value
    p.actions_done_btn.click()
    assert p.step == "dice"
    p.malfunction_btn.click()
    answer(p, "1")  # the Living Block's die, as the table rolled it
    p.cleanup_btn.click()


def test_a_round_by_taps_with_the_tables_own_draws_stops_at_its_end(tmp_path: Path) -> None:
    p = FmPanel()
    _play_round(p)
    s = p.table.state
    assert p.step == "round_over" and s.sol == 4
    assert "Start sol 4" in p.next_sol_btn.description
    assert p.phase_box.children == (p.next_sol_btn,)
    assert p.checklist.value.count("fm-ph-done") == 6
    assert "migraine" in s.astronaut("yellow").conditions
    assert "anemia" in s.astronaut("red").conditions
    assert s.facility("med_lab").shutdown_oxygen is not None
    draws = [ev for h in p.history for ev in h.events if isinstance(ev, DrawMade)]
    assert draws and all(ev.by == "table" for ev in draws)  # nothing rolled for the table
    assert "One pawn short" in p.log.value
    gather = next(ev for h in p.history for ev in h.events
                  if ev.type == "action_declared" and getattr(ev, "action", "") == "gather")
    assert list(getattr(gather, "path", [])) == ["hub", "r1_ne", "r2_ne", "r2_e"]
    # the exported file, played by the CLI, gives the same HUB (hidden state left out)
    from mrp_tutor.cli.main import main

    text = export_text(p)
    assert not re.search(r"\bseed:", text) and SEED not in text
    src, out = tmp_path / "round.yaml", tmp_path / "after.yaml"
    src.write_text(text, encoding="utf-8")
    assert main(["fm", "round", str(src), "--out", str(out)]) == 0
    cli = state_to_dict(load_state(read_yaml(out)))
    mine = state_to_dict(s)
    for hidden in ("seed", "draws"):
        cli.pop(hidden), mine.pop(hidden)
    assert cli == mine
    p.next_sol_btn.click()
    assert p.step == "" and p.table.state.phase == "events"
    assert "▶</span>I. Events" in p.checklist.value


def test_no_id_or_raw_validation_text_reaches_the_page() -> None:
    p = FmPanel()
    _play_round(p)
    page = _page_text(p)
    ids = [i for i in known_ids() if re.search(rf"\b{re.escape(i)}\b", page)]
    assert not ids, ids
    assert not re.search(r"validation error|Input should|Field required|Traceback", page)
    cites = re.findall(r"<cite>(.*?)</cite>", p.log.value + p.status.value)
    assert cites and not [c for c in cites if "[" in c], cites  # sections, no rule ids


def test_roll_for_me_is_an_explicit_choice_and_the_log_says_so() -> None:
    p = FmPanel()
    p.events_btn.click()
    p.morale_btn.click()
    p.produce_btn.click()
    q = p.asker.question
    assert q is not None and p.table.state.phase == "production"
    assert not q.can_roll  # which Facility takes the Shutdown tile: the table's choice
    p.asker.roll_btn.click()  # (hidden) refused: the assistant never chooses for the table
    assert p.asker.question is q and "choice: tap one of the answers" in p.status.value
    for _ in range(10):  # every die and draw of this step rolled for the table
        q = p.asker.question
        if q is None:
            break
        if q.can_roll:
            p.asker.roll_btn.click()
        else:
            p.asker.choices.children[0].click()
    drawn = [ev for ev in p.history[-1].events if isinstance(ev, DrawMade)]
    assert {ev.by for ev in drawn if ev.random} == {"seeded"}
    assert {ev.by for ev in drawn if not ev.random} == {"table"}
    assert "Seeded draw" in p.log.value or "Rolled for you" in p.log.value


def test_a_refusal_is_a_sentence_with_its_rule_and_changes_nothing() -> None:
    p = FmPanel()
    before = state_to_dict(p.table.state)
    _effect(p, "Health", 1, astronaut="red", condition="")  # Red has no wound to heal
    assert "fm-refused" in p.status.value and "Refused:" in p.status.value
    assert "mrp-cite" in p.status.value  # the rule, cited as everywhere in the app
    assert state_to_dict(p.table.state) == before and not p.history
    p.effects.group.value = "Supply"
    p.effects.apply_btn.click()  # nothing chosen yet: a sentence, not a validation dump
    assert "Tap a choice for “Resource” first" in p.status.value


def test_each_action_is_checked_as_it_is_placed() -> None:
    p = FmPanel()
    _to_actions(p)
    said = place(p, "unwind", "red", 3)
    assert "Not placed" in said and "only 2 action pawns" in said
    assert p.planner.planned == []
    said = place(p, "heal", "red", 1, target="hub")  # Med Lab is Shutdown
    assert "Not placed" in said and "Med Lab" in said
    p.planner.action.value = None
    p.planner.add_btn.click()
    assert "Choose the action first" in p.status.value


def test_travel_lists_every_path_cheapest_first_and_the_map_shows_the_pick() -> None:
    p = FmPanel()
    _effect(p, "Map", 0, space="r1_ne", roi="plains")
    _effect(p, "Map", 0, space="r2_ne", roi="plains")
    pl = p.planner
    pl.action.value = "gather"
    pl.map._on_custom_msg(pl.map, {"pick": "r2_e"}, [])  # a tap on Chasm
    assert pl.target.value == "r2_e"
    labels = list(pl.route.options)
    assert len(labels) >= 2 and labels[0].endswith("(cheapest)") and "Geysers" in labels[0]
    assert any("Geysers" not in x for x in labels[1:])  # the way round
    pl.route.buttons.children[1].click()
    assert pl.route.index == 1 and "fm-route-chosen" in pl.route.buttons.children[1]._dom_classes
    assert pl.map.data["path"] == list(pl.paths[1]) and pl.map.data["chosen"] == "r2_e"
    shown = len(pl.route.buttons.children)
    assert shown == min(len(labels), pl.route.SHOWN)
    if len(labels) > shown:  # the rest behind "More paths"
        pl.route.more.click()
        assert len(pl.route.buttons.children) == len(labels)
    pl.map._on_custom_msg(pl.map, {"pick": "r3_n"}, [])  # not a pickable space: ignored
    assert pl.target.value == "r2_e"


def test_undo_takes_back_a_step_with_its_draws() -> None:
    p = FmPanel()
    _to_actions(p)
    assert p.table.state.phase == "actions"
    p.undo_btn.click()
    s = p.table.state
    assert s.phase == "production" and s.facility("med_lab").shutdown_oxygen is None
    assert p.step == ""


def test_hidden_state_stays_out_of_every_widget() -> None:
    p = FmPanel()
    _play_round(p)
    seen: set[int] = set()
    todo: list[Any] = [p.root, p.planner.root, p.effects.root, p.asker.root, p.phase_box]
    while todo:  # every widget the panel can show, and every trait it syncs
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        state = w.get_state()
        assert SEED not in json.dumps(state, default=str), type(w)
        for name in w.keys:
            v = getattr(w, name, None)
            for x in v if isinstance(v, (list, tuple)) else [v]:
                if isinstance(x, W.Widget):
                    todo.append(x)
    assert len(seen) > 100
    data = json.dumps(p.planner.map.data)
    assert SEED not in data and '"draws"' not in data


def test_map_layout_is_the_rings_round_the_hub() -> None:
    b = default_board()
    pos = map_layout(b)
    assert pos["hub"] == (0.0, 0.0)
    assert pos["r1_n"][1] < 0 and abs(pos["r1_n"][0]) < 1e-9  # north is up
    assert pos["r1_e"][0] > 0 and abs(pos["r1_e"][1]) < 1e-9  # east is right
    radius = {s.id: round((pos[s.id][0] ** 2 + pos[s.id][1] ** 2) ** 0.5, 3) for s in b.spaces}
    for ring in (1, 2, 3):
        assert len({radius[s.id] for s in b.spaces if s.ring == ring}) == 1
    payload = map_payload(b, FmPanel().table.state)
    assert {x["id"] for x in payload["spaces"] if x["revealed"]} == {"hub", "r1_n", "r1_e",
                                                                     "r2_e"}


def test_the_map_is_drawn_without_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The in-browser demo has no numpy (docs/static-site.md): the map's layout needs none,
    and its shells are where networkx's shell layout puts them (where numpy is)."""
    import networkx as nx

    for shells in ([["hub"], ["a", "b", "c", "d"], ["e", "f", "g", "h", "i", "j"]],
                   [["a", "b"], ["c", "d", "e"]]):
        want = nx.shell_layout(nx.empty_graph([n for s in shells for n in s]), shells,
                               rotate=0, scale=1.0)
        got = _shell_positions(shells)
        assert got.keys() == want.keys()
        for n, (x, y) in got.items():
            assert abs(x - float(want[n][0])) < 1e-6 and abs(y - float(want[n][1])) < 1e-6, n
    before = map_layout(default_board())
    monkeypatch.setitem(sys.modules, "numpy", None)  # `import numpy` raises ImportError
    assert map_layout(default_board()) == before


def test_an_uploaded_file_is_imported_and_a_bad_one_changes_nothing() -> None:
    p = FmPanel()
    good = read_yaml(Path(__file__).resolve().parents[2] / "mrp_tutor" / "games" / "first_martians"
                     / "data" / "sample_round.yaml")
    good["state"]["sol"] = 5
    import yaml

    _pick_file(p, "mine.yaml", yaml.safe_dump(good).encode())
    assert "Sol 5" in p.checklist.value
    _pick_file(p, "bad.yaml", b"state: {astronauts: 3}")
    assert "bad.yaml was not loaded" in p.status.value and "Sol 5" in p.checklist.value
    assert "Input should" not in p.status.value and "must be a list" in p.status.value
    good["state"]["phase"] = "round_end"  # a HUB saved at the end of a round (fm round --out)
    _pick_file(p, "after.yaml", yaml.safe_dump(good).encode())
    assert p.step == "round_over" and p.phase_box.children == (p.next_sol_btn,)
    _pick_file(p, "huge.yaml", None)  # over the size limit: the page does not read it
    assert "larger than 200 kB" in p.status.value and p.step == "round_over"


def _pick_file(p: FmPanel, name: str, data: bytes | None) -> None:
    """What the page sends when the table picks a file (its bytes, none when too large)."""
    p.files.upload._on_custom_msg(p.files.upload, {"name": name}, [data] if data else [])


def test_the_import_button_says_what_it_does() -> None:
    up = FmPanel().files.upload
    assert up.label == "Import a saved game…" and "(" not in up.label


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_board_setup_hubs_of_one_to_four_astronauts(n: int) -> None:
    p = FmPanel()
    p.files.source.value = n
    assert len(p.table.state.astronauts) == n
    assert len(p.planner.who.options) == n
    href = p.files.export.value
    text = base64.b64decode(href.split("base64,")[1].split("'")[0]).decode()
    assert not re.search(r"\bseed:", text)


def test_picker_switches_to_first_martians() -> None:
    mrp = W.Label("mrp")
    picker = game_picker(mrp)
    pick, box = picker.children
    pick.value = "First Martians"
    assert "fm-panel" in box.children[0]._dom_classes
    pick.value = "Mission: Red Planet"
    assert box.children[0] is mrp


def _form(p: FmPanel, group: str, label: str, **values: Any) -> str:
    """Apply the effect named ``label`` of ``group`` (by its words, as a table taps it)."""
    from mrp_tutor.games.first_martians.ui.fm_effects import GROUPS

    k = next(i for i, f in enumerate(GROUPS[group]) if f.label == label)
    _effect(p, group, k, **values)
    return str(p.status.value)


def test_every_effect_of_a_round_has_a_control() -> None:
    p = FmPanel()
    s0 = p.table.state
    _form(p, "Cargo Bay", "Cargo Bay item", item="poi", delta=1, area="pending")
    assert p.table.state.cargo.pending.count("poi") == s0.cargo.pending.count("poi") + 1
    said = _form(p, "Cargo Bay", "Cargo Bay item", item="seed", delta=-1, area="available")
    assert "Refused" in said  # no seed in the Cargo Bay to pay with
    _form(p, "Facilities", "Production changed", facility="oxygenator_02", delta=1)
    assert p.table.state.facility("oxygenator_02").production == 4
    _form(p, "Facilities", "Facility card built", like="farm_01", size=2)
    card = p.table.state.facility("farm_card_1")
    assert card.farm is not None and card.farm.greenhouses == 2
    assert "Backup Farm card 1" in p.hub.value
    _form(p, "Health", "Condition taken", astronaut="purple", condition="cardiac_disorder")
    assert "cardiac_disorder" in p.table.state.astronaut("purple").conditions
    before = [x.name for x in p.table.state.mission_log]
    _form(p, "Mission Log", "Event enters the Log", asks="gain", pawns=1)
    entry = p.table.state.mission_log[-1]
    assert entry.asks == "gain" and entry.name.startswith("Sol 3 event")  # named by its sol
    assert "Gain something" in [lb for lb, _v in p.effects.pickers["asks"].options]
    _form(p, "Mission Log", "Event leaves the Log (Delayed Consequences)", name=entry.name)
    assert [x.name for x in p.table.state.mission_log] == before
    p.effects.group.value = "Map"
    p.effects.kind.value = 0
    spaces = [v for _lb, v in p.effects.pickers["space"].options]
    assert "r3_ne" in spaces and "r3_e" in spaces  # a Mission sheet may put a tile there
    _form(p, "Rovers", "Token on its X space", rover="froggy", token="blocked")
    assert p.table.state.rovers["froggy"].blocked == 1
    said = _form(p, "AOMs", "AOM cards in play", first="green", second="", solo="no")
    assert "Refused" in said and p.table.state.aoms == []  # 4 astronauts: no AOM
    p.files.source.value = 2
    p.guard.yes.click()  # a game was running: the switch asks first
    _form(p, "AOMs", "AOM cards in play", first="green", second="brown", solo="no")
    assert p.table.state.aoms == ["green", "brown"]
    labels = [label for label, _v in p.planner.aom.options]
    assert labels == ["No AOM", "Green AOM (Explore)", "Brown AOM (Build)"]
    page = _page_text(p)
    assert not [i for i in known_ids() if re.search(rf"\b{re.escape(i)}\b", page)]


# --------------------------------------------------------------- taps racing a redraw
def _to_production_questions(p: FmPanel) -> None:
    p.events_btn.click()
    p.morale_btn.click()
    p.wilt.children[0].value = True
    p.produce_btn.click()


def _buttons(p: FmPanel) -> dict[str, Any]:
    return {b.description: b for b in p.asker.choices.children}


def test_a_second_tap_on_an_answered_question_is_not_the_nextanswer() -> None:
    p = FmPanel()
    _to_production_questions(p)
    med_lab = _buttons(p)["Med Lab"]  # where the oxygen Shutdown tile goes
    med_lab.click()
    asked = p.asker.prompt.value
    assert "food" in asked  # the next question: who is wounded for the missing food
    med_lab.click()  # the same button again (a double tap, or a tap racing the redraw)
    assert p.asker.prompt.value == asked  # still asked, nothing answered by that tap
    assert p.pending is not None and p.pending["intent"]["draws"].get(
        "shutdown_target") == ["med_lab"]
    assert "already answered" in p.status.value
    _buttons(p)["Red"].click()
    _buttons(p)["Anemia"].click()
    assert p.table.state.facility("med_lab").shutdown_oxygen is not None
    assert p.table.state.phase == "actions"


def _at_actions() -> FmPanel:
    p = FmPanel()
    _effect(p, "Map", 0, space="r1_ne", roi="plains")
    _effect(p, "Map", 0, space="r2_ne", roi="plains")
    _to_production_questions(p)
    for label in ("Med Lab", "Red", "Anemia"):
        _buttons(p)[label].click()
    assert p.step == "place"
    return p


def test_the_path_the_table_picked_survives_a_redraw() -> None:
    p = _at_actions()
    pl = p.planner
    pl.action.value = "gather"
    pl.target.value = "r2_e"
    around = next(k for k, x in enumerate(pl.route.options) if "Geysers" not in x)
    assert around > 0
    buttons = list(pl.route.buttons.children)
    pl.route.pick(around)
    pl.add_btn.click()  # refused: nobody on top yet; the panel redraws with the sentence
    assert "Choose who is on top" in p.status.value
    assert pl.route.index == around  # the long way round is still the pick
    assert list(pl.route.buttons.children) == buttons  # and its buttons were kept
    assert "Placed" in place(p, "gather", "purple", 2, helper="blue", helper_pawns=2,
                              rover="scorpio")
    assert "Geysers" not in p.planner.list.children[0].children[0].value


def test_a_path_button_of_another_destination_picks_nothing() -> None:
    p = _at_actions()
    pl = p.planner
    pl.action.value = "gather"
    pl.target.value = "r2_e"
    old = list(pl.route.buttons.children)
    pl.action.value = "explore"
    pl.target.value = "r2_n"
    before = pl.route.index
    old[-1].click()  # a button drawn for the Chasm's paths
    assert pl.route.index == before


def test_a_second_tap_on_remove_never_removes_another_action() -> None:
    p = _at_actions()
    assert "Placed" in place(p, "unwind", "red", 1)
    assert "Placed" in place(p, "rest", "red", 1)
    first_remove = p.planner.list.children[0].children[1]
    first_remove.click()
    first_remove.click()  # the row it was on is gone: Rest stays placed
    assert [x["action"] for x in p.planner.planned] == ["rest"]
    assert "already removed" in p.status.value


def test_every_step_ends_by_freeing_the_page_and_step_buttons_lock_it() -> None:
    p = FmPanel()
    done = p.busy.done
    _effect(p, "Tracks", 0, delta=1)
    assert p.busy.done > done  # the redraw after Apply tells the page it takes taps again
    done = p.busy.done
    p.effects.group.value = None
    p.effects.apply_btn.click()  # nothing chosen: still a sentence and a freed page
    assert p.busy.done > done and "Tap what happened first" in p.status.value
    for b in (p.effects.apply_btn, p.events_btn, p.undo_btn, p.planner.add_btn,
              p.planner.declare_btn, p.asker.roll_btn):
        assert STEP_TAP in b._dom_classes


def test_a_second_tap_on_apply_does_not_play_the_effect_twice() -> None:
    p = FmPanel()
    morale = p.table.state.morale
    _effect(p, "Tracks", 0, delta=1)
    assert p.table.state.morale == morale + 1
    p.effects.apply_btn.click()  # the same Apply again: its choice was emptied
    assert p.table.state.morale == morale + 1 and "Tap a choice" in p.status.value


def test_the_steps_button_is_hidden_while_the_table_answers() -> None:
    p = FmPanel()
    _to_production_questions(p)
    assert p.asker.question is not None and p.phase_box.layout.display == "none"
    p.asker.cancel_btn.click()
    assert p.phase_box.layout.display == "" and p.produce_btn in p.phase_box.children


def test_the_explanation_is_the_apps_shared_one() -> None:
    """Each step's sentences are drawn by the app's shared explanation markup (the one the
    Mission: Red Planet stepper uses), under the shared step head, in the shared box."""
    from mrp_tutor.games.mission_red_planet.ui.html import sentences_html

    p = FmPanel()
    p.events_btn.click()
    p.morale_btn.click()
    step = p.history[-1]
    shared = sentences_html([explain_event(ev) for ev in step.events
                             if ev.type != "phase_started"])
    assert re.sub(r"<details.*?</details>", "", step.said) == re.sub(
        r"<details.*?</details>", "", shared)  # the same sentences, citations without ids
    assert "mrp-step-head" in p.log.value and "mrp-explain" in p.log._dom_classes


def test_scenario_lessons_load_a_hub_with_its_lesson_cited() -> None:
    p = FmPanel()
    p.lessons.open_btn.click()
    ids = [v for _lb, v in p.lessons.pick.options if v]
    assert "actions-one-pawn-short" in ids and "Lesson" not in p.lessons.shown.value
    p.lessons.pick.value = "actions-one-pawn-short"
    assert "Loaded Lesson:" in p.status.value and p.step == "place"
    source = dict((v, lb) for lb, v in p.files.source.options)[p.files.source.value]
    assert source.startswith("Lesson: Actions")  # the HUB list names the lesson's HUB
    assert "Lesson:" in p.lessons.shown.value and "mrp-cite" in p.lessons.shown.value
    cited = re.findall(r"<cite>(.*?)</cite>", p.lessons.shown.value)
    assert cited and len(cited) == len(set(cited))  # a section is cited once
    page = re.sub(r"<details.*?</details>", "", p.lessons.shown.value)
    assert not [i for i in known_ids() if re.search(rf"\b{re.escape(i)}\b", page)]
    p.restart_btn.click()  # the lesson stays with its HUB
    assert "Lesson:" in p.lessons.shown.value
    p.files.source.value = 2  # another HUB: no lesson
    assert p.lessons.shown.value == ""
    for sc in fm_lessons():  # every lesson's HUB loads in the panel
        hub_table({"state": sc.doc.state}, sc.id)


def test_a_running_game_is_never_lost_by_one_tap() -> None:
    """issue 38: a HUB switch, a lesson, an import or Restart during a game asks first
    (offering the export); Undo brings the game put away back, every step of it."""
    p = FmPanel()
    p.events_btn.click()
    p.morale_btn.click()
    played = [h.label for h in p.history]
    assert len(played) == 2 and p.table.state.phase == "production"
    p.files.source.value = 2  # a mis-tap on the HUB list
    assert p.guard.root.layout.display == "" and "Export HUB file" in p.guard.text.value
    assert p.table.state.phase == "production" and len(p.history) == 2  # nothing lost yet
    p.guard.no.click()
    assert p.guard.root.layout.display == "none" and len(p.history) == 2
    assert p.files.source.value == "sample"  # the list names the game still running
    p.restart_btn.click()  # Restart asks too
    assert p.guard.waiting is not None and len(p.history) == 2
    p.guard.no.click()
    p.lessons.open_btn.click()
    p.lessons.pick.value = "actions-one-pawn-short"
    assert p.guard.waiting is not None and p.table.state.phase == "production"
    p.guard.yes.click()  # confirmed: the lesson's HUB, the game put away
    assert p.table.state.phase == "actions" and p.history == [] and not p.undo_btn.disabled
    assert "Undo brings it back" in p.status.value
    p.undo_btn.click()  # the game comes back whole
    assert [h.label for h in p.history] == played and p.table.state.phase == "production"
    assert p.lessons.shown.value == "" and p.files.source.value == "sample"
    p.undo_btn.click()
    p.undo_btn.click()
    assert p.history == [] and p.table.state.phase == "events"
    p.files.source.value = 2  # no step played: nothing to lose, no question
    assert p.guard.waiting is None and len(p.table.state.astronauts) == 2


def test_an_empty_where_list_says_why_with_its_rule() -> None:
    """issue 38: a Gather with no tile to go to says why, citing the Gather section."""
    from mrp_tutor.games.first_martians.state import Tile

    p = FmPanel()
    p.files.source.value = 2
    s = p.table.state
    s.phase, s.tiles["r1_w"] = "actions", Tile(name="Canyon", icons=["sample"], samples=1,
                                               explored_sol=s.sol, explored_phase="actions")
    p.step = "place"
    p.say("")
    p.planner.action.value = "gather"
    why = p.planner.nowhere_why.value
    assert "Canyon was revealed during this Action Phase" in why and "7. Gather" in why
    s.tiles["r1_w"].explored_phase = "events"  # an event revealed it before the pawns
    p.say("")
    assert p.planner.nowhere_why.value == ""
    assert [v for _lb, v in p.planner.target.options] == ["r1_w"]


def test_the_crew_names_its_medic_and_its_aoms_at_setup() -> None:
    """issue 38: a 4-astronaut Board Setup asks who the Medic is (then Heal can be placed);
    a 2-astronaut setup asks for the two AOM cards; both show in the HUB view."""
    p = FmPanel()
    p.files.source.value = 4
    assert p.setup.root.layout.display == "" and "who is the Medic" in p.setup.medic_q.value
    assert "Heal needs the Medic or the Auto-scanner" in _heal_why(p)
    pick = {b.description: b for b in p.setup.medic.children}
    pick["Yellow"].click()
    assert p.table.state.astronaut("yellow").medic and p.setup.root.layout.display == "none"
    assert "Yellow (Medic)" in p.hub.value and "Yellow is the Medic" in p.log.value
    assert _heal_why(p) == ""
    _effect(p, "Health", 2, astronaut="blue")  # the Medic changed under Health
    assert p.table.state.astronaut("blue").medic and not p.table.state.astronaut("yellow").medic
    p.files.source.value = 2
    p.guard.yes.click()
    assert "which AOM cards" in p.setup.aom_q.value and "AOMs in play: none" in p.hub.value
    aoms = {b.description: b for b in p.setup.aoms.children}
    aoms["Green AOM (Explore)"].click()
    assert p.table.state.aoms == [] and "choose 1 more" in p.status.value
    aoms = {b.description: b for b in p.setup.aoms.children}
    aoms["Brown AOM (Build)"].click()
    assert p.table.state.aoms == ["green", "brown"] and p.setup.root.layout.display == "none"
    assert "AOMs in play: Green AOM (Explore), Brown AOM (Build)" in p.hub.value


def _heal_why(p: FmPanel) -> str:
    from mrp_tutor.games.first_martians.legal import legal

    row = next(r for r in legal(p.table.state, p.table.board).actions if r.action == "heal")
    return row.why_not or ""


def test_words_names_and_the_section_each_change_comes_from() -> None:
    """issue 38: names never ids; a supply change entered during Actions cites the Action
    Phase, an event's production change cites Phase I; a rover's refusal says the true
    reason; a choice made by a tutor reading says so on the page."""
    from mrp_tutor.games.first_martians.legal import check
    from mrp_tutor.games.first_martians.state import Tile
    from mrp_tutor.games.first_martians.ui.fm_actions import placement_text

    p = FmPanel()
    s, b = p.table.state, p.table.board
    assert placement_text({"action": "remove_shutdown", "astronaut": "purple", "pawns": 1,
                           "target": "lab"}, s, b) == "Remove Shutdown: Purple, 1 pawn, at Lab"
    _form(p, "Facilities", "Production changed", facility="oxygenator_02", delta=1)
    assert p.table.state.phase == "events"
    assert "<cite>Phase I. Events</cite>" in p.status.value  # not Remove Shutdown Tiles
    p.undo_btn.click()
    _to_actions(p)
    _form(p, "Supply", "General Supply", resource="food", delta=1)
    assert "<cite>Phase IV. Actions</cite>" in p.status.value  # not Phase I. Events
    assert "<cite>Phase IV. Actions</cite>" in p.effects.result.value  # by its Apply too
    s = p.table.state
    s.tiles["r1_w"] = Tile(name="Canyon", icons=["sample"], samples=1)
    err = check(s, intent_from_dict({"type": "declare_actions", "actions": [
        {"action": "gather", "astronaut": "red", "pawns": 2, "target": "r1_w",
         "rover": "froggy"}]}), p.table.board)
    assert err is not None and "Froggy only joins Explore" in str(err)
    assert "in the HUB" not in str(err)
    lesson = hub_table({"state": {
        "phase": "production", "first_player": "red",
        "astronauts": [{"id": "red", "name": "Red", "conditions": ["anemia"]},
                       {"id": "yellow", "name": "Yellow"}],
        "supply": {"oxygen": 4, "energy": 4, "food": 2},
        "facilities": {"farm_01": {"farm": {"greenhouses": 2, "plants": 0}}}}}, "anemia")
    p.load({"state": state_to_dict(lesson.state)}, "Anemia")
    p.produce_btn.click()
    assert "Tutor reading: Red takes a wound for the second food" in p.log.value


def test_the_result_is_where_the_tap_was_and_the_todo_ticks() -> None:
    """issue 38: an Apply's one-line result, cited, shows by its Apply and in the status
    line; the Events to-do "raise the Malfunction track" ticks when the +1 is entered."""
    p = FmPanel()
    assert "○</span>Raise the Malfunction track" in p.checklist.value
    _form(p, "Tracks", "Malfunction track", block="system", by=1)
    assert "✓</span>Raise the Malfunction track" in p.checklist.value
    assert "Malfunction track moves +1" in p.effects.result.value
    assert "<cite>Phase I. Events</cite>" in p.effects.result.value
    p.events_btn.click()
    assert "Events done" in p.status.value  # a phase button's result by the phase buttons


def test_remove_shutdown_is_walked_through_in_its_resolve_step() -> None:
    """issue 38: the tile's cost, its roll and its production gain are asked inside the
    resolve step (no three effects to remember afterwards)."""
    p = FmPanel()
    _to_actions(p)  # Med Lab took the oxygen Shutdown tile
    assert p.table.state.facility("med_lab").shutdown_oxygen is not None
    oxygen = p.table.state.supply["oxygen"]
    said = place(p, "remove_shutdown", "purple", 1, target="med_lab")
    assert "Remove Shutdown: Purple, 1 pawn, at Med Lab" in said
    p.planner.declare_btn.click()
    p.actions_done_btn.click()  # its one action resolves: the tile's questions come now
    answer(p, "1 oxygen")
    assert "did the table&#x27;s dice make it" in p.asker.prompt.value
    answer(p, "Rolled what it asks")
    answer(p, "+1 oxygen production")
    s = p.table.state
    assert s.facility("med_lab").shutdown_oxygen is None and s.supply["oxygen"] == oxygen - 1
    assert "The oxygen Shutdown tile leaves Med Lab" in p.log.value
    assert "+1 oxygen production" in p.log.value and "oxygen:1" not in p.log.value


def test_a_malfunction_asks_its_cards_complication() -> None:
    """issue 38: a Malfunction asks the card's Complication (the Facility it names, the
    status it shows) and turns that status red, citing Resolving Malfunctions."""
    p = FmPanel()
    p.files.source.value = 4
    for by in (2, 2, 1):  # the System Block's track reaches its top space: a Malfunction
        _form(p, "Tracks", "Malfunction track", block="system", by=by)
    assert p.asker.question is not None and "is it a Complication" in p.asker.prompt.value
    answer(p, "Lab")
    answer(p, "CPU")
    lab = p.table.state.facility("lab")
    assert any(st.part == "cpu" and st.red for st in lab.statuses)
    assert "Resolving Malfunctions" in p.status.value and p.asker.question is None
    for by in (2, 2, 1):
        _form(p, "Tracks", "Malfunction track", block="system", by=by)
    answer(p, "Not a Complication (enter its effect under Something happened)")
    assert p.asker.question is None and "enter its effect" in p.status.value
