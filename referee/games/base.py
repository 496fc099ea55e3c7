"""What every game engine shares: refusals, options, seats and turn order.

A game engine is a pure fold: ``state = apply(state, action, by)``. It never imports the web
or the database; it refuses a bad entry by raising :class:`Refusal` with a rule ID from the
rules file and a sentence a player understands.

Every sentence an engine says (refusals, notes, history lines) is a :class:`Text`: it reads as
English wherever a str is expected, and keeps its template and parts so that a page can say it
in the player's language (``referee.i18n.localize``). Templates are literal strings with named
``{fields}``, never f-strings, so the catalogs can carry them (``referee.i18n_extract``).
"""

from __future__ import annotations

import functools
import pickle
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, Final, Literal, TypeAlias, TypeVar, Union

HOST: Final = "host"
"""``by`` value for entries made from the host's phone (the shared table phone)."""

By: TypeAlias = Union[int, Literal["host"]]
"""Who makes an entry: a seat's phone (the seat's number) or the host's (:data:`HOST`). The
engines still refuse anything else a caller sends (None, another string, a seat past the table)."""

Viewer: TypeAlias = Union[int, Literal["host"], None]
"""Who looks at a board: a seat's phone, the host's, or None (a watcher, the table's screen)."""

ENTRY = "ENTRY"
"""Rule ID for entries the engine cannot even read (unknown type, missing seat, wrong types)."""


class Text(str):
    """A sentence in English, ``template.format(**params)``, that remembers how it was made.

    A parameter may itself be a Text (a suit name, a phrase), which is translated too; other
    parameters (names, numbers, card labels) are shown as they are. With ``plural``, the
    template is the singular and ``params["n"]`` picks the form, as ngettext does.
    """

    template: str
    params: dict[str, Any]
    plural: str | None

    def __new__(cls, template: str, plural: str | None = None, /, **params: Any) -> Text:
        chosen = plural if plural is not None and params.get("n") != 1 else template
        text = super().__new__(cls, chosen.format_map(params) if params else chosen)
        text.template, text.plural, text.params = template, plural, params
        return text

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickle (copy_state) keeps the parts, not only the English
        return _text_from_parts, (self.template, self.plural, self.params)

    def dump(self) -> dict[str, Any]:
        """The JSON form kept in snapshots and the log; :func:`revive_texts` reads it back."""
        parts = {"$text": self.template, "params": {k: dump_state(v) for k, v in self.params.items()}}
        if self.plural is not None:
            parts["plural"] = self.plural
        return parts


def counted(singular: str, plural: str, n: int, /, **params: Any) -> Text:
    """A sentence with a count: "{n} card" / "{n} cards"."""
    return Text(singular, plural, n=n, **params)


def _text_from_parts(template: str, plural: str | None, params: dict[str, Any]) -> Text:
    return Text(template, plural, **params)


def revive_texts(data: Any) -> Any:
    """JSON data (a dumped state, a history line) with every dumped Text made a Text again.
    This runs on every load: scalars are not even visited by a call."""
    if type(data) is dict:
        if "$text" in data:
            return Text(data["$text"], data.get("plural"), **revive_texts(data.get("params") or {}))
        return {key: revive_texts(value) if type(value) in _CONTAINERS else value for key, value in data.items()}
    if type(data) is list:
        return [revive_texts(item) if type(item) in _CONTAINERS else item for item in data]
    return data


_CONTAINERS = (dict, list)


class Refusal(Exception):
    """An entry the rules do not allow, with the rule it breaks and a plain-words reason
    (a :class:`Text` template and its fields).

    ``overridable`` says whether the host may accept it anyway as a table ruling: legality
    rules can be overridden, unreadable entries and entries in the wrong phase cannot.
    """

    def __init__(self, rule: str, message: str, *, overridable: bool = True, permission: bool = False, **params: Any):
        message = message if isinstance(message, Text) else Text(message, **params)
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
        self.overridable = overridable
        self.permission = permission  # the phone may not make this entry at all (HTTP 403)

    def as_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message, "overridable": self.overridable}


def unreadable(message: str, **params: Any) -> Refusal:
    return Refusal(ENTRY, message, overridable=False, **params)


def not_yours(rule: str, message: str, **params: Any) -> Refusal:
    """An entry this phone may not make: another seat's, or the host's."""
    return Refusal(rule, message, overridable=False, permission=True, **params)


@dataclass(frozen=True)
class Option:
    """A house rule: its name, allowed values, default and a one-line explanation."""

    name: str
    values: tuple[str, ...]
    default: str
    help: str
    value_help: Mapping[str, str] | None = None
    number: tuple[int, int] | None = None  # a whole number in this range instead of ``values``
    labels: Mapping[str, str] | None = None  # a value's words where the shared VALUE_WORDS do not fit

    def words(self, value: str) -> str:
        """``value`` as a page names it, in English: this option's own words, else the shared ones."""
        return (self.labels or {}).get(value) or value_words(value)


VALUE_WORDS = {
    "true": "yes",
    "false": "no",
    "auto": "automatic",
    "bga": "Board Game Arena",
    "draw_discard": "draw and discard",
    "others_lose_one": "the others lose a life",
    "hits_all": "everyone else loses",
    "own_turn": "on one's own turn",
    "flat5": "5 points each",
    "face": "face value",
    "playmonster": "the leaflet's rule",
    "checkpoint8": "back to card 8 (older editions)",
    "turn_only": "this turn's cards only",
    "left_of_round_winner": "left of the round's winner",
    "roll_off": "a roll-off",
    "draw_each_hand": "drawn each hand",
    "hands": "a number of hands",
    "no_extra": "nothing extra",
    "schwimmen": "Schwimmen",
    "blitz": "Blitz",
}
"""Option values whose id is not the word a player says (``flat5``, ``true``): their words, in
English, translated as house rule values. Every other value reads as itself, ``_`` as spaces."""


def value_words(value: str) -> str:
    return VALUE_WORDS.get(value) or value.replace("_", " ")


class ValueWords(Text):
    """A house rule value's words inside a sentence: translated as house rule values are."""

    context = "house rule value"


@dataclass(frozen=True)
class Preset:
    """A named set of house rules the new-table form offers first ("Classic Schwimmen"): the
    values it sets; every other option keeps its default."""

    key: str
    name: str
    options: Mapping[str, str]


STANDARD = Preset("standard", "Standard rules", {})
"""Every game's first preset unless it names its own: all house rules at their defaults."""


def resolve_options(spec: Iterable[Option], given: Mapping[str, Any] | None) -> dict[str, str]:
    """The full option set: defaults, overridden by ``given``; unknown names or values refuse."""
    by_name = {option.name: option for option in spec}
    given = dict(given or {})
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise unreadable(
            "Unknown house rule {name!r}; this game knows {known}.", name=unknown[0], known=", ".join(by_name)
        )
    chosen = {}
    for name, option in by_name.items():
        value = str(given.get(name, option.default)).strip()
        if option.number:
            low, high = option.number
            number = read_int(value)
            if number is None or not low <= number <= high:
                raise unreadable(
                    "House rule {name} is a whole number from {low} to {high}, not {value!r}.",
                    name=name,
                    low=low,
                    high=high,
                    value=value,
                )
            value = str(number)
        elif value not in option.values:
            raise unreadable(
                "House rule {name} is one of {values}, not {value!r}.",
                name=name,
                values=", ".join(option.values),
                value=value,
            )
        chosen[name] = value
    return chosen


# Controls, and format characters: zero-width spaces and joiners, bidi overrides that turn the
# rest of a line around ("Ann" and "An\u200bn" would be two players who read the same).
HIDDEN_CHARACTERS = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def check_players(names: Any, low: int, high: int) -> list[str]:
    """Player names in seating order: ``low``..``high`` distinct, non-empty names."""
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise unreadable("Players are a list of names in seating order.")
    spaced = (" ".join(unicodedata.normalize("NFC", n).split()) for n in names)
    seated: list[str] = [n for n in spaced if n]
    if not low <= len(seated) <= high:
        raise unreadable("This game takes {low} to {high} players, not {n}.", low=low, high=high, n=len(seated))
    if any(len(n) > 24 for n in seated):
        raise unreadable("A player name has at most 24 characters.")
    if any(unicodedata.category(c) in HIDDEN_CHARACTERS for n in seated for c in n):
        raise unreadable("A player name may not hold invisible or control characters.")
    if len({unicodedata.normalize("NFKC", n).casefold() for n in seated}) != len(seated):  # Ａnn is Ann
        raise unreadable("Two players have the same name; add an initial to tell them apart.")
    return seated


def next_seat(seat: int, players: int) -> int:
    """The seat after ``seat``, clockwise."""
    return (seat + 1) % players


def seats_from(start: int, players: int) -> list[int]:
    """All seats in turn order, beginning with ``start``."""
    return [(start + i) % players for i in range(players)]


def join_names(names: list[str]) -> str:
    """'A', 'A and C', 'A, B and C'."""
    if len(names) <= 1:
        return "".join(names)
    return Text("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def signed(number: int | float) -> str:
    """A score as a score pad prints it: a true minus sign (−63), whole numbers without ".0"."""
    text = f"{abs(number):g}"
    return f"\u2212{text}" if number < 0 else text


def read_seat(action: Mapping[str, Any], players: int) -> int:
    """The seat an entry is made for, refusing anything but a valid seat number."""
    seat = action.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise unreadable("This entry needs a seat from 0 to {last}.", last=players - 1)
    return seat


T = TypeVar("T")


def known(value: T | None) -> T:
    """``value``, which the phase guarantees is set (the player on turn in play, the dealer once
    dealt, a seat the checks have read): for the type checker. A None here is a bug, raised as
    the TypeError that using it would have raised."""
    if value is None:
        raise TypeError("a value the phase guarantees is None")
    return value


def read_int(value: Any) -> int | None:
    """A whole number from JSON or a form field, or None when it is not one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        digits = text.removeprefix("-")
        if digits.isascii() and digits.isdigit():  # not '²' or '٣', which isdigit() accepts
            return int(text)
    return None


Check = Callable[[Any, Mapping[str, Any], By], None]


class ReadFields(Mapping[str, Any]):
    """An entry that notes which of its fields the engine reads: the log stores those and drops
    the rest (issue 17 item 5: extra fields were stored verbatim, and one form post of 61 KB
    became an export of 55.7 MB). Iterating or counting the fields counts as reading them all."""

    def __init__(self, fields: Mapping[str, Any], read: set[object] | None = None, added: dict[str, Any] | None = None):
        self._fields = fields
        self.read = set() if read is None else read
        self._added = added or {}

    def __getitem__(self, name: str) -> Any:
        if name in self._added:
            return self._added[name]
        self.read.add(name)
        return self._fields[name]

    def __contains__(self, name: object) -> bool:
        if name in self._added:
            return True
        self.read.add(name)
        return name in self._fields

    def __iter__(self) -> Iterator[str]:
        self.read.update(self._fields)
        return iter({**self._fields, **self._added})

    def __len__(self) -> int:
        self.read.update(self._fields)
        return len({**self._fields, **self._added})

    def with_fields(self, **fields: Any) -> ReadFields:
        """The same entry with ``fields`` set by the engine (not read from what was sent)."""
        return ReadFields(self._fields, self.read, {**self._added, **fields})

    def kept(self) -> dict[str, Any]:
        """The fields that were read, as sent, in the order they were sent."""
        return {name: value for name, value in self._fields.items() if name in self.read}


def with_fields(action: Mapping[str, Any], **fields: Any) -> Mapping[str, Any]:
    """``{**action, **fields}`` that keeps noting what is read (``ReadFields``)."""
    if isinstance(action, ReadFields):
        return action.with_fields(**fields)
    return {**action, **fields}


def entry_type(action: Any, known: Iterable[str], game: str) -> str:
    """The entry's type, refusing anything that is not an object with a type the game knows."""
    if not isinstance(action, Mapping):
        raise unreadable("An entry is an object with a type.")
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in known:
        raise unreadable(
            "Unknown entry {kind!r}; {game} knows {known}.", kind=kind, game=game, known=", ".join(sorted(known))
        )
    return kind


def copy_state(state: Any) -> Any:
    """A deep copy of a game state. States are plain dataclasses of lists, dicts and strings, and
    a pickle round trip copies them several times faster than ``copy.deepcopy`` (whose generic
    walk was a fifth of an entry's cost in the profile)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def dump_state(state: Any) -> Any:
    """``dataclasses.asdict`` for game states (dataclasses of lists, dicts, tuples and scalars),
    without asdict's deep copy of every leaf: the scalars are immutable, and the copy was most
    of the cost of storing a snapshot."""
    if isinstance(state, Text):
        return state.dump()
    if is_dataclass(state) and not isinstance(state, type):
        return {name: dump_state(getattr(state, name)) for name in _field_names(type(state))}
    if isinstance(state, (list, tuple)):
        return type(state)(dump_state(item) for item in state)
    if isinstance(state, dict):
        return {key: dump_state(value) for key, value in state.items()}
    return state


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


def apply_checked(
    state: Any, action: Mapping[str, Any], by: By, ruling: bool, check: Check, effect: Callable[[Any], None]
) -> Any:
    """The fold step every engine shares: check the entry, or (host only, ``ruling``) accept an
    overridable refusal as a table ruling; then run ``effect`` on a copy, never on ``state``."""
    overridden = None
    try:
        check(state, action, by)
    except Refusal as refusal:
        if not (ruling and by == HOST and refusal.overridable):
            raise
        overridden = refusal
    state = copy_state(state)
    state.notes = []
    if overridden:
        state.notes.append(Text("Table ruling, overriding {rule}.", rule=overridden.rule))
    effect(state)
    return state


def check_rules(check: Callable[..., None], components: Callable[..., None] | None, *args: Any) -> None:
    """Run an entry's rule checks, which cite the first rule broken. A table ruling may waive a
    rule, never a card, chip or token: when ``components`` (the checks that what the entry's
    effect moves is there) fails as well, the refusal cannot be overridden."""
    try:
        check(*args)
    except Refusal as refusal:
        if refusal.overridable and components is not None and not passes(components, *args):
            refusal.overridable = False
        raise


def passes(check: Callable[..., object], *args: Any) -> bool:
    """Would ``check`` let the entry through? (boards and legal_entries offer only what is allowed)"""
    try:
        check(*args)
    except Refusal:
        return False
    return True


def refused_rule(check: Check, state: Any, action: Mapping[str, Any], by: By) -> str | None:
    """The rule ``check`` refuses the entry with (what a table ruling overrides), or None."""
    try:
        check(state, action, by)
    except Refusal as refusal:
        return refusal.rule
    return None
