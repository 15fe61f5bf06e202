"""The audit's own PGN reader (issue 36, ``pgntext.read_first_game``) against python-chess's: every
game of every real archive we hold, and texts made to hit each rule of python-chess's reader
(tags, comments over lines, variations, NAGs, results, the lines it passes over, blank lines), give
the same tokens: tags, moves as written, clocks, result, errors."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.files.pgntext import GameTokens, first_game, game_texts, read_first_game, read_games
from tests.conftest import examples

ROOT = Path(__file__).resolve().parent.parent
REAL_FILES = sorted([*(ROOT / "bench" / "real").glob("*.pgn"), ROOT / "tests" / "data" / "real-games.pgn",
                     *(ROOT / "examples" / "audit").glob("*.pgn")])


def _fields(tokens: GameTokens | None) -> tuple[object, ...] | None:
    if tokens is None:
        return None
    return (tokens.headers, tokens.sans, tokens.clocks, tokens.errors, tokens.unreadable, tokens.broken,
            tokens.is_game, tokens.has_tags, tokens.is_result_written, tokens.depth)


def _python_chess(text: str) -> GameTokens | None:
    first = next(read_games(io.StringIO(text)), None)
    return first[1] if first is not None else None


def _same(text: str) -> bool:
    """Whether both readers read ``text`` alike; False where ours leaves it to python-chess's."""
    ours = read_first_game(text)
    if ours is None:
        return False
    theirs = _python_chess(text)
    assert _fields(ours if ours.is_game else None) == _fields(theirs), text[:300]
    assert _fields(first_game(text)) == _fields(theirs)
    return True


@pytest.mark.slow
@pytest.mark.parametrize("path", REAL_FILES, ids=lambda path: path.name)
def test_every_real_game_is_read_as_python_chess_reads_it(path: Path) -> None:
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        texts = [text for _number, text in game_texts(handle)]
    for text in texts:
        if not _same(text):  # left to python-chess: a variant, or a FEN it refuses
            tokens = _python_chess(text)
            assert tokens is not None and ("Variant" in tokens.headers or tokens.errors), text[:300]


def test_a_sample_of_real_games_is_read_as_python_chess_reads_it() -> None:
    with open(ROOT / "tests" / "data" / "real-games.pgn", encoding="utf-8-sig") as handle:
        texts = [text for _number, text in game_texts(handle)][:40]
    assert all(_same(text) for text in texts)


@pytest.mark.parametrize("text", [
    "",
    "\n\n\n",
    "% a comment line\n; another\n\n1. e4 e5 *\n",
    "\ufeff[Event \"x\"]\n\n1. e4 *\n",
    "[Event \"x\"]\n\n\n1. e4 e5 *\n",                          # two blank lines: the game ends after its tags
    "[Event \"x\"]\n[Bad tag]\n[White \"A\"] [Black \"B\"]\n1. e4 *\n",  # a malformed tag, two tags on a line
    "( 1. d4 ) 1. e4 ( 1... c5 2. Nf3 ) e5 ) 2. Nf3 *\n",        # a variation before any move is no variation
    "1. e4 { a comment\nover { two lines } e5 { [%clk 0:01:02.5] } 2. Nf3 $1 !? Nc6 ?? *\n",
    "1. e4 e5 ; the rest of this line 2. Nf3\n2. Nc3 1-0 0-1\n",
    "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 {unclosed comment\n\nstill in it} 2. Nf3\n\n3. Bb5 *\n",
    "1. e4 e5 2. O-O 0-0-0 -- Z0 0000 @@@@ P@e4 e2e4 e4xd5 1/2-1/2\n",
    "1. e4 {comment}\n% not a comment inside movetext? it is at a fresh line\n2. e5 *\n",
    "1. e4 {a}\n\n2. e5 *\n",                                    # a blank line right after a comment ends the game
    "1. e4 e5 {[%clk 99999999999999:00:00]} *\n",
    "1. e4\r\n\r\n2. e5 *\r\n",
    "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n",            # read: python-chess sets up a board without kings
    "[FEN \"not a position\"]\n\n1. e4 *\n",                         # left to python-chess: its board fails
    "[Variant \"Crazyhouse\"]\n\n1. e4 e5 2. Nf3 N@f6 *\n",
])
def test_texts_that_hit_each_rule_of_the_reader(text: str) -> None:
    if "not a position" in text or "[Variant" in text:
        assert read_first_game(text) is None
        return
    assert _same(text)


_PIECES = st.sampled_from([
    "[Event \"e\"]\n", "[White \"w\\\" x\"]\n", "[Bad]\n", "[A \"1\"] [B \"2\"]\n", "\n", "\n\n", "% x\n", "; y\n",
    "1. ", "e4 ", "e5 ", "Nf3 ", "Nc6\n", "O-O ", "0-0-0 ", "-- ", "exd5 ", "e8=Q+ ", "a1b2 ",
    "{ c } ", "{c\n", "d}\n", "{[%clk 0:00:05]} ", "{ [%clk 1:2:3.25] }", "( ", ") ", "$3 ", "!? ", "?? ",
    "1-0 ", "0-1\n", "1/2-1/2 ", "* ", "; tail\n", "\r\n", "\ufeff", "garbage ", "12... ", "}",
])


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(_PIECES, max_size=40))
def test_texts_made_of_pgn_pieces_are_read_as_python_chess_reads_them(pieces: list[str]) -> None:
    _same("".join(pieces))
