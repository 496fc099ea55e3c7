"""A finished table's result is shared by a code of its own (``game_tables.share``): the link
shows the score sheet read-only and leads to no live table (issue 25). Every table has one from
its opening, so that reading a sheet never writes; tables opened before get theirs here.

Revision ID: 0009
Revises: 0008
"""
import secrets

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("share", sa.String(length=16), nullable=True))
    tables = sa.table("game_tables", sa.column("id", sa.Integer), sa.column("share", sa.String))
    connection = op.get_bind()
    for (table_id,) in connection.execute(sa.select(tables.c.id)).all():
        connection.execute(tables.update().where(tables.c.id == table_id)
                           .values(share=secrets.token_urlsafe(24)[:16]))  # as table.codes.new_share_code
    op.create_index("ix_game_tables_share", "game_tables", ["share"], unique=True)
