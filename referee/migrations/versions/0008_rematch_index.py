"""Tables are found by the table whose rematch they are (``rematch``): the evening's ledger
walks a rematch chain back to its first game, one indexed lookup per game.

Revision ID: 0008
Revises: 0007
"""
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_game_tables_rematch", "game_tables", ["rematch"])
