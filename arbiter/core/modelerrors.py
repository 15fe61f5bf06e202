"""What is wrong with a value a file or a request gave, in the user's language (a pydantic error).

pydantic's own messages are English and name our classes ("Input should be a valid dictionary or
instance of ClockModel"): none is shown. Each kind of error pydantic reports on our models is said
here in our words (:func:`problem`); a value that fits none of a union's kinds (``clock.white``,
text or a number) is said once, by the kinds it may take, not once per kind; the messages our own
validators raise are said as they were raised (they are ours, translated when raised).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, BeforeValidator
from pydantic_core import ErrorDetails

from arbiter.core.i18n import N_, _, ngettext

#: The kind of value each member of a union takes, by pydantic's name of the member (``str``,
#: ``list[str]``): the sets of them name the unions of :data:`_UNIONS`.
_KIND_OF_TAG = {"str": "text", "int": "whole", "float": "number", "bool": "bool", "date": "date",
                "datetime": "date", "list": "list", "dict": "mapping", "tuple": "list", "set": "list"}
#: A union's members, as the sets of kinds our models' unions have, and how a value fitting none is said.
_UNIONS = {
    frozenset({"text", "number", "whole"}): N_("must be text or a number"),
    frozenset({"text", "number"}): N_("must be text or a number"),
    frozenset({"text", "whole"}): N_("must be text or a whole number"),
    frozenset({"text", "list"}): N_("must be text or a list"),
    frozenset({"date", "text"}): N_("must be a date or text"),
    frozenset({"whole", "number"}): N_("must be a number"),
}
_BY_TYPE = {
    "string_type": N_("must be text"),
    "string_unicode": N_("must be text"),
    "int_type": N_("must be a whole number"),
    "int_parsing": N_("must be a whole number"),
    "int_from_float": N_("must be a whole number"),
    "int_parsing_size": N_("must be a whole number"),
    "float_type": N_("must be a number"),
    "float_parsing": N_("must be a number"),
    "finite_number": N_("must be a finite number"),
    "bool_type": N_("must be true or false"),
    "bool_parsing": N_("must be true or false"),
    "list_type": N_("must be a list"),
    "tuple_type": N_("must be a list"),
    "set_type": N_("must be a list"),
    "dict_type": N_("must be a mapping of keys"),
    "model_type": N_("must be a mapping of keys"),
    "model_attributes_type": N_("must be a mapping of keys"),
    "date_type": N_("must be a date (YYYY-MM-DD)"),
    "date_parsing": N_("must be a date (YYYY-MM-DD)"),
    "date_from_datetime_parsing": N_("must be a date (YYYY-MM-DD)"),
    "date_from_datetime_inexact": N_("must be a date (YYYY-MM-DD)"),
    "missing": N_("is missing"),
}
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")


def first_problem(model: type[BaseModel], errors: Sequence[ErrorDetails],
                  prefer_unknown_key: bool = False) -> tuple[tuple[str | int, ...], str, ErrorDetails]:
    """Where the first problem of ``errors`` (of validating ``model``) is, as the keys and list
    positions leading to it, what it is, in the user's language, and the error that says it.

    pydantic's own parts of a place (a validator's name, the member of a union the value was
    tried as) are left out. A value no member of its union takes is said once, by the kinds of
    value the key takes; inside a list or a block, the member the value was meant as says it.
    ``prefer_unknown_key``: a key not allowed comes first, wherever it is (a typo says itself).
    """
    first = errors[0]
    if prefer_unknown_key:
        first = next((error for error in errors if error["type"] == "extra_forbidden"), first)
    loc, union_at = _walk(model, first["loc"])
    if union_at is None:
        return loc, problem(first), first
    prefix = first["loc"][:union_at]
    members = [error for error in errors if len(error["loc"]) > union_at and error["loc"][:union_at] == prefix]
    deeper = next((error for error in members if len(error["loc"]) > union_at + 1), None)
    if deeper is not None:
        return _walk(model, deeper["loc"])[0], problem(deeper), deeper
    kinds = frozenset(_KIND_OF_TAG.get(str(error["loc"][union_at]).split("[")[0], "") for error in members)
    said = _UNIONS.get(kinds)
    return loc, _(said) if said is not None else problem(first), first


def count_of_problems(model: type[BaseModel], errors: Sequence[ErrorDetails]) -> int:
    """How many values ``errors`` are about: the errors of each member of one union count once."""
    places = set()
    for error in errors:
        union_at = _walk(model, error["loc"])[1]
        places.add(error["loc"][:union_at] if union_at is not None else error["loc"])
    return len(places)


def problem(error: ErrorDetails) -> str:
    """What one pydantic error says is wrong, in our words (its place is the caller's to say)."""
    kind = error["type"]
    context: dict[str, Any] = dict(error.get("ctx") or {})
    if kind in ("value_error", "assertion_error") and "error" in context:
        return str(context["error"])  # our validators' own message, translated when raised
    if kind in ("literal_error", "enum"):
        values = _QUOTED.findall(str(context.get("expected", "")))
        if values:
            return _("must be one of: {values}").format(values=", ".join(values))
    if kind in ("string_too_short", "too_short"):
        least = int(context.get("min_length", 1))
        return ngettext("must be at least {count} character long", "must be at least {count} characters long",
                        least).format(count=least) if kind == "string_too_short" else ngettext(
            "must have at least {count} item", "must have at least {count} items", least).format(count=least)
    if kind in ("string_too_long", "too_long"):
        most = int(context.get("max_length", 0))
        return ngettext("must be at most {count} character long", "must be at most {count} characters long",
                        most).format(count=most) if kind == "string_too_long" else ngettext(
            "must have at most {count} item", "must have at most {count} items", most).format(count=most)
    for bound, limit in (("ge", N_("must be at least {limit}")), ("gt", N_("must be more than {limit}")),
                         ("le", N_("must be at most {limit}")), ("lt", N_("must be less than {limit}"))):
        if bound in context and kind.startswith(("greater_than", "less_than")):
            return _(limit).format(limit=context[bound])
    said = _BY_TYPE.get(kind)
    return _(said) if said is not None else _("is not a value this key takes")


def _walk(model: type[BaseModel], loc: tuple[str | int, ...]) -> tuple[tuple[str | int, ...], int | None]:
    """``loc`` with pydantic's own parts left out, and where in it the last union's member is
    named (None if the error is not about a member of a union)."""
    kept: list[str | int] = []
    union_at: int | None = None
    kind: Any = model
    index = 0
    while index < len(loc):
        part = loc[index]
        index += 1
        if isinstance(part, str) and part.startswith("function-"):
            continue
        kept.append(part)
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            field = kind.model_fields.get(str(part)) or next(
                (each for each in kind.model_fields.values() if each.alias == part), None)
            kind = field.annotation if field is not None else None
        elif get_origin(kind) is list:
            kind = get_args(kind)[0]
        else:
            kind = None
        members = _members(kind)
        if len(members) == 1:  # an optional value: what it is when given (a union itself, maybe)
            kind = members[0]
            members = _members(kind)
        if len(members) > 1 and index < len(loc) and isinstance(loc[index], str):
            tag = str(loc[index])
            union_at = index
            index += 1
            kind = next((member for member in members if _tag_of(member) == tag.split("[")[0]), None)
    return tuple(kept), union_at


def _members(kind: Any) -> list[Any]:
    """The members of the union ``kind`` but ``None``, without their validators; ``[kind]`` for a
    kind that is no union (``[]`` for none)."""
    kind = _unannotated(kind)
    if get_origin(kind) not in (Union, UnionType):
        return [kind] if kind is not None else []
    return [_unannotated(member) for member in get_args(kind) if member is not type(None)]


def _unannotated(kind: Any) -> Any:
    """``kind`` without its ``Annotated`` validators (``Duration``: the union they check)."""
    while get_origin(kind) is Annotated:
        kind = get_args(kind)[0]
    return kind


def _tag_of(member: Any) -> str:
    """How pydantic names a union's member in an error's place (before any ``[``)."""
    origin = get_origin(member)
    if origin is Literal:
        return "literal"
    named = origin if origin is not None else member
    return str(getattr(named, "__name__", named))


def refusing_true_and_false(said: str) -> BeforeValidator:
    """A validator for a number (or a time) a file writes: ``true`` and ``false`` refused with
    ``said`` (pydantic would take them for 1 and 0: ``clock: {white: true}`` a second)."""

    def checked(value: object) -> object:
        if isinstance(value, bool):
            raise ValueError(_(said))
        return value

    return BeforeValidator(checked)


#: The numbers a file writes, ``true`` and ``false`` refused (a number of seconds, a whole count),
#: and the values that are text or a number (a time, a round) or text or a whole number (a board,
#: an edition), each refused as the union it is would be.
Number = Annotated[int | float, refusing_true_and_false(N_("must be a number"))]
Whole = Annotated[int, refusing_true_and_false(N_("must be a whole number"))]
TextOrNumber = Annotated[str | int | float, refusing_true_and_false(N_("must be text or a number"))]
TextOrWhole = Annotated[str | int, refusing_true_and_false(N_("must be text or a whole number"))]
