"""Small shared pieces of the rules: emitting events, seating order, ships, the current step.

Every other engine module may import this one; it imports only the model (state, events,
content, spec).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

Out = list[E.Event]
T = TypeVar("T")
#: per ruleset, the rule id it cites instead of a base rule id (filled by ``rulesets.register``
#: from :attr:`Rules.rule_ids`), so every event of a game cites its own ruleset's rules file
CITES: Final[dict[str, dict[str, str]]] = {}
#: names of the rulesets whose players have abilities (``Rules.abilities``; filled by
#: ``rulesets.register``): a cheap test on the hot path before asking the ruleset
ABILITIES: Final[set[str]] = set()
#: the last ruleset name :func:`emit` and :func:`cite` looked up in ``CITES``, and what they
#: found: a game's state keeps one ruleset string, so the look-up is one identity test
#: (``rulesets.register`` empties it)
_LAST_CITES: Final[list[tuple[str, dict[str, str] | None]]] = [("", None)]
#: a specific refusal: (code, rule id, sentence, facts)
Fact = tuple[str, str, str, dict[str, object]]


class Hot:
    """The spec's data the hot path reads on every decision, copied once per spec into a
    compiled class: a read is a C field, not a look-up on the plain-Python ``GameSpec``."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.memo: dict[Any, Any] = spec.memo
        self.cap: dict[str, int] = dict(spec.cap)
        self.dest: dict[str, str] = dict(spec.dest)
        self.zones: tuple[str, ...] = spec.zones
        self.adjacent: dict[str, tuple[str, ...]] = dict(spec.adjacent)
        self.mars: tuple[str, ...] = spec.mars
        self.ship_ids: tuple[str, ...] = tuple(spec.ships)
        #: every ship, then every zone (the places an astronaut can be replaced on)
        self.places: tuple[str, ...] = (*spec.ships, *spec.zones)
        self.colours: tuple[str, ...] = spec.colours
        #: the round track's entries, kind and number by index (pydantic models: slow reads)
        self.track_kind: tuple[str, ...] = tuple(t.kind for t in spec.track)
        self.track_number: tuple[int, ...] = tuple(t.number for t in spec.track)


#: the last spec's :class:`Hot` (an identity test per call; a spec never changes)
_HOT: Final[list[Hot | None]] = [None]


def hot(spec: GameSpec) -> Hot:
    """The :class:`Hot` copy of ``spec``'s hot data (built again only for another spec)."""
    h = _HOT[0]
    if h is not None and h.spec is spec:
        return h
    h = _HOT[0] = Hot(spec)
    return h


def forget_cites() -> None:
    """Forget the last ``CITES`` look-up (``rulesets.register`` calls it: ``CITES`` changed)."""
    _LAST_CITES[0] = ("", None)


def cites_of(name: str) -> dict[str, str] | None:
    """``CITES.get(name)``, remembered for the last name asked (by identity)."""
    last = _LAST_CITES[0]
    if last[0] is name:
        return last[1]
    cites = CITES.get(name)
    _LAST_CITES[0] = (name, cites)
    return cites


def cite(s: GameState, rule: str) -> str:
    """The rule id the state's ruleset cites for ``rule`` (for events built inline)."""
    cites = cites_of(s.ruleset)
    return rule if cites is None else cites.get(rule, rule)


def emit(s: GameState, out: Out, ev: E.Event) -> None:
    """Apply ``ev`` to ``s`` and append it to the log ``out`` (its rule id as the state's
    ruleset cites it)."""
    cites = cites_of(s.ruleset)
    if cites is not None:
        ev.rule = cites.get(ev.rule, ev.rule)
    ev.apply(s)
    out.append(ev)


def shared(memo: dict[Any, Any], cls: type[T], *args: Any) -> T:
    """The intent ``cls(*args)``, built once per spec (``spec.memo``) and shared: intents are
    immutable values, and building one costs more than looking it up."""
    key = (cls, args)
    it: T | None = memo.get(key)
    if it is None:
        it = memo[key] = cls(*args)
    return it


def intent_rows(
    memo: dict[Any, Any], cls: Callable[[str, str, str], T], c: str, firsts: Iterable[str],
    seconds: Iterable[str],
) -> dict[str, dict[str, T]]:
    """Every ``cls(c, a, b)`` as ``rows[a][b]``, built once per spec and colour (see
    :func:`shared`), for options that pair two of the spec's ids (a zone and a colour, a ship
    and a zone)."""
    key = (cls, c, "rows")
    rows: dict[str, dict[str, T]] | None = memo.get(key)
    if rows is None:
        seconds = tuple(seconds)
        rows = memo[key] = {a: {b: cls(c, a, b) for b in seconds} for a in firsts}
    return rows


def fisher_yates(getrandbits: Callable[[int], int], x: list[Any]) -> None:
    """Shuffle ``x`` in place as CPython 3.11's ``random.shuffle`` does (same permutation; used
    by :mod:`.rng`, here so that it runs compiled)."""
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def clockwise_from(s: GameState, start: str) -> list[str]:
    """Every colour, clockwise, starting with ``start``."""
    i = s.order.index(start)
    return s.order[i:] + s.order[:i]


def destination(spec: GameSpec, s: GameState, ship: str) -> str:
    """Where a ship in play would land: its top destination token, else its printed zone."""
    st = s.ships[ship]
    return st.tokens[-1] if st.tokens else hot(spec).dest[ship]


def total(counts: dict[str, int]) -> int:
    """The sum of a dict's counts (``sum(counts.values())``; a loop: compiled, the builtin
    ``sum`` is looked up on the builtins module at every call)."""
    n = 0
    for v in counts.values():
        n += v
    return n


def room(spec: GameSpec, s: GameState, ship: str) -> int:
    """Free places aboard a ship in play."""
    return hot(spec).cap[ship] - total(s.ships[ship].crew)


_BOX: Final = ("point_tokens_total",)  # its key in spec.memo (a pydantic model is slow to read)


def tokens_left(spec: GameSpec, s: GameState, resource: str) -> int:
    """Point tokens of ``resource`` the supply can still give: its own pile, and no more than
    what is left of the box when the data counts the kinds together (``point_tokens_total``:
    the first edition's 100 with no split, rule fe.tutor.token_supply)."""
    have = s.token_supply[resource]
    memo = spec.memo
    if _BOX in memo:
        box: int | None = memo[_BOX]
    else:
        box = memo[_BOX] = spec.content.game.point_tokens_total
    if box is None:
        return have
    out = 0
    for seat in s.seats.values():
        out += total(seat.tokens)
    for w in s.waiting.values():
        out += total(w)
    return max(0, min(have, box - out))


def current_character(s: GameState) -> str | None:
    """The character being resolved now."""
    return s.char


def current_step(spec: GameSpec, s: GameState) -> C.CharacterStep | None:
    """The effect step being resolved now."""
    ch = s.char
    if ch is None or s.step < 0:
        return None
    steps = spec.characters[ch].steps
    return steps[s.step] if s.step < len(steps) else None


def flip(s: GameState, out: Out, zone: str, rule: str) -> None:
    """Turn a zone's resource token face up when the first astronaut arrives."""
    if not s.face_up[zone] and zone in s.resources:
        emit(s, out, E.ResourceFlipped(rule, zone, s.resources[zone]))


def free_discovery_zones(spec: GameSpec, s: GameState) -> list[str]:
    """Outer zones without a discovery yet."""
    return [z for z in spec.outer if z not in s.discoveries]


@dataclass(slots=True)
class Decision:
    """What the game waits for: who decides, what kind of decision, and under which rule."""

    kind: str
    colours: tuple[str, ...]
    rule: str
    left: int = 0
    character: str | None = None

    def __init__(
        self, kind: str, colours: tuple[str, ...], rule: str, left: int = 0,
        character: str | None = None,
    ) -> None:
        self.kind = kind
        self.colours = colours
        self.rule = rule
        self.left = left
        self.character = character
