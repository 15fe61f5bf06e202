"""What python-chess reads in a game's text otherwise than it looks, as the audit's notes: a
malformed tag line passed over with all it holds, several tag pairs on one line read as one, a tag
pair read as movetext, bytes that are not UTF-8, and text of the main line it passes over as no
part of PGN (a move miswritten there is lost: the next one is read as the other side's)."""

from __future__ import annotations

import chess
import chess.pgn

from arbiter.core.errors import shown
from arbiter.core.i18n import _, ngettext
from arbiter.core.pgnread import still_in_comment
from arbiter.files.pgntext import TAG_FIRST, TAG_INSIDE, GameTokens


def text_notes(text: str) -> list[str]:
    """What python-chess reads in a game's text otherwise than it looks, each as a note with its
    line (the game's lines numbered from 1): a malformed tag line, passed over with all it holds;
    several tag pairs on one line, read as one; a tag pair read as movetext (after a byte-order
    mark or spaces, or in the movetext); and bytes that are not UTF-8."""
    notes = []
    if "\ufffd" in text:
        notes.append(_("bytes that are not {encoding}, read as {replacement}").format(encoding="UTF-8",
                                                                                       replacement="U+FFFD"))
    lines = text.split("\n")
    at, blanks = 0, 0
    while at < len(lines):  # the tags, as python-chess's reader takes them
        line = lines[at]
        if not line.startswith(("%", ";")):
            if not line.strip():
                if blanks:
                    break
                blanks += 1
            elif not line.startswith("["):
                break
            else:
                blanks = 0
                tag = chess.pgn.TAG_REGEX.match(line)
                if tag is None:
                    notes.append(_("line {line}: malformed tag {tag}: {reader} passes over the whole line").format(
                        line=at + 1, tag=repr(line.strip()[:40]), reader="python-chess"))
                elif TAG_INSIDE.search(tag.group(2)):
                    notes.append(_("line {line}: several tag pairs on one line: {reader} reads them as one "
                                   "{tag} tag").format(line=at + 1, tag=tag.group(1), reader="python-chess"))
        at += 1
    in_comment = False
    runs: list[list[int]] = []  # the tag lines read as movetext, in runs: [first line, lines after it]
    for number, line in enumerate(lines[at:], start=at + 1):  # the movetext
        if not in_comment and not line.startswith(("%", ";")):
            stripped = line.lstrip(" \t\ufeff")
            if stripped.startswith("[") and TAG_FIRST.match(stripped):
                if runs and sum(runs[-1]) == number - 1 and line.startswith("["):
                    runs[-1][1] += 1
                else:
                    runs.append([number, 0])
        in_comment = still_in_comment(line, in_comment)
    for first, after in runs:
        also = ngettext(", and the {count} tag line after it too", ", and the {count} tag lines after it too",
                        after).format(count=after) if after else ""
        notes.append(_("line {line}: {why}").format(line=first, why=_read_as_movetext(lines[first - 1])) + also)
    return notes


def passed_over_notes(tokens: GameTokens) -> list[str]:
    """The notes of the text python-chess passes over in a game's main line
    (:attr:`GameTokens.passed_over`, the first few with their lines, then how many more): a move
    miswritten there is lost, and the next one is read as the other side's."""
    notes = [_("line {line}: {text} is neither a move nor any other part of {pgn}: {reader} passes over it").format(
        line=line, text=shown(text), pgn="PGN", reader="python-chess") for line, text in tokens.passed_over]
    more = tokens.passed_over_count - len(tokens.passed_over)
    if more > 0:
        notes.append(ngettext("and {count} more text passed over", "and {count} more texts passed over",
                              more).format(count=more))
    return notes


def _read_as_movetext(line: str) -> str:
    """Why python-chess reads the tag pair on ``line``, a movetext line, as movetext."""
    if line.startswith("\ufeff["):
        return _("a byte-order mark ({mark}) before a tag pair, where {reader} does not read it away (it does "
                 "only on a game's first line): the tag is read as movetext").format(mark="U+FEFF",
                                                                                     reader="python-chess")
    if line.startswith("["):
        return _("a tag pair after movetext, with no blank line between: {reader} reads it as movetext, not as "
                 "the start of another game").format(reader="python-chess")
    return _("a tag pair after spaces: {reader} reads it as movetext, not as a tag (a tag starts its "
             "line)").format(reader="python-chess")
