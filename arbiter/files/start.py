"""Where a scenario's game starts (FORMAT §1): the position, from a FEN and moves, a set-up
(7.2.1) or a PGN game (text, or a file next to the scenario, read with care), and each side's time
on the clock when the events begin. PGN tags fill the report's missing fields (FORMAT §5)."""

from __future__ import annotations

from fractions import Fraction
from functools import partial

import io
import os
import re
import stat
from collections.abc import Callable, Mapping
from pathlib import Path

import chess

from arbiter.core.clock import TimeControl, TimeControlError, decimal_text, parse_duration
from arbiter.core.errors import InvalidEventError, InvalidPositionError, ScenarioError, shown, told
from arbiter.core.fenfaults import bad_fen_tag, fen_fault, is_fen_fault
from arbiter.core.notation import DEFAULT as ENGLISH
from arbiter.core.notation import Language, language, legal_move
from arbiter.core.position import Position
from arbiter.core.yamlsource import Located, dotted
from arbiter.core.i18n import _
from arbiter.core.i18n import number as told_number
from arbiter.files.models import ClockModel, Duration, ScenarioFile, StartModel


def duration_at(name: str, doc: Located, path: tuple[str, ...], value: Duration) -> Fraction:
    """``value``, the time at ``path`` in the file, read by :func:`parse_duration`; an error names
    the key and its line."""
    try:
        return parse_duration(value)
    except TimeControlError as err:
        raise ScenarioError(name, doc.line(path), _("{key}: {error}").format(key=dotted(path), error=err)) from None


_MOVE_NUMBER = re.compile(r"^\d+\.+$|^\d+\.+(?=\S)")


def split_moves(moves: str | list[str] | None) -> list[str]:
    """``"1. e4 e5 2. Nf3"`` or a list → ``["e4", "e5", "Nf3"]``."""
    if moves is None:
        return []
    from arbiter.core.pgnread import RESULTS  # the PGN reader's module: only for a start with moves

    tokens = moves.split() if isinstance(moves, str) else [str(m) for m in moves]
    cleaned = [_MOVE_NUMBER.sub("", token) for token in tokens]
    return [token for token in cleaned if token and token not in RESULTS]


def read_start(name: str, doc: Located, spec: ScenarioFile, base: Path | None) -> Position:
    """The position the events begin from, as ``start:`` gives it (the initial position when it
    is left out). A PGN start also fills, where the file leaves them out, the report's fields and
    the time control from its tags, and the clocks from its last ``[%clk]`` comments.

    ``base``: the folder a PGN file's name is relative to; None, no file is read.

    :raises ScenarioError: naming the line of the key at fault.
    """
    start = spec.start or StartModel()
    lang = language(spec.notation)
    if start.pgn is not None:
        position, headers, clocks = _start_from_pgn(name, doc.line(("start", "pgn")), start.pgn, base, lang,
                                                    partial(doc.text_line, ("start", "pgn")))
        _fill_from_tags(spec, headers)
        if clocks and spec.clock is None:  # the last [%clk] of each side gives the clocks at the incident
            given = {chess.COLOR_NAMES[color]: decimal_text(seconds) for color, seconds in clocks.items()}
            spec.clock = ClockModel(**given)
        return position
    fen = start.fen
    if start.set_up is not None:
        fen = _set_up_fen(name, doc.line(("start", "set_up")), start.set_up)
    try:
        return start_position(fen, split_moves(start.moves), lang)
    except InvalidPositionError as err:
        at_move = err.move is not None or "move" in str(err)  # python-chess's own words are English
        key = "moves" if start.moves is not None and at_move else ("set_up" if start.set_up else "fen")
        raise ScenarioError(name, doc.line(("start", key)), told(err)) from None


def _set_up_fen(name: str, line: int, set_up: str) -> str:
    """The FEN of a game's initial set-up: the placement given, White to move, castling with each
    king and rook that stand on their own squares."""
    placement = set_up.split()[0] if set_up.split() else ""
    try:
        board = chess.Board(None)
        board.set_board_fen(placement)
    except ValueError as err:
        raise ScenarioError(name, line, _("bad set_up placement {placement}: {error}").format(
            placement=shown(set_up), error=fen_fault(err))) from None
    board.castling_rights = chess.BB_CORNERS
    board.castling_rights = board.clean_castling_rights()
    return board.fen()


def start_position(fen: str | None, moves: list[str], lang: Language) -> Position:
    """The position after ``moves`` written in ``lang`` (SAN or UCI) from ``fen``.

    :raises InvalidPositionError: if the FEN is not a legal position or a move is not legal.
    """
    if lang.code == ENGLISH:
        return Position.from_start(fen, moves)
    position = Position.from_start(fen, [])
    for number, text in enumerate(moves, start=1):
        try:
            position.push(legal_move(position.board, text, lang))
        except InvalidEventError as err:
            raise InvalidPositionError(_("start move {number} {move}: {error}").format(
                number=number, move=shown(text), error=told(err)), number) from None
    position.restore_standing()
    return position


_TAGS = {"Event": "event", "Round": "round", "White": "white", "Black": "black", "Date": "date"}


def _fill_from_tags(spec: ScenarioFile, headers: Mapping[str, str]) -> None:
    """PGN tags fill the report's missing fields and the time control (FORMAT §5)."""
    if spec.report is not None:
        for tag, field_name in _TAGS.items():
            value = headers.get(tag)
            if value and "?" not in value and getattr(spec.report, field_name) is None:
                setattr(spec.report, field_name, value)
    control = headers.get("TimeControl")
    if spec.time_control is None and control and control not in ("?", "-"):
        spec.time_control = control


_PgnStart = tuple[Position, Mapping[str, str], dict[chess.Color, Fraction]]

#: The largest PGN file ``start.pgn`` reads: one game's score is a few kilobytes.
MAX_PGN_BYTES = 4 * 1024 * 1024
_TAG_LINE = re.compile(r'^\s*\[\s*[A-Za-z0-9]\w*\s+"')


def _start_from_pgn(name: str, line: int, pgn: str, base: Path | None, lang: Language,
                    text_line: Callable[[int], int | None] = lambda _at: None) -> _PgnStart:
    """The position after the PGN's main line, its tags, and each side's last ``[%clk]``.

    ``pgn`` is a file when it is one line that names an existing file (relative to the scenario,
    whatever the case of its suffix), else PGN text; either way its content must be PGN. With
    no ``base`` no file is read: one line ending in ``.pgn`` is refused, any other is PGN text.
    ``text_line``: the scenario's line of a line of the PGN text, where the file writes it line for
    line (:meth:`Located.text_line`): an error then names the line it is on."""
    written = pgn.strip()
    text, what = pgn, _("start.pgn: the PGN text {text}").format(text=shown(written))
    in_scenario = True
    if base is None:
        if "\n" not in written and written.lower().endswith(".pgn"):
            raise ScenarioError(name, line, _("start.pgn names the file {file}, and a scenario given as text reads no "
                                              "file: give the PGN text itself").format(file=shown(written)))
    elif "\n" not in written and written:
        path = base / written
        if _exists(path):
            text, what = _read_pgn_file(name, line, path, written), _("start.pgn: the file {file}").format(
                file=shown(written))
            in_scenario = False
        elif written.lower().endswith(".pgn"):
            raise ScenarioError(name, line, _("cannot read the PGN file {file}: no such file").format(
                file=shown(written)))
        else:
            what = _("start.pgn: {text}, no file next to the scenario, read as PGN text,").format(text=shown(written))
    has_tags = any(_TAG_LINE.match(row) for row in text.splitlines())
    if lang.code != ENGLISH:
        return _start_from_score(name, line, text, lang, what, has_tags)
    import chess.pgn  # only for files that start from PGN: it costs the cold start 50 ms

    from arbiter.core.pgnread import clock_seconds
    from arbiter.files.pgntext import read_first_game

    try:
        game = chess.pgn.read_game(io.StringIO(text))
    except IndexError:  # python-chess's reader fails on some texts: a ')' after a move it refused
        failed = _("{what} is a text {reader}'s PGN reader fails on (look at its moves and its parentheses)")
        raise ScenarioError(name, line, failed.format(what=what.rstrip(","), reader="python-chess")) from None
    if game is None or not has_tags and game.next() is None:
        raise ScenarioError(name, line, _no_game(what))
    tokens = read_first_game(text)
    # python-chess reads on past a miswritten move (or result): the start would not be the one written;
    # a word of signs alone (an evaluation glyph, ⩱) names nothing
    if tokens is not None and tokens.first_word_passed_over is not None:
        at, passed = tokens.first_word_passed_over
        word_line = text_line(at) if in_scenario else None
        if word_line is not None:  # the scenario's own line: the error's line is where the word is
            raise ScenarioError(name, word_line, _("{what} holds {text}, which is neither a move nor any other part of "
                                               "{pgn}").format(what=what, text=shown(passed), pgn="PGN"))
        raise ScenarioError(name, line, _("{what} holds {text} (its line {line}), which is neither a move nor any "
                                          "other part of {pgn}").format(what=what, line=at, text=shown(passed),
                                                                        pgn="PGN"))
    if game.errors:
        raise ScenarioError(name, line, _("bad PGN: {error}").format(
            error=_pgn_fault(game.errors[0], game.headers.get("FEN", ""))))
    moves = list(game.mainline_moves())
    for ply, move in enumerate(moves, start=1):
        if not move:  # python-chess reads --, Z0 and 0000 as a null move: no move of the game
            written = tokens.sans[ply - 1] if tokens is not None and len(tokens.sans) >= ply else "--"
            raise ScenarioError(name, line, _("{what} holds a null move ({move}) at ply {ply}: it moves no piece at "
                                              "the board").format(what=what, ply=ply, move=shown(written)))
    try:
        position = Position.from_start(game.board().fen(), [m.uci() for m in moves])
    except InvalidPositionError as err:
        raise ScenarioError(name, line, told(err)) from None
    clocks: dict[chess.Color, Fraction] = {}
    for ply, node in enumerate(game.mainline(), start=1):
        found = chess.pgn.CLOCK_REGEX.search(node.comment)
        if found is not None:
            try:
                seconds = clock_seconds(found.group("hours"), found.group("minutes"), found.group("seconds"))
            except TimeControlError as err:
                raise ScenarioError(name, line, _("{what}: ply {ply}: bad [%clk] comment: {error}").format(
                    what=what.rstrip(","), ply=ply, error=err)) from None
            clocks[not node.turn()] = seconds  # the side that made the move
    return position, game.headers, clocks


def _exists(path: Path) -> bool:
    """Whether anything stands at ``path`` (a text of PGN is no file name: too long, or a NUL)."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return False
    return True


def _read_pgn_file(name: str, line: int, path: Path, written: str) -> str:
    """The text of the PGN file ``path``: a regular file of at most :data:`MAX_PGN_BYTES`, in
    UTF-8. A folder, a device or a pipe is refused before a byte is read."""
    file = shown(written)
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise ScenarioError(name, line, _("start.pgn: {file} is a folder, not a PGN file").format(file=file))
        if not stat.S_ISREG(info.st_mode):
            raise ScenarioError(name, line, _("start.pgn: {file} is not a regular file (a device or a pipe?), "
                                              "not a PGN file").format(file=file))
        if info.st_size > MAX_PGN_BYTES:
            raise ScenarioError(name, line, _("start.pgn: {file} is too big for a PGN file ({size} bytes; at most "
                                              "{most})").format(file=file, size=told_number(info.st_size),
                                                                most=told_number(MAX_PGN_BYTES)))
        # Non-blocking: if a pipe took the file's place since the check, opening it must not wait.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise ScenarioError(name, line, _("start.pgn: {file} is not a regular file, not a PGN file").format(
                    file=file))
            data = handle.read(MAX_PGN_BYTES + 1)
    except OSError as err:
        raise ScenarioError(name, line, _("cannot read the PGN file {file}: {error}").format(
            file=shown(written), error=err.strerror or err)) from None
    if len(data) > MAX_PGN_BYTES:
        raise ScenarioError(name, line, _("start.pgn: {file} is too big for a PGN file (at most {most} bytes)").format(
            file=file, most=told_number(MAX_PGN_BYTES)))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ScenarioError(name, line, _("start.pgn: {file} is not a text file in UTF-8, not a PGN file").format(
            file=file)) from None


#: How python-chess says a SAN of a PGN's movetext names no move (its messages, in English).
_SAN_FAULT = re.compile(r"(?P<kind>illegal|ambiguous|invalid) san: (?P<move>'.*?'|\".*?\")(?: in (?P<fen>.*))?")


def _pgn_fault(err: Exception, fen: str) -> str:
    """What python-chess's error on a PGN (its ``FEN`` tag ``fen``, its movetext) says, in the
    user's language."""
    if isinstance(err, ValueError) and is_fen_fault(err):
        return bad_fen_tag(fen, err)
    found = _SAN_FAULT.fullmatch(str(err))
    if found is None:
        return told(err)
    move, fen = found["move"], found["fen"] or ""
    if found["kind"] == "illegal":
        return _("{move} is not a legal move in {fen}").format(move=move, fen=fen)
    if found["kind"] == "ambiguous":
        return _("ambiguous move {move} in {fen}").format(move=move, fen=fen)
    return _("not a move in SAN or UCI: {move}").format(move=move)


def _no_game(what: str) -> str:
    return _("{what} holds no PGN game: no tag pair such as [Event \"...\"] and no move such as 1. e4").format(
        what=what)


def _start_from_score(name: str, line: int, text: str, lang: Language, what: str, has_tags: bool) -> _PgnStart:
    """:func:`_start_from_pgn` for a score in another language than English."""
    from arbiter.core.pgnread import read_score

    score = read_score(text)
    if not score.moves and not has_tags:
        raise ScenarioError(name, line, _no_game(what))
    if score.errors:
        raise ScenarioError(name, line, f"{what.rstrip(',')}: {score.errors[0]}")  # pgnread's message, translated there
    try:
        position = start_position(score.headers.get("FEN"), score.moves, lang)
    except InvalidPositionError as err:
        raise ScenarioError(name, line, told(err)) from None
    first = chess.Board(score.headers["FEN"]).turn if "FEN" in score.headers else chess.WHITE
    clocks: dict[chess.Color, Fraction] = {}
    for index, seconds in enumerate(score.clocks):
        if seconds is not None:
            clocks[first if index % 2 == 0 else not first] = seconds
    return position, score.headers, clocks


def start_clock(name: str, doc: Located, spec: ScenarioFile, control: TimeControl | None,
                 from_pgn: bool = False) -> dict[chess.Color, Fraction] | None:
    """Each side's time when the events begin: as ``clock:`` gives it (or the PGN's last
    ``[%clk]`` comments, ``from_pgn``), else the first period's base time.

    :raises ScenarioError: for a time that cannot be read, or a side left out without a time
        control (it would start at zero, with its flag already fallen).
    """
    base = control.periods[0].seconds if control is not None else None
    given = spec.clock or ClockModel()
    times: dict[chess.Color, Fraction | None] = {chess.WHITE: base, chess.BLACK: base}
    for color, value in ((chess.WHITE, given.white), (chess.BLACK, given.black)):
        if value is not None:
            times[color] = duration_at(name, doc, ("clock", chess.COLOR_NAMES[color]), value)
    if times[chess.WHITE] is None and times[chess.BLACK] is None:
        return None
    missing = [color for color, value in times.items() if value is None]
    if missing:
        if from_pgn:
            raise ScenarioError(name, doc.line(("start", "pgn")), (
                _("start.pgn: the [%clk] comments give only white's time; without a time_control (or a TimeControl "
                  "tag) give clock: with black's time too") if missing[0] == chess.BLACK else
                _("start.pgn: the [%clk] comments give only black's time; without a time_control (or a TimeControl "
                  "tag) give clock: with white's time too")))
        raise ScenarioError(name, doc.line(("clock",)), (
            _("clock gives only white's time; without a time_control give both") if missing[0] == chess.BLACK else
            _("clock gives only black's time; without a time_control give both")))
    return {color: value for color, value in times.items() if value is not None}
