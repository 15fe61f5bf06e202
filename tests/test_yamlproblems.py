"""What the YAML parser says is wrong, in the user's language (arbiter.core.yamlproblems)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest


from arbiter.core.i18n import use_language
from arbiter.core.yamlproblems import _PROBLEMS, yaml_problem
from arbiter.core.yamlsource import Located, YamlSourceError

SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "scenarios").rglob("*.yaml"))
#: What a fault's place looks like in a line, with the parser's words after it.
ENGLISH = re.compile("|".join(re.escape(problem) for problem in _PROBLEMS))


def _said(text: str, language: str) -> str:
    with use_language(language), pytest.raises(YamlSourceError) as caught:
        Located(text)
    return caught.value.message


@pytest.mark.parametrize(("text", "english", "serbian", "bulgarian"), [
    ("a: [1\n", "malformed YAML: did not find expected ',' or ']'",
     "неисправан YAML: није нађен очекивани знак ',' или ']'",
     "невалиден YAML: не е намерен очакваният знак ',' или ']'"),
    ("a: b: c\n", "malformed YAML: mapping values are not allowed in this context",
     "неисправан YAML: вредности мапе нису дозвољене на овом месту",
     "невалиден YAML: стойности на съответствие не са разрешени на това място"),
    ("a: &x 1\nb: &x 2\n", "malformed YAML: an anchor (&) is given twice", "неисправан YAML: сидро (&) је дато двапут",
     "невалиден YAML: котва (&) е дадена два пъти"),
    ("<<: 5\n", "malformed YAML: a merge key (<<) takes a mapping or a list of mappings",
     "неисправан YAML: кључ спајања (<<) прима мапу или листу мапа",
     "невалиден YAML: ключът за сливане (<<) приема съответствие или списък от съответствия"),
    ("<<: [5]\n", "malformed YAML: a merge key's list (<<) holds mappings only",
     "неисправан YAML: листа кључа спајања (<<) садржи само мапе",
     "невалиден YAML: списъкът на ключа за сливане (<<) съдържа само съответствия"),
    ("a: !!python/name:os.system x\n",
     "malformed YAML: unknown tag 'tag:yaml.org,2002:python/name:os.system'",
     "неисправан YAML: непозната ознака 'tag:yaml.org,2002:python/name:os.system'",
     "невалиден YAML: непознат таг 'tag:yaml.org,2002:python/name:os.system'"),
    ("a\x07: 1\n", "malformed YAML: unacceptable character #x0007: control characters are not allowed",
     "неисправан YAML: недозвољен знак #x0007: контролни знаци нису дозвољени",
     "невалиден YAML: неразрешен знак #x0007: контролни знаци не са разрешени"),
])
def test_the_parser_s_faults_are_said_in_the_language(text: str, english: str, serbian: str, bulgarian: str) -> None:
    assert _said(text, "en") == english
    assert _said(text, "sr") == serbian
    assert _said(text, "bg") == bulgarian


@pytest.mark.parametrize(("text", "serbian"), [
    ("x: !!int [1]\n", "ознака тражи једну вредност (нађено: листа)"),
    ("x: !!seq {a: 1}\n", "ознака тражи листу (нађено: мапа)"),
    ("x: !!set [a]\n", "ознака тражи мапу (нађено: листа)"),
    ("x: !!omap {a: 1}\n", "ознака тражи листу (нађено: мапа)"),
    ("x: !!omap [a]\n", "свака ставка уређене мапе (!!omap, !!pairs) је мапа са једним кључем"),
    ("x: !!omap [{a: 1, b: 2}]\n", "свака ставка уређене мапе (!!omap, !!pairs) је мапа са једним кључем"),
    ("x: !!binary 'a'\n", "вредност !!binary није у base64"),
])
def test_a_value_of_the_wrong_kind_for_its_tag_is_said_in_the_language(text: str, serbian: str) -> None:
    assert _said(text, "sr") == "неисправан YAML: " + serbian


def test_a_message_not_known_is_quoted_as_it_is() -> None:
    assert yaml_problem("something a later release says") == "something a later release says"


def test_no_fault_of_a_mangled_scenario_is_said_in_the_parser_s_english() -> None:
    """Scenario files cut and stuffed with YAML's own characters: whatever the parser finds wrong
    is said in Serbian, never in its English words."""
    rng = random.Random(30)
    texts = [path.read_text(encoding="utf-8") for path in SCENARIOS]
    marks = list(":-[]{}#&*!|>'\"%@`,? \t\n") + ["- ", ": ", "\"\\", "!!", "&a", "*a", "<<", "---", "%YAML 1.1",
                                                    "!!int ", "!!seq ", "!!map ", "!!omap ", "!!binary "]
    refused = 0
    for _ in range(1500):
        text = rng.choice(texts)
        for _cut in range(rng.randint(1, 3)):
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(marks) + text[at + rng.randint(0, 3):]
        try:
            with use_language("sr"):
                Located(text)
        except YamlSourceError as err:
            refused += 1
            assert not ENGLISH.search(err.message), err.message
            assert not re.search(r"occurrence|constructor|but found|expected a", err.message), err.message
    assert refused > 500
