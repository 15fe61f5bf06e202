"""Nothing changes but the speed (issue 36): a kept digest of what the library and the real archives
give, and of what the static analysis of 5.2.2 answers. The JSON document of every scenario of the
library (``arbiter run --format json``), the audit of the real archives (``arbiter audit --format
json bench/real/*.pgn``) and the analysis's answers on CHA's positions (:func:`analysis_digest`) are
hashed and held to ``tests/fixtures/kept-digests.json``. A change of a ruling, a text or a figure
shows here as the files whose output changed; when it is meant, ``python -m tests.test_kept_digests
--update`` writes the new digests, and the commit says why. A scenario without a digest is a
failure too: the digests cover the whole library."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
KEPT = ROOT / "tests" / "fixtures" / "kept-digests.json"


def _output(args: list[str]) -> str:
    from arbiter.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        main(args)
    return out.getvalue()


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def scenario_digests() -> dict[str, str]:
    """Each library scenario's JSON document, hashed, by its path."""
    document: dict[str, Any] = json.loads(_output(["run", "--format", "json", "scenarios"]))
    return {entry["file"]: _sha(json.dumps(entry, sort_keys=True, ensure_ascii=False))
            for entry in document["scenarios"]}


def audit_digest() -> str:
    """The audit of the real archives, hashed."""
    archives = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "bench" / "real").glob("*.pgn"))
    return _sha(_output(["audit", "--format", "json", *archives]))


def analysis_digest() -> str:
    """The static analysis's answer (5.2.2, :func:`~arbiter.core.deduction.is_statically_unwinnable`)
    on every valid position of CHA's set, on its mirror, and along a walk of four reversible moves
    from each whose pawns stand blocked (a fixed seed), hashed: the analysis's speed-ups must
    leave every answer as it was (issue 36)."""
    import random

    from arbiter.core.deduction import is_statically_unwinnable
    from arbiter.core.helpmate import are_pawns_blocked
    from bench.deadgate import positions, reversible_moves

    rng = random.Random(36)
    answers = []
    for board in positions(ROOT / "tests" / "data" / "cha" / "positions.txt"):
        boards = [board, board.mirror()]
        if are_pawns_blocked(board):
            walk = board.copy(stack=False)
            for _ in range(4):
                moves = reversible_moves(walk)
                if not moves:
                    break
                walk.push(rng.choice(moves))
                boards.append(walk.copy(stack=False))
        answers.extend("1" if is_statically_unwinnable(each) else "0" for each in boards)
    return _sha("".join(answers))


def test_every_scenario_gives_what_it_gave(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("ARBITER_LANG", raising=False)
    kept = json.loads(KEPT.read_text(encoding="utf-8"))["scenarios"]
    found = scenario_digests()
    changed = sorted(name for name in found if kept.get(name) != found[name])
    assert changed == [], "changed or new (python -m tests.test_kept_digests --update if meant)"
    assert sorted(set(kept) - set(found)) == []


@pytest.mark.slow
def test_the_audit_of_the_real_archives_gives_what_it_gave(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("ARBITER_LANG", raising=False)
    assert json.loads(KEPT.read_text(encoding="utf-8"))["audit"] == audit_digest()


@pytest.mark.slow
def test_the_static_analysis_answers_what_it_answered() -> None:
    assert json.loads(KEPT.read_text(encoding="utf-8"))["analysis"] == analysis_digest()


if __name__ == "__main__" and sys.argv[1:] == ["--update"]:
    import os

    os.chdir(ROOT)
    os.environ.pop("ARBITER_LANG", None)
    KEPT.write_text(json.dumps({"scenarios": scenario_digests(), "audit": audit_digest(),
                                "analysis": analysis_digest()}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"written: {KEPT}")
