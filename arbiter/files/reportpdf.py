"""The incident report as a printable PDF (fpdf2), in the language in force.

The same document as :func:`arbiter.files.reportdoc.markdown`: the header, the account, the
position before the incident drawn as a diagram, the timeline with both clocks and the Laws'
rulings, what the tournament arbiter ruled, the verdict with its differences, and the text of
every article cited. The text is set in DejaVu Sans (shipped in ``arbiter/files/fonts`` under its
licence), which has the Cyrillic letters and the chess figurines the diagram is drawn with.

fpdf2 is a core dependency (since issue 30), imported only when a PDF is written (the cold
start of the other commands does not pay for it); :func:`pdf_bytes` raises
:class:`PdfUnavailableError` where an install left it out (``pip install --no-deps``).
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import chess

from arbiter.core.clock import format_duration
from arbiter.core.errors import ArbiterError, UnknownArticleError
from arbiter.core.i18n import _, current_language, pgettext
from arbiter.files.reportdoc import arbiter_ruling, cited_articles, mating_lines, timeline_headers, timeline_legend
from arbiter.files.sentences import difference_sentence, laws_sentence, setting_sentence
from arbiter.files.scenario import Scenario
from arbiter.files.validate import Validation
from arbiter.laws.editions import edition_article
from arbiter.laws.texts import event_words

FONTS = Path(__file__).resolve().parent / "fonts"
#: The diagram's squares (the colours of python-chess's SVG board).
LIGHT, DARK = (240, 217, 181), (181, 136, 99)
_FIGURINES = {chess.KING: "♚", chess.QUEEN: "♛", chess.ROOK: "♜", chess.BISHOP: "♝", chess.KNIGHT: "♞",
              chess.PAWN: "♟"}


class PdfUnavailableError(ArbiterError):
    """fpdf2, which writes the PDF documents, is not installed (a core dependency left out)."""


def pdf_bytes(scenario: Scenario, result: Validation) -> bytes:
    """The document of one validated report, as the bytes of a PDF file."""
    try:
        from fpdf import FPDF
    except ImportError:
        raise PdfUnavailableError(_("PDF documents need fpdf2: pip install 'arbiter[pdf]'")) from None
    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.add_font("DejaVu", "", str(FONTS / "DejaVuSans.ttf"))
    pdf.add_font("DejaVu", "B", str(FONTS / "DejaVuSans-Bold.ttf"))
    pdf.add_page()
    spec = scenario.spec
    report = spec.report
    title = spec.title or (report.event if report is not None and report.event else None) or Path(scenario.path).stem
    _heading(pdf, _("Incident report: {title}").format(title=title), size=15)
    if report is not None:
        rows = [(_("Event"), report.event), (_("Round"), report.round), (_("Board"), report.board),
                (_("White"), report.white), (_("Black"), report.black), (_("Arbiter"), report.arbiter),
                (_("Date"), report.date)]
        for label, value in rows:
            if value is not None:
                _line(pdf, f"{label}: {value}")
        if report.account:
            _heading(pdf, _("Account"))
            _paragraph(pdf, str(report.account).strip())
    _heading(pdf, _("The position before the incident"))
    _paragraph(pdf, setting_sentence(scenario))
    _paragraph(pdf, laws_sentence(scenario))
    _diagram(pdf, scenario.start.standing)
    _line(pdf, f"FEN {scenario.start.fen()}", size=8)
    _heading(pdf, _("What happened, and what the Laws say"))
    _paragraph(pdf, timeline_legend())
    _timeline(pdf, scenario, result)
    _heading(pdf, _("What the tournament arbiter ruled"))
    for item in arbiter_ruling(scenario):
        _paragraph(pdf, item.replace("`", ""))
    _heading(pdf, _("Verdict"))
    _line(pdf, pgettext("verdict", result.verdict).upper(), bold=True)
    for difference in result.differences:
        _paragraph(pdf, f"– {difference_sentence(difference)}")
    cited = cited_articles(result)
    _heading(pdf, _("The articles cited"))
    for number in cited:
        try:
            article = edition_article(scenario.settings.laws, number, current_language())
        except UnknownArticleError:
            continue
        _line(pdf, f"{article.number} {article.title}", bold=True)
        _paragraph(pdf, article.text)
    if appendix := mating_lines(result):
        _heading(pdf, _("Appendix: the mating lines"))
        for line in appendix:
            _paragraph(pdf, line)
    out: Any = pdf.output()
    return bytes(out)


#: The room a heading needs below it on its page (mm): a heading is never left alone at a page's
#: foot, its first lines on the next (found by a helper looking at the pages as pictures).
_KEEP_WITH_NEXT = 25


def _heading(pdf: Any, text: str, size: int = 12) -> None:
    if pdf.get_y() + _KEEP_WITH_NEXT > pdf.page_break_trigger:
        pdf.add_page()
    pdf.ln(2)
    pdf.set_font("DejaVu", "B", size)
    pdf.multi_cell(0, size * 0.55, text, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(1)


def _line(pdf: Any, text: str, size: int = 10, bold: bool = False) -> None:
    pdf.set_font("DejaVu", "B" if bold else "", size)
    pdf.multi_cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")


def _paragraph(pdf: Any, text: str) -> None:
    pdf.set_font("DejaVu", "", 10)
    pdf.multi_cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(1)


def _diagram(pdf: Any, standing: chess.BaseBoard, square: float = 9.0) -> None:
    """The board, White at the bottom: coloured squares, the pieces as figurines (White's drawn
    white with a dark outline), files and ranks marked."""
    left, top = pdf.l_margin + 6, pdf.get_y() + 2
    if top + 8 * square + 10 > pdf.h - pdf.b_margin:
        pdf.add_page()
        top = pdf.get_y() + 2
    for rank in range(8):
        for file in range(8):
            x, y = left + file * square, top + (7 - rank) * square
            pdf.set_fill_color(*(LIGHT if (rank + file) % 2 else DARK))
            pdf.rect(x, y, square, square, style="F")
            piece = standing.piece_at(chess.square(file, rank))
            if piece is not None:
                _figurine(pdf, piece, x, y, square)
    pdf.set_text_color(0, 0, 0)
    pdf.set_fill_color(255, 255, 255)
    pdf.set_font("DejaVu", "", 8)
    for index in range(8):
        pdf.text(left - 4, top + (7 - index) * square + square * 0.65, str(index + 1))
        pdf.text(left + index * square + square * 0.4, top + 8 * square + 4, "abcdefgh"[index])
    pdf.set_y(top + 8 * square + 7)


def _figurine(pdf: Any, piece: chess.Piece, x: float, y: float, square: float) -> None:
    glyph = _FIGURINES[piece.piece_type]
    size = square * 2.2  # points for a glyph about as high as the square (in millimetres)
    pdf.set_font("DejaVu", "", size)
    width = pdf.get_string_width(glyph)
    gx, gy = x + (square - width) / 2, y + square * 0.8
    if piece.color == chess.WHITE:
        pdf.set_text_color(40, 40, 40)
        for dx, dy in ((-0.25, 0), (0.25, 0), (0, -0.25), (0, 0.25)):
            pdf.text(gx + dx, gy + dy, glyph)
        pdf.set_text_color(255, 255, 255)
    else:
        pdf.set_text_color(0, 0, 0)
    pdf.text(gx, gy, glyph)


def _timeline(pdf: Any, scenario: Scenario, result: Validation) -> None:
    """A row per event: its number and time, the event, both clocks after it, its rulings."""
    notation = scenario.settings.output_notation or scenario.settings.notation
    headers = timeline_headers()
    pdf.set_font("DejaVu", "B", 8)
    with pdf.table(col_widths=(8, 16, 38, 20, 20, 88), text_align="LEFT", line_height=4) as table:
        row = table.row()
        for header in headers:
            row.cell(header)
        pdf.set_font("DejaVu", "", 8)
        for index, (text, at, clock, given) in enumerate(result.timeline):
            row = table.row()
            row.cell(str(index))
            row.cell(format_duration(at) if at is not None else "")
            row.cell(event_words(scenario.events[index], notation) if index < len(scenario.events) else text)
            row.cell(clock["white"] if clock else "")
            row.cell(clock["black"] if clock else "")
            row.cell("\n".join(f"{pgettext('kind', r.kind)} ({r.article}): {r.text}" for r in given) or "–")


def target(report: str | Path, out: Path) -> Path:
    """Where :func:`write_pdf` writes the document of the report file ``report``."""
    return out / f"{Path(report).stem}.pdf"


def write_pdf(scenario: Scenario, result: Validation, out: Path, overwrite: bool = False) -> Path:
    """``out/<report>.pdf``; its path.

    :raises FileExistsError: if it exists and ``overwrite`` is not given.
    :raises PdfUnavailableError: without fpdf2.
    """
    document = target(scenario.path, out)
    data = pdf_bytes(scenario, result)  # made before anything is written: a failure writes nothing
    out.mkdir(parents=True, exist_ok=True)
    if not overwrite and (document.exists() or document.is_symlink()):
        raise FileExistsError(errno.EEXIST, "the file exists", str(document))
    with document.open("wb" if overwrite else "xb") as handle:
        handle.write(data)
    return document
