"""The machine's diagram in docs/ is the one the code draws."""

from __future__ import annotations

from pathlib import Path

from arbiter.table import diagram

from arbiter.table import machine as table

DOC = Path(__file__).resolve().parent.parent / "docs" / "physical-machine.md"


def test_diagram_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == diagram.document(), "run: python -m arbiter.table.diagram"


def test_diagram_shows_every_state_and_verb() -> None:
    text = diagram.mermaid()
    for state in table.STATES:
        assert f'state "{state}"' in text
    for verb in ("touch", "lift", "place", "release", "remove", "put", "press"):
        assert verb in text
