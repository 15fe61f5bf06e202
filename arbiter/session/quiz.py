"""Quiz questions drawn from scenario files, for every front end (``arbiter quiz`` in the
terminal, the seminar page in the browser).

A scenario may carry a ``quiz:`` block (``docs/quiz.md``): the events up to ``after`` are replayed,
the question asked, the answer graded, then the rest of the events and the rulings shown. Without
one, a question is made from its ``expect`` block: "What must White do now?" from ``must``, "What
is the result?" from ``result``, with wrong choices drawn from plausible ones.

The scenario library ships with the package (:func:`library`), so the quiz runs from anywhere.

About 470 lines, on purpose: the questions, what each shows beside itself (:class:`Context`) and
the probe of what its answer depends on (:func:`depends_on`) replay the same scenario with its
settings changed and must agree on what an answer is made of (:func:`_outcome`); apart, each
would repeat the others' reading of a question.
"""

from __future__ import annotations

from fractions import Fraction

import random
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import chess

from arbiter.core.clock import ZERO, format_duration, format_instant, seconds_text
from arbiter.core.errors import ArbiterError, ScenarioError
from arbiter.core.i18n import N_, _, library_text, ngettext, pgettext
from arbiter.core.notation import translate, translate_line
from arbiter.core.position import Position
from arbiter.files.expect import must_fields
from arbiter.files.scenario import Scenario, load
from arbiter.files.sentences import setting_sentence
from arbiter.laws.editions import CURRENT, edition
from arbiter.laws.irregularities import moves_made
from arbiter.laws.texts import event_words
from arbiter.table.events import Event
from arbiter.table.turns import ArbiterMode

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
        "promote-any": N_("White must promote on {square}"),
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
        "promote-any": N_("Black must promote on {square}"),
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
    _context: Context | None = field(default=None, repr=False, compare=False)

    def context(self) -> Context:
        """What the question shows beside itself (worked out once, when first asked for)."""
        if self._context is None:
            self._context = context_of(self)
        return self._context

    @property
    def title(self) -> str:
        """The case's title, in the language in force where the library's catalogue has it."""
        return library_text(self.scenario.spec.name)

    @property
    def is_answerable(self) -> bool:
        """Whether the question shows everything its answer depends on (a question that does not
        is refused: the front ends never ask it)."""
        return not self.context().hidden


#: What the answer of a question may depend on besides the board before its events and the events
#: themselves, each probed by replaying the scenario with it changed (:func:`depends_on`): the
#: ruleset, the supervision, how the arbiter follows the game, the clock, the moves played before
#: the start (the repetitions), the rights a diagram cannot show (castling, en passant, the moves
#: counted for the fifty-move rule), the event regulations, and an irregular start (a wrong set-up,
#: a board placed wrongly, reversed colours, a player away); and the events' times and the moves
#: made before the start (the default time of 6.7, the ten moves of 7.3 and A.5.1.2); and the
#: edition of the Laws, when it is not the current one (issue 32).
SETTINGS = ("ruleset", "supervision", "arbiter", "clock", "times", "history", "moves-made", "rights", "regulations",
            "set-up", "laws")
#: Shown with every question, whatever its answer depends on.
ALWAYS_SHOWN = frozenset({"ruleset", "supervision", "arbiter"})
#: Shown with a question whose answer depends on them; anything else it depends on gets it refused.
SHOWN_WHEN_NEEDED = frozenset({"clock", "times", "history", "moves-made", "rights", "regulations", "set-up",
                               "laws"})


@dataclass(frozen=True)
class Context:
    """What a question shows besides itself, in the language in force: the board before the events
    asked about, the settings, and the events up to the question in the language's words."""

    board: chess.Board  # before the events
    settings: str  # the ruleset, the supervision and the arbiter, one sentence
    events: list[str]  # up to the question, each with its time when the clock is shown
    clock: str | None = None
    history: str | None = None
    moves_made: str | None = None
    rights: str | None = None
    regulations: str | None = None
    set_up: str | None = None
    laws: str | None = None
    depends: frozenset[str] = frozenset()
    hidden: frozenset[str] = frozenset()

    def lines(self) -> list[str]:
        """The settings and the other facts shown, a sentence each (the board and events apart)."""
        return [line for line in (self.settings, self.laws, self.clock, self.history, self.moves_made, self.rights,
                                  self.regulations, self.set_up) if line]


def describe_obligation(player: str, must: str, fields: dict[str, str]) -> str:
    """An obligation in words, as a choice, in the language in force."""
    if must == "any":
        return _(_FREE)
    forms = _MUST.get(player)
    if forms is None or must not in forms or must == "question":
        return must
    key = "capture-with" if must == "capture" and fields.get("with") else must
    if must == "promote" and not fields.get("piece"):  # the pawn released on the square (4.7): any piece
        key = "promote-any"
    side = fields.get("side")
    return _(forms[key]).format(square=fields.get("square"), capturer=fields.get("with"),
                                side=pgettext("side", side) if side else side,
                                piece=pgettext("held", piece) if (piece := fields.get("piece")) else piece,
                                move=fields.get("move"))


def questions(paths: list[Path], rng: random.Random, notation: str | None = None,
              laws: str | None = None) -> list[Question]:
    """Every question the scenario files under ``paths`` give (invalid files are skipped); their
    rulings write moves in ``notation`` (by default each file's own) and follow the edition
    ``laws`` of the Laws (by default each file's own)."""
    found = []
    for root in paths:
        files = sorted(root.rglob("*.yaml")) if root.is_dir() else [root]
        for path in files:
            try:
                scenario = load(path, notation, laws)
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
        # the library's own words in the language in force (its catalogue); a user's file as written
        return Question(scenario, topic, quiz.after, library_text(quiz.question),
                        [library_text(choice) for choice in quiz.choices], quiz.answer - 1, library_text(quiz.explain))
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
        board = referee.position.board
        pool = [describe_obligation(player, "any", {}), describe_obligation(player, "king", {}),
                *_pieces_named(board, player, rng)]
        for side, has_rights in (("kingside", board.has_kingside_castling_rights),
                                 ("queenside", board.has_queenside_castling_rights)):
            if has_rights(board.turn):  # castling where it is still possible
                pool.append(describe_obligation(player, "castle", {"side": side}))
                break
        for square in (expect.must.square, expect.must.with_):
            piece = board.piece_at(chess.parse_square(square)) if square in chess.SQUARE_NAMES else None
            if square and piece is not None:  # a near miss a trainee could believe: his piece moved, the other's taken
                must = "move" if piece.color == board.turn else "capture"
                pool.append(describe_obligation(player, must, {"square": square}))
        # a wrong choice may not say the right one in other words: "move the piece on e1" is
        # "another legal king move" where the king stands on e1
        king = referee.position.board.king(referee.position.turn)
        king_square = chess.square_name(king) if king is not None else None
        if expect.must.must == "king" or (expect.must.must == "move" and expect.must.square == king_square):
            same = {describe_obligation(player, "king", {})}
            if king_square is not None:
                same.add(describe_obligation(player, "move", {"square": king_square}))
            pool = [choice for choice in pool if choice not in same]
        wrong_ones = [choice for choice in dict.fromkeys(pool) if choice != right]
        if len(wrong_ones) < 3:  # a bare board: one legal move or another named as the one he must play
            legal = sorted(board.legal_moves, key=lambda move: move.uci())
            fillers = [describe_obligation(player, "play", {"move": translate(board.san(move), _notation(scenario))})
                       for move in rng.sample(legal, min(3, len(legal)))]
            wrong_ones += [choice for choice in fillers if choice != right and choice not in wrong_ones]
            for filler in (describe_obligation(player, "move", {"square": "e2"}),
                           describe_obligation(player, "capture", {"square": "d5"})):
                if len(wrong_ones) < 3 and filler != right:  # no legal move to name either
                    wrong_ones.append(filler)
        wrong = rng.sample(wrong_ones, 3)
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


def _pieces_named(board: chess.Board, player: str, rng: random.Random) -> list[str]:
    """Wrong choices a trainee could believe, drawn from the board: move one of his own pieces
    (not the king: "another king move" is its own choice), capture one of the opponent's."""
    own = [square for square in chess.scan_forward(board.occupied_co[board.turn] & ~board.kings)]
    theirs = [square for square in chess.scan_forward(board.occupied_co[not board.turn] & ~board.kings)]
    named = [describe_obligation(player, "move", {"square": chess.square_name(square)})
             for square in rng.sample(own, min(2, len(own)))]
    named += [describe_obligation(player, "capture", {"square": chess.square_name(square)})
              for square in rng.sample(theirs, min(2, len(theirs)))]
    return named


def _outcome(question: Question, scenario: Scenario, repetitions: bool = False) -> Any:
    """What the question's answer is made of, in ``scenario`` (the question's own, or one with a
    setting changed): the obligation for "what must X do", the result for "what is the result",
    else every ruling with its fields (a ``quiz:`` block's question may be about any of them);
    with ``repetitions``, also how often the most repeated position occurred (the moves before
    the start count for 9.2 and 9.6.1 even where the answer comes out the same without them)."""
    referee = scenario.new_referee()
    try:
        for index, event in enumerate(scenario.events):
            referee.apply(event, index)
    except ArbiterError:
        return "invalid"
    referee.end_of_events()
    repeated = max(referee.position.occurrences.values()) if repetitions else None
    spec = question.scenario.spec
    if spec.quiz is None and spec.expect is not None:
        if spec.expect.must is not None and spec.expect.must.must is not None:
            return must_fields(referee), repeated
        if spec.expect.result is not None:
            return referee.result, referee.reason, repeated
    # a position set back is part of an answer, the rights its FEN carries are not what is asked
    rulings = [{key: " ".join(str(value).split()[:2]) if key == "fen" else value
                for key, value in ruling.as_dict().items() if key != "text"} for ruling in referee.rulings]
    return rulings, referee.result, repeated


#: A default time no arrival is late for.
_A_DAY = Fraction(24 * 3600)


def _variants(scenario: Scenario) -> list[tuple[str, Scenario]]:
    """The scenario with one setting changed at a time, each named by what it changes."""
    settings = scenario.settings
    found: list[tuple[str, Scenario]] = []
    for ruleset in ("standard", "rapid", "blitz"):
        if ruleset != settings.ruleset:
            found.append(("ruleset", replace(scenario, settings=replace(settings, ruleset=ruleset))))
    other = "full" if settings.supervision == "partial" else "partial"
    found.append(("supervision", replace(scenario, settings=replace(settings, supervision=other))))
    mode: ArbiterMode = "called" if settings.arbiter == "watching" else "watching"
    found.append(("arbiter", replace(scenario, settings=replace(settings, arbiter=mode))))
    if scenario.control is not None or scenario.start_clock is not None:
        found.append(("clock", replace(scenario, control=None, start_clock=None)))
        if scenario.start_clock is not None and any(event.at is not None for event in scenario.events):
            # half the time on the clocks: a flag that did not fall by a hair falls (the answer
            # comes out the same with no clock at all, where no flag can fall)
            halved = {color: time / 2 for color, time in scenario.start_clock.items()}
            found.append(("clock", replace(scenario, start_clock=halved)))
    if any(event.at is not None for event in scenario.events):
        untimed = [Event(e.actor, e.action, e.text, None, e.hand, e.note, e.line) for e in scenario.events]
        found.append(("times", replace(scenario, events=untimed)))
        later = [Event(e.actor, e.action, e.text, None if e.at is None else e.at + _A_DAY, e.hand, e.note, e.line)
                 for e in scenario.events]  # the same events a day later: a time limit passed
        found.append(("times", replace(scenario, events=later)))
    if settings.default_time or settings.device_penalty != "loss":
        found.append(("regulations", replace(scenario, settings=replace(
            settings, default_time=ZERO, device_penalty="loss", device_seconds=ZERO))))
    if settings.absent:  # the default time decides a late arrival whichever way it is set (6.7.1)
        found.append(("regulations", replace(scenario, settings=replace(settings, default_time=_A_DAY))))
    if settings.set_up_wrong or settings.orientation_wrong or settings.colours_reversed:
        found.append(("set-up", replace(scenario, settings=replace(
            settings, set_up_wrong=False, orientation_wrong=False, colours_reversed=False))))
    if settings.laws != CURRENT:  # the current edition goes without saying; another is shown if it matters
        found.append(("laws", replace(scenario, settings=replace(settings, laws=CURRENT))))
    board = scenario.start.board
    if board.move_stack:
        found.append(("history", _without_history(scenario)))
    further = board.copy(stack=False)
    further.fullmove_number += 20  # as many moves more made before the start
    found.append(("moves-made", replace(scenario, start=Position.from_start(further.fen(), []))))
    if board.castling_rights or board.ep_square is not None or board.halfmove_clock:
        plain = board.copy(stack=False)
        plain.castling_rights, plain.ep_square, plain.halfmove_clock = chess.BB_EMPTY, None, 0
        found.append(("rights", replace(scenario, start=Position.from_start(plain.fen(), []))))
    return found


def _without_history(scenario: Scenario) -> Scenario:
    """The scenario without its moves before the start: what the variants of the rights and of the
    moves made (which have none either) are compared with."""
    if scenario.start.board.move_stack:
        return replace(scenario, start=Position.from_start(scenario.start.board.fen(), []))
    return scenario


def depends_on(question: Question) -> frozenset[str]:
    """The settings (of :data:`SETTINGS`) whose change changes the question's answer."""
    outcomes: dict[tuple[int, bool], Any] = {}

    def outcome_of(scenario: Scenario, repetitions: bool) -> Any:
        if (id(scenario), repetitions) not in outcomes:
            outcomes[id(scenario), repetitions] = _outcome(question, scenario, repetitions)
        return outcomes[id(scenario), repetitions]

    without_history = _without_history(question.scenario)
    found = set()
    for name, variant in _variants(question.scenario):
        baseline = without_history if name in ("rights", "moves-made") else question.scenario
        repetitions = name == "history"
        if _outcome(question, variant, repetitions) != outcome_of(baseline, repetitions):
            found.add(name)
    return frozenset(found)


def _notation(scenario: Scenario) -> str:
    return scenario.settings.output_notation or scenario.settings.notation


def _moves_before(scenario: Scenario) -> str:
    """The moves played before the start, numbered, in the scenario's notation."""
    board = scenario.start.board
    return translate_line(board.root().variation_san(board.move_stack), _notation(scenario))


#: Castling rights, held for each player so that each language writes the sentence whole.
_CASTLES = {
    chess.WHITE: (N_("White may still castle: {ways}"), N_("White may no longer castle")),
    chess.BLACK: (N_("Black may still castle: {ways}"), N_("Black may no longer castle")),
}


def _rights(board: chess.Board) -> str:
    """Castling rights, an en passant capture, the moves counted for the fifty-move rule."""
    parts = []
    for color in (chess.WHITE, chess.BLACK):
        ways = [name for name, side in (("O-O", board.has_kingside_castling_rights),
                                        ("O-O-O", board.has_queenside_castling_rights)) if side(color)]
        may, may_not = _CASTLES[color]
        parts.append(_(may).format(ways=", ".join(ways)) if ways else _(may_not))
    if board.ep_square is not None:
        parts.append(_("a pawn may be taken en passant on {square}").format(square=chess.square_name(board.ep_square)))
    if board.halfmove_clock:
        count = board.halfmove_clock
        parts.append(ngettext("the last {count} half-move made without a capture or a pawn move (9.3)",
                              "the last {count} half-moves made without a capture or a pawn move (9.3)",
                              count).format(count=count))
    return "; ".join(parts) + "."


def _moves_made(board: chess.Board) -> str:
    """How many moves each player has made before the events (7.3, A.5.1.2 count them)."""
    made = moves_made(board)
    return _("Moves made before the events: White {white}, Black {black}.").format(
        white=made[chess.WHITE], black=made[chess.BLACK])


def _clock(scenario: Scenario) -> str:
    control = scenario.control.text if scenario.control is not None else "-"
    remaining = scenario.start_clock or {}
    white = format_instant(remaining[chess.WHITE]) if chess.WHITE in remaining else "-"
    black = format_instant(remaining[chess.BLACK]) if chess.BLACK in remaining else "-"
    return _("Time control {control}; on the clocks before the events: White {white}, Black {black}. "
             "The events' times are counted from their beginning.").format(control=control, white=white, black=black)


#: The lesser penalties event regulations may set for an electronic device (11.3.2).
_DEVICE_PENALTIES = {
    "warning": N_("an electronic device is punished by a warning"),
    "time-to-opponent": N_("an electronic device is punished by {seconds} s added to the opponent's clock"),
    "time-from-offender": N_("an electronic device is punished by {seconds} s taken from the offender's clock"),
}


def _regulations(scenario: Scenario) -> str:
    settings = scenario.settings
    parts = [_("default time {time}").format(time=format_duration(settings.default_time))]
    if settings.device_penalty in _DEVICE_PENALTIES:
        parts.append(_(_DEVICE_PENALTIES[settings.device_penalty]).format(seconds=seconds_text(settings.device_seconds)))
    return _("The event regulations: {rules}.").format(rules="; ".join(parts))


def _set_up(scenario: Scenario) -> str:
    settings = scenario.settings
    parts = []
    if settings.set_up_wrong:
        parts.append(_("the pieces were set up wrongly at the start (7.2.1)"))
    if settings.orientation_wrong:
        parts.append(_("the board was placed wrongly (7.2.2)"))
    if settings.colours_reversed:
        parts.append(_("the players began with each other's colours (7.3)"))
    return _("At the start: {facts}.").format(facts="; ".join(parts))


def context_of(question: Question) -> Context:
    """What ``question`` shows: the board before its events, the ruleset, the supervision and the
    arbiter always, and each other setting its answer depends on; ``hidden``: what it depends on
    and cannot show (then it is refused)."""
    scenario = question.scenario
    depends = depends_on(question)
    shown = ALWAYS_SHOWN | (depends & SHOWN_WHEN_NEEDED)
    settings = scenario.settings
    timed = bool(depends & {"clock", "times"})
    events = []
    for event in scenario.events[: question.after]:
        words = event_words(event, _notation(scenario))
        events.append(f"[{format_instant(event.at)}] {words}" if timed and event.at is not None else words)
    return Context(
        board=scenario.start.board.copy(stack=False),
        settings=setting_sentence(scenario, with_control=False,
                                  with_supervision=settings.ruleset != "standard" or "supervision" in depends),
        events=events,
        clock=_clock(scenario) if "clock" in depends else None,
        history=_("The moves before: {moves}.").format(moves=_moves_before(scenario)) if "history" in depends
        else None,
        rights=_rights(scenario.start.board) if "rights" in depends else None,
        moves_made=_moves_made(scenario.start.board) if "moves-made" in depends else None,
        regulations=_regulations(scenario) if "regulations" in depends else None,
        set_up=_set_up(scenario) if "set-up" in depends else None,
        laws=_("The Laws of Chess of {edition} (in force from {since}).").format(
            edition=settings.laws, since=edition(settings.laws).in_force.isoformat()) if "laws" in depends else None,
        depends=depends,
        hidden=frozenset(depends - shown),
    )
