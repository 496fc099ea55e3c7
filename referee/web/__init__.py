"""Flask blueprints: the phone pages (``pages``) and the JSON API (``api``)."""
