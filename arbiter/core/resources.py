"""Where the project's data lives: ``rules/`` (the Laws as data, the notations) beside the
package in a checkout, or the copy a regular install puts under ``<prefix>/share/arbiter``."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def rules_dir() -> Path:
    """The ``rules/`` folder: ``$ARBITER_RULES`` if set, else the one beside the package (a
    source checkout or an editable install), else the copy a regular install puts in
    ``<prefix>/share/arbiter/rules``."""
    override = os.environ.get("ARBITER_RULES")
    if override:
        return Path(override)
    beside = Path(__file__).resolve().parents[2] / "rules"
    if (beside / "articles.yaml").is_file():
        return beside
    return Path(sys.prefix) / "share" / "arbiter" / "rules"
