"""arbiter quiz, driven through prompt_toolkit's pipe input with a fixed seed and scripted answers."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from arbiter.session import quiz
from arbiter.cli import main
from tests.conftest import Piped

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"


def chosen(seed: int, count: int, topic: str | None = None) -> list[quiz.Question]:
    rng = random.Random(seed)
    pool = [q for q in quiz.questions([SCENARIOS], rng) if topic is None or q.topic == topic]
    return rng.sample(pool, min(count, len(pool)))


def play(answers: list[str], *args: str) -> str:
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("".join(a + "\n" for a in answers))
        pipe.close()  # running out of answers ends the quiz instead of waiting
        assert main(["quiz", *args]) == 0
    return ""


def test_written_questions_are_many_and_well_formed() -> None:
    written = [q for q in quiz.questions([SCENARIOS], random.Random(0)) if q.scenario.spec.quiz is not None]
    assert len(written) >= 40
    for question in written:
        assert 0 <= question.answer < len(question.choices) and question.explain


@pytest.mark.slow
def test_fixed_seed_scripted_answers_exact_score(capsys: pytest.CaptureFixture[str]) -> None:
    questions = chosen(7, 6)
    right = [str(q.answer + 1) for q in questions]
    wrong = (questions[0].answer + 1) % len(questions[0].choices) + 1
    wrong_first = ["9", str(wrong), *right[1:]]  # 9 is not a choice: asked again, then a wrong one
    play(wrong_first, str(SCENARIOS), "--count", "6", "--seed", "7")
    out = capsys.readouterr().out
    assert "Score: 5 of 6" in out
    assert f"Question 1 of 6 ({questions[0].topic})" in out


@pytest.mark.slow
def test_all_right_and_topic_summary(capsys: pytest.CaptureFixture[str]) -> None:
    questions = chosen(3, 4, "castling")
    play([str(q.answer + 1) for q in questions], str(SCENARIOS), "--count", "4", "--seed", "3", "--topic", "castling")
    out = capsys.readouterr().out
    assert "Score: 4 of 4" in out and "castling         4 of 4" in out


@pytest.mark.slow
def test_same_seed_same_questions() -> None:
    assert [q.scenario.path for q in chosen(11, 5)] == [q.scenario.path for q in chosen(11, 5)]


# -- a question shows what its answer depends on (issue 31, item 1) -------------------------------

THREEFOLD = SCENARIOS / "claims-before-press" / "threefold-after-move-made-upheld-called.yaml"
FLAG_AFTER_DELAY = SCENARIOS / "clock" / "delay-flag-falls-after-the-delay.yaml"


def test_a_repetition_question_shows_the_board_before_the_moves_before_and_the_settings_in_serbian(
        piped: Piped) -> None:
    out = piped(["quiz", "--lang", "sr", "--seed", "1", str(THREEFOLD)], "1\n").stdout
    asked = out[: out.index("Какав је сада исход партије?")]
    # the board before the events: Black's knight still on f6 (Black to move, Black's side below)
    assert "6 · · ♞ · · · · · " in asked
    assert "Врста шаха: класични шах, судија: долази на позив." in asked  # no supervision in standard chess
    assert "Претходни потези: 1. Сf3 Сf6 2. Сg1 Сg8 3. Сf3 Сf6 4. Сg1." in asked  # what the count rests on
    assert "Шта се догодило: црни: помера f6 g8, бели: рекламира троструко понављање" in asked
    assert "Time control" not in asked and "Темпо игре" not in asked  # the clock plays no part in the answer


def test_a_flag_question_shows_the_clocks_and_the_events_times(piped: Piped) -> None:
    out = piped(["quiz", "--seed", "1", str(FLAG_AFTER_DELAY)], "1\n").stdout
    asked = out[: out.index("What is the result of the game now?")]
    assert "Ruleset blitz (supervision partial), arbiter watching." in asked
    assert ("Time control 60d5; on the clocks before the events: White 0:00:10, Black 0:01:00. The events' times "
            "are counted from their beginning.") in asked
    assert "What happened: [0:00:16] white: play e4" in asked
    assert "The moves before" not in asked


def _library() -> list[quiz.Question]:
    return quiz.questions([SCENARIOS], random.Random(0))


@pytest.mark.slow
def test_every_question_of_the_library_shows_what_its_answer_depends_on() -> None:
    found = _library()
    assert len(found) > 200
    depends: set[str] = set()
    for question in found:
        context = question.context()
        assert question.is_answerable, (question.scenario.path, context.hidden)
        shown = {"clock": context.clock, "history": context.history, "rights": context.rights,
                 "regulations": context.regulations, "set-up": context.set_up, "moves-made": context.moves_made,
                 "laws": context.laws}
        assert {name for name, line in shown.items() if line} == context.depends & quiz.SHOWN_WHEN_NEEDED - {"times"}
        if "times" in context.depends:  # each event shown before the question carries its time
            timed = [event.at is not None for event in question.scenario.events[: question.after]]
            assert [line.startswith("[") for line in context.events] == timed, question.scenario.path
        depends |= context.depends
    # the probes find each setting in some question: the check has something to hold
    assert depends == set(quiz.SETTINGS)


def test_a_question_that_cannot_show_what_its_answer_depends_on_is_refused(
        monkeypatch: pytest.MonkeyPatch, piped: Piped) -> None:
    # as if the moves before could not be shown
    monkeypatch.setattr(quiz, "SHOWN_WHEN_NEEDED", frozenset({"clock", "times"}))
    (question,) = quiz.questions([THREEFOLD], random.Random(1))
    assert question.context().hidden == {"history"} and not question.is_answerable
    done = piped(["quiz", "--seed", "1", str(THREEFOLD), str(FLAG_AFTER_DELAY)], "1\n1\n")
    assert "(claims-before-press)" not in done.stdout and "Question 1 of 1 (clock)" in done.stdout
    assert piped(["quiz", "--seed", "1", str(THREEFOLD)]).stdout.strip() == "no questions found"


def test_a_question_that_hides_nothing_shows_the_usual_settings_only() -> None:
    (question,) = quiz.questions([SCENARIOS / "touch" / "own-piece-touched-other-moved.yaml"], random.Random(1))
    context = question.context()
    assert context.lines() == ["Ruleset standard, arbiter watching."]  # supervision is for rapid and blitz
    assert context.board.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert context.events == ["white: touch g1"]  # up to the question (after: 1)


@pytest.mark.parametrize(("case", "shown"), [
    ("default-time/regulations-fifteen-minutes-white-just-after.yaml",
     ["The event regulations: default time 0:15:00.", "What happened: [0:15:01] white: arrive"]),
    ("default-time/regulations-fifteen-minutes-white-just-before.yaml",
     ["The event regulations: default time 0:15:00.", "What happened: [0:14:59] white: arrive"]),
    ("set-up/colours-reversed-nine-moves-each.yaml", ["Moves made before the events: White 9, Black 9."]),
])
def test_a_question_whose_answer_rests_on_times_or_moves_made_shows_them(case: str, shown: list[str],
                                                                          piped: Piped) -> None:
    """The review of issue 31: two questions of opposite answers showed the same events without
    their times, and the ten-move bar of 7.3 was asked without the moves made."""
    out = piped(["quiz", "--seed", "1", str(SCENARIOS / case)], "1\n").stdout
    for line in shown:
        assert line in out


def _one(name: str, seed: int = 1) -> quiz.Question:
    found = [q for q in quiz.questions([SCENARIOS], random.Random(seed)) if q.scenario.path.endswith(name)]
    assert len(found) == 1
    return found[0]


def _asked(question: quiz.Question, reply: str = "1") -> str:
    from arbiter.cli.quiz import _ask

    said: list[str] = []
    _ask(question, 1, 1, lambda prompt: reply, said.append, None)
    return "\n".join(said)


def test_a_question_on_tenths_of_a_second_shows_them() -> None:
    """The times were shown to the whole second: 0.3 s left read 0:00:00, acts at 4.9 and 5.1 s
    read 0:00:04 and 0:00:05, and the question could not be answered from the screen."""
    context = _one("exact-time/delay-used-in-pieces-then-main-time-to-zero.yaml").context()
    assert context.clock is not None and "White 0:00:00.3" in context.clock
    assert context.events[:2] == ["[0:00:04.9] white: touch g1", "[0:00:05.1] white: lift g1"]


def test_no_wrong_choice_says_the_right_one_in_other_words() -> None:
    """After an illegal king move, "move the piece on e1" (the king) was right and "make another
    legal king move" wrong."""
    for seed in range(6):
        question = _one("clock-press/king-into-check.yaml", seed)
        assert question.choices[question.answer] == "White must move the piece on e1"
        assert "White must make another legal king move" not in question.choices
        assert not any("capture the piece on e1" in choice for choice in question.choices)  # his own king


def test_the_rulings_a_question_rests_on_are_shown_after_it() -> None:
    """A question asked after its last event showed only the last three rulings: the violation and
    the position reinstated it rests on were cut."""
    said = _asked(_one("clock-press/king-into-check.yaml"))
    after = said.split("The case:", 1)[1]
    assert "violation (7.5.1)" in after and "reinstated (7.5.1)" in after and "time (7.5.5)" in after


def test_a_question_on_repetitions_shows_the_moves_before_though_its_answer_is_the_same_without() -> None:
    """Under the 2014 Laws five non-consecutive occurrences do not end the game: the answer is "the
    game goes on" with or without the moves before the start, so they were not shown, and the
    repetitions the question is about could not be seen."""
    context = _one("editions/fivefold-not-consecutive-2014.yaml").context()
    assert "history" in context.depends and context.history is not None
    assert context.history.startswith("The moves before: 1. Nf3 Nf6 2. Nc3 Nc6 3. Ng1 Ng8")


def test_a_question_on_a_flag_not_fallen_by_a_hair_shows_the_clock_and_the_exact_times() -> None:
    """The answer ("the game goes on") is the same with no clock at all, so the clock was hidden,
    and the release at 0.5999 s read 0:00:00.6, a flag's fall (found by a helper as a Serbian
    arbiter): with half the time the flag falls, so the clock is shown; the times exactly."""
    context = _one("exact-time/flag-not-fallen-a-ten-thousandth-left.yaml").context()
    assert context.clock is not None and "White 0:00:00.6," in context.clock
    assert "[0:00:00.5999] white: release" in context.events


def test_the_rulings_given_before_the_question_are_shown_after_it_is_graded() -> None:
    """Black adjusts while White has the move: the 4.2.1 violation, given on the event asked about,
    was never shown (only the rulings of the events after the question)."""
    said = _asked(_one("adjust/adjust-by-player-not-having-the-move.yaml", 7))
    after = said.split("The case:", 1)[1]
    assert "violation (4.2.1): Black adjusted pieces without having the move." in after
    assert after.index("violation (4.2.1)") < after.index("> white: play e4")


def test_wrong_choices_name_what_the_board_holds() -> None:
    """'capture the piece on d5' with d5 empty and 'castle kingside' in a king-and-rook ending were
    offered: a capture names an opponent's piece, castling a side he still may castle on."""
    import chess

    for seed in range(8):
        question = _one("clock-press/king-into-check.yaml", seed)
        referee = question.scenario.new_referee()
        for index, event in enumerate(question.scenario.events):
            referee.apply(event, index)
        board = referee.position.board
        for choice in question.choices:
            assert "castle" not in choice
            if "capture the piece on" in choice:
                square = chess.parse_square(choice.rsplit(" ", 1)[1])
                assert board.color_at(square) is chess.BLACK
