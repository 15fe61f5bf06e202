"""Auditing PGN files against the Laws (``arbiter audit``): one game at a time, constant memory.

For each game: moves the score cannot contain (an illegal move, and whether under rapid or blitz
rules it would have stood, A.5.2; the game goes on from the board as it would stand), an
automatic ending the game ran past (mate, stalemate, dead position, fivefold, 75 moves), a result
the final position contradicts, a decisive result by time forfeit or resignation where the winner
could not mate (a draw by 6.9 / 5.1.2), and, as information, the first moment each player could
have claimed threefold repetition or fifty moves: by writing a move that brings it, the score's
or any other legal move (9.2.1, 9.3.1), or with the position on the board (9.2.2, 9.3.2).

A game is read as python-chess reads it, move for move; what the reader passes over that the
writer may have meant (a malformed tag, a tag pair read as movetext, no result written) is a
note, not a fault. A text that is no PGN game at all (prose, YAML) is told apart from a broken
game; a score that English cannot read but another language of ``rules/notation.yaml`` can
(``Sf3``) gets a hint.

This module puts one game's audit together; the parts are :mod:`arbiter.files.pgntext` (the
reading), :mod:`arbiter.files.scorereplay` (the replay by the Laws), :mod:`arbiter.files.notationhint`
and :mod:`arbiter.files.findings` (what is found, game by game and over all files).
"""

from __future__ import annotations

from arbiter.core.i18n import _, use_language
from arbiter.core.notation import DEFAULT, language
from arbiter.core.pgnread import RESULTS
from arbiter.files.findings import ENDED_AFTER_TAGS, Finding, GameAudit
from arbiter.files.notationhint import notation_hint, partly_read
from arbiter.files.pgntext import GameTokens, first_game, is_ended_after_tags, tokens_of_score, why_not_pgn
from arbiter.files.readingnotes import passed_over_notes, text_notes
from arbiter.files.scorereplay import audit_game


def audit_text(item: tuple[int, str], notation: str | None = None, lang: str | None = None,
               laws: str | None = None) -> GameAudit:
    """Audit one game given as PGN text (also in worker processes); its moves are written in
    ``notation`` (English by default), its findings said in the language ``lang`` (``--lang``: a
    worker process does not share the command's; by default the language in force), by the
    edition ``laws`` of the Laws (``--laws``; by default the one in force on its ``Date``). A
    failure of the arbiter itself is reported in the game, never raised: the other games still
    get audited."""
    if lang is not None:
        with use_language(lang):
            return audit_text(item, notation, laws=laws)
    number, text = item
    try:
        return _audit_text(number, text, notation, laws)
    except Exception as err:  # noqa: BLE001 - a bug of ours must not hide the other games' findings
        return GameAudit(number, "?", "?", "*", error=_("internal error, please report it: {error}").format(
            error=repr(err)), is_internal_error=True)


def _audit_text(number: int, text: str, notation: str | None, laws: str | None = None) -> GameAudit:
    not_pgn = why_not_pgn(text)
    if not_pgn is not None:
        return GameAudit(number, "?", "?", "*", error=_("not a {pgn} game: {reason}").format(pgn="PGN", reason=not_pgn),
                         is_pgn=False, why_not_pgn=not_pgn)
    lang = language(notation)
    if lang.code == DEFAULT:
        first = first_game(text)
        if first is None:
            return GameAudit(number, "?", "?", "*", error=_("empty game"))
        tokens = first
    else:
        tokens = tokens_of_score(text)  # python-chess's reader knows only English SAN
    game = audit_game(number, tokens, lang, laws)
    game.has_tags = tokens.has_tags
    game.is_ended_after_tags = is_ended_after_tags(text)
    result_note = _result_note(game, tokens)
    game.notes[:0] = [*text_notes(text), *passed_over_notes(tokens),
                      *([_(ENDED_AFTER_TAGS)] if game.is_ended_after_tags else []),
                      *([result_note] if result_note else [])]
    if game.not_audited is not None:  # a variant's movetext (N@f3) is not chess's to judge
        return game
    trouble = list(tokens.broken)
    if tokens.sans:  # the reader stopped on the way: the moves after it are not audited
        trouble += tokens.unreadable
    if trouble:
        game.error = "; ".join(filter(None, [game.error, *trouble]))
    if lang.code == DEFAULT and any(f.kind in ("illegal-move", "unreadable-move") for f in game.findings):
        game.notation_hint = notation_hint(text)  # only then: each other language reads the score
        game.notes += partly_read(text)
        if game.notation_hint is not None:
            # Another language's piece letters (C.5) are no illegal move: one finding says how the
            # score is written, in place of the moves English misread; where that reading has
            # illegal moves of its own, the finding says so and is a fault of the score.
            hint = game.notation_hint
            kind = "notation-illegal" if hint.illegal else "notation"
            game.findings = [Finding(kind, "C.5", hint.finding),
                             *(f for f in game.findings if f.kind not in ("illegal-move", "unreadable-move"))]
    return game


def _result_note(game: GameAudit, tokens: GameTokens) -> str | None:
    """The note of a game whose movetext writes no result (python-chess reads it without one)."""
    if tokens.is_result_written or game.is_ended_after_tags:
        return None
    if tokens.errors and not tokens.sans:
        return None  # the reader stopped before the movetext (a FEN tag refused): it says nothing of it
    if "Result" not in tokens.headers:
        given = _("its result is *")
    elif game.result in RESULTS:
        given = _("the {tag} tag gives {result}").format(tag="Result", result=game.result)
    else:
        given = _("the {tag} tag gives {result}, which is no {pgn} result: 1-0, 0-1, 1/2-1/2 or *").format(
            tag="Result", result=game.result, pgn="PGN")
    if not tokens.sans:
        if tokens.has_tags:
            return _("no moves and no result after the tags ({given})").format(given=given)
        return _("no moves and no result ({given})").format(given=given)
    return _("no result is written after the moves ({given})").format(given=given)
