"""Where a turn stands at the table: the states and the flat :mod:`transitions` machine between them.

One machine, shared by every table (one machine, many models: :class:`arbiter.table.board.Table`),
follows the turn of the player whose move is under way. Its triggers are the physical verbs; each
verb method of the table first checks that the act can physically happen, then changes the
pieces, then fires the trigger, whose conditions read the new arrangement to decide where the
turn stands. Its diagram is ``docs/physical-machine.md``.
"""

from __future__ import annotations

from typing import Any, Literal, cast

from transitions import Event, Machine, MachineError


Hand = Literal["left", "right"]
HANDS: tuple[Hand, ...] = ("right", "left")

#: Where a turn stands. The docstrings double as the states' descriptions in the diagram.
STATES: dict[str, str] = {
    "idle": "nothing touched yet this turn",
    "touching": "pieces touched, nothing in hand, the board as in the position",
    "holding": "a piece lifted and held in the air",
    "placed": "a piece set down on a square and still held",
    "disturbed": "hands free, the board changed, no legal move made (a capture half done, an illegal placement)",
    "castling": "the king released two squares towards a rook; the rook still to move (4.7.2)",
    "promoting": "a promotion under way: pawn on the last rank or removed, new piece not final (4.6)",
    "made": "a legal move made (4.7), the clock not yet pressed",
    "ended": "the game is over",
}

_PLAYING = [state for state in STATES if state != "ended"]
_AFTER_HANDS_FREE = [
    ("placed", "is_piece_placed"),
    ("holding", "is_piece_in_air"),
    ("made", "is_move_made"),
    ("castling", "is_castling_begun"),
    ("promoting", "is_promotion_under_way"),
    ("touching", "is_undisturbed"),
    ("disturbed", None),
]


def _choices(trigger: str, sources: list[str], dests: list[tuple[str, str | None]]) -> list[dict[str, Any]]:
    return [
        {"trigger": trigger, "source": sources, "dest": dest, **({"conditions": cond} if cond else {})}
        for dest, cond in dests
    ]


#: The machine's transitions, as dicts with explicit keys; the first whose conditions hold wins.
TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "touch", "source": "idle", "dest": "touching"},
    {"trigger": "touch", "source": ["touching", "holding", "placed", "disturbed", "castling", "promoting"],
     "dest": "="},
    {"trigger": "adjust", "source": ["idle", "touching", "disturbed", "castling", "promoting"], "dest": "="},
    *_choices("lift", _PLAYING, [("placed", "is_piece_placed"), ("holding", None)]),
    {"trigger": "place", "source": ["holding", "placed"], "dest": "placed"},
    *_choices("drop", ["holding", "placed"], _AFTER_HANDS_FREE),
    *_choices("release", ["placed"], _AFTER_HANDS_FREE),
    *_choices("remove", _PLAYING, _AFTER_HANDS_FREE),
    {"trigger": "put", "source": _PLAYING, "dest": "placed"},
    {"trigger": "play", "source": "idle", "dest": "made"},
    {"trigger": "press", "source": _PLAYING, "dest": "idle"},
    # The arbiter's own acts on the board.
    *_choices("restore", _PLAYING, [("made", "is_move_pending"), ("touching", "has_touched"), ("idle", None)]),
    *_choices("settle", [s for s in _PLAYING if s != "made"], _AFTER_HANDS_FREE),
    {"trigger": "take_turn", "source": "made", "dest": "idle"},
    {"trigger": "end", "source": _PLAYING, "dest": "ended"},
]

_Choices = tuple[tuple[str | None, tuple[tuple[str, bool], ...]], ...]


class _Event(Event):
    """transitions' event, fired the way it fires in this machine, without what the machine does
    not use: the first transition from the model's state whose conditions hold moves it to its
    destination, as :meth:`Event.trigger` would, but with no callbacks to look for (prepare,
    before, after, enter, exit, finalize: the machine has none, :func:`_check_lean` makes sure), no
    queue, no event data built and no debug logging, which cost more than a move's chess.
    """

    def __init__(self, name: str, machine: Machine) -> None:
        super().__init__(name, machine)
        #: Per source state, the event's transitions as (destination, ((condition, target), ...)),
        #: read from the machine's own transitions the first time the event fires from that state
        #: (the machine is complete at import).
        self._choices: dict[str, _Choices] = {}

    def trigger(self, model: Any, *args: Any, **kwargs: Any) -> bool:
        state = model.state
        candidates = self._choices.get(state)
        if candidates is None:
            if state not in self.transitions:
                raise MachineError(f"Can't trigger event {self.name} from state {state}!")
            candidates = self._choices[state] = self._choices_from(state)
        for dest, conditions in candidates:
            for name, target in conditions:
                if getattr(model, name)() != target:
                    break
            else:
                if dest is not None:
                    model.state = dest
                return True
        return False

    def _choices_from(self, state: str) -> _Choices:
        return tuple((transition.dest, tuple((cast(str, condition.func), bool(condition.target))
                                             for condition in transition.conditions))
                     for transition in self.transitions[state])


class _Machine(Machine):
    event_cls = _Event


MACHINE = _Machine(
    model=None,
    states=list(STATES),
    transitions=TRANSITIONS,
    initial="idle",
    auto_transitions=False,
    ignore_invalid_triggers=False,
)



def _check_lean(machine: Machine) -> None:
    """:class:`_Event` fires only a machine without callbacks, queue or event data sent."""
    hooks = [machine.before_state_change, machine.after_state_change, machine.prepare_event,
             machine.finalize_event, machine.on_exception, machine.on_final]
    hooks += [hook for state in machine.states.values() for hook in (state.on_enter, state.on_exit)]
    hooks += [hook for event in machine.events.values() for transitions in event.transitions.values()
              for transition in transitions for hook in (transition.prepare, transition.before, transition.after)]
    if any(hooks) or machine.has_queue or machine.send_event:
        raise AssertionError("the table's machine uses what its lean events do not run")
    if any(not isinstance(condition.func, str) for event in machine.events.values()
           for transitions in event.transitions.values() for transition in transitions
           for condition in transition.conditions):
        raise AssertionError("the table's machine names its conditions by the model's methods")


_check_lean(MACHINE)

#: The triggers each state accepts, computed once (asking the machine walks every event).
ACCEPTS: dict[str, frozenset[str]] = {state: frozenset(MACHINE.get_triggers(state)) for state in STATES}
