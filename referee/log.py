"""For one commit only: the names callers still import from here, now in ``referee.table``."""
# ruff: noqa: F401

from .games.base import HOST
from .table.codes import CODE_ALPHABET, CODE_LENGTH, new_share_code, new_token
from .table.errors import Archived, Denied, KeyReused, LostRace, SeatTaken, Stale, TableNotFound
from .table.reads import (
    current_state,
    description,
    engine_of,
    entry_seat,
    find_shared,
    find_table,
    history,
    history_entry,
    in_force,
    normalise_code,
    replay,
    share_code,
    sheet_fold_at,
    shown_for_good,
    state_at,
    table_seq,
    table_stamp,
    tables_with_codes,
    views_in_force,
    voided_seqs,
)
from .table.reads import by_text as _by_text
from .table.seats import (
    claim_seat,
    free_seat,
    identify,
    open_rematch,
    open_table,
    require_identity,
    seat_is_claimed,
)
from .table.seats import change_seats as _change_seats
from .table.writes import Recorded, record, undo
from .table.writes import history_line as _describe
