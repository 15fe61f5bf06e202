"""``arbiter notation``: list the languages moves can be read and written in (FORMAT §6)."""

from __future__ import annotations

import argparse
import json
import sys


def main(args: argparse.Namespace) -> int:
    """List the language ``args.code``, or every language, with its pieces' letters and sample
    moves, in text or JSON; the exit status 0 (an unknown language is a usage error of the parser)."""
    import chess

    from arbiter.core.notation import PIECES, language, languages, write_san
    from arbiter.core.piece_letters import told_name

    chosen = [language(args.code)] if args.code else list(languages().values())
    board = chess.Board("r3k2r/1P6/8/8/8/8/8/R3K1NR w KQkq - 0 1")
    sample = [chess.Move.from_uci(uci) for uci in ("g1f3", "b7a8q", "e1c1")]
    rows = []
    for lang in chosen:
        letters = {name: list(lang.letters[piece]) for name, piece in PIECES}
        rows.append({"code": lang.code, "name": lang.name, **letters,
                     "example": [write_san(board, move, lang) for move in sample]})
    if args.format == "json":
        json.dump(rows, sys.stdout, indent=1, ensure_ascii=False)
        print()
        return 0
    for lang, row in zip(chosen, rows, strict=True):
        shown = " ".join("/".join(row[name]) or "-" for name, _ in PIECES)
        # named in the reader's language, as the errors and teach name a notation (JSON keeps the key)
        print(f"{row['code']:9} {told_name(lang):20} K Q R B N P = {shown:24} {', '.join(row['example'])}")
    return 0
