"""The language a request speaks: ``?lang=``, else its ``Accept-Language``, else English; and the
middleware that handles every request (and websocket) in it, so that its errors are told in it.
The app's routes (:mod:`arbiter.web.app`) ask here."""

from __future__ import annotations

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from arbiter.core.errors import UnknownLanguageError
from arbiter.core.i18n import language_code, use_language
from arbiter.web.store import Refused, header_language


def asked_language(request: HTTPConnection) -> str | None:
    """The language ``?lang=`` names, or None when the request names none.

    :raises Refused: 400 for a language the program does not speak.
    """
    value = request.query_params.get("lang")
    if value is None:
        return None
    try:
        return language_code(value)
    except UnknownLanguageError as err:
        raise Refused(400, str(err)) from None


def request_language(request: HTTPConnection) -> str:
    """The language a request speaks: ``?lang=``, else its ``Accept-Language``, else English."""
    return asked_language(request) or header_language(request.headers.get("accept-language", ""))


def spoken_language(connection: HTTPConnection) -> str:
    """The language a request's errors are told in: as :func:`request_language`, and where its
    ``?lang=`` names none the program speaks, its ``Accept-Language``."""
    try:
        return request_language(connection)
    except Refused:
        return header_language(connection.headers.get("accept-language", ""))


class SpeaksTheRequestsLanguage:
    """Middleware: every request (and websocket) handled in the language it asks for, so that its
    errors (400, 404, 405, 413, 415) are told in it; a session's own work is still done in the
    session's language (:func:`create_app`'s ``told``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with use_language(spoken_language(HTTPConnection(scope))):
            await self.app(scope, receive, send)
