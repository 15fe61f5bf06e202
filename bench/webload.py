"""Benchmark: many trainees at once through the real server (``python -m bench web [SESSIONS] [EVENTS]``).

Starts ``arbiter serve`` in a process of its own on a free port, with the sessions kept in an
SQLite file of a temporary directory (as a user's server keeps them) and then again in memory only
(``--store none``), and opens SESSIONS sessions (default 200) that each play EVENTS events
(default 20: the moves of a real game as ``play`` events with their times), all at once from one
asyncio client (httpx). For each store it prints the events a second (wall time of the whole
load), the p50 and p99 of one event's answer, the answers of status 5xx, and whether anything was
lost: every session, asked afterwards, must hold its EVENTS events and the rulings of each. A
benchmark, not a timed test.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from bench.web import _free_port

#: A real game's first moves (Carlsen-Anand, 2014, game 6), as many as a trainee plays.
MOVES = ("e4 c5 Nf3 e6 d4 cxd4 Nxd4 a6 c4 Nf6 Nc3 Bb4 Qd3 Nc6 Nxc6 dxc6 Qxd8+ Kxd8 e5 Nd7 Bf4 Ke7 "
         "O-O-O Rd8 Be2 Nc5").split()


class NotServing(RuntimeError):
    """``arbiter serve`` did not answer: it stopped, or 30 seconds passed."""


def serve(port: int, *options: str) -> subprocess.Popen[str]:
    """``arbiter serve --port PORT OPTIONS...`` in a process of its own, once it answers (its
    standard error kept for the caller to read).

    :raises NotServing: with what it said, if it stops or does not answer within 30 seconds.
    """
    server = subprocess.Popen([sys.executable, "-m", "arbiter", "serve", "--port", str(port), *options],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/labels", timeout=2)
            return server
        except httpx.TransportError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                raise NotServing(f"arbiter serve did not start: {server.communicate()[1]!r}") from None
            time.sleep(0.2)


async def _load(base: str, sessions: int, events: int) -> dict[str, Any]:
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    limits = httpx.Limits(max_connections=sessions, max_keepalive_connections=sessions)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:
        made = await asyncio.gather(*(client.post("/api/sessions", json={"time_control": "300+2"})
                                      for _ in range(sessions)))
        keys = [answer.json()["id"] for answer in made if answer.status_code == 201]

        async def trainee(key: str) -> None:
            for index in range(events):
                line = f"{MOVES[index % len(MOVES)]} at={index * 3 + 1.5}"
                start = time.perf_counter()
                answer = await client.post(f"/api/sessions/{key}/events", json={"line": line})
                latencies.append(time.perf_counter() - start)
                statuses[answer.status_code] = statuses.get(answer.status_code, 0) + 1

        start = time.perf_counter()
        await asyncio.gather(*(trainee(key) for key in keys))
        wall = time.perf_counter() - start
        kept = 0
        for key in keys:
            view = (await client.get(f"/api/sessions/{key}")).json()["view"]
            made_rulings = [r for r in view["rulings"] if r["ruling"]["kind"] == "made"]
            kept += len(made_rulings) == events
    ordered = sorted(latencies)
    return {"sessions": len(keys), "events": len(latencies), "events_per_second": len(latencies) / wall,
            "p50_ms": 1000 * statistics.median(ordered), "p99_ms": 1000 * ordered[int(0.99 * (len(ordered) - 1))],
            "server_errors": sum(n for status, n in statuses.items() if status >= 500),
            "statuses": statuses, "sessions_whole": kept}


def measure(sessions: int = 200, events: int = 20) -> dict[str, dict[str, Any]]:
    """The load once with the SQLite store, once in memory: the figures of each."""
    figures: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-web-") as folder:
        for name, store in (("sqlite", str(Path(folder) / "sessions.sqlite3")), ("memory", "none")):
            port = _free_port()
            server = serve(port, "--store", store, "--max-sessions", str(sessions))
            try:
                figures[name] = asyncio.run(_load(f"http://127.0.0.1:{port}", sessions, events))
            finally:
                server.terminate()
                server.wait(timeout=30)
    return figures


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    sessions = int(words[0]) if words else 200
    events = int(words[1]) if len(words) > 1 else 20
    for name, row in measure(sessions, events).items():
        print(f"{name:7} {row['sessions']} sessions x {events} events: {row['events_per_second']:.0f} events/s, "
              f"p50 {row['p50_ms']:.0f} ms, p99 {row['p99_ms']:.0f} ms, 5xx {row['server_errors']}, "
              f"sessions whole {row['sessions_whole']}/{row['sessions']}, statuses {row['statuses']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
