"""The game-over summary's score table leads with the total (issue 36: on a phone "total" was
the last column, behind the table's sideways scroll)."""

from __future__ import annotations

import re

from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.ui.summary import game_over_html


def test_the_total_comes_right_after_the_colour() -> None:
    spec = load_spec(use_env_overrides=False)
    view = {"order": ["red", "blue"],
            "result": {"winners": ["blue"], "scores": {"red": 9, "blue": 14},
                       "breakdown": {"red": {"missions": 4, "tokens": 5},
                                     "blue": {"missions": 0, "ice_monopoly": 9, "tokens": 5}}}}
    html = game_over_html(spec, view, [])
    heads = re.findall(r'<th scope="col">([^<]*)</th>', html)
    assert heads[:2] == ["Colour", "total"]
    first_row = re.search(r'<tr class="mrp-go-row[^"]*">(.*?)</tr>', html).group(1)
    assert re.match(r'<th scope="row">Blue</th><td class="mrp-go-total"><b>14</b></td>',
                    first_row)
