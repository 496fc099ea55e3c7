"""Seats are claimed atomically: ``seats_version`` is the compare-and-set counter of the seats
column, and a seat has a token only once a phone (or a client, through the API) has claimed it.
Tokens of seats nobody claimed are revoked: such a token could only have been read by whoever
opened the table, never by the seat's player.

Revision ID: 0004
Revises: 0003
"""
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

TABLES = sa.table("game_tables", sa.column("id", sa.Integer), sa.column("seats", sa.JSON))


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("seats_version", sa.Integer, nullable=False, server_default="0"))
    connection = op.get_bind()
    for table_id, seats in connection.execute(sa.select(TABLES.c.id, TABLES.c.seats)).all():
        kept = [seat if seat.get("claimed") else {**seat, "token": None} for seat in seats]
        if kept != seats:
            connection.execute(TABLES.update().where(TABLES.c.id == table_id).values(seats=kept))
