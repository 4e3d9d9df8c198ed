"""Read models: fixed columns and dtypes, built only from a viewer's view."""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest

from mrp_tutor.games.mission_red_planet import tables
from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.engine.views import view_for
from mrp_tutor.games.mission_red_planet.ui.session import Session


@pytest.fixture(scope="module")
def spec() -> Any:
    return load_spec(use_env_overrides=False)


@pytest.fixture
def sess(spec: Any) -> Session:
    s = Session.new(spec, ("red", "blue", "green"), seed=11)
    s.referee = True
    for colour, n in (("red", 2), ("blue", 2), ("green", 1)):
        s.edit({"what": "zone", "place": "hellas", "colour": colour, "count": n})
    s.edit({"what": "zone", "place": "syrtis_major", "colour": "green", "count": 3})
    s.edit({"what": "zone", "place": "syrtis_major", "colour": "red", "count": 1})
    return s


def test_majorities_follow_the_majority_and_tie_rules(sess: Session, spec: Any) -> None:
    df = tables.majorities(sess.view(), spec).set_index("zone")
    got = df.loc[["hellas", "syrtis_major", "phobos"], ["red", "blue", "green", "total",
                                                         "leaders", "rule"]]
    want = pd.DataFrame(
        {"red": [2, 1, 0], "blue": [2, 0, 0], "green": [1, 3, 0], "total": [5, 4, 0],
         "leaders": ["red, blue", "green", ""],
         "rule": ["production.tie", "production.majority", "production.empty"]},
        index=pd.Index(["hellas", "syrtis_major", "phobos"], name="zone"),
    ).astype({"red": "int64", "blue": "int64", "green": "int64", "total": "int64"})
    pd.testing.assert_frame_equal(got, want)


def test_scoreboard_counts_astronauts_everywhere(sess: Session, spec: Any) -> None:
    df = tables.scoreboard(sess.view(), spec.point_values).set_index("colour")
    assert list(df.columns) == list(tables.SCOREBOARD_COLUMNS[1:])
    total = df["on_mars"] + df["on_ships"] + df["supply"] + df["memorial"]
    assert (total == spec.astronauts_per_colour).all()  # 22 per colour, conserved
    assert df.loc["green", "on_mars"] == 4
    assert str(df["ice"].dtype) == "int64"


def test_scoreboard_token_points_use_point_values(spec: Any) -> None:
    view = view_for(spec, Session.new(spec, seed=2).state, None)
    view["seats"]["red"]["tokens"] = {"ice": 2, "sylvanite": 1, "celerium": 1}
    df = tables.scoreboard(view, spec.point_values).set_index("colour")
    pv = spec.point_values
    assert df.loc["red", "token_points"] == 2 * pv["ice"] + pv["sylvanite"] + pv["celerium"]


def test_breakdown_is_empty_before_the_end_and_filled_after(spec: Any) -> None:
    s = Session.new(spec, seed=4)
    assert tables.score_breakdown(s.view()).empty
    while not s.game.over:
        s.next()
    df = tables.score_breakdown(s.view())
    assert list(df.columns) == list(tables.BREAKDOWN_COLUMNS)
    parts = df[["missions", "ice_monopoly", "tokens", "discoveries"]].sum(axis=1)
    assert (parts == df["total"]).all()
    assert df["winner"].any()


def test_event_log_has_rule_and_citation_per_event(sess: Session, spec: Any) -> None:
    evs = [sess.visible(e) for e in sess.game.log]
    df = tables.event_log(spec, evs)
    assert list(df.columns) == list(tables.LOG_COLUMNS)
    assert len(df) == len(evs)
    assert (df["rule"].isin(list(spec.rules))).all()
    assert (df["citation"] != "").all()


def test_ships_table_lists_docks_in_order(sess: Session) -> None:
    df = tables.ships_table(sess.view())
    assert list(df["where"]) == [f"dock {i + 1}" for i in range(len(df))]
    assert (df["aboard"] <= df["capacity"]).all()
