"""High Card, a toy sixth game that lives in this one folder: the rules below, its board in
``templates/board.html`` beside this file. Tests register it (``register(GAME)``) to show that
the app needs nothing else to play a new game.

Rules: 2 to 4 players; in turn, each plays one card of a 52-card pack to the trick; the highest
rank wins it (aces high, suits do not count, the first played of equal ranks wins) and its
winner leads the next. After the number of tricks the table chose, most tricks wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.games.base import (
    HOST,
    Option,
    Refusal,
    Text,
    check_players,
    not_yours,
    resolve_options,
    unreadable,
)
from referee.games.cards import SUITS, parse_card
from referee.games.game import HOLE, Game, InputSamples, Move, RoundInfo
from referee.scoresheet import Row, ScoreSheet

PLAY, OVER = "play", "over"


@dataclass
class State:
    players: list[str]
    options: dict[str, str]
    tricks: list[dict] = field(default_factory=list)  # {"leader", "cards": [[seat, card], ...], "winner"}
    phase: str = PLAY
    notes: list = field(default_factory=list)

    @property
    def trick(self) -> dict:
        return self.tricks[-1]

    @property
    def turn(self) -> int:
        return (self.trick["leader"] + len(self.trick["cards"])) % len(self.players)

    def played(self) -> set[str]:
        return {card for trick in self.tricks for _, card in trick["cards"]}

    def won(self, seat: int) -> int:
        return sum(trick["winner"] == seat for trick in self.tricks)


class PlayCard(Move):
    """The seat whose turn it is plays one card to the trick."""

    type = "play"

    def ready(self, state: State, seat: int | None, by: Any) -> None:
        if state.phase != PLAY:
            raise Refusal("HC-R3", "The game is over.", overridable=False)
        if seat != state.turn:
            raise Refusal("HC-R1", "It is {name}'s turn.", overridable=False, name=state.players[state.turn])
        if by not in (HOST, seat):
            raise not_yours("HC-C1", "Only {name}'s phone or the host may play for {name}.", name=state.players[seat])

    def rules(self, state: State, action, by) -> None:
        card = action.get("card")
        try:
            parse_card(card if isinstance(card, str) else "")
        except ValueError:
            raise unreadable("Name one of your cards, like 7H or QS.") from None
        self.components(state, action, by)

    def components(self, state: State, action, by) -> None:
        """No table ruling plays a card twice."""
        card = parse_card(action["card"]).code
        if card in state.played():
            raise Refusal("HC-R2", "{card} was played already.", card=card)

    def effect(self, state: State, action) -> None:
        state.trick["cards"].append([action["seat"], parse_card(action["card"]).code])
        if len(state.trick["cards"]) < len(state.players):
            return
        ranks = [parse_card(card).rank for _, card in state.trick["cards"]]
        seat, card = state.trick["cards"][ranks.index(max(ranks))]
        state.trick["winner"] = seat
        state.notes.append(Text("{name} wins the trick with {card}.", name=state.players[seat], card=card))
        if len(state.tricks) == int(state.options["tricks"]):
            state.phase = OVER
        else:
            state.tricks.append({"leader": seat, "cards": [], "winner": None})

    def describe(self, state: State, action, who: str) -> Text:
        return Text("{name} plays {card}.", name=who, card=action["card"])

    def candidates(self, state: State):
        played = state.played()
        return (
            {"type": self.type, "seat": state.turn, "card": f"{rank}{suit}"}
            for rank in (*range(2, 11), "J", "Q", "K", "A")
            for suit in SUITS
            if f"{rank}{suit}" not in played
        )


class HighCard(Game):
    id = "high-card"
    title = "High Card"
    min_players, max_players = 2, 4
    options = (Option("tricks", (), "3", "How many tricks the game lasts.", number=(1, 13)),)
    summary = "Play one card a turn; the highest rank takes the trick, most tricks wins."
    moves = {"play": PlayCard()}
    input_samples = InputSamples(
        players=("Ann", "Ben", "Cem"),
        carrying={"type": "play", "seat": 0, "card": HOLE},
        numbers=({"type": "play", "seat": HOLE, "card": "5S"},),
    )
    own_templates = str(Path(__file__).parent / "templates")
    own_rulebook = str(Path(__file__).parent / "rulebook")
    own_translations = str(Path(__file__).parent / "translations")
    said_about_a_player = {
        "Name one of your cards, like 7H or QS.": Text("Name one of {player}'s cards, like 7H or QS.")
    }

    def new_game(self, players, options=None) -> State:
        names = check_players(players, self.min_players, self.max_players)
        return State(names, resolve_options(self.options, options), [{"leader": 0, "cards": [], "winner": None}])

    def seat_names(self, state: State) -> list[str]:
        return list(state.players)

    def load(self, data) -> State:
        return State(**self.revive(data))

    def view(self, state: State, viewer: Any = None) -> dict:
        return {
            "phase": state.phase,
            "options": dict(state.options),
            "notes": list(state.notes),
            "turn": state.turn if state.phase == PLAY else None,
            "tricks": state.tricks,
            "players": [
                {"seat": seat, "name": name, "won": state.won(seat)} for seat, name in enumerate(state.players)
            ],
            "winners": self.winners(state),
            "actions": self.offers(state, viewer),
        }

    def winners(self, state: State) -> list[int]:
        if state.phase != OVER:
            return []
        most = max(map(state.won, range(len(state.players))))
        return [seat for seat in range(len(state.players)) if state.won(seat) == most]

    def round_info(self, view: dict) -> RoundInfo:
        return RoundInfo(
            "Round",
            len(view["tricks"]),
            int(view["options"]["tricks"]),
            starter=view["tricks"][-1]["leader"],
            turn=view["turn"],
        )

    def score_sheet(self, view: dict, history) -> ScoreSheet:
        """A row per trick: 1 for its winner."""
        names = [player["name"] for player in view["players"]]
        rows, totals = [], [0] * len(names)
        for number, trick in enumerate((t for t in view["tricks"] if t["winner"] is not None), 1):
            scores = [int(seat == trick["winner"]) for seat in range(len(names))]
            totals = [total + score for total, score in zip(totals, scores)]
            rows.append(Row(f"R{number}", scores, totals))
        return ScoreSheet(
            self.id, names, "Round", "tricks", True, [0] * len(names), rows, view["winners"], view["phase"] == OVER
        )


GAME = HighCard()
