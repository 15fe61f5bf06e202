"""The layer contract of pyproject.toml (import-linter), and that it catches what it must: an
import running up the layers, a circle inside a layer or among the benchmarks, a terminal library
below the front ends. Each check runs ``lint-imports`` in a process of its own, on a copy of the
packages alone on its path (not the installed ones)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def lint(tree: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the package copied into ``tree`` (its pyproject.toml beside it)."""
    command = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    return subprocess.run([sys.executable, "-c", command, "--no-cache"], cwd=tree, capture_output=True, text=True,
                          env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"}, timeout=300)


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    data = shutil.ignore_patterns("__pycache__", "*.pgn", "*.tsv", "*.txt", "*.json", "real")
    for package in ("arbiter", "bench"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=data)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def _add_import(tree: Path, module: str, line: str) -> None:
    path = tree / (module.replace(".", "/") + ".py")
    text = path.read_text(encoding="utf-8")
    head, rest = text.split("\nimport chess\n", 1)
    path.write_text(f"{head}\nimport chess\n{line}\n{rest}", encoding="utf-8")


def test_the_package_keeps_its_layer_contract(tree: Path) -> None:
    done = lint(tree)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 4 kept, 0 broken." in done.stdout


def test_an_import_running_up_the_layers_breaks_the_contract(tree: Path) -> None:
    _add_import(tree, "arbiter.core.position", "import arbiter.laws.referee  # noqa")
    done = lint(tree)
    assert done.returncode == 1
    assert "arbiter.core is not allowed to import arbiter.laws" in done.stdout
    assert "arbiter.core.position -> arbiter.laws.referee" in done.stdout


def test_a_circle_inside_a_layer_breaks_the_contract(tree: Path) -> None:
    _add_import(tree, "arbiter.laws.game", "import arbiter.laws.claims  # noqa")  # claims imports game
    done = lint(tree)
    assert done.returncode == 1
    assert "No cycles are allowed in arbiter.laws" in done.stdout


def test_a_terminal_library_below_the_front_ends_breaks_the_contract(tree: Path) -> None:
    _add_import(tree, "arbiter.laws.texts", "import argparse  # noqa")
    done = lint(tree)
    assert done.returncode == 1
    assert "arbiter.laws.texts -> argparse" in done.stdout


def test_a_circle_among_the_benchmarks_breaks_the_contract(tree: Path) -> None:
    path = tree / "bench" / "sidebyside.py"
    circle = "\n\ndef _circle() -> None:\n    from bench.run import ROOT  # noqa\n"  # bench.run imports sidebyside
    path.write_text(path.read_text(encoding="utf-8") + circle, encoding="utf-8")  # as before issue 30
    done = lint(tree)
    assert done.returncode == 1
    assert "No cycles are allowed in bench" in done.stdout
