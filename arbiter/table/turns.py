"""What the arbiter keeps of a game between events: the settings, the turn, moves waiting for
the clock, and breaches open to a claim."""

from __future__ import annotations

from fractions import Fraction

from dataclasses import dataclass, field
from typing import Literal

import chess

from arbiter.core.clock import ZERO
from arbiter.table.machine import Hand
from arbiter.table.touch import FREE, Fact, Obligation

ArbiterMode = Literal["watching", "called"]


@dataclass
class Settings:
    """How the game is run: who watches, which ruleset (the numbers come from ``rules/``)."""

    arbiter: ArbiterMode = "watching"
    ruleset: str = "standard"
    supervision: str = "partial"
    #: The language the events' moves are written in (a code of ``rules/notation.yaml``).
    notation: str = "en"
    #: The language the rulings write moves in; None: the events' own.
    output_notation: str | None = None
    #: 6.7.1: seconds after the start by which a player must be at the board (zero unless the
    #: event regulations say otherwise).
    default_time: Fraction = ZERO
    #: The players not at the board when the events begin (each arrives later, 6.7).
    absent: frozenset[chess.Color] = frozenset()
    #: 11.3.2: what a player evidently carrying an electronic device gets: ``loss`` (the Laws),
    #: or the lesser penalty the event regulations set (``warning``, ``time-to-opponent``,
    #: ``time-from-offender``, with ``device_seconds``).
    device_penalty: str = "loss"
    device_seconds: Fraction = ZERO
    #: 7.2.1: the game began from a wrong initial set-up.
    set_up_wrong: bool = False
    #: 7.2.2: the board is oriented contrary to 2.1 (the corner square on a player's right is dark).
    orientation_wrong: bool = False
    #: 7.3: the game began with the colours reversed.
    colours_reversed: bool = False
    #: The edition of the Laws the game is ruled by (``rules/editions.yaml``).
    laws: str = "2023"


@dataclass
class Turn:
    """The turn of the player having the move: the facts of touch-move and what they bind."""

    color: chess.Color
    facts: list[Fact] = field(default_factory=list)
    obligation: Obligation = FREE
    instant: int = 0


@dataclass
class Pending:
    """A move made and not yet completed by the clock (6.2.1)."""

    move: chess.Move
    hands: frozenset[Hand]
    hand: Hand


@dataclass
class Breach:
    """An Article 4 breach that a claim may still reach (4.8)."""

    player: chess.Color
    article: str
    facts: list[Fact]
    text: str = ""
    #: How many entries the game's history had just before the breach (what a claim goes back to).
    depth: int = 0
    remedied: bool = False
    forfeited: bool = False
    #: 4.7: the move released and then carried on, when the pieces show no legal move since.
    released: chess.Move | None = None
