"""One shape for every game: the :class:`Game` the log, the pages and the API talk to.

A game is a fold, ``state = game.apply(state, action, by)``, refusing with a
:class:`~referee.games.base.Refusal`. Its entries are :class:`Move` objects, one per entry type,
each with its permission, rule checks, component checks, effect, history line and offer side by
side (boardgame.io's ``moves``). The plumbing every engine used to copy is written once here:
reading the entry's type, running its checks in the order the game declares (``Move.checks``)
and citing the first rule broken (firm when a component is missing), accepting a table ruling,
copying the state, writing the seat acting into the entry (``Move.acting_seat``), describing an
entry (about the seat ``Move.subject`` names), and what the board offers. A game declares; it
overrides none of these.

What the board offers comes from the code that checks: a move is offered to a seat when its
``ready`` check (phase, turn, permission: everything but the entry's details) lets that seat
through, and ``legal_entries`` keeps only the candidates ``check`` accepts.

A sixth game is a package under ``referee/games/`` with a module-level ``GAME`` (an instance
of a ``Game`` subclass) and a template folder ``templates/games/<id>/``; it registers itself
with :func:`register` (the five built-in games are listed in ``referee.games``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from .base import (
    HOST,
    By,
    STANDARD,
    Option,
    Preset,
    ReadFields,
    Refusal,
    Viewer,
    Text,
    apply_checked,
    check_rules,
    dump_state,
    entry_type,
    passes,
    refused_rule,
    revive_texts,
    with_fields,
)

Action = Mapping[str, Any]

StateT = TypeVar("StateT")
"""A game's state class: ``Game[State]`` and ``Move[State]`` check their hooks against it."""


@dataclass(frozen=True)
class RoundInfo:
    """Round, dealer and turn, read off a game's public view for the one status strip every
    board shows. ``word`` is "Round", "Hand" or "Race"; ``number`` None: no numbered rounds."""

    word: str
    number: int | None
    of: int | None = None  # how many there will be, when the game fixes it
    dealer: int | None = None
    starter: int | None = None
    turn: int | None = None  # the seat expected to act now, if one is


HOLE = "<hole>"
"""Where :class:`InputSamples` put the value a conformance test fills in (cards, a number)."""


@dataclass(frozen=True)
class InputSamples:
    """Entries the conformance tests probe a game with (``tests/web/test_bad_input.py``), so
    that a new game brings its own and no test lists games by name: ``setup`` (each entry with
    the seat it is made for, or None) brings a table of ``players`` to where seat 0 may make
    ``carrying``, an entry that carries cards or dice; ``numbers`` read a number. Each names
    with :data:`HOLE` where the test puts its malformed cards or absurd numbers."""

    players: tuple[str, ...]
    carrying: Action
    numbers: tuple[Action, ...]
    setup: tuple[tuple[Action, int | None], ...] = ()


class Move(Generic[StateT]):
    """One entry type of a game. Subclasses override what their entry needs.

    - ``checks``: the order in which the rules file cites this entry's checks, the first rule
      broken first: names of methods ``step(state, action, by)`` that ``check`` runs in turn.
      By default ``offered`` (``ready`` for the seat the entry names), then ``rules``.
    - ``ready(state, seat, by)``: may ``by`` make this entry for ``seat`` now (phase, turn,
      permission)? Refuses otherwise. It is also what decides the board's offers.
    - ``offered_to(state, seat, viewer)``: does the board offer it (by default: ``ready`` passes)?
    - ``rules(state, action, by)``: the entry's details against the rules (overridable refusals).
    - ``acting_seat(state, action, by)``: the seat the entry is for, which its effect reads from
      the entry's ``seat`` (None: the entry as it was sent).
    - ``repeats(state, action, by)``: is the entry what the record already holds (accepted as it
      is, changing nothing)?
    - ``components(state, action, by)``: are the cards, chips or tokens the effect moves there?
      A table ruling waives a rule, never a component.
    - ``effect(state, action)``: change ``state`` (a copy) in place.
    - ``describe(state, action, who)``: the history line, from the state before.
    - ``subject(state, action, by)``: the seat the line is about, whose name is ``who`` (by
      default the seat the entry names).
    - ``ruled_line(action)``: the line of an entry whose details ``describe`` cannot read (let
      through by a ruling); None: none, ``describe``'s error stands.
    - ``candidates(state)``: complete entries worth trying, for ``legal_entries``.
    - ``reveals(before, after)``: the rule that keeps what this entry showed shown (no undo).
    - ``shows_secrets(before, after)``: does this entry show the table the secret entries before
      it? (By default: when it ``reveals``.)
    - ``shown(state, action, who)``: a secret entry's history line once shown, with what it hid.
    - ``changed(state, old, new, who)``: once shown, what a correction of this entry changed
      ("Ann 10♥ J♥ 7♦ → Q♦ J♦ 7♣").
    - ``settled(before, after)``: what the entry settled that its line does not say, for the history.
    - ``kept_from(before, action, now, viewer)``: the entry's line while the board at ``now``
      keeps its details from ``viewer`` (a card picked earlier, on a closed record).
    - ``restated_by``: note templates that say this entry again, more fully: the history shows
      such a note in the entry's place instead of saying it twice.
    """

    type: ClassVar[str]
    for_seat: ClassVar[bool] = True  # False: a table entry with no seat (the host's, or anyone's)
    secret: ClassVar[bool] = False  # its fields stay on the maker's phone until revealed
    any_order: ClassVar[bool] = False  # each seat's own entry in a phase all seats enter at once
    restated_by: ClassVar[frozenset[str]] = frozenset()
    checks: ClassVar[tuple[str, ...]] = ("offered", "rules")

    def check(self, state: StateT, action: Action, by: By) -> None:
        """Each of ``checks`` in turn: the entry against the rules, the first rule broken cited."""
        for step in self.checks:
            getattr(self, step)(state, action, by)

    def named_seat(self, action: Action) -> Any:
        """The seat the entry names, as sent (None for a table entry, which has no seat)."""
        return action.get("seat") if self.for_seat else None

    def offered(self, state: StateT, action: Action, by: By) -> None:
        """``ready`` for the seat the entry names: would the board offer this entry?"""
        self.ready(state, self.named_seat(action), by)

    def ready(self, state: StateT, seat: Any, by: By) -> None:
        return None

    def offered_to(self, state: StateT, seat: int | None, viewer: By) -> bool:
        """Does ``viewer``'s board offer this entry for ``seat`` now? By default: when ``ready``
        lets it through."""
        return passes(self.ready, state, seat, viewer)

    def rules(self, state: StateT, action: Action, by: By) -> Any:
        return None

    components: ClassVar[Callable[..., None] | None] = None

    def repeats(self, state: StateT, action: Action, by: By) -> bool:
        return False

    def acting_seat(self, state: StateT, action: Action, by: By) -> int | None:
        return None

    def take_effect(self, state: StateT, action: Action, by: By) -> None:
        """The effect of an entry ``check`` let through (or a ruling accepted), with the seat
        acting written into the entry."""
        seat = self.acting_seat(state, action, by)
        self.effect(state, action if seat is None else with_fields(action, seat=seat))

    def effect(self, state: StateT, action: Action) -> None:
        raise NotImplementedError(f"{type(self).__name__}.effect")

    def describe(self, state: StateT, action: Action, who: str) -> Text:
        return Text(str(self.type))

    def subject(self, state: StateT, action: Action, by: By | None) -> object:
        """The seat a history line of this entry is about (``describe``'s ``who``), from the
        state before it: by default the seat the entry names. Anything that is not a seat of
        the table reads as "?"."""
        return action.get("seat")

    def ruled_line(self, action: Action) -> Text | None:
        """The history line of an entry whose details ``describe`` cannot read (a table ruling
        let odd values through); None: ``describe``'s error stands."""
        return None

    def candidates(self, state: StateT) -> Iterable[dict[str, Any]]:
        return ()

    def reveals(self, before: StateT, after: StateT) -> str | None:
        """The rule that keeps a secret shown by this entry (``before`` -> ``after``) shown, or
        None: an undo of such an entry is refused, since it would hide the secret again and let
        it be chosen anew by players who have seen it."""
        return None

    def shows_secrets(self, before: StateT, after: StateT) -> bool:
        return self.reveals(before, after) is not None

    def settled(self, before: StateT, after: StateT) -> list[Text]:
        """What this entry settled that its line and notes do not say (who lost a life at a
        showdown), for the history; read off the states, so lines written earlier get it too."""
        return []

    def shown(self, state: StateT, action: Action, who: str) -> Text | None:
        """The history line of this secret entry once the table has seen it ("Ann predicted 3"),
        from the state before it; None: its ``describe`` line. Never called before the reveal."""
        return None

    def changed(self, state: StateT, old: Action, new: Action, who: str) -> Text | None:
        """What a correction of this shown entry from ``old`` to ``new`` changed, in the table's
        words, from the state before it; None: the correction quotes both lines whole."""
        return None

    def kept_from(self, before: StateT, action: Action, now: StateT, viewer: Viewer) -> Text | None:
        """This entry's history line for ``viewer`` while the board at ``now`` keeps the entry's
        details from that viewer ("Ann picked a card": the board shows only the column in
        progress), from the state ``before`` it; None: ``viewer`` may read all of it. The
        history, the API and the exports say no more than the board does. Only an entry of the
        round in progress may be kept (``Game.round_info``): a round gone by is not asked."""
        return None

    def seat_only(self, state: StateT) -> bool:
        """Is this entry its seat's alone while the seat has a phone (``referee.table.gate``)? Secret
        entries are; so is an entry that uses what only that seat knows (the dealer's hints)."""
        return self.secret


class Game(Generic[StateT]):
    """A game engine as everyone outside ``referee/games`` sees it.

    Subclasses set the class attributes and implement ``new_game``, ``seat_names``, ``load``,
    ``view``, ``round_info`` and the score sheet (``sheet``); the rest is shared. The order of
    an entry's checks is its move's (``Move.checks``), so no game overrides ``check``.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    presets: ClassVar[tuple[Preset, ...]] = (STANDARD,)  # the first: the defaults, named in words
    summary: ClassVar[str] = ""  # what the game is, in one line, for the start page
    moves: ClassVar[Mapping[str, Move[Any]]] = {}
    # A phone's entry that names no seat is for the phone's own seat: written in before the
    # entry is checked (``naming_its_seat``), so that its checks and effect read it.
    phones_name_no_seat: ClassVar[bool] = False
    # A phone may enter for another seat where the rules allow it: its board is offered every
    # seat's entries that ``Move.offered_to`` lets through, not only its own seat's.
    phones_enter_for_others: ClassVar[bool] = False
    template: ClassVar[str] = ""  # the folder under templates/games/ (default: the id)
    own_templates: ClassVar[str | None] = None  # a path: the game's own templates, served as games/<id>/...
    input_samples: ClassVar[InputSamples]
    # A game kept outside this package brings its rule book (``<lang>.md`` per language, see
    # ``referee.rulebook``) and its catalogs (Babel's ``<lang>/LC_MESSAGES/messages.po``/``.mo``
    # for its title, summary and house rules) in folders of its own; None: they are the app's.
    own_rulebook: ClassVar[str | None] = None
    own_translations: ClassVar[str | None] = None
    # Each "you" sentence of a game kept elsewhere, said about ``{player}`` (as referee.web.about
    # holds them for the five): the host's phone entering for a player speaks of that player.
    said_about_a_player: ClassVar[Mapping[str, Text]] = {}

    # ---------------------------------------------------------------- what every game provides
    def new_game(self, players: Any, options: Mapping[str, Any] | None = None) -> StateT:
        raise NotImplementedError

    def seat_names(self, state: Any) -> list[str]:
        return [player.name for player in state.players]

    def load(self, data: Mapping[str, Any]) -> StateT:
        raise NotImplementedError

    def view(self, state: StateT, viewer: Viewer = None) -> dict[str, Any]:
        raise NotImplementedError

    def view_at(self, state: StateT, viewer: Viewer, now: StateT) -> dict[str, Any]:
        """The board as it stood at an earlier ``state`` (a correction page's), for ``viewer``,
        showing no more than the board at ``now`` does (``Move.kept_from``). By default: its view."""
        return self.view(state, viewer)

    def round_info(self, view: dict[str, Any]) -> RoundInfo | None:
        return None

    # A game may keep its score sheet in a module of its own (``sheet``): ``score_sheet(view,
    # history)``, and for a sheet read off the views after each entry (not off the view alone)
    # ``sheet_step`` and ``folded_sheet``, folded entry by entry and kept with each snapshot, so
    # that no board reads the whole log.
    sheet: ClassVar[Any] = None

    def score_sheet(self, view: dict[str, Any], history: Callable[[], Iterable[dict[str, Any]]]) -> Any:
        """The score sheet (``referee.scoresheet.ScoreSheet``) of a table whose public view is
        ``view``; ``history()`` yields the public views after each entry in force, oldest first."""
        if self.sheet is None:
            raise NotImplementedError
        return self.sheet.score_sheet(view, history)

    @property
    def sheet_folds(self) -> bool:
        return hasattr(self.sheet, "sheet_step")

    def sheet_step(self, fold: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any] | None:
        """The score sheet's working (JSON) once the entry whose public view is ``view`` is in
        force; ``fold`` is the working after the entry before (None before the first view).
        ``folded_sheet(view, fold)`` must equal ``score_sheet`` over the whole history."""
        return self.sheet.sheet_step(fold, view) if self.sheet_folds else None

    def folded_sheet(self, view: dict[str, Any], fold: dict[str, Any] | None) -> Any:
        """The score sheet from the working ``sheet_step`` folded up to ``view``."""
        if self.sheet_folds:
            return self.sheet.folded_sheet(view, fold)
        return self.score_sheet(view, lambda: [])

    def end_reason(self, view: dict[str, Any]) -> Text | None:
        """Why a finished game ended, in the table's words ("Ann reached -63; -50 ends the
        game."), read off its public view; None: the page says it from the score sheet."""
        return None

    # A table whose one phone passes round (no seat has a phone of its own) shows a seat's
    # private step (a secret the seat enters, or one only it may read) behind a "Hand the phone
    # to X" cover: the game says which step is due and which offers are a seat's private ones.
    def private_step(self, state: StateT) -> int | None:
        """The seat whose private step the table waits for now; None: none (the default)."""
        return None

    def private_seat(self, state: StateT, offer: Mapping[str, Any]) -> int | None:
        """The seat whose private entry ``offer`` (an ``offers`` item) is; None: a public one."""
        return None

    # ---------------------------------------------------------------- shared plumbing
    @property
    def entry_types(self) -> frozenset[str]:
        return frozenset(self.moves)

    @property
    def secret_entries(self) -> frozenset[str]:
        """Entry types whose fields stay on their maker's phone until revealed: the history and
        the exports show them as type and seat only."""
        return frozenset(kind for kind, move in self.moves.items() if move.secret)

    @property
    def template_folder(self) -> str:
        return f"games/{self.template or self.id}"

    def dump(self, state: StateT) -> dict[str, Any]:
        dumped: dict[str, Any] = dump_state(state)  # a dataclass dumps as a dict
        return dumped

    def revive(self, data: Mapping[str, Any]) -> Any:
        """Dumped Texts made Texts again: what ``load`` reads."""
        return revive_texts(data)

    def move(self, action: Any) -> Move[Any]:
        return self.moves[entry_type(action, self.moves, self.title)]

    def commutes(self, action: Any, earlier: Any) -> bool:
        """Do ``action`` and an ``earlier`` entry mean the same in either order? Entries of one
        kind that every seat makes at once (predictions, tasks, declarations), for two seats."""
        if not (isinstance(action, Mapping) and isinstance(earlier, Mapping)):
            return False
        kind = action.get("type")
        move = self.moves.get(kind) if isinstance(kind, str) else None  # a list or an object: no move
        return (
            bool(move and move.any_order)
            and earlier.get("type") == action.get("type")
            and str(earlier.get("seat")) != str(action.get("seat"))
        )

    def naming_its_seat(self, action: Any, by: By) -> Any:
        """A phone's entry with its seat written in, when it names none (it can be for no other)."""
        if not isinstance(by, int) or not isinstance(action, Mapping) or action.get("seat") is not None:
            return action
        kind = action.get("type")
        if not isinstance(kind, str) or kind not in self.moves or not self.moves[kind].for_seat:
            return action
        return with_fields(action, seat=int(by))

    def check(self, state: StateT, action: Action, by: By) -> None:
        """Refuse ``action`` by ``by`` with the first rule it breaks (the move's ``checks``, in
        order); nothing else. A turn waived by a ruling still needs the cards it moves: the
        move's components make either firm. An entry that repeats the record is accepted."""
        action = self.naming_its_seat(action, by) if self.phones_name_no_seat else action
        move = self.move(action)
        if not move.repeats(state, action, by):
            check_rules(move.check, move.components, state, action, by)

    def apply(self, state: StateT, action: Action, by: By = HOST, *, ruling: bool = False) -> StateT:
        """The state after ``action``; ``ruling``: the host accepts an overridable refusal."""
        action = self.naming_its_seat(action, by) if self.phones_name_no_seat else action
        move = self.move(action)

        def effect(after: StateT) -> None:
            move.take_effect(after, action, by)
            self.after_every_entry(after)

        done: StateT = apply_checked(state, action, by, ruling, self.check, effect)
        return done

    def after_every_entry(self, state: StateT) -> None:
        """What the app does on its own after each entry's effect (Switch To passes for players
        who hold no token). By default: nothing."""

    def accept(
        self, state: StateT, action: Action, by: By = HOST, *, ruling: bool = False
    ) -> tuple[StateT, dict[str, Any]]:
        """``apply``, and the entry as the log stores it: only the fields the game read to check
        and apply it, as sent (the type always). A field the game never reads is dropped, so
        what is stored and exported is only what the game accepted; replaying the kept fields
        reads the same ones and gives the same state."""
        reading = ReadFields(action)
        after = self.apply(state, reading, by, ruling=ruling)
        return after, {"type": action.get("type"), **reading.kept()}

    def overridden_rule(self, state: StateT, action: Action, by: By) -> str | None:
        """The rule a table ruling overrides for this entry, or None."""
        return refused_rule(self.check, state, action, by)

    def describe(self, state: StateT, action: Action, by: By | None = None) -> Text:
        """One line for the history, in the words of the table (``state`` is the state before),
        about the seat the move names (``Move.subject``); an entry of no known type says its type."""
        move = self._move_of(action)  # a type may be anything sent
        if move is None:
            return Text("{kind}", kind=str(action.get("type") if isinstance(action, Mapping) else action))
        who = self._name(state, move.subject(state, action, by))
        try:
            return move.describe(state, action, who)
        except (Refusal, LookupError, TypeError, ValueError):
            line = move.ruled_line(action)
            if line is None:
                raise
            return line

    def shown(self, state: StateT, action: Action) -> Text | None:
        """A secret entry's history line with what it hid, for once it is shown (``Move.shown``)."""
        move = self._move_of(action)
        return move.shown(state, action, self._who(state, action)) if move is not None else None

    def changed(self, state: StateT, old: Action, new: Action) -> Text | None:
        """What a correction of a shown entry changed (``Move.changed``), when both are one move
        for one seat; None otherwise."""
        move = self._move_of(new)
        if move is None or self._move_of(old) is not move or self._who(state, old) != self._who(state, new):
            return None
        return move.changed(state, old, new, self._who(state, new))

    def holds(self, state: StateT) -> list[Text]:
        """What holds the game until the host corrects an entry (a card entered in two hands), in
        the past tense: a correction that clears one says it as its reason. Default: nothing."""
        return []

    def seat_only(self, state: StateT, action: Action) -> bool:
        """Is ``action`` its seat's alone while the seat has a phone (``Move.seat_only``)?"""
        move = self._move_of(action)
        return move is not None and move.seat_only(state)

    def shows_secrets(self, before: StateT, action: Action, after: StateT) -> bool:
        """Does ``action`` (``before`` -> ``after``) show the table the secret entries before it?
        Only a move with its own ``reveals`` or ``shows_secrets`` can (the history asks no other)."""
        move = self._move_of(action)
        return move is not None and self.may_show_secrets(action) and move.shows_secrets(before, after)

    def may_show_secrets(self, action: Action) -> bool:
        move = self._move_of(action)
        return move is not None and (
            type(move).reveals is not Move.reveals or type(move).shows_secrets is not Move.shows_secrets
        )

    def kept_from(self, before: StateT, action: Action, now: StateT, viewer: Viewer) -> Text | None:
        """``action``'s line for ``viewer`` when the board at ``now`` keeps its details from that
        viewer, else None (``Move.kept_from``)."""
        move = self._move_of(action)
        return move.kept_from(before, action, now, viewer) if move is not None else None

    def keeps_from(self, now: StateT, viewer: Viewer) -> bool:
        """May the board at ``now`` keep any entry's details from ``viewer``? (By default: when a
        move has its own ``kept_from``.) False spares reading the states around each entry."""
        return any(type(move).kept_from is not Move.kept_from for move in self.moves.values())

    def may_keep(self, action: Action) -> bool:
        """May ``action``'s details be kept from a viewer (its move has its own ``kept_from``)?
        Only for those are the states around an entry loaded."""
        move = self._move_of(action)
        return move is not None and type(move).kept_from is not Move.kept_from

    def restates(self, action: Action, note: Text) -> bool:
        """Does ``note``, set off by ``action``, say that entry again (``Move.restated_by``)?"""
        move = self._move_of(action)
        return move is not None and isinstance(note, Text) and note.template in move.restated_by

    def settled(self, before: StateT, action: Action, after: StateT) -> list[Text]:
        """What ``action`` settled that its line and notes do not say (``Move.settled``)."""
        move = self._move_of(action)
        return move.settled(before, after) if move is not None else []

    def settles(self, action: Action) -> bool:
        """May ``action`` settle anything (its move has its own ``settled``)? The history loads the
        states around an entry only for those."""
        move = self._move_of(action)
        return move is not None and type(move).settled is not Move.settled

    def _move_of(self, action: Any) -> Move[Any] | None:
        kind = action.get("type") if isinstance(action, Mapping) else None
        return self.moves.get(kind) if isinstance(kind, str) else None

    def _who(self, state: StateT, action: Mapping[str, Any]) -> str:
        """The name of the seat the entry names, or "?" (a history line's subject)."""
        return self._name(state, action.get("seat"))

    def _name(self, state: StateT, seat: object) -> str:
        """The name of ``seat``, or "?" when it is not a seat of the table."""
        names = self.seat_names(state)
        return names[seat] if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names) else "?"

    def reveals(self, before: StateT, action: Action, after: StateT) -> str | None:
        """The rule citing why ``action`` (``before`` -> ``after``) cannot be undone: it showed
        the table a secret (a hidden choice, the trumps), and an undo would make it choosable
        again by players who have seen it. None: an undo hides nothing."""
        kind = action.get("type") if isinstance(action, Mapping) else None
        move = self.moves.get(kind) if isinstance(kind, str) else None
        return move.reveals(before, after) if move is not None else None

    def offers(self, state: StateT, viewer: Viewer) -> list[dict[str, Any]]:
        """What ``viewer``'s board offers now: ``{"type", "seat"}`` pairs, from the moves'
        ``offered_to`` (a seat sees its own, or every seat's where ``phones_enter_for_others``;
        the host every seat's; a watcher none)."""
        if viewer is None:
            return []
        if viewer == HOST or self.phones_enter_for_others:
            seats: Sequence[int] = range(len(self.seat_names(state)))
        else:
            seats = [viewer]
        found = []
        for kind, move in self.moves.items():
            for seat in seats if move.for_seat else [None]:
                if move.offered_to(state, seat, viewer):
                    found.append({"type": kind, "seat": seat})
        return found

    def legal_entries(self, state: StateT) -> list[dict[str, Any]]:
        """Every entry the rules allow now, as far as public information tells (for simulated
        phones and property tests)."""
        return [
            entry
            for move in self.moves.values()
            for entry in move.candidates(state)
            if passes(self.check, state, entry, HOST)
        ]


GAMES: dict[str, Game[Any]] = {}
"""Game id -> its Game, in the order they were registered."""


def register(game: Game[Any]) -> Game[Any]:
    """Make ``game`` playable: the start page, the API and the log find it by its id."""
    GAMES[game.id] = game
    return game
