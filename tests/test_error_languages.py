"""Issue 16, the last part: the program's own error lines in Serbian (Cyrillic and Latin) and
Bulgarian, on the command line (``run``, ``validate``, ``explain``) and in the web API's refusals;
the English lines byte for byte as they were. What is not the program's own stays as it is: the
file's name and line, the event as written, FEN, squares, python-chess's and YAML's own words.

The bad files are ``tests/fixtures/errors/``: one of each kind (a YAML syntax error, an unknown
verb, an impossible move, a bad FEN, an ambiguous move, ...), and ``good.yaml`` that runs.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from arbiter.cli import main
from arbiter.core.transliteration import to_latin
from arbiter.web.app import create_app

ERRORS = Path(__file__).parent / "fixtures" / "errors"
GOOD = ERRORS / "good.yaml"
REPORT = Path(__file__).resolve().parent.parent / "examples" / "reports" / "device-found-loss.yaml"
YAML = {"content-type": "application/yaml"}

#: Each bad file: its line, and the English error after ``file:line: `` exactly as it has always been.
ENGLISH = {
    "yaml-syntax.yaml": (3, "malformed YAML: did not find expected node content"),
    "unknown-verb.yaml": (4, "event 1 (black: dance e5): unknown verb 'dance'"),
    "impossible-move.yaml": (4, "event 1 (black: play e4): no piece can play 'e4' in "
                                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
    "bad-fen.yaml": (3, "bad FEN 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQk…' (47 characters): the placement must "
                        "have 8 ranks, separated by /"),
    "ambiguous-move.yaml": (5, "event 0 (white: play Ng3): 'Ng3' is ambiguous in English notation: it may be "
                               "Nfg3 (f1g3), Nhg3 (h1g3)"),
    "empty-square.yaml": (3, "event 0 (white: lift e4): no piece stands on e4"),
    "no-title.yaml": (1, "missing required key 'title'"),
    "illegal-position.yaml": (3, "illegal start position '4k3/8/8/8/8/8/8/4K2K w - - 0 1': too many kings"),
    "time-backwards.yaml": (6, "event 1 (black: play e5): time goes backwards (5s after 10s)"),
    "bad-time-control.yaml": (2, "bad time control '90 minutes' (e.g. 5400+30, 40/5400+30:1800+30, 5400d30)"),
}

#: What each bad file's error says in Serbian (Cyrillic; the Latin is its transliteration) and in
#: Bulgarian: the translated words around what the file wrote.
TRANSLATED = {
    "yaml-syntax.yaml": ("неисправан YAML: није нађен очекивани садржај",
                         "невалиден YAML: не е намерено очакваното съдържание"),
    "unknown-verb.yaml": ("догађај 1 (black: dance e5): непознат глагол 'dance'",
                          "събитие 1 (black: dance e5): непознат глагол 'dance'"),
    "impossible-move.yaml": ("догађај 1 (black: play e4): ниједна фигура не може да одигра 'e4' у rnbqkbnr/",
                             "събитие 1 (black: play e4): нито една фигура не може да изиграе 'e4' в rnbqkbnr/"),
    "bad-fen.yaml": ("неисправан FEN 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQk…' (47 знакова): распоред мора "
                     "имати 8 редова, раздвојених знаком /",
                     "невалиден FEN 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQk…' (47 знака): разположението "
                     "трябва да има 8 хоризонтала, разделени с /"),
    "ambiguous-move.yaml": ("догађај 0 (white: play Ng3): 'Ng3' је двосмислено (нотација: енглески): може бити "
                            "Nfg3 (f1g3), Nhg3 (h1g3)",
                            "събитие 0 (white: play Ng3): 'Ng3' е двусмислено (нотация: английски): може да е "
                            "Nfg3 (f1g3), Nhg3 (h1g3)"),
    "empty-square.yaml": ("догађај 0 (white: lift e4): на пољу e4 нема фигуре",
                          "събитие 0 (white: lift e4): на поле e4 няма фигура"),
    "no-title.yaml": ("недостаје обавезни кључ 'title'", "липсва задължителният ключ 'title'"),
    "illegal-position.yaml": ("неправилна почетна позиција '4k3/8/8/8/8/8/8/4K2K w - - 0 1': превише краљева",
                              "неправилна начална позиция '4k3/8/8/8/8/8/8/4K2K w - - 0 1': твърде много царе"),
    "time-backwards.yaml": ("догађај 1 (black: play e5): време тече уназад (5 s после 10 s)",
                            "събитие 1 (black: play e5): времето тече назад (5 сек. след 10 сек.)"),
    "bad-time-control.yaml": ("неисправан темпо игре '90 minutes' (нпр. 5400+30",
                              "невалидна контрола на времето '90 minutes' (напр. 5400+30"),
}
#: The word ``INVALID`` before an error line, in each language.
INVALID = {"en": "INVALID", "sr": "НЕИСПРАВНО", "sr-Latn": "NEISPRAVNO", "bg": "НЕВАЛИДЕН"}
#: Words of an English sentence that no translated error line may hold (the quoted parts are
#: python-chess's and YAML's own, and hold none of them).
ENGLISH_WORDS = (" the ", " is ", " must ", " cannot ", " no piece ", " event ", " unknown ", " notation ")


def _translated(name: str, language: str) -> str:
    serbian, bulgarian = TRANSLATED[name]
    return {"sr": serbian, "sr-Latn": to_latin(serbian), "bg": bulgarian}[language]


@pytest.fixture(autouse=True)
def plain_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """English unless a command asks for another language."""
    for name in ("ARBITER_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")


def _errors(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, str], str]:
    """``arbiter ARGS`` on every bad file and a good one (a report for ``validate``): the exit
    status, each bad file's error line by file name, and standard output."""
    files = [str(ERRORS / name) for name in ENGLISH]
    status = main([*args, *files, str(REPORT if args[0] == "validate" else GOOD)])
    captured = capsys.readouterr()
    lines = {}
    for line in captured.err.splitlines():
        name = next(n for n in ENGLISH if f"{ERRORS / n}:" in line)
        lines[name] = line
    return status, lines, captured.out


# -- the command line ---------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["run", "validate", "explain"])
def test_the_english_error_lines_are_unchanged(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    for options in ((), ("--lang", "en")):
        status, lines, _out = _errors(capsys, command, *options)
        assert status == 2
        assert lines == {name: f"INVALID {ERRORS / name}:{line}: {message}"
                         for name, (line, message) in ENGLISH.items()}


@pytest.mark.parametrize("language", ["sr", "sr-Latn", "bg"])
@pytest.mark.parametrize("command", ["run", "validate", "explain"])
def test_the_error_lines_speak_the_language(command: str, language: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, out = _errors(capsys, command, "--lang", language)
    assert status == 2
    assert set(lines) == set(ENGLISH)  # one line for each bad file, none lost
    for name, line in lines.items():
        number = ENGLISH[name][0]
        prefix = f"{INVALID[language]} {ERRORS / name}:{number}: "  # the file and its line are still there
        assert line.startswith(prefix), line
        assert _translated(name, language) in line, line
        assert not any(word in f" {line[len(prefix):]} " for word in ENGLISH_WORDS), line
    if command == "run":  # the good file still runs, after the bad ones
        assert {"sr": "ПРОШЛО", "sr-Latn": "PROŠLO", "bg": "УСПЕХ"}[language] in out and str(GOOD) in out
    if command == "explain":
        assert str(GOOD) in out
    if command == "validate":
        assert str(REPORT) in out


@pytest.mark.parametrize("language", ["sr", "bg"])
def test_no_english_sentence_in_the_cyrillic_error_lines(language: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The lines hold no Latin word but the file's own (events, keys, FEN, squares, the notation's
    English name): the messages of pydantic, python-chess and YAML are said in the language too."""
    _status, lines, _out = _errors(capsys, "run", "--lang", language)
    kept = {"white", "black", "dance", "play", "lift", "title", "English", "minutes", "FEN", "YAML"}
    quoted = re.compile(r"'[^']*'")
    for name, line in lines.items():
        message = quoted.sub("", line.split(": ", 1)[1])
        left = set(re.findall(r"[A-Za-z]{2,}", re.sub(r"[KQRBN]?[a-h]?[a-h][1-8]|[pnbrqkPNBRQK1-8/]{8,}.*", "",
                                                         message)))
        assert left <= kept, (name, left - kept)


def test_the_other_files_still_run_and_validate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--lang", "bg", str(ERRORS / "unknown-verb.yaml"), str(REPORT)]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"НЕВАЛИДЕН {ERRORS / 'unknown-verb.yaml'}:4: събитие 1 (black: dance e5): ")
    assert str(REPORT) in captured.out  # the report after the bad file gets its verdict
    assert main(["validate", "--lang", "sr", str(GOOD)]) == 2  # a scenario is no report
    assert "није извештај о инциденту: нема report: (ко, где, када) ни ruling:" in capsys.readouterr().err


def test_arbiter_lang_gives_the_language_of_the_error_lines(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("ARBITER_LANG", "sr-Latn")
    assert main(["run", str(ERRORS / "empty-square.yaml")]) == 2
    assert capsys.readouterr().err == (f"NEISPRAVNO {ERRORS / 'empty-square.yaml'}:3: događaj 0 (white: lift e4): "
                                       "na polju e4 nema figure\n")


def test_a_missing_file_and_an_empty_folder_are_said_in_the_language(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.yaml"
    assert main(["run", "--lang", "bg", str(missing), str(tmp_path)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"НЕВАЛИДЕН {missing}: няма такъв файл или папка",
        f"НЕВАЛИДЕН {tmp_path}: в тази папка няма файлове със сценарии (*.yaml)"]
    assert main(["run", str(missing)]) == 2
    assert capsys.readouterr().err == f"INVALID {missing}: no such file or folder\n"


def test_a_long_event_is_cut_in_every_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    long = tmp_path / "long.yaml"
    long.write_text("title: long\nevents:\n  - white: dance " + "x" * 5000 + "\n", encoding="utf-8")
    assert main(["run", str(long)]) == 2
    english = capsys.readouterr().err
    assert "(5,006 characters)" in english and len(english) < 300
    assert main(["run", "--lang", "sr", str(long)]) == 2
    serbian = capsys.readouterr().err
    assert "догађај 0 (white: dance xxx" in serbian and "(5.006 знакова)" in serbian and len(serbian) < 300


# -- the web API ---------------------------------------------------------------------------------------


@pytest.fixture()
def client() -> Iterator[TestClient]:
    with TestClient(create_app(max_body=10_000), raise_server_exceptions=False) as made:
        yield made


def test_the_api_refuses_a_bad_file_in_the_language_asked(client: TestClient) -> None:
    text = (ERRORS / "unknown-verb.yaml").read_text(encoding="utf-8")
    english = client.post("/api/validate", content=text, headers=YAML)
    assert english.status_code == 400
    assert english.json()["reports"][0]["error"] == "<request>:4: event 1 (black: dance e5): unknown verb 'dance'"
    bulgarian = client.post("/api/validate?lang=bg", content=text, headers=YAML)
    assert bulgarian.status_code == 400
    assert bulgarian.json()["reports"][0]["error"] == (
        "<request>:4: събитие 1 (black: dance e5): непознат глагол 'dance'")
    serbian = client.post("/api/run", content=text, headers={**YAML, "accept-language": "sr"})
    assert serbian.status_code == 400
    assert serbian.json()["scenarios"][0]["failures"] == [
        "<request>:4: догађај 1 (black: dance e5): непознат глагол 'dance'"]


def test_the_api_errors_speak_the_language_asked(client: TestClient) -> None:
    key = client.post("/api/sessions", json={}).json()["id"]
    lift = client.post(f"/api/sessions/{key}/events?lang=bg", json={"line": "white: lift e4"})
    assert (lift.status_code, lift.json()) == (400, {"error": "на поле e4 няма фигура"})
    plain = client.post("/api/run", content="x", headers={"content-type": "text/plain", "accept-language": "sr"})
    assert (plain.status_code, plain.json()) == (
        415, {"error": "тело захтева је YAML текст: Content-Type application/yaml, а не text/plain"})
    big = client.post("/api/run?lang=bg", content="x" * 20_000, headers=YAML)
    assert (big.status_code, big.json()) == (413, {"error": "тялото на заявката е над 10\u00a0000 байта"})
    page = client.get("/api/nothing", headers={"accept-language": "sr"})
    assert (page.status_code, page.json()) == (404, {"error": "нема такве странице: /api/nothing"})
    method = client.get("/api/run?lang=sr-Latn")
    assert (method.status_code, method.json()) == (405, {"error": "GET nije dozvoljen na /api/run"})
    session = client.get("/api/sessions/nope?lang=bg")
    assert session.status_code == 404 and session.json()["error"].startswith("няма такава сесия")
    unknown = client.get("/api/sessions/nope?lang=xx", headers={"accept-language": "sr"})
    assert (unknown.status_code, unknown.json()) == (
        400, {"error": "непознат језик 'xx': изаберите један од en, sr, sr-Latn, bg"})
    body = client.post("/api/sessions?lang=bg", content='{"library": "a", "scenario": "b"}',
                       headers={"content-type": "application/json"})
    assert (body.status_code, body.json()) == (400, {"error": "дайте library или scenario, не и двете"})


def test_the_api_errors_in_english_are_unchanged(client: TestClient) -> None:
    key = client.post("/api/sessions", json={}).json()["id"]
    assert client.post(f"/api/sessions/{key}/events", json={"line": "white: lift e4"}).json() == {
        "error": "no piece stands on e4"}
    assert client.post("/api/run", content="x", headers={"content-type": "text/plain"}).json() == {
        "error": "the body is YAML text: Content-Type application/yaml, not text/plain"}
    assert client.post("/api/run", content="x" * 20_000, headers=YAML).json() == {
        "error": "the body is over 10,000 bytes"}
    assert client.get("/api/nothing").json() == {"error": "no such page: /api/nothing"}
    assert client.get("/api/run").json() == {"error": "GET is not allowed on /api/run"}
    assert client.post("/api/sessions", content='{"library": "a", "scenario": "b"}',
                       headers={"content-type": "application/json"}).json() == {
        "error": "give library or scenario, not both"}
