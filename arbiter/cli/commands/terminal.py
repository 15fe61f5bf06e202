"""How ``run`` and ``audit`` print their text lines: to a terminal fitted to its columns between
words (a terminal cuts a long line mid-word), to a file or a pipe whole. The rendering module (and
the referee it imports) is imported only for a terminal: these commands' start is what the
benchmarks time."""

from __future__ import annotations

import sys
from collections.abc import Callable


def text_printer(output: str) -> Callable[[str], None]:
    """What prints a line of ``output`` (``text``, ``json``...): ``print``, or for text on a
    terminal :func:`~arbiter.cli.render.terminal_printer`."""
    if output == "text" and sys.stdout.isatty():
        from arbiter.cli.render import terminal_printer

        return terminal_printer()
    return print
