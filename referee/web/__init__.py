"""The web side: the phone pages, the JSON API, score sheets and live updates, as blueprints
on the app that ``referee.app.create_app`` makes (see each module's docstring)."""

from __future__ import annotations


def init_app(app) -> None:
    from . import (
        api,
        assets,
        common,
        events,
        filters,
        forms,
        fragments,
        limits,
        operators,
        outcomes,
        pages,
        rules,
        security,
        sessions,
        sheets,
    )

    for blueprint in (pages.bp, api.bp, sheets.bp, events.bp, rules.bp, operators.bp):
        app.register_blueprint(blueprint)
    events.init_app(app)
    limits.init_app(app)
    app.before_request(forms.refuse_nul_characters)
    outcomes.init_app(app)
    app.after_request(security.add_security_headers)
    app.after_request(sessions.keep_secrets_private)
    assets.init_app(app)
    app.teardown_appcontext(common.close_db)
    filters.register_filters(app)
    fragments.init_app(app)
