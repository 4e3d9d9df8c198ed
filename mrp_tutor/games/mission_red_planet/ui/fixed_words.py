"""The app's own texts outside the hub (tooltips, placeholders, button and field labels, a
tab's HTML, a list's labels) in the words of the game in play: written once in the second
edition's words, said again through the ruleset's vocabulary
(:func:`~mrp_tutor.games.mission_red_planet.explain.words.speaker`) when a game of another
ruleset starts, a tab is built or a tab refreshes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

#: the traits of a widget that hold a text a person reads
TEXTS = ("tooltip", "placeholder", "description")
#: widgets whose ``value`` is the text a person reads
HTML_KINDS = ("HTML", "HTMLMath", "Label")


def _same(text: str) -> str:
    return text


class FixedWords:
    """Says each text of a part of the page in the words of the game, keeping what was
    written: a text changed since it was last said is the panel's new writing."""

    def __init__(self) -> None:
        # widget -> trait -> (as written, as said)
        self._seen: WeakKeyDictionary[Any, dict[str, tuple[Any, Any]]] = WeakKeyDictionary()
        self._say: Callable[[str], str] = _same
        self.spec: Any = None  # the game spec whose words these are (the app sets it)

    def say(self, root: Any, say: Callable[[str], str]) -> None:
        """Every text under ``root`` as ``say`` says it (a game of another ruleset)."""
        self._say = say
        self.again(root)

    def again(self, root: Any) -> None:
        """The same words for a part of the page built or redrawn since."""
        stack = [root]
        while stack:
            w = stack.pop()
            stack.extend(getattr(w, "children", ()) or ())
            names = [*TEXTS, "value"] if type(w).__name__ in HTML_KINDS else list(TEXTS)
            if w.has_trait("_options_labels"):
                names.append("_options_labels")
            for name in names:
                if w.has_trait(name):
                    self._one(w, name)

    def _one(self, w: Any, name: str) -> None:
        seen = self._seen.get(w)
        if seen is None:
            seen = self._seen[w] = {}
        now = getattr(w, name)
        written, said = seen.get(name, (now, None))
        if now != said:  # new writing (or never said)
            written = now
        if isinstance(written, str):
            new: Any = self._say(written) if written else written
        elif isinstance(written, tuple) and all(isinstance(x, str) for x in written):
            new = tuple(self._say(x) for x in written)
        else:
            return
        seen[name] = (written, new)
        if new != now:
            w.set_trait(name, new)
