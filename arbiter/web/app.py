"""The web app: the page, the JSON API on :class:`arbiter.session.Session`, its websocket, and
the checks of files posted as text (``docs/web.md``).

Sessions live in memory, keyed by a random id, at most ``max_sessions`` of them (one more is
refused while all are in use; one idle for ``idle_minutes`` is let go), each written to an SQLite
file as it is used (``store``) and of at most ``max_events`` events. Every body is bounded
(``max_body`` bytes: 413 past it) and read by a pydantic model (400 on anything else); an error is
``{"error": "<one line>"}``, and a bug of ours a 500 saying so, never a traceback. No CORS header is
sent, and a JSON or YAML body must say so in its ``Content-Type`` (a form from another site cannot).
The language each request speaks is worked out in :mod:`arbiter.web.languages`, the sessions are
kept in :mod:`arbiter.web.store`.

About 470 lines, on purpose: :func:`create_app` is one closure over the store, the library and
the bounds, whose handlers share them; cut apart they would pass the same seven things around.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path, PurePosixPath
from typing import Any, TypeVar
from urllib.parse import urlsplit

import chess
import chess.svg
from pydantic import BaseModel, ValidationError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from arbiter.core.errors import ArbiterError, InternalError
from arbiter.core.i18n import (N_, NOTATION_OF, _, current_language, library_text, number, pgettext, topic_text,
                               use_language)
from arbiter.files import documents
from arbiter.files.scenario import Scenario, loads
from arbiter.files.validate import Validation
from arbiter.session import Session, Step, View, quiz
from arbiter.core.notation import language as notation_language
from arbiter.session.typed import event_in_file_words
from arbiter.web.labels import labels
from arbiter.web.lawpages import laws_routes
from arbiter.web.liveboard import BoardReader, live_routes, reading_lifespan
from arbiter.web.languages import SpeaksTheRequestsLanguage, asked_language, request_language, spoken_language
from arbiter.web.models import EventLine, EventLines, NewSession, SocketMessage, one_line
from arbiter.web.sessionfile import SessionFile
from arbiter.web.store import Held, OnlyHosts, Refused, Store, library_file, library_index, restore

STATIC = Path(__file__).resolve().parent / "static"
#: The name a file posted as text goes by in its messages.
REQUEST = "<request>"
#: The Content-Types a YAML body may carry.
YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml")
INTERNAL = N_("internal error, please report it")

Model = TypeVar("Model", bound=BaseModel)


def _question(held: Held) -> dict[str, Any] | None:
    """The quiz question of the scenario a session was loaded from, or None."""
    if held.scenario is None:
        return None
    made = quiz.question(held.scenario, held.topic, random.Random(held.scenario.path))
    if made is None or not made.is_answerable:  # a question that hides what its answer depends on
        return None
    context = made.context()
    return {"after": made.after, "question": made.question, "choices": made.choices, "answer": made.answer,
            "explain": made.explain, "shown": context.lines(), "events": context.events,
            "diagram": chess.svg.board(context.board, size=200, coordinates=True)}


def _view(view: View) -> dict[str, Any]:
    return view.model_dump(mode="json", by_alias=True)


def _step(step: Step) -> dict[str, Any]:
    return step.model_dump(mode="json", by_alias=True)


def _is_same_origin(origin: str | None, host: str | None) -> bool:
    """Whether a websocket's ``Origin`` (None: no browser's page) is this server's own ``Host``;
    an origin that is no URL (``http://[``) is another's."""
    if origin is None:
        return True
    try:
        return urlsplit(origin).netloc == host
    except ValueError:
        return False


def create_app(library: Path | None = None, max_sessions: int = 500, max_events: int = 2000,
               max_body: int = 1_000_000, allowed_hosts: Sequence[str] | None = None,
               default_laws: str | None = None, dgt: str | None = None, idle_minutes: float = 120,
               store: Path | None = None) -> Starlette:
    """The app: the page, the API and the websocket of ``docs/web.md``.

    ``library``: the scenario library (default :func:`arbiter.session.quiz.library`);
    ``max_sessions``: how many sessions are kept at once (one more is refused, 503, until one
    has been idle for ``idle_minutes``: a session in use is never dropped); ``store``: the SQLite
    file the sessions are written to as they are used and read back from here (None: memory only;
    the sessions it could not make again are in ``app.state.unrestored``, each with why);
    ``max_events``: how many events a session holds, played and queued; ``max_body``: the largest
    body in bytes (a websocket message too); ``allowed_hosts``: the host names the app answers to
    (``arbiter serve`` on a loopback address gives the loopback names, so that another site's name
    pointed at 127.0.0.1 reaches nothing), None for any; ``default_laws``: the edition of the
    Laws a new game from a position is ruled by when the request names none (``serve --laws``);
    ``dgt``: the serial port of a live DGT board whose game the page shows (``serve --dgt``).
    """
    root = (library or quiz.library()).resolve()
    board = BoardReader(dgt) if dgt is not None else None
    kept = SessionFile(store) if store is not None else None
    sessions = Store(max_sessions, idle_minutes * 60, kept)
    index: dict[str, Any] = {}

    async def body(request: Request, kinds: Sequence[str], what: str) -> bytes:
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind not in kinds:
            raise Refused(415, _("the body is {what}: Content-Type {wanted}, not {given}").format(
                what=what, wanted=kinds[0], given=kind or pgettext("content type", "none")))
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > max_body:
            raise Refused(413, _("the body is over {most} bytes").format(most=number(max_body)))
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > max_body:
                raise Refused(413, _("the body is over {most} bytes").format(most=number(max_body)))
        return bytes(data)

    async def json_body(request: Request, model: type[Model]) -> Model:
        data = await body(request, ("application/json",), "JSON")  # the kinds' names are not translated
        try:
            return model.model_validate_json(data)
        except ValidationError as err:
            raise Refused(400, one_line(model, err)) from None

    async def yaml_text(request: Request) -> str:
        data = await body(request, YAML_TYPES, _("YAML text"))
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise Refused(400, f"{REQUEST}: " + _("not a text in UTF-8")) from None

    def check_size(session: Session, more: int = 1) -> None:
        if len(session.events) + len(session.queued) + more > max_events:
            raise Refused(400, _("a session holds at most {most} events").format(most=number(max_events)))

    def new_session(spec: NewSession, lang: str) -> tuple[Held, list[str], dict[str, Any]]:
        with use_language(lang):
            held, queued = new_held(spec, lang)
            view = _view(held.session.view())
        held.language = lang
        return held, queued, view

    def new_held(spec: NewSession, lang: str, text: str | None = None) -> tuple[Held, list[str]]:
        """A new session as ``spec`` asks, in ``lang``; ``text``: the library file's text as it was
        when the session was made (a session made again from the file)."""
        writes = NOTATION_OF[lang] if lang != "en" else None
        if spec.library is not None:
            if text is None:
                path = library_file(root, spec.library)
                try:
                    text = path.read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError) as err:
                    unread = _("cannot read {path}: {error}").format(path=spec.library, error=err)
                    raise Refused(400, f"library: {unread}") from None
            else:
                path = root / spec.library
            # the trainee reads and types the moves in the language's notation; the file's events
            # stay as written, each move written in it as it is played (docs/web.md)
            scenario = loads(text, spec.library, base=path.parent, output_notation=writes, laws=spec.laws)
            held = Held(Session.from_scenario(scenario, notation=writes), scenario,
                        PurePosixPath(spec.library).parent.name, text=text)
        elif spec.scenario is not None:
            scenario = loads(spec.scenario, REQUEST, read_files=False, output_notation=writes, laws=spec.laws)
            held = Held(Session.from_scenario(scenario, notation=writes), scenario)
        else:
            # the edition actually ruled by is kept with the session: a server restarted with
            # another --laws makes it again as it was
            spec = spec.model_copy(update={"laws": spec.laws or default_laws})
            held = Held(Session.from_position(spec.fen, spec.moves, spec.time_control, spec.ruleset, spec.arbiter,
                                              spec.notation or writes, spec.laws))
        check_size(held.session, 0)
        held.request, held.made_in = spec.model_dump_json(exclude_none=True), lang
        return held, [event.describe() for event in held.session.queued]

    def told(key: str, held: Held, lang: str | None, act: Callable[[Session], Any],
             operation: tuple[str, str] | None) -> Any:
        """``act`` done in the session's language; ``lang``, if another, becomes it (the game's
        rulings told again in it). What changed the session is written to the store's file."""
        if lang is not None and held.speak(lang):
            sessions.record(key, held, "language", lang)
        queued = len(held.session.queued)
        try:
            with use_language(held.language):
                answer = act(held.session)
        except Exception:
            # `next` takes its event off the queue even when it fails: the file must say so too
            if operation == ("action", "next") and len(held.session.queued) < queued:
                sessions.record(key, held, *operation)
            raise
        if operation is not None:
            sessions.record(key, held, *operation)
        return answer

    async def on(key: str, act: Callable[[Session], Any], lang: str | None = None,
                 operation: tuple[str, str] | None = None) -> Any:
        """``act`` done on the session ``key``, one at a time, off the event loop, in the
        session's language (``lang``, if given, becomes it); ``operation``: what it is, for the
        store's file (an event line, an action), once it succeeded."""
        held = sessions.get(key)
        async with held.lock:
            return await run_in_threadpool(told, key, held, lang, act, operation)

    def apply(line: str, session: Session) -> dict[str, Any]:
        check_size(session)
        return {"step": _step(session.apply(line))}

    def play_next(session: Session) -> dict[str, Any]:
        return {"step": _step(session.play_next())}

    def undo(session: Session) -> dict[str, Any]:
        return {"view": _view(session.undo())}

    def restart(session: Session) -> dict[str, Any]:
        return {"view": _view(session.restart())}

    def back(session: Session) -> dict[str, Any]:
        return {"view": _view(session.back())}

    actions: dict[str, Callable[[Session], dict[str, Any]]] = {
        "undo": undo, "restart": restart, "next": play_next, "back": back}

    # -- the page ------------------------------------------------------------------------------------

    async def page(request: Request) -> Response:
        index_html = STATIC / "index.html"
        if index_html.is_file():
            return FileResponse(index_html, media_type="text/html")
        return HTMLResponse("<!doctype html><title>arbiter</title><p>The page is not installed; the API is at /api.")

    # -- the API ---------------------------------------------------------------------------------------

    async def get_library(request: Request) -> Response:
        if not index:
            index.update(await run_in_threadpool(library_index, root))
        # the titles in the request's language where the library's catalogue has them
        return JSONResponse({"groups": [{"name": group["name"], "label": topic_text(group["name"]), "files": [
            {"path": file["path"], "title": library_text(file["title"])} for file in group["files"]]}
            for group in index["groups"]]})

    async def create(request: Request) -> Response:
        lang = request_language(request)
        spec = await json_body(request, NewSession)
        held, queued, view = await run_in_threadpool(new_session, spec, lang)
        key = sessions.add(held)
        return JSONResponse({"id": key, "view": view, "queued": queued}, status_code=201)

    async def get_session(request: Request) -> Response:
        key = request.path_params["id"]
        view = await on(key, lambda session: _view(session.view()), asked_language(request))
        return JSONResponse({"id": key, "view": view})

    async def delete_session(request: Request) -> Response:
        key = request.path_params["id"]
        async with sessions.get(key).lock:  # not while an act on it is under way
            sessions.delete(key)
        return Response(status_code=204)

    async def event(request: Request) -> Response:
        lang = asked_language(request)
        line = (await json_body(request, EventLine)).line
        return JSONResponse(await on(request.path_params["id"], partial(apply, line), lang, ("line", line)))

    def action(name: str) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            return JSONResponse(await on(request.path_params["id"], actions[name], asked_language(request),
                                         ("action", name)))
        return endpoint

    async def get_quiz(request: Request) -> Response:
        key = request.path_params["id"]
        held = sessions.get(key)
        return JSONResponse({"question": await on(key, lambda _session: _question(held), asked_language(request))})

    async def get_labels(request: Request) -> Response:
        return JSONResponse(labels(request_language(request)))

    async def download(request: Request) -> Response:
        text = await on(request.path_params["id"], lambda session: session.to_scenario(), asked_language(request))
        return Response(text, media_type="application/yaml",
                        headers={"Content-Disposition": 'attachment; filename="arbiter-session.yaml"'})

    async def report_fields(request: Request) -> Response:
        fields = await on(request.path_params["id"], lambda session: session.report_fields(), asked_language(request))
        return JSONResponse({"fields": fields})

    def read(text: str) -> Scenario:
        """A file posted as text; its rulings' moves in the notation of the language in force
        (``arbiter validate --lang sr`` writes ``Сf3``), English: the file's own."""
        lang = current_language()
        return loads(text, REQUEST, read_files=False, output_notation=NOTATION_OF[lang] if lang != "en" else None)

    def document_response(document: dict[str, Any], entry: documents.Entry) -> Response:
        status = 500 if entry.internal else 400 if entry.status == "invalid" else 200
        return Response(documents.dumps(document), status_code=status, media_type="application/json")

    def validate_text(text: str, lang: str) -> tuple[dict[str, Any], documents.Entry]:
        with use_language(lang):
            _, result = documents.validated(partial(read, text), REQUEST)
            entry = documents.validate_entry(REQUEST, result)
            return documents.validate_document([entry]), entry

    def run_text(text: str, lang: str) -> tuple[dict[str, Any], documents.Entry]:
        with use_language(lang):
            found = documents.outcome(partial(read, text), REQUEST)
            entry = documents.run_entry(REQUEST, found)
            return documents.run_document([entry]), entry

    async def post_validate(request: Request) -> Response:
        lang = request_language(request)
        text = await yaml_text(request)
        return document_response(*await run_in_threadpool(validate_text, text, lang))

    def file_words(lines: list[str], notation: str | None, lang: str) -> list[str]:
        with use_language(lang):
            if notation is not None:
                notation = notation_language(notation).code  # an unknown one is refused, in any language
            return [event_in_file_words(line, notation) if line.strip() else line for line in lines]

    async def post_event_lines(request: Request) -> Response:
        lang = request_language(request)
        asked = await json_body(request, EventLines)
        try:
            lines = await run_in_threadpool(file_words, asked.lines, asked.notation, lang)
        except ArbiterError as err:  # an unknown notation
            raise Refused(400, str(err)) from None
        return JSONResponse({"lines": lines})

    async def post_run(request: Request) -> Response:
        lang = request_language(request)
        text = await yaml_text(request)
        return document_response(*await run_in_threadpool(run_text, text, lang))

    def report_markdown(text: str, lang: str) -> dict[str, str]:
        with use_language(lang):
            return report_markdown_in(text)

    def validated_report(text: str) -> tuple[Scenario, Validation]:
        """The report posted, validated; refused (400, or 500 for a bug of ours) when it is invalid."""
        scenario, result = documents.validated(partial(read, text), REQUEST)
        entry = documents.validate_entry(REQUEST, result)
        if entry.error is not None or scenario is None or not isinstance(result, Validation):
            raise Refused(500 if entry.internal else 400, entry.error or f"{REQUEST}: " + _("not a report"))
        return scenario, result

    def report_markdown_in(text: str) -> dict[str, str]:
        from arbiter.files import reportdoc

        scenario, result = validated_report(text)
        return {"markdown": reportdoc.markdown(scenario, result),
                "svg": chess.svg.board(chess.Board(scenario.start.fen()), size=360)}

    async def post_markdown(request: Request) -> Response:
        lang = request_language(request)
        text = await yaml_text(request)
        return JSONResponse(await run_in_threadpool(report_markdown, text, lang))

    def report_pdf(text: str, lang: str) -> bytes:
        from arbiter.files import reportpdf

        with use_language(lang):
            scenario, result = validated_report(text)
            try:
                return reportpdf.pdf_bytes(scenario, result)
            except reportpdf.PdfUnavailableError as err:
                raise Refused(501, str(err)) from None

    async def post_pdf(request: Request) -> Response:
        lang = request_language(request)
        text = await yaml_text(request)
        data = await run_in_threadpool(report_pdf, text, lang)
        return Response(data, media_type="application/pdf",
                        headers={"Content-Disposition": 'attachment; filename="report.pdf"'})

    # -- the websocket ---------------------------------------------------------------------------------

    async def socket(websocket: WebSocket) -> None:
        if not _is_same_origin(websocket.headers.get("origin"), websocket.headers.get("host")):
            await websocket.close(code=1008)  # another site's page: refused before it is accepted
            return
        await websocket.accept()
        key = websocket.path_params["id"]
        try:
            lang = asked_language(websocket)
        except Refused as err:
            await websocket.send_json({"error": err.message})
            await websocket.close(code=4400)
            return
        try:
            sessions.get(key)
        except Refused as err:
            await websocket.send_json({"error": err.message})
            await websocket.close(code=4404)
            return
        try:
            while True:
                received = await websocket.receive()
                if received["type"] == "websocket.disconnect":
                    return
                text = received.get("text")
                if text is None:
                    await websocket.send_json({"error": _("a message is JSON text, not bytes")})
                    continue
                if len(text.encode("utf-8")) > max_body:
                    await websocket.send_json({"error": _("a message is at most {most} bytes").format(
                        most=number(max_body))})
                    continue
                try:
                    message = SocketMessage.model_validate_json(text)
                    act: Callable[[Session], dict[str, Any]]
                    if message.line is not None:
                        act, operation = partial(apply, message.line), ("line", message.line)
                    else:
                        act, operation = actions[str(message.action)], ("action", str(message.action))
                    answer = await on(key, act, lang, operation)
                except ValidationError as err:
                    answer = {"error": one_line(SocketMessage, err)}
                except Refused as err:
                    answer = {"error": err.message}
                    if err.status == 404:
                        await websocket.send_json(answer)
                        await websocket.close(code=4404)
                        return
                except InternalError as err:
                    answer = {"error": documents.error_line(str(err))}
                except ArbiterError as err:
                    answer = {"error": documents.error_line(str(err))}
                except Exception:  # noqa: BLE001 - a bug of ours: said in one line, the socket stays open
                    answer = {"error": _(INTERNAL)}
                await websocket.send_json(answer)
        except WebSocketDisconnect:
            return

    # -- errors ----------------------------------------------------------------------------------------

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refused)
        return JSONResponse({"error": exc.message}, status_code=exc.status, headers=exc.headers)

    async def arbiter_error(request: Request, exc: Exception) -> Response:
        status = 500 if isinstance(exc, InternalError) else 400
        return JSONResponse({"error": documents.error_line(str(exc))}, status_code=status)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        path = request.url.path
        words = {404: _("no such page: {path}").format(path=path),
                 405: _("{method} is not allowed on {path}").format(method=request.method, path=path)}
        return JSONResponse({"error": documents.error_line(words.get(exc.status_code, str(exc.detail)))},
                            status_code=exc.status_code, headers=exc.headers)

    async def internal(request: Request, exc: Exception) -> Response:
        with use_language(spoken_language(request)):  # outside the middleware: the language is asked again
            return JSONResponse({"error": _(INTERNAL)}, status_code=500)

    one = "/api/sessions/{id}"
    routes = [
        Route("/", page),
        Mount("/static", app=StaticFiles(directory=STATIC, check_dir=False), name="static"),
        Route("/api/library", get_library),
        Route("/api/labels", get_labels),
        *laws_routes(default_laws),
        *live_routes(board),
        Route("/api/sessions", create, methods=["POST"]),
        Route(one, get_session, methods=["GET"]),
        Route(one, delete_session, methods=["DELETE"]),
        Route(f"{one}/events", event, methods=["POST"]),
        *[Route(f"{one}/{name}", action(name), methods=["POST"]) for name in actions],
        Route(f"{one}/quiz", get_quiz),
        Route(f"{one}/scenario", download),
        Route(f"{one}/report", report_fields),
        Route("/api/validate", post_validate, methods=["POST"]),
        Route("/api/event-lines", post_event_lines, methods=["POST"]),
        Route("/api/run", post_run, methods=["POST"]),
        Route("/api/report/markdown", post_markdown, methods=["POST"]),
        Route("/api/report/pdf", post_pdf, methods=["POST"]),
        WebSocketRoute("/ws/sessions/{id}", socket),
    ]
    middleware = [Middleware(SpeaksTheRequestsLanguage)]
    middleware += [Middleware(OnlyHosts, hosts=tuple(allowed_hosts))] if allowed_hosts else []
    app = Starlette(routes=routes, middleware=middleware, exception_handlers={
        Refused: refused, ArbiterError: arbiter_error, HTTPException: http_error, Exception: internal},
        lifespan=reading_lifespan(board))
    app.state.store = sessions
    app.state.unrestored = restore(sessions, kept, new_held, actions) if kept is not None else []
    return app
