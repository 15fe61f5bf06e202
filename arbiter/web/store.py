"""What the web server keeps and what it lets in: the sessions (bounded, the least recently used
dropped first), the scenario library's paths (never a file outside it), the host names a server on
this machine answers to, and the refusal of a request in one line."""

from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import yaml
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from arbiter.core.i18n import _
from arbiter.files import documents
from arbiter.files.scenario import Scenario
from arbiter.session import Session


class Refused(Exception):
    """A request refused: its status and the one line that says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = documents.error_line(message)


@dataclass
class Held:
    """A session in the store: the game, the lock that serialises what is done to it, and the
    scenario it was loaded from (for its quiz question), and the language it speaks (``docs/web.md``)."""

    session: Session
    scenario: Scenario | None = None
    topic: str = ""
    language: str = "en"
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Store:
    """The sessions, least recently used first; past ``limit`` the least recently used goes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._held: OrderedDict[str, Held] = OrderedDict()

    def add(self, held: Held) -> str:
        """Keep ``held`` under a new random id; the id."""
        key = secrets.token_urlsafe(16)
        self._held[key] = held
        while len(self._held) > self.limit:
            self._held.popitem(last=False)
        return key

    def get(self, key: str) -> Held:
        """The session ``key``, now the most recently used.

        :raises Refused: 404 if there is none (never made, deleted, or dropped as the least used).
        """
        held = self._held.get(key)
        if held is None:
            raise Refused(404, _("no such session (it was deleted, or dropped as the least recently used)"))
        self._held.move_to_end(key)
        return held

    def delete(self, key: str) -> None:
        """Forget the session ``key``.

        :raises Refused: 404 if there is none.
        """
        self.get(key)
        del self._held[key]

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
        raise Refused(400, "library: " + _("no such file in the library: {path}").format(path=relative))
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
