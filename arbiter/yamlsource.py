"""YAML read with the safe loader, keeping where each value stands so errors can name the line."""

from __future__ import annotations

from typing import Any

import yaml


class YamlSourceError(ValueError):
    """YAML that cannot be read; ``line`` is 1-based, or None."""

    def __init__(self, line: int | None, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(message)


#: The safe loader, in C (libyaml) where PyYAML was built with it: several times faster to start.
SAFE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Located:
    """A YAML document with the line of every node, addressable by a path of keys and indices."""

    def __init__(self, text: str) -> None:
        loader = SAFE_LOADER(text)
        try:
            node = loader.get_single_node()
            if node is None:
                raise YamlSourceError(1, "the file is empty")
            _check_duplicates(node)
            self.data: Any = loader.construct_document(node)
        except yaml.MarkedYAMLError as err:
            mark = err.problem_mark or err.context_mark
            line = mark.line + 1 if mark is not None else None
            raise YamlSourceError(line, f"malformed YAML: {err.problem or err}") from None
        except yaml.YAMLError as err:
            raise YamlSourceError(None, f"malformed YAML: {err}") from None
        finally:
            loader.dispose()
        self.root = node

    def line(self, path: tuple[Any, ...]) -> int:
        """The line of the value at ``path`` (or of the deepest part of it that exists)."""
        node = self.root
        for part in path:
            child = _child(node, part)
            if child is None:
                break
            node = child
        return int(node.start_mark.line) + 1


def _child(node: yaml.Node, part: Any) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if key.value == str(part):
                child: yaml.Node = value
                return child
        return None
    if isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
        item: yaml.Node = node.value[part]
        return item
    return None


def _check_duplicates(node: yaml.Node) -> None:
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode):
                if key.value in seen:
                    raise YamlSourceError(key.start_mark.line + 1, f"key {key.value!r} given twice")
                seen.add(key.value)
            _check_duplicates(value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            _check_duplicates(item)
