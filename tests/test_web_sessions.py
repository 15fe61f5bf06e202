"""Web sessions never dropped while in use, and kept across a restart (issue 37, items 2 and 3)."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from arbiter.cli import main
from arbiter.session import Session
from arbiter.web.app import create_app
from arbiter.web.sessionfile import SessionFile, SessionFileError
from arbiter.web.store import Held, Refused, Store
from bench.webload import serve
from tests.test_web_api import CASE, _free_port

SCENARIO = "title: t\ntime_control: 60+1\nevents:\n  - {white: play e4, at: 1.5}\n  - {black: play c5, at: 2.25}\n"
EVENTS = ["touch g1", "lift g1", "place f3", "release", "press", "e5", "d4", "exd4", "Nxd4"]


class _Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _held() -> Held:
    return Held(Session.from_position(None, None, "300+2", None, None, None, None))


def test_a_full_store_refuses_a_new_session_and_lets_go_only_of_idle_ones() -> None:
    clock = _Clock()
    store = Store(limit=2, idle=600, now=clock)
    first, second = store.add(_held()), store.add(_held())
    clock.now += 100
    store.get(first)
    with pytest.raises(Refused) as refused:
        store.add(_held())
    assert refused.value.status == 503 and refused.value.headers == {"Retry-After": "500"}  # second idle at 600
    assert "holds 2 sessions, all in use" in refused.value.message
    clock.now += 500
    with pytest.raises(Refused):  # idle exactly 600 s: still kept
        store.add(_held())
    clock.now += 1
    third = store.add(_held())  # the second, idle 601 s, was let go; the first, used 501 s ago, stays
    assert store.get(first) and store.get(third)
    with pytest.raises(Refused) as gone:
        store.get(second)
    assert gone.value.status == 404 and "let go after 10 minutes without use" in gone.value.message


def test_a_foreign_or_damaged_file_is_refused_and_left_untouched(tmp_path: Path) -> None:
    text = tmp_path / "notes.sqlite3"
    text.write_bytes(b"my tournament notes, not a database\n" * 200)
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE players (name TEXT)")
        db.execute("INSERT INTO players VALUES ('Tal')")
    db.close()
    later = tmp_path / "later.sqlite3"
    SessionFile(later).close()
    with sqlite3.connect(later) as db:
        db.execute("UPDATE meta SET value = '99' WHERE key = 'version'")
    db.close()
    for path, words in ((text, "is not a session file of arbiter"), (other, "SQLite database of another program"),
                        (later, r"another version of arbiter \(99\)")):
        before = path.read_bytes()
        with pytest.raises(SessionFileError, match=words):
            SessionFile(path)
        assert path.read_bytes() == before
    assert main(["serve", "--store", str(other), "--port", str(_free_port())]) == 2


def _play(client: TestClient | httpx.Client, key: str, lines: list[str]) -> None:
    for line in lines:
        answer = client.post(f"/api/sessions/{key}/events", json={"line": line})
        assert answer.status_code == 200, (line, answer.text)


def test_every_session_its_events_and_its_view_come_back_after_a_restart(tmp_path: Path) -> None:
    store = tmp_path / "sessions.sqlite3"
    with TestClient(create_app(store=store)) as client:
        keys = {
            "position": client.post("/api/sessions", json={"time_control": "300+2"}).json()["id"],
            "library": client.post("/api/sessions", json={"library": CASE}).json()["id"],
            "scenario": client.post("/api/sessions", json={"scenario": SCENARIO}).json()["id"],
        }
        _play(client, keys["position"], [f"{line} at={index}.{index}" for index, line in enumerate(EVENTS)])
        assert client.post(f"/api/sessions/{keys['position']}/undo").status_code == 200
        assert client.post(f"/api/sessions/{keys['library']}/next").status_code == 200
        assert client.get(f"/api/sessions/{keys['library']}?lang=sr").status_code == 200  # told again in Serbian
        _play(client, keys["library"], ["lift g1"])
        assert client.post(f"/api/sessions/{keys['scenario']}/next").status_code == 200
        assert client.post(f"/api/sessions/{keys['scenario']}/events", json={"line": "fly e9"}).status_code == 400
        gone = client.post("/api/sessions", json={}).json()["id"]
        assert client.delete(f"/api/sessions/{gone}").status_code == 204
        before = {name: client.get(f"/api/sessions/{key}").json() for name, key in keys.items()}
        saved = {name: client.get(f"/api/sessions/{key}/scenario").text for name, key in keys.items()}
    assert any("Бели" in r["ruling"]["text"] for r in before["library"]["view"]["rulings"])  # retold in Serbian
    app = create_app(store=store)
    assert app.state.unrestored == []
    with TestClient(app) as client:
        for name, key in keys.items():
            assert client.get(f"/api/sessions/{key}").json() == before[name], name
            assert client.get(f"/api/sessions/{key}/scenario").text == saved[name]
        assert client.get(f"/api/sessions/{gone}").status_code == 404
        assert len(app.state.store) == 3


def test_a_session_that_cannot_be_made_again_is_named_and_stays_in_the_file(tmp_path: Path) -> None:
    store = tmp_path / "sessions.sqlite3"
    with TestClient(create_app(store=store)) as client:
        key = client.post("/api/sessions", json={"time_control": "300+2"}).json()["id"]
    with sqlite3.connect(store) as db:
        db.execute("UPDATE sessions SET request = '{\"laws\": \"1901\"}' WHERE id = ?", (key,))
    db.close()
    app = create_app(store=store)
    assert [k for k, _why in app.state.unrestored] == [key]
    with sqlite3.connect(store) as db:
        assert db.execute("SELECT COUNT(*) FROM sessions WHERE id = ?", (key,)).fetchone() == (1,)
    db.close()


def _serve(port: int, store: Path, *options: str) -> subprocess.Popen[str]:
    return serve(port, "--store", str(store), *options)


def _stop(server: subprocess.Popen[str]) -> None:
    server.terminate()
    server.wait(timeout=20)


@pytest.mark.slow
def test_the_real_server_drops_no_session_in_use_and_keeps_them_all_across_a_restart(tmp_path: Path) -> None:
    port, store, cap = _free_port(), tmp_path / "sessions.sqlite3", 12
    base = f"http://127.0.0.1:{port}"
    server = _serve(port, store, "--max-sessions", str(cap))
    views: dict[str, Any] = {}
    try:
        async def trainee(client: httpx.AsyncClient, key: str) -> None:
            for index, line in enumerate(EVENTS):
                answer = await client.post(f"/api/sessions/{key}/events", json={"line": f"{line} at={index}.5"})
                assert answer.status_code == 200, answer.text

        async def everyone() -> tuple[list[str], httpx.Response]:
            async with httpx.AsyncClient(base_url=base, timeout=30) as client:
                made = [await client.post("/api/sessions", json={"time_control": "300+2"}) for _ in range(cap)]
                keys = [answer.json()["id"] for answer in made]
                refused = await client.post("/api/sessions", json={})
                await asyncio.gather(*(trainee(client, key) for key in keys))
                return keys, refused

        keys, refused = asyncio.run(everyone())
        assert refused.status_code == 503 and refused.headers["retry-after"] == str(120 * 60)
        assert f"holds {cap} sessions, all in use" in refused.json()["error"]
        with httpx.Client(base_url=base, timeout=10) as client:
            for key in keys:
                answer = client.get(f"/api/sessions/{key}")
                assert answer.status_code == 200
                views[key] = answer.json()
                assert len(views[key]["view"]["rulings"]) >= len(EVENTS)
    finally:
        _stop(server)
    server = _serve(port, store, "--max-sessions", str(cap))
    try:
        with httpx.Client(base_url=base, timeout=10) as client:
            for key, view in views.items():
                assert client.get(f"/api/sessions/{key}").json() == view
            assert client.post("/api/sessions", json={}).status_code == 503  # the restored ones are in use too
    finally:
        _stop(server)
    assert server.stderr is not None and server.stderr.read() == ""


def test_a_failed_next_is_kept_as_it_went(tmp_path: Path) -> None:
    store = tmp_path / "sessions.sqlite3"
    scenario = "title: t\nevents:\n  - white: play e4\n  - black: play e5\n  - white: play Nf3\n"
    with TestClient(create_app(store=store)) as client:
        key = client.post("/api/sessions", json={"scenario": scenario}).json()["id"]
        _play(client, key, ["e4"])  # played by hand: the queued e4 now fails
        assert client.post(f"/api/sessions/{key}/next").status_code == 400  # and leaves the queue
        assert client.post(f"/api/sessions/{key}/next").status_code == 200  # e5
        before = client.get(f"/api/sessions/{key}").json()
    app = create_app(store=store)
    assert app.state.unrestored == []
    with TestClient(app) as client:
        assert client.get(f"/api/sessions/{key}").json() == before


def test_the_edition_a_server_gave_a_session_stays_its_own_after_a_restart(tmp_path: Path) -> None:
    store = tmp_path / "sessions.sqlite3"
    with TestClient(create_app(store=store, default_laws="2014")) as client:
        key = client.post("/api/sessions", json={}).json()["id"]
        before = client.get(f"/api/sessions/{key}").json()
    assert before["view"]["laws"] == "2014"
    with TestClient(create_app(store=store)) as client:  # restarted without --laws
        assert client.get(f"/api/sessions/{key}").json() == before


def test_another_program_s_database_with_its_journal_is_not_touched(tmp_path: Path) -> None:
    other = tmp_path / "club.sqlite3"
    script = (f"import sqlite3, os\ndb = sqlite3.connect({str(other)!r}); db.execute('PRAGMA journal_mode=WAL')\n"
              "db.execute('CREATE TABLE players (name TEXT)'); db.commit()\n"
              "db.execute(\"INSERT INTO players VALUES ('Tal')\"); db.commit()\nos._exit(0)\n")
    subprocess.run([sys.executable, "-c", script], check=True)  # died before a checkpoint: its WAL stays
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    assert set(before) == {"club.sqlite3", "club.sqlite3-wal", "club.sqlite3-shm"}
    with pytest.raises(SessionFileError, match="another program"):
        SessionFile(other)
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before


def test_an_operation_on_a_session_deleted_meanwhile_leaves_the_file_usable(tmp_path: Path) -> None:
    from arbiter.web.sessionfile import KeptSession

    kept = SessionFile(tmp_path / "sessions.sqlite3")
    kept.add(KeptSession("a", "{}", "en", "", None, 1.0))
    kept.delete(["a"])
    kept.append("a", "line", "e4", 2.0)  # the act was under way when the session went: nothing to keep
    kept.add(KeptSession("b", "{}", "en", "", None, 3.0))
    kept.append("b", "line", "e4", 4.0)
    assert [(s.key, s.operations) for s in kept.sessions()] == [("b", [("line", "e4")])]
    kept.close()
