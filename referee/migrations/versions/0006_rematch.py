"""A finished table may lead to its rematch (same players, seats and house rules): ``rematch``
holds the new table's code once it is made, so every phone at the old table can be taken there.

Revision ID: 0006
Revises: 0005
"""
import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("rematch", sa.String(length=16), nullable=True))
