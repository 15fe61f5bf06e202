"""The command line: outputs and exit statuses (FORMAT §6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter.cli import main

PASSING = "title: passes\nsource: Laws 4.3.1\nevents:\n  - white: play e4\nexpect:\n  to_move: black\n"
FAILING = "title: fails\nevents:\n  - white: play e4\nexpect:\n  to_move: white\n"
INVALID = "title: invalid\nevents:\n  - white: plcae e4\n"
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "a.yaml").write_text(PASSING)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.yaml").write_text(FAILING)
    (tmp_path / "sub" / "c.yaml").write_text(INVALID)
    return tmp_path


def test_run_passing_exits_0(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(files / "a.yaml")]) == 0
    assert "1 passed, 0 failed, 0 invalid" in capsys.readouterr().out


def test_run_failing_exits_1(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(files / "a.yaml"), str(files / "sub" / "b.yaml")]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "white has the move" not in out and "black has the move, expected white" in out


def test_run_invalid_exits_2_and_the_others_still_run(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(files)]) == 2
    captured = capsys.readouterr()
    assert "1 passed, 1 failed, 1 invalid" in captured.out
    assert f"{files / 'sub' / 'c.yaml'}:3: event 0 (white: plcae e4): unknown verb 'plcae'" in captured.err
    assert "Traceback" not in captured.err


def test_run_json(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--format", "json", str(files)]) == 2
    doc = json.loads(capsys.readouterr().out)
    assert (doc["passed"], doc["failed"], doc["invalid"]) == (1, 1, 1)
    first = doc["scenarios"][0]
    assert first["status"] == "passed" and first["title"] == "passes"
    assert first["final"]["to_move"] == "black" and first["final"]["result"] == "*"
    assert first["rulings"][0]["kind"] == "obligation" and first["rulings"][0]["event"] == 0
    statuses = {Path(s["file"]).name: s["status"] for s in doc["scenarios"]}
    assert statuses == {"a.yaml": "passed", "b.yaml": "failed", "c.yaml": "invalid"}
    assert "unknown verb" in doc["scenarios"][2]["failures"][0]


def test_run_missing_path_is_invalid(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "/no/such/place"]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_explain_narrates(capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "scenarios" / "touch" / "own-piece-touched-other-moved.yaml"
    assert main(["explain", str(path)]) == 0
    out = capsys.readouterr().out
    assert "[0] white: touch g1" in out
    assert "obligation (4.3.1): White touched the knight on g1 and must move it." in out
    assert "4.3.1 Own pieces touched" in out
    assert "8 r n b q k b n r" in out


def test_explain_json_and_invalid(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--format", "json", str(files / "a.yaml")]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["events"][0]["rulings"][1]["kind"] == "made"
    assert main(["explain", str(files / "sub" / "c.yaml")]) == 2


def test_laws(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["laws", "4.4"]) == 0
    out = capsys.readouterr().out
    assert "4.4.2 Rook then king" in out
    assert main(["laws", "--format", "json"]) == 0
    assert any(a["article"] == "7.5.3" for a in json.loads(capsys.readouterr().out))
    assert main(["laws", "42.1"]) == 2
    assert "unknown article '42.1'" in capsys.readouterr().err


def test_a_bug_on_one_file_is_reported_and_the_others_run(
    files: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from arbiter.cli.commands import run as command

    real_run = command.run

    def flaky(scenario):  # type: ignore[no-untyped-def]
        if scenario.spec.title == "fails":
            raise RuntimeError("boom")
        return real_run(scenario)

    monkeypatch.setattr(command, "run", flaky)
    assert main(["run", str(files / "a.yaml"), str(files / "sub" / "b.yaml")]) == 3
    captured = capsys.readouterr()
    assert "internal error, please report it: RuntimeError('boom')" in captured.err
    assert "1 passed, 0 failed, 1 invalid" in captured.out


def test_run_writes_the_rulings_moves_in_the_notation_asked(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "scenarios" / "notation" / "serbian-cyrillic-scoresheet.yaml")
    assert main(["run", "--format", "json", path]) == 0
    own = [r["san"] for r in json.loads(capsys.readouterr().out)["scenarios"][0]["rulings"] if "san" in r]
    assert main(["run", "--format", "json", "--notation", "de", path]) == 0  # the expectations still hold
    german = [r["san"] for r in json.loads(capsys.readouterr().out)["scenarios"][0]["rulings"] if "san" in r]
    assert own == ["O-O", "Лe7", "Сxe5"]
    assert german == ["O-O", "Le7", "Sxe5"]
    assert main(["explain", "--notation", "figurine", path]) == 0
    assert "White made the move ♘xe5." in capsys.readouterr().out


def test_an_unknown_notation_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["run", "--notation", "xx", str(ROOT / "scenarios" / "notation")])
    assert caught.value.code == 2
    assert "unknown notation 'xx'" in capsys.readouterr().err


def test_notation_lists_the_languages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["notation", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 42
    assert main(["notation", "sr"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("sr-Latn") and "Sf3, bxa8=D+, O-O-O" in out


@pytest.mark.parametrize(("lang", "german", "english"), [("bg", "немски", "английски"), ("sr", "немачки", "енглески")])
def test_notation_names_the_languages_in_the_readers_language(lang: str, german: str, english: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """`arbiter notation --lang bg` listed "German", "English" where teach and the errors say "немски"."""
    assert main(["notation", "--lang", lang]) == 0
    rows = {line.split()[0]: line.split()[1] for line in capsys.readouterr().out.splitlines()}
    assert (rows["de"], rows["en"]) == (german, english)
    assert main(["notation", "--lang", lang, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["name"] == "English"  # the JSON's value is the table's


def _in_language(pgn: str, code: str) -> str:
    """A PGN's moves rewritten in ``code``, token by token (tags and results untouched)."""
    from arbiter.core.notation import translate

    lines = []
    for line in pgn.splitlines():
        if line.startswith("["):
            lines.append(line)
            continue
        words = []
        for word in line.split(" "):
            number, _, move = word.rpartition(".")
            words.append(f"{number}.{translate(move, code)}" if number else translate(word, code))
        lines.append(" ".join(words))
    return "\n".join(lines) + "\n"


def _findings(out: str) -> list[object]:
    games = [json.loads(line) for line in out.splitlines()]
    return [(g.get("game"), g.get("result"), g.get("error"), [(f["kind"], f["article"], f["ply"])
             for f in g.get("findings", [])]) for g in games[:-1]] + [games[-1]]


@pytest.mark.parametrize("code", ["de", "sr-Cyrl", "ru", "figurine"])
def test_audit_of_a_pgn_in_another_notation_finds_what_the_english_one_does(
        code: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    english = ROOT / "examples" / "audit" / "games.pgn"
    translated = tmp_path / f"games-{code}.pgn"
    translated.write_text(_in_language(english.read_text(encoding="utf-8"), code), encoding="utf-8")
    assert main(["audit", "--format", "json", str(english)]) == 1  # 1: the planted findings
    wanted = _findings(capsys.readouterr().out)
    assert main(["audit", "--format", "json", "--notation", code, str(translated)]) == 1
    assert _findings(capsys.readouterr().out) == wanted
    assert any(kind == "illegal-move" for *_, found in wanted[:-1] for kind, _, _ in found)  # type: ignore[misc]


def test_the_command_freezes_what_its_imports_made_and_a_call_in_process_does_not(
        files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import gc
    import subprocess
    import sys
    before = gc.get_freeze_count()
    assert main(["run", str(files / "a.yaml")]) == 0
    assert gc.get_freeze_count() == before  # this process goes on: nothing of it kept out of the collector
    script = ("import gc, sys\nfrom arbiter.cli import main\nsys.argv = ['arbiter', 'run', sys.argv[1]]\n"
              "status = main()\nprint(gc.get_freeze_count() > 10000, status)\n")
    done = subprocess.run([sys.executable, "-c", script, str(files / "a.yaml")], capture_output=True, text=True,
                          check=False, cwd=ROOT)
    assert done.stdout.splitlines()[-1] == "True 0"


def test_run_fits_its_lines_to_a_terminal_and_keeps_them_whole_in_a_pipe(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A Serbian title after a file's name was cut by the terminal mid-word: on a terminal each
    line is wrapped between words at its columns; piped, each stays one line."""
    import sys

    from arbiter.cli import render

    castling = str(ROOT / "scenarios" / "castling")
    assert main(["run", "--lang", "sr", castling]) == 0
    piped = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in piped) > 80
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr(render, "terminal_width", lambda stream: 80)
    assert main(["run", "--lang", "sr", castling]) == 0
    shown = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 80 or " " not in line.strip() for line in shown)
    assert " ".join(" ".join(shown).split()) == " ".join(" ".join(piped).split())


def test_a_command_with_no_notation_option_is_not_told_of_one(capsys: pytest.CaptureFixture[str]) -> None:
    """`arbiter quiz --help` said "unless --notation says otherwise", and quiz refuses --notation
    (found by a helper as a Serbian arbiter)."""
    for command, has_it in (("quiz", False), ("laws", False), ("run", True), ("teach", True)):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert ("--notation says otherwise" in " ".join(capsys.readouterr().out.split())) is has_it, command
