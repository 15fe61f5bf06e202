"""YAML read with the safe loader, keeping where each value stands so errors can name the line.

What the file may hold is bounded before anything is built from it: no aliases (a few lines of
aliases can stand for billions of values, the "billion laughs"), no nesting deeper than
:data:`MAX_DEPTH`, no number longer than :data:`MAX_NUMBER_CHARACTERS`, no impossible date.
"""

from __future__ import annotations

from typing import Any

import yaml

from arbiter.core.yamlproblems import unacceptable_character, yaml_problem
from arbiter.core.i18n import _
from arbiter.core.errors import shown


class YamlSourceError(ValueError):
    """YAML that cannot be read; ``line`` is 1-based, or None; ``path`` the keys and indices of
    the value at fault, when one is (``("events", 0, "at")``)."""

    def __init__(self, line: int | None, message: str, path: tuple[Any, ...] = ()) -> None:
        self.line = line
        self.message = message
        self.path = path
        super().__init__(message)


#: The safe loader, in C (libyaml) where PyYAML was built with it: several times faster to start.
SAFE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: How deep mappings and lists may nest (a scenario needs five levels).
MAX_DEPTH = 50
#: How long a number may be written: no value of the formats needs more.
MAX_NUMBER_CHARACTERS = 100

_INT, _FLOAT, _TIMESTAMP, _BOOL = (f"tag:yaml.org,2002:{name}" for name in ("int", "float", "timestamp", "bool"))
_STR, _SEQ, _MAP = (f"tag:yaml.org,2002:{name}" for name in ("str", "seq", "map"))
#: A node's place: its parent's link and its key or index (a path is only spelled out for an error).
_Link = tuple[Any, Any] | None


#: The first characters of the plain scalars PyYAML's resolver may read as something else than a
#: string (a number, a date, a boolean, null, ``<<``, ``=``).
_RESOLVED_FIRST = frozenset(first for first in SAFE_LOADER.yaml_implicit_resolvers if first is not None)
#: Whether the safe loader resolves by first characters and its default tags only (no resolver
#: for any first character, none by path): then :class:`_Loader` may answer for it.
_BY_FIRST_ONLY = None not in SAFE_LOADER.yaml_implicit_resolvers and not SAFE_LOADER.yaml_path_resolvers


class _Loader(SAFE_LOADER):  # type: ignore[misc,valid-type]
    """The safe loader, answering at once the tag of a plain scalar no implicit resolver reads
    (``play e4``), of a list and of a mapping: the tags PyYAML's resolver would give, without
    trying its regular expressions (a tenth of composing a scenario's event)."""

    def resolve(self, kind: type[yaml.Node], value: str | None, implicit: tuple[bool, bool]) -> str:
        if _BY_FIRST_ONLY:
            if kind is yaml.ScalarNode:
                if implicit[0] and value and value[0] not in _RESOLVED_FIRST:
                    return _STR
            else:  # a list or a mapping: no resolver reads them (the loader's own default tags)
                return _SEQ if kind is yaml.SequenceNode else _MAP
        tag: str = super().resolve(kind, value, implicit)
        return tag


#: What YAML counts as a line break besides ``\n`` (and ``\r``, which the reader turns into one).
_OTHER_BREAKS = ("\x85", "\u2028", "\u2029")


class Located:
    """A YAML document with the line of every node, addressable by a path of keys and indices."""

    def __init__(self, text: str) -> None:
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            if node is None:
                raise YamlSourceError(1, _("the file is empty"))
            self.data: Any = _Reader(loader, text).read(node)
        except yaml.MarkedYAMLError as err:
            mark = err.problem_mark or err.context_mark
            line = mark.line + 1 if mark is not None else None
            said = yaml_problem(err.problem) if err.problem else str(err)
            raise YamlSourceError(line, _("malformed YAML: {error}").format(error=said)) from None
        except yaml.reader.ReaderError as err:  # a control character: told with its line, on one line
            line = text.count("\n", 0, err.position) + 1
            character = f"#x{err.character:04x}" if isinstance(err.character, int) else repr(err.character)
            problem = unacceptable_character(character, err.reason)
            raise YamlSourceError(line, _("malformed YAML: {error}").format(error=problem)) from None
        except yaml.YAMLError as err:
            raise YamlSourceError(None, _("malformed YAML: {error}").format(error=err)) from None
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

    def _node(self, path: tuple[Any, ...]) -> yaml.Node | None:
        """The node at ``path``; None where the path leads nowhere."""
        node: yaml.Node | None = self.root
        for part in path:
            node = _child(node, part) if node is not None else None
        return node

    def text_line(self, path: tuple[Any, ...], line: int) -> int | None:
        """The line of the file that holds line ``line`` (from 1) of the text at ``path``, where the
        file writes that text line for line: a literal block (``|``), or a text of one line written
        on one line; None for any other (a folded or quoted text over several lines joins them)."""
        node = self._node(path)
        if not isinstance(node, yaml.ScalarNode) or not isinstance(node.value, str) or line < 1:
            return None
        first = int(node.start_mark.line) + 1
        if any(mark in node.value for mark in _OTHER_BREAKS):
            return None  # a line break to YAML's marks that the text's own lines do not count
        if node.style == "|":  # the text begins on the line after its indicator
            return first + line if line <= node.value.count("\n") + 1 else None
        one_line = node.start_mark.line == node.end_mark.line and "\n" not in node.value
        return first if one_line and line == 1 else None

    def item_lines(self, path: tuple[Any, ...]) -> list[int]:
        """The line of each item of the list at ``path`` (``[]`` if there is none): what
        :meth:`line` says of ``(*path, index)`` for each index, the path walked once."""
        node = self._node(path)
        if not isinstance(node, yaml.SequenceNode):
            return []
        return [int(item.start_mark.line) + 1 for item in node.value]


#: What the reader leaves in a list or mapping for the constructor to build once all is checked.
_LATER = object()
_SCALAR = yaml.ScalarNode


class _Reader:
    """Every node checked (:func:`_check`'s rules, in its order: document order, a mapping's keys
    before what they hold) and the document built in the same walk: strings, lists and mappings of
    string keys here; every other node (numbers, dates, sets, merge keys...) by PyYAML's safe
    constructor, once every node is checked, in document order, as ``construct_document`` would.

    A scenario is almost all strings in lists and mappings: the constructor's way through them (a
    generator per mapping, its bookkeeping per node), then a walk for the checks apart, cost four
    times this one (issue 36: a fifth of reading a file of ``play`` events). The nesting is
    bounded before it is walked deeper (:data:`MAX_DEPTH`)."""

    def __init__(self, loader: yaml.SafeLoader, text: str) -> None:
        self.loader, self.text = loader, text
        self.seen: set[int] = set()
        #: Whether the text may hold an alias at all: without a ``*`` anywhere it holds none, and
        #: no node needs remembering to find one (the composer gives an alias its anchor's node).
        self.may_alias = "*" in text
        #: Where each value left to the constructor goes: (list or mapping, index or key, node).
        self.later: list[tuple[Any, Any, yaml.Node]] = []

    def read(self, root: yaml.Node) -> Any:
        """The document ``root`` is the node of (:raises YamlSourceError: at the first node
        :func:`_check` refuses)."""
        data = self._value(root, 0, None)
        construct = self.loader.construct_object
        if data is _LATER:
            return construct(root, deep=True)
        for container, slot, node in self.later:
            container[slot] = construct(node, deep=True)
        return data

    def _value(self, node: yaml.Node, depth: int, link: _Link) -> Any:
        kind = type(node)
        if kind is _SCALAR and node.tag == _STR:
            self._enter(node, depth, link)
            return node.value
        if kind is yaml.SequenceNode and node.tag == _SEQ:
            self._enter(node, depth, link)
            items: list[Any] = []
            inner = depth + 1
            plain = not self.may_alias and inner <= MAX_DEPTH
            for index, item in enumerate(node.value):
                if plain and type(item) is _SCALAR and item.tag == _STR:
                    items.append(item.value)  # a string: :meth:`_enter` has nothing to say of it
                    continue
                value = self._value(item, inner, (link, index))
                if value is _LATER:
                    self.later.append((items, index, item))
                items.append(value)
            return items
        if kind is yaml.MappingNode and node.tag == _MAP and all(
                type(key) is _SCALAR and key.tag == _STR for key, _ in node.value):
            self._enter(node, depth, link)
            _check_keys(node, link)
            mapping: dict[str, Any] = {}
            inner = depth + 1
            plain = not self.may_alias and inner <= MAX_DEPTH
            for key, value_node in node.value:
                name = key.value
                if plain:
                    if type(value_node) is _SCALAR and value_node.tag == _STR:
                        mapping[name] = value_node.value
                        continue
                else:
                    self._enter(key, inner, (link, name))
                value = self._value(value_node, inner, (link, name))
                if value is _LATER:
                    self.later.append((mapping, name, value_node))
                mapping[name] = value
            return mapping
        _check(node, self.loader, self.text, depth, link, self.seen)  # the constructor's, once all is checked
        return _LATER

    def _enter(self, node: yaml.Node, depth: int, link: _Link) -> None:
        """:func:`_check`'s first two rules for ``node``: no alias, no nesting too deep."""
        if self.may_alias:
            if id(node) in self.seen:
                raise _alias_error(self.text, link)
            self.seen.add(id(node))
        if depth > MAX_DEPTH:
            raise _depth_error(node, link)


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


def dotted(path: tuple[Any, ...]) -> str:
    """``("events", 0, "at")`` → ``events.0.at``, as errors name a value."""
    return ".".join(str(part) for part in path)


def _check(root: yaml.Node, loader: yaml.SafeLoader, text: str, depth: int = 0, link: _Link = None,
           seen: set[int] | None = None) -> None:
    """Every node once, without recursion: no key given twice in a mapping, no alias, no nesting
    deeper than :data:`MAX_DEPTH`, every number, date and boolean one that can be built. ``root``
    may stand ``depth`` deep at ``link`` in a document whose nodes ``seen`` were checked already.

    :raises YamlSourceError: at the first that is not.
    """
    seen = set() if seen is None else seen
    # Each node with its depth and a link to its parent's (link, key or index): a path is only
    # spelled out for an error.
    stack: list[tuple[yaml.Node, int, _Link]] = [(root, depth, link)]
    while stack:
        node, depth, link = stack.pop()
        if id(node) in seen:  # the composer gives an alias the very node of its anchor
            raise _alias_error(text, link)
        seen.add(id(node))
        if depth > MAX_DEPTH:
            raise _depth_error(node, link)
        if isinstance(node, yaml.ScalarNode):
            if node.tag in _BUILT:
                _check_scalar(node, loader, _path(link))
        elif isinstance(node, yaml.MappingNode):
            _check_keys(node, link)
            children: list[tuple[yaml.Node, int, _Link]] = []
            for key, value in node.value:
                name = key.value if isinstance(key, yaml.ScalarNode) else None
                children += [(key, depth + 1, (link, name)), (value, depth + 1, (link, name))]
            stack.extend(reversed(children))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(reversed([(item, depth + 1, (link, index)) for index, item in enumerate(node.value)]))


def _check_keys(node: yaml.Node, link: _Link) -> None:
    """:raises YamlSourceError: if a key is written twice in the mapping ``node``."""
    keys: set[str] = set()
    for key, _value in node.value:
        if isinstance(key, yaml.ScalarNode):
            if key.value in keys:
                twice = _("key {key} given twice").format(key=shown(key.value))
                raise YamlSourceError(key.start_mark.line + 1, twice, _path(link))
            keys.add(key.value)


def _alias_error(text: str, link: _Link) -> YamlSourceError:
    return YamlSourceError(_alias_line(text), _("YAML aliases (*name) are not allowed in scenario files: "
                                                "write the value out"), _path(link))


def _depth_error(node: yaml.Node, link: _Link) -> YamlSourceError:
    return YamlSourceError(node.start_mark.line + 1, _("nested more than {depth} levels deep").format(
        depth=MAX_DEPTH), _path(link))


_BUILT = (_INT, _FLOAT, _TIMESTAMP, _BOOL)


def _path(link: _Link) -> tuple[Any, ...]:
    parts: list[Any] = []
    while link is not None:
        link, part = link
        parts.append(part)
    return tuple(reversed(parts))


def _check_scalar(node: yaml.ScalarNode, loader: yaml.SafeLoader, path: tuple[Any, ...]) -> None:
    where = f"{dotted(path)}: " if path else ""
    if node.tag == _BOOL:  # only !!bool written out can be neither: the constructor then fails with a KeyError
        if node.value.lower() not in loader.bool_values:
            neither = _("{value} is neither true nor false").format(value=shown(node.value))
            raise YamlSourceError(node.start_mark.line + 1, where + neither, path)
        return
    date = node.tag == _TIMESTAMP
    line = node.start_mark.line + 1
    if len(node.value) > MAX_NUMBER_CHARACTERS:
        too_long = (_("the date {value} is too long (at most {most} characters)") if date
                    else _("the number {value} is too long (at most {most} characters)"))
        raise YamlSourceError(line, where + too_long.format(value=shown(node.value), most=MAX_NUMBER_CHARACTERS),
                              path)
    bare = node.value.replace("_", "")
    if not date and not (bare[1:] if bare[:1] in ("+", "-") else bare):
        # no digit at all (!!int '+', !!float '-_'): said so, not with the constructor's words for it
        raise YamlSourceError(line, where + _("{value} is not a number").format(value=shown(node.value)), path)
    try:  # the constructor raises a bare ValueError, without a line, for 2026-13-45 or !!int x
        {_INT: loader.construct_yaml_int, _FLOAT: loader.construct_yaml_float,
         _TIMESTAMP: loader.construct_yaml_timestamp}[node.tag](node)
    except ValueError as err:
        not_one = _("{value} is not a date: {error}") if date else _("{value} is not a number: {error}")
        raise YamlSourceError(line, where + not_one.format(value=shown(node.value), error=err), path) from None
    except (LookupError, AttributeError, TypeError):  # !!timestamp x: the constructor reads a None match
        not_one = _("{value} is not a date") if date else _("{value} is not a number")
        raise YamlSourceError(line, where + not_one.format(value=shown(node.value)), path) from None


def _alias_line(text: str) -> int | None:
    """The line of the first alias in ``text`` (only read again for a file that has one)."""
    for event in yaml.parse(text, Loader=SAFE_LOADER):
        if isinstance(event, yaml.AliasEvent) and event.start_mark is not None:
            return int(event.start_mark.line) + 1
    return None


def scalar_at(text: str, path: tuple[Any, ...]) -> str | None:
    """The scalar written at ``path`` in ``text``, or None: for an error message about a file
    :class:`Located` refused (the text is composed again, the checks left out, nothing built)."""
    loader = SAFE_LOADER(text)
    try:
        node: yaml.Node | None = loader.get_single_node()
    except yaml.YAMLError:
        return None
    finally:
        loader.dispose()
    for part in path:
        node = _child(node, part) if node is not None else None
    return node.value if isinstance(node, yaml.ScalarNode) else None
