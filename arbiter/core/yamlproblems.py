"""What libyaml and PyYAML say is wrong with a YAML text, in the user's language.

The parser's messages are English (``did not find expected node content``): each one libyaml's
scanner and parser and PyYAML's composer and safe constructor can give (the constructor's for a
value of the wrong kind for its tag too, ``!!int [1]``) is said here in our words; a message not
known here (a later release's) is quoted as the parser gives it. In English the scanner's and
parser's own words stay.
"""

from __future__ import annotations

import re

from arbiter.core.i18n import N_, _

#: The parser's messages, each as libyaml or PyYAML writes it (the English msgid is the same text).
_PROBLEMS = frozenset((
    N_("mapping values are not allowed in this context"),
    N_("mapping keys are not allowed in this context"),
    N_("block sequence entries are not allowed in this context"),
    N_("did not find expected ',' or '}'"),
    N_("did not find expected ',' or ']'"),
    N_("did not find expected key"),
    N_("could not find expected ':'"),
    N_("did not find expected '-' indicator"),
    N_("did not find expected node content"),
    N_("found character that cannot start any token"),
    N_("found unexpected end of stream"),
    N_("did not find expected alphabetic or numeric character"),
    N_("did not find expected comment or line break"),
    N_("found unexpected ':'"),
    N_("found undefined alias"),
    N_("did not find expected hexdecimal number"),
    N_("did not find expected tag URI"),
    N_("found unknown escape character"),
    N_("did not find expected <document start>"),
    N_("did not find expected whitespace or line break"),
    N_("did not find expected whitespace"),
    N_("found unhashable key"),
    N_("found a tab character that violates indentation"),
    N_("found a tab character where an indentation space is expected"),
    N_("could not find expected directive name"),
    N_("but found another document"),
    N_("found unexpected non-alphabetical character"),
    N_("found undefined tag handle"),
    N_("found unexpected document indicator"),
    N_("found unknown directive name"),
    N_("found duplicate %YAML directive"),
    N_("found duplicate %TAG directive"),
    N_("found incompatible YAML document"),
    N_("did not find expected version number"),
    N_("did not find expected digit or '.' character"),
    N_("found extremely long version number"),
    N_("found an indentation indicator equal to 0"),
    N_("did not find the expected '>'"),
    N_("did not find expected '!'"),
    N_("did not find URI escaped octet"),
    N_("found invalid Unicode character escape code"),
))
#: PyYAML's composer says a repeated anchor in two parts; the second alone says nothing.
_DUPLICATE_ANCHOR = "second occurrence"
_MERGE_LIST = re.compile(r"expected a mapping or list of mappings for merging, but found \w+")
_MERGE_ITEM = re.compile(r"expected a mapping for merging, but found \w+")
_UNKNOWN_TAG = re.compile(r"could not determine a constructor for the tag (?P<tag>'.*')")
#: The constructor's refusal of a value of the wrong kind for its tag (``!!int [1]``), by the kind
#: the tag takes, and of the items of an ordered map or pairs (``!!omap [a]``).
_WRONG_KIND = re.compile(r"expected a (?P<expected>scalar node|sequence node|sequence|mapping node), "
                         r"but found (?P<found>scalar|sequence|mapping)")
_TAKES = {"scalar node": N_("its tag takes a single value (found: {found})"),
          "sequence node": N_("its tag takes a list (found: {found})"),
          "sequence": N_("its tag takes a list (found: {found})"),
          "mapping node": N_("its tag takes a mapping (found: {found})")}
_KINDS = {"scalar": N_("a single value"), "sequence": N_("a list"), "mapping": N_("a mapping")}
_PAIR_ITEM = re.compile(r"expected a (mapping of length 1|single mapping item), but found .*")
_BASE64 = "failed to decode base64 data"
#: The reader's reasons a character is refused (libyaml's, then PyYAML's).
_REASONS = {
    "control characters are not allowed": N_("control characters are not allowed"),
    "special characters are not allowed": N_("control characters are not allowed"),
}


def yaml_problem(problem: str) -> str:
    """What the parser's ``problem`` says, in the user's language (unknown ones as they are)."""
    if problem in _PROBLEMS:
        return _(problem)
    if problem == _DUPLICATE_ANCHOR:
        return _("an anchor (&) is given twice")
    if _MERGE_LIST.fullmatch(problem):
        return _("a merge key (<<) takes a mapping or a list of mappings")
    if _MERGE_ITEM.fullmatch(problem):
        return _("a merge key's list (<<) holds mappings only")
    found = _UNKNOWN_TAG.fullmatch(problem)
    if found is not None:
        return _("unknown tag {tag}").format(tag=found["tag"])
    wrong = _WRONG_KIND.fullmatch(problem)
    if wrong is not None:
        return _(_TAKES[wrong["expected"]]).format(found=_(_KINDS[wrong["found"]]))
    if _PAIR_ITEM.fullmatch(problem):
        return _("each item of an ordered map (!!omap, !!pairs) is a mapping of one key")
    if problem.startswith(_BASE64):
        return _("a !!binary value is not base64")
    return problem


def unacceptable_character(character: str, reason: str) -> str:
    """The reader's refusal of ``character`` (``#x0007``) for ``reason``, in the user's language."""
    said = _REASONS.get(reason)
    return _("unacceptable character {character}: {reason}").format(
        character=character, reason=_(said) if said is not None else reason)
