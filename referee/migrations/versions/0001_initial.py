"""The schema as it stood before migrations: tables, their entry log, state snapshots.

Revision ID: 0001
Revises:
"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("host_token", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("tip", sa.Integer, nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
    )
    op.create_index("ix_game_tables_code", "game_tables", ["code"], unique=True)
    op.create_table(
        "entries",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("by", sa.String(8), nullable=False),
        sa.Column("action", sa.JSON),
        sa.Column("ruling", sa.String(16)),
        sa.Column("voids", sa.Integer),
        sa.Column("prev_tip", sa.Integer),
        sa.Column("tip", sa.Integer, nullable=False),
        sa.Column("description", sa.String(300), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_entries_table_seq"),
        sa.UniqueConstraint("table_id", "key", name="uq_entries_table_key"),
    )
    op.create_index("ix_entries_table_id", "entries", ["table_id"])
    op.create_table(
        "snapshots",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("state", sa.JSON, nullable=False),
    )
