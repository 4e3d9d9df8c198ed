"""Small helpers for sentences a user reads (every game, the CLI and the app)."""

from __future__ import annotations

import re


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 astronaut``, ``2 astronauts``, ``1,200 games`` (``many`` for irregular plurals).

    >>> plural(1, "token"), plural(3, "chunk"), plural(2, "was", "were"), plural(1200, "game")
    ('1 token', '3 chunks', '2 were', '1,200 games')
    """
    return f"{n:,} {word if n == 1 else (many or word + 's')}"


def article(word: str) -> str:
    """``a Hellas``, ``an Ausonia`` (the indefinite article a reader expects before a name).

    >>> article("Ausonia"), article("Hellas"), article("ice token")
    ('an Ausonia', 'a Hellas', 'an ice token')
    """
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


_NEEDED = re.compile(r"\b(\d+) of (\d+) ((?:[a-z]+ )?)(tokens|astronauts)\b")
_COUNT = re.compile(r"\b1 ((?:[a-z]+ )?)(token|astronaut|zone)s\b")
_PLACES = {"at memorial": "on the Lost in Space Memorial", "at phobos": "on Phobos"}


def detail_words(detail: str) -> str:
    """A scoring detail as a person reads it: counts agree with their nouns and a threshold
    is said as one (the engine's short details are kept as they are in the log).

    >>> detail_words("13 of 5 ice tokens"), detail_words("1 sylvanite tokens")
    ('13 ice tokens (5 needed)', '1 sylvanite token')
    >>> detail_words("1 of 10 astronauts"), detail_words("present in 1 zones")
    ('1 astronaut (10 needed)', 'present in 1 zone')
    >>> detail_words("2 astronauts at memorial")
    '2 astronauts on the Lost in Space Memorial'
    """

    def needed(m: re.Match[str]) -> str:
        have, need, kind, noun = int(m.group(1)), m.group(2), m.group(3), m.group(4)
        return f"{plural(have, kind + noun[:-1])} ({need} needed)"

    out = _NEEDED.sub(needed, detail)
    out = _COUNT.sub(lambda m: f"1 {m.group(1)}{m.group(2)}", out)
    for raw, words in _PLACES.items():
        out = out.replace(raw, words)
    return out
