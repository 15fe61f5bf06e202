"""The program in Serbian (Cyrillic and Latin) and Bulgarian (issue 16): the choice of language,
the catalogues complete and compiled, ``explain`` wholly in each language, English unchanged.

The snapshots of ``explain`` (``tests/fixtures/i18n/snapshots``) are rewritten with
``ARBITER_UPDATE_SNAPSHOTS=1``; read the difference before committing it.
"""

from __future__ import annotations

import gettext
import io
import json
import os
import re
from pathlib import Path

import chess
import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from arbiter.cli import main
from arbiter.core import catalogues
from arbiter.core.errors import UnknownLanguageError
from arbiter.core.i18n import (LANGUAGES, choose_language, language_code, language_of_locale, ngettext,
                               use_language)
from arbiter.core.i18n import _ as spoken
from arbiter.core.transliteration import to_latin
from arbiter.laws import texts

FIXTURES = Path(__file__).parent / "fixtures" / "i18n"
SNAPSHOTS = FIXTURES / "snapshots"
CASES = ("touch-move", "illegal-move", "draw-claim")
LOCALES = {"sr": "sr", "sr-Latn": "sr_Latn", "bg": "bg"}
_PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def _narrated(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


# -- choosing the language ------------------------------------------------------------------------


def test_the_option_comes_first_then_arbiter_lang_then_the_locale_then_english() -> None:
    env = {"ARBITER_LANG": "bg", "LANG": "sr_RS.UTF-8"}
    assert choose_language("sr-Latn", env) == "sr-Latn"
    assert choose_language(None, env) == "bg"
    assert choose_language(None, {"LANG": "sr_RS.UTF-8"}) == "sr"
    assert choose_language(None, {"LC_ALL": "sr_RS.UTF-8@latin", "LANG": "bg_BG"}) == "sr-Latn"
    assert choose_language(None, {"LANG": "de_DE.UTF-8"}) == "en"  # a locale we do not speak
    assert choose_language(None, {}) == "en"


def test_language_codes_are_read_as_people_write_them() -> None:
    assert [language_code(text) for text in ("SR", "sr_latn", "sr-Latn", "bg", "sr-Cyrl", "en")] == [
        "sr", "sr-Latn", "sr-Latn", "bg", "sr", "en"]
    assert language_of_locale("bg_BG.UTF-8") == "bg"
    assert language_of_locale("C") is None
    with pytest.raises(UnknownLanguageError, match="choose one of en, sr, sr-Latn, bg"):
        language_code("de")


def test_an_unknown_language_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["laws", "4.3.1", "--lang", "xx"])
    assert stop.value.code == 2
    assert "unknown language 'xx'" in capsys.readouterr().err


def test_arbiter_lang_unknown_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("ARBITER_LANG", "xx")
    assert main(["laws", "4.3.1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ARBITER_LANG" in err and "Traceback" not in err


def test_arbiter_lang_and_lang_choose_the_language_of_a_command(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("ARBITER_LANG", raising=False)
    monkeypatch.setenv("LANG", "bg_BG.UTF-8")
    assert "Докоснати собствени фигури" in _narrated(capsys, "laws", "4.3.1")
    monkeypatch.setenv("ARBITER_LANG", "sr-Latn")
    assert "Dotaknute sopstvene figure" in _narrated(capsys, "laws", "4.3.1")
    assert "Own pieces touched" in _narrated(capsys, "laws", "4.3.1", "--lang", "en")


def test_the_language_is_set_only_for_the_command() -> None:
    main(["laws", "4.3.1", "--lang", "bg"])
    assert texts.player(chess.WHITE) == "White"


def test_use_language_nests_and_restores() -> None:
    with use_language("sr"):
        assert spoken("White") == "Бели"
        with use_language("bg"):
            assert spoken("White") != "White"
        assert spoken("White") == "Бели"
    assert spoken("White") == "White"


def test_serbian_has_three_plural_forms() -> None:
    catalogue = read_po(catalogues.catalogue("sr").open(encoding="utf-8"))
    assert catalogue.num_plurals == 3
    plural = gettext.c2py(catalogue.plural_expr)
    assert [plural(n) for n in (1, 2, 5, 11, 21, 22, 25)] == [0, 1, 2, 2, 0, 1, 2]  # one, few, other
    with use_language("sr"):
        assert ngettext("one", "many", 1) == "one"  # not in the catalogue: the English forms
        words = [texts.penalty_time(chess.WHITE, n).rstrip(".").split()[-1] for n in (1, 2, 5, 21, 60)]
    assert len(set(words)) == 3 and words[0] == words[3] and words[2] == words[4], words
    assert texts.penalty_time(chess.WHITE, 60) == "White is given 60 seconds more."


# -- the catalogues ---------------------------------------------------------------------------------


def _messages(locale: str) -> list[tuple[object, object, object]]:
    catalogue = read_po(catalogues.catalogue(locale).open(encoding="utf-8"))
    return [(message.id, message.string, message.context) for message in catalogue if message.id]


@pytest.mark.slow
def test_the_template_holds_every_message_the_code_marks(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.pot"
    original = catalogues.TEMPLATE
    try:
        catalogues.TEMPLATE = fresh
        catalogues.extract()
    finally:
        catalogues.TEMPLATE = original
    ids = {(m.id, m.context) for m in read_po(fresh.open(encoding="utf-8")) if m.id}
    kept = {(m.id, m.context) for m in read_po(original.open(encoding="utf-8")) if m.id}
    assert ids == kept, "run python -m arbiter.core.catalogues"


@pytest.mark.parametrize("locale", ["sr", "sr_Latn", "bg"])
def test_every_catalogue_is_complete(locale: str) -> None:
    template = {(m.id, m.context) for m in read_po(catalogues.TEMPLATE.open(encoding="utf-8")) if m.id}
    messages = _messages(locale)
    assert {(message_id, context) for message_id, _, context in messages} == template
    untranslated = [message_id for message_id, string, _ in messages
                    if not string or (isinstance(string, tuple) and not all(string))]
    assert untranslated == []


@pytest.mark.parametrize("locale", ["sr", "sr_Latn", "bg"])
def test_every_translation_keeps_the_placeholders(locale: str) -> None:
    wrong = []
    for message_id, string, _ in _messages(locale):
        ids = message_id if isinstance(message_id, tuple) else (message_id,)
        strings = string if isinstance(string, tuple) else (string,)
        wanted = sorted(_PLACEHOLDER.findall(str(ids[0])))
        wrong += [(ids[0], s) for s in strings if sorted(_PLACEHOLDER.findall(str(s))) != wanted]
    assert wrong == []


#: Latin words a Cyrillic catalogue may keep besides the parser's own vocabulary, the placeholders,
#: paths and language codes (see :func:`_kept_latin`): the abbreviations and names people see
#: literally. Each must also be in the English message it translates.
_KEPT_WORDS = frozenset({
    "PGN", "FEN", "SAN", "UCI", "YAML", "JSON", "SVG", "PDF", "Dask", "Ctrl", "ARBITER_LANG",
    "Shift", "Alt",  # the keys, as the keyboard names them (the page's toggles)
    "DGT", "BCD", "base64", "COM3",  # the e-board's maker and its protocol's words, a Windows port (issue 33)
    "arbiter",      # the program's name, as in `arbiter notation`
    "adoube",       # "j'adoube", the word said at the board in every language (4.2.1), beside its translation
    "tcp", "host", "localhost", "Chromium",
    "distributed",  # the Python package --engine dask needs
    "SQLite", "none",  # the session file's format, and --store none as typed (issue 37)
    "expect",       # a scenario file's key (run's "expect blocks")
    "touch",        # a scenario folder, named as an example of quiz's --topic
    ":quit",        # teach's own command
    # the program's error lines (issue 16): what people type or read literally
    "Markdown", "UTF-8", "Content-Type", "pip", "install", "fpdf2",
    "Event", "TimeControl", "%clk",  # PGN's tags and clock comment
    "SS", "MM",     # the forms of a time: SS, M:SS, H:MM:SS
    "KQRBNP", "kqrbnp", "KQkq", "YYYY", "DD",  # a FEN's piece letters and castling rights, a date's form
    "true", "false",  # YAML's values, as typed
    "URI", "Unicode", "TAG",  # YAML's words for its tags and escapes (%TAG is a directive)
    "binary", "omap", "pairs",  # YAML's tags as typed (!!binary, !!omap, !!pairs)
})
#: The event syntax's own words besides the verbs (``touch e2 accidentally``, ``claim threefold
#: [MOVE]``, ``drop SQ``), which stay English everywhere.
_EVENT_WORDS = frozenset({"white", "black", "left", "right", "accidentally", "device", "draw", "threefold", "fifty",
                          "MOVE", "SQ"})
_PRINTF = re.compile(r"%(\([a-z_]+\))?[sr]")
_EDGES = "()[],;`'\"!?{}"  # and a trailing colon (a leading one is teach's :quit)


def _parser_vocabulary() -> frozenset[str]:
    """Every command name, option string, choice and metavar of the real parser."""
    import argparse

    from arbiter.cli.parser import build

    found: set[str] = set()
    parsers = [build()]
    while parsers:
        parser = parsers.pop()
        for action in parser._actions:
            found.update(action.option_strings)
            metavars = action.metavar if isinstance(action.metavar, tuple) else (action.metavar,)
            found.update(str(m) for m in metavars if m)
            if action.choices:
                found.update(str(choice) for choice in action.choices)
            if isinstance(action, argparse._SubParsersAction):
                parsers.extend(action.choices.values())
    return frozenset(found)


def _file_format_vocabulary() -> frozenset[str]:
    """The words of the file format, which the error lines quote and no language translates: every
    key of a scenario or report file and of the web API's bodies, the event verbs, the claims and
    the event syntax's other words (:data:`_EVENT_WORDS`)."""
    from pydantic import BaseModel

    from arbiter.files.models import ScenarioFile
    from arbiter.table.events import _PLAIN_CLAIMS, VERBS
    from arbiter.web.models import NewSession, SocketMessage

    found: set[str] = set(VERBS) | set(_PLAIN_CLAIMS) | _EVENT_WORDS
    models: list[type[BaseModel]] = [ScenarioFile, NewSession, SocketMessage]
    seen: set[type[BaseModel]] = set()
    while models:
        model = models.pop()
        if model in seen:
            continue
        seen.add(model)
        for name, info in model.model_fields.items():
            found.update(n for n in (name, info.alias) if n)
            annotation = info.annotation
            stack = [annotation]
            while stack:
                kind = stack.pop()
                if isinstance(kind, type) and issubclass(kind, BaseModel):
                    models.append(kind)
                stack.extend(getattr(kind, "__args__", ()))
    return frozenset(found)


def _language_codes() -> frozenset[str]:
    from arbiter.core.notation import languages

    return frozenset(languages()) | frozenset(LANGUAGES)


def _path_like(token: str) -> bool:
    """A file name, extension, glob, path, address or URL (.pgn.gz, *.yaml, DIR/<report>.md,
    tcp://host:8786)."""
    return bool(re.search(r"[/*<>]|^\.\w|\w\.\w|://|\w\[\w", token))  # arbiter[pdf]: an extra


def _kept_latin(message_id: str, string: str, vocabulary: frozenset[str], codes: frozenset[str]) -> list[str]:
    """The Latin words of ``string`` (a translation of ``message_id``) that may not stay Latin:
    a Latin word is kept only if the token holding it is in the English message too and is an
    option name or the value after one (``--engine dask``), a command name, choice or metavar of
    the parser, a file name, path or URL, a language code, or one of :data:`_KEPT_WORDS`."""
    english = _PLACEHOLDER.sub(" ", _PRINTF.sub(" ", message_id)).split()
    english_tokens = {re.sub(r"'s$", "", token.strip(_EDGES).rstrip(":").strip(_EDGES))  # the PGN's
                      for token in english}
    tokens = _PLACEHOLDER.sub(" ", _PRINTF.sub(" ", string)).split()
    wrong = []
    previous = ""
    for raw in tokens:
        token = re.sub(r"-[\u0400-\u04FF]+$", "", raw.strip(_EDGES).rstrip(":").strip(_EDGES))  # a case ending: PGN-а
        words = re.findall(r"[A-Za-z]{2,}", token)
        if words:
            in_english = token in english_tokens
            kept = in_english and (
                token.startswith("-")
                or (previous.startswith("--") and f"{previous} {token}" in message_id)
                or token in vocabulary or token in codes or token in _KEPT_WORDS or _path_like(token)
                or all(word in _KEPT_WORDS for word in words))  # Ctrl-C, ARBITER_LANG
            if not kept:
                wrong += words
        previous = token
    return wrong


def test_the_rule_for_latin_words_catches_english_left_in_place() -> None:
    vocabulary, codes = _parser_vocabulary(), _language_codes()
    assert {"validate", "--engine", "dask", "watching", "FILE", "markdown"} <= vocabulary
    assert _kept_latin("the output: {formats}", "the output: {formats}", vocabulary, codes) == ["the", "output"]
    assert _kept_latin("the output: {formats} (default: text, for people)",
                       "излаз: {formats} (подразумевано: text, за people)", vocabulary, codes) == ["people"]
    assert _kept_latin("print the version and exit", "print the version и изађи", vocabulary, codes) == [
        "print", "the", "version"]
    assert _kept_latin("the PGN's moves", "потези PGN-а", vocabulary, codes) == []
    # kept tokens are kept only if the English message has them too
    assert _kept_latin("the output", "излаз PGN", vocabulary, codes) == ["PGN"]
    assert _kept_latin("the output", "излаз --format", vocabulary, codes) == ["format"]
    assert _kept_latin("with --engine dask: the scheduler (tcp://host:8786)",
                       "уз --engine dask: распоређивач (tcp://host:8786)", vocabulary, codes) == []
    assert _kept_latin("0 stopped (Ctrl-C), every *.yaml below, %(prog)s: error",
                       "0 заустављено (Ctrl-C), сви *.yaml, %(prog)s: грешка", vocabulary, codes) == []
    assert _kept_latin("see `arbiter notation`; sr-Cyrl, figurine", "видети `arbiter notation`; sr-Cyrl, figurine",
                       vocabulary, codes) == []


def test_no_english_word_is_left_in_the_cyrillic_catalogues() -> None:
    vocabulary, codes = _parser_vocabulary() | _file_format_vocabulary(), _language_codes()
    for locale in ("sr", "bg"):
        leftovers = []
        for message_id, string, _ in _messages(locale):
            ids = message_id if isinstance(message_id, tuple) else (message_id,)
            strings = string if isinstance(string, tuple) else (string,)
            for text in strings:
                words = _kept_latin(" ".join(str(i) for i in ids), str(text), vocabulary, codes)
                if words:
                    leftovers.append((ids[0], words))
        assert leftovers == [], locale


def test_the_latin_catalogue_is_the_cyrillic_one_transliterated() -> None:
    expected = catalogues.latin_text(catalogues.catalogue("sr").read_text(encoding="utf-8"))
    assert catalogues.catalogue("sr_Latn").read_text(encoding="utf-8") == expected
    for _message_id, string, _ in _messages("sr_Latn"):
        assert not re.search(r"[\u0400-\u04FF]", str(string))
    assert to_latin("Бели је дотакао скакача") == "Beli je dotakao skakača"


@pytest.mark.parametrize("locale", ["sr", "sr_Latn", "bg"])
def test_the_compiled_catalogues_are_those_of_the_po_files(locale: str) -> None:
    po = catalogues.catalogue(locale)
    compiled = io.BytesIO()
    write_mo(compiled, read_po(po.open(encoding="utf-8")))
    assert po.with_suffix(".mo").read_bytes() == compiled.getvalue(), "run python -m arbiter.core.catalogues compile"


def test_every_language_has_every_article() -> None:
    from arbiter.laws.articles import articles

    english = list(articles())
    for language in LANGUAGES:
        assert list(articles(language)) == english


# -- explain in each language -----------------------------------------------------------------------

#: What may stay Latin in a Cyrillic narration: squares, UCI moves, FEN, article numbers, the
#: board's files and piece letters, the clocks.
_NOT_WORDS = re.compile(r"\b([a-h][1-8]([a-h][1-8][qrbn]?)?|[A-Z]\.\d[\d.]*)\b")


_FEN = re.compile(r"[pnbrqkPNBRQK1-8]+(/[pnbrqkPNBRQK1-8]+){7}( [wb] [KQkq-]+ [a-h1-8-]+ \d+ \d+)?")
_DIAGRAM = re.compile(r"\s*([1-8]( [.pnbrqkPNBRQK])+|(\s?[a-h])+)\s*")


def _words_left(text: str) -> list[str]:
    """The Latin words of a narration outside the file's own title line, FEN, the board diagram,
    squares, UCI moves and article numbers."""
    left = []
    for line in text.splitlines()[1:]:  # the first line is the file's own title and path
        if _DIAGRAM.fullmatch(line):
            continue
        left += re.findall(r"[A-Za-z]{2,}", _NOT_WORDS.sub("", _FEN.sub("", line)))
    return left


@pytest.mark.parametrize("language", ["sr", "bg"])
@pytest.mark.parametrize("case", CASES)
def test_explain_speaks_wholly_in_the_language(language: str, case: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = _narrated(capsys, "explain", "--lang", language, str(FIXTURES / f"{case}.yaml"))
    assert _words_left(text) == []


@pytest.mark.parametrize("language", ["sr", "sr-Latn", "bg"])
@pytest.mark.parametrize("case", CASES)
def test_explain_snapshot(language: str, case: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = _narrated(capsys, "explain", "--lang", language, str(FIXTURES / f"{case}.yaml"))
    text = text.replace(str(FIXTURES), "FIXTURES")
    snapshot = SNAPSHOTS / language / f"{case}.txt"
    if os.environ.get("ARBITER_UPDATE_SNAPSHOTS"):
        snapshot.parent.mkdir(parents=True, exist_ok=True)
        snapshot.write_text(text, encoding="utf-8")
    assert text == snapshot.read_text(encoding="utf-8")


def test_the_moves_follow_the_language_unless_notation_says_otherwise(capsys: pytest.CaptureFixture[str]) -> None:
    case = str(FIXTURES / "touch-move.yaml")
    assert "Сf3" in _narrated(capsys, "explain", "--lang", "sr", case)
    assert "Sf3" in _narrated(capsys, "explain", "--lang", "sr-Latn", case)
    assert "Кf3" in _narrated(capsys, "explain", "--lang", "bg", case)
    assert "Nf3" in _narrated(capsys, "explain", "--lang", "sr", "--notation", "en", case)


def test_json_keeps_its_keys_and_values_only_the_texts_change(capsys: pytest.CaptureFixture[str]) -> None:
    def without_texts(value: object) -> object:
        if isinstance(value, dict):
            return {k: without_texts(v) for k, v in value.items() if k not in ("text", "san")}
        if isinstance(value, list):
            return [without_texts(v) for v in value]
        return value

    for case in CASES:
        path = str(FIXTURES / f"{case}.yaml")
        english = json.loads(_narrated(capsys, "explain", "--format", "json", path))
        serbian = json.loads(_narrated(capsys, "explain", "--format", "json", "--lang", "sr", "--notation", "en", path))
        assert without_texts(serbian) == without_texts(english)
        assert serbian != english


def test_laws_in_bulgarian(capsys: pytest.CaptureFixture[str]) -> None:
    text = _narrated(capsys, "laws", "4.3.1", "--lang", "bg")
    assert text.startswith("4.3.1 Докоснати собствени фигури")
    assert not re.findall(r"[A-Za-z]{2,}", text)


# -- --help in each language --------------------------------------------------------------------------


def _help(capsys: pytest.CaptureFixture[str], command: tuple[str, ...], *options: str) -> str:
    """``arbiter [COMMAND] --help [OPTIONS]`` (the top level has no --lang of its own: the language is
    read from the command line before the parser is built)."""
    with pytest.raises(SystemExit) as stopped:
        main([*command, "--help", *options])
    assert stopped.value.code == 0
    return capsys.readouterr().out


@pytest.fixture
def plain_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """No ARBITER_LANG, the C locale, a fixed width for argparse's wrapping."""
    for name in ("ARBITER_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")
    monkeypatch.setenv("COLUMNS", "100")


@pytest.mark.usefixtures("plain_locale")
def test_help_speaks_serbian(capsys: pytest.CaptureFixture[str]) -> None:
    top = _help(capsys, (), "--lang", "sr")
    assert top.startswith("употреба: arbiter ")
    assert "позициони аргументи:" in top and "опције:" in top
    assert "прикажи ову поруку помоћи и изађи" in top
    assert "провери извештаје о инцидентима према Правилима" in top  # validate's line in the list
    assert "излазни статус: " in top
    validate = _help(capsys, ("validate",), "--lang", "sr")
    assert validate.startswith("употреба: arbiter validate ")
    assert "извештај о инциденту, или фасцикла извештаја" in validate
    assert "излаз: text или json или markdown или pdf" in " ".join(validate.split())
    assert "--format {text,json,markdown,pdf}" in validate  # what is typed stays as it is
    assert not re.search(r"\b(usage|options|show this help|exit status)\b", top + validate)


@pytest.mark.usefixtures("plain_locale")
def test_help_speaks_bulgarian_and_latin_serbian(capsys: pytest.CaptureFixture[str]) -> None:
    assert _help(capsys, ("validate",), "--lang", "bg").startswith("употреба: arbiter validate ")
    latin = _help(capsys, ("validate",), "--lang", "sr-Latn")
    assert latin.startswith("upotreba: arbiter validate ") and "opcije:" in latin


@pytest.mark.usefixtures("plain_locale")
@pytest.mark.parametrize("command", [(), ("validate",), ("audit",)])
def test_english_help_is_unchanged(command: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    default = _help(capsys, command)
    assert default == _help(capsys, command, "--lang", "en")
    assert default.startswith("usage: arbiter")
    assert "options:" in default and "show this help message and exit" in default
    assert "exit status: " in default
    assert not re.search(r"[\u0400-\u04FF]", default)
