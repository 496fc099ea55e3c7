"""Opening a table on a phone: the names, a preset (the game's named sets of house rules, the
defaults first) and the house rules, collapsed, that the preset fills in.

The form posts every house rule under its own name, as the API takes them, and the preset's key
as ``rules``. A phone with JavaScript ticks the preset's values into the house rules as it is
picked and says so with ``rules_filled``: the fields are then the whole truth. Without it, the
preset fills in every house rule the form left at its default.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..games.base import Preset

PRESET_FIELD = "rules"
FILLED_FIELD = "rules_filled"


def preset_named(game, key: str | None) -> Preset:
    """The preset with this key; the first (the defaults) for no key or an unknown one."""
    return next((preset for preset in game.presets if preset.key == key), game.presets[0])


def preset_values(game, preset: Preset) -> dict[str, str]:
    """Every house rule as ``preset`` sets it: its own values, the defaults for the rest."""
    return {option.name: preset.options.get(option.name, option.default) for option in game.options}


def chosen_rules(form, game) -> tuple[Preset, dict[str, str]]:
    """The preset and the house rules the form asks for."""
    preset = preset_named(game, form.get(PRESET_FIELD))
    values = preset_values(game, preset)
    chosen = {}
    for option in game.options:
        given = form.get(option.name, option.default)
        left_at_default = given == option.default and not form.get(FILLED_FIELD)
        chosen[option.name] = values[option.name] if left_at_default else given
    return preset, chosen


def changed(game, preset: Preset, chosen: Mapping[str, str]) -> int:
    """How many house rules differ from what the preset sets (the collapsed summary says so)."""
    values = preset_values(game, preset)
    return sum(1 for name, value in values.items() if str(chosen.get(name, value)) != value)
