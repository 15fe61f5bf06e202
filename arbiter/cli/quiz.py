"""``arbiter quiz``: the questions of :mod:`arbiter.session.quiz` asked in the terminal, graded,
then explained.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from arbiter.cli import render
from arbiter.cli.teach import Terminal, ruling_line
from arbiter.core.errors import shown
from arbiter.core.i18n import _, ngettext, topic_text
from arbiter.laws.texts import event_words
from arbiter.session import Session
from arbiter.session.quiz import Question, UnknownTopicError, questions


#: After a question is graded, the rulings given before it are shown (the trainee saw none of
#: them): all of them up to this many (the library's questions give at most 23); beyond it, the
#: rulings every move gives (its touches, made, completed) only for the turn still under way, and
#: every other ruling (a violation, a position reinstated, time, a claim's verdict, a result).
_ALL_RULINGS = 30
_ROUTINE = frozenset({"obligation", "made", "completed"})

#: The width the quiz wraps its paragraphs at (as the articles are wrapped: ``render.article_text``).
WIDTH = 88


def run(paths: list[Path], count: int, seed: int | None, topic: str | None,
        ask: Callable[[str], str], say: Callable[[str], None], notation: str | None = None,
        laws: str | None = None, width: int | None = None) -> int:
    """A quiz of ``count`` questions; ``ask`` reads an answer, ``say`` shows text; the rulings
    write their moves in ``notation`` (by default each file's own) and follow the edition
    ``laws`` of the Laws (by default each file's own); they are fitted to ``width`` columns, the
    terminal's (None: left whole, as for a pipe). The score.

    End of input (``EOFError``) or Ctrl-C (``KeyboardInterrupt``) stops the quiz: the score of
    the questions answered so far is shown and returned.

    :raises UnknownTopicError: if ``topic`` is given and no question has it.
    """
    rng = random.Random(seed)
    found = questions(paths, rng, notation, laws)
    known = sorted({q.topic for q in found})
    if topic is not None and topic not in known:
        # each as --topic takes it, and in the language's words where they differ
        topics = ", ".join(name if topic_text(name) == name else f"{name} ({topic_text(name)})" for name in known)
        # the topic typed is cut as any value echoed (shown); the list is ours and is given whole
        raise UnknownTopicError(_("unknown topic {topic}; the topics are: {topics}").format(
            topic=shown(topic), topics=topics or _("none")))
    pool = [q for q in found if topic is None or q.topic == topic]
    if not pool:
        say(_("no questions found"))
        return 0
    chosen = [q for q in rng.sample(pool, min(count, len(pool))) if q.is_answerable]
    # a question that hides what its answer depends on is refused: another takes its place
    spare = [q for q in pool if q not in chosen]
    while len(chosen) < min(count, len(pool)) and spare:
        candidate = spare.pop(0)
        if candidate.is_answerable:
            chosen.append(candidate)
    if not chosen:
        say(_("no questions found"))
        return 0
    by_topic: dict[str, list[int]] = {}
    answered = score = 0
    try:
        for number, question in enumerate(chosen, start=1):
            right = _ask(question, number, len(chosen), ask, say, width)
            answered += 1
            score += right
            by_topic.setdefault(question.topic, [0, 0])
            by_topic[question.topic][0] += right
            by_topic[question.topic][1] += 1
    except (EOFError, KeyboardInterrupt):
        stopped = ngettext("Stopped after {answered} of {total} question.",
                           "Stopped after {answered} of {total} questions.", len(chosen))
        say("\n" + stopped.format(answered=answered, total=len(chosen)))
    else:
        say("")
    say(ngettext("Score: {score} of {answered}", "Score: {score} of {answered}", answered).format(
        score=score, answered=answered))
    width = max([16, *(len(topic_text(name)) for name in by_topic)])
    for name, (good, asked) in sorted(by_topic.items()):
        said = ngettext("{good} of {asked}", "{good} of {asked}", asked).format(good=good, asked=asked)
        say(f"  {topic_text(name):{width}} {said}")
    return score


def _ask(question: Question, number: int, total: int, ask: Callable[[str], str],
         say: Callable[[str], None], width: int | None = None) -> bool:
    """Ask one question until the reply is a choice's number, grade it, show the rest (the rulings
    fitted to ``width`` columns, as teach fits them); whether the answer was right."""
    terminal = Terminal(Session(question.scenario))
    context = question.context()

    def say_fitted(text: str) -> None:  # a terminal cuts a long line mid-word: fitted between words
        say(render.fitted(text, width))

    # the title often states the ruling: it is shown only once the answer is graded
    say("\n" + ngettext("Question {number} of {total} ({topic})", "Question {number} of {total} ({topic})",
                        total).format(number=number, total=total, topic=topic_text(question.topic)))
    say(terminal.board())  # before the events: what the answer is about happens after it
    for line in context.lines():
        say_fitted(line)
    for event in question.scenario.events[: question.after]:
        terminal.play(event)  # an impossible event (a user's own file) is left out, not a traceback
    # wrapped between words, as the articles are (a terminal cuts a long line anywhere)
    say(_wrapped(_("What happened: {events}").format(events=", ".join(context.events) or _("nothing yet")), "  ",
                 width))
    say(_wrapped(question.question, width=width))
    for index, choice in enumerate(question.choices, start=1):
        say(_wrapped(f"  {index}. {choice}", "     ", width))
    last = len(question.choices)
    while True:
        reply = ask(_("answer> ")).strip()
        if reply.isdigit() and 1 <= int(reply) <= last:
            break
        say(_("(answer with a number from 1 to {last})").format(last=last))
    right = int(reply) - 1 == question.answer
    correct = f"{question.answer + 1}. {question.choices[question.answer]}"
    say_fitted(_("Right.") if right else _("Not quite: the answer is {correct}").format(correct=correct))
    say_fitted(_("The case: {name}").format(name=question.title))
    # the rulings given before the question, which the trainee has not seen: often the ones its
    # answer rests on (a breach on the event asked about); then the rest of the events, ruled
    rulings = terminal.session.view().rulings
    pressed = -1  # all of them, unless they are many: then a completed turn's routine is left out
    if len(rulings) > _ALL_RULINGS:
        pressed = max((int(r.ruling["event"]) for r in rulings if r.ruling["kind"] == "completed"), default=-1)
    for ruling in rulings:
        if ruling.ruling["kind"] not in _ROUTINE or int(ruling.ruling["event"]) > pressed:
            say_fitted(ruling_line(ruling, indent="  "))
    notation = question.scenario.settings.output_notation or question.scenario.settings.notation
    for event in question.scenario.events[question.after:]:
        say_fitted(f"> {event_words(event, notation)}\n" + terminal.play(event))
    for late in terminal.session.referee.end_of_events():  # judged once the events are over (6.11.4)
        say_fitted(render.ruling(late, indent="  "))
    say(_wrapped(question.explain, width=width))
    return right


def _wrapped(text: str, indent: str = "", width: int | None = None) -> str:
    """``text`` wrapped between words at :data:`WIDTH` columns, or at the terminal's ``width`` where
    it is narrower, its lines after the first indented."""
    return render.wrapped(text, min(WIDTH, max(width, 40)) if width else WIDTH, indent)
