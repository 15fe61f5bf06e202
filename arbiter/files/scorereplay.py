"""A game's score replayed as the Laws would have it, move by move, and what they find in it:
illegal moves, an automatic ending the game ran past, a result the final position contradicts, a
win where the winner could not mate, and (as information) the first moment each player could have
claimed a draw. :mod:`arbiter.files.audit` says each in full.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable

import chess
import chess.pgn

from arbiter.core.clock import TimeControl, TimeControlError
from arbiter.core.fenfaults import bad_fen_tag
from arbiter.core.i18n import N_, _, pgettext
from arbiter.laws.editions import CURRENT, Edition, edition, edition_on, ruleset_for, written_day
from arbiter.core.notation import DEFAULT, Language, language, moves_named, write_san
from arbiter.core.position import position_key
from arbiter.core.fastcheck import why_unwinnable_fast
from arbiter.core.unwinnable import is_dead
from arbiter.core.vocabulary import NP_
from arbiter.files.findings import Finding, GameAudit, move_of
from arbiter.core.legalcore import (fast_board, fast_is_stuck, fast_push, fast_read, is_compiled_available,
                                    mirror_push)
from arbiter.files.pgntext import GameTokens, legal_or_null, start_board


def audit_game(number: int, tokens: GameTokens, lang: Language | None = None, laws: str | None = None) -> GameAudit:
    """Replay one game's score (moves in ``lang``, English by default) as the Laws would have
    it, and collect the findings: by the edition ``laws`` of the Laws, else the one in force on
    the game's ``Date`` tag, else the current one (docs/editions.md)."""
    lang = lang or language(None)
    headers = tokens.headers
    game = GameAudit(number, headers.get("White", "?"), headers.get("Black", "?"), headers.get("Result", "*"),
                     plies=len(tokens.sans))
    day = written_day(headers.get("Date"))
    rules = edition(laws) if laws is not None else edition_on(day) if day is not None else edition(CURRENT)
    game.laws = rules.name
    if tokens.errors and not tokens.sans:
        game.error = tokens.errors[0]
        return game
    variant = unaudited_variant(headers)
    if variant is not None:
        game.not_audited = f"variant {variant}"
        return game
    try:
        board = start_board(headers)
    except ValueError as err:
        game.error = bad_fen_tag(headers.get("FEN", ""), err)
        return game
    game.first_ply = (board.fullmove_number - 1) * 2 + (board.turn == chess.BLACK)  # a FEN may start anywhere
    ruleset = _ruleset(headers, rules.name)
    # the compiled core beside the board for standard chess in English SAN (issue 36): it reads
    # each move and says whether the side to move is stuck; python-chess answers anything else
    # (not for pieces a FEN marks as promoted: the board copied from the core's keeps no marks)
    fast = fast_board(board) if lang.code == DEFAULT and not board.chess960 and not board.promoted \
        and is_compiled_available() else None
    key = position_key(board)
    keys = [key]  # the position after each ply, for the fivefold of 2014 (consecutive alternate moves)
    occurrences: dict[Hashable, int] = {key: 1}
    # The positions that have occurred twice since the last capture or pawn move (no position
    # before it can occur again), by the side to move in them, with their occupied squares: a
    # move that reaches one brings its third occurrence, and the player may write it and claim
    # (9.2.1).
    twice: dict[chess.Color, dict[Hashable, chess.Bitboard]] = {chess.WHITE: {}, chess.BLACK: {}}
    claimed: dict[chess.Color, bool] = {chess.WHITE: False, chess.BLACK: False}
    ended_at: tuple[str, str, int] | None = None
    for ply, san in enumerate(tokens.sans, start=1):
        if ended_at is not None:
            reason, article, at = ended_at
            number, is_white = move_of(game.first_ply, at)  # the ending move, as the score numbers it
            ended = (_("the game ended with White's move {number} by {reason}; later moves and the recorded result "
                       "do not count") if is_white else
                     _("the game ended with Black's move {number} by {reason}; later moves and the recorded result "
                       "do not count"))
            game.findings.append(Finding("ran-past-ending", article, ended.format(
                number=number, reason=pgettext("ending", reason)), at))
            break
        mover = board.turn
        both = fast_read(fast, san) if fast is not None else None
        read, played = both if both is not None else (None, None)
        if played is None:
            try:
                played = board.parse_san(san) if lang.code == DEFAULT else legal_or_null(board, san, lang)
            except ValueError:
                played = None
        seen = occurrences[key]
        if not claimed[mover] and (seen >= 3 or board.halfmove_clock >= 99 or twice[not mover]):
            claimed[mover] = _note_claim(game, board, seen, twice[not mover], ply, played, san, lang)
        move = played if played is not None else _as_played(game, board, san, ply, ruleset, lang)
        if move is None:
            return game
        # a move read is legal; one played as written (illegal) or a null move leaves the core
        after = fast_push(fast, read if read is not None else move) if fast is not None and move and move is played \
            else None
        if after is not None:
            mirror_push(board, after, move)
        else:
            board.push(move)
        fast = after
        game.moves.append(move)
        key = position_key(board, is_clean=after is not None)
        keys.append(key)
        seen = occurrences[key] = occurrences.get(key, 0) + 1
        if seen == 2:
            twice[board.turn][key] = board.occupied
        elif not board.halfmove_clock and (twice[chess.WHITE] or twice[chess.BLACK]):
            twice = {chess.WHITE: {}, chess.BLACK: {}}
        ending = _automatic_ending(board, seen, rules, keys, fast_is_stuck(fast) if fast is not None else None)
        if ending is not None:
            ended_at = (ending[0], ending[1], ply)
    _check_result(game, board, ended_at, tokens, rules)
    if not rules.is_current:  # each finding cites the article as its edition numbers it
        game.findings = [dataclasses.replace(f, article=rules.cite(f.article)) for f in game.findings]
    return game


#: The Variant tags played by the Laws of Chess (python-chess's names of standard chess).
_STANDARD = {name.lower() for name in chess.Board.aliases} | {"from position"}


def unaudited_variant(headers: dict[str, str]) -> str | None:
    """The variant a game's ``Variant`` tag names when it is not chess by the Laws (Crazyhouse,
    Antichess, an unknown name), or None: no tag, standard chess, Chess960."""
    name = headers.get("Variant", "").strip()
    if not name or name.lower() in _STANDARD or chess.pgn.Headers({"Variant": name}).is_chess960():
        return None
    return name


#: The automatic endings, as the audit's sentences name them ("the game ended ... by checkmate").
ENDINGS = (NP_("ending", "checkmate"), NP_("ending", "stalemate"), NP_("ending", "dead position"),
           NP_("ending", "fivefold repetition"), NP_("ending", "75 moves"))


def _ruleset(headers: dict[str, str], laws: str) -> str:
    try:
        return ruleset_for(TimeControl.parse(headers["TimeControl"]), laws)
    except (KeyError, TimeControlError):
        return "standard"


def _as_played(game: GameAudit, board: chess.Board, san: str, ply: int, ruleset: str,
               lang: Language) -> chess.Move | None:
    """An illegal move in the score: report it, and go on from the board as it would stand."""
    stands = ruleset in ("rapid", "blitz")
    rule = (N_("it would have stood: the opponent made his next move (A.5.2)") if stands
            else N_("it should have been corrected whenever found (7.5.1)"))
    candidates = moves_named(board, san, lang, legal=False)
    if not candidates:  # no move of the board's is written: what was played is not known, so not judged
        game.findings.append(Finding("unreadable-move", "3.10",
                                     _("{move} names no move a piece could make; the rest is not audited").format(
                                         move=repr(san)), ply))
        return None
    if len(candidates) > 1:
        game.findings.append(Finding("unreadable-move", "3.10",
                                     _("{move} may be any of several moves; the rest is not audited").format(
                                         move=repr(san)), ply))
        return None
    move = candidates[0]
    why = N_("no piece can make it (3.10)")
    if board.is_castling(move) or chess.square_distance(move.from_square, move.to_square) == 2 and \
            board.piece_type_at(move.from_square) == chess.KING:
        why = N_("castling is not allowed there (3.8.2)")
    elif board.is_into_check(move):
        why = N_("it leaves the own king in check (3.9)")
    elif board.piece_type_at(move.from_square) == chess.PAWN and chess.square_rank(move.to_square) in (0, 7):
        why = N_("the pawn reaching the last rank is not exchanged (3.7.3.3)")
    game.findings.append(Finding("illegal-move", "A.5.2" if stands else "7.5.1",
                                 _("{move} is not a legal move: {why}; {rule}").format(
                                     move=repr(san), why=_(why), rule=_(rule)), ply))
    return move


def _automatic_ending(board: chess.Board, occurrences: int, rules: Edition,
                      keys: list[Hashable], stuck: bool | None = None) -> tuple[str, str] | None:
    """What ends the game on ``board`` by the edition ``rules``: mate, stalemate, a dead position,
    the fifth occurrence (``keys``: the position after each ply), 75 moves each. ``stuck``: the
    compiled core's answer to whether the side to move has no legal move (None: ask python-chess)."""
    if stuck if stuck is not None else not any(board.generate_legal_moves()):  # mate and stalemate both
        return ("checkmate", "5.1.1") if board.is_check() else ("stalemate", "5.2.1")
    if is_dead(board):
        return "dead position", "5.2.2"
    if occurrences >= 5 and rules.ends_by_fivefold([ply for ply, key in enumerate(keys) if key == keys[-1]]):
        return "fivefold repetition", "9.6.1"
    if board.halfmove_clock >= 150 and rules.rules("seventy_five"):
        return "75 moves", "9.6.2"
    return None


def _note_claim(game: GameAudit, board: chess.Board, occurrences: int, twice: dict[Hashable, chess.Bitboard],
                ply: int, played: chess.Move | None, san: str, lang: Language) -> bool:
    """Note, as information, that the player to move could claim threefold or fifty before ply
    ``ply``: with the position on the board (9.2.2, 9.3.2), or by writing a move that would bring
    it and declaring it instead of playing it (9.2.1, 9.3.1): the move of the score ``played``
    (written ``san``) if it brings it, else another legal move. Whether he could.

    ``occurrences`` counts the position on the board; ``twice`` holds the positions, with the
    opponent to move, that have occurred twice (with their occupied squares).
    """
    claim = _claim_moment(board, occurrences, twice, played)
    if claim is None:
        return False
    kind, article, written = claim
    threefold = kind == "could-claim-threefold"
    if board.turn == chess.WHITE:
        could = (_("White could have claimed a draw by repetition before his move {number}") if threefold
                 else _("White could have claimed the fifty-move rule before his move {number}"))
    else:
        could = (_("Black could have claimed a draw by repetition before his move {number}") if threefold
                 else _("Black could have claimed the fifty-move rule before his move {number}"))
    if written is None:
        how = ""
    elif written == played:
        how = _(", writing {move} and declaring it instead of playing it").format(move=san)
    else:
        how = _(", writing {move} and declaring it (the score has {san} there)").format(
            move=write_san(board, written, lang), san=san)
    game.findings.append(Finding(kind, article, could.format(number=board.fullmove_number) + how, ply))
    return True


def _claim_moment(board: chess.Board, occurrences: int, twice: dict[Hashable, chess.Bitboard],
                  played: chess.Move | None) -> tuple[str, str, chess.Move | None] | None:
    """The claim the player to move could make now, as (kind, article, the move he would write,
    None for the position on the board), or None. The position on the board first, threefold
    before fifty; of the moves that bring a claim, the one played, else the first in UCI order."""
    if occurrences >= 3:
        return "could-claim-threefold", "9.2.2", None
    if board.halfmove_clock >= 100:
        return "could-claim-fifty", "9.3.2", None
    if twice:
        moves = _moves_to_third_occurrence(board, twice)
        if moves:
            return "could-claim-threefold", "9.2.1", played if played in moves else min(moves, key=chess.Move.uci)
    if board.halfmove_clock == 99:
        if played and not board.is_zeroing(played):  # a null move (--) is false: no move to write
            return "could-claim-fifty", "9.3.1", played
        quiet = [move for move in board.generate_legal_moves() if not board.is_zeroing(move)]
        if quiet:
            return "could-claim-fifty", "9.3.1", min(quiet, key=chess.Move.uci)
    return None


def _moves_to_third_occurrence(board: chess.Board, twice: dict[Hashable, chess.Bitboard]) -> list[chess.Move]:
    """The legal moves that reach one of the positions ``twice`` holds. Since the last capture or
    pawn move, such a move takes one piece to an empty square (castling cannot reach one: it gives
    up a castling right that every earlier position had), so its two squares are the two where
    the occupied squares differ: at most one move is tried for each position."""
    own = board.occupied_co[board.turn]
    found: list[chess.Move] = []
    for occupied in set(twice.values()):
        changed = occupied ^ board.occupied
        origin, target = changed & own, changed & ~board.occupied
        if chess.popcount(changed) != 2 or not origin or not target:
            continue
        move = chess.Move(chess.lsb(origin), chess.lsb(target))
        if not board.is_legal(move):
            continue
        board.push(move)
        reaches = position_key(board) in twice
        board.pop()
        if reaches:
            found.append(move)
    return found


def _check_result(game: GameAudit, board: chess.Board, ended_at: tuple[str, str, int] | None,
                  tokens: GameTokens, rules: Edition) -> None:
    recorded = game.result
    if ended_at is not None:
        reason, article, ply = ended_at
        # the board stands where the game ended: the side to move is the one mated
        laws = ("0-1" if board.turn == chess.WHITE else "1-0") if reason == "checkmate" else "1/2-1/2"
        if "Result" not in tokens.headers:  # no result written, none contradicted: say what the Laws give
            number, is_white = move_of(game.first_ply, ply)
            ended = (_("the game ended with White's move {number} by {reason} ({result}, {article})") if is_white
                     else _("the game ended with Black's move {number} by {reason} ({result}, {article})"))
            game.notes.append(ended.format(number=number, reason=pgettext("ending", reason), result=laws,
                                           article=article))
        elif recorded != laws:
            game.findings.append(Finding("result-contradicted", article,
                                         _("the game ended by {reason} ({result}); the recorded result is "
                                           "{recorded}").format(reason=pgettext("ending", reason), result=laws,
                                                                recorded=recorded),
                                         ply))
        return
    if recorded not in ("1-0", "0-1"):
        return
    winner = chess.WHITE if recorded == "1-0" else chess.BLACK
    termination = tokens.headers.get("Termination", "").lower()
    # the clock after each of the loser's moves (the first move is Black's when a FEN says so)
    first = board.turn if len(game.moves) % 2 == 0 else not board.turn
    loser_clocks = [c for i, c in enumerate(tokens.clocks) if (i % 2 == 0) == (first != winner)]
    by_time = "time" in termination or (bool(loser_clocks) and loser_clocks[-1] == 0)
    # CHA's fast check: a proof or nothing, in a few hundred microseconds (its author found it
    # complete on every time-out of the Lichess database); no helpmate is searched for here.
    if not by_time and rules.rulings["resignation_cannot_mate"] == "win":
        return  # before 2023 resigning lost whatever the winner had (5.1.2)
    proof = why_unwinnable_fast(board, winner)
    if proof is None:
        return
    article = "6.9" if by_time else "5.1.2"
    text = (_("a win on time, but the winner cannot mate ({proof}): a draw") if by_time
            else _("a win by resignation, but the winner cannot mate ({proof}): a draw")).format(proof=_(proof))
    game.findings.append(Finding("should-be-draw", article, text, len(tokens.sans)))
