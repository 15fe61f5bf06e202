"""The JSON documents of ``arbiter run --format json`` and ``arbiter validate --format json``
(FORMAT §6), built here once for every front end: the command line prints them for the files
it is given, the web answers them for the one file posted.

A document is the counts and one entry a file (:func:`run_entry`, :func:`validate_entry`,
gathered by :func:`run_document`, :func:`validate_document`); :func:`dumps` writes it as the
command prints it. An error is one line (:func:`error_line`), its long values cut.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from arbiter.core.errorline import LONG_LINE as LONG_LINE
from arbiter.core.errorline import LONG_TEXT as LONG_TEXT
from arbiter.core.errorline import error_line as error_line
from arbiter.core.errors import ArbiterError, InternalError, ScenarioError
from arbiter.core.i18n import _
from arbiter.core.records import Record
from arbiter.files.scenario import Outcome, Scenario, final_state, run

if TYPE_CHECKING:  # imported where validate's documents are built: `arbiter run` does not pay for it
    from arbiter.files.validate import Validation


def internal_error(name: str, err: Exception) -> InternalError:
    """A bug of ours met on the file ``name`` outside any event (reading it, checking its expect, ...)."""
    return InternalError(name, None, _("internal error, please report it: {error}").format(error=repr(err)))


class Entry(Record):
    """One file's entry in a document, and what the command line says of it besides."""

    __slots__ = ("data", "status", "error", "internal")
    #: The entry as the document lists it.
    data: dict[str, Any]
    #: ``passed``, ``failed`` or ``invalid`` (run); ``consistent``, ``inconsistent`` or ``invalid`` (validate).
    status: str
    #: The one-line error that made the file invalid, if it is.
    error: str | None
    #: Whether that error is a bug of ours.
    internal: bool

    def __init__(self, data: dict[str, Any], status: str, error: str | None = None, internal: bool = False) -> None:
        object.__setattr__(self, "data", data)
        object.__setattr__(self, "status", status)
        object.__setattr__(self, "error", error)
        object.__setattr__(self, "internal", internal)


def dumps(document: dict[str, Any]) -> str:
    """A document as the command prints it: indented by one, UTF-8 kept, a newline at the end."""
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


# -- arbiter run ------------------------------------------------------------------------------------


def outcome(read: Callable[[], Scenario], name: str,
            runner: Callable[[Scenario], Outcome] = run) -> Outcome | ScenarioError:
    """The scenario ``read`` gives, run (by ``runner``); or the error that makes it invalid (an
    :class:`InternalError` for a bug of ours), named ``name`` where it names no file itself."""
    try:
        return runner(read())
    except ScenarioError as err:
        return err
    except ArbiterError as err:  # refused on purpose, but not located: the file is named
        return ScenarioError(name, None, str(err))
    except Exception as err:  # noqa: BLE001 - a bug of ours must not hide the other files' results
        return internal_error(name, err)


def run_entry(name: str, found: Outcome | ScenarioError, with_rulings: bool = True) -> Entry:
    """One scenario's entry in ``run --format json``; without ``with_rulings`` (the text output
    prints none) its rulings are not made."""
    if isinstance(found, Outcome):
        try:
            failures = ([error_line(str(found.error))] if found.error
                        else [error_line(f) for f in found.failures])
            data: dict[str, Any] = {
                "file": name,
                "title": found.scenario.spec.name,
                "status": found.status,
                "rulings": [r.as_dict() for r in found.referee.rulings] if with_rulings else [],
                "final": final_state(found.referee),
                "failures": failures,
            }
            return Entry(data, found.status, failures[0] if found.status == "invalid" else None)
        except Exception as err:  # noqa: BLE001 - a bug of ours in reading the end state
            found = internal_error(name, err)
    message = error_line(str(found))
    invalid = {"file": name, "title": None, "status": "invalid", "rulings": [], "final": None, "failures": [message]}
    return Entry(invalid, "invalid", message, isinstance(found, InternalError))


def run_document(entries: Sequence[Entry]) -> dict[str, Any]:
    """The document of ``run --format json``: the counts, then each scenario's entry."""
    counts = {status: sum(e.status == status for e in entries) for status in ("passed", "failed", "invalid")}
    return {**counts, "scenarios": [e.data for e in entries]}


# -- arbiter validate -------------------------------------------------------------------------------


def validated(read: Callable[[], Scenario], name: str) -> tuple[Scenario | None, Validation | ScenarioError]:
    """The report ``read`` gives and its validation (the scenario None if it could not be read),
    or the error that makes it invalid (an :class:`InternalError` for a bug of ours)."""
    from arbiter.files.validate import validate

    scenario = None
    try:
        scenario = read()
        return scenario, validate(scenario)
    except ScenarioError as err:
        return scenario, err
    except ArbiterError as err:  # refused on purpose, but not located: the file is named
        return scenario, ScenarioError(name, None, str(err))
    except Exception as err:  # noqa: BLE001 - a bug of ours must not hide the other reports' verdicts
        return scenario, internal_error(name, err)


def validate_entry(name: str, result: Validation | ScenarioError) -> Entry:
    """One report's entry in ``validate --format json``."""
    error = result if isinstance(result, ScenarioError) else result.error
    if error is not None:
        message = error_line(str(error))
        data: dict[str, Any] = {"file": name, "verdict": "invalid", "differences": [], "rulings": [], "error": message}
        return Entry(data, "invalid", message, isinstance(error, InternalError))
    from arbiter.files.sentences import difference_sentence
    from arbiter.files.validate import Validation

    assert isinstance(result, Validation)
    # each difference as data, and as the sentence a person reads (the documents', the page's)
    differences = [{**d.as_dict(), "sentence": difference_sentence(d)} for d in result.differences]
    laws = {"laws": result.laws} if result.laws is not None else {}
    return Entry({"file": name, "verdict": result.verdict, "differences": differences,
                  "rulings": [r.as_dict() for r in result.rulings], **laws}, result.verdict)


def validate_document(entries: Sequence[Entry]) -> dict[str, Any]:
    """The document of ``validate --format json``: the counts, then each report's entry."""
    counts = {verdict: sum(e.status == verdict for e in entries)
              for verdict in ("consistent", "inconsistent", "invalid")}
    return {**counts, "reports": [e.data for e in entries]}
