"""Command-line conventions: --version, python -m arbiter, NO_COLOR, exit statuses and a help
text for every argument in --help, articles in either case."""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from arbiter.cli import parser as cli_parser

from arbiter.cli import render
from arbiter.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_version_prints_the_package_metadata_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--version"])
    assert caught.value.code == 0
    assert capsys.readouterr().out == f"arbiter {metadata.version('arbiter')}\n"


@pytest.mark.slow
def test_python_dash_m_arbiter_runs_the_command(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "arbiter", "laws", "4.4.2"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "4.4.2 Rook then king"
    failed = subprocess.run([sys.executable, "-m", "arbiter", "laws", "42.1"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert (failed.returncode, failed.stderr) == (2, "arbiter laws: unknown article '42.1'\n")


def test_colour_only_on_a_terminal_and_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal:
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert render.colour(terminal) is True  # type: ignore[arg-type]
    monkeypatch.setenv("NO_COLOR", "")
    assert render.colour(terminal) is True  # type: ignore[arg-type]
    monkeypatch.setenv("NO_COLOR", "1")
    assert render.colour(terminal) is False  # type: ignore[arg-type]
    monkeypatch.delenv("NO_COLOR")
    assert render.colour(sys.stdout) is sys.stdout.isatty()


def test_validate_prints_no_colour_with_no_color(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    report = str(ROOT / "examples" / "reports" / "flag-against-lone-king-draw.yaml")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    main(["validate", report])
    assert "\033[32m" in capsys.readouterr().out
    monkeypatch.setenv("NO_COLOR", "1")
    main(["validate", report])
    assert "\033[" not in capsys.readouterr().out


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = cli_parser.build()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {"arbiter": parser, **sub.choices}


#: The statuses of FORMAT §6 and the README; validate's and audit's are defined with those commands.
EXIT_STATUS = {
    "run": "exit status: 0 all hold, 1 some do not, 2 some file is invalid (the others still run), 3 an internal "
           "error (please report it)",
    "explain": "exit status: 0 narrated, 2 some file is invalid (the others are still narrated), 3 an internal "
               "error (please report it)",
    "teach": "exit status: 0 the session ended (:quit, end of input, Ctrl-C), 2 the file or an option is invalid",
    "quiz": "exit status: 0 the quiz ended, also when stopped early by end of input or Ctrl-C (the score so far "
            "is shown), 2 no such file or folder, or an unknown topic",
    "laws": "exit status: 0 printed, 2 unknown article or edition",
    "notation": "exit status: 0 listed, 2 unknown language",
    "serve": "exit status: 0 stopped (Ctrl-C), 2 the web extra not installed, the address not free or the session "
             "file not usable",
    "import": "exit status: 0 imported, 2 the recording unreadable (bad bytes: the byte offset is named) or the "
              "file not written",
    "watch": "exit status: 0 the watch ended and the session was saved, 2 the device or its bytes unreadable, or "
             "nothing to save",
}


COMMANDS = ["arbiter", "run", "explain", "validate", "audit", "teach", "quiz", "laws", "notation", "serve", "import",
            "watch"]


@pytest.mark.parametrize("name", COMMANDS)
def test_every_commands_help_ends_with_its_exit_statuses(name: str) -> None:
    text = _commands()[name].format_help()
    epilog = " ".join(text[text.index("exit status:"):].split())
    assert epilog == f"exit status: {cli_parser.EXIT_STATUS[name]}"
    if name in EXIT_STATUS:
        assert epilog == EXIT_STATUS[name]
    elif name != "arbiter":
        assert epilog.startswith("exit status: 0 ") and " 1 " in epilog and " 2 " in epilog


def test_every_command_is_given_its_exit_statuses() -> None:
    assert set(_commands()) == set(cli_parser.EXIT_STATUS) == set(COMMANDS)
    assert set(EXIT_STATUS) | {"arbiter", "validate", "audit"} == set(cli_parser.EXIT_STATUS)
    assert "exit status: see each command's --help" in _commands()["arbiter"].format_help()


@pytest.mark.parametrize("name", COMMANDS[1:])
def test_every_command_has_its_module_and_main(name: str) -> None:
    # arbiter.cli.main finds a command's module by the command's name.
    module = {"import": "importing"}.get(name, name)  # `import` is Python's own word
    command = importlib.import_module(f"arbiter.cli.commands.{module}")
    assert callable(command.main) and command.main.__doc__


def test_run_imports_no_other_commands_modules() -> None:
    # The cold start of `arbiter run`: what only the other commands need is not imported.
    code = ("import sys; from arbiter.cli import main; main(['run', 'scenarios/touch/accidental-contact.yaml']); "
            "print(' '.join(sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    modules = set(done.stdout.split())
    assert "arbiter.cli.commands.run" in modules
    others = {f"arbiter.cli.commands.{name}" for name in COMMANDS[1:] if name != "run"}
    heavy = {"arbiter.cli.teach", "arbiter.cli.quiz", "arbiter.files.reportdoc",
             "arbiter.files.audit", "arbiter.files.archive", "prompt_toolkit", "distributed", "dask", "zstandard",
             "arbiter.web", "starlette", "uvicorn"}
    assert modules & (others | heavy) == set()


def test_every_option_and_argument_has_a_help_text() -> None:
    missing = [f"{name} {action.option_strings or action.dest}"
               for name, command in _commands().items() for action in command._actions
               if not action.help or action.help == argparse.SUPPRESS]
    assert missing == []


def test_laws_accepts_an_article_in_either_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["laws", "a.3"]) == 0
    lower = capsys.readouterr().out
    assert lower.splitlines()[0] == "A.3 Penalties in rapid and blitz"
    assert main(["laws", "A.3"]) == 0
    assert capsys.readouterr().out == lower


#: A module longer than this many lines is split where a second concern lives inside it, or its
#: docstring says why it is one ("on purpose", and why), as issue 30 asks.
LONG_MODULE = 450


def test_a_long_module_says_why_it_is_one() -> None:
    import ast

    unexplained = []
    for path in sorted((ROOT / "arbiter").rglob("*.py")) + sorted((ROOT / "bench").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > LONG_MODULE and "on purpose" not in (ast.get_docstring(ast.parse(text)) or ""):
            unexplained.append(f"{path.relative_to(ROOT)}: {text.count(chr(10))} lines")
    assert unexplained == []
