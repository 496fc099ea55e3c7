"""A finished table's result is shared by a code of its own (``game_tables.share``): the link
shows the score sheet read-only and leads to no live table (issue 25). NULL until first shared.

Revision ID: 0009
Revises: 0008
"""
import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("share", sa.String(length=16), nullable=True))
    op.create_index("ix_game_tables_share", "game_tables", ["share"], unique=True)
