"""``arbiter audit``: audit the games of PGN files against the Laws (FORMAT §6), in this
machine's processes or on a Dask cluster. The audit's modules are imported only when it runs."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TextIO

from arbiter.cli.commands.terminal import text_printer
from arbiter.core.errorline import error_line
from arbiter.core.errors import os_error_words
from arbiter.core.i18n import _, current_language, ngettext
from arbiter.laws.editions import CURRENT

if TYPE_CHECKING:
    from arbiter.files.daskaudit import Workers
    from arbiter.files.findings import GameAudit


def main(args: argparse.Namespace) -> int:
    """Audit every game of the PGN files of ``args.paths``, on a Dask cluster with ``--engine dask``;
    the exit status: 0 no findings, 1 some findings, 2 some input invalid or the cluster unable to
    run, 3 a bug of ours."""
    from arbiter.files import daskaudit

    if args.scheduler is not None and args.engine != "dask":
        args.usage_error(_("--scheduler ADDRESS names a Dask scheduler: it needs --engine dask"))
    if args.engine == "local":
        if (args.jobs or 1) <= 1:
            return _audit_files(args, None)
        with daskaudit.process_workers(args.jobs) as processes:  # one pool for every file, warmed once
            return _audit_files(args, processes)
    try:
        with daskaudit.dask_client(args.scheduler, max(1, args.jobs or 2)) as client:
            return _audit_files(args, client)
    except daskaudit.EngineError as err:
        print(error_line(f"arbiter audit: {err}"), file=sys.stderr)
        return 2


def _audit_files(args: argparse.Namespace, workers: Workers | None) -> int:
    """Audit every file named, by ``workers`` if given (a Dask cluster's, or this machine's
    processes for ``--jobs N``); the exit status."""
    from arbiter.files.archive import ArchiveError, open_text
    from arbiter.files.findings import NoPgnGameError, Tally, kind_words, pgn_games

    tally = Tally()
    progress = sys.stderr.isatty()
    say = text_printer(args.format)  # a terminal cuts a long finding mid-word
    for raw in args.paths:
        try:  # utf-8-sig: a byte-order mark is read away, not taken for a broken first game
            handle = open_text(raw)
        except (OSError, ValueError) as err:  # ValueError: a name with a NUL character
            system = getattr(err, "strerror", None) or str(err)
            reason = os_error_words(err, system) if isinstance(err, OSError) else system
            print(error_line(f"arbiter audit: {raw}: {reason}"), file=sys.stderr)
            tally.add_invalid_file(raw, error_line(reason))
            continue
        last = 0
        with handle:
            try:
                audited = _audited(raw, handle, args.notation, workers, args.laws, ranges=args.engine == "dask")
                for result in pgn_games(audited):
                    tally.add(result)
                    last = result.number
                    if progress and tally.games % 100 == 0:
                        print("\r" + ngettext("{file}: {count} game", "{file}: {count} games", tally.games).format(
                            file=raw, count=tally.games), end="", file=sys.stderr)
                    _print_audit(raw, result, args.format, say)
            except NoPgnGameError as err:
                reason = error_line(_("holds no {pgn} game: {reason}").format(pgn="PGN", reason=err))
                print(f"arbiter audit: {raw}: {reason}", file=sys.stderr)
                tally.add_invalid_file(raw, reason)
            except ArchiveError as err:  # the games before the fault are audited and counted
                where = _("after game {number}").format(number=last) if last else _("before its first game")
                reason = error_line(_("{error} ({where}; the rest of the file is not read)").format(error=err,
                                                                                                   where=where))
                print(f"arbiter audit: {raw}: {reason}", file=sys.stderr)
                tally.add_invalid_file(raw, reason)
            except BrokenPipeError:  # the output's reader is gone (| head): nothing more is said
                raise
            except OSError as err:  # the file could be opened but not read (a folder, a device error)
                reason = os_error_words(err, err.strerror or str(err))
                print(f"arbiter audit: {raw}: {reason}", file=sys.stderr)
                tally.add_invalid_file(raw, reason)
            except Exception as err:  # noqa: BLE001 - a bug of ours: the other files are still audited
                where = _("after game {number}").format(number=last) if last else _("at its first game")
                reason = error_line(_("internal error {where}, please report it: {error}").format(where=where,
                                                                                                error=repr(err)))
                print(f"arbiter audit: {raw}: {reason}", file=sys.stderr)
                tally.add_invalid_file(raw, reason)
                tally.has_internal_error = True
    if progress:
        print(file=sys.stderr)
    if args.format == "json":
        print(json.dumps({"summary": tally.summary()}, ensure_ascii=False))
    else:
        print(ngettext("{count} game audited", "{count} games audited", tally.games).format(count=tally.games))
        said = {kind: kind_words(kind) for kind in tally.findings}
        width = max([24, *map(len, said.values())])
        for kind, count in sorted(tally.findings.items()):
            print(f"  {said[kind]:{width}} {count}")
        if tally.notation_hint is not None:
            print(tally.notation_hint)
    return tally.status


def _print_audit(name: str, result: GameAudit, output: str, say: Callable[[str], None] = print) -> None:
    """One game's audit: a JSON line, or in text its findings and notes (nothing for a clean game
    without notes), said by ``say`` (on a terminal, fitted to its columns)."""
    if output == "json":
        print(json.dumps({"file": name, **result.as_dict()}, ensure_ascii=False))
        return
    if not (result.findings or result.error or result.notation_hint or result.not_audited or result.notes):
        return
    from arbiter.files.findings import kind_words

    lines = [_("{file} game {number} ({white} - {black}, {result})").format(
        file=name, number=result.number, white=result.white, black=result.black, result=result.result)]
    if result.not_audited is not None:
        variant = result.not_audited.removeprefix("variant ")
        lines.append("    " + _("not audited: variant {variant} (its rules are not the Laws of Chess; its moves are "
                                "not read)").format(variant=variant))
    if result.notation_hint is not None and not any(f.kind.startswith("notation") for f in result.findings):
        lines.append("    " + _("hint: {text}").format(text=result.notation_hint.text))
    if result.error:
        lines.append("    " + _("broken game: {text}").format(text=error_line(result.error)))
    for note in result.notes:
        lines.append("    " + _("note: {text}").format(text=error_line(note)))
    if result.findings and result.laws != CURRENT:  # the articles are numbered as that edition numbers them
        lines.append("    " + _("by the Laws of Chess of {edition}").format(edition=result.laws))
    for finding in result.findings:
        lines.append(f"    {kind_words(finding.kind)} ({finding.article}) {finding.where(result.first_ply)}"
                     f"{error_line(finding.text)}")
    say("\n".join(lines))


def _audited(name: str, handle: TextIO, notation: str | None, workers: Workers | None = None,
             laws: str | None = None, ranges: bool = False) -> Iterator[GameAudit]:
    """Every game of one input audited in order, reading it as it goes: by ``workers`` if given (a
    Dask cluster's, or this machine's processes for ``--jobs N``), else here; the moves are read in
    ``notation`` (English by default), by the edition ``laws`` of the Laws (by default each game's,
    from its date). ``ranges``: the workers read a plain file's byte ranges themselves (a Dask
    cluster's). When reading fails (a corrupt archive), the games read before are still given."""
    from arbiter.files.audit import audit_text
    from arbiter.files.daskaudit import audit_by_workers
    from arbiter.files.pgntext import game_texts

    if workers is not None:  # a worker does not share the command's language: it is given it
        yield from audit_by_workers(workers, name, handle, notation, current_language(), laws, ranges)
        return
    for item in game_texts(handle):
        yield audit_text(item, notation, laws=laws)
