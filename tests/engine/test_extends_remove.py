"""A data folder that extends another can remove entries as well as add and replace them
(``remove:`` of its ``extends.yaml``), so a new character at an existing number is one small
data file (issue 40: a character at number 9 needed a 2,256-line copy of ``data/base``)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.engine.spec import load_spec

SCOUT = {
    "id": "scout", "number": 9, "name": "Scout", "rule": "characters.scout",
    "text": "Put 2 of your astronauts on a docked ship, then take your played character cards "
            "back.", "source": "a toy (test)",
    "verified": False,
    "steps": [{"effect": "board", "rule": "characters.placement", "count": 2, "ships": "any",
               "all_or_nothing": False, "verified": False, "source": "a toy (test)"},
              {"effect": "recall_cards", "rule": "characters.recruiter", "verified": False,
               "source": "a toy (test)"}],
}


def _folder(tmp_path: Path, remove: object) -> Path:
    folder = tmp_path / "scout9"
    folder.mkdir()
    (folder / "extends.yaml").write_text(yaml.safe_dump({"extends": "base", "remove": remove}))
    (folder / "characters.yaml").write_text(yaml.safe_dump({"characters": [SCOUT]}))
    (folder / "rules.yaml").write_text(yaml.safe_dump({"rules": [
        {"id": "characters.scout", "section": "Characters › 9 Scout (toy)",
         "summary": "The Scout boards two astronauts and takes the played cards back."}]}))
    return tmp_path


def test_a_new_character_at_an_existing_number_is_one_small_data_file(tmp_path: Path) -> None:
    spec = load_spec("scout9", data_dir=_folder(tmp_path, {"characters": ["recruiter"]}),
                     use_env_overrides=False)
    assert "recruiter" not in spec.characters
    assert spec.characters["scout"].number == 9
    assert sorted(ch.number for ch in spec.characters.values()) == list(range(1, 10))
    game = bot_game(spec, ["red", "blue", "green"], seed=3)  # a whole game with the Scout
    assert game.state.result is not None or game.state.stage == "game_over"
    played = [ev for ev in game.log if getattr(ev, "character", None) == "scout"]
    assert played, "the Scout was never resolved"


def test_removing_what_is_not_there_is_a_located_problem(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as err:
        load_spec("scout9", data_dir=_folder(tmp_path, {"characters": ["nobody"]}),
                  use_env_overrides=False)
    text = "\n".join(err.value.problems)
    assert "remove.characters: no entry 'nobody' to remove" in text
