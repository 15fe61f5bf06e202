"""The project's error types: one per kind of failure.

Playing against the Laws is never an error: it is what the arbiter rules on. These errors are
for input that cannot be ruled on at all.
"""

from __future__ import annotations

from typing import Any


class ArbiterError(ValueError):
    """Base class of every error the project raises on purpose."""


class InvalidEventError(ArbiterError):
    """An event that is malformed or cannot physically happen (lifting from an empty square)."""


class AmbiguousNotationError(InvalidEventError):
    """A move text that names several moves; ``candidates`` holds them."""

    def __init__(self, message: str, candidates: list[Any]) -> None:
        super().__init__(message)
        self.candidates = candidates


class ImpossibleMoveError(InvalidEventError):
    """A move text that names no move the pieces could make, or is not a move at all."""


class UnknownNotationError(ArbiterError):
    """A notation (language) code that ``rules/notation.yaml`` does not hold."""


class InvalidPositionError(ArbiterError):
    """A starting position or starting move list that is not legal chess."""


class ScenarioError(ArbiterError):
    """A scenario or report file that cannot be read; the message names the file and line."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {message}")


class UnknownArticleError(ArbiterError):
    """An article number that ``rules/`` does not hold."""
