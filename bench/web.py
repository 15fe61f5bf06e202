"""Benchmark: drop-to-ruling latency of the page in a real Chromium (python -m bench.web [MOVES]).

Starts ``arbiter serve`` on a free port (a process of its own), opens the page in Debian's
Chromium (headless, Playwright), and plays a game with the pointer: press on a piece (touch),
move (lift), release over the target square (remove if a piece stands there, place, release),
then the clock. Inside the page, a capture listener takes ``event.timeStamp`` of the pointerup and
a MutationObserver on the rulings list takes ``performance.now()`` at the first animation frame
after the ``made`` ruling's element is in the list; the difference is the latency of one move.
Prints the median and min-max over the moves; the target is a median under 50 ms. It is a
benchmark, not a timed test.
"""

from __future__ import annotations

import socket
import statistics
import sys
import subprocess
import time
from pathlib import Path

import chess

CHROMIUM = "/usr/bin/chromium"

#: Installed in the page: resolves, after the next pointerup, with the milliseconds until the
#: next ``made`` ruling is shown (the frame after its element is added).
_WATCH = """
() => {
    window.__latency = new Promise((resolve) => {
        let start = null
        document.addEventListener("pointerup", (event) => { start = event.timeStamp }, {capture: true, once: true})
        const list = document.getElementById("rulings")
        const before = list.querySelectorAll("li[data-kind=made]").length
        const observer = new MutationObserver(() => {
            if (start === null || list.querySelectorAll("li[data-kind=made]").length <= before) return
            observer.disconnect()
            requestAnimationFrame(() => resolve(performance.now() - start))
        })
        observer.observe(list, {childList: true})
    })
}
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _serve() -> tuple[str, subprocess.Popen[bytes]]:
    """``arbiter serve`` in a process of its own (in a thread here it would share the GIL with
    Playwright's driver, and the figure would be Playwright's as much as ours)."""
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "arbiter", "serve", "--port", str(port), "--store", "none"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 15
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                raise RuntimeError("arbiter serve did not start") from None
            time.sleep(0.05)
    return f"http://127.0.0.1:{port}/", server


def _centre(page, square: str) -> tuple[float, float]:  # noqa: ANN001
    box = page.locator("#board svg").bounding_box()
    width = box["width"] / 8
    file, rank = "abcdefgh".index(square[0]), int(square[1]) - 1
    return box["x"] + (file + 0.5) * width, box["y"] + (7 - rank + 0.5) * width


def _settle(page) -> None:  # noqa: ANN001
    page.evaluate("async () => { await window.arbiterApp.chain; await window.arbiterApp.drawn }")


def main(moves: int = 50) -> int:
    if not Path(CHROMIUM).exists():
        print(f"no Chromium: {CHROMIUM} is missing", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    url, server = _serve()
    latencies: list[float] = []
    drawing: list[float] = []  # of which the page's drawing of the step
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url)
        page.wait_for_function("window.arbiterApp && window.arbiterApp.view !== null")
        board = chess.Board()
        while len(latencies) < moves:
            legal = [m for m in sorted(board.legal_moves, key=lambda m: m.uci())
                     if not (m.promotion or board.is_castling(m) or board.is_en_passant(m))]
            if not legal or board.is_game_over(claim_draw=False):
                page.click("#ng-start")  # a new game from the start
                _settle(page)
                board = chess.Board()
                continue
            move = legal[len(board.move_stack) * 7 % len(legal)]
            a, b = chess.square_name(move.from_square), chess.square_name(move.to_square)
            mover = "white" if board.turn else "black"
            x, y = _centre(page, a)
            page.mouse.move(x, y)
            page.mouse.down()                       # touch
            page.mouse.move(x + 8, y + 8, steps=2)  # lift
            tx, ty = _centre(page, b)
            page.mouse.move(tx, ty, steps=3)
            _settle(page)                           # the touch and the lift answered
            page.evaluate(_WATCH)
            page.mouse.up()                         # (remove,) place, release: the move is made
            latencies.append(float(page.evaluate("() => window.__latency")))
            drawing.append(float(page.evaluate("() => window.arbiterApp.drawMs")))
            _settle(page)
            page.click(f"#clock-{mover}")
            _settle(page)
            board.push(move)
            if page.evaluate("() => window.arbiterApp.view.result") != "*":
                board = chess.Board(fen="8/8/8/8/8/8/8/8 w - - 0 1")  # forces a new game above
        browser.close()
    server.terminate()
    server.wait(timeout=10)
    print(f"{len(latencies)} moves, drop to ruling shown: median {statistics.median(latencies):.1f} ms, "
          f"min {min(latencies):.1f} ms, max {max(latencies):.1f} ms (target: median under 50 ms); "
          f"the page drawing the step: median {statistics.median(drawing):.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 50))
