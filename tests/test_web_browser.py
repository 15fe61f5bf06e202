"""The page in a real browser (issue 15): Playwright's sync API drives Debian's Chromium, headless,
against the real server (``arbiter.web.app.create_app`` served by uvicorn in a thread).

The pointer does what a hand does at the board: pressed on a piece it touches it, moved it lifts
it, released over a square it places and lets go. After each test the page is photographed at
1280×800 and at 390×844 under the test's ``tmp_path``, and it must have logged no console error.

The module is skipped, saying why, only when ``/usr/bin/chromium`` is missing. It is marked
``slow`` (about 25 s): the quick run (``-m "not slow"``) leaves it out, CI runs it.
"""

from __future__ import annotations

import importlib
import os
import re
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from typing import Any
from pathlib import Path
from urllib.parse import urlsplit

import pytest

#: Debian's Chromium (ARBITER_CHROMIUM names another binary; Playwright's own browsers are not used).
CHROMIUM = Path(os.environ.get("ARBITER_CHROMIUM", "/usr/bin/chromium"))
#: The application factory served; ARBITER_WEB_APP=module:function names another one.
APP = os.environ.get("ARBITER_WEB_APP", "arbiter.web.app:create_app")

#: The eleven tests take about 25 s (a page, a game and two screenshots each).
pytestmark = pytest.mark.slow


# -- fixtures (the server, the browser, a page) ---------------------------------------------------

@pytest.fixture(scope="module")
def chromium_path() -> Path:
    if not CHROMIUM.exists():
        reason = f"no Chromium: {CHROMIUM} is missing (apt-get install chromium); the browser tests are skipped"
        warnings.warn(reason, stacklevel=1)  # in the warnings summary, whatever -r says
        pytest.skip(reason)
    return CHROMIUM


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The real server in a thread, on a free port; stopped at the end of the module."""
    import uvicorn

    module, _, factory = APP.partition(":")
    app = getattr(importlib.import_module(module), factory)()
    port = _free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not running.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser(chromium_path: Path):  # noqa: ANN201 (playwright's Browser)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(chromium_path), headless=True)
        yield launched
        launched.close()


def page_hidden(name: str) -> bool:
    """The report desk and the tab of the Laws hide the board."""
    return "report" in name or "laws_tab" in name


def _is_error(message) -> bool:  # noqa: ANN001 (playwright's ConsoleMessage)
    """A console error, but not the 400 that /api/validate answers for an invalid report, or
    /api/laws for an unknown article (the contract: the browser logs every 4xx response it fetches)."""
    if message.type != "error":
        return False
    return not (message.text.startswith("Failed to load resource")
                and urlsplit(message.location.get("url", "")).path.endswith(("/api/validate", "/api/laws")))


class Board:
    """The page with a game on it, and the hand that plays there."""

    def __init__(self, page, errors: list[str]) -> None:  # noqa: ANN001
        self.page = page
        self.errors = errors

    def wait_ready(self) -> None:
        self.page.wait_for_function("window.arbiterApp && window.arbiterApp.view !== null")
        self.settle()

    def settle(self) -> None:
        """Every act sent has been answered."""
        self.page.evaluate("async () => { await window.arbiterApp.chain; await window.arbiterApp.drawn }")

    def new_game(self, fen: str = "", moves: str = "", time_control: str = "", arbiter: str = "watching",
                 time: str = "real") -> None:
        self.page.fill("#ng-fen", fen)
        self.page.fill("#ng-moves", moves)
        self.page.fill("#ng-tc", time_control)
        self.page.select_option("#ng-arbiter", arbiter)
        self.page.select_option("#ng-time", time)
        self.page.click("#ng-start")
        self.settle()

    def centre(self, square: str) -> tuple[float, float]:
        box = self.page.locator("#board svg").bounding_box()
        assert box is not None
        width = box["width"] / 8
        white = self.page.evaluate("() => window.arbiterApp.orientation()") == "w"
        file, rank = "abcdefgh".index(square[0]), int(square[1]) - 1
        col, row = (file, 7 - rank) if white else (7 - file, rank)
        return box["x"] + (col + 0.5) * width, box["y"] + (row + 0.5) * width

    def click(self, square: str) -> None:
        x, y = self.centre(square)
        self.page.mouse.click(x, y)
        self.settle()

    def drag(self, source: str | tuple[float, float], target: str | tuple[float, float] | None) -> None:
        """Press on ``source`` (a square or a point), move, release over ``target`` (None: off the board)."""
        x, y = self.centre(source) if isinstance(source, str) else source
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        self.page.mouse.move(x + 8, y + 8, steps=2)
        if target is None:
            box = self.page.locator("#board svg").bounding_box()
            assert box is not None
            tx, ty = box["x"] + box["width"] + 40, box["y"] + 20
        else:
            tx, ty = self.centre(target) if isinstance(target, str) else target
        self.page.mouse.move(tx, ty, steps=4)
        self.page.mouse.up()
        self.settle()

    def view(self) -> dict:
        return dict(self.page.evaluate("() => window.arbiterApp.view"))

    def seminar(self, case: str, steps: int) -> None:
        """Load ``case`` of the library in the seminar and step through its first ``steps`` events."""
        self.page.click("#tab-seminar")
        self.settle()
        self.page.wait_for_function("document.querySelectorAll('#sem-library option').length > 100")
        self.page.select_option("#sem-library", case)
        self.page.click("#sem-load")
        self.settle()
        for _ in range(steps):
            self.page.click("#sem-next")
            self.settle()

    def rulings(self, kind: str | None = None):  # noqa: ANN201
        """The rulings' elements (read them with text_content: the list lays out only what is seen)."""
        selector = "#rulings li.ruling" + (f"[data-kind={kind}]" if kind else "")
        return self.page.locator(selector)


@pytest.fixture
def board(browser, server: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Board]:  # noqa: ANN001
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if _is_error(message) else None)
    page.on("pageerror", lambda error: errors.append(f"pageerror: {error}"))
    page.goto(server + "/")
    played = Board(page, errors)
    played.wait_ready()
    yield played
    name = request.node.name
    page.screenshot(path=str(tmp_path / f"{name}-1280x800.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(150)  # the board's resize observer redraws
    page.screenshot(path=str(tmp_path / f"{name}-390x844.png"), full_page=True)
    # On the phone nothing sticks out sideways, and the board fills the width.
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    board_width = page.evaluate("() => document.querySelector('#board svg').getBoundingClientRect().width")
    context.close()
    assert not errors, f"console errors: {errors}"
    assert wide <= 390, f"the page is {wide} px wide on a 390-px screen"
    assert page_hidden(name) or 300 <= board_width <= 390, f"the board is {board_width} px wide on a phone"


# -- the tests ------------------------------------------------------------------------------------

def test_knight_dragged_while_a_touched_pawn_binds(board: Board) -> None:
    board.new_game(arbiter="watching")
    board.click("e2")
    assert board.view()["touched"] == [{"square": "e2", "piece": "P", "put": False}]
    assert "pawn on e2" in board.page.inner_text("#obligation")
    board.drag("g1", "f3")
    violation = board.rulings("violation")
    assert violation.count() == 1
    assert "touch-move does not allow" in violation.first.inner_text()
    # The knight is put back on g1 (the arbiter watching), and the pawn still binds.
    view = board.view()
    assert view["pieces"].get("g1") == "N" and "f3" not in view["pieces"]
    assert board.page.locator("#board [data-square=g1][data-piece=wn]").count() == 1
    assert "pawn on e2" in board.page.inner_text("#obligation")
    # Each ruling shows its article's text, folded.
    board.page.locator("#rulings li.ruling details summary").first.click()
    assert "first piece touched" in board.page.locator("#rulings li.ruling details p").first.inner_text()


def test_castling_king_then_rook_with_the_pointer(board: Board) -> None:
    board.new_game(fen="r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1")
    board.drag("e1", "g1")
    assert board.view()["pieces"].get("g1") == "K"
    board.drag("h1", "f1")
    made = board.rulings("made")
    assert made.count() == 1
    assert "made the move O-O" in made.first.inner_text()
    board.page.click("#clock-white")
    board.settle()
    assert board.rulings("completed").count() == 1
    view = board.view()
    assert view["to_move"] == "black" and view["clock_running"] == "black"
    assert view["fen"].startswith("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq")


def test_promotion_through_the_palette(board: Board) -> None:
    board.new_game(fen="3r3k/4P3/8/8/8/8/8/K7 w - - 0 1")
    board.drag("d8", None)  # Black's rook, dragged off the board: removed (a capture)
    assert "d8" not in board.view()["pieces"]
    board.page.check("#takeoff")
    board.drag("e7", None)  # the pawn taken off the board
    assert "e7" not in board.view()["pieces"]
    board.page.uncheck("#takeoff")
    queen = board.page.locator("#palette .pal[data-piece=Q]").bounding_box()
    assert queen is not None
    board.drag((queen["x"] + queen["width"] / 2, queen["y"] + queen["height"] / 2), "d8")
    assert board.view()["pieces"].get("d8") == "Q"
    assert board.page.locator("#board [data-square=d8][data-piece=wq]").count() == 1
    board.page.click("#clock-white")
    board.settle()
    assert "e7d8q" in board.page.evaluate(
        "() => window.arbiterApp.view.rulings.filter(r => r.ruling.kind === 'made').map(r => r.ruling.move).join()")
    assert board.rulings("completed").count() == 1
    assert board.rulings("violation").count() == 0
    assert board.view()["fen"].startswith("3Q3k/8/8/8/8/8/8/K7 b")
    events = board.view()["events"]
    assert [e.split(" at=")[0] for e in events] == [
        "white: touch d8", "white: remove d8", "white: remove e7", "white: put Q d8", "white: release", "white: press"]


def test_clock_press_and_a_threefold_claim_with_a_written_move(board: Board) -> None:
    board.new_game(moves="Nf3 Nf6 Ng1 Ng8 Nf3 Nf6", time_control="300+2", time="scenario")
    assert board.page.inner_text("#time-white") == "5:00"
    board.page.fill("#at", "10")
    board.drag("f3", "g1")
    board.page.click("#clock-white")
    board.settle()
    view = board.view()
    assert view["clock_running"] == "black"
    assert board.page.inner_text("#time-white") == "4:52"  # 300 - 10 + 2
    assert board.page.locator("#clock-black.running").count() == 1
    board.page.fill("#at", "25")
    board.page.fill("#written", "Ng8")
    board.page.click("#claim-threefold")
    board.settle()
    claim = board.rulings("claim")
    assert claim.count() == 1 and claim.first.get_attribute("data-verdict") == "upheld"
    assert board.page.inner_text("#result").startswith("Result 1/2-1/2")
    assert board.page.inner_text("#time-black") == "4:45"  # 300 - (25 - 10)
    assert board.page.locator(".clock.running").count() == 0  # the game is over: no clock runs


def test_seminar_steps_a_library_scenario_forwards_and_backwards(board: Board) -> None:
    board.page.click("#tab-seminar")
    board.settle()
    board.page.wait_for_function("document.querySelectorAll('#sem-library option').length > 100")
    assert board.page.locator("#sem-library optgroup[label=touch]").count() == 1
    # in Serbian the topics and the titles are the library's in Serbian, the file chosen kept
    board.page.select_option("#sem-library", "adjust/adjust-after-own-move-made.yaml")
    board.page.select_option("#lang", "sr")
    board.page.wait_for_function("document.querySelectorAll('#sem-library optgroup[label=\"додир\"]').length == 1")
    labels = board.page.eval_on_selector_all("#sem-library optgroup", "groups => groups.map(group => group.label)")
    assert len(labels) == 31 and "враћање испуштене фигуре" in labels
    assert not [label for label in labels if re.search("[A-Za-z]", label)]
    assert board.page.input_value("#sem-library") == "adjust/adjust-after-own-move-made.yaml"
    title = board.page.eval_on_selector("#sem-library", "select => select.selectedOptions[0].textContent")
    assert title == "Бели намешта после свог одиграног потеза; Црни је већ на потезу"
    board.page.select_option("#lang", "en")
    board.page.wait_for_function("document.querySelectorAll('#sem-library optgroup[label=touch]').length == 1")
    board.page.select_option("#sem-library", "touch/first-touched-cannot-move.yaml")
    board.page.click("#sem-load")
    board.settle()
    assert board.view()["events"] == [] and board.view()["queued"] > 2
    board.page.click("#sem-next")
    board.settle()
    assert len(board.view()["events"]) == 1
    board.page.click("#sem-next")
    board.settle()
    assert len(board.view()["events"]) == 2
    touched = board.view()["touched"]
    # The question is asked after the second event; the next ruling waits for the answer.
    assert board.page.is_visible("#quiz")
    assert "What binds him" in board.page.inner_text("#quiz-question")
    board.page.click("#sem-next")
    board.settle()
    assert len(board.view()["events"]) == 2
    board.page.locator("#quiz-choices li button").nth(1).click()
    assert board.page.get_attribute("#quiz-grade", "data-grade") == "right"
    assert "4.3.1" in board.page.inner_text("#quiz-grade")
    board.page.click("#sem-next")
    board.settle()
    assert len(board.view()["events"]) == 3
    board.page.click("#sem-back")
    board.settle()
    assert len(board.view()["events"]) == 2 and board.view()["touched"] == touched
    # the seminar's list of events in the page's language, played and queued (it was the file's
    # English: found by a helper as a Serbian arbiter)
    english = board.page.locator("#queue li").all_inner_texts()
    assert english[0].startswith("white: ")
    board.page.select_option("#lang", "sr")
    board.settle()
    board.page.wait_for_function("document.querySelector('#queue li').textContent.startsWith('бели: ')")
    serbian = board.page.locator("#queue li").all_inner_texts()
    assert len(serbian) == len(english) and not [line for line in serbian if line.startswith(("white", "black"))]
    board.page.select_option("#lang", "en")
    board.settle()
    board.page.click("#sem-back")
    board.settle()
    assert len(board.view()["events"]) == 1
    assert board.page.inner_text("#sem-progress").startswith("event 1 of")


#: The rulings of the desk's tests, as the arbiter lists them.
UPHELD = [{"kind": "claim", "claimant": "black", "claim": "touch-move", "verdict": "upheld"}, {"kind": "reinstated"},
          {"kind": "obligation", "player": "white", "square": "g1"}]
REJECTED = [{"kind": "claim", "claimant": "black", "claim": "touch-move", "verdict": "rejected"}]


def _set_rulings(page: Any, rulings: list[dict[str, str]]) -> None:
    """The arbiter's rulings chosen with the desk's controls (issue 31: never typed as YAML)."""
    while page.locator("#r-rulings li").count():
        page.locator("#r-rulings li button.remove").first.click()
    for ruling in rulings:
        page.click("#r-add-ruling")
        row = page.locator("#r-rulings li").last
        row.locator("select[name=kind]").select_option(ruling["kind"])
        for name, value in ruling.items():
            if name == "kind":
                continue
            field = row.locator(f"[name={name}]")
            if field.evaluate("element => element.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)


def _fill_touch_move_report(page: Any, rulings: list[dict[str, str]]) -> None:
    """Open the report desk and write the touch-move incident of the desk's tests (White touched
    g1, played e4; Black claimed) with the arbiter's ``rulings``."""
    page.click("#tab-report")
    page.fill("#r-title", "Touch-move at the club")
    page.fill("#r-event", "Club championship")
    page.fill("#r-account", "White touched the knight on g1, then played e4; Black claimed at once.")
    page.select_option("#r-called", "called")
    page.select_option("#r-start-kind", "none")
    page.fill("#r-events", "white: touch g1\nwhite: play e4\nblack: claim touch-move")
    _set_rulings(page, rulings)


def test_report_desk_validated_live(board: Board) -> None:
    page = board.page
    _fill_touch_move_report(page, UPHELD)
    page.fill("#r-round", "2")
    page.fill("#r-board", "4")
    page.fill("#r-arbiter", "N.N.")
    page.wait_for_function("document.querySelector('#r-verdict').dataset.verdict === 'consistent'")
    assert "report:" in page.inner_text("#r-yaml")
    # The arbiter rejected the claim instead: the Laws say otherwise.
    _set_rulings(page, REJECTED)
    page.wait_for_function("document.querySelector('#r-differences').textContent.startsWith("
                           "\"The arbiter ruled: Black's claim (touch move) is rejected.\")")
    assert page.get_attribute("#r-verdict", "data-verdict") == "inconsistent"
    assert "{kind" not in page.inner_text("#r-differences")  # a sentence, never data
    # A report that cannot be replayed is invalid, and says where.
    page.fill("#r-events", "white: lift e4")
    page.wait_for_function("document.querySelector('#r-verdict').dataset.verdict === 'invalid'")
    page.fill("#r-events", "white: touch g1\nwhite: play e4\nblack: claim touch-move")
    _set_rulings(page, UPHELD)
    page.wait_for_function("document.querySelector('#r-verdict').dataset.verdict === 'consistent'")
    with page.expect_download() as download:
        page.click("#r-download-yaml")
    assert "touch-move" in Path(download.value.path()).read_text()
    # The Markdown comes with the diagram beside it: two downloads, both awaited before the PDF
    # (else the diagram's, arriving late, would be taken for the PDF's).
    arrived: list[Any] = []  # playwright's Download objects

    def arrive(download: Any) -> None:
        arrived.append(download)

    page.on("download", arrive)
    page.click("#r-download-md")
    for _ in range(200):
        if len(arrived) >= 2:
            break
        page.wait_for_timeout(50)
    page.remove_listener("download", arrive)
    assert sorted(download.suggested_filename for download in arrived) == ["report.md", "report.svg"]
    markdown = next(download for download in arrived if download.suggested_filename == "report.md")
    assert "consistent" in Path(markdown.path()).read_text().lower()
    with page.expect_download() as printable:
        page.click("#r-download-pdf")
    assert printable.value.suggested_filename == "report.pdf"
    assert Path(printable.value.path()).read_bytes().startswith(b"%PDF-")


def test_capture_held_piece_released_adjust_accidental_left_hand(board: Board) -> None:
    board.new_game(moves="e4 d5")
    board.page.check("#keep")
    board.drag("e4", "d5")  # onto Black's pawn: it is removed, the pawn set down and still held
    view = board.view()
    assert view["hands"] == [{"player": "white", "hand": "right", "piece": "P", "origin": "e4", "on": "d5"}]
    assert "white's right hand (from e4), set on d5" in board.page.inner_text("#hands-list")
    assert board.rulings("made").count() == 0
    board.page.click("#release")
    board.settle()
    assert "made the move exd5" in board.rulings("made").first.text_content()
    board.page.uncheck("#keep")
    board.page.click("#clock-white")
    board.settle()
    # Black, with the left hand: j'adoube on the queen, an accidental brush of c7, then Qxd5.
    board.page.select_option("#hand", "left")
    board.page.check("#jadoube")
    board.click("d8")
    assert board.view()["touched"] == [] and not board.page.is_checked("#jadoube")
    board.page.check("#accidental")
    board.click("c7")
    assert board.view()["obligation"]["must"] == "any"
    board.drag("d8", "d5")
    assert "made the move Qxd5" in board.rulings("made").first.text_content() or \
        "Qxd5" in board.rulings("made").nth(1).text_content()
    events = board.view()["events"]
    assert any("adjust d8" in e for e in events) and any("accidental" in e for e in events)
    assert board.page.evaluate("() => window.arbiterApp.view.fen").startswith("rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP")


def test_lifted_piece_carried_off_the_board_stays_in_hand(board: Board) -> None:
    board.new_game()
    board.drag("g1", None)  # lifted, and the pointer let go beside the board: still in the hand
    assert board.view()["hands"][0]["origin"] == "g1" and board.view()["hands"][0]["on"] is None
    assert "cannot leave the board" in board.page.inner_text("#message")
    assert board.page.locator("#hands-list .held").count() == 1
    board.click("f3")  # set down where the hand goes next
    assert board.view()["pieces"].get("f3") == "N" and board.view()["hands"] == []
    assert "made the move Nf3" in board.rulings("made").first.text_content()


def test_real_time_clock_runs_and_the_flag_falls(board: Board) -> None:
    board.new_game(time_control="2", time="real")
    assert board.page.inner_text("#time-white") in ("0:02", "0:01")
    board.page.wait_for_function("document.querySelector('#flag-white').textContent !== ''", timeout=5000)
    assert board.page.inner_text("#time-white") == "0:00"
    board.page.select_option("#actor", "black")
    board.page.click("button[data-line='claim flag']")
    board.settle()
    assert board.page.inner_text("#result").startswith("Result 0-1")
    assert "flag fell" in board.page.inner_text("#flag-white")
    assert "(timeout)" in board.rulings("result").first.text_content()


def test_seminar_from_an_uploaded_file(board: Board, tmp_path: Path) -> None:
    scenario = tmp_path / "mine.yaml"
    scenario.write_text("title: Mine\nevents:\n  - white: touch g1\n  - white: play e4\n")
    board.page.click("#tab-seminar")
    board.page.set_input_files("#sem-file", str(scenario))
    board.page.wait_for_function("window.arbiterApp.view.queued === 2")
    board.settle()
    board.page.click("#sem-next")
    board.page.click("#sem-next")
    board.settle()
    assert board.rulings("violation").count() == 1
    # The board takes no act in a seminar.
    board.click("e2")
    assert len(board.view()["events"]) == 2


def test_a_move_on_a_phone_screen(board: Board) -> None:
    board.page.set_viewport_size({"width": 390, "height": 844})
    board.page.wait_for_function("document.querySelector('#board svg').getBoundingClientRect().width <= 390")
    board.new_game(time_control="60+1", time="scenario")
    board.page.fill("#at", "4")
    board.drag("e2", "e4")
    board.page.click("#clock-white")
    board.settle()
    assert "made the move e4" in board.rulings("made").first.text_content()
    assert board.page.inner_text("#time-white") == "0:57"  # 60 - 4 + 1
    assert board.view()["clock_running"] == "black"


def test_the_live_board_speaks_over_a_websocket(board: Board) -> None:
    """The acts at the board reach the server over the session's websocket, not one request each."""
    sent: list[str] = []
    board.page.on("websocket", lambda socket: socket.on("framesent", lambda payload: sent.append(str(payload))))
    board.new_game(arbiter="watching")
    board.drag("e2", "e4")
    assert board.view()["pieces"].get("e4") == "P"
    assert any('"line"' in frame and "e2" in frame for frame in sent), sent


def test_the_language_menu_speaks_serbian_and_is_kept(board: Board) -> None:
    page = board.page
    assert page.inner_text("#ng-start") == "New game" and page.inner_text("#tab-play") == "Play"
    board.new_game(arbiter="watching")
    board.click("e2")
    board.drag("g1", "f3")
    assert "touch-move does not allow" in board.rulings("violation").first.inner_text()
    page.select_option("#lang", "sr")
    board.settle()
    assert page.inner_text("#ng-start") == "Нова партија" and page.inner_text("#tab-play") == "Игра"
    assert page.inner_text("#rulings-heading") == "Одлуке"
    assert page.get_attribute("#written", "placeholder") == "записан потез"
    # The same game, its rulings told again (read with text_content: a list drawn anew may not be
    # laid out yet, and inner_text then reads nothing).
    page.wait_for_function("(document.querySelector('#rulings li.ruling[data-kind=violation]') || {}).textContent"
                           "?.includes('такнуто-макнуто')")
    told = board.rulings("violation").first.text_content() or ""
    assert "такнуто-макнуто" in told and "touch-move" not in told
    assert "пешака на e2" in page.inner_text("#obligation")
    page.reload()
    board.wait_ready()
    assert page.input_value("#lang") == "sr"
    assert page.inner_text("#ng-start") == "Нова партија" and page.inner_text("#clock-white .who") == "Бели"
    board.click("e2")
    assert "пешака на e2" in page.inner_text("#obligation")
    page.select_option("#lang", "en")
    board.settle()
    assert page.inner_text("#ng-start") == "New game" and "pawn on e2" in page.inner_text("#obligation")


def test_the_status_and_the_hands_speak_the_language(board: Board) -> None:
    """The view's contract words (who has the move, whose clock runs, the turn's state, a hand,
    the result's reason) shown in the language chosen, English as they are in the view."""
    page = board.page
    board.new_game(moves="e4 d5")
    page.check("#keep")
    board.drag("e4", "d5")
    status = "#to-move, #clock-running, #state"
    assert [page.inner_text(s) for s in status.split(", ")] == ["white", "white", "placed"]
    assert "obligation" in page.locator("#rulings li.ruling .kind").all_text_contents()
    assert "white's right hand (from e4), set on d5" in page.inner_text("#hands-list")
    page.select_option("#lang", "sr")
    board.settle()
    page.wait_for_function("document.querySelector('#state').textContent !== 'placed'")
    assert [page.inner_text(s) for s in status.split(", ")] == ["бели", "бели", "фигура на пољу, још у руци"]
    assert "десна рука белог (са e4), на пољу d5" in page.inner_text("#hands-list")
    assert page.get_attribute("#line", "placeholder") == "догађај: бели: дотиче g1, Сf3, црни: рекламира пад заставице"
    assert page.get_attribute("#ng-moves", "placeholder") == "e4 e5 Сf3"  # the moves a new game reads
    kinds = page.locator("#rulings li.ruling .kind").all_text_contents()
    assert kinds and "обавеза" in kinds and "obligation" not in kinds, kinds
    page.select_option("#lang", "bg")
    board.settle()
    page.wait_for_function("document.querySelector('#to-move').textContent === 'белите'")
    page.uncheck("#keep")
    page.click("#release")
    board.settle()
    page.fill("#line", "black: resign")
    page.press("#line", "Enter")
    board.settle()
    page.wait_for_function("document.querySelector('#result').textContent.includes('предаване')")
    assert page.inner_text("#result") == "Резултат 1-0 (предаване)"


def test_the_page_says_its_own_lines_in_the_language_up_to_the_report_desk(board: Board) -> None:
    """The lines the page writes itself (a lifted piece carried off, the seminar's progress, a
    wrong answer, the report desk's verdict) in the language chosen."""
    page = board.page
    page.select_option("#lang", "sr")
    board.settle()
    board.new_game()
    board.drag("g1", None)
    assert page.inner_text("#message").startswith("подигнута фигура не може да напусти таблу")
    assert page.get_attribute("#palette .pal[data-piece=N]", "title") == "бели скакач"
    board.seminar("touch/first-touched-cannot-move.yaml", 2)
    assert page.inner_text("#sem-progress").startswith("догађај 2 од ")
    page.locator("#quiz-choices li button").nth(0).click()
    assert page.get_attribute("#quiz-grade", "data-grade") == "wrong"
    assert page.inner_text("#quiz-grade").startswith("Није тачно: одговор је 2.")
    _fill_touch_move_report(page, REJECTED)
    page.wait_for_function("document.querySelector('#r-verdict').dataset.verdict === 'inconsistent'")
    assert page.inner_text("#r-verdict") == "није у складу са Правилима"
    assert page.inner_text("#r-download-yaml") == "Преузми YAML"
    assert page.get_attribute("#r-start", "placeholder") == "FEN или PGN"


def test_a_quiz_question_on_the_page_shows_what_its_answer_depends_on_in_serbian(board: Board,
                                                                                  tmp_path: Path) -> None:
    """Issue 31, item 1: the board before the events (a diagram), the ruleset, the supervision and the
    arbiter, the moves before the start that the repetition count rests on, and the events in the
    language's words; the quiz box's picture is kept in the test's output."""
    page = board.page
    page.select_option("#lang", "sr")
    board.settle()
    board.seminar("claims-before-press/threefold-after-move-made-upheld-called.yaml", 2)
    assert page.is_visible("#quiz")
    assert page.locator("#quiz-board svg").count() == 1  # the board before the events
    assert page.inner_text("#quiz-board figcaption") == "Табла пре догађаја"
    shown = page.inner_text("#quiz-shown")
    assert "Врста шаха: класични шах, судија: долази на позив." in shown  # no supervision in standard chess
    assert "Претходни потези: 1. Сf3 Сf6 2. Сg1 Сg8 3. Сf3 Сf6 4. Сg1." in shown
    assert page.inner_text("#quiz-events") == "црни: помера f6 g8, бели: рекламира троструко понављање"
    assert page.inner_text("#quiz-question") == "Какав је сада исход партије?"
    page.locator("#quiz").screenshot(path=str(tmp_path / "quiz-question-sr.png"))


def test_a_helpmate_line_is_an_item_to_open_not_part_of_the_rulings_sentence(board: Board) -> None:
    """Issue 31, item 3: the ruling says how long the line is; the page gives the line on request."""
    page = board.page
    board.seminar("dead-positions/flag-king-walks-pawn-survives.yaml", 1)
    assert page.is_visible("#quiz")  # "what is the result?": the rulings wait for the answer
    # nothing gives the answer away before it is given: the result, the obligation, the rulings
    for withheld in ("#result", "#obligation", "#rulings"):
        assert "withheld" in (page.get_attribute(withheld, "class") or ""), withheld
    assert page.inner_text("#state") == "…"
    page.locator("#quiz-choices li button").nth(0).click()
    board.settle()
    for shown in ("#result", "#obligation", "#rulings"):
        assert "withheld" not in (page.get_attribute(shown, "class") or ""), shown
    assert page.inner_text("#state") == "game over: 1-0"
    result = page.locator("#rulings li.ruling[data-kind=result]")
    assert result.count() == 1
    result.scroll_into_view_if_needed()  # the list draws only what is in view (content-visibility)
    sentence = result.evaluate("li => li.firstChild.nextSibling.textContent")  # the text after the kind
    assert "White can mate: a line of 31 moves exists." in sentence and "#" not in sentence
    line = result.locator("details.line")
    assert line.locator("summary").text_content() == "the mating line"
    assert line.evaluate("details => details.open") is False  # closed until asked for
    line.locator("summary").click()
    assert line.evaluate("details => details.open") is True
    text = line.locator("p").text_content() or ""
    assert text.startswith("1...Kh3 2. Ke3") and text.endswith("31. Qa1#")


def test_a_dragged_move_is_one_undo_the_take_off_toggle_one_use_and_the_status_speaks_plainly(board: Board) -> None:
    """Issue 31, item 7."""
    page = board.page
    board.new_game()
    assert page.inner_text("#state") == "nothing touched"
    board.drag("e2", "e4")  # touch, lift, drop: three events, one act
    board.settle()
    assert [str(e).split(": ", 1)[-1] for e in board.view()["events"]] == ["touch e2", "lift e2", "drop e4"]
    page.click("#undo")
    board.settle()
    assert board.view()["events"] == []  # the whole move, not its last event
    page.click("#undo")  # nothing left to undo: still the start
    board.settle()
    assert board.view()["events"] == []
    # take off: checked for one act only
    board.new_game(fen="4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    page.check("#takeoff")
    board.drag("d5", None)  # the opponent's pawn taken off the board
    board.settle()
    assert not page.is_checked("#takeoff")
    # the end of the game, said plainly
    page.fill("#line", "resign")
    page.click("#line-form button[type=submit]")
    board.settle()
    assert page.inner_text("#state") == "game over: 0-1"


def test_the_report_desk_is_a_form_whose_errors_stand_beside_their_field_in_the_language(board: Board) -> None:
    """Issue 31, item 6: the title and every field of the report, the rulings chosen with controls
    (the YAML is written by the page), and an error shown beside the field it concerns, in the
    user's language, with no line of the page's YAML and no library's text."""
    page = board.page
    page.select_option("#lang", "sr")
    board.settle()
    _fill_touch_move_report(page, UPHELD)
    page.wait_for_function("document.querySelector('#r-verdict').dataset.verdict === 'consistent'")
    written = page.inner_text("#r-yaml")
    assert 'title: "Touch-move at the club"' in written
    assert '- {kind: claim, claimant: "black", claim: "touch-move", verdict: "upheld"}' in written
    assert page.locator("#r-rulings li").first.locator("label[data-field=kind] span").inner_text() == "врста"
    # a bad event: said beside the events, in Serbian, without "<request>:N"
    page.fill("#r-events", "white: lift e4")
    page.wait_for_function("document.querySelector('#r-verdict').dataset.verdict === 'invalid'")
    note = page.locator("#report-form .field-error")
    assert note.count() == 1
    assert note.inner_text() == "догађај 0 (white: lift e4): на пољу e4 нема фигуре"
    assert page.evaluate("() => document.querySelector('#report-form .field-error').previousElementSibling"
                         ".querySelector('#r-events') !== null")
    assert "<request>" not in page.inner_text("#r-verdict") and "<request>" not in note.inner_text()
    # a bad time control: beside the time control, the events' error gone
    page.fill("#r-events", "white: touch g1\nwhite: play e4\nblack: claim touch-move")
    page.fill("#r-tc", "abc")
    page.wait_for_function("document.querySelector('#report-form .field-error')?.textContent.includes('abc')")
    assert page.locator("#report-form .field-error").count() == 1
    assert "has-error" in (page.get_attribute("#r-tc", "class") or "")
    assert "valid dictionary" not in page.inner_text("#report")
    # the events typed in Serbian, as the Play tab takes them (they were "not a mapping")
    page.fill("#r-tc", "")
    page.fill("#r-events", "бели: дотиче g1\nбели: игра e4\nцрни: рекламира кршење правила такнуто-макнуто")
    page.wait_for_function("document.querySelector('#r-verdict').dataset.verdict === 'consistent'")
    assert "- white: \"touch g1\"" in page.inner_text("#r-yaml")


def test_a_new_game_is_ruled_by_the_edition_picked(board: Board) -> None:
    """Issue 32: the picker of a new game; the status line says the edition ruling the game."""
    page = board.page
    page.wait_for_function("document.querySelectorAll('#ng-laws option').length === 5")
    assert page.input_value("#ng-laws") == "2023"
    for laws, result in (("2018", "0-1"), ("2023", "1/2-1/2")):
        page.select_option("#ng-laws", laws)
        board.new_game(fen="4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
        assert page.inner_text("#laws-of") == laws
        page.fill("#line", "white: resign")
        page.press("#line", "Enter")
        board.settle()
        assert page.evaluate("() => window.arbiterApp.view.result") == result


def test_the_laws_tab_shows_an_edition_and_what_changed(board: Board, tmp_path: Path) -> None:
    """Issue 32: ``arbiter laws --laws 2018 7.5`` and ``--diff 2018 2023`` on the page."""
    page = board.page
    page.click("#tab-laws")
    board.settle()
    assert page.is_visible("#laws-page") and not page.is_visible("#board")
    page.select_option("#laws-edition", "2018")
    page.fill("#laws-article", "7.5")
    page.click("#laws-show")
    board.settle()
    assert page.inner_text("#laws-heading") == "The Laws of Chess of 2018 (in force from 2018-01-01)"
    numbers = page.locator("#laws-list article.law h4").all_inner_texts()
    assert numbers and all(n.startswith("7.5") for n in numbers) and any(n.startswith("7.5.5 ") for n in numbers)
    page.select_option("#laws-edition", "2023")
    page.fill("#laws-article", "")
    page.select_option("#laws-compare", "2018")
    page.click("#laws-show")
    board.settle()
    assert page.inner_text("#laws-heading").startswith("From the Laws of 2018 to those of 2023:")
    heads = page.locator("#laws-list article.law h4").all_inner_texts()
    assert any(h.startswith("A.4.2 → A.5.2 ") for h in heads)
    assert page.locator("#laws-list article.law[data-change=reworded] h4", has_text="5.1.2").count() == 1
    page.locator("#laws-page").screenshot(path=str(tmp_path / "laws-diff-2018-2023.png"))
    # the edition older than the one compared with: still from the older to the newer
    page.select_option("#laws-edition", "2018")
    page.select_option("#laws-compare", "2023")
    page.click("#laws-show")
    board.settle()
    assert page.inner_text("#laws-heading").startswith("From the Laws of 2018 to those of 2023:")
    # an article neither edition has is an error, not "0 changes"
    page.fill("#laws-article", "99.9")
    page.click("#laws-show")
    board.settle()
    assert "99.9" in page.inner_text("#laws-heading") and "changes" not in page.inner_text("#laws-heading")
    # a lettered article of the editions before 2017, typed in lower case (it was read as B.3.C)
    page.select_option("#laws-compare", "")
    page.select_option("#laws-edition", "2009")
    page.fill("#laws-article", "b.3.c")
    page.click("#laws-show")
    board.settle()
    assert page.locator("#laws-list article.law h4").all_inner_texts()[0].startswith("B.3.c ")
    page.fill("#laws-article", "")
    page.select_option("#laws-edition", "2023")
    page.select_option("#laws-compare", "2018")
    page.click("#laws-show")
    board.settle()
    page.select_option("#lang", "sr")
    board.settle()
    assert page.inner_text("#tab-laws") != "The Laws" and "2018" in page.inner_text("#laws-heading")


def test_the_live_board_tab_shows_a_dgt_boards_game(browser, tmp_path: Path) -> None:  # noqa: ANN001
    """Issue 33: ``arbiter serve --dgt DEVICE``: the page's tab of the live board draws the game a
    board double plays through a pseudo-terminal, and what the arbiter said."""
    import uvicorn
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    from arbiter.web.app import create_app
    from tests.test_dgt import DGT, BoardDouble

    with BoardDouble((DGT / "johan.inbytes").read_bytes(), second=0.001) as board:
        app = create_app(dgt=board.device)
        port = _free_port()
        running = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
        thread = threading.Thread(target=running.run, daemon=True)
        thread.start()
        try:
            while not running.started:
                time.sleep(0.02)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            errors: list[str] = []
            page.on("console", lambda message: errors.append(message.text) if _is_error(message) else None)
            page.goto(f"http://127.0.0.1:{port}/")
            page.wait_for_selector("#tab-live:not([hidden])")
            page.click("#tab-live")
            try:
                page.wait_for_function("window.arbiterApp.view && window.arbiterApp.view.result === '1-0'",
                                       timeout=30_000)
            except PlaywrightTimeoutError:  # it hung once in CI (2026-12-05): say where the board stood
                raise AssertionError(f"no result after 30 s; the page's status: {page.inner_text('#live-status')!r}; "
                                     f"said: {page.inner_text('#live-said')[-600:]!r}") from None
            assert page.is_visible("#board") and not page.is_visible("#controls")
            assert page.inner_text("#live-status").startswith(board.device)
            assert "result (6.9)" in page.inner_text("#live-said")
            page.screenshot(path=str(tmp_path / "live-board.png"))
            page.close()
            assert not errors, errors
        finally:
            running.should_exit = True
            thread.join(timeout=10)


@pytest.mark.parametrize(("language", "knight"), [("en", "Nf3"), ("bg", "Кf3")])
def test_the_report_desk_takes_the_game_from_the_board_with_its_times_and_settings(
        board: Board, language: str, knight: str) -> None:
    page = board.page
    page.select_option("#lang", language)
    board.settle()
    board.new_game(time_control="60+0", arbiter="called", time="scenario")
    for line in (f"white: play {knight} at=2", "white: press at=3 hand=left", "white: claim flag at=70"):
        page.fill("#line", line)
        page.press("#line", "Enter")
        board.settle()
    page.wait_for_function("document.querySelector('#result').textContent.includes('1-0')")
    page.click("#tab-report")
    page.fill("#r-title", "A flag claimed")
    page.fill("#r-event", "Club blitz")
    page.click("#r-from-board")
    page.wait_for_function("document.querySelector('#r-events').value.includes('at=70')")
    assert page.input_value("#r-events").splitlines() == [
        f"white: play {knight} at=2", "white: press at=3 hand=left", "white: claim flag at=70"]
    assert (page.input_value("#r-tc"), page.input_value("#r-called")) == ("60+0", "called")
    assert page.input_value("#r-notation") == ("" if language == "en" else "bg")
    assert page.input_value("#r-laws")  # the edition the board ruled by
    page.wait_for_function("document.querySelector('#r-verdict').dataset.verdict !== undefined")
    yaml_text = page.inner_text("#r-yaml")
    assert '{white: "claim flag", at: "70"}' in yaml_text and 'hand: "left"' in yaml_text
    page.wait_for_function("['consistent', 'inconsistent'].includes(document.querySelector('#r-verdict')"
                           ".dataset.verdict)")
    assert "rejected" not in page.inner_text("#r-differences")  # the claim's time came with it


def test_the_seminar_s_steps_the_laws_tab_s_errors_and_a_missing_title_are_where_they_belong(board: Board) -> None:
    page = board.page
    board.new_game()
    for line in ("white: play e4", "black: play e5"):
        page.fill("#line", line)
        page.press("#line", "Enter")
        board.settle()
    played = len(board.view()["events"])
    page.click("#tab-seminar")
    for _ in range(3):  # no scenario loaded: Back takes nothing from the game played on Play
        page.click("#sem-back")
        board.settle()
    page.click("#tab-play")
    assert len(board.view()["events"]) == played == 2
    page.click("#tab-laws")
    page.fill("#laws-article", "99")
    page.click("#laws-show")
    board.settle()
    page.wait_for_function("document.querySelector('#laws-heading').textContent.includes('99')")
    assert page.locator("#laws-list > *").count() == 0
    page.click("#tab-report")
    page.fill("#r-event", "Club")
    page.wait_for_function("document.querySelector('#r-verdict').dataset.verdict === 'invalid'")
    note = page.locator("#r-title").locator("xpath=ancestor::label/following-sibling::*[1]")
    # in the desk's words, not the file's key (found by a helper as a Serbian arbiter)
    assert note.inner_text() == "a report needs a title, or the event, round or board it was played at"
    assert page.locator("#r-events.has-error").count() == 0


def test_once_the_game_is_over_the_status_shows_no_running_clock_and_no_obligation(board: Board) -> None:
    page = board.page
    board.new_game()
    assert "(4.5" not in page.inner_text("#obligation")  # nothing touched: no article cited
    page.fill("#line", "white: resign")
    page.press("#line", "Enter")
    board.settle()
    page.wait_for_function("document.querySelector('#result').textContent.includes('0-1')")
    assert page.inner_text("#obligation") == "" and page.inner_text("#clock-running") == "–"
    assert not page.is_visible("#obligation")  # no empty bar where the obligation stood


@pytest.mark.parametrize("language", ["en", "bg"])
def test_at_800_pixels_nothing_sticks_out_and_back_and_next_stay_together(board: Board, language: str) -> None:
    page = board.page
    page.set_viewport_size({"width": 800, "height": 900})
    page.select_option("#lang", language)
    board.settle()
    page.wait_for_timeout(150)
    assert page.evaluate("document.documentElement.scrollWidth") <= 800
    page.click("#tab-seminar")
    tops = page.evaluate("['#sem-back', '#sem-next'].map(s => document.querySelector(s).getBoundingClientRect().top)")
    assert tops[0] == tops[1]
    page.click("#tab-play")


def test_an_open_draw_offer_is_shown_until_it_is_rejected(board: Board) -> None:
    """'offer draw' showed nothing: no ruling (9.1.2 gives none) and no sign the offer was open
    (found by a helper as a Serbian arbiter)."""
    board.new_game(moves="e4 e5")
    board.page.click("button[data-line='offer draw']")  # by White, who has the move
    board.settle()
    assert board.view()["draw_offer"] == "white"
    assert board.page.inner_text("#result") == "White's draw offer is open"
    board.drag("g1", "f3")  # his own touch rejects nothing
    board.page.click("#clock-white")
    board.settle()
    assert board.page.inner_text("#result") == "White's draw offer is open"
    board.click("b8")  # Black touches a piece with intent: the offer is rejected (9.1.2.2)
    board.settle()
    assert board.view()["draw_offer"] is None and board.page.inner_text("#result") == ""
