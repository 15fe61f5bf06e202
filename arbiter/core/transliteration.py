"""Serbian Cyrillic to Serbian Latin (Gaj's alphabet), letter for letter.

``rules/articles.sr-Latn.yaml`` is what :func:`to_latin` makes of ``rules/articles.sr.yaml``;
``tests/test_rules_languages.py`` checks that the two agree.
"""

from __future__ import annotations

#: Each lower-case Serbian Cyrillic letter and its Latin letter (or digraph).
_LOWER: dict[str, str] = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "ђ": "đ", "е": "e", "ж": "ž", "з": "z",
    "и": "i", "ј": "j", "к": "k", "л": "l", "љ": "lj", "м": "m", "н": "n", "њ": "nj", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "ћ": "ć", "у": "u", "ф": "f", "х": "h", "ц": "c",
    "ч": "č", "џ": "dž", "ш": "š",
}  # fmt: skip

#: The Cyrillic capitals that become two Latin letters.
_DIGRAPH_CAPITALS = frozenset("ЉЊЏ")


def _is_upper_letter(char: str) -> bool:
    """True when ``char`` is an upper-case letter (of any script)."""
    return char.isalpha() and char.isupper()


def _capital_digraph(text: str, index: int, latin: str) -> str:
    """The Latin of the capital ``Љ``, ``Њ`` or ``Џ`` at ``index``: ``LJ`` inside an all-caps
    word (the next letter, or failing one the previous letter, is a capital), else ``Lj``."""
    after = text[index + 1] if index + 1 < len(text) else ""
    before = text[index - 1] if index > 0 else ""
    if after.isalpha():
        all_caps = after.isupper()
    else:
        all_caps = _is_upper_letter(before)
    return latin.upper() if all_caps else latin[0].upper() + latin[1:]


def to_latin(text: str) -> str:
    """``text`` with every Serbian Cyrillic letter written in Serbian Latin, the rest unchanged.

    ``Љубљана`` gives ``Ljubljana``, ``ЉУБЉАНА`` gives ``LJUBLJANA``, ``Џ`` alone gives ``Dž``;
    Latin letters, digits, punctuation and letters of other alphabets are left as they are.
    """
    out: list[str] = []
    for index, char in enumerate(text):
        lower = char.lower()
        latin = _LOWER.get(lower)
        if latin is None:
            out.append(char)
        elif char == lower:
            out.append(latin)
        elif char in _DIGRAPH_CAPITALS:
            out.append(_capital_digraph(text, index, latin))
        else:
            out.append(latin.upper())
    return "".join(out)
