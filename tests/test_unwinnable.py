"""Can a side still mate? Known answers from the literature of dead and unwinnable positions."""

from __future__ import annotations

import json
import re
from pathlib import Path

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.core.fastcheck import FAST_NODE_BOUND, why_unwinnable_fast
from arbiter.core.helpmate import has_lonely_pawns
from arbiter.core.unwinnable import can_checkmate, is_dead
from arbiter.core.verdicts import cannot_mate
from tests.conftest import SteppingClock, examples

W, B = chess.WHITE, chess.BLACK

#: (FEN, side that would mate, answer, what the literature says)
KNOWN: list[tuple[str, chess.Color, str, str]] = [
    ("8/8/8/3k4/8/2n5/4N3/4K3 w - - 0 1", W, "can", "K+N v K+N: the defender's knight blocks its king"),
    ("8/8/8/3k4/8/2n5/4N3/4K3 b - - 0 1", B, "can", "K+N v K+N, the other side"),
    ("8/8/8/3k4/8/2r5/4N3/4K3 w - - 0 1", W, "can", "K+N v K+R: the rook blocks its own king"),
    ("8/8/8/3k4/8/2b5/4B3/4K3 w - - 0 1", W, "can", "bishops of opposite colours"),
    ("8/8/8/3k4/8/2b5/4B3/4K3 b - - 0 1", B, "can", "bishops of opposite colours, the other side"),
    ("8/8/8/3k4/8/2n5/4B3/4K3 w - - 0 1", W, "can", "K+B v K+N"),
    ("8/8/8/3k4/8/2b5/4N3/4K3 w - - 0 1", W, "can", "K+N v K+B"),
    ("8/8/8/3k4/8/2r5/4Q3/4K3 w - - 0 1", W, "can", "K+Q v K+R"),
    ("8/8/8/3k4/8/8/2BR4/4K3 w - - 0 1", W, "can", "K+R+B v K"),
    (chess.STARTING_FEN, W, "can", "the initial position, White"),
    (chess.STARTING_FEN, B, "can", "the initial position, Black"),
    ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", B, "can", "an opening, Black mates"),
    ("8/8/8/3k4/8/8/3NN3/4K3 w - - 0 1", W, "can", "K+N+N v K: only with help, but possible"),
    ("8/8/8/3k4/8/8/3R4/4K3 w - - 0 1", W, "can", "K+R v K"),
    ("8/8/8/3k4/8/8/3Q4/4K3 w - - 0 1", W, "can", "K+Q v K"),
    ("8/8/8/3k4/3p4/8/3B4/4K3 w - - 0 1", W, "can", "K+B v K+P: the pawn (or its promoted piece) blocks"),
    ("8/8/8/3k4/8/1p6/8/1N2K3 w - - 0 1", W, "can", "K+N v K+P, the pawn's promotion gives the blocker"),
    ("8/8/8/3k4/8/8/3P4/4K3 w - - 0 1", W, "can", "K+P v K: promotion"),
    ("8/8/8/3k4/3p4/8/3P4/4K3 b - - 0 1", B, "can", "K+P v K+P"),
    ("k7/P7/K7/8/8/8/8/8 w - - 0 1", W, "can", "a rook's pawn that can still promote"),
    ("8/8/8/3k4/8/2q5/4Q3/4K3 w - - 0 1", W, "can", "K+Q v K+Q"),
    ("8/8/8/3k4/8/2r5/4R3/4K3 b - - 0 1", B, "can", "K+R v K+R"),
    ("8/8/8/3k4/8/8/2BN4/4K3 w - - 0 1", W, "can", "K+B+N v K"),
    ("8/8/8/3k4/8/8/2BB4/4K3 w - - 0 1", W, "can", "K+B+B v K, bishops of both colours"),
    ("8/8/8/3k4/8/8/8/4K3 w - - 0 1", W, "cannot", "K v K"),
    ("8/8/8/3k4/8/8/3B4/4K3 w - - 0 1", W, "cannot", "K+B v K"),
    ("8/8/8/3k4/8/8/3N4/4K3 b - - 0 1", W, "cannot", "K+N v K"),
    ("8/8/8/3k4/8/8/3N4/4K3 w - - 0 1", B, "cannot", "a lone king against K+N"),
    ("8/8/8/3k4/8/2q5/8/4K3 w - - 0 1", W, "cannot", "a lone king cannot mate a queen"),
    ("8/8/8/3kb3/8/8/3B4/4K3 w - - 0 1", W, "cannot", "bishops of the same colour only"),
    ("8/8/8/3k4/8/8/B1B5/4K3 w - - 0 1", W, "cannot", "two bishops on squares of one colour"),
    ("kb6/pp6/8/8/8/8/8/K7 w - - 0 1", W, "cannot", "a lone king against a fortress"),
    ("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1", W, "cannot", "a locked pawn chain, kings only"),
    ("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 b - - 0 1", B, "cannot", "the same chain, Black"),
    ("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K2B w - - 0 1", W, "cannot",
     "a locked chain and a bishop that can never attack anything"),
    ("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K2B w - - 0 1", B, "cannot", "the same, Black"),
    ("6k1/5pPp/5P1P/8/8/8/8/6K1 w - - 0 1", W, "cannot",
     "every line is forced into stalemate: the boxed king can never be mated"),
    ("k7/P7/1K6/8/8/8/8/8 b - - 0 1", W, "cannot", "stalemate already on the board"),
    ("7k/7P/6K1/8/8/8/8/8 b - - 0 1", W, "cannot", "stalemate with the rook's pawn"),
    ("8/8/8/8/8/k7/p7/K7 w - - 0 1", B, "cannot", "White is stalemated at once"),
]


@pytest.mark.parametrize(("fen", "color", "answer", "why"), KNOWN, ids=[k[3] for k in KNOWN])
def test_known_positions(fen: str, color: chess.Color, answer: str, why: str) -> None:
    verdict = can_checkmate(chess.Board(fen), color)
    assert verdict.answer == answer, verdict.reason
    if answer == "can" and verdict.line:
        board = chess.Board(fen)
        for move in verdict.line:
            assert board.is_legal(move)
            board.push(move)
        assert board.is_checkmate() and board.turn != color  # the line really mates


def test_at_least_forty_known_positions() -> None:
    assert len(KNOWN) >= 40


def test_locked_wall_needs_every_file_locked() -> None:
    assert is_dead(chess.Board("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1"))
    assert not is_dead(chess.Board("8/4k3/8/p1p1p3/P1P1P3/8/4K3/8 w - - 0 1"))
    assert not is_dead(chess.Board(chess.STARTING_FEN))


def test_bishops_behind_a_locked_wall_are_dead() -> None:
    assert is_dead(chess.Board("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1"))
    # the bishop of the other colour can take the wall's pawns: not dead
    assert not is_dead(chess.Board("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4KB2 w - - 0 1"))


def test_dead_position_quick_test() -> None:
    assert is_dead(chess.Board("8/8/8/3k4/8/8/3N4/4K3 w - - 0 1"))
    assert not is_dead(chess.Board("8/8/8/3k4/8/2n5/4N3/4K3 w - - 0 1"))


def test_undetermined_falls_back_to_material_and_says_so(stepping_clock: SteppingClock) -> None:
    board = chess.Board("2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 b - - 0 1")  # CHA: White can mate, after long
    verdict = can_checkmate(board, W, time_bound=0.05)  # five readings of the clock, 10 ms each
    assert verdict.answer == "undetermined"
    cannot, why = cannot_mate(board, W, time_bound=0.05)
    assert cannot is False and "bound" in why and "material rule" in why
    assert verdict.out_of_time and "0.05 s of computing" in why


@pytest.mark.slow
def test_the_bound_is_work_so_the_answer_is_the_same_on_every_machine() -> None:
    # The same long question, stopped by its bound of work: the same moves tried, the same answer,
    # whatever the machine's load; the ruling's text counts moves, not seconds.
    board = chess.Board("2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 b - - 0 1")
    first = can_checkmate(board, W, node_bound=4_000, reach_bound=0)
    second = can_checkmate(board, W, node_bound=4_000, reach_bound=0)
    assert first.answer == second.answer == "undetermined"
    assert first.nodes == second.nodes == 4_001 and not first.out_of_time
    assert "4000 moves searched" in first.reason
    cannot, why = cannot_mate(board, W, node_bound=4_000, reach_bound=0)
    assert cannot is False and "4000 moves searched" in why and "material rule" in why
    assert can_checkmate(board, W, node_bound=8_000, reach_bound=0).nodes == 8_001  # more work, more moves tried
    # The last phase, every reachable position, has its own bound of work, counted on.
    reached = can_checkmate(board, W, node_bound=4_000, reach_bound=3_000)
    assert reached.answer == "undetermined" and reached.nodes == 7_001 and "7000 moves searched" in reached.reason


@pytest.mark.slow
def test_a_question_decided_within_the_bound_takes_the_same_work_each_time() -> None:
    board = chess.Board("8/8/8/3k4/8/2n5/4B3/4K3 w - - 0 1")  # K+B v K+N
    runs = [can_checkmate(board, W) for _ in range(2)]
    assert [run.answer for run in runs] == ["can", "can"]
    assert runs[0].nodes == runs[1].nodes and runs[0].line == runs[1].line


def test_the_fast_check_keeps_to_its_bound_of_work() -> None:
    # A proof by every line of fifteen plies (CHA's community position) takes more than 2,000
    # steps: within the default bound it is found, within 2,000 the check gives up (no answer,
    # never a wrong one), however much time it is given: work, not time, stops it.
    board = chess.Board("1k6/1P5p/BP3p2/1P6/8/8/5PKP/8 b - - 0 1")
    assert "15 plies" in (why_unwinnable_fast(board, W, node_bound=FAST_NODE_BOUND) or "")
    assert why_unwinnable_fast(board, W, time_bound=1e9, node_bound=2_000) is None


def test_a_ruling_asked_again_reads_the_verdict_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    import arbiter.core.verdicts as verdicts
    from arbiter.core.i18n import use_language

    board = chess.Board("8/8/8/3k4/8/8/3R4/4K3 w - - 0 1")  # K+R v K: a helpmate line
    monkeypatch.setattr(verdicts, "_verdicts", {})
    cannot, english = cannot_mate(board, W)
    assert cannot is False and english == "a line of 9 moves exists"

    def no_second_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the kept verdict was not used")

    monkeypatch.setattr(verdicts, "can_checkmate", no_second_search)
    assert cannot_mate(board, W) == (False, english)
    with use_language("sr"):  # the same question in another language: the same verdict, told in Serbian
        again, serbian = cannot_mate(board, W)
    assert again is False and serbian != english and "9" in serbian
    assert verdicts.mating_line(board, W).startswith("1. Ke2+ ")  # the line, kept: asked for apart
    # Another side, other bounds or another move number are other questions.
    assert len(verdicts._verdicts) == 1
    monkeypatch.setattr(verdicts, "can_checkmate", can_checkmate)
    cannot_mate(board, W, node_bound=1_000)
    cannot_mate(board, B)
    cannot_mate(chess.Board("8/8/8/3k4/8/8/3R4/4K3 w - - 0 2"), W)
    assert len(verdicts._verdicts) == 4


def test_a_helpmate_is_told_by_its_length_in_the_language_of_each_reading_its_line_apart() -> None:
    """Issue 31, item 3: the sentence says how long the line is, never the line itself."""
    from arbiter.core.i18n import use_language

    verdict = can_checkmate(chess.Board("8/8/8/3k4/8/8/3R4/4K3 w - - 0 1"), W)
    english = verdict.reason
    with use_language("sr"):
        serbian = verdict.reason
    with use_language("bg"):
        bulgarian = verdict.reason
    assert english == "a line of 9 moves exists" and verdict.line_moves == 9
    assert serbian == "постоји варијанта од 9 потеза" and bulgarian == "съществува вариант от 9 хода"
    assert verdict.reason == english  # and in English again, not in the last language read
    assert verdict.line_san.startswith("1. Ke2+ Kc4 2. Ke3") and verdict.line_san.endswith("9. Ra1#")


def test_a_verdict_stopped_by_the_clock_is_not_kept(monkeypatch: pytest.MonkeyPatch,
                                                    stepping_clock: SteppingClock) -> None:
    import arbiter.core.verdicts as verdicts

    monkeypatch.setattr(verdicts, "_verdicts", {})
    board = chess.Board("2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 b - - 0 1")
    cannot, why = cannot_mate(board, W, time_bound=1e-9)  # past the deadline at the first look at the clock
    assert "1e-09 s of computing" in why and verdicts._verdicts == {}


def test_a_proof_kept_is_told_in_the_language_of_each_ruling(monkeypatch: pytest.MonkeyPatch) -> None:
    import arbiter.core.verdicts as verdicts
    from arbiter.core.i18n import use_language

    monkeypatch.setattr(verdicts, "_verdicts", {})
    board = chess.Board("1k6/1P5p/BP3p2/1P6/8/8/5PKP/8 b - - 0 1")  # the fast check's lines of a few plies
    with use_language("sr"):
        cannot, serbian = cannot_mate(board, W)
    assert len(verdicts._verdicts) == 1  # kept, and read again below in English
    cannot_again, english = cannot_mate(board, W)
    assert cannot and cannot_again and len(verdicts._verdicts) == 1
    assert english.startswith("every line of") and not serbian.startswith("every line of")
    with use_language("bg"):
        bulgarian = cannot_mate(board, W)[1]
    assert bulgarian not in (english, serbian)
    # The fast check's own finding (the audit's) is told the same way.
    from arbiter.core.fastcheck import why_unwinnable_fast as why_fast
    assert why_fast(board, W) == english


def test_the_analysis_runs_on_a_stack_of_its_own_in_the_callers_language() -> None:
    import threading

    from arbiter.core.i18n import current_language, use_language
    from arbiter.core.unwinnable import _on_own_stack

    caller = threading.get_ident()
    with use_language("bg"):
        ran = _on_own_stack(lambda: (threading.get_ident(), current_language()))
    assert ran[0] != caller and ran[1] == "bg"

    def fails() -> None:
        raise RecursionError("deep")

    with pytest.raises(RecursionError, match="deep"):
        _on_own_stack(fails)


def test_an_interrupted_caller_ends_the_analysis_before_it_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading
    import time

    from arbiter.core.unwinnable import _on_own_stack

    stopped = threading.Event()

    def analysis() -> str:
        while not stopped.is_set():
            time.sleep(0.001)
        return "ended"

    join = threading.Thread.join
    calls: list[str] = []

    def interrupted_join(self: threading.Thread, timeout: float | None = None) -> None:
        calls.append(self.name)
        if len(calls) == 1:
            raise KeyboardInterrupt  # Ctrl-C while the caller waits
        join(self, timeout)

    monkeypatch.setattr(threading.Thread, "join", interrupted_join)
    with pytest.raises(KeyboardInterrupt):
        _on_own_stack(analysis, stop=stopped.set)
    assert calls == ["arbiter-analysis", "arbiter-analysis"] and stopped.is_set()


def test_without_a_thread_to_be_had_the_analysis_runs_in_the_callers(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    import arbiter.core.unwinnable as unwinnable
    import arbiter.core.verdicts as verdicts

    def no_thread(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", no_thread)
    assert unwinnable._on_own_stack(threading.get_ident) == threading.get_ident()
    monkeypatch.setattr(verdicts, "_verdicts", {})
    assert cannot_mate(chess.Board("8/8/8/3k4/8/8/3R4/4K3 w - - 0 1"), W)[0] is False


# -- a helpmate line on request (issue 31, item 3) ---------------------------------------------------

_FLAG = "scenarios/dead-positions/flag-king-walks-pawn-survives.yaml"


def test_explain_gives_a_helpmate_line_only_with_lines(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from arbiter.cli import main

    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    assert main(["explain", _FLAG]) == 0
    plain = capsys.readouterr().out
    (ruling,) = [line for line in plain.splitlines() if "moves exists" in line]
    assert re.search(r"can mate: a line of \d+ moves exists\.  \[result: ", ruling)
    assert "#" not in plain and "the line:" not in plain  # no SAN line anywhere without --lines
    assert main(["explain", "--lines", _FLAG]) == 0
    lines = capsys.readouterr().out.splitlines()
    under = lines[lines.index(ruling) + 1]
    assert under.startswith("      the line: 1") and under.endswith("#")
    assert main(["explain", "--lang", "sr", "--lines", _FLAG]) == 0
    serbian = capsys.readouterr().out
    assert "постоји варијанта од" in serbian and "варијанта: 1" in serbian
    assert main(["explain", "--format", "json", _FLAG]) == 0
    result = [r for step in json.loads(capsys.readouterr().out)["events"] for r in step["rulings"]
              if r["kind"] == "result"][0]
    assert result["line"].endswith("#") and result["line"] not in result["text"]


def test_a_report_gives_the_lines_in_an_appendix(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from arbiter.cli import main

    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    main(["validate", "--format", "markdown", "examples/reports/flag-claimed-rightly.yaml"])
    document = capsys.readouterr().out
    body, appendix = document.split("## Appendix: the mating lines")
    assert "moves exists" in body and not re.search(r"\d+\. K", body)
    assert re.fullmatch(r"\n\n- event \d+, result \(6\.9\): \d+\..*#\n", appendix)


@settings(max_examples=examples(300), deadline=None)
@given(white=st.integers(0, 2**64 - 1), black=st.integers(0, 2**64 - 1))
def test_lonely_pawns_are_those_of_a_file_with_one_side_s_pawns(white: int, black: int) -> None:
    """The files folded onto one rank: a file holds pawns of one side only exactly when the walk
    over the eight files finds it (pawns of the seventh and second rank left out as before)."""
    board = chess.Board(None)
    board.pawns = (white | black) & ~(chess.BB_RANK_1 | chess.BB_RANK_8)
    board.occupied_co[chess.WHITE] = white & board.pawns
    board.occupied_co[chess.BLACK] = black & ~white & board.pawns
    board.pawns = board.occupied_co[chess.WHITE] | board.occupied_co[chess.BLACK]
    board.occupied = board.pawns
    ours = board.pawns & board.occupied_co[chess.WHITE] & ~chess.BB_RANK_7
    theirs = board.pawns & board.occupied_co[chess.BLACK] & ~chess.BB_RANK_2
    walked = any(bool(ours & file) != bool(theirs & file) for file in chess.BB_FILES)
    assert has_lonely_pawns(board) == walked


def test_lonely_pawns_by_example() -> None:
    assert not has_lonely_pawns(chess.Board("4k3/p7/8/P7/8/8/8/4K3 w - - 0 1"))
    assert has_lonely_pawns(chess.Board("4k3/p7/8/8/8/8/7P/4K3 w - - 0 1"))
    assert not has_lonely_pawns(chess.Board("4k3/8/8/8/8/8/8/4K3 w - - 0 1"))
    # a white pawn on the seventh rank does not count: the h-file's black pawn stands alone
    assert has_lonely_pawns(chess.Board("4k3/P6p/8/8/8/8/8/4K3 w - - 0 1"))


def test_a_helpmate_line_leaves_out_the_stretches_that_come_back_where_they_were() -> None:
    """A line with 'Ka5 Kb2 Ka4 Kc3' back to a position it passed read 14 moves where 12 mate (an
    incident report's appendix of knight shuffles; found by a helper as a Serbian arbiter)."""
    from arbiter.core.unwinnable import without_returns

    origin = chess.Board("8/8/8/8/8/2k5/7q/K7 b - - 0 1")
    sans = ["Kb3", "Kb1", "Kc3", "Ka1", "Kb3", "Kb1", "Qh1#"]  # Kb3 Kb1 Kc3 Ka1 is back at the start
    board, line = origin.copy(), []
    for san in sans:
        line.append(board.push_san(san))
    kept = without_returns(origin, tuple(line))
    board = origin.copy()
    for move in kept:
        assert board.is_legal(move)
        board.push(move)
    assert board.is_checkmate() and origin.variation_san(list(kept)) == "1...Kb3 2. Kb1 Qh1#"
    assert without_returns(origin, ()) == ()
