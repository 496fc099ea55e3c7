"""The codes a table is known by and the passes that write to it. No Flask here.

A table code is read aloud and typed on a phone, so its letters cannot be mistaken for each
other; it must also not be found by trying, because it lets anyone watch and take a free seat.
Writing needs a pass (a token): 192 random bits, never shown to anyone but the phone that holds
it. Reading a typed code back (``reads.normalise_code``) is the reads' first step.
"""

from __future__ import annotations

import secrets

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud without doubt
# 31^8 ≈ 2^39.6 codes. A code lets anyone watch and take a seat nobody has taken yet, so it must
# not be found by trying: with 10,000 open tables, 100 guesses a second find one every ten days
# (six letters: every fifteen minutes). Writing needs a token: 192 random bits (new_token).
CODE_LENGTH = 8
LONGEST_CODE_SPELLING = 4 * CODE_LENGTH  # a typed code with the spaces a keyboard put in
CODE_LETTERS = frozenset(CODE_ALPHABET)
CODE_LENGTHS = frozenset({6, CODE_LENGTH})  # the six-letter codes of older tables still work


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_code() -> str:
    """A table code, not yet checked against the tables there are (``seats.open_table`` does)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_share_code() -> str:
    """The code that shares a table's result read-only, made when the table is opened (so that
    reading a sheet never writes). It names no table: a phone given it cannot reach the live
    table, nor follow it to its rematch."""
    return new_token()[: CODE_LENGTH * 2]
