"""The chessclock as a device (Article 6.1): two sides, one running, times in seconds.

What a press *means* is the arbiter's business (6.2.2); the clock only counts down the running
side, switches on a press of the running side, and adds the increment.

Every duration is exact, a :class:`~fractions.Fraction` of seconds: a time written 20.3 is
203/10 of a second, so that an interval cut in any number of pieces leaves the clock where the
whole interval leaves it, and a flag falls when the time reaches exactly zero (issue 37; with
floats 21 seconds used in six pieces left 5,408.999… on a 5400+30 clock).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from fractions import Fraction

import chess

from arbiter.core.i18n import _
from arbiter.core.errors import ArbiterError, shown
from arbiter.core.records import Record


class TimeControlError(ArbiterError):
    """A time control or a clock reading that cannot be read."""


#: No time.
ZERO = Fraction(0)


def exact(value: int | float | Fraction) -> Fraction:
    """``value`` as exact seconds: a float as the decimal it is written as (``20.3`` → 203/10, not
    the binary double nearest to it). Text is read by :func:`parse_duration`."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, float):
        return Fraction(repr(value))
    return Fraction(value)


def shown_float(value: Fraction) -> float:
    """``value`` as a float that shows the same whole second (:func:`format_duration`): the nearest
    float, unless rounding would carry it into the next second (59.9999999999999999 is 60.0 as the
    nearest float, and a clock showing 0:01:00 would be a second wrong)."""
    near = float(value)
    if math.floor(near) > math.floor(value):
        return math.nextafter(float(math.floor(value) + 1), -math.inf)
    return near


def as_number(value: Fraction) -> int | float:
    """``value`` for JSON and the page: an int when whole, else the nearest float."""
    return value.numerator if value.denominator == 1 else float(value)


class Period(Record):
    """One period: ``moves`` moves (None: the rest of the game) in ``seconds``, ``increment`` added
    a move, ``delay`` a move before the main time starts to run (delay mode, 6.3)."""

    __slots__ = ("seconds", "increment", "moves", "delay")
    seconds: Fraction
    increment: Fraction
    moves: int | None
    delay: Fraction

    def __init__(self, seconds: int | Fraction, increment: int | Fraction = 0, moves: int | None = None,
                 delay: int | Fraction = 0) -> None:
        object.__setattr__(self, "seconds", Fraction(seconds))
        object.__setattr__(self, "increment", Fraction(increment))
        object.__setattr__(self, "moves", moves)
        object.__setattr__(self, "delay", Fraction(delay))


class TimeControl(Record):
    """A time control in PGN ``TimeControl`` syntax (``40/5400+30:1800+30``, ``180+2``, ``300``),
    extended with ``dN`` for a delay of N seconds a move (``5400d30``, ``40/5400d30:1800d30``)."""

    __slots__ = ("periods", "text")
    periods: tuple[Period, ...]
    text: str

    def __init__(self, periods: tuple[Period, ...], text: str) -> None:
        object.__setattr__(self, "periods", periods)
        object.__setattr__(self, "text", text)

    @classmethod
    def parse(cls, text: str | int) -> TimeControl:
        """:raises TimeControlError: if ``text`` is not PGN TimeControl syntax, or is beyond the
        bounds: more than :data:`MAX_GAME_SECONDS` of base time in all, an increment or a delay
        over :data:`MAX_MOVE_SECONDS`, a period of more than :data:`MAX_PERIOD_MOVES` moves."""
        if isinstance(text, int) and not isinstance(text, bool) and text > MAX_GAME_SECONDS:
            raise TimeControlError(_("time control {control} is over a week ({seconds} seconds)").format(
                control=shown(text), seconds=MAX_GAME_SECONDS))
        raw = str(text).strip()
        periods = []
        for part in raw.split(":"):
            match = re.fullmatch(r"(?:(\d+)/)?(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?(?:d(\d+(?:\.\d+)?))?", part)
            if match is None:
                raise TimeControlError(_("bad time control {control} (e.g. 5400+30, 40/5400+30:1800+30, "
                                         "5400d30)").format(control=shown(raw)))
            moves, seconds, increment, delay = match.groups()
            # Compared as text first: int() refuses numbers of more than 4,300 digits.
            if moves is not None and (len(moves.lstrip("0")) > 4 or not 1 <= int(moves) <= MAX_PERIOD_MOVES):
                period = _("bad time control {control}: a period has 1 to {most} moves, not {moves}")
                raise TimeControlError(period.format(control=shown(raw), most=MAX_PERIOD_MOVES, moves=shown(moves)))
            if any(len(number.partition(".")[2]) > _MOST_DIGITS for number in (seconds, increment or "", delay or "")):
                raise TimeControlError(_("bad time control {control}: more than {digits} decimals").format(
                    control=shown(raw), digits=_MOST_DIGITS))
            for what, value in ((_("bad time control {control}: an increment of more than an hour ({seconds} "
                                   "seconds) a move"), increment),
                                (_("bad time control {control}: a delay of more than an hour ({seconds} seconds) "
                                   "a move"), delay)):
                if value is not None and _number(value) > MAX_MOVE_SECONDS:
                    raise TimeControlError(what.format(control=shown(raw), seconds=MAX_MOVE_SECONDS))
            periods.append(Period(_number(seconds), _number(increment or "0"), int(moves) if moves else None,
                                  _number(delay or "0")))
        if any(p.moves is None for p in periods[:-1]):
            raise TimeControlError(_("bad time control {control}: only the last period may be open").format(
                control=shown(raw)))
        if sum(p.seconds for p in periods) > MAX_GAME_SECONDS:
            raise TimeControlError(_("bad time control {control}: over a week ({seconds} seconds) of base time").format(
                control=shown(raw), seconds=MAX_GAME_SECONDS))
        return cls(tuple(periods), raw)

    def rapid_blitz_minutes(self) -> Fraction:
        """The time each player has for 60 moves, in minutes (A.1, B.1 speak of all the moves of
        the game, as FIDE applies them): the base time of every period that begins within the first
        60 moves, and each of those 60 moves' increment (issue 32; before, the first period's
        alone, so that ``40/3000:1800`` was rapid). A delay counts for nothing."""
        total, move = ZERO, 1
        for period in self.periods:
            if move > SIXTY_MOVES:
                break
            total += period.seconds
            moves = period.moves if period.moves is not None else SIXTY_MOVES
            counted = min(moves, SIXTY_MOVES - move + 1)
            total += counted * period.increment
            move += moves
        if move <= SIXTY_MOVES:  # every period has its moves counted: the moves left keep the last increment
            total += (SIXTY_MOVES - move + 1) * self.periods[-1].increment
        return total / 60


#: The moves whose time decides the ruleset (A.1, B.1: "for 60 moves").
SIXTY_MOVES = 60
#: The bound of every duration read (an event's time, a clock, the default time, a time given):
#: 1000 hours.
MAX_DURATION = 1000 * 3600
#: The bound of a time control's base time, all periods together: a week.
MAX_GAME_SECONDS = 7 * 24 * 3600
#: The bound of an increment or a delay: an hour a move.
MAX_MOVE_SECONDS = 3600
#: The bound of the moves of one period (``40/5400``).
MAX_PERIOD_MOVES = 1000
#: The most decimals of a second a time is read with (more are an error: no clock shows them).
_MOST_DIGITS = 40
#: A whole part this long is over every bound, whatever its digits.
_OVER_EVERY_BOUND = 12


def _number(text: str) -> Fraction:
    """Decimal digits (with a point or not, at most :data:`_MOST_DIGITS` decimals) → exact
    seconds; a whole part of more than :data:`_OVER_EVERY_BOUND` digits reads as 10¹² seconds,
    over every bound (``int()`` refuses more than 4,300 digits)."""
    whole, _point, decimals = text.partition(".")
    if len(whole.lstrip("0")) > _OVER_EVERY_BOUND:
        return Fraction(10 ** _OVER_EVERY_BOUND)
    return Fraction(int(whole or "0")) + (Fraction(int(decimals), 10 ** len(decimals)) if decimals else 0)


def parse_duration(value: str | int | float | Fraction) -> Fraction:
    """``"SS"``, ``"M:SS"``, ``"H:MM:SS"`` or a number of seconds → exact seconds (``"20.3"`` and
    ``20.3`` are 203/10).

    :raises TimeControlError: if it is none of these, or not a finite number from 0 to
        :data:`MAX_DURATION`.
    """
    if isinstance(value, bool):
        raise TimeControlError(_("bad time {time}").format(time=repr(value)))
    if isinstance(value, (int, float, Fraction)):
        if isinstance(value, float) and not math.isfinite(value):
            raise TimeControlError(_("bad time {time}: not a finite number of seconds").format(time=shown(value)))
        if value < 0:
            raise TimeControlError(_("negative time {time}").format(time=shown(value)))
        if value > MAX_DURATION:
            raise TimeControlError(_("time {time} is over 1000 hours").format(time=shown(value)))
        return exact(value)
    parts = str(value).strip().split(":")
    if len(parts) > 3 or not all(re.fullmatch(r"\d+(\.\d+)?", p) for p in parts):
        raise TimeControlError(_("bad time {time} (use SS, M:SS or H:MM:SS)").format(time=shown(value)))
    if any(len(part.partition(".")[2]) > _MOST_DIGITS for part in parts):
        raise TimeControlError(_("bad time {time}: more than {digits} decimals").format(
            time=shown(value), digits=_MOST_DIGITS))
    if any(_number(part) >= 60 for part in parts[1:]):  # "1:99" is no M:SS (it read as 2:39)
        raise TimeControlError(_("bad time {time}: after a colon, minutes and seconds are under 60 (use SS, "
                                 "M:SS or H:MM:SS)").format(time=shown(value)))
    seconds = ZERO
    for part in parts:
        seconds = seconds * 60 + _number(part)
    if seconds > MAX_DURATION:
        raise TimeControlError(_("time {time} is over 1000 hours").format(time=shown(value)))
    return seconds


def decimal_text(value: Fraction) -> str:
    """``value`` written in decimals, exactly when its denominator divides a power of ten of 30
    digits or fewer (every time read from a file), else to the microsecond."""
    if value.denominator == 1:
        return str(value.numerator)
    for digits in range(1, 31):
        scaled = value * 10 ** digits
        if scaled.denominator == 1:
            whole = abs(scaled.numerator)
            text = f"{whole // 10 ** digits}.{whole % 10 ** digits:0{digits}d}"
            return "-" + text if value < 0 else text
    return f"{float(value):.6f}"


def written_seconds(value: Fraction) -> int | float | str:
    """``value`` as a file writes it and reads it back exactly: an int when whole, a float when
    the float's shortest form is the same number, else its decimals as a string (``"20.0000000001"``)."""
    if value.denominator == 1:
        return value.numerator
    near = float(value)
    return near if Fraction(repr(near)) == value else decimal_text(value)


def seconds_text(seconds: Fraction | int) -> str:
    """A number of seconds as a sentence writes it (``30``, ``2.5``)."""
    return f"{as_number(Fraction(seconds)):g}"


def format_duration(seconds: Fraction | int | float) -> str:
    """Seconds → ``H:MM:SS`` (whole seconds, rounded down: a clock shows 0:00:00 only at zero)."""
    whole = max(math.floor(seconds), 0)
    return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


def format_instant(seconds: Fraction | int) -> str:
    """Seconds → ``H:MM:SS``, with the part of a second a time has (``0:00:04.9``,
    ``0:00:00.5999``): a question whose answer turns on tenths shows them (the quiz, 2026-12-06).
    Written exactly to the millionth; a part of a second finer than that (a third) rounded down
    to the thousandth, as a clock shows no time it has not reached. Whole seconds as
    :func:`format_duration`."""
    value = max(Fraction(seconds), Fraction(0))
    whole = math.floor(value)
    part = value - whole
    if not part:
        return format_duration(whole)
    millionths = part * 1_000_000
    digits = f"{int(millionths):06d}" if millionths.denominator == 1 else f"{math.floor(part * 1000):03d}"
    return f"{format_duration(whole)}.{digits.rstrip('0') or '0'}"


@dataclass
class Clock:
    """Both sides of a chessclock. ``remaining`` is None for a game without a clock."""

    running: chess.Color
    remaining: dict[chess.Color, Fraction] | None = None
    control: TimeControl | None = None
    now: Fraction = ZERO
    paused: bool = False
    #: Moves each player has completed for the time control (from the start position's move number).
    presses: dict[chess.Color, int] = field(default_factory=lambda: {chess.WHITE: 0, chess.BLACK: 0})
    #: The instant (seconds since the events began) each fallen flag fell.
    fallen: dict[chess.Color, Fraction] = field(default_factory=dict)
    #: The time the running side has spent on the move under way (what the delay covers).
    spent: Fraction = ZERO

    def advance(self, now: Fraction) -> list[tuple[chess.Color, Fraction]]:
        """Let time run to ``now`` on the running side; the flags that fell on the way, with the
        exact instant each reached zero. In delay mode the main time runs only once the move's
        delay is used up."""
        fell: list[tuple[chess.Color, Fraction]] = []
        if self.remaining is None:
            self.now = now
            return fell
        if not self.paused:
            elapsed = now - self.now
            delay = self._period(self.running).delay if self.control is not None else ZERO
            free = min(max(ZERO, delay - self.spent), elapsed)
            self.spent += elapsed
            before = self.remaining[self.running]
            self.remaining[self.running] = before - (elapsed - free)
            if before > 0 >= self.remaining[self.running] and self.running not in self.fallen:
                self.fallen[self.running] = self.now + free + before
                fell.append((self.running, self.now + free + before))
        fell += self.flags_at_zero()
        self.now = now
        return fell

    def _at_zero_uncounted(self) -> list[chess.Color]:
        """The sides whose clock is at zero with the flag not yet counted as fallen."""
        remaining = self.remaining
        if remaining is None:
            return []
        return [color for color in (chess.WHITE, chess.BLACK) if remaining[color] <= 0 and color not in self.fallen]

    def has_uncounted_flag_at_zero(self) -> bool:
        """Whether :meth:`flags_at_zero` would count a flag now (it changes nothing)."""
        return bool(self._at_zero_uncounted())

    def flags_at_zero(self) -> list[tuple[chess.Color, Fraction]]:
        """The flags of the sides at zero not yet counted as fallen, now counted: a clock at zero
        has a fallen flag, however it got there (set so at the start, or time taken away)."""
        fell = [(color, self.now) for color in self._at_zero_uncounted()]
        for color, instant in fell:
            self.fallen[color] = instant
        return fell

    def switch(self, color: chess.Color) -> Fraction:
        """``color`` presses the running side: the other side runs. The increment is added, and
        the next period's time once the period's moves are done; the increment, returned."""
        self.running = not color
        self.spent = ZERO
        if self.remaining is None or self.control is None:
            self.presses[color] += 1
            return ZERO
        period = self._period(color)
        self.presses[color] += 1
        self.remaining[color] += period.increment
        if self._period(color) is not period:
            self.remaining[color] += self._period(color).seconds
        return period.increment

    def add(self, color: chess.Color, seconds: Fraction | int) -> None:
        """The arbiter changes ``color``'s remaining time (a penalty, an increment taken back)."""
        if self.remaining is not None:
            self.remaining[color] += seconds

    def set_running(self, color: chess.Color) -> None:
        """The arbiter starts ``color``'s side (after setting a position back): a new move, with
        its delay."""
        self.running = color
        self.spent = ZERO

    def reading(self) -> dict[str, str] | None:
        """The remaining times as ``{"white": "H:MM:SS", "black": ...}``."""
        if self.remaining is None:
            return None
        return {chess.COLOR_NAMES[c]: format_duration(self.remaining[c]) for c in (chess.WHITE, chess.BLACK)}

    def _period(self, color: chess.Color) -> Period:
        """The period the player's next move belongs to."""
        assert self.control is not None
        done = self.presses[color]
        for period in self.control.periods:
            if period.moves is None or done < period.moves:
                return period
            done -= period.moves
        return self.control.periods[-1]
