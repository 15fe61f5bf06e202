"""``arbiter teach`` and ``arbiter quiz`` in Serbian and Bulgarian (issue 16), driven through a
real pipe on standard input: the screens' sentences are in the language; what stays English is the
input syntax (events, ``:commands``), squares and moves, and the scenario's own text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arbiter.cli.teach import HELP_SYNTAX
from tests.conftest import Piped

ROOT = Path(__file__).resolve().parent.parent

#: The words of the input syntax and of the file format, which stay English everywhere.
_SYNTAX = re.compile(
    "|".join(re.escape(value) for value in sorted(HELP_SYNTAX.values(), key=len, reverse=True))
    + r"|\b(white|black): [a-z]+( [a-h][1-8]){0,2}|:[a-z]+|\[y/N\]|FILE|ART"  # events, commands
    # squares, moves (SAN in English or in the language's letters: Сf3, Дxd5, e8=Д)
    + r"|(?<![\w])[KQRBNКДТЛСЦО]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBNДТЛСО])?[+#]?|\b[a-h][1-8][a-h][1-8]\b")


def _arbiter(piped: Piped, lines: list[str], *args: str) -> str:
    done = piped(args, "".join(f"{line}\n" for line in lines))
    assert done.returncode == 0, done.stderr
    return done.stdout


def _english_left(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The Latin words of ``text`` outside the input syntax, squares, moves and ``allowed``."""
    for value in allowed:
        text = text.replace(value, "")
    return re.findall(r"[A-Za-z]{2,}", _SYNTAX.sub("", text))


@pytest.mark.slow
def test_teach_speaks_serbian(tmp_path: Path, piped: Piped) -> None:
    saved = tmp_path / "game.yaml"
    out = _arbiter(piped, [":help", "e4", ":why", "white: touch e7", ":frob", ":undo", ":restart", "white: touch g1",
                           ":why", f":save {saved}", f":save {saved}", "n", ":quit"], "teach", "--lang", "sr")
    for sentence in ("откуцајте :help за помоћ", "бели је на потезу, тече сат белог> ",
                     "Команде:", "догађај уназад", "зашто обавеза важи",
                     "ништа не обавезује играча на потезу", "непозната команда ':frob' (покушајте :help)",
                     "један догађај уназад", "од почетка", "дотакнуто, редом: g1",
                     f"сачуван 1 догађај у {saved}", f"{saved} постоји: преписати је? [y/N] ",
                     f"није сачувано: {saved} је остављена каква је била"):
        assert sentence in out
    assert _english_left(out, allowed=(str(saved), str(tmp_path))) == []
    assert "one event back" not in out and "type :help" not in out


def test_teach_in_english_is_as_it_was(piped: Piped) -> None:
    out = _arbiter(piped, [":undo", "e4", ":undo", ":quit"], "teach", "--lang", "en")
    assert "type :help for help\nwhite to move, white's clock> " in out
    assert "one event back\n" in out


def _scenarios(tmp_path: Path) -> Path:
    folder = tmp_path / "touch"
    folder.mkdir()
    (folder / "knight.yaml").write_text(
        'title: Knight\nstart: {moves: "1. e4 e5"}\nevents:\n  - white: touch g1\n'
        "expect:\n  must: {must: move, square: g1}\n", encoding="utf-8")
    (folder / "result.yaml").write_text(
        "title: Resigned\nevents:\n  - white: resign\nexpect:\n  result: 0-1\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("language", ["bg", "sr"])
def test_quiz_speaks_the_language(tmp_path: Path, language: str, piped: Piped) -> None:
    out = _arbiter(piped, ["x", "1", "9", "2"], "quiz", "--lang", language, "--seed", "3", str(_scenarios(tmp_path)))
    expected = {
        "bg": ("Въпрос 1 от 2 (докосване)", "Какво се случи: ", "отговор> ", "(отговорете с число от 1 до 4)",
               "Какво трябва да направят сега Белите?", "Белите трябва да преместят фигурата от g1",
               "Какъв е сега резултатът от партията?", "Черните печелят (0-1)", "Правилата казват: ",
               "Случаят: Knight", "Резултат: "),
        "sr": ("Питање 1 од 2 (додир)", "Шта се догодило: ", "одговор> ", "(одговорите бројем од 1 до 4)",
               "Шта Бели сада мора да учини?", "Бели мора да помери фигуру са g1",
               "Какав је сада исход партије?", "Црни побеђује (0-1)", "Правила кажу: ",
               "Случај: Knight", "Резултат: "),
    }[language]
    for sentence in expected:
        assert sentence in out
    assert "Right." not in out and "Not quite" not in out and "Score" not in out
    # left in English: the scenarios' own titles (a user's files); the topic, a folder named as one
    # of the library's, is said in the language
    assert _english_left(out, allowed=("Knight", "Resigned")) == []


def test_quiz_stopped_early_says_so_in_the_language(tmp_path: Path, piped: Piped) -> None:
    out = _arbiter(piped, ["1"], "quiz", "--lang", "bg", "--seed", "3", str(_scenarios(tmp_path)))
    assert "Спряно след 1 от 2 въпроса." in out
    assert "Резултат: " in out


def test_a_long_line_is_wrapped_between_words_in_a_terminal_and_left_whole_in_a_pipe() -> None:
    from arbiter.cli.render import fitted

    text = "board\n  violation (4.3.1): Black played d5, which touch-move does not allow.  [player: black]"
    assert fitted(text, None) == text
    assert fitted(text, 50) == ("board\n  violation (4.3.1): Black played d5, which\n"
                                "    touch-move does not allow.  [player: black]")
    assert fitted("short", 50) == "short"
