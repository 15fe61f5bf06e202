"""Every scenario in the library holds, and cites an article that rules/ has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arbiter.laws.editions import edition_article
from arbiter.laws.rulings import Ruling
from arbiter.files.scenario import load, run

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "scenarios").rglob("*.yaml"))


def test_the_library_is_large_enough_and_grouped() -> None:
    assert len(FILES) >= 100
    groups = {path.parent.name for path in FILES}
    assert {"touch", "adjust", "completion", "castling", "promotion", "capture", "en-passant", "hands",
            "clock-press", "claims"} <= groups


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT / "scenarios")) for p in FILES])
def test_scenario_holds(path: Path) -> None:
    scenario = load(path)
    assert scenario.spec.source, "every scenario cites where its case comes from"
    assert re.search(r"(\d+|[ABC])\.\d|FORMAT|Manual|DECISIONS", scenario.spec.source), "the source names an article"
    assert scenario.spec.expect is not None, "a scenario without expectations proves nothing"
    outcome = run(scenario)
    assert outcome.error is None, str(outcome.error)
    assert outcome.failures == []
    for ruling in outcome.referee.rulings:
        edition_article(scenario.settings.laws, ruling.article)  # raises if rules/ lacks it (in its edition)
        # rulings are built without re-validation on the hot path: each must be a valid Ruling
        assert Ruling.model_validate(ruling.as_dict()).as_dict() == ruling.as_dict()
