"""``arbiter validate --format pdf --out DIR`` (issue 16, item 4): a printable report per file, in
the chosen language, read back with poppler's ``pdftotext`` and ``pdftoppm`` (Debian's
``poppler-utils``, which ``.ci/run`` installs)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from arbiter.cli import main
from arbiter.files.reportpdf import DARK, LIGHT

REPORT = Path(__file__).parent / "fixtures" / "i18n" / "report-sr.yaml"
#: The diagram's side: eight squares of 9 mm.
BOARD_MM = 72.0


def _text(pdf: Path) -> str:
    assert shutil.which("pdftotext"), "pdftotext (poppler-utils) is needed: .ci/run installs it"
    done = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True)
    return " ".join(done.stdout.split())


def _written(tmp_path: Path, *options: str) -> Path:
    assert main(["validate", "--format", "pdf", "--out", str(tmp_path), *options, str(REPORT)]) == 0
    pdf = tmp_path / "report-sr.pdf"
    assert pdf.read_bytes().startswith(b"%PDF-")
    return pdf


@pytest.mark.slow
def test_a_serbian_report_reads_in_cyrillic(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _text(_written(tmp_path, "--lang", "sr"))
    assert capsys.readouterr().out.startswith(f"записана датотека {tmp_path / 'report-sr.pdf'}")
    assert "Извештај о инциденту: Првенство Београда" in text
    assert "бели: дотиче f3" in text and "бели: игра Сxe5" in text  # the events, in the language too
    assert "У италијанској партији бели је дотакао скакача на f3" in text  # the account
    assert "Петровић" in text and "Првенство Београда" in text
    assert "У СКЛАДУ СА ПРАВИЛИМА" in text  # the verdict
    assert "Рекламација црног се усваја." in text  # a ruling, in the language chosen
    assert "4.3.1 Дотакнуте сопствене фигуре" in text  # an article cited
    assert "Incident report" not in text and "Verdict" not in text


def test_in_english_the_same_report_is_english(tmp_path: Path) -> None:
    text = _text(_written(tmp_path, "--lang", "en"))
    assert "Incident report" in text and "CONSISTENT" in text and "Black's claim is upheld." in text
    assert "4.3.1 Own pieces touched" in text


def test_the_first_page_shows_the_board(tmp_path: Path) -> None:
    pdf = _written(tmp_path, "--lang", "sr")
    assert shutil.which("pdftoppm"), "pdftoppm (poppler-utils) is needed: .ci/run installs it"
    subprocess.run(["pdftoppm", "-png", "-r", "72", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "page")],
                   check=True)
    (png,) = tmp_path.glob("page*.png")
    image = Image.open(png).convert("RGB")
    pixels = image.load()
    dark = [(x, y) for x in range(image.width) for y in range(image.height) if pixels[x, y] == DARK]
    light = [(x, y) for x in range(image.width) for y in range(image.height) if pixels[x, y] == LIGHT]
    side = BOARD_MM / 25.4 * 72  # the board's side in pixels at 72 dpi
    square = side / 8
    assert len(dark) > 20 * square * square * 0.5 and len(light) > 20 * square * square * 0.5
    for squares in (dark, light):  # each colour spans the board from corner to corner (a1 and h8 dark, h1 and a8 light)
        xs, ys = [x for x, _ in squares], [y for _, y in squares]
        assert abs((max(xs) - min(xs)) - side) < 4 and abs((max(ys) - min(ys)) - side) < 4


def test_pdf_needs_out(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["validate", "--format", "pdf", str(REPORT)])
    assert stop.value.code == 2
    assert "--format pdf writes a PDF file per report: it needs --out DIR" in capsys.readouterr().err


@pytest.mark.slow
def test_an_existing_pdf_is_not_overwritten_without_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = _written(tmp_path)
    pdf.write_bytes(b"mine")
    assert main(["validate", "--format", "pdf", "--out", str(tmp_path), str(REPORT)]) == 2
    assert "exists: not overwritten" in capsys.readouterr().err and pdf.read_bytes() == b"mine"
    assert main(["validate", "--format", "pdf", "--out", str(tmp_path), "--force", str(REPORT)]) == 0
    assert pdf.read_bytes().startswith(b"%PDF-")


def test_a_helpmate_line_is_in_the_appendix_not_in_the_rulings_sentence(tmp_path: Path) -> None:
    """Issue 31, item 3: the ruling says how long the line is; the PDF's appendix gives the line."""
    report = Path(__file__).parent.parent / "examples" / "reports" / "flag-claimed-rightly.yaml"
    assert main(["validate", "--format", "pdf", "--out", str(tmp_path), "--lang", "bg", str(report)]) == 0
    text = _text(tmp_path / "flag-claimed-rightly.pdf")
    body, appendix = text.split("Приложение: линиите до мат")
    assert "съществува вариант от 42 хода" in body and "Кgf6#" not in body  # moves 2 to 43 of the game
    assert appendix.strip().startswith("събитие 1, резултат (6.9): 2. Кc3 a6") and "Кgf6#" in appendix


WRONG_PENALTY = Path(__file__).parent.parent / "examples" / "reports" / "illegal-move-rapid-wrong-penalty.yaml"


@pytest.mark.parametrize(("language", "ruled", "difference", "headers"), [
    ("sr", "Црни добија 2 минута.",
     "Судија је одлучио: Црни добија 2 минута. Правила налажу: Црни добија 1 минут (A.3).",
     "Време догађаја рачуна се од почетка догађаја; сат је оно што је показивао после догађаја."),
    ("bg", "Черните получават 2 минути.",
     "Съдията реши: Черните получават 2 минути. Правилата изискват: Черните получават 1 минута (A.3).",
     "Времето на събитие се брои от началото на събитията; часовникът е това, което е показвал след събитието."),
    ("en", "Black is given 2 minutes.",
     "The arbiter ruled: Black is given 2 minutes. The Laws give: Black is given 1 minute (A.3).",
     "The time of an event is counted from the beginning of the events; a clock is what it read after the event."),
])
def test_the_report_says_rulings_and_differences_in_sentences(tmp_path: Path, language: str, ruled: str,
                                                             difference: str, headers: str) -> None:
    """Issue 31, item 5: the arbiter's rulings and every difference in sentences of the report's
    language, never as data; the timeline says its time is counted from the events' beginning, its
    clocks are readings. The pages are looked at as pictures too (kept in the test's folder)."""
    assert main(["validate", "--format", "pdf", "--out", str(tmp_path), "--lang", language, str(WRONG_PENALTY)]) == 1
    pdf = tmp_path / "illegal-move-rapid-wrong-penalty.pdf"
    text = _text(pdf)
    assert ruled in text and difference in text and headers in text
    assert "{kind" not in text and "kind:" not in text and "seconds:" not in text
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(tmp_path / f"page-{language}")], check=True)
    pages = sorted(tmp_path.glob(f"page-{language}*.png"))
    assert pages
    for page in pages:  # every page holds text, none is blank
        image = Image.open(page).convert("L")
        assert image.getextrema()[0] < 100


def test_a_heading_is_never_left_alone_at_a_pages_foot() -> None:
    """'The articles cited' stood at the foot of page 1, its articles on page 2 (found by a helper
    looking at the pages as pictures)."""
    from fpdf import FPDF

    from arbiter.files import reportpdf

    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.add_font("DejaVu", "B", str(reportpdf.FONTS / "DejaVuSans-Bold.ttf"))
    pdf.add_page()
    pdf.set_y(pdf.page_break_trigger - 15)  # room for the heading, not for what follows it
    reportpdf._heading(pdf, "The articles cited")
    assert pdf.page_no() == 2
    pdf.set_y(100)
    reportpdf._heading(pdf, "Verdict")
    assert pdf.page_no() == 2
