"""Rulings and differences said in sentences (``arbiter.files.sentences``), and ``validate``'s text
output, which says them so: no ruling's fields, no code of the files, no empty brackets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arbiter.cli import main
from arbiter.core.i18n import code_words, use_language
from arbiter.files.sentences import difference_sentence, ruling_sentence
from arbiter.files.validate import Difference

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "reports"


@pytest.mark.parametrize(("language", "said"), [("en", "illegal moves"), ("sr", "неправилни потези"),
                                                ("bg", "неправилни ходове")])
def test_a_code_is_said_in_words(language: str, said: str) -> None:
    with use_language(language):
        assert code_words("reason", "illegal-moves") == said


@pytest.mark.parametrize(("language", "said"), [("en", "penalty"), ("sr", "казна"), ("bg", "наказание")])
def test_a_game_lost_under_12_9_names_its_reason_in_the_language(language: str, said: str) -> None:
    """The reason validate gives a result the arbiter's 12.9 penalty decides (the Laws' side of it)."""
    with use_language(language):
        assert code_words("reason", "penalty") == said


def test_a_claim_not_named_has_no_empty_brackets() -> None:
    with use_language("en"):
        assert ruling_sentence({"kind": "claim", "claimant": "black", "verdict": "upheld"}) == "Black's claim is upheld"
        assert ruling_sentence({"kind": "claim", "claimant": "white"}) == "White's claim is heard"
        named = ruling_sentence({"kind": "claim", "claimant": "white", "claim": "touch-move", "verdict": "rejected"})
        assert named == "White's claim (touch move) is rejected"
    with use_language("sr"):
        upheld = ruling_sentence({"kind": "claim", "claimant": "black", "verdict": "upheld"})
        assert upheld == "Рекламација црног – усвојена"


def test_a_sentence_within_a_sentence_keeps_its_own_case() -> None:
    difference = Difference({"kind": "result", "result": "1-0", "reason": "illegal-moves"}, None, "-", "")
    with use_language("en"):
        assert difference_sentence(difference) == ("The arbiter ruled: the result is 1-0 (illegal moves). "
                                                   "The Laws give no such ruling.")
    with use_language("sr"):  # a player's name keeps its capital
        time = Difference({"kind": "time", "player": "black", "seconds": 120},
                          {"kind": "time", "player": "black", "seconds": 60}, "A.3", "")
        assert difference_sentence(time) == ("Судија је одлучио: Црни добија 2 минута. "
                                             "Правила налажу: Црни добија 1 минут (A.3).")


def test_a_difference_of_the_result_is_a_sentence() -> None:
    text = "the arbiter gave the result 1-0; the Laws give 1/2-1/2"
    difference = Difference({"result": "1-0"}, {"result": "1/2-1/2"}, "6.9", text)
    with use_language("en"):
        assert difference_sentence(difference) == "The arbiter gave the result 1-0; the Laws give 1/2-1/2."


@pytest.mark.parametrize("language", ["en", "sr", "sr-Latn", "bg"])
def test_validate_says_the_differences_in_sentences(language: str, capsys: pytest.CaptureFixture[str]) -> None:
    reports = sorted(str(path) for path in EXAMPLES.glob("*.yaml") if "impossible" not in path.name)
    assert main(["validate", "--lang", language, *reports]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") > 40
    for code in ("{kind:", "player:", "seconds:", "()", "None", "illegal-moves", "Laws give *", "Правила дају *"):
        assert code not in out, code
    lines = out.splitlines()
    verdicts = [line for line in lines if not line.startswith(" ") and ".yaml" in line]
    starts = {line.index(str(EXAMPLES)) for line in verdicts}
    indents = {len(line) - len(line.lstrip()) for line in lines if line.startswith(" ")}
    assert len(starts) == 1 and indents == starts, (starts, indents)  # the names and what is below them in one column
    differences = [line.strip() for line in lines if line.lstrip().startswith("- ")]
    assert differences and all(re.fullmatch(r"- \w.*\.", text) and text[2].isupper() for text in differences)
    said = {  # one difference of examples/reports/blitz-illegal-move-corrected-too-late.yaml, with the Laws' why
        "en": "- The arbiter ruled: Black's claim is upheld. The Laws give: Black's claim is forfeited (A.5.2). "
              "Black has made his own move since the illegal move",
        "sr": "- Судија је одлучио: рекламација црног – усвојена. Правила налажу: рекламација црног – право "
              "изгубљено (A.5.2). Црни је после неправилног потеза одиграо свој потез",
        "sr-Latn": "- Sudija je odlučio: reklamacija crnog – usvojena. Pravila nalažu: reklamacija crnog – pravo "
                   "izgubljeno (A.5.2). Crni je posle nepravilnog poteza odigrao svoj potez",
        "bg": "- Съдията реши: претенцията на черните – уважена. Правилата изискват: претенцията на черните – "
              "правото е загубено (A.5.2). Черните направиха свой ход след неправилния ход",
    }[language]
    assert any(text.startswith(said) for text in differences), differences
