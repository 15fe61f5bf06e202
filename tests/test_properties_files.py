"""Random but plausible event streams written as files and run through every path a user takes:
``run``, ``explain`` and ``validate`` (issue 12). After every event: one king per side on the board
the game goes on from (or a ruling saying why not), no clock below zero without its flag, and the
result and its reason agreeing."""

from __future__ import annotations

from pathlib import Path

import chess
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import examples

from arbiter.cli import main
from arbiter.core.clock import Clock, TimeControl
from arbiter.core.errors import ArbiterError
from arbiter.table.events import Event, parse_action
from arbiter.core.position import Position
from arbiter.laws.referee import Referee, Settings
from arbiter.files.scenario import loads
from tests.test_properties import STARTS, _plausible_action, check_invariants

def _stream(data: st.DataObject, fen: str | None, mode: str, ruleset: str, supervision: str,
            length: int) -> list[dict[str, object]]:
    """Events that can physically happen, found by playing them on a referee as they are drawn."""
    def fresh() -> Referee:
        clock = Clock(chess.WHITE if fen is None or " w " in fen else chess.BLACK,
                      {chess.WHITE: 60.0, chess.BLACK: 60.0}, TimeControl.parse("60+1"))
        return Referee(Position.from_start(fen, []), Settings(mode, ruleset, supervision), clock)  # type: ignore[arg-type]

    ref = fresh()
    accepted: list[Event] = []
    now = 0.0
    for _ in range(length):
        actor = data.draw(st.sampled_from([ref.position.turn, ref.position.turn, not ref.position.turn]))
        action = _plausible_action(data, ref)
        now += data.draw(st.sampled_from([0.0, 0.5, 3.0, 20.0]))
        event = Event(actor, parse_action(action), action, now, None, None, None)
        try:
            ref.apply(event, len(accepted))
        except ArbiterError:
            # An impossible event is an input error; as teach does, the game is replayed without it.
            ref = fresh()
            for index, done in enumerate(accepted):
                ref.apply(done, index)
            continue
        accepted.append(event)
    return [{chess.COLOR_NAMES[e.actor]: e.text, "at": e.at} for e in accepted]


@pytest.mark.slow
@settings(max_examples=examples(40), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.data(), STARTS, st.sampled_from(["watching", "called"]), st.sampled_from(["standard", "rapid", "blitz"]),
       st.sampled_from(["full", "partial"]), st.integers(min_value=1, max_value=40))
def test_streams_as_files_through_run_explain_and_validate(
        tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str], data: st.DataObject,
        fen: str | None, mode: str, ruleset: str, supervision: str, length: int) -> None:
    events = _stream(data, fen, mode, ruleset, supervision, length)
    spec: dict[str, object] = {"title": "random", "arbiter": mode, "ruleset": ruleset, "supervision": supervision,
                               "time_control": "60+1", "events": events}
    if fen is not None:
        spec["start"] = {"fen": fen}
    text = yaml.safe_dump(spec, sort_keys=False)

    scenario = loads(text, "random.yaml")
    ref = scenario.new_referee()
    for index, event in enumerate(scenario.events):
        ref.apply(event, index)  # every event was possible once: it is possible again
        check_invariants(ref)

    folder = tmp_path_factory.mktemp("streams")
    path = folder / "random.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["run", "--format", "json", str(path)]) in (0, 1)
    assert main(["explain", str(path)]) == 0
    report = dict(spec, report={"event": "random", "account": "random events"}, ruling={"rulings": []})
    del report["title"]
    report_path = Path(folder / "report.yaml")
    report_path.write_text(yaml.safe_dump(report, sort_keys=False), encoding="utf-8")
    assert main(["validate", str(report_path)]) in (0, 1)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "internal error" not in captured.err
