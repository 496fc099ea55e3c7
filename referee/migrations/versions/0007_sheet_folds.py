"""Each snapshot keeps its table's score-sheet working (``snapshots.sheet``): what the sheet
needs from the views in force up to that entry, folded one entry at a time. A board then reads
one row instead of the whole log, whatever the game's length (issue 19). NULL for snapshots
written before: the first entry after them folds the chain once.

Revision ID: 0007
Revises: 0006
"""
import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("snapshots", sa.Column("sheet", sa.JSON, nullable=True))
