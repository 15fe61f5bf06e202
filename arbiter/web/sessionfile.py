"""The web sessions kept on disk, so that a restart of ``arbiter serve`` loses none (issue 37).

One SQLite file (the standard library's :mod:`sqlite3`) holds each session as the request that
made it (its JSON, its language, the text of the library file it came from) and, in order, every
operation done to it that succeeded: an event line, an action (``undo``, ``restart``, ``next``,
``back``), a change of language. Each is written as it is done; when the server starts, every
session is made again from its request and its operations replayed, so its events, its rulings and
its view are what they were. The referee is deterministic: a replay is the game itself.

The file is the server's own: a file that is not SQLite, or an SQLite database of something else,
or of a later version, is refused with a clear error and left as it is (never overwritten).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from arbiter.core.errors import ArbiterError
from arbiter.core.i18n import _

#: What the file says it is, and the version of its tables.
FORMAT, VERSION = "arbiter-sessions", 1

_TABLES = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sessions (id TEXT PRIMARY KEY, request TEXT NOT NULL, language TEXT NOT NULL,
                       topic TEXT NOT NULL, text TEXT, used REAL NOT NULL);
CREATE TABLE operations (session TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                         seq INTEGER NOT NULL, kind TEXT NOT NULL, value TEXT NOT NULL,
                         PRIMARY KEY (session, seq));
"""


class SessionFileError(ArbiterError):
    """The session file cannot be used: not SQLite, another program's, of a later version, or
    unreadable."""


@dataclass
class KeptSession:
    """One session as the file keeps it."""

    key: str
    #: The ``POST /api/sessions`` body that made it (JSON).
    request: str
    language: str
    topic: str
    #: The text of the library file it was made from, as it was then (None: not from the library).
    text: str | None
    #: When it was last used (seconds since the epoch).
    used: float
    #: Its operations in order: (``line``, the event line), (``action``, its name), (``language``, a code).
    operations: list[tuple[str, str]] = field(default_factory=list)


def default_path() -> Path:
    """The file in the user's data directory: ``$XDG_DATA_HOME/arbiter/sessions.sqlite3``, else
    ``~/.local/share/arbiter/sessions.sqlite3``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "arbiter" / "sessions.sqlite3"


class SessionFile:
    """The SQLite file of the sessions; every method may be called from any thread.

    :raises SessionFileError: when opened on a file that is not an arbiter session store.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        is_new = not path.exists() or path.stat().st_size == 0
        if not is_new:
            self._check_ours()  # read-only: a file of another program is never opened for writing
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            if is_new:
                with self._transaction():
                    for statement in _TABLES.split(";"):
                        if statement.strip():
                            self._db.execute(statement)
                    self._db.executemany("INSERT INTO meta VALUES (?, ?)",
                                         [("format", FORMAT), ("version", str(VERSION))])
            self._db.execute("PRAGMA foreign_keys = ON")
            self._db.execute("PRAGMA journal_mode = WAL")  # a write per event: no sync of the whole file each time
            self._db.execute("PRAGMA synchronous = NORMAL")
        except (OSError, sqlite3.Error) as err:
            raise SessionFileError(_("cannot open the session file {path}: {error}").format(
                path=path, error=err)) from None

    def _check_ours(self) -> None:
        """:raises SessionFileError: if the file at :attr:`path` is not a session file of this
        version, found by reading it only (no journal recovered, nothing written)."""
        try:
            with self.path.open("rb") as file:
                header = file.read(16)
        except OSError as err:
            raise SessionFileError(_("cannot open the session file {path}: {error}").format(
                path=self.path, error=err)) from None
        not_ours = _("{path} is not a session file of arbiter (not an SQLite database, or a damaged one): give "
                     "another --store, or move it away").format(path=self.path)
        if header != b"SQLite format 3\x00":
            raise SessionFileError(not_ours)
        try:
            reader = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
            try:
                tables = {row[0] for row in reader.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                meta = dict(reader.execute("SELECT key, value FROM meta").fetchall()) if "meta" in tables else {}
            finally:
                reader.close()
        except sqlite3.DatabaseError:
            raise SessionFileError(not_ours) from None
        if meta.get("format") != FORMAT or not {"sessions", "operations"} <= tables:
            raise SessionFileError(_("{path} is an SQLite database of another program, not a session file of arbiter: "
                                     "give another --store, or move it away").format(path=self.path))
        if meta.get("version") != str(VERSION):
            raise SessionFileError(_("{path} is a session file of another version of arbiter ({version}); this one "
                                     "reads version {ours}").format(path=self.path, version=meta.get("version"),
                                                                    ours=VERSION))

    def sessions(self) -> list[KeptSession]:
        """Every session in the file, each with its operations in order."""
        with self._lock:
            kept = {row[0]: KeptSession(*row) for row in self._db.execute(
                "SELECT id, request, language, topic, text, used FROM sessions ORDER BY used")}
            operations = self._db.execute("SELECT session, kind, value FROM operations ORDER BY session, seq")
            for key, kind, value in operations:
                if key in kept:
                    kept[key].operations.append((kind, value))
        return list(kept.values())

    def add(self, session: KeptSession) -> None:
        """Keep a new session (no operation yet).

        :raises sqlite3.Error: if the file cannot be written (nothing is left half done).
        """
        with self._lock, self._transaction():
            self._db.execute("INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?)", (
                session.key, session.request, session.language, session.topic, session.text, session.used))

    def append(self, key: str, kind: str, value: str, used: float) -> None:
        """Add an operation to the session ``key``, done at ``used`` (nothing if the session is
        gone from the file: deleted meanwhile).

        :raises sqlite3.Error: if the file cannot be written (nothing is left half done).
        """
        with self._lock, self._transaction():
            if self._db.execute("SELECT 1 FROM sessions WHERE id = ?", (key,)).fetchone() is None:
                return
            self._db.execute("INSERT INTO operations SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ? FROM operations "
                             "WHERE session = ?", (key, kind, value, key))
            self._db.execute("UPDATE sessions SET used = ? WHERE id = ?", (used, key))

    def used(self, key: str, when: float) -> None:
        """The session ``key`` was looked at, at ``when`` (no operation)."""
        with self._lock, self._transaction():
            self._db.execute("UPDATE sessions SET used = ? WHERE id = ?", (when, key))

    def delete(self, keys: list[str]) -> None:
        """Forget the sessions ``keys`` (deleted, or idle past their time)."""
        with self._lock, self._transaction():
            self._db.executemany("DELETE FROM operations WHERE session = ?", [(key,) for key in keys])
            self._db.executemany("DELETE FROM sessions WHERE id = ?", [(key,) for key in keys])

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One transaction: committed whole, or rolled back whole (the connection never stays
        inside a failed one)."""
        self._db.execute("BEGIN")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def close(self) -> None:
        """Close the file (every write is already in it)."""
        with self._lock:
            self._db.close()
