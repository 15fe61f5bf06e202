"""The page beside a live e-board (``arbiter serve --dgt DEVICE``, issue 33): a thread reads the
board's serial port into a :class:`~arbiter.session.eboard.LiveBoard`, and ``GET /api/live`` gives
its view and what the arbiter said, for the page's tab of the live board (``docs/web.md``)."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from arbiter.core.errorline import error_line
from arbiter.core.errors import ArbiterError
from arbiter.core.i18n import use_language
from arbiter.session.eboard import START_COMMANDS, LiveBoard, open_board, read_arrived
from arbiter.web.languages import asked_language


class BoardReader:
    """The thread that reads ``device`` into ``live`` until stopped (or the device closes)."""

    def __init__(self, device: str) -> None:
        self.device = device
        self.live = LiveBoard(lambda text: None, "dgt")
        self.connected = False
        self.error: str | None = None
        self.language = "en"
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="dgt-board", daemon=True)

    def start(self) -> None:
        """Open the device and read it, in a thread of its own."""
        self._thread.start()

    def stop(self) -> None:
        """Stop reading (the device is closed by the thread)."""
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        try:
            port = open_board(self.device)
        except (ImportError, OSError, ValueError) as err:
            self.error = error_line(f"{self.device}: {err}")
            return
        self.connected = True
        try:
            port.write(START_COMMANDS)
            while not self._stop.is_set() and not self.live.reader.ended:
                try:
                    data = read_arrived(port)
                except OSError:  # the board went away
                    break
                if data:
                    with use_language(self.language):  # the rulings told in the page's last language
                        self.live.feed(data)
                else:
                    time.sleep(0.01)
        except ArbiterError as err:  # bytes that are no DGT message: said, the reading stops
            self.error = error_line(str(err))
        finally:
            self.connected = False
            port.close()

    def state(self, language: str) -> dict[str, Any]:
        """The board's state for the page, its rulings told in ``language``."""
        with self.live.lock:
            session = self.live.session
            if session is not None and language != self.language:
                with use_language(language):
                    session.retell()
                self.language = language
            with use_language(self.language):
                view = session.view().model_dump(mode="json", by_alias=True) if session is not None else None
            said = list(self.live.said)
        return {"device": self.device, "connected": self.connected, "error": self.error, "view": view,
                "said": said}


def live_routes(reader: BoardReader | None) -> list[Route]:
    """``GET /api/live``: the live board's state (``device`` null when ``serve`` has no ``--dgt``:
    the page asks at every start, and a 404 would be an error in every browser's console)."""

    async def get_live(request: Request) -> Response:
        if reader is None:
            return JSONResponse({"device": None, "connected": False, "error": None, "view": None, "said": []})
        return JSONResponse(await run_in_threadpool(reader.state, asked_language(request) or "en"))

    return [Route("/api/live", get_live)]


def reading_lifespan(board: BoardReader | None) -> Callable[[Starlette], AbstractAsyncContextManager[None]]:
    """The app's lifespan: the live board read while the app runs (nothing without one)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if board is not None:
            board.start()
        try:
            yield
        finally:
            if board is not None:
                await run_in_threadpool(board.stop)

    return lifespan
