"""A game as a person plays it, for every front end: events typed in, rulings and a view out.

:class:`Session` holds one game from a starting position and its settings (a scenario file, or
a FEN, moves and settings): it reads an event line in the scenario form or a short one, has the
referee rule on it, and can go one event back, start again, load a file's events to play one by
one, and write the game as a scenario that ``arbiter run`` passes. After each change it gives a
:class:`View`, a pydantic model of what a board shows (the pieces standing, each hand, the
touches, the obligation, the clocks, the result, the rulings with their articles), which
serialises to JSON as it is.

This layer stands above :mod:`arbiter.files` and below :mod:`arbiter.cli`: it knows nothing of
terminals. :mod:`arbiter.cli.teach` draws the view as text; a web front end would send it as JSON.
"""

from arbiter.session.game import SAVED_BY, Saved, Session
from arbiter.session.view import (
    ClockView,
    HeldView,
    LawView,
    MoveView,
    ObligationView,
    RulingView,
    Step,
    TouchedView,
    View,
)

__all__ = [
    "SAVED_BY", "ClockView", "HeldView", "LawView", "MoveView", "ObligationView", "RulingView", "Saved", "Session",
    "Step", "TouchedView", "View",
]
