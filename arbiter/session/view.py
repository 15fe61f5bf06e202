"""What a board shows, as data: :class:`View`, a pydantic model that serialises to JSON as it is.

Every front end draws the same view: the terminal as text (:mod:`arbiter.cli.teach`), a web
front end as JSON (``view.model_dump(mode="json")``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Literal

import chess
from pydantic import BaseModel, ConfigDict, Field

from arbiter.core.clock import ZERO, shown_float
from arbiter.core.errors import UnknownArticleError
from arbiter.core.i18n import current_language
from arbiter.laws import texts
from arbiter.laws.editions import CURRENT, edition_article
from arbiter.laws.referee import Referee
from arbiter.laws.rulings import PlayerName, Ruling
from arbiter.table.machine import MACHINE, STATES, Hand
from arbiter.table.touch import Must, PiecePut, Touch

#: The triggers each state of the turn accepts, in the machine's order (computed once: asking
#: the machine walks every trigger).
_ACCEPTS: dict[str, tuple[str, ...]] = {state: tuple(MACHINE.get_triggers(state)) for state in STATES}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class LawView(_Strict):
    """An article of the Laws as ``rules/`` words it; ``title`` and ``text`` are None for a
    number ``rules/`` does not hold."""

    number: str
    title: str | None
    text: str | None


class RulingView(_Strict):
    """A ruling as FORMAT §3 writes it (``kind``, ``article``, ``text``, ``event``, its other
    fields), with the text of its article."""

    ruling: dict[str, str | int | float]
    law: LawView


class HeldView(_Strict):
    """A piece in a player's hand."""

    player: PlayerName
    hand: Hand
    #: Its letter in its own colour (``N`` White's knight, ``p`` Black's pawn).
    piece: str
    #: The square it was lifted from; None for a new piece taken from beside the board.
    origin: str | None
    #: The square it is set on while still held, if any.
    on: str | None


class TouchedView(_Strict):
    """A square touched in the turn under way, in the order of the touches."""

    square: str
    #: The letter of the piece touched, in its colour.
    piece: str
    #: A new piece set on the square (promotion, 4.4.4) rather than a piece touched.
    put: bool


class MoveView(_Strict):
    """The last move of the game (``0000``, from and to ``a1``, when the last entry is a clock
    pressed with no move made, which python-chess records as a null move)."""

    uci: str
    from_square: str
    to_square: str


class ObligationView(_Strict):
    """What binds the player having the move (the fields of FORMAT §3 ``obligation``), and in words."""

    model_config = ConfigDict(extra="forbid", frozen=True, validate_by_name=True, serialize_by_alias=True)

    player: PlayerName
    must: Must
    #: The article that binds; None when nothing has been touched this turn.
    article: str | None
    square: str | None = None
    with_: str | None = Field(default=None, alias="with")
    side: Literal["kingside", "queenside"] | None = None
    piece: str | None = None
    move: str | None = None
    #: Castling on this side is barred for this move (4.4.2).
    barred_side: Literal["kingside", "queenside"] | None = None
    #: The sentence an ``obligation`` ruling says.
    text: str
    #: The article an ``obligation`` ruling cites (4.5 when nothing binds).
    law: LawView


class ClockView(_Strict):
    """The chessclock's two sides."""

    #: Remaining seconds per player (zero, not less, once a flag has fallen).
    remaining: dict[PlayerName, float]
    #: The fallen flags: the instant each fell, in seconds since the events began.
    flags: dict[PlayerName, float]
    #: The time control, as written (PGN TimeControl syntax), if any.
    time_control: str | None


class View(_Strict):
    """What the board shows now: a function of the events played and the events still queued."""

    #: The position the game goes on from (FEN, six fields).
    fen: str
    #: The pieces standing on the board (FEN placement; a held piece is on no square).
    board: str
    #: The same pieces, square to letter, from a1 to h8.
    pieces: dict[str, str]
    hands: list[HeldView]
    touched: list[TouchedView]
    last_move: MoveView | None
    to_move: PlayerName
    #: Whose side of the clock runs (also in a game without a clock).
    clock_running: PlayerName
    #: The clock's times; None in a game without a clock.
    clock: ClockView | None
    #: Seconds since the events began (the ``at`` of the latest event that gave one).
    elapsed: float
    #: Where the turn stands in the physical machine (``idle``, ``holding``, ``made``, ...).
    state: str
    #: The triggers of the physical machine that state accepts: the players' acts and the
    #: arbiter's own (``restore``, ``settle``, ``take_turn``, ``end``).
    accepts: list[str]
    obligation: ObligationView
    #: ``*`` while the game goes on (also once it is cancelled: then ``reason`` says so).
    result: str
    reason: str | None
    #: Every ruling given so far, in order.
    rulings: list[RulingView]
    #: The events played, as ``white: touch g1``.
    events: list[str]
    #: How many events of a loaded file are still to play.
    queued: int
    #: The edition of the Laws the game is ruled by (``rules/editions.yaml``).
    laws: str = CURRENT
    #: The events played, then the events still queued, in the words of the language in force
    #: (``бели: дотиче g1``), as a trainee reads them (since 2026-12-06).
    said: list[str] = []
    #: The player whose draw offer is open (9.1.2: until accepted, declined, rejected by a touch
    #: or the game's end), or None (since 2026-12-06).
    draw_offer: PlayerName | None = None


class Step(_Strict):
    """What one event did: the rulings it gave, and the view after it."""

    event: str
    rulings: list[RulingView]
    view: View


def law(number: str, laws: str = CURRENT) -> LawView:
    """The article ``number`` of the edition ``laws`` of the Laws as a view, in the language in
    force (title and text None if ``rules/`` lacks it)."""
    return _law(number, current_language(), laws)


@functools.cache
def _law(number: str, language: str, laws: str) -> LawView:
    try:
        entry = edition_article(laws, number, language)
    except UnknownArticleError:
        return LawView(number=number, title=None, text=None)
    return LawView(number=entry.number, title=entry.title, text=entry.text)


def ruling_view(ruling: Ruling, laws: str = CURRENT) -> RulingView:
    """A ruling given, with its article's text in the edition ``laws`` of the Laws."""
    return RulingView(ruling=ruling.as_dict(), law=law(ruling.article, laws))


def view_of(referee: Referee, rulings: Sequence[RulingView], events: Sequence[str], queued: int,
            said: Sequence[str] = ()) -> View:
    """What the board of ``referee``'s game shows; ``rulings`` are its rulings as views (the
    caller keeps them, built once each), ``events`` and ``queued`` what the session played and
    has still to play, ``said`` all of them in the words of the language in force."""
    position, turn, clock = referee.position, referee.turn, referee.clock
    touched = []
    for fact in turn.facts:
        if isinstance(fact, Touch):
            touched.append(TouchedView(square=chess.square_name(fact.square), piece=fact.piece.symbol(), put=False))
        elif isinstance(fact, PiecePut):
            piece = chess.Piece(fact.piece, turn.color).symbol()
            touched.append(TouchedView(square=chess.square_name(fact.square), piece=piece, put=True))
    last = position.last_move()
    times = None
    if clock.remaining is not None:
        # A clock run past zero reads zero, as its display does; its flag says it fell.
        remaining = clock.remaining
        shown = {_name(c): shown_float(max(remaining[c], ZERO)) for c in (chess.WHITE, chess.BLACK)}
        times = ClockView(remaining=shown,
                          flags={_name(c): float(instant) for c, instant in clock.fallen.items()},
                          time_control=clock.control.text if clock.control is not None else None)
    return View(
        fen=position.fen(),
        board=position.standing.board_fen(),
        pieces={chess.SQUARE_NAMES[s]: p.symbol() for s, p in sorted(position.standing.piece_map().items())},
        hands=[HeldView(player=_name(color), hand=hand, piece=held.piece.symbol(), origin=_square(held.origin),
                        on=_square(held.on)) for (color, hand), held in referee.table.held.items()],
        touched=touched,
        # A press with no move leaves a null move in the history: no move to show.
        last_move=None if not last else MoveView(uci=last.uci(), from_square=chess.square_name(last.from_square),
                                                     to_square=chess.square_name(last.to_square)),
        to_move=_name(position.turn),
        clock_running=_name(clock.running),
        clock=times,
        elapsed=float(clock.now),
        state=referee.table.state,
        accepts=list(_ACCEPTS[referee.table.state]),
        obligation=_obligation(referee),
        result=referee.result,
        reason=referee.reason,
        rulings=list(rulings),
        events=list(events),
        queued=queued,
        laws=referee.settings.laws,
        said=list(said),
        draw_offer=_name(referee.draw_offer) if referee.draw_offer is not None and referee.result == "*" else None,
    )


def _obligation(referee: Referee) -> ObligationView:
    ob, mover = referee.obligation, referee.position.turn
    fields = ob.fields()
    laws = referee.settings.laws
    # the obligation cites 2023's numbers, as the rulings do before their log renumbers them
    article, bound = (ob.article, ob.article or "4.5") if laws == CURRENT else (
        ob.article and referee.edition.cite(ob.article), referee.edition.cite(ob.article or "4.5"))
    return ObligationView.model_validate({
        "player": _name(mover), "must": ob.must, "article": article, "square": fields.get("square"),
        "with": fields.get("with"), "side": ob.side, "piece": fields.get("piece"), "move": fields.get("move"),
        "barred_side": ob.barred_side, "text": texts.obligation(referee.position.now, mover, ob, referee.writes),
        "law": law(bound, laws),
    })


def _name(color: chess.Color) -> PlayerName:
    return "white" if color == chess.WHITE else "black"


def _square(square: chess.Square | None) -> str | None:
    return chess.square_name(square) if square is not None else None
