"""Game content (data files, referee overrides) and the engine's layering."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from mrp_tutor.games.mission_red_planet.engine import (
    ContentError,
    Game,
    KeepMission,
    load_spec,
    room,
)
from mrp_tutor.games.mission_red_planet.engine.content import DATA_DIR
from mrp_tutor.games.mission_red_planet.engine.loading import load_content


def _copy_data(tmp_path: Path) -> Path:
    shutil.copytree(DATA_DIR / "base", tmp_path / "base")
    return tmp_path


def _edit(folder: Path, name: str, fn) -> None:
    path = folder / "base" / f"{name}.yaml"
    doc = yaml.safe_load(path.read_text())
    fn(doc)
    path.write_text(yaml.safe_dump(doc, sort_keys=False))


def test_shipped_content_loads_and_matches_the_rulebook_counts(spec):
    assert len(spec.ships) == 36
    assert len(spec.discoveries) == 13 and len(spec.missions) == 13 and len(spec.actions) == 4
    assert len(spec.characters) == 9 and spec.countdown[0] == "recruiter"
    assert len(spec.zones) == 10 and spec.moon == "phobos"
    assert spec.astronauts_per_colour == 22


def test_bad_data_files_list_every_problem_at_once(tmp_path):
    data = _copy_data(tmp_path)
    _edit(data, "ships", lambda d: d["ships"][0].update(capacity=0))
    _edit(data, "characters", lambda d: d["characters"][0].update(rule="no.such.rule"))
    _edit(data, "zones", lambda d: d["adjacency"].append({"between": ["hellas", "atlantis"]}))
    _edit(data, "events", lambda d: d["missions"][0].update(effect={"effect": "nonsense"}))
    with pytest.raises(ContentError) as err:
        load_content("base", data_dir=data)
    text = "\n".join(err.value.problems)
    assert "ships.yaml" in text and "capacity" in text
    assert "events.yaml" in text and "nonsense" in text
    assert err.value.code == "content_invalid"
    # cross-reference problems are all reported together as well
    shutil.rmtree(data / "base")
    data = _copy_data(tmp_path)
    _edit(data, "characters", lambda d: d["characters"][0].update(rule="no.such.rule"))
    _edit(data, "zones", lambda d: d["adjacency"].append({"between": ["hellas", "atlantis"]}))
    _edit(data, "ships", lambda d: d["ships"][1].update(destination="atlantis"))
    with pytest.raises(ContentError) as err:
        load_content("base", data_dir=data)
    text = "\n".join(err.value.problems)
    assert "no.such.rule" in text and "'atlantis'" in text and "s02" in text
    assert len(err.value.problems) >= 3


def test_yaml_syntax_error_is_a_content_error(tmp_path):
    data = _copy_data(tmp_path)
    (data / "base" / "ships.yaml").write_text("ships: [ {id: s01,\n")
    with pytest.raises(ContentError) as err:
        load_content("base", data_dir=data)
    assert any("YAML" in p for p in err.value.problems)


def test_override_changes_a_card_without_code(spec):
    custom = load_spec(overrides={"ships": {"ships": [{"id": "s01", "capacity": 2}]}})
    assert custom.cap["s01"] == 2 and spec.cap["s01"] == 4
    g = Game.new(custom, ["red", "blue", "green"], seed=1)
    assert g.spec.capacity("s01") == 2
    custom2 = load_spec(overrides={"characters": {"characters": [
        {"id": "pilot", "steps": [{"effect": "board", "count": 2},
                                  {"effect": "place_destination_token",
                                   "targets": ["docked", "launched"]}]}]}})
    assert custom2.characters["pilot"].steps[0].count == 2


def test_override_file_from_the_environment(tmp_path, monkeypatch):
    from mrp_tutor.games.mission_red_planet.engine.spec import clear_cache

    path = tmp_path / "ref.yaml"
    path.write_text("ships:\n  ships:\n    - {id: s02, capacity: 3}\n")
    monkeypatch.setenv("MRP_TUTOR_OVERRIDES", str(path))
    try:
        assert load_spec().cap["s02"] == 3
    finally:
        monkeypatch.delenv("MRP_TUTOR_OVERRIDES")
        clear_cache()
    assert load_spec().cap["s02"] == 5


def test_unknown_override_id_is_an_error():
    with pytest.raises(ContentError) as err:
        load_spec(overrides={"ships": {"ships": [{"id": "s99", "capacity": 2}],
                                       "bogus": 1}, "nofile": {}})
    text = "\n".join(err.value.problems)
    assert "'s99'" in text and "bogus" in text and "nofile" in text


def test_overridden_capacity_changes_play(spec):
    custom = load_spec(overrides={"ships": {"ships": [
        {"id": s, "capacity": 9} for s in spec.ships]}})
    g = Game.new(custom, ["red", "blue", "green"], seed=2)
    for c in list(g.decision().colours):
        g.play(KeepMission(c, g.state.seats[c].dealt[0]))
    sid = g.state.docked()[0]
    assert room(custom, g.state, sid) == 8  # 9 places, 1 starting astronaut aboard


def test_engine_imports_no_ui_or_dataframe_libraries():
    code = (
        "import sys, mrp_tutor.games.mission_red_planet.engine\n"
        "import mrp_tutor.games.mission_red_planet.explain\n"
        "bad = {'ipywidgets', 'anywidget', 'IPython', 'pandas', 'voila', 'traitlets'}\n"
        "hit = sorted(m for m in sys.modules if m.split('.')[0] in bad)\n"
        "print(','.join(hit))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == ""


def test_engine_sources_never_read_the_reference_material():
    root = (Path(__file__).resolve().parents[2] / "mrp_tutor" / "games" / "mission_red_planet"
            / "engine")
    for py in root.glob("*.py"):
        text = py.read_text()
        assert "/work/shared" not in text and "seeds/" not in text, py


def test_every_rule_section_is_declared_and_every_tutor_reading_is_labelled(spec):
    """Each rule's section path is one of the declared ``sections``, and every ruling the
    rulebook does not settle (source says "tutor") sits under "Tutor readings"."""
    rules = spec.content.rules
    declared = {sec.path for sec in rules.sections}
    for r in rules.rules:
        for part in r.section.split("; "):
            assert part in declared, (r.id, part)
        if "tutor" in r.source.lower():
            assert r.section.startswith("Tutor readings › "), r.id
        if r.section.startswith("Tutor readings"):
            assert "tutor" in r.source.lower(), r.id


def test_an_override_step_without_a_flag_loads_as_unverified():
    """One provenance model: an entry that does not say it is verified is not."""
    from mrp_tutor.games.mission_red_planet.engine.content import BoardStep, Provenance, Sourced

    step = BoardStep.model_validate({"effect": "board", "count": 1})
    assert step.verified is False
    assert Sourced().verified is False and Provenance().verified is False


def test_placement_rule_text_matches_the_placement_data(spec):
    """characters.placement names every character; a character whose placement step is
    unverified is named in a sentence that says so, a verified one in a "confirmed" one."""
    import re

    from mrp_tutor.games.mission_red_planet.engine.content import BoardStep

    text = spec.rules["characters.placement"].summary
    sentences = re.split(r"(?<=\.) ", text)
    for ch in spec.characters.values():
        board = next(st for st in ch.steps if isinstance(st, BoardStep))
        said = [x for x in sentences if ch.name in x]
        assert said, ch.name
        words = ("unverified", "unconfirmed", "unknown") if not board.verified else ("confirmed",)
        assert any(w in said[0] for w in words), (ch.name, said[0])


def test_game_constants_follow_one_verification_standard(spec):
    """A game fact is verified only if the rulebook states it or two independent sources
    agree; the fan implementation S13 never counts, so S7 alone is one source."""
    import re

    prov = spec.content.game.provenance
    for key, p in prov.items():
        if p.verified:
            ids = set(re.findall(r"\bS\d+\b", p.source)) - {"S13"}
            rulebook = "S0" in ids or re.search(r"rulebook (?!text)", p.source)
            assert rulebook or len(ids) >= 2, (key, p.source)
