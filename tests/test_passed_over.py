"""Text of a game's main line python-chess passes over as no part of PGN: the audit notes it, a
scenario's start refuses it (arbiter.files.pgntext.read_first_game, readingnotes, start)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arbiter.core.errors import ScenarioError
from arbiter.core.yamlsource import Located
from arbiter.files.audit import audit_text
from arbiter.files.pgntext import game_texts, read_first_game
from arbiter.files.readingnotes import passed_over_notes
from arbiter.files.scenario import loads

REAL = Path(__file__).resolve().parent.parent / "bench" / "real"


@pytest.mark.parametrize(("text", "passed"), [
    ("1. e4 e5 2. foo Nf3 Nc6 3. Qh9 *\n", [(1, "foo"), (1, "Qh9")]),
    ('[Event "x"]\n\n1. e4 e5\n2. Nf3 bar Nc6 *\n', [(4, "bar")]),
    # move numbers in every form, check and mate signs, e.p. apart or glued: nothing
    ("1. e4 d5 2. e5 f5 3. exf6 e.p. Nc6 4. Bb5+ a6 5...Nf6 6… Qxf7# *\n", []),
    ("1.e4 d5 2.e5 f5 3.exf6ep *\n", []),
    # inside comments and variations: not the main line's
    ("1. e4 {foo bar\nbaz} e5 (1... c5 qux 2. Nf3) 2. Nf3 ; quux\n2... Nc6 *\n", []),
    # a word glued to a token is a word read in part (Sf3 as f3): the notes say it otherwise
    ("1. e4 e5 2. Sf3 *\n", []),
    # a result in a dialect python-chess does not read, a castling with a non-breaking hyphen
    ("1. e4 e5 ½-½\n", [(1, "½-½")]),
    ("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O\u2011O *\n", [(1, "O\u2011O")]),
    # a tag pair read as movetext: text_notes says it, not this
    ('1. e4 e5\n[Event "y"]\n2. Nf3 *\n', []),
])
def test_the_main_line_s_passed_over_words_are_kept_with_their_lines(text: str, passed: list[tuple[int, str]]) -> None:
    tokens = read_first_game(text)
    assert tokens is not None
    assert tokens.passed_over == passed


def test_the_notes_name_five_and_count_the_rest() -> None:
    tokens = read_first_game("".join(f"{number}. e4 x{number}\n" for number in range(1, 9)))
    assert tokens is not None and tokens.passed_over_count == 8
    notes = passed_over_notes(tokens)
    assert notes[0] == "line 1: 'x1' is neither a move nor any other part of PGN: python-chess passes over it"
    assert len(notes) == 6 and notes[-1] == "and 3 more texts passed over"


@pytest.mark.parametrize(("text", "passed"), [
    # glued to a token that is no move (a parenthesis, a NAG, a result): passed over, said
    ("1. e4 e5 (1... c5)foo 2. Nf3 *\n", [(1, "foo")]),
    ("1. e4 e5 2. Nf3!?xyz Nc6 *\n", [(1, "xyz")]),
    ("1. e4 e5 2. Nf3 $1abc Nc6 *\n", [(1, "abc")]),
    # glued to a move: a word read in part, said by the notes on the English reading
    ("1. e4foo e5 *\n", []),
])
def test_only_a_word_glued_to_a_move_is_left_to_the_notes_of_words_read_in_part(
        text: str, passed: list[tuple[int, str]]) -> None:
    tokens = read_first_game(text)
    assert tokens is not None and tokens.passed_over == passed


def test_the_lines_are_counted_once_however_many_words_are_passed_over() -> None:
    """Each passed-over word's line is counted on from the last one counted: the game's text is
    scanned once for its lines, not once per word (from the start each time, a game of 30,000 such
    lines took minutes; a scenario of 900 KB posted to the server 16 s)."""

    class Scanned(str):
        """A game's text that adds up how much of itself its ``count`` scans."""

        scanned = 0

        def count(self, sub: str, start: Any = None, end: Any = None) -> int:
            Scanned.scanned += (len(self) if end is None else end) - (start or 0)
            return super().count(sub, start, end)

    text = Scanned("".join(f"{number}. Nf3 foo Nf6 {number + 1}. Ng1 Ng8\n" for number in range(1, 60_000, 2)))
    tokens = read_first_game(text)
    assert tokens is not None and tokens.passed_over_count == 30_000
    assert tokens.passed_over == [(line, "foo") for line in range(1, 6)]
    assert Scanned.scanned <= len(text)


def test_the_first_word_is_found_after_any_number_of_glyphs() -> None:
    tokens = read_first_game("1. e4 ⩱ e5 ⩱ 2. Nf3 ⩱ Nc6 ⩱ 3. Bb5 ⩱ a6 ⩱ 4. Ba4 Qxx *\n")
    assert tokens is not None and tokens.passed_over_count == 7
    assert tokens.first_word_passed_over == (1, "Qxx")


def test_a_castling_written_with_a_non_breaking_hyphen_in_a_real_archive_is_noted() -> None:
    """bench/real/dialects-scalachess.pgn, game 67: python-chess passes over both castlings, so the
    moves after them are read as the other side's; the note says why the audit finds what it finds."""
    with open(REAL / "dialects-scalachess.pgn", encoding="utf-8-sig") as handle:
        games = dict(game_texts(handle))
    game = audit_text((67, games[67]))
    passed = [note for note in game.notes if "passes over it" in note]
    assert passed == ["line 1: 'O\u2011O' is neither a move nor any other part of PGN: python-chess passes over it"] * 2
    assert any(finding.kind in ("illegal-move", "unreadable-move") for finding in game.findings)


def test_a_scenario_does_not_start_from_a_pgn_python_chess_reads_past_a_word_of() -> None:
    with pytest.raises(ScenarioError) as caught:
        loads('title: t\nstart:\n  pgn: "1. e4 e5 2. Qxx Nc6"\nevents: []\n', "x.yaml")
    assert str(caught.value) == ("x.yaml:3: start.pgn: '1. e4 e5 2. Qxx Nc6', no file next to the scenario, read as "
                                 "PGN text, holds 'Qxx', which is neither a move nor any other part of PGN")
    with pytest.raises(ScenarioError):
        loads('title: t\nstart:\n  pgn: "1. e4 e5 1–0"\nevents: []\n', "x.yaml")
    # an evaluation glyph names nothing: the start is the one written
    scenario = loads('title: t\nstart:\n  pgn: "1. e4 e5 2. Nf3 ⩱ Nc6"\nevents: []\n', "x.yaml")
    assert scenario.start.fen() == "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"


@pytest.mark.parametrize(("pgn", "said"), [
    ("1. e4 e5 2. Qxf7 Nc6", "x.yaml:3: неисправан PGN: 'Qxf7' није правилан потез у "
                             "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
    ("1. Nf3 d5 2. Nc3 e5 3. Nd4 Nf6 4. Nb5 a6 5. Nd", None),
])
def test_a_move_python_chess_cannot_read_in_a_start_pgn_is_said_in_the_language(pgn: str, said: str | None) -> None:
    from arbiter.core.i18n import use_language

    with use_language("sr"), pytest.raises(ScenarioError) as caught:
        loads(f'title: t\nstart:\n  pgn: "{pgn}"\nevents: []\n', "x.yaml")
    if said is not None:
        assert str(caught.value) == said
    assert "san:" not in str(caught.value)


def test_a_null_move_or_a_bad_fen_tag_in_a_start_pgn_is_said_in_the_language() -> None:
    from arbiter.core.errorline import error_line
    from arbiter.core.i18n import use_language

    with use_language("sr"), pytest.raises(ScenarioError) as caught:
        loads('title: t\nstart:\n  pgn: "1. e4 e5 2. -- Nc6"\nevents: []\n', "x.yaml")  # was an internal error
    said = str(caught.value)
    assert said.endswith("садржи празан потез ('--') у полупотезу 3: њиме се не помера ниједна фигура на табли")
    assert error_line(said) == said  # two quoted values, a long stretch between them: neither is cut
    with use_language("sr"), pytest.raises(ScenarioError) as caught:
        loads('title: t\nstart:\n  pgn: "[Event \\"x\\"]\\n[FEN \\"8/8/8 w - - 0 1\\"]\\n\\n1. e4 *"\n'
              'events: []\n', "x.yaml")
    assert str(caught.value) == ("x.yaml:3: неисправан PGN: неисправна ознака FEN '8/8/8 w - - 0 1': распоред мора "
                                 "имати 8 редова, раздвојених знаком /")


def test_a_pgn_python_chess_s_reader_fails_on_is_a_clear_error_not_an_internal_one() -> None:
    """python-chess's read_game raises IndexError on a ')' after a move it refused (found by
    mangling real games): the scenario is refused, exit status 2, not an internal error."""
    text = 'title: t\nstart:\n  pgn: "d4 d5 Nf3 Nf6 c4 c6 e4 Nbd7 e5 Nd5 N)Qc7"\nevents: []\n'
    with pytest.raises(ScenarioError) as caught:
        loads(text, "x.yaml", read_files=False)
    assert str(caught.value).endswith("is a text python-chess's PGN reader fails on (look at its moves and its "
                                      "parentheses)")


def test_a_word_in_a_literal_block_is_named_at_its_line_of_the_scenario() -> None:
    """A ``|`` block writes the PGN line for line: the error's line is the word's own; a folded block
    (``>``) joins its lines: the PGN's own line is said."""
    literal = 'title: t\nstart:\n  pgn: |\n    [Event "x"]\n\n    1. e4 e5\n    2. Qxx Nc6\nevents: []\n'
    with pytest.raises(ScenarioError) as caught:
        loads(literal, "x.yaml")
    assert str(caught.value) == ("x.yaml:7: start.pgn: the PGN text '[Event \"x\"]\\n\\n1. e4 e5\\n2. Qxx Nc6' holds "
                                 "'Qxx', which is neither a move nor any other part of PGN")
    folded = 'title: t\nstart:\n  pgn: >\n    1. e4 e5\n    2. Qxx Nc6\nevents: []\n'
    with pytest.raises(ScenarioError) as caught:
        loads(folded, "x.yaml")
    assert str(caught.value).startswith("x.yaml:3: ") and "(its line 1)" in str(caught.value)


@pytest.mark.parametrize(("text", "line", "expected"), [
    ("a: |\n  one\n  two\n", 1, 2), ("a: |\n  one\n  two\n", 2, 3), ("a: |\n  one\n  two\n", 4, None),
    ("a: |-\n\n  two\n", 2, 3), ("x: 1\na: one\n", 1, 2), ("a: 'one'\n", 2, None),
    ("a: >\n  one\n  two\n", 1, None), ("a: \"one\n  two\"\n", 1, None), ("a: [1]\n", 1, None), ("a: 5\n", 1, 1),
    ("a: |\n  one\u2028  two\n  three\n", 2, None),  # a line break to YAML, not to the text's lines
])
def test_the_file_line_of_a_line_of_a_text(text: str, line: int, expected: int | None) -> None:
    assert Located(text).text_line(("a",), line) == expected
