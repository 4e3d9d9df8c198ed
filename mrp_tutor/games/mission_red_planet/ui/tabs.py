"""The app's tabs, in the order they are shown: one line per tab (see :mod:`.panel`).

Each module is imported when a visitor first opens its tab (the first one at start).
"""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.ui.panel import TABS, register_tab

register_tab("Log", "mrp_tutor.games.mission_red_planet.ui.panels.view_tabs:LogTab")
register_tab("Scores", "mrp_tutor.games.mission_red_planet.ui.panels.view_tabs:ScoresTab")
register_tab("Hand", "mrp_tutor.games.mission_red_planet.ui.panels.hand:HandPanel")
register_tab("Hint", "mrp_tutor.games.mission_red_planet.ui.panels.hint:HintTab")
register_tab("Lesson & quiz", "mrp_tutor.games.mission_red_planet.ui.panels.lesson:lesson_tab")
register_tab("What if", "mrp_tutor.games.mission_red_planet.ui.panels.whatif:WhatIfPanel")
register_tab("Referee", "mrp_tutor.games.mission_red_planet.ui.panels.referee_tab:RefereePanel")
register_tab("Card data",
             "mrp_tutor.games.mission_red_planet.ui.panels.corrections:CorrectionsPanel")
register_tab("Text board", "mrp_tutor.games.mission_red_planet.ui.panels.view_tabs:TextBoardTab")
register_tab("Rules", "mrp_tutor.games.mission_red_planet.ui.panels.view_tabs:RulesTab")
register_tab("Table", "mrp_tutor.games.mission_red_planet.ui.panels.table_tab:TableTab")
register_tab("Insights", "mrp_tutor.games.mission_red_planet.ui.panels.insights:InsightsTab")

__all__ = ["TABS", "register_tab"]
