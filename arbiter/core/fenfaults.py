"""What is wrong with a FEN python-chess refuses, in the user's language.

python-chess's messages are English and quote the whole FEN again; the caller quotes it once
(cut when long) and :func:`fen_fault` says which of its fields is wrong. A message python-chess
may add later, not known here, is quoted as it gives it.
"""

from __future__ import annotations

from arbiter.core.errors import shown, told
from arbiter.core.i18n import N_, _

#: python-chess's messages (how each begins) and ours, in the order its reader checks the fields.
_FAULTS = (
    ("expected position part of fen, got multiple parts", N_("the placement must be one word, with no space in it")),
    ("expected 8 rows in position part of fen", N_("the placement must have 8 ranks, separated by /")),
    ("expected 8 columns per row in position part of fen", N_("a rank of the placement does not have 8 squares")),
    ("two subsequent digits in position part of fen", N_("two digits in a row in the placement")),
    ("'~' not after piece in position part of fen", N_("'~' not after a piece in the placement")),
    ("invalid character in position part of fen",
     N_("a character of the placement is neither a piece letter (KQRBNP, kqrbnp) nor a digit")),
    ("empty fen", N_("the FEN is empty")),
    ("expected 'w' or 'b' for turn part of fen", N_("the side to move must be w or b")),
    ("invalid castling part in fen", N_("the castling rights must be KQkq, some of them, or -")),
    ("invalid castling fen", N_("the castling rights must be KQkq, some of them, or -")),
    ("invalid en passant part in fen", N_("the en passant field must be a square or -")),
    ("invalid half-move clock in fen", N_("the half-move clock must be a whole number")),
    ("half-move clock cannot be negative", N_("the half-move clock cannot be negative")),
    ("invalid fullmove number in fen", N_("the move number must be a whole number")),
    ("fullmove number cannot be negative", N_("the move number cannot be negative")),
    ("fen string has more parts than expected", N_("a FEN has at most six fields")),
)


def fen_fault(err: ValueError) -> str:
    """What python-chess's refusal of a FEN (``err``) says is wrong, in our words."""
    said = str(err)
    for begins, ours in _FAULTS:
        if said.startswith(begins):
            return _(ours)
    return told(err)


def is_fen_fault(err: ValueError) -> bool:
    """Whether ``err`` is python-chess refusing a FEN with one of the faults known here."""
    return str(err).startswith(tuple(begins for begins, _ours in _FAULTS))


def bad_fen_tag(fen: str, err: ValueError) -> str:
    """A PGN's ``FEN`` tag ``fen`` that python-chess refused (``err``), said in our words."""
    return _("bad FEN tag {fen}: {error}").format(fen=shown(fen), error=fen_fault(err))
