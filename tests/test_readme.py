"""Every example in README.md against what the commands really print.

A ```console block holds command lines (``$ arbiter ...``) each followed by the lines it prints.
Each command is run from the repository root, through ``arbiter.cli.main(argv)`` in this process
(what the ``arbiter`` entry point calls: ``tests/test_conventions.py`` starts it as a process), its
standard input a real pipe as a shell's would be, with the pipes of the line (``| tail -6``,
``| grep X``) applied here, not by a shell. The lines shown must be the output's lines, in order
and consecutive, with these conventions (said in the README's own terms):

- a line ``...`` stands for lines left out (at the start: the output begins with lines not shown;
  at the end: it goes on; between two lines: any number of lines, none included, come between);
- otherwise the lines shown are the whole output, from its first line to its last (blank lines at
  either end and spaces at the end of a line are not compared);
- interactive commands (``arbiter teach``, ``arbiter quiz``) print a prompt (``answer> ``,
  ``white to move, white's clock> ``) and wait: a shown line that begins with a prompt carries what
  the user typed after it. Those answers are given as standard input, in order, and the input ends
  after the last (a prompt shown with nothing after it is where the user ends the input). Standard
  input being a pipe, the command prints each prompt and echoes the answer read after it on one
  line, as a terminal shows it, and that line is compared like any other.

Only standard output is compared (standard error must hold no traceback); what a dumb terminal
does not show (colours, Tab completion) is not checked here.

A ```yaml block that follows a line naming a file (``\\`scenarios/x.yaml\\`:``) must be that file.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import Done, run_main

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
GAP = "..."
#: white> e4, answer> 2, "white to move, ...> e4", одговор> 2: a prompt begins with a small letter, in any script
PROMPT = re.compile(r"^([^\W\d_A-ZА-ЯЂЈЉЊЋЏ][^>]*)> (.*)$")
INTERACTIVE = ("teach", "quiz")


@dataclass(frozen=True)
class Example:
    """One command line of a console block and the lines the README shows after it."""

    line: int  # README line of the command
    command: str
    shown: tuple[str, ...]

    @property
    def interactive(self) -> bool:
        words = self.command.split()
        return len(words) > 1 and words[1] in INTERACTIVE

    def typed(self) -> list[str]:
        """What the user typed after each prompt shown, in order."""
        return [match.group(2) for text in self.shown if (match := PROMPT.match(text))]


def fenced_blocks(text: str, language: str) -> list[tuple[int, list[str], str]]:
    """Each ```language block: the line its body starts on, its lines, the line before the fence."""
    lines = text.splitlines()
    blocks = []
    index = 0
    while index < len(lines):
        if lines[index].strip() == f"```{language}":
            start = index + 1
            end = start
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            before = next((lines[i] for i in range(index - 1, -1, -1) if lines[i].strip()), "")
            blocks.append((start + 1, lines[start:end], before))
            index = end
        index += 1
    return blocks


def examples(text: str) -> list[Example]:
    """Every ``$`` command line of every console block, with the lines shown after it."""
    found = []
    for start, body, _ in fenced_blocks(text, "console"):
        current: tuple[int, str] | None = None
        shown: list[str] = []
        for offset, raw in enumerate([*body, "$ "]):
            if raw.startswith("$ "):
                if current is not None:
                    found.append(Example(current[0], current[1], tuple(shown)))
                current, shown = (start + offset, raw[2:].strip()), []
            elif current is None:
                raise AssertionError(f"README.md:{start + offset}: a console block starts with output, not `$ `")
            else:
                shown.append(raw)
    return found


def pipeline(command: str) -> tuple[list[str], list[list[str]]]:
    """``arbiter x | tail -6`` → the arbiter arguments and the filters after them."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars="|")
    lexer.whitespace_split = True
    stages: list[list[str]] = [[]]
    for token in lexer:
        if token == "|":
            stages.append([])
        else:
            stages[-1].append(token)
    first, *filters = stages
    assert first[:1] == ["arbiter"], f"not an arbiter command: {command!r}"
    return first[1:], filters


def apply_filter(lines: list[str], words: list[str]) -> list[str]:
    """What ``tail -N``, ``head -N`` or ``grep TEXT`` (TEXT a fixed string) leave of ``lines``."""
    match words:
        case ["tail", count] if re.fullmatch(r"-\d+", count):
            return lines[-int(count[1:]):]
        case ["head", count] if re.fullmatch(r"-\d+", count):
            return lines[: int(count[1:])]
        case ["grep", pattern] if not re.search(r"[\\.*\[\]^$]", pattern):  # plain text: grep's meaning too
            return [line for line in lines if pattern in line]
    raise AssertionError(f"the test cannot apply the filter {' '.join(words)!r}; add it to apply_filter")


def run_example(example: Example, capsys: pytest.CaptureFixture[str],
                monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], Done]:
    """The command's output lines, after its filters."""
    args, filters = pipeline(example.command)
    monkeypatch.setenv("TERM", "dumb")
    typed = "".join(f"{answer}\n" for answer in example.typed()) if example.interactive else ""
    done = run_main(args, typed, capsys, monkeypatch, cwd=ROOT)
    lines = [line.replace("\r", "").rstrip() for line in done.stdout.splitlines()]
    for words in filters:
        lines = apply_filter(lines, words)
    return lines, done


def find_shown(shown: list[str], output: list[str]) -> str | None:
    """Why ``shown`` (with ``...`` gaps) is not ``output``; None when it is."""
    shown = [line.rstrip() for line in shown]
    while shown and not shown[-1]:
        shown.pop()
    while shown and not shown[0]:
        shown.pop(0)
    while output and not output[-1]:
        output = output[:-1]
    while output and not output[0]:
        output = output[1:]
    segments: list[list[str]] = [[]]
    for line in shown:
        if line == GAP:
            segments.append([])
        else:
            segments[-1].append(line)
    open_start, open_end = shown[:1] == [GAP], shown[-1:] == [GAP]
    at = 0
    for number, segment in enumerate(segments):
        if not segment:
            continue
        first_fixed = number == 0 and not open_start
        candidates = [at] if first_fixed else range(at, len(output) - len(segment) + 1)
        place = next((i for i in candidates if output[i:i + len(segment)] == segment), None)
        if place is None:
            near = next((i for i in range(at, len(output)) if output[i] == segment[0]), None)
            if near is None:
                return f"line {segment[0]!r} not in the output (from output line {at})"
            for offset, line in enumerate(segment):
                real = output[near + offset] if near + offset < len(output) else "<end of output>"
                if real != line:
                    return f"after {segment[0]!r} the README shows {line!r}, the output has {real!r}"
            return f"{segment[0]!r} is not where the README shows it"
        at = place + len(segment)
    if not open_end and at != len(output):
        return f"the output goes on after the last line shown: {output[at]!r} (end the block with `...`)"
    return None


EXAMPLES = examples(README.read_text(encoding="utf-8"))


def test_the_readme_has_examples_of_every_command() -> None:
    commands = {pipeline(e.command)[0][0] for e in EXAMPLES}
    assert {"run", "explain", "validate", "audit", "teach", "quiz", "notation"} <= commands
    assert all(e.shown for e in EXAMPLES), [e.command for e in EXAMPLES if not e.shown]


# A Dask example starts a local cluster (a few seconds): left out of the quick run.
@pytest.mark.parametrize("example", [
    pytest.param(e, id=f"line{e.line}: {e.command}", marks=[pytest.mark.slow] if "--engine dask" in e.command else [])
    for e in EXAMPLES])
def test_readme_example_is_what_the_command_prints(example: Example, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    output, done = run_example(example, capsys, monkeypatch)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode in (0, 1, 2), (done.returncode, done.stderr)
    if example.interactive:
        assert example.typed(), f"README.md:{example.line}: an interactive example shows no answer typed"
    problem = find_shown(list(example.shown), output)
    assert problem is None, f"README.md:{example.line}: {example.command}: {problem}\n--- output:\n" + "\n".join(
        output)


def test_the_yaml_shown_is_the_file_it_names() -> None:
    named = 0
    for start, body, before in fenced_blocks(README.read_text(encoding="utf-8"), "yaml"):
        match = re.fullmatch(r"`([^`]+\.ya?ml)`:", before.strip())
        if match is None:
            continue
        named += 1
        path = ROOT / match.group(1)
        assert path.is_file(), f"README.md:{start}: no file {match.group(1)}"
        assert body == path.read_text(encoding="utf-8").rstrip("\n").splitlines(), (
            f"README.md:{start}: the yaml shown is not {match.group(1)}")
    assert named >= 1


# -- the checker itself: it must be able to fail ---------------------------------------------------


def test_gaps_and_consecutive_lines() -> None:
    output = ["a", "b", "c", "d"]
    assert find_shown(["a", "b", "c", "d"], output) is None
    assert find_shown(["...", "c", "d"], output) is None
    assert find_shown(["a", "...", "d"], output) is None
    assert find_shown(["a", "..."], output) is None
    assert find_shown(["", "a", "b", "c", "d", ""], ["", *output]) is None
    assert find_shown(["a", "c", "..."], output) is not None  # b left out without a gap
    assert find_shown(["b", "c", "d"], output) is not None  # the output begins before b
    assert find_shown(["a", "b", "c"], output) is not None  # and goes on after c
    assert find_shown(["...", "c", "b", "..."], output) is not None  # order
    assert find_shown(["a", "...", "x"], output) is not None


def test_console_blocks_are_split_into_commands_and_their_lines() -> None:
    text = "```console\n$ arbiter run x | tail -2\nA\n\n$ arbiter quiz\nanswer> 2\nRight.\n```\n"
    first, second = examples(text)
    assert (first.command, first.shown, first.line) == ("arbiter run x | tail -2", ("A", ""), 2)
    assert pipeline(first.command) == (["run", "x"], [["tail", "-2"]])
    assert second.interactive and second.typed() == ["2"]
    assert pipeline('arbiter explain f.yaml | grep "made ("') == (["explain", "f.yaml"], [["grep", "made ("]])


def test_filters() -> None:
    lines = ["one", "two", "three"]
    assert apply_filter(lines, ["tail", "-2"]) == ["two", "three"]
    assert apply_filter(lines, ["head", "-1"]) == ["one"]
    assert apply_filter(lines, ["grep", "t"]) == ["two", "three"]
    with pytest.raises(AssertionError):
        apply_filter(lines, ["sort"])
    with pytest.raises(AssertionError):
        apply_filter(lines, ["grep", "^t"])
