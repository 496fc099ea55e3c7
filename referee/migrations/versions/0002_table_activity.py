"""Tables remember when they were last written to, so that idle ones can be listed or pruned.
Existing tables take the time of their last entry (or their opening).

Revision ID: 0002
Revises: 0001
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("updated_at", sa.DateTime(timezone=True), nullable=True))
    op.execute(
        "UPDATE game_tables SET updated_at = COALESCE("
        "(SELECT MAX(entries.created_at) FROM entries WHERE entries.table_id = game_tables.id), created_at)"
    )