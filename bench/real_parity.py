"""Parity of ``arbiter audit`` with python-chess on the real archives of bench/real (issue 13).

For every ``bench/real/*.pgn`` file: the games python-chess's ``chess.pgn.read_game`` reads (and
how long that takes), the games ``arbiter audit --format json FILE`` reports, and where they
disagree:

- the counts (the audit's JSON game lines, and its summary's ``games``);
- the first game whose players differ between the two, when the counts differ;
- games the audit reports broken (``error``) that python-chess reads without ``game.errors``;
- games with an ``illegal-move`` or ``unreadable-move`` finding that python-chess reads without
  errors (a move python-chess also fails on is agreement, not a mismatch);
- the ``not_audited`` counts.

``python -m bench.real_parity [FILE...] [--json OUT] [--jobs N]``; exit status 0 when nothing
disagrees, 1 otherwise. Figures are measured, never asserted here; tests/test_real_pgn.py asserts
the same comparisons.
"""

from __future__ import annotations

import argparse
import difflib
import io
import json
import logging
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import chess.pgn

REAL = Path(__file__).resolve().parent / "real"
MOVE_FINDINGS = ("illegal-move", "unreadable-move")
SNIPPET = 300


@dataclass
class PcGame:
    """One game as python-chess reads it."""

    number: int
    white: str
    black: str
    errors: list[str]
    plies: int
    text: str
    headers: dict[str, str] = field(default_factory=dict)

    @property
    def snippet(self) -> str:
        """The text python-chess read the game from: all of it when short, else its start and end."""
        text = self.text.strip()
        if len(text) <= SNIPPET:
            return text
        return text[:SNIPPET // 2] + " ... " + text[-SNIPPET // 2:]


@dataclass
class PcRead:
    games: list[PcGame]
    seconds: float
    crash: str | None = None


@dataclass
class AuditRun:
    games: list[dict[str, Any]]
    summary: dict[str, Any]
    seconds: float
    status: int
    stderr: str


@dataclass
class FileParity:
    """The comparison of one file."""

    file: str
    pc: PcRead
    audit: AuditRun
    count_mismatch: bool = False
    divergence: dict[str, Any] | None = None
    only_in_audit: list[dict[str, Any]] = field(default_factory=list)
    only_in_python_chess: list[dict[str, Any]] = field(default_factory=list)
    broken_but_clean: list[dict[str, Any]] = field(default_factory=list)
    move_findings: list[dict[str, Any]] = field(default_factory=list)

    @property
    def illegal_but_clean(self) -> list[dict[str, Any]]:
        return [m for m in self.move_findings if not m["python_chess_errors"]]

    @property
    def ok(self) -> bool:
        return not (self.count_mismatch or self.broken_but_clean or self.illegal_but_clean or self.pc.crash)


def real_files() -> list[Path]:
    return sorted(REAL.glob("*.pgn"))


def read_python_chess(path: Path) -> PcRead:
    """Every game python-chess reads from ``path`` (read as the audit reads it: utf-8-sig, bad bytes
    replaced), with the text it started at; the time of the reading alone."""
    text = path.read_text(encoding="utf-8-sig", errors="replace")
    handle = io.StringIO(text)
    games: list[PcGame] = []
    logger = logging.getLogger("chess.pgn")
    level = logger.level
    logger.setLevel(logging.CRITICAL)  # python-chess logs every error it keeps in game.errors
    crash = None
    started = time.perf_counter()
    try:
        while True:
            start = handle.tell()
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            games.append(PcGame(len(games) + 1, game.headers.get("White", "?"), game.headers.get("Black", "?"),
                                [str(e) for e in game.errors], sum(1 for _ in game.mainline()),
                                text[start:handle.tell()], dict(game.headers)))
    except Exception as exc:  # a crash of python-chess is itself worth reporting
        crash = f"{type(exc).__name__}: {exc} (after game {len(games)})"
    finally:
        logger.setLevel(level)
    return PcRead(games, time.perf_counter() - started, crash)


def run_audit(path: Path, jobs: int = 1) -> AuditRun:
    """``arbiter audit --format json`` on ``path`` as a whole process."""
    cmd = [sys.executable, "-m", "arbiter", "audit", "--format", "json", "--jobs", str(jobs), str(path)]
    started = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, encoding="utf-8")
    seconds = time.perf_counter() - started
    games: list[dict[str, Any]] = []
    summary: dict[str, Any] = {}
    for line in done.stdout.splitlines():
        if not line.strip():
            continue
        obj = json.loads(line)
        if "summary" in obj:
            summary = obj["summary"]
        elif "game" in obj:
            games.append(obj)
    return AuditRun(games, summary, seconds, done.returncode, done.stderr)


def align(pc: PcRead, audit: AuditRun) -> dict[int, PcGame]:
    """The python-chess game each audit game number stands for: the same number while the counts
    agree; when they differ, the games matched by their players (White, Black) in order."""
    if len(pc.games) == len(audit.games):
        return {g["game"]: p for g, p in zip(audit.games, pc.games, strict=True)}
    matcher = difflib.SequenceMatcher(a=[(p.white, p.black) for p in pc.games],
                                      b=[(g["white"], g["black"]) for g in audit.games], autojunk=False)
    paired: dict[int, PcGame] = {}
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            paired[audit.games[block.b + k]["game"]] = pc.games[block.a + k]
    return paired


def compare(path: Path, pc: PcRead, audit: AuditRun) -> FileParity:
    result = FileParity(path.name, pc, audit)
    by_number = align(pc, audit)
    n_audit = len(audit.games)
    result.count_mismatch = not (len(pc.games) == n_audit == audit.summary.get("games", n_audit))
    if result.count_mismatch:
        for k in range(max(len(pc.games), n_audit)):
            ours = audit.games[k] if k < n_audit else None
            theirs = pc.games[k] if k < len(pc.games) else None
            if ours is None or theirs is None or (ours["white"], ours["black"]) != (theirs.white, theirs.black):
                result.divergence = {
                    "game": k + 1,
                    "audit": None if ours is None else {key: ours[key] for key in ("white", "black", "result",
                                                                                   "error")},
                    "python_chess": None if theirs is None else {"white": theirs.white, "black": theirs.black,
                                                                 "errors": theirs.errors, "snippet": theirs.snippet},
                }
                break
        matched = {id(p) for p in by_number.values()}
        result.only_in_audit = [{"game": g["game"], "white": g["white"], "black": g["black"], "error": g["error"]}
                                for g in audit.games if g["game"] not in by_number]
        result.only_in_python_chess = [{"game": p.number, "white": p.white, "black": p.black, "snippet": p.snippet}
                                       for p in pc.games if id(p) not in matched]
    for game in audit.games:
        theirs = by_number.get(game["game"])
        clean = theirs is not None and not theirs.errors
        if game.get("error") and clean:
            assert theirs is not None
            result.broken_but_clean.append({"game": game["game"], "python_chess_game": theirs.number,
                                            "error": game["error"], "python_chess_plies": theirs.plies,
                                            "python_chess_result": theirs.headers.get("Result", "*"),
                                            "snippet": theirs.snippet})
        for finding in game.get("findings", []):
            if finding["kind"] in MOVE_FINDINGS:
                result.move_findings.append({
                    "game": game["game"], "python_chess_game": None if theirs is None else theirs.number,
                    "kind": finding["kind"], "ply": finding.get("ply"),
                    "text": finding["text"],
                    "python_chess_errors": [] if theirs is None else theirs.errors,
                    "python_chess_plies": None if theirs is None else theirs.plies,
                    "snippet": "" if theirs is None else theirs.snippet,
                })
                break
    return result


def check(path: Path, jobs: int = 1) -> FileParity:
    return compare(path, read_python_chess(path), run_audit(path, jobs))


def _one_line(text: str) -> str:
    return " ".join(text.split())


def report(parity: FileParity, limit: int = 20) -> str:
    pc, audit = parity.pc, parity.audit
    pc_errors = sum(1 for g in pc.games if g.errors)
    lines = [
        f"{parity.file}: python-chess {len(pc.games)} games ({pc_errors} with errors) in {pc.seconds:.2f} s; "
        f"audit {len(audit.games)} game lines, summary games {audit.summary.get('games')}, "
        f"exit {audit.status}, {audit.seconds:.2f} s; not_audited {audit.summary.get('not_audited', {})}"
        + ("" if parity.ok else "  ** MISMATCH **"),
    ]
    if pc.crash:
        lines.append(f"  python-chess crashed: {pc.crash}")
    if parity.count_mismatch:
        lines.append(f"  count mismatch: python-chess {len(pc.games)}, audit {len(audit.games)}")
        if parity.divergence:
            d = parity.divergence
            lines.append(f"  first differing game: {d['game']}")
            lines.append(f"    audit: {d['audit']}")
            theirs = d["python_chess"]
            if theirs:
                lines.append(f"    python-chess: {theirs['white']} - {theirs['black']}, errors {theirs['errors']}")
                lines.append(f"    python-chess read it from: {_one_line(theirs['snippet'])!r}")
        for g in parity.only_in_audit:
            lines.append(f"  only in the audit: game {g['game']} ({g['white']} - {g['black']}): error {g['error']!r}")
        for p in parity.only_in_python_chess:
            lines.append(f"  only in python-chess: game {p['game']} ({p['white']} - {p['black']}): "
                         f"{_one_line(p['snippet'])!r}")
    if parity.broken_but_clean:
        lines.append(f"  broken per the audit, read without errors by python-chess: {len(parity.broken_but_clean)}")
        for b in parity.broken_but_clean[:limit]:
            lines.append(f"    game {b['game']}: {b['error']!r} (python-chess game {b['python_chess_game']}: "
                         f"{b['python_chess_plies']} plies, Result tag {b['python_chess_result']!r}, no error); "
                         f"text {_one_line(b['snippet'])!r}")
    if parity.move_findings:
        lines.append(f"  games with an illegal/unreadable-move finding: {len(parity.move_findings)} "
                     f"({len(parity.illegal_but_clean)} of them read without errors by python-chess)")
        for m in parity.move_findings[:limit]:
            agree = "python-chess fails too: " + "; ".join(m["python_chess_errors"])[:120] \
                if m["python_chess_errors"] else "python-chess reads it without errors"
            lines.append(f"    game {m['game']} ply {m['ply']}: {m['kind']}: {m['text'][:140]} [{agree}]")
            if not m["python_chess_errors"]:
                lines.append(f"      (python-chess game {m['python_chess_game']}: {m['python_chess_plies']} plies) "
                             f"text {_one_line(m['snippet'])!r}")
    if audit.stderr.strip():
        lines.append(f"  audit stderr: {_one_line(audit.stderr)[:300]}")
    return "\n".join(lines)


def as_json(parity: FileParity) -> dict[str, Any]:
    return {
        "file": parity.file, "ok": parity.ok,
        "python_chess": {"games": len(parity.pc.games), "with_errors": sum(1 for g in parity.pc.games if g.errors),
                         "seconds": round(parity.pc.seconds, 3), "crash": parity.pc.crash},
        "audit": {"games": len(parity.audit.games), "summary": parity.audit.summary, "status": parity.audit.status,
                  "seconds": round(parity.audit.seconds, 3)},
        "count_mismatch": parity.count_mismatch, "divergence": parity.divergence,
        "only_in_audit": parity.only_in_audit, "only_in_python_chess": parity.only_in_python_chess,
        "broken_but_clean": parity.broken_but_clean, "move_findings": parity.move_findings,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.real_parity", description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="PGN files (default: bench/real/*.pgn)")
    parser.add_argument("--json", type=Path, metavar="OUT", help="also write the comparison as JSON")
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="arbiter audit --jobs N")
    parser.add_argument("--limit", type=int, default=20, metavar="N", help="list at most N games of each kind")
    args = parser.parse_args(argv)
    files = args.files or real_files()
    results = []
    for path in files:
        parity = check(path, args.jobs)
        results.append(parity)
        print(report(parity, args.limit), flush=True)
    bad = [p.file for p in results if not p.ok]
    total_pc = sum(len(p.pc.games) for p in results)
    total_audit = sum(len(p.audit.games) for p in results)
    print(f"\n{len(results)} files; python-chess {total_pc} games in {sum(p.pc.seconds for p in results):.2f} s; "
          f"audit {total_audit} games in {sum(p.audit.seconds for p in results):.2f} s; "
          f"{'no mismatch' if not bad else 'mismatches in ' + ', '.join(bad)}")
    if args.json:
        args.json.write_text(json.dumps([as_json(p) for p in results], indent=1, ensure_ascii=False) + "\n",
                             encoding="utf-8")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
