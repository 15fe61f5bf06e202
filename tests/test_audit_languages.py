"""arbiter audit in the other languages (issue 16): the findings, notes, hints, errors and the
summary line said in the language of ``--lang``; the JSON the same as in English but for its text;
``--jobs 2`` the output of ``--jobs 1`` in every language (the workers are given the language)."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest

from arbiter.cli import main
from arbiter.core.i18n import current_language, use_language
from arbiter.files.audit import audit_text
from arbiter.files.findings import KINDS, kind_words

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "audit"
GAMES = EXAMPLES / "games.pgn"
GERMAN = EXAMPLES / "german.pgn"

#: Games whose notes and errors are no finding: a malformed tag and no result written, a variant,
#: a clock comment beyond bounds, a game ended after its tags whose moves follow as another game.
NOTED = """[Event "Notes"]
[White "Ana"]
[Black "Bojan"]
[Round 1 2]

1. e4 e5 2. Nf3

[Event "Variant"]
[Variant "Crazyhouse"]
[White "Ceca"]
[Black "Dule"]
[Result "*"]

1. e4 e5 *

[Event "Clock"]
[White "Ema"]
[Black "Filip"]
[Result "*"]

1. e4 { [%clk 5000:00:00] } e5 *

[Event "Cut"]
[White "Goran"]
[Black "Hana"]
[Result "1-0"]


1. e4 e5 1-0
"""


def _audit(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(["audit", *args])
    return status, capsys.readouterr().out


def _latin_words(line: str) -> list[str]:
    """The Latin words of a line of the text output outside what stays as written: the file's
    name, the players' names and the result, the moves (quoted or not)."""
    line = line.replace(str(GAMES), "")
    line = re.sub(r"\([^()]* - [^()]*\)$", "", line)  # (White - Black, result)
    line = re.sub(r"'[^']*'", "", line)
    line = re.sub(r"\b([KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBN])?[+#]?|O-O(-O)?)\b", "", line)
    return re.findall(r"[A-Za-z]{2,}", line)


def test_the_findings_are_in_serbian(capsys: pytest.CaptureFixture[str]) -> None:
    status, english = _audit(capsys, str(GAMES))
    status_sr, serbian = _audit(capsys, "--lang", "sr", str(GAMES))
    assert status_sr == status == 1
    for sentence in ("није правилан потез: оставља сопственог краља у шаху (3.9)",
                     "требало је да буде исправљен чим је уочен (7.5.1)",
                     "остао би на снази: противник је повукао свој следећи потез (A.5.2)",
                     "Црни је могао да рекламира реми због понављања пре свог 4. потеза, тако што запише Ng8",
                     "Бели је могао да рекламира реми због понављања пре свог 5. потеза",
                     "победа на време, али победник не може да матира (недовољно материјала за мат): реми",
                     "победа предајом, али победник не може да матира",
                     "партија је завршена 2. потезом црног: мат; каснији потези и записани резултат се не рачунају",
                     "партија је завршена: мат (1-0); записани резултат је 0-1",
                     "212 партија проверено"):
        assert sentence in serbian
    assert "партија 151 (W151 - B151, 0-1)" in serbian
    left = [(line, words) for line in serbian.splitlines() if (words := _latin_words(line))]
    assert left == []
    # the same lines, in the same order, with the same kinds (in the language's words) and articles
    assert len(serbian.splitlines()) == len(english.splitlines())
    english_kinds = re.findall(r"^    ([a-z-]+) (\([\d.A]+\))", english, re.M)
    with use_language("sr"):
        said = [(kind_words(kind), article) for kind, article in english_kinds]
    assert re.findall(r"^    ([^(\n]+) (\([\d.A]+\))", serbian, re.M) == said and len(said) > 60
    assert "    неправилан потез (7.5.1) потез 5, црни: 'Ke7d6' није правилан потез" in serbian
    assert "  могућа рекламација троструког понављања 18\n  неправилан потез" in serbian  # the summary's kinds
    assert "is not a legal move" in english and "is not a legal move" not in serbian
    assert "    illegal-move (7.5.1) move 5, Black: 'Ke7d6' is not a legal move" in english  # English: the kinds
    assert "\n  could-claim-threefold    18\n" in english


@pytest.mark.parametrize("language", ["sr", "sr-Latn", "bg"])
def test_every_kind_of_finding_has_its_words_in_the_language(language: str) -> None:
    with use_language(language):
        said = [kind_words(kind) for kind in KINDS]
    assert len(set(said)) == len(KINDS) and not set(said) & set(KINDS) and not [words for words in said if "-" in words]
    produced = set(re.findall(r'Finding\("([a-z-]+)"', "".join(
        path.read_text(encoding="utf-8") for path in (ROOT / "arbiter" / "files").glob("*.py"))))
    assert produced and produced <= set(KINDS)


@pytest.mark.parametrize(("language", "sentence"), [
    ("sr-Latn", "nije pravilan potez: ostavlja sopstvenog kralja u šahu (3.9)"),
    ("bg", "не е правилен ход: оставя собствения цар в шах (3.9)"),
])
def test_the_other_languages_too(language: str, sentence: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, text = _audit(capsys, "--lang", language, str(GAMES))
    assert status == 1
    assert sentence in text


def test_hints_and_notes_in_serbian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, german = _audit(capsys, "--lang", "sr", str(GERMAN))
    assert ("потези су записани словима фигура језика немачки (de), како члан C.5 дозвољава; "
            "енглески их не може прочитати: проверите запис са --notation de") in german  # one finding a game
    assert "напомена: речи које python-chess чита само делимично, као потез: 'Sa3' као a3" in german
    assert "не означава ниједан потез" not in german  # no misread move is a finding
    assert "савет: 4 партије се читају као немачки (de), а не као енглески: покушајте --notation de" in german
    noted = tmp_path / "noted.pgn"
    noted.write_text(NOTED, encoding="utf-8")
    _, text = _audit(capsys, "--lang", "sr", str(noted))
    for sentence in ("напомена: ред 4: неисправна ознака '[Round 1 2]': python-chess прескаче цео ред",
                     "напомена: после потеза није записан резултат (њен резултат је *)",
                     "није проверена: шаховска варијанта Crazyhouse (њена правила нису Правила шаха; њени потези "
                     "се не читају)",
                     "оштећена партија: полупотез 1: неисправан коментар [%clk]: очитавање сата '5000:00:00' је "
                     "преко 1000 сати",
                     "два празна реда после њених ознака завршила су је пре иједног потеза: њени потези се читају "
                     "као партија 5, партија без ознака",
                     "напомена: нема ознака: највероватније потези партије 4"):
        assert sentence in text
    _, english = _audit(capsys, str(noted))
    assert "note: no result is written after the moves (its result is *)" in english


def test_errors_about_files_in_serbian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prose = tmp_path / "notes.txt"
    prose.write_text("These are my notes on the tournament.\nNothing here is a game.\n", encoding="utf-8")
    empty = tmp_path / "empty.pgn"
    empty.write_text("", encoding="utf-8")
    cut = tmp_path / "cut.pgn.gz"
    whole = gzip.compress(GAMES.read_bytes())
    cut.write_bytes(whole[: len(whole) // 2])
    assert main(["audit", "--lang", "sr", str(prose), str(empty), str(cut)]) == 2
    err = capsys.readouterr().err
    assert re.search(r"cut.pgn.gz: скраћени gzip подаци: .* \(после партије \d+; остатак датотеке се не чита\)", err)
    assert "не садржи ниједну PGN партију: нема пара ознака као што је [Event \"...\"]" in err
    assert "не садржи ниједну PGN партију: датотека је празна" in err


def _without_texts(lines: str) -> list[Any]:
    """The JSON lines with the text for people taken out (the findings' and the hint's ``text``,
    ``error``, ``note``, the invalid files' errors): what stays is the contract."""
    documents = [json.loads(line) for line in lines.splitlines()]
    for document in documents:
        for finding in document.get("findings", []):
            finding.pop("text")
        if document.get("notation_hint"):
            document["notation_hint"].pop("text")
        for key in ("error", "note"):
            if document.get(key) is not None:
                document[key] = "text"
        for invalid in document.get("summary", {}).get("invalid_files", []):
            invalid["error"] = "text"
    return documents


@pytest.mark.parametrize("language", ["sr", "bg"])
def test_json_is_english_but_for_the_text(language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    noted = tmp_path / "noted.pgn"
    noted.write_text(NOTED, encoding="utf-8")
    paths = [str(GAMES), str(GERMAN), str(noted)]
    english = _audit(capsys, "--format", "json", *paths)
    translated = _audit(capsys, "--lang", language, "--format", "json", *paths)
    assert translated[0] == english[0] == 2  # 2: the broken game (its clock)
    assert _without_texts(translated[1]) == _without_texts(english[1])
    assert translated[1] != english[1]
    assert '"kind": "illegal-move"' in translated[1] and '"kind": "could-claim-threefold"' in translated[1]


@pytest.mark.slow
@pytest.mark.parametrize("output", ["text", "json"])
def test_two_jobs_give_the_output_of_one_in_serbian(output: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    noted = tmp_path / "noted.pgn"
    noted.write_text(NOTED, encoding="utf-8")
    paths = [str(GAMES), str(GERMAN), str(noted)]
    one = _audit(capsys, "--lang", "sr", "--format", output, "--jobs", "1", *paths)
    two = _audit(capsys, "--lang", "sr", "--format", output, "--jobs", "2", *paths)
    assert one == two
    assert "није правилан потез" in one[1]


def test_a_worker_is_given_the_language() -> None:
    """A worker process (spawned, it shares nothing) says the findings in the language it is given."""
    assert current_language() == "en"
    game = audit_text((1, "[Event \"x\"]\n[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n"),
                      lang="sr")
    assert any("је могао да рекламира реми" in finding.text for finding in game.findings)
    assert current_language() == "en"


def test_the_findings_are_fitted_to_a_terminal_and_whole_in_a_pipe(monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A long Serbian finding was cut by the terminal mid-word: on a terminal the findings are
    wrapped between words at its columns, their lines indented; piped, each stays one line."""
    import sys

    from arbiter.cli import render

    assert main(["audit", "--lang", "sr", str(GAMES)]) == 1
    piped = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in piped) > 70
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr(render, "terminal_width", lambda stream: 70)
    assert main(["audit", "--lang", "sr", str(GAMES)]) == 1
    shown = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 70 or " " not in line.strip() for line in shown)
    assert " ".join(" ".join(shown).split()) == " ".join(" ".join(piped).split())  # the same words
