"""The cold start of ``arbiter run`` (issue 17, item 4): what the command imports and reads on one
file, not how long it takes (no test here times anything). Each check runs in a fresh process, as
the user's command does; it fails when an eager import of what only some commands need comes back.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
ONE = "scenarios/touch/own-piece-touched-and-moved.yaml"

#: What only other commands need: the web (serve), the terminal (teach, quiz), the PDF and Markdown
#: reports and incident reports' validation (validate), the PGN archives and Dask (audit), the
#: catalogues' tooling (Babel), the game sessions, and the distribution's metadata (--version).
NOT_FOR_RUN = (
    "starlette", "uvicorn", "websockets", "httpx", "fpdf", "PIL", "fontTools", "babel", "distributed", "dask",
    "zstandard", "prompt_toolkit", "chess.pgn", "email.parser", "email.feedparser",
    "arbiter.web", "arbiter.session", "arbiter.cli.teach", "arbiter.cli.quiz", "arbiter.cli.render",
    "arbiter.files.validate", "arbiter.files.reportpdf", "arbiter.files.reportdoc", "arbiter.files.rewrite",
    "arbiter.files.audit", "arbiter.files.archive", "arbiter.files.daskaudit", "arbiter.files.pgntext",
    "arbiter.files.scorereplay", "arbiter.files.notationhint", "arbiter.core.pgnread", "arbiter.core.catalogues",
)

#: What ``import arbiter.cli`` (the console script's first line) must not pay for: it reads the command
#: line; the command asked for imports what it runs.
NOT_FOR_THE_PARSER = (
    "chess", "pydantic", "yaml", "transitions", "importlib.metadata", "arbiter.files", "arbiter.laws", "arbiter.table",
    "arbiter.session", "arbiter.web", "arbiter.cli.commands", "arbiter.core.notation",
)


def _python(code: str, **env: str) -> dict[str, Any]:
    """What ``code``, run in a fresh interpreter from the project's folder, prints as JSON."""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**_environment(), **env})
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def _environment() -> dict[str, str]:
    return {key: value for key, value in os.environ.items() if key not in ("ARBITER_LANG", "ARBITER_RULES")}


def _among(modules: object, names: tuple[str, ...]) -> list[str]:
    """The modules of ``modules`` that are one of ``names`` or inside one."""
    assert isinstance(modules, list)
    return sorted(m for m in modules if any(m == name or m.startswith(name + ".") for name in names))


def test_run_on_one_file_imports_none_of_what_only_other_commands_need() -> None:
    found = _python(
        "import contextlib, io, json, sys\n"
        "opened = []\n"
        "sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == 'open' else None)\n"
        "from arbiter.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        f"    status = main(['run', {ONE!r}])\n"
        "from arbiter.core import notation\n"
        "print(json.dumps({'status': status, 'out': out.getvalue(), 'modules': sorted(sys.modules),\n"
        "                  'table': notation.languages.cache_info().currsize, 'opened': opened}))\n")
    assert found["status"] == 0 and str(found["out"]).startswith("PASSED"), found["out"]
    assert _among(found["modules"], NOT_FOR_RUN) == []
    others = tuple(f"arbiter.cli.commands.{name}" for name in
                   ("explain", "validate", "audit", "teach", "quiz", "laws", "notation", "serve"))
    assert _among(found["modules"], others) == []
    assert "arbiter.cli.commands.run" in found["modules"]  # the check sees the command's imports
    assert found["table"] == 0  # English moves: the notation table of every language is not built
    data = [Path(name).name for name in found["opened"]
            if Path(name).suffix in (".yaml", ".yml", ".mo", ".po", ".tsv", ".json", ".pgn", ".ttf")]
    # The scenario and English's notation only: no articles in four languages, no .mo catalogue in English.
    assert sorted(data) == ["notation.yaml", Path(ONE).name], data


def test_the_console_scripts_first_import_reads_only_the_command_line() -> None:
    found = _python("import json, sys\nimport arbiter.cli\nprint(json.dumps({'modules': sorted(sys.modules)}))\n")
    assert _among(found["modules"], NOT_FOR_THE_PARSER + NOT_FOR_RUN) == []


def test_import_arbiter_imports_nothing_else() -> None:
    found = _python("import json, sys\nimport arbiter\nprint(json.dumps({'modules': sorted(sys.modules)}))\n")
    assert _among(found["modules"], ("arbiter",)) == ["arbiter"]
    assert _among(found["modules"], NOT_FOR_THE_PARSER + NOT_FOR_RUN) == []


def test_the_version_is_still_the_installed_distributions() -> None:
    done = subprocess.run([sys.executable, "-m", "arbiter", "--version"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    from importlib import metadata

    assert (done.returncode, done.stdout, done.stderr) == (0, f"arbiter {metadata.version('arbiter')}\n", "")


def test_english_read_alone_is_the_tables_english() -> None:
    from arbiter.core import notation, piece_letters

    english = notation.language(None)
    assert notation.language("en") is english and notation.language(" EN ") is english
    assert notation.languages()[notation.DEFAULT] is english  # one object: the caches go by identity
    with open(ROOT / "rules" / "notation.yaml", encoding="utf-8") as handle:
        entries = yaml.safe_load(handle)
    whole = piece_letters._built(next(entry for entry in entries if entry["code"] == notation.DEFAULT))
    assert (english.code, english.name, english.letters) == (whole.code, whole.name, whole.letters)


@pytest.mark.parametrize("style", ["block", "two-lines"])
def test_english_written_otherwise_is_read_from_the_whole_table(tmp_path: Path, style: str) -> None:
    text = (ROOT / "rules" / "notation.yaml").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("- {code: en,"))
    if style == "block":
        entry = yaml.safe_load(row)[0]
        other = "- " + "\n  ".join(f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in entry.items())
    else:
        other = row.replace(" name:", "\n   name:", 1)
    (tmp_path / "notation.yaml").write_text(text.replace(row, other), encoding="utf-8")
    found = _python("import json\nfrom arbiter.core import notation\n"
                    "e = notation.language(None)\n"
                    "print(json.dumps({'same': e is notation.languages()['en'], 'name': e.name,"
                    " 'knight': e.letters[2], 'count': len(notation.languages())}))\n",
                    ARBITER_RULES=str(tmp_path))
    assert found == {"same": True, "name": "English", "knight": ["N", "Kt"], "count": 42}


@pytest.mark.slow
def test_the_c_safe_loader_reads_every_yaml_file_as_the_python_one() -> None:
    # yamlsource.SAFE_LOADER is libyaml's CSafeLoader where PyYAML has it: the same SafeConstructor
    # (no Python objects, no other tags), only the scanner and parser in C.
    from arbiter.core.yamlsource import SAFE_LOADER

    assert issubclass(SAFE_LOADER, yaml.constructor.SafeConstructor)
    assert not issubclass(SAFE_LOADER, yaml.constructor.FullConstructor)
    files = sorted(p for folder in ("scenarios", "tests", "examples", "rules")
                   for p in (ROOT / folder).rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
    assert len(files) > 400
    differ = []
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        results = []
        for loader in (SAFE_LOADER, yaml.SafeLoader):
            try:
                results.append(("data", yaml.load(text, Loader=loader)))
            except yaml.YAMLError as err:
                results.append(("error", type(err).__name__))
        if results[0] != results[1]:
            differ.append(path.relative_to(ROOT).as_posix())
    assert differ == []


#: The dataclasses of ours ``arbiter run`` may still build at its start: the mutable ones, and
#: ``Language`` (frozen, but compared by identity for the caches). Any other frozen value is a
#: :class:`arbiter.core.records.Record`, whose methods are in the byte code: a frozen dataclass
#: compiles six methods at every start, about 3 million instructions each class.
DATACLASSES_LEFT = {
    "arbiter.table.turns.Settings", "arbiter.table.turns.Turn", "arbiter.table.turns.Pending",
    "arbiter.table.turns.Breach", "arbiter.core.clock.Clock", "arbiter.core.piece_letters.Language",
    "arbiter.table.board.Held", "arbiter.laws.game.IllegalMove", "arbiter.files.scenario.Scenario",
    "arbiter.files.scenario.Outcome",
}


def test_run_on_one_file_builds_no_frozen_dataclass_nor_the_search_tables() -> None:
    found = _python(
        "import contextlib, dataclasses, io, json\n"
        "built = []\n"
        "process = dataclasses._process_class\n"
        "def counted(cls, *args, **kwargs):\n"
        "    built.append(f'{cls.__module__}.{cls.__qualname__}')\n"
        "    return process(cls, *args, **kwargs)\n"
        "dataclasses._process_class = counted\n"
        "from arbiter.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        f"    status = main(['run', {ONE!r}])\n"
        "from arbiter.core import helpmate\n"
        "print(json.dumps({'status': status, 'built': built, 'knight': len(helpmate._KNIGHT_DISTANCE)}))\n")
    assert found["status"] == 0
    ours = {name for name in found["built"] if name.startswith("arbiter.")}
    assert ours <= DATACLASSES_LEFT, ours - DATACLASSES_LEFT
    assert "arbiter.table.turns.Settings" in ours  # the count sees our classes
    assert found["knight"] == 0  # the helpmate search's knight distances: made when a search needs them
