"""The documentation the repository carries: links that resolve inside it, a reference
(docs/format.md) that names every key, verb, ruling kind, command and option the code has, examples
there that run, and the quick test run the README promises."""

from __future__ import annotations

import argparse
import re
import tomllib
import typing
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from pydantic import BaseModel

from arbiter.cli import parser as cli_parser
from arbiter.table.events import VERBS
from arbiter.laws.rulings import Kind
from arbiter.files.models import ScenarioFile
from arbiter.files.scenario import loads, run

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
FORMAT = ROOT / "docs" / "format.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
QUICK_RUN = '.venv/bin/python -m pytest -m "not slow"'

_FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_REFERENCE = re.compile(r"^\s{0,3}\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s|$)", re.MULTILINE)


def links(text: str) -> list[str]:
    """The targets of the Markdown links and images in ``text``, outside code."""
    prose = _CODE_SPAN.sub("", _FENCE.sub("", text))
    return _LINK.findall(prose) + _REFERENCE.findall(prose)


def outside(page: Path, target: str) -> str | None:
    """Why the relative link ``target`` of ``page`` does not reach a file of the repository."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE) or target.startswith("#"):
        return None  # a web address or an anchor on the same page
    path = target.split("#", 1)[0]
    resolved = (page.parent / path).resolve()
    if not resolved.is_relative_to(ROOT):
        return f"{target} points outside the repository"
    if not resolved.exists():
        return f"{target}: no such file"
    if "#" in target and resolved.suffix == ".md":
        anchor = target.split("#", 1)[1]
        if anchor not in anchors(resolved.read_text(encoding="utf-8")):
            return f"{target}: no heading {anchor!r} in {path}"
    return None


def anchors(text: str) -> set[str]:
    """The anchors GitHub gives a page's headings: lower case, spaces to hyphens, punctuation out."""
    headings = re.findall(r"^#{1,6} +(.+?) *#*$", _FENCE.sub("", text), re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves_inside_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    broken = [why for target in links(text) if (why := outside(page, target))]
    assert broken == [], f"{page.relative_to(ROOT)}: {broken}"
    assert "../shared" not in text and not re.search(r"\b(FORMAT|DECISIONS)(\.md|\b)", text), (
        f"{page.relative_to(ROOT)} refers to the shared spec files, which the repository does not carry")


def test_the_readme_links_to_the_reference_and_the_readings() -> None:
    targets = links(README.read_text(encoding="utf-8"))
    assert "docs/format.md" in targets and "docs/readings.md" in targets


def test_the_link_checker_catches_what_it_should() -> None:
    text = "[a](docs/format.md) ![b](x.svg) `[c](in/code.md)` [d](https://example.org) [e](#top)\n[f]: ../g.md\n"
    assert links(text) == ["docs/format.md", "x.svg", "https://example.org", "#top", "../g.md"]
    assert outside(README, "docs/format.md#3-rulings") is None
    assert outside(README, "https://example.org/FORMAT.md") is None
    assert outside(README, "../shared/spec/FORMAT.md") == "../shared/spec/FORMAT.md points outside the repository"
    assert outside(README, "docs/nothing-here.md") == "docs/nothing-here.md: no such file"
    assert outside(README, "docs/format.md#63-what-they-print") is None
    assert outside(README, "docs/format.md#6-3") == "docs/format.md#6-3: no heading '6-3' in docs/format.md"
    assert "3-rulings" in anchors("## 3. Rulings\n") and "the-quiz-block" in anchors("# The `quiz:` block\n")


# -- docs/format.md names everything the code reads and prints ------------------------------------


_WHERE = " (what issue 11 adds goes in its last section, '## Extensions of issue 11')"


def _mentioned(text: str, name: str) -> bool:
    """``name`` as code (`name`, `name ...`) or as a YAML key (``name:``)."""
    return bool(re.search(rf"`{re.escape(name)}[` ]|(^|[\s{{,]){re.escape(name)}:", text, re.MULTILINE))


def _models(annotation: object) -> Iterator[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
    for inner in typing.get_args(annotation):
        yield from _models(inner)


def file_keys(model: type[BaseModel] = ScenarioFile, seen: set[type[BaseModel]] | None = None) -> set[str]:
    """Every key a scenario file or report may hold, at any depth (rulings' fields included)."""
    seen = seen if seen is not None else set()
    seen.add(model)
    keys = set()
    for name, info in model.model_fields.items():
        keys.add(info.alias or name)
        for inner in _models(info.annotation):
            if inner not in seen:
                keys |= file_keys(inner, seen)
    return keys


def _commands() -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in cli_parser.build()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_format_names_every_key_of_a_scenario_file_and_report() -> None:
    text = FORMAT.read_text(encoding="utf-8")
    keys = file_keys()
    assert {"title", "events", "expect", "report", "ruling", "quiz", "notation", "with", "claimant"} <= keys
    missing = sorted(key for key in keys if not _mentioned(text, key))
    assert missing == [], f"docs/format.md does not describe the keys {missing}{_WHERE}"


def test_format_names_every_verb_and_ruling_kind() -> None:
    text = FORMAT.read_text(encoding="utf-8")
    kinds = typing.get_args(Kind)
    assert len(VERBS) >= 17 and len(kinds) >= 10
    missing = [name for name in (*VERBS, *kinds) if not _mentioned(text, name)]
    assert missing == [], f"docs/format.md does not describe the verbs or ruling kinds {missing}{_WHERE}"


def test_format_names_every_command_and_option() -> None:
    text = FORMAT.read_text(encoding="utf-8")
    missing = []
    for name, parser in _commands().items():
        if f"`arbiter {name}" not in text:
            missing.append(f"arbiter {name}")
        for action in parser._actions:
            missing += [f"arbiter {name} {o}" for o in action.option_strings
                        if o.startswith("--") and o != "--help" and f"`{o}" not in text]
    assert len(_commands()) >= 8
    assert missing == [], f"docs/format.md does not describe {missing}{_WHERE}"


def test_format_keeps_the_contract_apart_and_ends_with_issue_11s_extensions() -> None:
    text = FORMAT.read_text(encoding="utf-8")
    assert "public contract (v1)" in text and "extension" in text
    headings = re.findall(r"^## (.+)$", _FENCE.sub("", text), re.MULTILINE)
    assert headings[-1] == "Extensions of issue 11"


def _yaml_blocks(text: str) -> list[object]:
    return [yaml.safe_load(body) for body in re.findall(r"^```yaml\n(.*?)^```$", text, re.MULTILINE | re.DOTALL)]


def test_the_scenarios_in_format_md_load_run_and_hold() -> None:
    """Every mapping shown (a whole scenario, or some of its keys: a title is added) is valid, and
    one with an ``expect`` block passes; the quiz block alone needs events, the report is below."""
    shown = [doc for doc in _yaml_blocks(FORMAT.read_text(encoding="utf-8"))
             if isinstance(doc, dict) and not {"quiz", "report"} & set(doc)]
    assert len(shown) >= 4 and any("expect" in doc for doc in shown)
    for doc in shown:
        text = yaml.safe_dump({"title": "an example of docs/format.md", **doc}, allow_unicode=True)
        outcome = run(loads(text, "docs/format.md"))
        assert outcome.status == "passed", (doc, outcome.error, outcome.failures)


def test_the_report_in_format_md_is_the_example_report() -> None:
    shown = _yaml_blocks(FORMAT.read_text(encoding="utf-8"))
    reports = [doc for doc in shown if isinstance(doc, dict) and "report" in doc]
    example = yaml.safe_load((ROOT / "examples" / "reports" / "format-example.yaml").read_text(encoding="utf-8"))
    assert reports == [example]


def test_the_kinds_in_format_md_are_the_kinds_rulings_have() -> None:
    text = FORMAT.read_text(encoding="utf-8")
    section = text.split("## 3. Rulings", 1)[1].split("## 4.", 1)[0]
    table = re.findall(r"^\| `([a-z-]+)` \| v1 \|", section, re.MULTILINE)
    assert set(table) <= set(typing.get_args(Kind)) and len(table) == 10


# -- the quick run ---------------------------------------------------------------------------------


def test_the_slow_marker_is_registered_and_used() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert any(marker.split(":")[0].strip() == "slow" for marker in options.get("markers", []))
    marked = [p.name for p in (ROOT / "tests").glob("test_*.py")
              if "@pytest.mark.slow" in p.read_text(encoding="utf-8")]
    assert "test_properties.py" in marked and "test_notation.py" in marked


def test_the_readme_gives_the_quick_run_and_the_full_one() -> None:
    text = README.read_text(encoding="utf-8")
    assert QUICK_RUN in text
    assert re.search(r"\.venv/bin/python -m pytest\s*$", text, re.MULTILINE), "the full run (as CI does it)"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"python -m pytest(\s|$)", ci) and "not slow" not in ci, "CI runs every test"


def test_readings_cover_every_decision_with_its_articles() -> None:
    text = (ROOT / "docs" / "readings.md").read_text(encoding="utf-8")
    cited = {int(n) for group in re.findall(r"\*\(readings? ([\d, ]+)\)\*", text) for n in re.findall(r"\d+", group)}
    assert cited == set(range(1, 29)), sorted(set(range(1, 29)) ^ cited)
    for section in re.split(r"^## ", text, flags=re.MULTILINE)[1:]:
        assert re.search(r"\b\d+\.\d+(\.\d+)*\b|\b[AB]\.\d", section), section.splitlines()[0]
