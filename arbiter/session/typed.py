"""Events as a trainee types them (``arbiter teach``, the page's live board): in the words the
screen shows them with in the language in force (:func:`~arbiter.laws.texts.event_words`), read
back into the files' words, so that what the log shows can be typed as it stands."""

from __future__ import annotations

from functools import cache

import chess

from arbiter.core.i18n import _, current_language, pgettext, use_language
from arbiter.core.notation import language
from arbiter.laws.texts import EVENT_WORDS, event_words
from arbiter.table.events import CLAIM_KINDS, VERBS, Event, parse_action

#: The claims and offers an event names (``claim touch-move``, ``offer draw``), translated in context ``claim``.
_CLAIM_WORDS = (*CLAIM_KINDS, "draw")


@cache
def _spoken_phrases(code: str) -> tuple[tuple[tuple[str, ...], str], ...]:
    """The phrases :func:`~arbiter.laws.texts.event_words` says an event's words with in the language ``code``, each
    with the files' words it stands for, the longest first: ``("натискат", "часовника")`` → ``"press"``."""
    with use_language(code):
        pairs = [(_("white"), "white"), (_("black"), "black")]
        pairs += [(pgettext("verb", verb), verb) for verb in VERBS]
        pairs += [(pgettext("claim", claim), claim) for claim in _CLAIM_WORDS]
        pairs += [(pgettext("word", word), word) for word in sorted(EVENT_WORDS)]
        # the rule's own name read as its claim too: "рекламира такнуто-макнуто" as the screen's
        # "рекламира кршење правила такнуто-макнуто"
        aliases = [(pgettext("value", "touch-move"), "touch-move"),
                   # and the fifty-move rule by the glossary's name: "претендират за правилото на петдесетте хода"
                   (pgettext("rule", "the fifty-move rule"), "fifty")]
    phrases = {tuple(said.lower().split()): english for said, english in pairs if said.split()}
    for said, english in aliases:
        phrases.setdefault(tuple(said.lower().split()), english)
    return tuple(sorted(phrases.items(), key=lambda item: -len(item[0])))


def event_in_file_words(text: str, notation: str | None = None) -> str:
    """An event typed as :func:`~arbiter.laws.texts.event_words` shows it in the language in force (``белите: играят
    e4``, ``црни: рекламира неправилан потез``), in the files' words (``white: play e4``), so that a
    trainee may type what the screen shows; a piece letter of ``put`` in ``notation``'s letters.
    English, and every word that is none of those phrases (a move, a square, ``at=``), as typed."""
    code = current_language()
    if code == "en":
        return text
    tokens = text.split()
    words: list[str] = []
    at = 0
    while at < len(tokens):
        for said, english in _spoken_phrases(code):
            window = [token.lower() for token in tokens[at:at + len(said)]]
            colon = bool(window) and window[-1].endswith(":") and len(window[-1]) > 1
            if window and window[:-1] + [window[-1].rstrip(":") if colon else window[-1]] == list(said):
                words.append(english + (":" if colon else ""))
                at += len(said)
                break
        else:
            words.append(tokens[at])
            at += 1
    if notation is not None and "put" in words:  # put [white|black] LETTER SQUARE
        letter = words.index("put") + 1
        letter += letter < len(words) and words[letter] in ("white", "black")
        if letter < len(words):
            piece = language(notation).by_letter.get(words[letter])
            if piece is not None:
                words[letter] = chess.piece_symbol(piece).upper()
    return " ".join(words)


def spoken_examples() -> str:
    """Events as the screen shows them in the language in force (``белите: докосват g1``), for
    the help: they may be typed so too."""
    examples = ((chess.WHITE, "touch g1"), (chess.BLACK, "move e7 e5"), (chess.WHITE, "press"))
    return "   ".join(event_words(Event(actor, parse_action(text), text)) for actor, text in examples)
