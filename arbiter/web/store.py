"""What the web server keeps and what it lets in: the sessions (bounded, let go after an idle
time, never dropped while in use), the scenario library's paths (never a file outside it), the host names a server on
this machine answers to, and the refusal of a request in one line."""

from __future__ import annotations

import asyncio
import math
import secrets
import sqlite3
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import yaml
from pydantic import ValidationError
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from arbiter.core.errors import ArbiterError, shown
from arbiter.core.i18n import _, number, use_language
from arbiter.files import documents
from arbiter.files.scenario import Scenario
from arbiter.session import Session
from arbiter.web.models import NewSession
from arbiter.web.sessionfile import KeptSession, SessionFile


class Refused(Exception):
    """A request refused: its status, the one line that says why, and its headers (a 503's
    ``Retry-After``)."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = documents.error_line(message)
        self.headers = headers or {}


@dataclass
class Held:
    """A session in the store: the game, the lock that serialises what is done to it, and the
    scenario it was loaded from (for its quiz question), and the language it speaks (``docs/web.md``);
    what made it (the request's JSON, the library file's text) and when it was last used, for
    :class:`~arbiter.web.sessionfile.SessionFile`."""

    session: Session
    scenario: Scenario | None = None
    topic: str = ""
    language: str = "en"
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    request: str = "{}"
    text: str | None = None
    #: The language it was made in (its later changes are operations of the file).
    made_in: str = "en"
    used: float = 0.0
    #: When :attr:`used` was last written to the file.
    used_kept: float = 0.0

    def speak(self, lang: str) -> bool:
        """Speak ``lang`` from now on, the game's rulings told again in it; whether it changed."""
        if lang == self.language:
            return False
        with use_language(lang):
            self.session.retell()
        self.language = lang
        return True


#: How often a session only looked at (no operation) has its time of use written to the file.
_KEEP_USE_EVERY = 60.0


class Store:
    """The sessions: at most ``limit`` of them, each kept until nobody has used it for ``idle``
    seconds. When all are in use a new one is refused (503, with ``Retry-After``), never made room
    for by dropping another. With a ``file`` every session and each operation on it is written
    there as it happens (:mod:`arbiter.web.sessionfile`)."""

    def __init__(self, limit: int, idle: float = 7200.0, file: SessionFile | None = None,
                 now: Callable[[], float] = time.time) -> None:
        self.limit, self.idle, self.file, self._now = limit, idle, file, now
        self._held: dict[str, Held] = {}

    def add(self, held: Held) -> str:
        """Keep ``held`` under a new random id; the id.

        :raises Refused: 503 if ``limit`` sessions are all in use.
        """
        now = self._now()
        self.expire(now)
        if len(self._held) >= self.limit:
            oldest = min(h.used for h in self._held.values())
            wait = max(1, math.ceil(oldest + self.idle - now))
            raise Refused(503, _("the server holds {most} sessions, all in use (a session is let go after {minutes} "
                                 "minutes without use): try again in {seconds} seconds, or start the server with a "
                                 "larger --max-sessions").format(most=number(self.limit), minutes=number(
                                     round(self.idle / 60)), seconds=number(wait)),
                          headers={"Retry-After": str(wait)})
        key = secrets.token_urlsafe(16)
        held.used = held.used_kept = now
        if self.file is not None:
            try:
                self.file.add(KeptSession(key, held.request, held.made_in, held.topic, held.text, now))
            except sqlite3.Error as err:
                raise Refused(503, _("the session file {path} cannot be written ({error}): no new session until it "
                                     "can").format(path=self.file.path, error=err)) from None
        self._held[key] = held
        return key

    def restored(self, key: str, held: Held, used: float) -> None:
        """Keep ``held``, made again from the file under its own id (the server starting)."""
        held.used = held.used_kept = used
        self._held[key] = held

    def get(self, key: str) -> Held:
        """The session ``key``, now used.

        :raises Refused: 404 if there is none (never made, deleted, or let go after the idle time).
        """
        now = self._now()
        held = self._held.get(key)
        if held is None or self.is_idle(held.used, now):
            self.expire(now)
            raise Refused(404, _("no such session (it was deleted, or let go after {minutes} minutes without "
                                 "use)").format(minutes=number(round(self.idle / 60))))
        held.used = now
        if self.file is not None and now - held.used_kept > _KEEP_USE_EVERY:
            held.used_kept = now
            self._written(key, lambda file: file.used(key, now))
        return held

    def record(self, key: str, held: Held, kind: str, value: str) -> None:
        """Write an operation done to ``held`` (``line``, ``action``, ``language``) to the file."""
        held.used = held.used_kept = self._now()
        self._written(key, lambda file: file.append(key, kind, value, held.used))

    def _written(self, key: str, write: Callable[[SessionFile], None]) -> None:
        """``write`` done to the file, if there is one. A file that cannot be written (a full
        disk) does not undo what was done to the session, which goes on in memory: it is said on
        standard error, once per failed write, so that its loss at a restart is not silent."""
        if self.file is None:
            return
        try:
            write(self.file)
        except sqlite3.Error as err:
            said = _("the session {key} could not be written to {path} ({error}); it goes on in memory only")
            print(documents.error_line("arbiter serve: " + said.format(key=key, path=self.file.path, error=err)),
                  file=sys.stderr)

    def delete(self, key: str) -> None:
        """Forget the session ``key``.

        :raises Refused: 404 if there is none.
        """
        self.get(key)
        del self._held[key]
        self._written(key, lambda file: file.delete([key]))

    def is_idle(self, used: float, now: float) -> bool:
        """Whether a session last used at ``used`` has been idle past its time at ``now``."""
        return now - used > self.idle

    def now(self) -> float:
        """The store's clock (the tests' own where they give one)."""
        return self._now()

    def expire(self, now: float) -> None:
        """Let go of the sessions nobody has used for ``idle`` seconds."""
        gone = [key for key, held in self._held.items() if self.is_idle(held.used, now)]
        for key in gone:
            del self._held[key]
        if gone:
            self._written(", ".join(gone), lambda file: file.delete(gone))

    def __len__(self) -> int:
        return len(self._held)


class OnlyHosts:
    """ASGI middleware: a request whose ``Host`` is not one of ``hosts`` (its port aside) is a 400
    ``{"error": ...}``, a websocket closed before it opens."""

    def __init__(self, app: ASGIApp, hosts: tuple[str, ...]) -> None:
        self.app, self.hosts = app, hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            host = Headers(scope=scope).get("host", "")
            name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
            if name not in self.hosts and host not in self.hosts:
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008})
                    return
                refused = JSONResponse({"error": _("this server does not answer to the host name {host}").format(
                    host=repr(host[:100]))},
                                       status_code=400)
                await refused(scope, receive, send)
                return
        await self.app(scope, receive, send)


def tag_language(tag: str) -> str | None:
    """The language of :data:`arbiter.core.i18n.LANGUAGES` an ``Accept-Language`` tag names
    (``sr-Latn``, ``sr_Latn`` → ``sr-Latn``; ``sr``, ``sr-RS``, ``sr-Cyrl`` → ``sr``), or None."""
    parts = tag.strip().replace("_", "-").lower().split("-")
    if parts[0] == "sr":
        return "sr-Latn" if "latn" in parts[1:] else "sr"
    return parts[0] if parts[0] in ("bg", "en") else None


def header_language(header: str) -> str:
    """The language an ``Accept-Language`` header asks for: the first (by its weights, then its
    order) of those the program speaks, else English."""
    wanted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")[:50]):
        tag, _, params = part.partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        code = tag_language(tag) if tag.strip() and tag.strip() != "*" else None
        if code is not None and weight > 0:
            wanted.append((-weight, index, code))
    return min(wanted)[2] if wanted else "en"


def library_file(library: Path, relative: str) -> Path:
    """The file ``relative`` names inside ``library``, checked: a relative path of forward
    slashes, no ``..``, a ``.yaml`` file that, its links followed, is still inside the library.

    :raises Refused: 400 otherwise.
    """
    if "\\" in relative or "\0" in relative:
        raise Refused(400, "library: " + _("a path inside the library, with forward slashes"))
    path = PurePosixPath(relative)
    if path.is_absolute() or relative.startswith("~") or ".." in path.parts:
        raise Refused(400, "library: " + _("a path inside the library (touch/accidental-contact.yaml), not outside it"))
    if path.suffix not in (".yaml", ".yml"):
        raise Refused(400, "library: " + _("a scenario file (*.yaml)"))
    root = library.resolve()
    target = (root / path).resolve()
    if not target.is_relative_to(root):
        raise Refused(400, "library: " + _("a path inside the library, not a link out of it"))
    if not target.is_file():
        raise Refused(400, "library: " + _("no such file in the library: {path}").format(path=shown(relative)))
    return target


def library_index(library: Path) -> dict[str, Any]:
    """``GET /api/library``: the library's scenarios grouped by folder, each with its title."""
    root = library.resolve()
    groups: dict[str, list[dict[str, str]]] = {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for path in sorted(root.rglob("*.yaml")):
        relative = path.relative_to(root).as_posix()
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506 - a safe loader
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue
        title = data.get("title") if isinstance(data, dict) else None
        groups.setdefault(PurePosixPath(relative).parent.as_posix(), []).append(
            {"path": relative, "title": str(title) if title else path.stem})
    return {"groups": [{"name": name, "files": files} for name, files in sorted(groups.items())]}


def _play_next_as_it_went(session: Session, play_next: Callable[[Session], Any]) -> None:
    """A ``next`` of the file replayed: it was kept because it took its event off the queue,
    played or refused (an invalid event): as then, a refusal leaves the event off the queue."""
    try:
        play_next(session)
    except ArbiterError:
        pass


_Maker = Callable[[NewSession, str, str | None], tuple[Held, list[str]]]


def restore(sessions: Store, kept: SessionFile, new_held: _Maker,
            actions: dict[str, Callable[[Session], Any]]) -> list[tuple[str, str]]:
    """Every session of the file not idle past its time, made again from its request and its
    operations replayed, into ``sessions``; those idle past it are let go. The sessions that
    could not be made again (a library file gone, an edition unknown), each with why: they stay
    in the file, untouched."""
    now, failed, gone = sessions.now(), [], []
    for session in kept.sessions():
        if sessions.is_idle(session.used, now):
            gone.append(session.key)
            continue
        try:
            with use_language(session.language):
                held, _queued = new_held(NewSession.model_validate_json(session.request), session.language,
                                         session.text)
            held.language = session.language
            for kind, value in session.operations:
                if kind == "language":
                    held.speak(value)
                    continue
                with use_language(held.language):
                    if kind == "line":
                        held.session.apply(value)
                    elif value == "next":
                        _play_next_as_it_went(held.session, actions[value])
                    else:
                        actions[value](held.session)
        except (ArbiterError, Refused, ValidationError, KeyError) as err:
            failed.append((session.key, err.message if isinstance(err, Refused) else str(err)))
            continue
        sessions.restored(session.key, held, session.used)
    if gone:
        kept.delete(gone)
    return failed

