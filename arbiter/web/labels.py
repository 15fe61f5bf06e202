"""The page's own words (buttons, headings, hints), marked for the catalogue: ``GET /api/labels``
answers them translated, and the page puts them in place of the English text of the elements it
marks ``data-i18n`` (``docs/web.md``). Each is the page's English text exactly."""

from __future__ import annotations

from arbiter.core.i18n import N_, _, pgettext, use_language
from arbiter.core.vocabulary import WORDS

#: The English labels of the page, in the order the page shows them.
LABELS: tuple[str, ...] = (
    # the tabs and the language menu
    N_("arbiter: the board"), N_("Play"), N_("Seminar"), N_("Report desk"), N_("language"), N_("Printable report"),
    # a new game
    N_("moves"), N_("e4 e5 Nf3"), N_("initial position"), N_("time control"), N_("arbiter"), N_("watching"),
    N_("called"), N_("time"), N_("real"), N_("scenario"), N_("New game"),
    # the seminar
    N_("Scenario"), N_("Load"), N_("or a YAML file"), N_("◀ Back"), N_("Next ▶"),
    # the board and the status
    N_("White"), N_("Black"), N_("chessboard"), N_("Move:"), N_("clock:"), N_("state:"), N_("In hand:"),
    N_("nothing"), N_("no clock"), N_("flag fell"), N_("Article"), N_("Result"),
    # the status line's values (who has the move, whose clock runs) and what a hand holds
    N_("white"), N_("black"), N_("white's right hand"), N_("white's left hand"), N_("black's right hand"),
    N_("black's left hand"), N_("(from {square})"), N_("(new piece)"), N_(", set on {square}"),
    # the controls
    N_("act of"), N_("the side to move"), N_("hand"), N_("right"), N_("left"), N_("at"),
    N_("scenario time (seconds)"), N_("keep holding (Shift)"), N_("Release"), N_("j'adoube"), N_("accidental"),
    N_("take off (Alt)"), N_("beside the board:"), N_("pieces beside the board"),
    N_("white queen"), N_("white rook"), N_("white bishop"), N_("white knight"),  # the palette's pieces
    N_("black queen"), N_("black rook"), N_("black bishop"), N_("black knight"), N_("claim touch-move"),
    N_("claim illegal move"),
    N_("claim flag"), N_("written move"), N_("claim threefold"), N_("claim fifty"), N_("offer draw"),
    N_("accept draw"), N_("decline draw"), N_("resign"),
    N_("an event: white: touch g1, Nf3, b claim flag"), N_("Send"), N_("Undo"), N_("Restart"), N_("Flip"),
    # the quiz and the rulings
    N_("What would you rule?"), N_("The board before the events"), N_("What happened:"), N_("Rulings"),
    N_("the mating line"), N_("nothing touched"), N_("game over: {result}"),
    N_("Right."), N_("answer the question first: what would you rule?"),
    N_("Not quite: the answer is {number}."), N_("event {number} of {total}"),
    # what the page says of an act it cannot send, and of the connection
    N_("a lifted piece cannot leave the board: drop it on a square, or take it off with 'take off' (Alt)"),
    N_("no websocket"), N_("the connection to the server closed"),
    # the report desk
    N_("The report"), N_("event"), N_("round"), N_("board"), N_("date"), N_("account"), N_("The game"),
    N_("arbiter was"), N_("moves written in"), N_("English"), N_("(default)"), N_("start from"),
    N_("the initial position"), N_("position"),
    N_("events, one a line"), N_("From the board as played"), N_("The arbiter's ruling"),
    N_("result"), N_("title"), N_("Add a ruling"), N_("(none given)"), N_("remove"),
    N_("a report needs a title, or the event, round or board it was played at"),
    N_("White's draw offer is open"), N_("Black's draw offer is open"),
    # a ruling's controls: its fields, and the penalties of 12.9 (the words of the report's sentences)
    N_("kind"), N_("player"), N_("claimant"), N_("claim"), N_("verdict"), N_("penalty"), N_("seconds"), N_("square"),
    N_("article"), N_("a warning"), N_("time added to the opponent's clock ({time})"),
    N_("time taken from the offender's clock ({time})"), N_("the opponent's score raised"),
    N_("the offender's score reduced"), N_("the game declared lost"), N_("a fine"), N_("exclusion from the event"),
    N_("expulsion from the event"), N_("FEN or PGN"), N_("Download YAML"), N_("Download Markdown + SVG"),
    # the editions of the Laws: the pickers, the tab of the Laws and what changed between two
    N_("Laws of"), N_("(the file's)"), N_("(by the date)"), N_("The Laws"), N_("compared with"),
    N_("(no other edition)"), N_("Show"), N_("From the Laws of {old} to those of {new}: {count} changes"),
    N_("The Laws of Chess of {edition} (in force from {since})"), N_("not in these Laws"), N_("new"),
    N_("removed"), N_("renumbered"), N_("reworded"), N_("renumbered and reworded"),
    # a live e-board (serve --dgt)
    N_("Live board"), N_("the board is connected"), N_("the board is not connected"),
)


#: The words of the contract the page shows as they are in the view (the turn's ``state``, a
#: result's ``reason``, a ruling's ``kind``, a report's ``verdict``), with the context that translates them; the view
#: keeps them English. The labels hold them as ``context:word`` (``made`` is a state and a kind).
VALUES: tuple[tuple[str, str], ...] = tuple(
    (context, word) for context, word in WORDS if (context in ("state", "reason", "kind", "verdict", "claim")
                                                  or (context, word) in (("value", "upheld"), ("value", "rejected")))
    and word != "None")


def labels(language: str) -> dict[str, str]:
    """Every label of the page, English to ``language``: :data:`LABELS`, then :data:`VALUES`
    (each under ``context:word``, ``state:idle``)."""
    with use_language(language):
        told = {label: _(label) for label in LABELS}
        told.update({f"{context}:{word}": pgettext(context, word) for context, word in VALUES})
        return told
