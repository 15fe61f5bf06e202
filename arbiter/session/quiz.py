"""Quiz questions drawn from scenario files, for every front end (``arbiter quiz`` in the
terminal, the seminar page in the browser).

A scenario may carry a ``quiz:`` block (``docs/quiz.md``): the events up to ``after`` are replayed,
the question asked, the answer graded, then the rest of the events and the rulings shown. Without
one, a question is made from its ``expect`` block: "What must White do now?" from ``must``, "What
is the result?" from ``result``, with wrong choices drawn from plausible ones.

The scenario library ships with the package (:func:`library`), so the quiz runs from anywhere.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path

import chess

from arbiter.core.errors import ArbiterError, ScenarioError
from arbiter.core.i18n import N_, _, pgettext
from arbiter.files.scenario import Scenario, load

_RESULTS = {"1-0": N_("White wins (1-0)"), "0-1": N_("Black wins (0-1)"), "1/2-1/2": N_("a draw (1/2-1/2)"),
            "*": N_("the game goes on")}
#: The rarer outcomes (6.7.1, 7.2.1, 7.3), asked among the usual ones.
_BOTH_LOSE = N_("both players lose (0-0)")
_CANCELLED = N_("the game is cancelled and a new game is played")
_FREE = N_("any legal move: nothing binds")
#: The obligations as choices, held for each player so that each language writes them whole.
_MUST = {
    "white": {
        "move": N_("White must move the piece on {square}"),
        "capture": N_("White must capture the piece on {square}"),
        "capture-with": N_("White must capture the piece on {square} with the piece on {capturer}"),
        "castle": N_("White must castle {side}"),
        "king": N_("White must make another legal king move"),
        "promote": N_("White must promote to {piece} on {square}"),
        "play": N_("White must play {move}"),
        "question": N_("What must White do now?"),
    },
    "black": {
        "move": N_("Black must move the piece on {square}"),
        "capture": N_("Black must capture the piece on {square}"),
        "capture-with": N_("Black must capture the piece on {square} with the piece on {capturer}"),
        "castle": N_("Black must castle {side}"),
        "king": N_("Black must make another legal king move"),
        "promote": N_("Black must promote to {piece} on {square}"),
        "play": N_("Black must play {move}"),
        "question": N_("What must Black do now?"),
    },
}


class UnknownTopicError(ArbiterError):
    """``--topic`` names no topic the scenario files give questions on."""


def library() -> Path:
    """The scenario library the quiz draws from by default: ``scenarios/`` beside the package (a
    source checkout or an editable install), else the copy a regular install puts in
    ``<prefix>/share/arbiter/scenarios`` (the data-files of ``pyproject.toml``), as
    :func:`arbiter.core.resources.rules_dir` finds ``rules/``."""
    beside = Path(__file__).resolve().parents[2] / "scenarios"
    if (beside / "touch").is_dir():
        return beside
    return Path(sys.prefix) / "share" / "arbiter" / "scenarios"


@dataclass
class Question:
    """One question: where it comes from, what is asked, which choice is right, and why."""

    scenario: Scenario
    topic: str
    after: int
    question: str
    choices: list[str]
    answer: int  # index into choices
    explain: str


def describe_obligation(player: str, must: str, fields: dict[str, str]) -> str:
    """An obligation in words, as a choice, in the language in force."""
    if must == "any":
        return _(_FREE)
    forms = _MUST.get(player)
    if forms is None or must not in forms or must == "question":
        return must
    key = "capture-with" if must == "capture" and fields.get("with") else must
    side = fields.get("side")
    return _(forms[key]).format(square=fields.get("square"), capturer=fields.get("with"),
                                side=pgettext("side", side) if side else side,
                                piece=pgettext("held", piece) if (piece := fields.get("piece")) else piece,
                                move=fields.get("move"))


def questions(paths: list[Path], rng: random.Random, notation: str | None = None) -> list[Question]:
    """Every question the scenario files under ``paths`` give (invalid files are skipped); their
    rulings write moves in ``notation`` (by default each file's own)."""
    found = []
    for root in paths:
        files = sorted(root.rglob("*.yaml")) if root.is_dir() else [root]
        for path in files:
            try:
                scenario = load(path, notation)
            except ScenarioError:
                continue
            made = _from_file(scenario, path.parent.name, rng)
            if made is not None:
                found.append(made)
    return found


def question(scenario: Scenario, topic: str, rng: random.Random) -> Question | None:
    """The question one scenario gives (its ``quiz:`` block, else one made from its ``expect``
    block, its wrong choices drawn with ``rng``), or None; ``topic``: its folder's name."""
    return _from_file(scenario, topic, rng)


def _from_file(scenario: Scenario, topic: str, rng: random.Random) -> Question | None:
    spec = scenario.spec
    if spec.quiz is not None:
        quiz = spec.quiz
        return Question(scenario, topic, quiz.after, quiz.question, list(quiz.choices), quiz.answer - 1,
                        quiz.explain)
    expect = spec.expect
    if expect is None:
        return None
    everything = len(scenario.events)
    if expect.must is not None and expect.must.must is not None:
        referee = scenario.new_referee()
        try:
            for index, event in enumerate(scenario.events):
                referee.apply(event, index)
        except ArbiterError:
            return None
        player = chess.COLOR_NAMES[referee.position.turn]
        fields = {k: v for k, v in expect.must.as_dict().items() if k not in ("must", "kind", "player")}
        right = describe_obligation(player, expect.must.must, fields)
        pool = [describe_obligation(player, "any", {}), describe_obligation(player, "move", {"square": "e2"}),
                describe_obligation(player, "castle", {"side": "kingside"}), describe_obligation(player, "king", {}),
                describe_obligation(player, "capture", {"square": "d5"})]
        if expect.must.square:
            pool.append(describe_obligation(player, "capture", {"square": expect.must.square}))
            pool.append(describe_obligation(player, "move", {"square": expect.must.square}))
        wrong = rng.sample([choice for choice in dict.fromkeys(pool) if choice != right], 3)
        choices = [right, *wrong]
        rng.shuffle(choices)
        return Question(scenario, topic, everything, _(_MUST[player]["question"]), choices,
                        choices.index(right), _("The Laws give: {answer}.").format(answer=right))
    if expect.result is not None:
        choices = [_(result) for result in _RESULTS.values()]
        if expect.reason == "cancelled":
            right = _(_CANCELLED)
        else:
            right = _(_RESULTS.get(expect.result, _BOTH_LOSE))
        if right not in choices:
            choices = [right, *choices[:3]]
        rng.shuffle(choices)
        return Question(scenario, topic, everything, _("What is the result of the game now?"), choices,
                        choices.index(right), _("The Laws give: {answer}.").format(answer=right))
    return None
