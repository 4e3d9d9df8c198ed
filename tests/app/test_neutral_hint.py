"""A hint about the 2-player variant's neutral colour (issue 35's audit): Red plays Green,
and the coach said of a Green boarding "1 astronaut of yours ... you would have the most
astronauts there (1, nobody else)" while Red, the learner, had none there.  The reason is told
of the colour that moves."""

from __future__ import annotations

import re
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.views import view_for
from mrp_tutor.games.mission_red_planet.explain.coach import hints
from mrp_tutor.games.mission_red_planet.ui import seat as S

from .test_hint import seat_red

YOU = re.compile(r"\byou(r|rs)?\b", re.IGNORECASE)


def test_a_neutral_colours_option_is_not_told_as_the_learners(make_app: Any) -> None:
    app = seat_red(make_app, 5, 2)
    for _ in range(300):
        assert not app.session.game.over
        mine = S.my_options(app.session, "red")
        if not mine:
            app.stepper.next_btn.click()
            continue
        if (mine[0].colour != "red" and len(mine) > 1
                and isinstance(mine[0], I.Board | I.Move | I.Kill | I.Replace)):
            break
        app.seat.play(mine[0])
    colour = mine[0].colour
    view = view_for(app.spec, app.session.state, "red")
    found, _ = hints(app.spec, view, mine, iterations=60)
    for h in found:
        assert not YOU.search(h.reason), h.reason
        assert colour.capitalize() in h.reason, h.reason
