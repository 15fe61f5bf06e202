"""12.9: the penalties the tournament arbiter chose, as an incident report lists them."""

from __future__ import annotations

import pytest

from arbiter.files.scenario import loads
from arbiter.files.validate import validate

REPORT = """
report: {{event: Club, round: 1, board: 1, account: "what happened"}}
time_control: 5400+30
start: {{moves: "1. e4 e5"}}
events:
{events}
ruling:
  rulings:
{rulings}
{extra}
"""


def verdict(events: str, rulings: str, extra: str = "") -> tuple[str, list[str]]:
    scenario = loads(REPORT.format(events=events, rulings=rulings, extra=extra), "r.yaml")
    result = validate(scenario)
    return result.verdict, [d.text for d in result.differences]


ADJUSTED = "  - {black: adjust e5, at: 5}"  # out of turn: a 4.2.1 breach, a 12.9 matter
PLAIN = "  - {white: play Nf3, at: 5}"


@pytest.mark.parametrize("ruling", [
    "{kind: warning, article: '12.9', player: black}",
    "{kind: warning, player: black}",
    "{kind: time, article: '12.9', player: white, seconds: 60}",
    "{kind: time, article: '12.9', player: black, seconds: -60}",
    "{kind: penalty, article: '12.9', player: black, penalty: fine}",
])
def test_a_chosen_penalty_for_a_breach_is_consistent(ruling: str) -> None:
    assert verdict(ADJUSTED, f"    - {ruling}") == ("consistent", [])


@pytest.mark.parametrize("ruling", [
    "{kind: warning, article: '12.9', player: white}",
    "{kind: time, article: '12.9', player: black, seconds: 60}",
    "{kind: penalty, article: '12.9', player: white, penalty: exclusion}",
])
def test_a_penalty_without_a_breach_by_that_player_is_a_difference(ruling: str) -> None:
    found, texts = verdict(ADJUSTED, f"    - {ruling}")
    assert found == "inconsistent"
    assert texts and "the Laws see no breach by White that 12.9 may penalise" in texts[0]


def test_no_chosen_penalty_for_an_illegal_move_whose_penalty_is_fixed() -> None:
    events = "  - {white: move f1 h3, at: 5}\n  - {white: press, at: 6}"
    rulings = ("    - {kind: reinstated}\n    - {kind: time, player: white, seconds: -30}\n"
               "    - {kind: time, player: black, seconds: 120}\n    - {kind: warning, article: '12.9', player: white}")
    found, texts = verdict(events, rulings)
    assert found == "inconsistent" and any("12.9" in text for text in texts)


def test_chosen_time_is_on_the_laws_clock_and_a_declared_loss_is_the_result() -> None:
    rulings = "    - {kind: time, article: '12.9', player: white, seconds: 60}"
    assert verdict(ADJUSTED, rulings, "  clock: {white: '1:30:55'}") == ("consistent", [])
    found, texts = verdict(ADJUSTED, rulings, "  clock: {white: '1:29:55'}")
    assert found == "inconsistent" and texts == ["white's clock should show 1:30:55, not 1:29:55"]
    loss = "    - {kind: penalty, article: '12.9', player: black, penalty: loss}"
    assert verdict(ADJUSTED, loss, '  result: "1-0"\n  reason: penalty') == ("consistent", [])
    assert verdict(PLAIN, loss, '  result: "1-0"')[0] == "inconsistent"
