"""Properties over random input: no crash, and the physical arbiter agrees with python-chess."""

from __future__ import annotations

import chess
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.core.clock import Clock, TimeControl
from arbiter.core.errors import ArbiterError
from arbiter.table.events import Event, parse_action
from arbiter.core.position import Position
from arbiter.laws.referee import Referee, Settings
from tests.conftest import bitboards, event, examples

SQUARES = st.sampled_from(chess.SQUARE_NAMES)
MOVE_TEXT = st.one_of(
    st.builds(lambda a, b: a + b, SQUARES, SQUARES),
    st.sampled_from(["e4", "Nf3", "O-O", "O-O-O", "exd6", "e8=Q", "Kxe2", "Qh5", "a1=N", "d5"]),
)
ACTION = st.one_of(
    st.builds(lambda s, acc: "touch " + " ".join(s) + (" accidentally" if acc else ""),
              st.lists(SQUARES, min_size=1, max_size=3, unique=True), st.booleans()),
    st.builds(lambda s: "adjust " + s, SQUARES),
    st.builds(lambda s: "lift " + s, SQUARES),
    st.builds(lambda s: "place " + s, SQUARES),
    st.just("release"),
    st.builds(lambda s: "drop " + s, SQUARES),
    st.builds(lambda s: "remove " + s, SQUARES),
    st.builds(lambda p, s: f"put {p} {s}", st.sampled_from("KQRBNP"), SQUARES),
    st.builds(lambda a, b: f"move {a} {b}", SQUARES, SQUARES),
    st.builds(lambda m: "play " + m, MOVE_TEXT),
    st.just("press"),
    st.just("claim touch-move"),
    st.just("offer draw"), st.just("accept draw"), st.just("decline draw"),
    # Issue 11: a piece of either colour put, pieces knocked over, the clock paused, the claims
    # about the set-up and the game's other claims, an electronic device, an arrival.
    st.builds(lambda c, p, s: f"put {c} {p} {s}", st.sampled_from(["white", "black"]), st.sampled_from("QRBNP"),
              SQUARES),
    st.builds(lambda s: "knock " + s, SQUARES),
    st.sampled_from(["pause", "carry device", "arrive", "claim set-up", "claim orientation", "claim colours",
                     "claim illegal-move", "claim flag", "claim threefold", "claim fifty"]),
)


def _event_or_none(actor: bool, action: str, hand: str | None) -> Event | None:
    try:
        return Event(actor, parse_action(action), action, None, hand, None, None)  # type: ignore[arg-type]
    except ArbiterError:
        return None  # not syntactically valid (a square named twice): not an event


EVENT = st.builds(_event_or_none, st.booleans(), ACTION, st.sampled_from([None, "left", "right"])).filter(
    lambda ev: ev is not None
)
#: Starts whose FEN marks promoted pieces (python-chess moves the marks with them).
MARKED_STARTS = ["r3k2r/8/8/8/8/8/8/R3K2Q~ w Qkq - 0 1", "4k3/8/8/8/8/2N~5/8/R~3K3 w Q - 0 1"]
#: Time controls of one or several periods, with an increment, a delay or neither.
CLOCKS = ["60+1", "300", "2/60+2:30+1", "1/20+3:1/10+5:50", "60d2", "2/100d5:50d2"]

STARTS = st.sampled_from([
    None,
    "r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP1b1/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    "4k3/1P6/8/3pP3/8/8/6p1/4K3 w - d6 0 1",
    "7k/8/8/8/8/8/8/R3K3 w Q - 0 1",
    "k7/8/8/8/8/8/5q2/7K b - - 0 1",
])


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(STARTS, st.sampled_from(["watching", "called"]), st.lists(EVENT, max_size=40))
def test_random_events_raise_only_input_errors(fen: str | None, mode: str, events: list[Event]) -> None:
    ref = Referee(Position.from_start(fen, []), Settings(arbiter=mode))  # type: ignore[arg-type]
    for index, ev in enumerate(events):
        try:
            ref.apply(ev, index)
        except ArbiterError:
            continue
        # The pieces in hand plus the pieces standing never exceed what can be on a board.
        assert len(ref.position.standing.piece_map()) <= 64


def _random_game(data: st.DataObject, plies: int) -> list[chess.Move]:
    board = chess.Board()
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        move = data.draw(st.sampled_from(legal))
        moves.append(move)
        board.push(move)
    return moves


def _same_ending(ref: Referee, board: chess.Board) -> bool:
    """Compare the endings; True when the game is over (for python-chess or for the arbiter).

    python-chess decides mate, stalemate, insufficient material, fivefold and 75 moves; the
    arbiter also finds dead positions python-chess does not (locked pawn walls).
    """
    outcome = board.outcome(claim_draw=False)
    if outcome is not None:
        assert ref.result == outcome.result()
        return True
    if ref.result != "*":
        assert ref.reason == "dead-position"
        return True
    return False


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None)
@given(st.data(), st.integers(min_value=1, max_value=300), st.booleans())
def test_play_events_end_in_python_chess_position_and_outcome(data: st.DataObject, plies: int, san: bool) -> None:
    board = chess.Board()
    ref = Referee(Position(), Settings())
    for index, move in enumerate(_random_game(data, plies)):
        text = board.san(move) if san else move.uci()
        actor = "white" if board.turn == chess.WHITE else "black"
        ref.apply(event(f"{actor}: play {text}"), index)
        board.push(move)
        assert ref.position.fen() == board.fen()
        if _same_ending(ref, board):
            break
    assert ref.position.standing.board_fen() == board.board_fen()
    assert not [r for r in ref.rulings if r.kind == "violation"]


def _physical_steps(board: chess.Board, move: chess.Move, order: int) -> list[str]:
    """The steps of ``move`` in one of the orders 4.6 and 4.7.1 allow (``order`` picks one)."""
    a, b = chess.square_name(move.from_square), chess.square_name(move.to_square)
    if board.is_castling(move):
        rank = "1" if board.turn == chess.WHITE else "8"
        king_to, rook_from, rook_to = (("g", "h", "f") if board.is_kingside_castling(move) else ("c", "a", "d"))
        king = f"{king_to}{rank}"
        first = [f"lift {a}", f"drop {king}"] if order % 2 else [f"lift {a}", f"place {king}", "release"]
        return first + [f"lift {rook_from}{rank}", f"drop {rook_to}{rank}"]
    captured = board.is_capture(move)
    if move.promotion:
        letter = chess.piece_symbol(move.promotion).upper()
        take = [f"remove {b}"] if captured else []
        options = [
            [f"remove {a}", *take, f"put {letter} {b}", "release"],  # 4.6.1: pawn never placed
            [*take, f"lift {a}", f"drop {b}", f"remove {b}", f"put {letter} {b}", "release"],
            [f"lift {a}", *take, f"place {b}", "release", f"remove {b}", f"put {letter} {b}", "release"],
            [*take, f"put {letter} {b}", "release", f"remove {a}"],  # 4.6.2: either order
        ]
        return options[order % len(options)]
    if board.is_en_passant(move):
        passed = chess.square_name(move.to_square + (-8 if board.turn == chess.WHITE else 8))
        options = [[f"lift {a}", f"drop {b}", f"remove {passed}"], [f"remove {passed}", f"move {a} {b}"],
                   [f"lift {a}", f"remove {passed}", f"drop {b}"]]
        return options[order % len(options)]
    if captured:
        options = [[f"move {a} {b}"], [f"lift {a}", f"remove {b}", f"place {b}", "release"],
                   [f"remove {b}", f"lift {a}", f"drop {b}"]]
        return options[order % len(options)]
    options = [[f"move {a} {b}"], [f"lift {a}", f"place {b}", "release"], [f"lift {a}", f"drop {b}"]]
    return options[order % len(options)]


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None)
@given(st.data(), st.integers(min_value=1, max_value=100))
def test_long_physical_form_matches_python_chess(data: st.DataObject, plies: int) -> None:
    board = chess.Board()
    ref = Referee(Position(), Settings())
    index = 0
    for move in _random_game(data, plies):
        actor = "white" if board.turn == chess.WHITE else "black"
        order = data.draw(st.integers(min_value=0, max_value=5))
        for step in [*_physical_steps(board, move, order), "press"]:
            ref.apply(event(f"{actor}: {step}"), index)
            index += 1
        board.push(move)
        assert ref.position.fen() == board.fen()
        if _same_ending(ref, board):
            break
    assert ref.position.standing.board_fen() == board.board_fen()
    assert [r.text for r in ref.rulings if r.kind == "violation"] == []


REASONS = {"checkmate", "resignation", "stalemate", "dead-position", "agreement", "threefold", "fifty-moves",
           "fivefold", "seventy-five-moves", "timeout", "illegal-moves", "illegal-position", "late-arrival",
           "electronic-device"}


def check_invariants(ref: Referee) -> None:
    """What must hold after every event, whatever happened."""
    if ref.result == "*":
        assert ref.reason in (None, "cancelled")
    else:
        assert ref.reason in REASONS
        last = [r for r in ref.rulings if r.kind == "result"][-1]
        assert (last.result, last.reason) == (ref.result, ref.reason)
    if not ref.is_over:
        board = ref.position.board
        kings = [chess.popcount(board.kings & board.occupied_co[color]) for color in chess.COLORS]
        if kings != [1, 1] or board.status() & chess.STATUS_OPPOSITE_CHECK:
            assert ref.illegal_position is not None
            assert any(r.kind == "violation" and r.article == "A.5.4" for r in ref.rulings)
    if ref.clock.remaining is not None:
        for color in chess.COLORS:
            assert ref.clock.remaining[color] > 0 or color in ref.clock.fallen


def _plausible_action(data: st.DataObject, ref: Referee) -> str:
    """An action that usually can physically happen: squares drawn from the board as it stands."""
    occupied = [chess.square_name(s) for s in ref.position.standing.piece_map()] or ["e1"]
    legal = [m.uci() for m in ref.position.board.legal_moves] or ["e2e4"]
    square = st.sampled_from(occupied)
    anywhere = st.sampled_from(chess.SQUARE_NAMES)
    held = [(c, h) for (c, h) in ref.table.held]
    choices = [
        st.builds(lambda s: f"touch {s}", square),
        st.builds(lambda a, b: f"touch {a} {b}" if a != b else f"touch {a}", square, square),
        st.builds(lambda s: f"lift {s}", square),
        st.builds(lambda s: f"remove {s}", square),
        st.builds(lambda s: f"adjust {s}", square),
        st.builds(lambda m: f"play {m}", st.sampled_from(legal)),
        st.builds(lambda m: f"move {m[:2]} {m[2:4]}", st.sampled_from(legal)),
        st.builds(lambda a, b: f"move {a} {b}" if a != b else "press", square, anywhere),
        st.builds(lambda p, s: f"put {p} {s}", st.sampled_from("QRBN"), anywhere),
        st.just("press"), st.just("claim touch-move"), st.just("release"),
        st.just("claim illegal-move"), st.just("claim flag"), st.just("offer draw"), st.just("accept draw"),
        st.just("decline draw"), st.builds(lambda m: f"write {m}", st.sampled_from(legal)),
        st.builds(lambda k, m: f"claim {k} {m}" if m else f"claim {k}", st.sampled_from(["threefold", "fifty"]),
                  st.sampled_from([*legal, None])),
        # Issue 11: a captured piece put back in the other colour, a held piece raised or taken off,
        # pieces knocked over and set right, the clock paused, the claims about the set-up.
        st.builds(lambda c, p, s: f"put {c} {p} {s}", st.sampled_from(["white", "black"]), st.sampled_from("QRBNP"),
                  anywhere),
        st.builds(lambda s: f"knock {s}", square),
        st.sampled_from(["pause", "claim set-up", "claim orientation", "claim colours"]),
    ]
    if held:
        on = [chess.square_name(h.on) for h in ref.table.held.values() if h.on is not None]
        if on:
            choices += [st.builds(lambda v, s: f"{v} {s}", st.sampled_from(["lift", "remove"]), st.sampled_from(on))]

        choices += [st.builds(lambda s: f"drop {s}", anywhere), st.builds(lambda s: f"place {s}", anywhere)] * 3
    return data.draw(st.one_of(choices))


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), STARTS, st.sampled_from(["watching", "called"]), st.sampled_from(["standard", "rapid", "blitz"]),
       st.sampled_from(["full", "partial"]), st.integers(min_value=1, max_value=60))
def test_plausible_event_streams_raise_only_input_errors(data: st.DataObject, fen: str | None, mode: str,
                                                          ruleset: str, supervision: str, length: int) -> None:
    clock = Clock(chess.WHITE if fen is None or " w " in fen else chess.BLACK,
                  {chess.WHITE: 60.0, chess.BLACK: 60.0}, TimeControl.parse("60+1"))
    ref = Referee(Position.from_start(fen, []), Settings(mode, ruleset, supervision), clock)  # type: ignore[arg-type]
    now = 0.0
    for index in range(length):
        actor = data.draw(st.sampled_from([ref.position.turn, ref.position.turn, not ref.position.turn]))
        action = _plausible_action(data, ref)
        hand = data.draw(st.sampled_from([None, None, "left", "right"]))
        now += data.draw(st.sampled_from([0.0, 0.5, 3.0, 20.0]))
        try:
            ref.apply(Event(actor, parse_action(action), action, now, hand, None, None), index)  # type: ignore[arg-type]
        except ArbiterError:
            continue
        # Every ruling cites an article and the position is one python-chess can print.
        assert all(r.article for r in ref.rulings)
        ref.position.fen()
        check_invariants(ref)


@pytest.mark.slow
@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.one_of(STARTS, st.sampled_from(MARKED_STARTS)), st.sampled_from(["watching", "called"]),
       st.sampled_from(["standard", "rapid", "blitz"]), st.integers(min_value=1, max_value=60),
       st.sampled_from(["2023", "2018", "2017", "2014", "2009"]), st.sampled_from([None, "sr-Cyrl", "bg", "figurine"]),
       st.sampled_from(CLOCKS), st.booleans())
def test_play_at_once_rules_as_the_steps_one_by_one(data: st.DataObject, fen: str | None, mode: str, ruleset: str,
                                                    length: int, laws: str, output: str | None, control: str,
                                                    other_side_runs: bool) -> None:
    """The shortcut for a plain ``play`` gives the rulings, pieces, clock and state of its steps:
    under every edition of the Laws, rulings written in other notations, clocks of one or several
    periods, with increments or delays, the other side's clock running, promoted marks."""
    def referee(at_once: bool) -> Referee:
        white_to_move = fen is None or " w " in fen
        clock = Clock(white_to_move != other_side_runs, {chess.WHITE: 60.0, chess.BLACK: 60.0},
                      TimeControl.parse(control))
        settings = Settings(mode, ruleset, laws=laws, output_notation=output)  # type: ignore[arg-type]
        ref = Referee(Position.from_start(fen, []), settings, clock)
        ref.at_once = at_once
        return ref

    fast, slow = referee(True), referee(False)
    now = 0.0
    for index in range(length):
        actor = data.draw(st.sampled_from([fast.position.turn, fast.position.turn, not fast.position.turn]))
        action = _plausible_action(data, fast)
        if data.draw(st.booleans()):
            legal = [m.uci() for m in fast.position.board.legal_moves]
            action = f"play {data.draw(st.sampled_from(legal))}" if legal else action
        hand = data.draw(st.sampled_from([None, None, "left", "right"]))
        now += data.draw(st.sampled_from([0.0, 0.5, 3.0, 20.0]))
        ev = Event(actor, parse_action(action), action, now, hand, None, None)  # type: ignore[arg-type]
        _apply_to_both(fast, slow, ev, index)


@pytest.mark.slow
@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.one_of(STARTS, st.sampled_from(MARKED_STARTS)), st.sampled_from(["watching", "called"]),
       st.sampled_from(["standard", "rapid", "blitz"]), st.integers(min_value=1, max_value=80),
       st.sampled_from(["2023", "2017", "2009"]), st.sampled_from(CLOCKS))
def test_plain_acts_rule_as_their_handlers(data: st.DataObject, fen: str | None, mode: str, ruleset: str,
                                           length: int, laws: str, control: str) -> None:
    """The acts of a plain turn ruled in one go (:mod:`arbiter.laws.plainacts`) give the rulings,
    pieces, clock and state the handlers give: legal moves made step by step (lifted, the captured
    piece taken off, set down, released, pressed), in either hand, some steps left out or put in
    another order, mixed with any other act."""
    def referee(at_once: bool) -> Referee:
        clock = Clock(fen is None or " w " in fen, {chess.WHITE: 60.0, chess.BLACK: 60.0}, TimeControl.parse(control))
        ref = Referee(Position.from_start(fen, []), Settings(mode, ruleset, laws=laws), clock)  # type: ignore[arg-type]
        ref.at_once = at_once
        return ref

    fast, slow = referee(True), referee(False)
    quiet = data.draw(st.booleans())  # nothing but the moves' steps: the turns stay plain
    queue: list[str] = []
    now = 0.0
    for index in range(length):
        if not queue and (quiet or data.draw(st.integers(min_value=0, max_value=3))):
            board = fast.position.board
            legal = list(board.legal_moves)
            own = [chess.square_name(square) for square in chess.scan_forward(board.occupied_co[board.turn])]
            movable = {chess.square_name(move.from_square) for move in legal}
            stuck = [square for square in own if square not in movable]
            if legal:
                move = data.draw(st.sampled_from(legal))
                a, b = chess.square_name(move.from_square), chess.square_name(move.to_square)
                take = [f"remove {b}"] if board.piece_at(move.to_square) is not None else []
                queue = [f"lift {a}", *take, f"place {b}", "release", "press"]
                before = data.draw(st.integers(min_value=0, max_value=4))
                if before == 1:  # a touch first, which may bind him to another piece
                    queue.insert(0, f"touch {data.draw(st.sampled_from(own))}")
                elif before == 2 and stuck:  # a piece with no legal move lifted first and set back (4.5)
                    piece = data.draw(st.sampled_from(stuck))
                    queue[:0] = [f"lift {piece}", f"place {piece}", "release"]
                elif before == 3:  # any piece of his lifted first and set anywhere
                    queue[:0] = [f"lift {data.draw(st.sampled_from(own))}", f"place {data.draw(SQUARES)}", "release"]
        if queue and (quiet or data.draw(st.integers(min_value=0, max_value=5))):
            action = queue.pop(0)
        else:
            action = _plausible_action(data, fast)
        actor = fast.position.turn if quiet or data.draw(st.integers(min_value=0, max_value=7)) \
            else not fast.position.turn
        hand = None if quiet else data.draw(st.sampled_from([None, None, None, "left", "right"]))
        now += data.draw(st.sampled_from([0.0, 0.5, 3.0]))
        ev = Event(actor, parse_action(action), action, now, hand, None, None)  # type: ignore[arg-type]
        _apply_to_both(fast, slow, ev, index)


@pytest.mark.slow
@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.one_of(STARTS, st.sampled_from(MARKED_STARTS)), st.sampled_from(["watching", "called"]),
       st.sampled_from(["standard", "rapid", "blitz"]), st.integers(min_value=1, max_value=80),
       st.sampled_from(["2023", "2017", "2009"]), st.sampled_from(CLOCKS), st.booleans())
def test_plain_moves_of_a_file_rule_as_their_acts(data: st.DataObject, fen: str | None, mode: str, ruleset: str,
                                                  length: int, laws: str, control: str, timed: bool) -> None:
    """A file's plain moves ruled in one go (:meth:`Referee.apply_from`, as ``arbiter run`` rules
    them) give the rulings, each on its own event, the errors, pieces, clock and state that ruling
    every act by itself gives: moves made step by step, untimed or timed, in one hand or two, some
    steps left out or put in another order, some acts by the other player, mixed with any other
    act; from every start, under three editions and every kind of clock."""
    def referee() -> Referee:
        clock = Clock(fen is None or " w " in fen, {chess.WHITE: 60.0, chess.BLACK: 60.0}, TimeControl.parse(control))
        return Referee(Position.from_start(fen, []), Settings(mode, ruleset, laws=laws), clock)  # type: ignore[arg-type]

    one_by_one = referee()
    quiet = data.draw(st.booleans())  # nothing but the moves' steps: the turns stay plain
    queue: list[str] = []
    mover = one_by_one.position.turn  # whose move the queue's steps make
    events: list[Event] = []
    seen: list[tuple[object, ...]] = []  # after each event, what the referee ruling act by act holds
    now = 0.0
    for index in range(length):
        if not queue and (quiet or data.draw(st.integers(min_value=0, max_value=3))):
            board = one_by_one.position.board
            legal = list(board.legal_moves)
            if legal:
                move = data.draw(st.sampled_from(legal))
                a, b = chess.square_name(move.from_square), chess.square_name(move.to_square)
                take = [f"remove {b}"] if board.piece_at(move.to_square) is not None else []
                queue, mover = [f"lift {a}", *take, f"place {b}", "release", "press"], board.turn
                if not quiet and data.draw(st.booleans()):
                    queue.pop(data.draw(st.integers(min_value=0, max_value=len(queue) - 1)))
        if queue and (quiet or data.draw(st.integers(min_value=0, max_value=5))):
            action, actor = queue.pop(0), mover
        else:
            action, actor = _plausible_action(data, one_by_one), one_by_one.position.turn
        if not quiet and not data.draw(st.integers(min_value=0, max_value=7)):
            actor = not actor
        hand = None if quiet else data.draw(st.sampled_from([None, None, None, "left", "right"]))
        at: float | None = None
        if timed and data.draw(st.booleans()):
            now += data.draw(st.sampled_from([0.0, 0.5, 3.0]))
            at = now
        ev = Event(actor, parse_action(action), action, at, hand, None, None)  # type: ignore[arg-type]
        events.append(ev)
        try:
            one_by_one.apply(ev, index)
            error = None
        except ArbiterError as err:
            error = str(err)
        seen.append((error, len(one_by_one.rulings), _held(one_by_one)))
    expected = [r.as_dict() for r in one_by_one.rulings]

    at_once, index, errors = referee(), 0, []
    while index < len(events):
        try:
            index += at_once.apply_from(events, index)
            errors.append(None)
        except ArbiterError as err:
            errors.append(str(err))
            index += 1
        assert (errors[-1], len(at_once.rulings), _held(at_once)) == seen[index - 1], events[index - 1].text
    assert [r.as_dict() for r in at_once.rulings] == expected


def _held(ref: Referee) -> str:
    """Everything :func:`_apply_to_both` compares but the rulings, written out (a snapshot: the
    referee changes its lists and dicts in place)."""
    return repr((ref.position.fen(), bitboards(ref.position.standing), ref.table.state, ref.result, ref.pending,
                 ref.table.last_hand, ref.clock.reading(), ref.clock.running, _state(ref)))


def _apply_to_both(fast: Referee, slow: Referee, ev: Event, index: int) -> None:
    """Apply ``ev`` to a referee ruling in one go where it may (``fast``) and to one ruling every
    act by its handler (``slow``): the same rulings or error, pieces, clock and state after it."""
    outcomes = []
    for ref in (fast, slow):
        try:
            outcomes.append([r.as_dict() for r in ref.apply(ev, index)])
        except ArbiterError as err:
            outcomes.append(str(err))  # type: ignore[arg-type]
    action = ev.text
    assert outcomes[0] == outcomes[1], action
    assert fast.position.fen() == slow.position.fen()
    # the pieces standing, bitboard by bitboard: a FEN would not show a bit left behind
    assert bitboards(fast.position.standing) == bitboards(slow.position.standing), action
    assert (fast.table.state, fast.result, fast.pending, fast.table.last_hand) == \
           (slow.table.state, slow.result, slow.pending, slow.table.last_hand)
    assert (fast.clock.reading(), fast.clock.running) == (slow.clock.reading(), slow.clock.running)
    assert _state(fast) == _state(slow), action


def _state(ref: Referee) -> tuple[object, ...]:
    """What a referee keeps between events, beyond its rulings, pieces and clock: the turn and its
    touches, the offers, the scoresheets, the hands and the move the pieces show, the breaches,
    the illegal moves open and the positions counted for repetition."""
    table = ref.table
    return (ref.turn.color, ref.turn.facts, ref.turn.obligation, ref.turn.instant, ref.draw_offer, ref.written,
            ref.was_paused, ref.clock.paused, ref.breach, ref.open_illegal, ref.displaced, ref.knocked,
            table.owner, table.touched, table.hands_used, table.held, table.made_move, table.move_pending,
            {key: count for key, count in ref.position.occurrences.items() if count},
            ref.position.depth)
