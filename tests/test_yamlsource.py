"""The YAML reader (``arbiter.core.yamlsource``): what it builds is what PyYAML's safe loader
builds, its own walk over strings, lists and mappings included (issue 36)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.core.yamlsource import SAFE_LOADER, Located, YamlSourceError


def _pyyaml(text: str) -> Any:
    return yaml.load(text, Loader=SAFE_LOADER)  # noqa: S506 - the safe loader (C or Python)


#: Texts whose nodes the reader leaves to PyYAML's constructor, or builds itself, side by side.
TRICKY = [
    "events:\n- white: play e4\n- black: play e5\n",
    "a: 1\nb: 1.5\nc: true\nd: null\ne: ~\nf: 2026-12-05\ng: 2026-12-05 10:00:00\nh: 0x1f\ni: .inf\n",
    "a: '1'\nb: \"true\"\nc: !!str 12\nd: !!float 3\ne: yes\nf: No\ng: ''\nh: =\n",
    "<<: {a: 1, b: 2}\nc: 3\n",
    "base: {x: 1}\nmerged:\n  <<: {y: 2}\n  z: 3\n",
    "= : value key\nother: 1\n",
    "set: !!set {a, b}\nomap: !!omap [a: 1, b: 2]\npairs: !!pairs [a: 1, a: 2]\n",
    "bin: !!binary aGVsbG8=\n",
    "? [a, b]\n: unhashable\n",
    "? {a: 1}\n: unhashable\n",
    "1: int key\n2.5: float key\ntrue: bool key\nnull: null key\n",
    "- [1, [2, [3, {a: [4]}]]]\n- {}\n- []\n- ''\n",
    "text: |\n  two\n  lines\nfolded: >\n  one\n  line\n",
    "!!map {a: !!seq [1, 2]}\n",
    "- !!int 12\n- !!bool true\n- !!null ''\n",
    "just a string\n",
    "42\n",
    "- 1\n- -2\n- +3\n- 0o17\n- 1_000\n- 1e3\n- .NaN\n",
]


def _same(text: str) -> None:
    try:
        expected = _pyyaml(text)
    except yaml.YAMLError:
        with pytest.raises(YamlSourceError):
            Located(text)
        return
    got = Located(text).data
    if expected != expected:  # noqa: PLR0124 - NaN alone is not equal to itself
        assert got != got  # noqa: PLR0124
        return
    assert repr(got) == repr(expected)
    assert type(got) is type(expected)


@pytest.mark.parametrize("text", TRICKY)
def test_the_reader_builds_what_pyyaml_builds(text: str) -> None:
    _same(text)


def test_an_unhashable_key_is_pyyamls_error_with_its_line() -> None:
    with pytest.raises(YamlSourceError) as caught:
        Located("a: 1\n? [x]\n: y\n")
    assert "unhashable" in caught.value.message
    assert caught.value.line == 2


def test_a_merge_key_is_merged_as_pyyaml_merges_it() -> None:
    assert Located("<<: {a: 1}\nb: 2\n").data == {"a": 1, "b": 2}


_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=12),
    st.dates(min_value=datetime.date(1900, 1, 1), max_value=datetime.date(2100, 1, 1)),
    st.sampled_from(["yes", "no", "on", "off", "~", "null", "=", "<<", "0x10", "1_0", "1e5", ".inf", "12:30",
                     "2026-12-05", "play e4", "white", "- x", "a: b", "'q'", "#c"]),
)
_DATA = st.recursive(
    _SCALARS,
    lambda children: st.one_of(st.lists(children, max_size=4),
                               # keys of one type: the reader refuses two keys written alike (1 and '1')
                               st.dictionaries(st.text(max_size=6), children, max_size=4),
                               st.dictionaries(st.integers(), children, max_size=4)),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(data=_DATA, flow=st.sampled_from([None, True, False]), canonical=st.booleans())
def test_any_document_is_built_as_pyyaml_builds_it(data: Any, flow: bool | None, canonical: bool) -> None:
    text = yaml.safe_dump({"value": data}, default_flow_style=flow, canonical=canonical, allow_unicode=True)
    _same(text)


def test_the_lines_of_a_lists_items_are_those_line_gives_each() -> None:
    doc = Located("title: t\nevents:\n  - white: play e4\n\n  - black: |\n      play e5\n  - {white: play Nf3}\n")
    assert doc.item_lines(("events",)) == [doc.line(("events", index)) for index in range(3)] == [3, 5, 7]
    assert doc.item_lines(("title",)) == [] and doc.item_lines(("nothing",)) == []


@pytest.mark.parametrize(("text", "line", "said"), [
    # every node is checked before the constructor builds any: the key given twice is what is said
    ("a: !foo x\nb: {c: 1, c: 2}\n", 2, "key 'c' given twice"),
    ("a: !!set {x}\nb: !!int x\n", 2, "'x' is not a number"),
    # inside what the constructor builds (a set, a merge, a key that is no string) the checks hold
    ("a: !!set {x: &A y, z: *A}\n", None, "YAML aliases"),
    ("a: {<<: {b: 1}, c: !!bool maybe}\n", 1, "'maybe' is neither true nor false"),
    ("a: {1: " + "[" * 51 + "x" + "]" * 51 + "}\n", 1, "nested more than 50 levels deep"),
    # the constructor's own errors come after, in document order
    ("a: !foo x\nb: !bar y\n", 1, "malformed YAML"),
])
def test_the_checks_come_before_any_value_is_built(text: str, line: int | None, said: str) -> None:
    with pytest.raises(YamlSourceError) as caught:
        Located(text)
    assert said in caught.value.message
    if line is not None:
        assert caught.value.line == line
