"""Writing scenario files back: a YAML text with some top-level keys given new values in place
(comments and layout kept), and a file written whole or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import yaml


def replaced(text: str, data: dict[str, Any], changes: dict[str, Any]) -> str:
    """The YAML ``text`` (whose data is ``data``) with the top-level keys of ``changes`` given
    their new values, everything else as written, comments included; a key it lacks is added at
    the end. Where the text cannot be edited in place (an alias, a flow mapping), the whole data
    is written again with the changes, without its comments."""
    try:
        edited = text
        for key, value in changes.items():
            edited = _with_key(edited, key, value)
        if yaml.safe_load(edited) == {**data, **changes}:
            return edited
    except yaml.YAMLError:  # an anchor the old value held, used elsewhere
        pass
    return yaml.safe_dump({**data, **changes}, sort_keys=False, allow_unicode=True)


def _with_key(text: str, key: str, value: Any) -> str:
    """``text`` with the value of its top-level ``key`` replaced in place, or the key added."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    found = None
    if isinstance(root, yaml.MappingNode):
        found = next((v for k, v in root.value if isinstance(k, yaml.ScalarNode) and k.value == key), None)
    if found is None:
        block = yaml.safe_dump({key: value}, sort_keys=False, allow_unicode=True, default_flow_style=False)
        return text + ("\n" if text and not text.endswith("\n") else "") + block
    start, end = found.start_mark.index, found.end_mark.index
    lines = text[start:end].splitlines(keepends=True)
    last = max((i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")), default=0)
    content, tail = "".join(lines[:last + 1]), "".join(lines[last + 1:])  # comments after it stay
    if isinstance(found, yaml.CollectionNode) and not found.flow_style and value:
        dumped = yaml.safe_dump(value, sort_keys=False, allow_unicode=True, default_flow_style=False)
        new = ("\n" + " " * found.start_mark.column).join(dumped.splitlines())
    else:
        new = yaml.safe_dump(value, allow_unicode=True, default_flow_style=True, width=2**31).strip()
        new = new.removesuffix("\n...").strip()
    return text[:start] + new + ("\n" if content.endswith("\n") else "") + tail + text[end:]


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a failure leaves the file as it was); a
    symbolic link is written through, as an editor would, not replaced by a file.

    :raises OSError: if the file cannot be written.
    """
    real = Path(os.path.realpath(path))
    handle, temporary = tempfile.mkstemp(dir=real.parent, prefix=f".{real.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.chmod(temporary, real.stat().st_mode & 0o7777 if real.exists() else 0o666 & ~_umask())
        os.replace(temporary, real)
    except BaseException:
        os.unlink(temporary)
        raise


def _umask() -> int:
    """The process's file mode creation mask (a new file gets the mode ``open`` would give it)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
