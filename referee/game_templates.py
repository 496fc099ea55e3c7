"""A game's templates in the game's own folder.

Pages include a game's board as ``games/<folder>/board.html`` (``Game.template_folder``). A game
that names a folder of its own templates (``Game.own_templates``) is served from there: the
registry is read when a template is asked for, so a game registered after the app was made is
found too. Every other name falls through to the app's ``templates/``.
"""

from __future__ import annotations

from jinja2 import BaseLoader, ChoiceLoader, FileSystemLoader, TemplateNotFound

from .games import GAMES


class GameTemplates(BaseLoader):
    """``games/<folder>/<name>`` from the own templates of the game whose folder it is."""

    def get_source(self, environment, template: str):
        top, folder, name = (template.split("/", 2) + ["", ""])[:3]
        game = next(
            (game for game in list(GAMES.values()) if game.own_templates and game.template_folder == f"{top}/{folder}"),
            None,
        )
        if top != "games" or not name or game is None:
            raise TemplateNotFound(template)
        return FileSystemLoader(game.own_templates).get_source(environment, name)


def with_game_templates(app_loader: BaseLoader) -> ChoiceLoader:
    """The app's loader, asking the games' own folders first."""
    return ChoiceLoader([GameTemplates(), app_loader])
