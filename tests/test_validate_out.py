"""Issue 12, item 13: ``validate --format markdown --out DIR`` loses nothing. A document already
there is not replaced without ``--force``; two reports of the same file name write neither, the
error naming both; ``--out`` naming a file is a clear error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from arbiter.cli import main

ROOT = Path(__file__).resolve().parent.parent
CONSISTENT = ROOT / "examples" / "reports" / "flag-against-lone-king-draw.yaml"
INCONSISTENT = ROOT / "examples" / "reports" / "illegal-move-rapid-wrong-penalty.yaml"


def _markdown(out: Path, *args: str) -> list[str]:
    return ["validate", "--format", "markdown", "--out", str(out), *args]


def test_a_document_already_there_is_not_replaced(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "docs"
    out.mkdir()
    (out / "flag-against-lone-king-draw.md").write_text("the arbiter's own notes\n", encoding="utf-8")
    assert main(_markdown(out, str(CONSISTENT), str(INCONSISTENT))) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"arbiter validate: {out / 'flag-against-lone-king-draw.md'} exists: not overwritten (--force overwrites it); "
        f"{CONSISTENT} not written"]
    assert captured.out.splitlines() == [f"wrote {out / 'illegal-move-rapid-wrong-penalty.md'}"]
    assert (out / "flag-against-lone-king-draw.md").read_text(encoding="utf-8") == "the arbiter's own notes\n"
    assert not (out / "flag-against-lone-king-draw.svg").exists()  # neither of its two files is written


def test_an_svg_already_there_is_not_replaced_either(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "flag-against-lone-king-draw.svg").write_text("<svg>mine</svg>", encoding="utf-8")
    assert main(_markdown(tmp_path, str(CONSISTENT))) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"arbiter validate: {tmp_path / 'flag-against-lone-king-draw.svg'} exists: not overwritten "
        f"(--force overwrites it); {CONSISTENT} not written"]
    assert (tmp_path / "flag-against-lone-king-draw.svg").read_text(encoding="utf-8") == "<svg>mine</svg>"
    assert not (tmp_path / "flag-against-lone-king-draw.md").exists()


def test_force_replaces_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "flag-against-lone-king-draw.md"
    target.write_text("old\n", encoding="utf-8")
    assert main([*_markdown(tmp_path, str(CONSISTENT)), "--force"]) == 0
    assert capsys.readouterr().out.splitlines() == [f"wrote {target}"]
    assert target.read_text(encoding="utf-8").startswith("# Incident report")
    assert (tmp_path / "flag-against-lone-king-draw.svg").read_text(encoding="utf-8").startswith("<svg")


def test_two_reports_of_the_same_name_write_neither_and_are_both_named(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "a" / "r.yaml", tmp_path / "b" / "r.yaml"
    for path, report in ((first, CONSISTENT), (second, INCONSISTENT)):
        path.parent.mkdir()
        shutil.copy(report, path)
    out = tmp_path / "docs"
    for force in ([], ["--force"]):  # --force replaces what was there before, never a clash
        assert main([*_markdown(out, str(first), str(second), str(CONSISTENT)), *force]) == 2
        captured = capsys.readouterr()
        assert captured.err.splitlines() == [
            f"arbiter validate: {first} and {second} would both be written to {out / 'r.md'}: none of them is "
            "written (rename one, or validate them into different folders)"]
        assert captured.out.splitlines() == [f"wrote {out / 'flag-against-lone-king-draw.md'}"]
        assert not (out / "r.md").exists() and not (out / "r.svg").exists()
        (out / "flag-against-lone-king-draw.md").unlink()
        (out / "flag-against-lone-king-draw.svg").unlink()


def test_names_that_differ_only_in_case_clash(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a").mkdir()
    first, second = tmp_path / "a" / "R.yaml", tmp_path / "r.yaml"
    shutil.copy(CONSISTENT, first)
    shutil.copy(CONSISTENT, second)
    assert main(_markdown(tmp_path / "docs", str(first), str(second))) == 2
    assert f"{first} and {second} would both be written to" in capsys.readouterr().err
    assert not (tmp_path / "docs").exists()


def test_the_same_report_given_twice_is_written_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(_markdown(tmp_path, str(CONSISTENT), str(CONSISTENT))) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [f"wrote {tmp_path / 'flag-against-lone-king-draw.md'}"]
    assert captured.err == ""


def test_out_naming_a_file_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    existing = tmp_path / "notes.md"
    existing.write_text("keep me\n", encoding="utf-8")
    assert main(_markdown(existing, str(CONSISTENT))) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"arbiter validate: --out {existing}: a file, not a folder: --out names the folder the documents are "
        "written in"]
    assert captured.out == ""
    assert existing.read_text(encoding="utf-8") == "keep me\n"


def test_force_without_out_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["validate", "--format", "markdown", "--force", str(CONSISTENT)])
    assert caught.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "arbiter validate: error: --force lets --out DIR overwrite documents: it needs --out DIR")


def test_a_document_that_cannot_be_written_does_not_stop_the_others(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "flag-against-lone-king-draw.md").mkdir()  # a folder where the document would go
    assert main([*_markdown(tmp_path, str(CONSISTENT), str(INCONSISTENT)), "--force"]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"arbiter validate: {tmp_path / 'flag-against-lone-king-draw.md'}: Is a directory"]
    assert captured.out.splitlines() == [f"wrote {tmp_path / 'illegal-move-rapid-wrong-penalty.md'}"]


@pytest.mark.parametrize(("lang", "said"), [("sr", "записана датотека"), ("sr-Latn", "zapisana datoteka"),
                                            ("bg", "записан файл")])
def test_the_document_written_is_said_in_the_language(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       lang: str, said: str) -> None:
    """A Serbian or Bulgarian screen said 'wrote <path>' in English after every document."""
    assert main([*_markdown(tmp_path, str(CONSISTENT)), "--lang", lang]) == 0
    assert capsys.readouterr().out.splitlines() == [f"{said} {tmp_path / 'flag-against-lone-king-draw.md'}"]


def test_a_document_the_system_refuses_is_said_in_the_language(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """The system's reason a document cannot be written, for the common ones, in the language (it was the
    system's English on a Serbian screen)."""
    out = tmp_path / "docs"
    out.mkdir()
    (out / "flag-against-lone-king-draw.md").mkdir()  # a folder where the document goes
    assert main([*_markdown(out, str(CONSISTENT)), "--force", "--lang", "sr"]) == 2
    err = capsys.readouterr().err
    assert "flag-against-lone-king-draw.md: то је фасцикла" in err, err
    (tmp_path / "notes.txt").write_text("a file\n", encoding="utf-8")  # --out under a file: no folder made
    assert main([*_markdown(tmp_path / "notes.txt" / "docs", str(CONSISTENT)), "--lang", "sr"]) == 2
    err = capsys.readouterr().err
    assert "notes.txt/docs: то није фасцикла" in err, err
