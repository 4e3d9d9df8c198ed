"""The guided path: every lesson of the scenario library in teaching order, in chapters.

"Start here" opens step 1.  Progress (the steps marked done) is kept in the browser's
session storage through :class:`ProgressStore`, a tiny anywidget: it is not secret, and what
the page sends back is validated (only known step ids are kept).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import anywidget
import traitlets

from mrp_tutor.games.mission_red_planet.engine.rulesets import RULESETS
from mrp_tutor.games.mission_red_planet.scenarios import Scenario


@dataclass(frozen=True)
class Chapter:
    """A chapter: its title, a short markdown introduction, the scenario ids it teaches."""

    key: str
    title: str
    intro: str
    prefixes: tuple[str, ...]


CHAPTERS: tuple[Chapter, ...] = (
    Chapter("goal", "The goal of the game in a minute",
            "Mission: Red Planet is a race to mine Mars. Each round you secretly choose one of "
            "nine **characters**; they send your **astronauts** onto ships that fly to the "
            "zones of Mars. Three times in the game every zone produces a **resource token**, "
            "and the colour with the **most astronauts** in a zone takes its tokens. Tokens "
            "are worth points (ice, sylvanite and celerium are worth different amounts), "
            "secret missions and discoveries add more, and the most points wins.",
            ("production-majority", "production-tie-example-two-tokens",
             "scoring-ice-monopoly")),
    Chapter("round", "A round, step by step",
            "A round: everyone picks a character face down, the characters are revealed "
            "counting down from 9 to 1 and each acts, full ships launch, then the launched "
            "ships land.",
            ("round-countdown", "round-ties-clockwise", "round-launch-only-when-full",
             "round-launch-after-effect", "round-land-flip", "round-played-cards-stay",
             "round-new-first-player", "round-refill-reshuffle")),
    Chapter("ships", "Setting up and ships",
            "Ships wait at the launchpad's docks; each flies to the zone printed on it, or to "
            "the zone of the **destination token** placed on top.",
            ("setup-", "destinations-")),
    Chapter("characters", "Each character",
            "Each of the nine characters does something different when revealed: board "
            "ships, move astronauts, destroy or launch ships, and more.",
            ("characters-",)),
    Chapter("production", "Production",
            "When the track says so, every face-up zone produces: the colour with the most "
            "astronauts takes the tokens; ties share or lose them.",
            ("production-", "phobos-", "memorial-")),
    Chapter("cards", "Discoveries and missions",
            "Discovery cards change the value of a zone; missions are secret goals scored at "
            "the end.",
            ("discoveries-", "missions-", "events-")),
    Chapter("scoring", "Final scoring",
            "At the end tokens, missions, discoveries and the ice monopoly are counted.",
            ("scoring-",)),
)
#: then a chapter per ruleset that has one (its own lessons, ``<ruleset>-*``), in the registry's
#: order: the rulesets say their chapter (``Rules.chapter``), the path names none
CHAPTERS += tuple(Chapter(r.name, r.chapter[0], r.chapter[1], (f"{r.name}-",))
                  for r in RULESETS.values() if r.chapter is not None)
OTHER = Chapter("other", "More lessons", "Lessons not yet placed in a chapter.", ())


@dataclass(frozen=True)
class PathStep:
    """One step of the path: a scenario within a chapter (``first``: the chapter opens)."""

    number: int
    chapter: Chapter
    scenario: Scenario
    first: bool


def _chapter_of(sid: str) -> tuple[int, int]:
    """(chapter index, position inside the chapter) of a scenario id."""
    for ci, ch in enumerate(CHAPTERS):
        for pi, prefix in enumerate(ch.prefixes):
            if sid == prefix or (prefix.endswith("-") and sid.startswith(prefix)):
                return ci, pi
    return len(CHAPTERS), 0


def build_path(scenarios: Sequence[Scenario]) -> list[PathStep]:
    """Every scenario once, in teaching order (chapters, then the order inside them)."""
    ordered = sorted(enumerate(scenarios), key=lambda t: (*_chapter_of(t[1].id), t[0]))
    steps: list[PathStep] = []
    last = None
    for _, sc in ordered:
        ci, _ = _chapter_of(sc.id)
        ch = CHAPTERS[ci] if ci < len(CHAPTERS) else OTHER
        steps.append(PathStep(len(steps) + 1, ch, sc, ch.key != last))
        last = ch.key
    return steps


def chapter_place(steps: Sequence[PathStep], i: int) -> tuple[int, int, int, int]:
    """Where step ``i`` is, as a learner counts: (chapter number, chapters, lesson number in
    its chapter, lessons in that chapter); never "step 1 of 122"."""
    keys = list(dict.fromkeys(s.chapter.key for s in steps))
    step = steps[i]
    same = [j for j, s in enumerate(steps) if s.chapter.key == step.chapter.key]
    return keys.index(step.chapter.key) + 1, len(keys), same.index(i) + 1, len(same)


def place_words(steps: Sequence[PathStep], i: int) -> str:
    """``Chapter 2 of 10: A round, step by step · lesson 3 of 8``."""
    c, cs, n, ns = chapter_place(steps, i)
    return f"Chapter {c} of {cs}: {steps[i].chapter.title} · lesson {n} of {ns}"


def picker_options(steps: Sequence[PathStep]) -> list[tuple[str, str]]:
    """Scenario picker entries grouped by chapter, in the path's order."""
    chapter_no = {ch.key: i + 1 for i, ch in enumerate((*CHAPTERS, OTHER))}
    return [(f"{chapter_no[s.chapter.key]}. {s.chapter.title} · {s.scenario.title}",
             s.scenario.id) for s in steps]


class ProgressStore(anywidget.AnyWidget):
    """Mirrors the done step ids to the browser's sessionStorage (nothing visible)."""

    _page_writes: ClassVar[frozenset[str]] = frozenset({"done"})  # app/page_guard.py

    _esm = """
    const KEY = "mrp-tutor-path-done";
    function render({ model, el }) {
      el.style.display = "none";
      try {
        const saved = JSON.parse(window.sessionStorage.getItem(KEY) || "[]");
        if (Array.isArray(saved) && saved.length && !(model.get("done") || []).length) {
          model.set("done", saved.filter((x) => typeof x === "string").slice(0, 500));
          model.save_changes();
        }
      } catch (e) { /* storage blocked: progress lasts for this page only */ }
      const store = () => {
        try { window.sessionStorage.setItem(KEY, JSON.stringify(model.get("done") || [])); }
        catch (e) { /* ignore */ }
      };
      model.on("change:done", store);
      // "Start here" and the path's steps bring the lesson into view (phones: it is far down)
      // after a check or a step: its result and the lesson's own Next, where the eye is
      // ("a+b": from a's top to b's bottom, whole if it fits the screen, else from a's top)
      const scroll = () => {
        const wanted = model.get("target") || ".mrp-lesson-panel";
        const shown = wanted.split("+").map((sel) => document.querySelector(sel))
          .filter((el) => el && el.getBoundingClientRect().height > 0);
        if (!shown.length || !model.get("scroll")) return;
        if (wanted === ".mrp-lesson-panel") {
          shown[0].scrollIntoView({ block: "start" });
          return;
        }
        // (the page scrolls inside the notebook's panel, not the window: scrollIntoView)
        const top = Math.min(...shown.map((el) => el.getBoundingClientRect().top));
        const bottoms = shown.map((el) => el.getBoundingClientRect().bottom);
        const bottom = Math.max(...bottoms);
        const room = window.innerHeight;
        if (top < 0 || bottom - top > room - 24) shown[0].scrollIntoView({ block: "start" });
        else if (bottom > room) shown[bottoms.indexOf(bottom)].scrollIntoView({ block: "end" });
      };
      // again once the widgets' own updates are drawn (each model applies its change on its
      // own: the result may grow after this message); nothing moves when all is in view
      const settle = () => [0, 120, 400, 900].forEach((ms) => setTimeout(scroll, ms));
      model.on("change:scroll", settle);
      return () => { model.off("change:done", store); model.off("change:scroll", settle); };
    }
    export default { render };
    """
    done: Any = traitlets.List([]).tag(sync=True)  # validated in _clean: the page may send anything
    scroll = traitlets.Int(0).tag(sync=True)  # bumped to bring the lesson panel into view
    target = traitlets.Unicode("").tag(sync=True)  # what to bring (a class; "": the panel)

    def __init__(self, known: Sequence[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.known = set(known)
        self.observe(self._clean, names="done")

    def __repr__(self) -> str:
        return "ProgressStore()"

    def _clean(self, change: dict[str, Any]) -> None:
        new = change["new"] if isinstance(change["new"], list) else []
        kept = list(dict.fromkeys(x for x in new if isinstance(x, str) and x in self.known))
        if kept != new:
            self.done = kept

    def mark(self, sid: str) -> None:
        if sid in self.known and sid not in self.done:
            self.done = [*self.done, sid]
