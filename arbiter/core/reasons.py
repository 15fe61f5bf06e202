"""Why the unwinnability analysis answers as it does, in no language yet: :class:`Reason` and the
messages of its proofs, shared by the full analysis (:mod:`arbiter.core.unwinnable`) and CHA's fast
check (:mod:`arbiter.core.fastcheck`), each told in the language in force when it is read."""

from __future__ import annotations

from arbiter.core.i18n import N_, _

MATERIAL = N_("insufficient material to mate")
MATED = N_("the king is already mated")
EVERY_LINE = N_("no series of legal moves mates: every line was followed to its end")
REPEATS = N_("the only legal moves repeat a position: nothing else can ever happen")
OVER = N_("the game is over on the board: no move can follow")
CHAINS = N_("every line of checks ends without mate, and every quiet position off them is dead")
EVERY_POSITION = N_("no series of legal moves mates: every reachable position was seen")
STATIC = N_("the pieces that could mate can never reach the king past the steady pawns and pieces")


class Reason:
    """Why, in no language yet: a message (marked with ``N_``) and the fields its sentence is made
    with, told in the language in force when it is read (:meth:`told`). An analysis runs in the
    language of the ruling that asks first, and its verdict may be kept and read in another."""

    __slots__ = ("fields", "message")

    def __init__(self, message: str, **fields: object) -> None:
        self.message = message
        self.fields = fields

    def told(self) -> str:
        """The sentence, in the language in force."""
        text = _(self.message)
        return text.format(**self.fields) if self.fields else text


def told(reason: str | Reason) -> str:
    """A reason in the language in force: a message marked with ``N_``, or a :class:`Reason`."""
    return _(reason) if isinstance(reason, str) else reason.told()
