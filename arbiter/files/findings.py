"""What the audit finds: each finding the Laws make in a game, a game's audit with its notes, the
games of one file in order, and the tally over all files with the exit status.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import chess

from arbiter.core.errors import ArbiterError
from arbiter.core.i18n import N_, _, ngettext, pgettext
from arbiter.core.notation import told_name
from arbiter.files.notationhint import NotationHint, language_preference


def move_of(first_ply: int, ply: int) -> tuple[int, bool]:
    """The score's move number of the score's ``ply`` (counted from 1) and whether it is White's,
    ``first_ply`` plies having been played before the score's first move (a game from a FEN)."""
    whole = first_ply + ply
    return (whole + 1) // 2, bool(whole % 2)


@dataclass
class Finding:
    """One thing the Laws say about a game: its kind, where (ply and move number), the article."""

    kind: str
    article: str
    text: str
    ply: int | None = None

    def as_dict(self, first_ply: int = 0) -> dict[str, Any]:
        """As JSON gives it: ``ply`` counts the score's moves, ``move`` numbers them as the score
        does (from the FEN's move number for a game that starts from one)."""
        move = move_of(first_ply, self.ply)[0] if self.ply is not None else None
        return {"kind": self.kind, "article": self.article, "text": self.text, "ply": self.ply, "move": move}

    def where(self, first_ply: int = 0) -> str:
        """Where it is, as a score numbers moves and as the texts say it: ``move 5, White: ``
        (ply 9 of a game from the initial position; ``first_ply``: the plies before the score's
        first move, for a game from a FEN); empty for a finding of the whole game."""
        if not self.ply:
            return ""
        number, is_white = move_of(first_ply, self.ply)
        said = _("move {number}, White: ") if is_white else _("move {number}, Black: ")
        return said.format(number=number)


#: Every kind of finding (the JSON's ``kind``, the contract's word; said in the language's words in
#: the text output, :func:`kind_words`).
KINDS = ("illegal-move", "unreadable-move", "ran-past-ending", "result-contradicted", "should-be-draw",
         "could-claim-threefold", "could-claim-fifty", "notation", "notation-illegal")


def kind_words(kind: str) -> str:
    """A finding's kind as the text output names it: the language's words (``неправилан потез``);
    in English the kind itself (``illegal-move``), as the JSON writes it."""
    return pgettext("finding", kind)


#: Kinds that only inform (a claim the player could have made, a question left open): they are
#: not faults of the score, and do not make ``arbiter audit`` exit with status 1.
INFORMATION = ("could-claim-threefold", "could-claim-fifty", "undetermined", "notation")


@dataclass
class GameAudit:
    """What the audit found in one game."""

    number: int
    white: str
    black: str
    result: str
    findings: list[Finding] = field(default_factory=list)
    error: str | None = None
    #: False for a text python-chess counts as a game that holds no PGN at all (prose, YAML).
    is_pgn: bool = True
    #: Why the text is no PGN game (in the language of ``error``), when ``is_pgn`` is False.
    why_not_pgn: str | None = None
    #: True when the arbiter itself failed on the game (a bug to report), not the game.
    is_internal_error: bool = False
    notation_hint: NotationHint | None = None
    #: Why the game was not audited (``variant Crazyhouse``: not the Laws of Chess), or None.
    not_audited: str | None = None
    #: Whether python-chess read a tag pair for the game (a game of movetext only has none).
    has_tags: bool = True
    #: Whether two blank lines after the tags ended the game before any movetext: python-chess
    #: reads what follows them as the next game (:func:`pgn_games` then says so in both).
    is_ended_after_tags: bool = False
    #: Information on how the game was read (no result written, a malformed tag passed over, a
    #: tag pair read as movetext): the game is audited all the same, none of it is a finding.
    notes: list[str] = field(default_factory=list)
    #: The edition of the Laws the game was audited by (its ``Date``, or ``--laws``).
    laws: str = "2023"
    #: How many moves (plies) the score holds, as read.
    plies: int = 0
    #: The plies the game had before the score's first move (a game from a FEN); 0 from the start.
    first_ply: int = 0
    #: The moves replayed, an illegal one as it was played: all ``plies`` of them, unless the game
    #: ended by the Laws before (``ran-past-ending``) or a move names none a piece could make.
    moves: list[chess.Move] = field(default_factory=list)

    @property
    def has_findings(self) -> bool:
        """Whether the Laws object to something in the game (information items do not count)."""
        return any(f.kind not in INFORMATION for f in self.findings)

    def as_dict(self) -> dict[str, Any]:
        hint = self.notation_hint.as_dict() if self.notation_hint is not None else None
        return {"game": self.number, "white": self.white, "black": self.black, "result": self.result,
                "findings": [f.as_dict(self.first_ply) for f in self.findings], "error": self.error,
                "notation_hint": hint, "not_audited": self.not_audited, "note": "; ".join(self.notes) or None,
                "laws": self.laws}


class NoPgnGameError(ArbiterError):
    """A file that holds no PGN game at all (empty, prose, YAML); the message says why."""


def pgn_games(audited: Iterable[GameAudit]) -> Iterator[GameAudit]:
    """One file's games as audited, in order; a text that is no PGN game is held back until the
    file shows a real game (then it is a broken game among them). A game that two blank lines
    ended after its tags waits for the next one: when that one has no tags, it is most likely the
    first one's moves, and each game's notes say so.

    :raises NoPgnGameError: at the end, if the file holds no PGN game at all.
    """
    held: list[GameAudit] = []
    has_game = False
    cut: GameAudit | None = None
    for game in audited:
        if not game.is_pgn and not has_game:
            held.append(game)
            continue
        if not has_game:
            has_game = True
            yield from held
        if cut is not None:
            if game.is_pgn and not game.has_tags:
                _explain_split(cut, game)
            yield cut
            cut = None
        if game.is_ended_after_tags:
            cut = game
        else:
            yield game
    if cut is not None:
        yield cut
    if not has_game:
        reason = (held[0].why_not_pgn or held[0].error) if held else None
        raise NoPgnGameError(reason or _("the file is empty"))


#: The note of a game that two blank lines ended after its tags.
ENDED_AFTER_TAGS = N_("two blank lines after its tags ended it before any move")


def _explain_split(cut: GameAudit, moves: GameAudit) -> None:
    """Say in both games' notes that ``moves`` (a game without tags) is most likely the moves of
    ``cut``, which two blank lines ended after its tags: python-chess made two games of one."""
    ended = _(ENDED_AFTER_TAGS)  # the notes are said in the language in force where the games were audited
    cut.notes = [_("two blank lines after its tags ended it before any move: its moves are read as game {number}, "
                   "a game without tags").format(number=moves.number)
                 if note == ended else note for note in cut.notes]
    moves.notes.insert(0, _("no tags: most likely the moves of game {number}, which two blank lines after its "
                            "tags ended before them").format(number=cut.number))


@dataclass
class Tally:
    """What ``arbiter audit`` counts over all its files, and the exit status it gives."""

    games: int = 0
    findings: dict[str, int] = field(default_factory=dict)
    #: For each language, how many games read in it rather than in English.
    notations: dict[str, int] = field(default_factory=dict)
    invalid_files: list[dict[str, str]] = field(default_factory=list)
    #: How many games were not audited, for each reason (``variant Crazyhouse``).
    not_audited: dict[str, int] = field(default_factory=dict)
    has_findings: bool = False
    has_broken_input: bool = False
    has_internal_error: bool = False

    def add(self, game: GameAudit) -> None:
        """Count one game audited."""
        self.games += 1
        if game.not_audited is not None:
            self.not_audited[game.not_audited] = self.not_audited.get(game.not_audited, 0) + 1
        for finding in game.findings:
            self.findings[finding.kind] = self.findings.get(finding.kind, 0) + 1
        if game.error:
            self.findings["broken-game"] = self.findings.get("broken-game", 0) + 1
        if game.notation_hint is not None:
            for code in (game.notation_hint.code, *game.notation_hint.also):
                self.notations[code] = self.notations.get(code, 0) + 1
        self.has_findings = self.has_findings or game.has_findings
        self.has_broken_input = self.has_broken_input or game.error is not None
        self.has_internal_error = self.has_internal_error or game.is_internal_error

    def add_invalid_file(self, name: str, error: str) -> None:
        """Count a file that could not be audited: missing, unreadable, or not PGN."""
        self.invalid_files.append({"file": name, "error": error})
        self.has_broken_input = True

    @property
    def status(self) -> int:
        """0 no findings; 1 some findings (information items do not count); 2 some input invalid
        (a file missing or not PGN, a broken game); 3 an internal error. The highest applies."""
        if self.has_internal_error:
            return 3
        if self.has_broken_input:
            return 2
        return 1 if self.has_findings else 0

    @property
    def notation_hint(self) -> str | None:
        """The language most of the hinted games read in, as the text output's last line."""
        if not self.notations:
            return None
        code = min(self.notations, key=lambda c: (-self.notations[c], language_preference(c)))
        name = f"{told_name(code)} ({code})"
        count = self.notations[code]
        return ngettext("hint: {count} game read as {name}, not as English: try {option}",
                        "hint: {count} games read as {name}, not as English: try {option}",
                        count).format(count=count, name=name, option=f"--notation {code}")

    def summary(self) -> dict[str, Any]:
        """The last line of ``--format json``."""
        notations = dict(sorted(self.notations.items(), key=lambda item: (-item[1], language_preference(item[0]))))
        return {"games": self.games, "findings": self.findings, "notation_hints": notations,
                "invalid_files": self.invalid_files, "not_audited": self.not_audited}
