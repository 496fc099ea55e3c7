"""Each log line keeps its history line as a sentence with its parts (``base.Text.dump``), so a
phone reads the history in its own language. Lines written before keep their English only.

Revision ID: 0003
Revises: 0002
"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("entries", sa.Column("words", sa.JSON, nullable=True))
