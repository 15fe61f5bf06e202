"""The chess core: python-chess and what is still only chess (positions, notations, PGN scores,
the clock as a device, whether a side can still mate). It knows nothing of hands or of the Laws'
penalties; every layer above may use it."""

import logging

# One voice on standard error (issue 37): python-chess logs what it could not read ("illegal san:
# 'Bc5' in ... while parsing <Game ...>") and also keeps it in ``Game.errors``, which our own
# messages quote where it matters; its log lines never reach the user beside them.
_chess_log = logging.getLogger("chess")
_chess_log.addHandler(logging.NullHandler())
_chess_log.propagate = False
