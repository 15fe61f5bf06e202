"""arbiter audit: the first moment each player could claim threefold or fifty moves, by any move
he could write (9.2.1, 9.3.1), not only the move the score has (issue 13, item 2). Every
expectation is checked against python-chess's own ``can_claim_threefold_repetition`` and
``can_claim_fifty_moves``."""

from __future__ import annotations

import io
import random
from pathlib import Path

import chess
import chess.pgn
import pytest
from arbiter.files.audit import audit_text
from arbiter.files.pgntext import game_texts
from arbiter.core.notation import translate

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "pgn"
Claim = tuple[str, str, int, str]


def _games() -> dict[int, str]:
    with open(FIXTURES / "claims.pgn", encoding="utf-8") as handle:
        return dict(game_texts(handle))


def _claims(text: str, notation: str | None = None) -> list[Claim]:
    """The claim findings: kind, article, ply, and the text from the player's name on."""
    audited = audit_text((1, text), notation)
    assert audited.error is None
    return [(f.kind, f.article, f.ply or 0, f.text) for f in audited.findings if f.kind.startswith("could-claim")]


def _python_chess_first_claims(text: str) -> list[tuple[str, int]]:
    """Each player's first ply at which python-chess says he can claim (threefold looked at first)."""
    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None and not game.errors
    board = game.board()
    first: dict[chess.Color, tuple[str, int]] = {}
    for ply, move in enumerate(game.mainline_moves(), start=1):
        if board.turn not in first:
            if board.can_claim_threefold_repetition():
                first[board.turn] = ("could-claim-threefold", ply)
            elif board.can_claim_fifty_moves():
                first[board.turn] = ("could-claim-fifty", ply)
        board.push(move)
    return sorted(first.values(), key=lambda claim: claim[1])


# Games 1 to 3 were played in 2022: the audit rules them by the Laws of 2018, which number the
# claims 9.2.1.1 (the repetition a written move brings) and 9.2.1.2 (the one on the board); games
# of 2023 by the Laws of 2023 (9.2.1, 9.2.2).
EXPECTED: dict[int, list[Claim]] = {
    # White's bishop could go back from h6 to g5 at move 24, the position after it there for the
    # third time: he played 24. Be3 and repeated with 25. Bh6 only a move later.
    1: [("could-claim-threefold", "9.2.1.1", 47, "White could have claimed a draw by repetition before his move 24, "
         "writing Bg5 and declaring it (the score has Be3 there)"),
        ("could-claim-threefold", "9.2.1.2", 50, "Black could have claimed a draw by repetition before his move 25")],
    # 16. Rh1 brings the pieces back as after 12. Qd2 and 14. Rh1; but after 12. Qd2 White could
    # still castle short: the same position only twice, no claim before his move 17.
    2: [("could-claim-threefold", "9.2.1.1", 33, "White could have claimed a draw by repetition before his move 17, "
         "writing Rg1 and declaring it instead of playing it"),
        ("could-claim-threefold", "9.2.1.2", 34, "Black could have claimed a draw by repetition before his move 17")],
    # 14. Rf1 brings the pieces back as after 10. b4 and 12. Rf1; but after 10. b4 Black could
    # take en passant (cxb3): the same position only twice, no claim for White before his move 15.
    3: [("could-claim-threefold", "9.2.1.1", 28, "Black could have claimed a draw by repetition before his move 14, "
         "writing Ng6 and declaring it instead of playing it"),
        ("could-claim-threefold", "9.2.1.2", 29, "White could have claimed a draw by repetition before his move 15")],
    # 49 moves each without a capture or pawn move: Black could write any rook or king move and
    # claim; he played 88... h5.
    4: [("could-claim-fifty", "9.3.1", 4, "Black could have claimed the fifty-move rule before his move 88, "
         "writing Ra5 and declaring it (the score has h5 there)")],
    # The same moment, but the knight on f6 is pinned and the king has no square: no move Black
    # could write completes the fifty moves, only pawn moves are legal.
    5: [],
    # The bishop on e3 pins nothing: Black could write a knight move.
    6: [("could-claim-fifty", "9.3.1", 2, "Black could have claimed the fifty-move rule before his move 110, "
         "writing Nd5 and declaring it (the score has h5 there)")],
}


def _check(number: int) -> None:
    text = _games()[number]
    claims = _claims(text)
    assert claims == EXPECTED[number], f"game {number}"
    assert [(kind, ply) for kind, _, ply, _ in claims] == _python_chess_first_claims(text), f"game {number}"


def test_threefold_by_a_move_not_played_and_next_to_it_positions_that_differ() -> None:
    for number in (1, 2, 3):
        _check(number)


def test_fifty_by_a_move_not_played_unless_no_such_move_is_legal() -> None:
    for number in (4, 5, 6):
        _check(number)


def test_the_move_to_write_is_given_in_the_notation_of_the_score() -> None:
    english = _games()[1]
    tags, movetext = english.split("\n\n", 1)
    german = tags + "\n\n" + " ".join(translate(word, "de") for word in movetext.split()) + "\n"
    assert "24. Le3 Le7" in german
    assert _claims(german, "de")[0] == (
        "could-claim-threefold", "9.2.1.1", 47,  # a game of 2022: the Laws of 2018
        "White could have claimed a draw by repetition before his move 24, writing Lg5 and declaring it (the score "
        "has Le3 there)")


_STARTS = ["4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 90 60",
           "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30", "8/8/4k3/3n4/8/4N3/4K3/8 w - - 96 70",
           "4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
           "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 40"]


@pytest.mark.slow
def test_first_claim_moments_agree_with_python_chess_over_random_shuffling_games() -> None:
    """Sparse positions, moves back and forth, now and then a capture or a pawn move (at a
    count of 99 half-moves often, so that the fifty moves are claimable by a move not played)."""
    rng = random.Random(13)
    written_not_played = 0
    for index in range(150):
        start = rng.choice(_STARTS)
        board = chess.Board(start)
        sans = []
        for _ in range(rng.randint(10, 60)):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            zeroing = [move for move in moves if board.is_zeroing(move)]
            quiet = [move for move in moves if not board.is_zeroing(move)] or moves
            if board.halfmove_clock == 99 and zeroing and rng.random() < 0.5:
                move = rng.choice(zeroing)
            else:
                move = rng.choice(quiet if rng.random() < 0.9 else moves)
            sans.append(board.san(move))
            board.push(move)
        text = f'[FEN "{start}"]\n[SetUp "1"]\n[Result "*"]\n\n{" ".join(sans)} *\n'
        claims = _claims(text)
        assert [(kind, ply) for kind, _, ply, _ in claims] == _python_chess_first_claims(text), (index, text)
        written_not_played += sum("the score has" in claim[3] for claim in claims)
    assert written_not_played >= 10  # the games do exercise moves not played
