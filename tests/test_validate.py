"""Incident reports: each example gets the verdict its file expects; the output and errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter.cli import main
from arbiter.core.errors import ScenarioError
from arbiter.core.notation import translate
from arbiter.files.scenario import load, loads
from arbiter.files.validate import validate

ROOT = Path(__file__).resolve().parent.parent
REPORTS = sorted((ROOT / "examples" / "reports").glob("*.yaml"))


def test_enough_examples_of_each_verdict() -> None:
    verdicts = [load(path).spec.expect_verdict for path in REPORTS if _loads(path)]
    assert len(REPORTS) >= 20
    assert {"consistent", "inconsistent"} <= set(verdicts)


def _loads(path: Path) -> bool:
    try:
        load(path)
    except ScenarioError:
        return False
    return True


@pytest.mark.parametrize("path", REPORTS, ids=[p.name for p in REPORTS])
def test_report_gets_its_expected_verdict(path: Path) -> None:
    scenario = load(path)
    assert scenario.spec.expect_verdict is not None, "every example says which verdict it should get"
    result = validate(scenario)
    assert result.verdict == scenario.spec.expect_verdict, [d.text for d in result.differences]
    if result.verdict == "inconsistent":
        assert all(d.article and d.text for d in result.differences)


def test_wrong_penalty_is_a_pair_with_the_article() -> None:
    result = validate(load(ROOT / "examples" / "reports" / "illegal-move-rapid-wrong-penalty.yaml"))
    [difference] = result.differences
    assert difference.arbiter == {"kind": "time", "player": "black", "seconds": 120}
    assert difference.laws == {"kind": "time", "player": "black", "seconds": 60}
    assert difference.article == "A.3"


def test_validate_json_and_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--format", "json", str(ROOT / "examples" / "reports")]) == 2
    doc = json.loads(capsys.readouterr().out)
    assert doc["invalid"] == 1 and doc["consistent"] >= 10 and doc["inconsistent"] >= 8
    entry = next(r for r in doc["reports"] if r["file"].endswith("illegal-move-rapid-wrong-penalty.yaml"))
    assert entry["verdict"] == "inconsistent" and entry["differences"][0]["article"] == "A.3"
    assert entry["rulings"][0]["kind"]
    assert main(["validate", str(ROOT / "examples" / "reports" / "format-example.yaml")]) == 0
    assert main(["validate", str(ROOT / "examples" / "reports" / "threefold-claim-wrong-penalty.yaml")]) == 1


def test_bad_reports_are_invalid() -> None:
    with pytest.raises(ScenarioError, match="x.yaml:1: unknown key 'colour' in report"):
        loads("report: {colour: red}\n", "x.yaml")
    with pytest.raises(ScenarioError, match="x.yaml:2: ruling.result"):
        loads("report: {event: e}\nruling: {result: won}\n", "x.yaml")
    with pytest.raises(ScenarioError, match="missing required key 'title'"):
        loads("events: []\n", "x.yaml")


def test_pgn_tags_fill_the_report() -> None:
    text = ('report: {account: "a dispute"}\n'
            'start:\n  pgn: |\n    [Event "Spring Open"]\n    [Round "4"]\n    [White "A"]\n    [Black "B"]\n'
            '    [TimeControl "900+10"]\n\n    1. e4 e5 *\n')
    scenario = loads(text, "x.yaml")
    report = scenario.spec.report
    assert report is not None
    assert (report.event, report.round, report.white) == ("Spring Open", "4", "A")
    assert scenario.settings.ruleset == "rapid"


def test_clk_comments_give_the_clocks_at_the_incident() -> None:
    text = ('title: t\ntime_control: 300+2\nstart:\n  pgn: "1. e4 { [%clk 0:04:58] } e5 { [%clk 0:04:50] } '
            '2. Nf3 { [%clk 0:04:40] } *"\nexpect: {clock: {white: "0:04:40", black: "0:04:50"}}\n')
    from arbiter.files.scenario import run

    assert run(loads(text, "x.yaml")).status == "passed"


def test_markdown_document_and_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "examples" / "reports" / "illegal-move-rapid-wrong-penalty.yaml"
    assert main(["validate", "--format", "markdown", str(path)]) == 1
    text = capsys.readouterr().out
    for part in ("# Incident report", "| Event | Rapid open |", "## Account", "## The position before the incident",
                 "## What happened", "**inconsistent**", "**A.3 Penalties in rapid and blitz.**"):
        assert part in text
    assert main(["validate", "--format", "markdown", "--out", str(tmp_path), str(path)]) == 1
    assert (tmp_path / "illegal-move-rapid-wrong-penalty.md").read_text().count("![The position]") == 1
    assert (tmp_path / "illegal-move-rapid-wrong-penalty.svg").read_text().startswith("<svg")


TWINS = [("touch-move-claim-upheld-italian-game.yaml", "touch-move-claim-upheld-italian-game-sr.yaml"),
         ("threefold-claim-with-written-move-wrongly-rejected.yaml",
          "threefold-claim-with-written-move-wrongly-rejected-sr.yaml")]


@pytest.mark.parametrize(("english", "serbian"), TWINS, ids=[t[0] for t in TWINS])
def test_a_report_in_serbian_notation_validates_like_its_english_twin(english: str, serbian: str) -> None:
    folder = ROOT / "examples" / "reports"
    assert load(folder / serbian).spec.notation == "sr-Cyrl"
    twin = validate(load(folder / english))
    # Written in English, the Serbian report's rulings are the English report's, word for word.
    as_english = validate(load(folder / serbian, output_notation="en"))
    assert as_english.verdict == twin.verdict
    assert [d.as_dict() for d in as_english.differences] == [d.as_dict() for d in twin.differences]
    assert [r.as_dict() for r in as_english.rulings] == [r.as_dict() for r in twin.rulings]
    # In its own notation, only the moves' letters differ.
    own = validate(load(folder / serbian))
    assert own.verdict == twin.verdict
    assert [r.move for r in own.rulings] == [r.move for r in twin.rulings]
    assert [translate(r.san, "en", "sr-Cyrl") if r.san else None for r in own.rulings] == \
        [r.san for r in twin.rulings]
