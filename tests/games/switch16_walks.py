"""What random Switch 16 games share (the property and table-ruling tests): house rules that
keep a game short, and near misses of a legal entry."""

from __future__ import annotations

from hypothesis import strategies as st

from referee.games.switch16 import GAME
from referee.games.switch16.state import FACES, PENALTIES


def options() -> st.SearchStrategy[dict]:
    """House rules that keep a game short: low dice thresholds and a low points target."""
    four = st.integers(2, 17)
    return four.flatmap(
        lambda low: st.fixed_dictionaries(
            {
                "four_dice_from": st.just(str(low)),
                "five_dice_from": st.integers(low, 17).map(str),
                "risk_penalty": st.sampled_from(PENALTIES),
                "green_refusal_uses_chip": st.sampled_from(["off", "on"]),
                "game_mode": st.sampled_from(["race", "points"]),
                "points_target": st.integers(1, 40).map(str),
                "next_round_starter": st.sampled_from(["left_of_round_winner", "roll_off"]),
            }
        )
    )


def near_value(data, key: str, value, n: int):
    """A value close to a legal one: another seat, die, face or count, or a slightly broken one."""
    seats = st.integers(-1, n) | st.sampled_from([str(n - 1), None, "none", True])
    if key == "dice":
        dice = list(value)
        how = data.draw(st.sampled_from(["bump", "add", "drop", "text"]))
        if how == "bump":
            i = data.draw(st.integers(0, len(dice) - 1))
            dice[i] = data.draw(st.sampled_from([0, 7, dice[i] % 6 + 1, "x", 2.5]))
        elif how == "add":
            dice.append(data.draw(st.integers(1, 6)))
        elif how == "drop":
            dice.pop()
        else:
            return " ".join(str(d) for d in dice)
        return dice
    choices = {
        "seat": seats,
        "switch_with": seats,
        "target": seats,
        "face": st.sampled_from([*FACES, "purple", None, ""]),
        "count": st.integers(-1, 17) | st.sampled_from(["2", None, 1.5]),
        "answer": st.sampled_from(["accept", "refuse", "maybe", None]),
        "landed_after": st.integers(-1, 17) | st.sampled_from(["1", None]),
    }
    return data.draw(choices.get(key, st.none()))


def near_miss(data, entry: dict, n: int) -> dict:
    """``entry`` with one field changed, dropped or added, or under another type."""
    fields = sorted(set(entry) - {"type"})
    how = data.draw(st.sampled_from(["change", "drop", "add", "retype"]))
    if how == "retype":
        return {**entry, "type": data.draw(st.sampled_from(sorted(GAME.entry_types)))}
    if how == "add":
        key = data.draw(st.sampled_from(["switch_with", "target", "landed_after", "count"]))
        return {**entry, key: near_value(data, key, None, n)}
    key = data.draw(st.sampled_from(fields))
    if how == "drop":
        return {k: v for k, v in entry.items() if k != key}
    return {**entry, key: near_value(data, key, entry[key], n)}
