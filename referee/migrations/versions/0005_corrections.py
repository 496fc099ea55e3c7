"""Corrections of entries further back (issue 18, part 2). The log stays append-only: a
correction is a record line naming the entry it corrects (``corrects``), and the entries it puts
in force are new entry lines naming the line each takes the place of (``replaces``). A table
whose correction left later entries that no longer pass keeps them in ``pending`` until the host
has settled each; no new entry is taken meanwhile.

Revision ID: 0005
Revises: 0004
"""
import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("entries", sa.Column("corrects", sa.Integer, nullable=True))
    op.add_column("entries", sa.Column("replaces", sa.Integer, nullable=True))
    op.add_column("game_tables", sa.Column("pending", sa.JSON, nullable=True))
