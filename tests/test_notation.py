"""Moves in every language of the piece-name table: the table, reading, writing, errors."""

from __future__ import annotations

import random
import re
from pathlib import Path

import chess
import chess.pgn
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import examples

from arbiter.core.errors import AmbiguousNotationError, ImpossibleMoveError, InvalidEventError, UnknownNotationError
from arbiter.core.notation import language, languages, legal_move, moves_named, read_move, translate, write_san

ROOT = Path(__file__).resolve().parent.parent
PIECES = ("king", "queen", "rook", "bishop", "knight", "pawn")


# -- the table -----------------------------------------------------------------------------------


def _source_rows() -> dict[str, list[str]]:
    rows = {}
    for line in (ROOT / "rules" / "notation-source.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        cells = line.split("\t")
        if cells[0] != "Језик":  # the header: language, king, queen, ...
            rows[cells[0]] = cells[1:7] + [""] * (7 - len(cells))
    return rows


def _letters_in(cell: str) -> list[str]:
    """The letters a cell of the table gives: ``K king`` -> [K], ``Ş/K şah/kral`` -> [Ş, K],
    ``(P) pawn`` -> [P], ``兵`` (a name, no letter) -> []."""
    words = cell.strip().split(" ")
    if len(words) == 1:  # a name alone (the Chinese pawn 兵), or in the Arabic row a letter alone
        return words if re.fullmatch(r"[\u0600-\u06ff]{1,2}", words[0]) else []
    return words[0].strip("()").split("/")


def test_every_row_with_letters_is_in_the_data_and_agrees_with_the_table() -> None:
    rows = _source_rows()
    entries = yaml.safe_load((ROOT / "rules" / "notation.yaml").read_text(encoding="utf-8"))
    by_row = {entry["table"]: entry for entry in entries if entry["code"] not in ("sr-Latn", "bg")}
    left_out = set(rows) - set(by_row)
    assert left_out == {"Јапански", "Хебрејски", "Телугу"}, "only the rows without letters are left out"
    for row, entry in by_row.items():
        for index, piece in enumerate(PIECES):
            given = entry.get(piece, [])
            given = [given] if isinstance(given, str) else given
            wanted = rows[row][index].split(" ") if entry["code"] == "figurine" else _letters_in(rows[row][index])
            assert given == wanted, (entry["code"], piece)


def test_codes_are_iso_639_1_with_a_script_for_serbian() -> None:
    codes = set(languages())
    assert {"de", "fr", "ru", "hu", "es", "sr-Cyrl", "sr-Latn", "figurine", "en"} <= codes
    assert language("sr") is language("sr-Latn")
    assert language("SR_cyrl") is language("sr-Cyrl")
    assert language(None).code == "en"
    with pytest.raises(UnknownNotationError, match="unknown notation 'ja'"):
        language("ja")


def test_a_second_letter_that_is_another_pieces_letter_is_not_read() -> None:
    assert language("tr").letters[chess.KING] == ("Ş",)  # K is the Turkish rook
    assert language("nl").letters[chess.PAWN] == ()  # P is the Dutch knight
    assert language("en").letters[chess.KNIGHT] == ("N", "Kt")


# -- round trips ---------------------------------------------------------------------------------


#: Three queens, two on a file and two on a rank: Qa4d4+ names its piece by file and rank (games
#: seldom have it: none of the 2,000 positions the test took before).
THREE_QUEENS = "7k/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1"


def _positions(count: int) -> list[chess.Board]:
    """``count`` positions: half from games (every position of five famous real games, the
    generated games of examples/audit, then engine games of the benchmark corpus), then
    :data:`THREE_QUEENS` and random games (a fixed seed)."""
    found: list[chess.Board] = []
    half = count // 2
    sources = ((ROOT / "tests" / "data" / "real-games.pgn", 1), (ROOT / "examples" / "audit" / "games.pgn", 1),
               (ROOT / "bench" / "corpus.pgn", 7))
    for path, every in sources:
        with open(path, encoding="utf-8") as handle:
            while len(found) < half and (game := chess.pgn.read_game(handle)) is not None:
                board = game.board()
                for ply, move in enumerate(game.mainline_moves()):
                    if not board.is_legal(move):
                        break
                    board.push(move)
                    if ply % every == 0 and len(found) < half:
                        found.append(board.copy(stack=False))
    rng = random.Random(7)
    found.append(chess.Board(THREE_QUEENS))
    while len(found) < count:
        board = chess.Board()
        for _ in range(rng.randrange(1, 120)):
            legal = list(board.legal_moves)
            if not legal:
                break
            board.push(rng.choice(legal))
        found.append(board.copy(stack=False))
    return found


#: Positions whose every legal move is written and read back in every language: 1,000 in CI (2,000
#: until issue 30, 25 s of the suite), ``ARBITER_EXAMPLES`` times as many on request. Whatever the
#: count, every kind of move is among them (checked below).
ROUND_TRIP_POSITIONS = examples(1000)


def _kind(board: chess.Board, move: chess.Move, san: str) -> set[str]:
    kinds = set()
    if board.is_castling(move):
        kinds.add("O-O-O" if board.is_queenside_castling(move) else "O-O")
    if board.is_en_passant(move):
        kinds.add("en passant")
    if move.promotion:
        kinds.add("promotion" if move.promotion == chess.QUEEN else "under-promotion")
        if board.is_capture(move):
            kinds.add("promotion capture")
    body = san.rstrip("+#")
    if body[0] in "NBRQK" and len(body.replace("x", "")) == 4:
        kinds.add("by file" if body[1] in "abcdefgh" else "by rank")
    if body[0] in "NBRQK" and len(body.replace("x", "")) == 5:
        kinds.add("by square")
    if san.endswith("#"):
        kinds.add("mate")
    return kinds


@pytest.mark.slow
def test_every_legal_move_of_the_positions_round_trips_in_every_language() -> None:
    positions = _positions(ROUND_TRIP_POSITIONS)
    assert len(positions) == ROUND_TRIP_POSITIONS
    seen: set[str] = set()
    for board in positions:
        moves = list(board.legal_moves)
        english = [board.san(move) for move in moves]
        for move, san in zip(moves, english, strict=True):
            seen |= _kind(board, move, san)
        for lang in languages().values():
            for move, san in zip(moves, english, strict=True):
                written = translate(san, lang)
                assert legal_move(board, written, lang) == move, (lang.code, board.fen(), written)
    assert seen == {"O-O", "O-O-O", "en passant", "promotion", "under-promotion", "promotion capture", "by file",
                    "by rank", "by square", "mate"}


def test_written_san_uses_the_languages_letters() -> None:
    board = chess.Board("r3k2r/1P6/8/8/8/8/8/R3K1NR w KQkq - 0 1")
    knight, promotion = chess.Move.from_uci("g1f3"), chess.Move.from_uci("b7a8q")
    assert [write_san(board, knight, code) for code in ("sr-Cyrl", "sr-Latn", "de", "fr", "ru", "figurine")] == [
        "Сf3", "Sf3", "Sf3", "Cf3", "Кf3", "♘f3"]
    assert write_san(board, promotion, "de") == "bxa8=D+"
    assert write_san(board, promotion, "hu") == "bxa8=V+"
    assert write_san(board, chess.Move.from_uci("e1c1"), "ru") == "O-O-O"
    assert translate("Kxe2", "ru") == "Крxe2"
    assert translate("Крxe2", "en", "ru") == "Kxe2"
    assert translate("not a move", "de") == "not a move"


# -- real scoresheet lines --------------------------------------------------------------------------


def _played(text: str, code: str) -> list[str]:
    """The moves of a scoresheet line read in ``code``, as UCI."""
    board = chess.Board()
    moves = []
    for token in text.split():
        token = re.sub(r"^\d+\.+", "", token)
        if not token:
            continue
        move = legal_move(board, token, code)
        moves.append(move.uci())
        board.push(move)
    return moves


def _english(text: str) -> list[str]:
    board = chess.Board()
    return [board.push_san(token).uci() for token in text.split() if not re.fullmatch(r"\d+\.+", token)]


SCORESHEETS = [
    ("sr-Cyrl", "1. e4 c5 2. Сf3 d6 3. d4 cxd4 4. Сxd4 Сf6 5. Сc3 a6 6. Лe2 e5 7. Сb3 Лe7 8. 0-0 0-0 9. Кh1 Дc7",
     "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be2 e5 7. Nb3 Be7 8. O-O O-O 9. Kh1 Qc7"),
    ("sr-Latn", "1. d4 Sf6 2. c4 g6 3. Sc3 Lg7 4. e4 d6 5. Sf3 0-0 6. Le2 e5 7. 0-0 Sc6 8. d5 Se7 9. Se1 Sd7",
     "1. d4 Nf6 2. c4 g6 3. Nc3 Bg7 4. e4 d6 5. Nf3 O-O 6. Be2 e5 7. O-O Nc6 8. d5 Ne7 9. Ne1 Nd7"),
    ("de", "1. e4 e5 2. Sg1-f3 Sb8-c6 3. Lf1-b5 a6 4. La4 Sf6 5. 0-0 Le7 6. Te1 b5 7. Lb3 d6 8. c3 0-0 9. h3 Sb8",
     "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8"),
    ("fr", "1. e4 e6 2. d4 d5 3. Cc3 Fb4 4. e5 c5 5. a3 Fxc3+ 6. bxc3 Ce7 7. Dg4 Dc7 8. Dxg7 Tg8 9. Dxh7 cxd4 10. Rd1",
     "1. e4 e6 2. d4 d5 3. Nc3 Bb4 4. e5 c5 5. a3 Bxc3+ 6. bxc3 Ne7 7. Qg4 Qc7 8. Qxg7 Rg8 9. Qxh7 cxd4 10. Kd1"),
    ("ru", "1. e4 c5 2. Кf3 d6 3. d4 c:d4 4. К:d4 Кf6 5. Кc3 a6 6. Сe2 e5 7. Кb3 Сe7 8. 0-0 0-0 9. Крh1 Фc7",
     "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be2 e5 7. Nb3 Be7 8. O-O O-O 9. Kh1 Qc7"),
    ("hu", "1. e4 e5 2. Hf3 Hc6 3. Fb5 a6 4. Fa4 Hf6 5. O-O Fe7 6. Be1 b5 7. Fb3 d6 8. c3 O-O 9. h3 Hb8 10. d4 Hbd7",
     "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7"),
    ("es", "1. d4 d5 2. c4 e6 3. Cc3 Cf6 4. Ag5 Ae7 5. e3 O-O 6. Cf3 h6 7. Ah4 b6 8. Tc1 Ab7 9. Ae2 Cbd7 10. cxd5 exd5",
     "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 8. Rc1 Bb7 9. Be2 Nbd7 10. cxd5 exd5"),
    ("figurine", "1. e4 e5 2. ♘f3 ♞c6 3. ♗c4 ♝c5 4. c3 ♞f6 5. d4 exd4 6. cxd4 ♝b4+ 7. ♗d2 ♝xd2+ 8. ♘bxd2 d5",
     "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Bd2 Bxd2+ 8. Nbxd2 d5"),
]


@pytest.mark.parametrize(("code", "sheet", "english"), SCORESHEETS, ids=[s[0] for s in SCORESHEETS])
def test_scoresheet_lines_read_as_their_english_twins(code: str, sheet: str, english: str) -> None:
    assert _played(sheet, code) == _english(english)


def test_the_forms_of_one_move_on_scoresheets() -> None:
    board = chess.Board("4k3/3P4/8/3pP3/8/8/8/4K1N1 w - d6 0 1")
    assert legal_move(board, "exd6 e.p.", "de") == chess.Move.from_uci("e5d6")
    assert legal_move(board, "e5:d6e.p.", "ru") == chess.Move.from_uci("e5d6")
    for text in ("d8=D", "d8D", "d8(D)", "d8/D", "d7-d8D", "d8=D+", "d8D+!"):
        assert legal_move(board, text, "de") == chess.Move.from_uci("d7d8q"), text
    assert legal_move(board, "Sg1-f3", "sr") == chess.Move.from_uci("g1f3")
    assert legal_move(board, "Sg1xf3", "sr") == chess.Move.from_uci("g1f3")  # a wrong capture sign is forgiven
    assert legal_move(board, "g1f3", "ru") == chess.Move.from_uci("g1f3")  # UCI in every language
    assert legal_move(board, "Ktf3", "en") == chess.Move.from_uci("g1f3")


# -- piece letter or file letter ------------------------------------------------------------------


def test_a_letter_is_read_by_its_case_first() -> None:
    # French: F is the bishop, f the file. Both readings are legal here: the case decides.
    board = chess.Board("4k3/8/8/4p3/5P2/2B5/8/4K3 w - - 0 1")
    assert legal_move(board, "fxe5", "fr") == chess.Move.from_uci("f4e5")
    assert legal_move(board, "Fxe5", "fr") == chess.Move.from_uci("c3e5")
    assert legal_move(board, "fe5", "fr") == chess.Move.from_uci("f4e5")


def test_the_other_case_is_tried_when_the_written_one_names_no_legal_move() -> None:
    # Hungarian: H is the knight. "hf3" names no pawn move (no h-pawn): the knight it is.
    board = chess.Board()
    assert legal_move(board, "hf3", "hu") == chess.Move.from_uci("g1f3")
    # French "Fe5" where no bishop reaches e5 but the f-pawn takes on e5: the pawn.
    board = chess.Board("4k3/8/8/4p3/5P2/8/8/4K3 w - - 0 1")
    assert legal_move(board, "Fe5", "fr") == chess.Move.from_uci("f4e5")
    # Russian in lower case: кр is the king.
    board = chess.Board("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert legal_move(board, "крe2", "ru") == chess.Move.from_uci("e1e2")


def test_what_stays_ambiguous_lists_the_candidates() -> None:
    board = chess.Board()
    board.push_san("Nf3")
    board.push_san("Nf6")
    board.push_san("d3")
    board.push_san("d6")
    with pytest.raises(AmbiguousNotationError) as caught:
        legal_move(board, "Sd2", "de")
    assert str(caught.value) == "'Sd2' is ambiguous in German notation: it may be Sbd2 (b1d2), Sfd2 (f3d2)"
    assert set(caught.value.candidates) == {chess.Move.from_uci("b1d2"), chess.Move.from_uci("f3d2")}
    with pytest.raises(AmbiguousNotationError, match=r"'Сd2' is ambiguous in Serbian \(Cyrillic\) notation: "
                                                     r"it may be Сbd2 \(b1d2\), Сfd2 \(f3d2\)"):
        read_move(board, "Сd2", "sr-Cyrl")


def test_an_impossible_move_and_a_text_that_is_no_move_are_errors() -> None:
    board = chess.Board()
    with pytest.raises(ImpossibleMoveError) as caught:
        read_move(board, "Dh5", "de")  # the queen is shut in: no piece could make it
    assert str(caught.value) == (
        "no piece can play 'Dh5' in German notation in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    with pytest.raises(ImpossibleMoveError, match="'Dh5' names no legal move in German notation"):
        legal_move(board, "Dh5", "de")  # where only a legal move will do (a start, a PGN)
    with pytest.raises(ImpossibleMoveError, match="'Xf3' is not a move in German notation"):
        read_move(board, "Xf3", "de")
    assert isinstance(caught.value, InvalidEventError)  # the files and the trainer report it as a bad event


def test_an_illegal_move_the_pieces_could_make_is_read_for_the_arbiter() -> None:
    board = chess.Board("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
    assert read_move(board, "Крd2", "ru") == chess.Move.from_uci("e1d2")  # into the rook's line
    board = chess.Board("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1")  # the bishop is pinned
    assert read_move(board, "Лd3", "sr-Cyrl") == chess.Move.from_uci("e2d3")
    assert moves_named(board, "Лd3", "sr-Cyrl") == []
    assert moves_named(board, "Лd3", "sr-Cyrl", legal=False) == [chess.Move.from_uci("e2d3")]


def test_english_keeps_python_chess_reading_and_its_messages() -> None:
    board = chess.Board()
    assert read_move(board, "Nf3") == chess.Move.from_uci("g1f3")
    with pytest.raises(InvalidEventError, match="no piece can play 'Qh5'"):
        read_move(board, "Qh5")


_LETTERS = sorted({char for lang in languages().values() for names in lang.letters.values()
                   for name in names for char in name})
_TEXT = st.text(alphabet="".join(_LETTERS) + "abcdefghKQRBN12345678x:-=()/+#.0O ep!?", max_size=9)


@settings(max_examples=examples(600), deadline=None)
@given(_TEXT, st.sampled_from(sorted(languages())), st.sampled_from([chess.STARTING_FEN,
       "r3k2r/1P6/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"]))
def test_any_text_in_any_notation_is_a_move_or_an_input_error(text: str, code: str, fen: str) -> None:
    board = chess.Board(fen)
    try:
        move = read_move(board, text, code)
    except InvalidEventError:
        return
    assert board.piece_at(move.from_square) is not None  # a move the pieces could make, legal or not
    try:
        legal = legal_move(board, text, code)
    except InvalidEventError:
        return
    assert board.is_legal(legal)


def test_every_notation_has_its_name_in_bulgarian_and_serbian() -> None:
    from arbiter.core.i18n import use_language
    from arbiter.core.piece_letters import languages, told_name

    for code in ("bg", "sr"):
        with use_language(code):
            named = {told_name(found): found.code for found in languages().values()}
        assert len(named) >= len(languages()) - 1  # the two Serbian scripts are told apart
        assert [name for name in named if re.search(r"[A-Za-z]", name)] == [], code
    with use_language("bg"):
        assert told_name("de") == "немски" and told_name("sr-Latn") == "сръбски (латиница)"


@pytest.mark.parametrize(("move", "hint"), [
    ("Кf3", "it reads as a move in Bulgarian notation: add notation: bg to the file"),
    ("Sf3", "it reads as a move in Serbian (Latin) notation: add notation: sr-Latn to the file"),
    ("Nf6", None),  # English, and illegal: for the arbiter to rule on, no hint
    ("Zf3", None),  # no notation of ours reads it
])
def test_a_file_without_notation_is_told_which_of_ours_reads_its_move(tmp_path: Path, move: str,
                                                                       hint: str | None) -> None:
    """`play Кf3` in a file with no `notation:` said only "not a move in SAN or UCI"; the audit
    already said which notation reads a score."""
    from arbiter.core.errors import ScenarioError
    from arbiter.files.scenario import load, run

    path = tmp_path / "moves.yaml"
    path.write_text(f"title: t\nevents:\n  - white: play {move}\n", encoding="utf-8")
    outcome = run(load(path))
    if hint is None:
        assert outcome.error is None or "notation:" not in str(outcome.error)
        return
    assert isinstance(outcome.error, ScenarioError) and str(outcome.error).endswith("; " + hint)
