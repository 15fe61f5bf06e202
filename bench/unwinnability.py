"""Benchmark: the unwinnability analysis on CHA's test positions (``python -m bench unwinnability``).

CHA's 6,828 questions (each position of ``tests/data/cha/positions.txt``, for either side) are a
benchmark, not a unit test. ``python -m bench unwinnability`` (or ``python -m bench.unwinnability``)
answers every one in two processes (about half an hour on two cores) and reports the share decided
within the default bound of work, the answers against CHA's labels, and the CPU time per question
(median, 99th percentile, slowest) beside CHA's published 336 µs. The same run writes:

- ``bench/cha-answers.tsv``: every question with its answer, the proof or phase that gave it (its
  *family*), the moves of work it took, its CPU time, and the pruning rules of the static analysis
  it rests on (each switched off in turn, as ``tests/test_pruning_rules.py`` switches them);
- ``bench/cha-undecided.txt``: the questions left undecided (the work list);
- ``bench/cha-last-phase.txt``: those the searches leave and the last phase decides;
- ``bench/cha-sample.txt``: the fixed, stratified sample ``tests/test_cha.py`` asks in the suite
  (:func:`stratified_sample`: every family of answer, every static pruning rule, the last phase,
  the hardest questions decided), with each question's family and work as recorded.

``--sample N`` times every k-th position so that N are measured, in this process (a few minutes),
and ``--dead`` also times the quick test for a dead position (5.2.2) that runs after every move.
The bound is work, not time: which questions are decided, and by what, is the same on every
machine, loaded or not; only the CPU times differ.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from collections.abc import Callable
from typing import Any, NamedTuple

import chess
import pytest

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "tests" / "data" / "cha" / "positions.txt"
WORK_LIST = Path(__file__).with_name("cha-undecided.txt")
#: The questions the searches leave undecided and the last phase decides (see :func:`write_work_list`).
LAST_PHASE_LIST = Path(__file__).with_name("cha-last-phase.txt")
#: Every question of the last whole run, one a line (see :func:`answer_all`).
ANSWERS = Path(__file__).with_name("cha-answers.tsv")
#: The stratified sample the test suite asks (see :func:`stratified_sample`).
SAMPLE = Path(__file__).with_name("cha-sample.txt")
#: CHA's published mean time per position (C++, FUN 2022), for comparison.
CHA_PUBLISHED_US = 336.0


def positions(sample: int | None) -> list[tuple[str, str]]:
    rows = [tuple(line.split(" ", 1)) for line in POSITIONS.read_text().splitlines()
            if line.strip() and not line.startswith("#")]
    if sample is not None and sample < len(rows):
        step = len(rows) / sample
        rows = [rows[int(index * step)] for index in range(sample)]
    return [(label, fen) for label, fen in rows]


def bench(sample: int | None = 400) -> dict[str, Any]:
    from arbiter.core.unwinnable import can_checkmate, is_dead

    times: list[float] = []
    dead_times: list[float] = []
    decided = disagree = 0
    for label, fen in positions(sample):
        board = chess.Board(fen)
        for color, mark in ((chess.WHITE, label[0]), (chess.BLACK, label[1])):
            start = time.process_time()
            verdict = can_checkmate(board, color)
            times.append(time.process_time() - start)
            if verdict.answer != "undetermined":
                decided += 1
                disagree += verdict.answer != ("cannot" if mark == "-" else "can")
        start = time.process_time()
        for _ in range(20):
            is_dead(board)
        dead_times.append((time.process_time() - start) / 20)
    times.sort()
    dead_times.sort()
    return {
        "unwinnable_questions": len(times),
        "unwinnable_decided_share": decided / len(times),
        "unwinnable_disagreements": disagree,
        "unwinnable_median_us": statistics.median(times) * 1e6,
        "unwinnable_p99_us": times[min(len(times) - 1, int(len(times) * 0.99))] * 1e6,
        "unwinnable_max_s": times[-1],
        "unwinnable_cha_published_us": CHA_PUBLISHED_US,
        "dead_check_median_us": statistics.median(dead_times) * 1e6,
        "dead_check_p99_us": dead_times[min(len(dead_times) - 1, int(len(dead_times) * 0.99))] * 1e6,
    }


def _families() -> dict[str, str]:
    """The short names of the proofs and phases that answer (``Verdict.reason_untold``), for the files."""
    from arbiter.core import reasons

    return {reasons.MATERIAL: "material", reasons.OVER: "over", reasons.MATED: "mated",
            reasons.REPEATS: "forced-repetition", reasons.CHAINS: "checks", reasons.EVERY_POSITION: "every-position",
            reasons.STATIC: "static", reasons.EVERY_LINE: "every-line"}


def family(verdict: Any) -> str:
    """The family of a verdict: for a "cannot", the proof (``static``, ``checks``, ``lines-4``...);
    for a "can", whether the searches or the last phase found the helpmate; ``undecided``. The
    last phase is told apart from the phases before it (``...@last``)."""
    if verdict.answer == "undetermined":
        return "undecided"
    if verdict.answer == "can" and verdict.line:
        name = "helpmate"
    else:
        told = verdict.reason_untold
        name = _families().get(told) or (f"lines-{told.split()[3]}" if told.startswith("every line of ") else
                                       "-".join(told.split()))
    return f"{name}@last" if verdict.last_phase else name


class Question(NamedTuple):
    """One question of CHA's file as the whole run answered it (a line of ``cha-answers.tsv``)."""

    fen: str
    side: str
    cha: str
    ours: str
    family: str
    nodes: int
    cpu_ms: float
    plies: int  # of the helpmate line, 0 for none
    rules: str  # the static pruning rules the question rests on, ``,``-separated, ``-`` for none

    def line(self) -> str:
        return "\t".join(str(value) if not isinstance(value, float) else f"{value:.1f}" for value in self)

    @classmethod
    def parse(cls, line: str) -> Question:
        fen, side, cha, ours, kind, nodes, cpu_ms, plies, rules = line.split("\t")
        return cls(fen, side, cha, ours, kind, int(nodes), float(cpu_ms), int(plies), rules)


def _static_switches() -> dict[str, Callable[[pytest.MonkeyPatch], None]]:
    """Each pruning rule of the static analysis switched off, as ``tests/test_pruning_rules.py``
    switches it (rule 2 in its two halves)."""
    from arbiter.core import deduction
    from arbiter.core.deduction import Analysis
    from tests import test_pruning_rules as rules

    def filter_without(**off: bool) -> Callable[[pytest.MonkeyPatch], None]:
        return lambda patch: patch.setattr(Analysis, "_filter_targets", rules._filter_targets_without(**off))

    return {
        "1": filter_without(king_safety=False),
        "2-direct": filter_without(direct=False),
        "2-discovered": filter_without(discovered=False),
        "3": filter_without(last_piece=False),
        "4": lambda patch: patch.setattr(Analysis, "_without_stalemating", rules._no_stalemate_filter),
        "5": lambda patch: patch.setattr(Analysis, "_without_blocked_ways", rules._only_the_assumptions),
        "6": lambda patch: patch.setattr(Analysis, "saturate", rules._saturate_with_white_pawns_capturing_anywhere),
        "7": lambda patch: patch.setattr(deduction, "_PROMOTION_RANKS", 0),
        "8": lambda patch: patch.setattr(Analysis, "_add_capturable", rules._add_capturable_without_split),
        "9": lambda patch: patch.setattr(Analysis, "update_attacked_squares",
                                         rules._attacked_squares_without_seeing_through),
    }


def static_rules(board: chess.Board, color: chess.Color) -> list[str]:
    """The static pruning rules whose switching off changes the static analysis's answer for
    ``color`` as the would-be winner (rule 7, a rule of soundness, by proving more)."""
    from arbiter.core.deduction import is_statically_unwinnable

    position = board.copy(stack=False) if color == chess.WHITE else board.mirror()
    if position.is_check() and position.turn == chess.BLACK or not position.is_valid():
        return []
    proved = is_statically_unwinnable(position)
    bearing = []
    for name, switch in _static_switches().items():
        with pytest.MonkeyPatch.context() as patch:
            switch(patch)
            if is_statically_unwinnable(position) != proved:
                bearing.append(name)
    return bearing


def _answered(row: tuple[str, str]) -> list[Question]:
    """Both questions of one position, answered with the default bound, and timed."""
    from arbiter.core.unwinnable import can_checkmate

    label, fen = row
    board = chess.Board(fen)
    found = []
    for color, mark in ((chess.WHITE, label[0]), (chess.BLACK, label[1])):
        start = time.process_time()
        verdict = can_checkmate(board, color)
        cpu_ms = (time.process_time() - start) * 1000
        found.append(Question(fen, "white" if color else "black", "cannot" if mark == "-" else "can",
                              verdict.answer, family(verdict), verdict.nodes, cpu_ms, len(verdict.line),
                              ",".join(static_rules(board, color)) or "-"))
    return found


def answer_all(processes: int = 2) -> list[Question]:
    """Every question of the file, answered in ``processes`` processes, in the file's order."""
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        return [question for pair in pool.imap(_answered, positions(None), chunksize=4) for question in pair]


def read_answers(path: Path = ANSWERS) -> list[Question]:
    """The questions of the last whole run (``cha-answers.tsv``)."""
    return [Question.parse(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


#: A question of the sample may take at most this much CPU time in the whole run (the suite's
#: share of CHA's questions takes about a minute of CPU), but for the few picked past it on purpose.
SAMPLE_CPU_MS = 2_500.0


def stratified_sample(questions: list[Question]) -> list[tuple[str, Question]]:
    """The questions the suite asks, each with its stratum, chosen from a whole run; fixed (the
    same run gives the same sample). Of the decided questions that agree with CHA:

    - every family of answer (each proof of "cannot", the helpmates of the searches and of the
      last phase) by the length of the line for a "can": the one with the most work within
      :data:`SAMPLE_CPU_MS`, the one with the least, and the median;
    - every static pruning rule: three questions whose static proof rests on it;
    - the last phase: the three cheapest of each answer;
    - the hardest decided: the ten with the most work within :data:`SAMPLE_CPU_MS`.
    """
    decided = [q for q in questions if q.ours != "undetermined" and q.ours == q.cha]
    chosen: dict[tuple[str, str], tuple[str, Question]] = {}

    def take(stratum: str, candidates: list[Question], count: int = 3) -> None:
        cheap = sorted((q for q in candidates if q.cpu_ms <= SAMPLE_CPU_MS), key=lambda q: (q.nodes, q.fen, q.side))
        if not cheap:
            return
        picks = [cheap[-1], cheap[0], cheap[len(cheap) // 2]][:count] if count <= 3 else cheap[-count:]
        for q in picks:
            chosen.setdefault((q.fen, q.side), (stratum, q))

    def bucket(q: Question) -> str:
        if q.ours != "can":
            return ""
        return next(f"/plies<={top}" for top in (5, 15, 40, 100, 10_000) if q.plies <= top)

    strata: dict[str, list[Question]] = {}
    for q in decided:
        strata.setdefault(f"{q.ours}:{q.family}{bucket(q)}", []).append(q)
    for name in sorted(strata):
        take(name, strata[name])
    for rule in sorted({r for q in decided for r in q.rules.split(",") if r != "-"}):
        take(f"rule-{rule}", [q for q in decided if rule in q.rules.split(",")])
    for answer in ("can", "cannot"):
        last = sorted((q for q in decided if q.family.endswith("@last") and q.ours == answer),
                      key=lambda q: (q.cpu_ms, q.fen, q.side))
        for q in last[:3]:
            chosen.setdefault((q.fen, q.side), (f"last-phase:{answer}", q))
    take("hardest", decided, count=10)
    return sorted(chosen.values(), key=lambda pair: (pair[0], pair[1].nodes, pair[1].fen, pair[1].side))


def write_sample(sample: list[tuple[str, Question]], path: Path = SAMPLE) -> None:
    header = [
        "# The stratified sample of CHA's questions that tests/test_cha.py asks (written by `python -m bench",
        "# unwinnability` from a whole run, bench.unwinnability.stratified_sample). Columns (tab-separated): the",
        "# stratum, then the question as the run answered it: FEN, side, CHA's answer, ours, the family of the",
        "# answer, the moves of work, CPU ms, the plies of the line, the static pruning rules it rests on.",
        f"# {len(sample)} questions, {sum(q.cpu_ms for _, q in sample) / 1000:.1f} CPU s in the run that chose them.",
    ]
    path.write_text("\n".join(header + [f"{stratum}\t{q.line()}" for stratum, q in sample]) + "\n", encoding="utf-8")


def read_sample(path: Path = SAMPLE) -> list[tuple[str, Question]]:
    """The sample's questions with their strata."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            stratum, rest = line.split("\t", 1)
            rows.append((stratum, Question.parse(rest)))
    return rows


def summary(questions: list[Question]) -> dict[str, float]:
    """The figures of a whole run: the share decided, the answers against CHA's, the CPU time."""
    times = sorted(q.cpu_ms / 1000 for q in questions)
    decided = [q for q in questions if q.ours != "undetermined"]
    return {
        "unwinnable_questions": len(questions),
        "unwinnable_decided": len(decided),
        "unwinnable_decided_share": len(decided) / len(questions),
        "unwinnable_disagreements": sum(q.ours != q.cha for q in decided),
        "unwinnable_last_phase": sum(q.family.endswith("@last") for q in questions),
        "unwinnable_median_us": statistics.median(times) * 1e6,
        "unwinnable_p99_us": times[min(len(times) - 1, int(len(times) * 0.99))] * 1e6,
        "unwinnable_max_s": times[-1],
        "unwinnable_cpu_s": sum(times),
        "unwinnable_cha_published_us": CHA_PUBLISHED_US,
    }


def write_whole_run(questions: list[Question]) -> None:
    """The files of a whole run: the answers, the work lists and the sample."""
    ANSWERS.write_text("\n".join([
        "# Every question of CHA's file (tests/data/cha/positions.txt) as `python -m bench unwinnability`",
        "# answered it, tab-separated: FEN, side, CHA's answer, ours, the family of the answer, the moves of",
        "# work, CPU ms, the plies of the line, the static pruning rules it rests on.",
    ] + [q.line() for q in questions]) + "\n", encoding="utf-8")
    _write_work_lists([(q.fen, q.side, q.cha, q.ours, q.family.endswith("@last")) for q in questions])
    write_sample(stratified_sample(questions))


def read_work_list(path: Path = WORK_LIST) -> list[tuple[str, str]]:
    """(FEN, side) of each question of the work list, in its order (see :func:`write_work_list`)."""
    questions = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            fen, side, _answer = line.rsplit(" ", 2)
            questions.append((fen, side))
    return questions


def _write_work_lists(answers: list[tuple[str, str, str, str, bool]]) -> int:
    """From every question's (FEN, side, CHA's answer, ours, whether the last phase ran): write those
    left undecided (the work list), and those the searches leave undecided and the last phase
    decides; the number undecided."""
    from arbiter.core.unwinnable import NODE_BOUND, REACH_BOUND

    undecided = [(fen, side, cha) for fen, side, cha, ours, _ in answers if ours == "undetermined"]
    decided_last = [(fen, side, cha) for fen, side, cha, ours, last in answers if last and ours != "undetermined"]
    can = sum(answer == "can" for _, _, answer in undecided)
    questions = len(answers)
    LAST_PHASE_LIST.write_text("\n".join([
        "# CHA's questions (tests/data/cha/positions.txt) whose searches spend their bound of work",
        f"# ({NODE_BOUND:,} moves) without an answer and that the last phase, every reachable position the",
        f"# cheapest first, decides within its {REACH_BOUND:,} moves; written by",
        f"# `python -m bench unwinnability` ({len(decided_last)} questions). Columns: FEN, the side",
        "# asked about, CHA's answer.",
    ] + [" ".join(question) for question in decided_last]) + "\n", encoding="utf-8")
    header = [
        "# CHA's questions (tests/data/cha/positions.txt) our analysis leaves undecided within the default",
        f"# bound of work ({NODE_BOUND:,} moves tried by the phases up to the searches, {REACH_BOUND:,} more by the"
        " last,",
        "# every reachable position), written by `python -m bench unwinnability`.",
        f"# The bound is work, not time: the list is the same on every machine ({len(undecided)} of {questions:,},",
        f"# {questions - len(undecided):,} decided). Columns: FEN, the side asked about, CHA's answer. The work list",
        f"# for the 99.5% of issue 13: {can} 'can' (no helpmate found), {len(undecided) - can} 'cannot' (no proof).",
    ]
    WORK_LIST.write_text("\n".join(header + [" ".join(question) for question in undecided]) + "\n", encoding="utf-8")
    return len(undecided)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench unwinnability")
    parser.add_argument("--sample", type=int, default=0,
                        help="time every k-th position so that N are measured, in this process (0: answer all "
                             "6,828 questions and write the run's files)")
    parser.add_argument("--processes", type=int, default=2, help="of the whole run")
    parser.add_argument("--work-list", action="store_true", help="the whole run (its former name)")
    args = parser.parse_args(argv)
    out = Path(__file__).with_name("unwinnability.json")
    if args.sample and not args.work_list:
        figures = bench(args.sample)
    else:
        questions = answer_all(args.processes)
        write_whole_run(questions)
        figures = summary(questions)
        print(f"written: {ANSWERS.name}, {WORK_LIST.name}, {LAST_PHASE_LIST.name}, {SAMPLE.name}")
    for key, value in figures.items():
        print(f"{key:32} {value:14.3f}")
    out.write_text(json.dumps(figures, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
