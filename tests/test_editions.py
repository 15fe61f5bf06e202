"""The editions of the Laws (issue 32): ``rules/editions.yaml``, the articles of each edition, the
changes between two, the edition a file is ruled by, and each difference as a pair of scenarios
that rule differently."""

from __future__ import annotations

import datetime as dt
import random
import json
import re
from pathlib import Path

import pytest

from arbiter.cli import main
from arbiter.core.clock import TimeControl
from arbiter.core.errors import ScenarioError, UnknownArticleError, UnknownEditionError
from arbiter.files.audit import audit_text
from arbiter.files.scenario import load, loads, run
from arbiter.laws import articles as laws
from arbiter.laws.editions import (CURRENT, changes, edition, edition_article, edition_articles, edition_on,
                                   edition_subarticles, names, number_order, own_articles, ruleset_for,
                                   written_day)
from arbiter.session import Session
from tests.conftest import Piped

ROOT = Path(__file__).resolve().parents[1]
PAIRS_DIR = ROOT / "scenarios" / "editions"
PAIR = re.compile(r"the pair of ([\w.-]+\.yaml)")


def test_the_editions_in_order_each_until_the_next() -> None:
    assert names() == ["2009", "2014", "2017", "2018", "2023"]
    assert [edition(n).in_force for n in names()] == [
        dt.date(2009, 7, 1), dt.date(2014, 7, 1), dt.date(2017, 7, 1), dt.date(2018, 1, 1), dt.date(2023, 1, 1)]
    assert edition("2017").until == dt.date(2017, 12, 31) and edition(CURRENT).until is None
    assert edition(2018).name == "2018" and edition(None).name == CURRENT
    with pytest.raises(UnknownEditionError, match="the editions are 2009, 2014, 2017, 2018, 2023"):
        edition("1999")


@pytest.mark.parametrize(("day", "name"), [
    ("2008-12-31", "2009"), ("2014-06-30", "2009"), ("2014-07-01", "2014"), ("2017-06-30", "2014"),
    ("2017-07-01", "2017"), ("2017-12-29", "2017"), ("2018-01-01", "2018"), ("2022-12-31", "2018"),
    ("2023-01-01", "2023"), ("2026-12-05", "2023")])
def test_the_edition_in_force_on_a_day(day: str, name: str) -> None:
    assert edition_on(dt.date.fromisoformat(day)).name == name


@pytest.mark.parametrize(("text", "day"), [
    ("2017-12-29", dt.date(2017, 12, 29)), ("2017.12.29", dt.date(2017, 12, 29)),
    ("29.12.2017.", dt.date(2017, 12, 29)),
    ("29. 12. 2017", dt.date(2017, 12, 29)), ("2017.??.??", None), ("December 2017", None), ("2017-02-30", None),
    (dt.date(2014, 7, 1), dt.date(2014, 7, 1)), (None, None)])
def test_a_reports_date_is_read_as_a_day_or_not_at_all(text: str | dt.date | None, day: dt.date | None) -> None:
    assert written_day(text) == day


def test_the_code_cites_2023_numbers_and_each_edition_shows_its_own() -> None:
    assert edition(CURRENT).numbers == {}
    assert edition("2009").cite("7.5.5") == "7.4.b" and edition("2014").cite("7.5.5") == "7.5.b"
    assert edition("2017").cite("7.5.5") == "7.5.3" and edition("2017").cite("7.5.3") == "7.8.1"
    assert edition("2018").cite("A.5.2") == "A.4.2" and edition("2018").cite("4.3") == "4.3"
    for name in names():  # every key is a 2023 article the arbiter cites, or the edition's own
        for key in edition(name).numbers:
            cited = key.split(":")[0]  # "7.5.5:7.5.3": the penalty of one kind of illegal move
            assert cited in laws.articles() or key.startswith(f"{name}/"), (name, key)


def test_each_edition_rules_by_its_own_numbers() -> None:
    assert [edition(n).ruleset("standard")["strikes_to_lose"] for n in names()] == [3, 2, 2, 2, 2]
    assert [edition(n).ruleset("rapid")["illegal_move_penalty"] for n in names()] == [120, 120, 120, 120, 60]
    assert [edition(n).ruleset("standard")["incorrect_claim_penalty"] for n in names()] == [180, 120, 120, 120, 120]
    assert [edition(n).ruleset("rapid")["supervision"]["partial"].get("strikes_to_lose") for n in names()] == [
        None, 1, 1, None, None]
    assert [edition(n).fivefold for n in names()] == ["none", "consecutive", "any", "any", "any"]
    # the overrides change a copy: 2023's numbers stay as rules/rulesets.yaml writes them
    assert laws.rulesets()["standard"]["strikes_to_lose"] == 2


@pytest.mark.parametrize(("control", "rulesets"), [
    ("600", ["blitz"] * 5), ("720", ["blitz", "rapid", "rapid", "rapid", "rapid"]),
    ("840+0", ["blitz", "rapid", "rapid", "rapid", "rapid"]), ("900", ["rapid"] * 5),
    ("3599", ["rapid"] * 5), ("3600", ["standard"] * 5)])
def test_rapid_and_blitz_as_each_edition_defines_them(control: str, rulesets: list[str]) -> None:
    # 2009: blitz under 15 minutes, rapid from 15 (A.1, B.1 of 2009); since 2014 over 10 minutes is rapid
    assert [ruleset_for(TimeControl.parse(control), n) for n in names()] == rulesets


def test_an_editions_articles_are_2023s_renumbered_unless_it_writes_its_own() -> None:
    for name in names():
        found = edition_articles(name)
        assert list(found) == sorted(found, key=number_order), name
    assert "9.6.1" not in edition_articles("2009") and "7.5.3" not in edition_articles("2014")
    assert edition_articles("2018")["A.4.2"].title == laws.article("A.5.2").title
    # an article two 2023 articles become one is written whole by its edition
    for name in names():
        cited = [edition(name).cite(n) for n in laws.articles() if n not in edition(name).absent]
        joined = {n for n in cited if cited.count(n) > 1}
        assert joined <= set(own_articles(name)), (name, joined - set(own_articles(name)))


def test_the_articles_of_an_edition_by_number() -> None:
    assert [a.number for a in edition_subarticles("2018", "A.4")][:2] == ["A.4.1", "A.4.2"]
    assert edition_article("2014", "7.5.b").number == "7.5.b"
    assert edition_article(CURRENT, "7.5.5").title == laws.article("7.5.5").title
    with pytest.raises(UnknownArticleError, match="in the Laws of 2009"):
        edition_subarticles("2009", "9.6.1")
    assert number_order("4.10") > number_order("4.9") and number_order("A.1") > number_order("12.9")


def test_changes_from_2018_to_2023() -> None:
    found = {(c.old.number if c.old else None, c.new.number if c.new else None): c.kind
             for c in changes("2018", "2023")}
    assert found[("A.4.2", "A.5.2")].startswith("renumbered")
    assert found[("5.1.2", "5.1.2")] == "reworded"  # resignation against a player who cannot mate
    assert ("4.3", "4.3") not in found  # unchanged
    assert changes("2023", "2023") == []
    backwards = {(c.old.number if c.old else None, c.new.number if c.new else None) for c in changes("2023", "2018")}
    assert ("A.5.2", "A.4.2") in backwards
    assert any(c.kind == "added" and c.new is not None and c.new.number.startswith("9.6")
               for c in changes("2009", "2014"))


def _pairs() -> list[tuple[Path, Path]]:
    found = []
    for path in sorted(PAIRS_DIR.glob("*.yaml")):
        other = PAIR.search(load(path).spec.source or "")
        assert other is not None, f"{path.name}: its source names no pair"
        found.append((path, PAIRS_DIR / other.group(1)))
    return found


def test_every_difference_is_a_pair_of_the_same_events() -> None:
    pairs = _pairs()
    assert len(pairs) >= 30
    for path, other in pairs:
        one, two = load(path), load(other)
        assert one.spec.laws != two.spec.laws, path.name
        assert [e.describe() for e in one.events] == [e.describe() for e in two.events], path.name
        assert one.start.fen() == two.start.fen() and one.control == two.control, path.name


@pytest.mark.parametrize(("path", "other"), _pairs(), ids=lambda p: p.stem)
def test_a_pair_rules_differently_under_the_other_edition(path: Path, other: Path) -> None:
    # each file holds under its own edition and not under its pair's: the rulings differ
    assert run(load(path)).status == "passed"
    laws_of_other = load(other).settings.laws
    assert run(load(path, laws=laws_of_other)).status == "failed", f"{path.name} also holds under {laws_of_other}"


@pytest.mark.slow  # the whole library five times: 8 s
def test_every_article_a_ruling_cites_is_in_its_edition() -> None:
    # the whole library under each edition: every ruling's article is one its edition holds
    files = sorted((ROOT / "scenarios").rglob("*.yaml"))
    for name in names():
        held = edition_articles(name)
        missing: set[str] = set()
        for path in files:
            outcome = run(load(path, laws=name))
            missing |= {r.article for r in outcome.referee.rulings if r.article not in held}
        assert missing == set(), name


def test_a_file_names_its_edition_or_takes_it_from_its_date() -> None:
    assert loads("title: t\nlaws: 2014\n").settings.laws == "2014"
    assert loads("title: t\nlaws: '2017'\n").laws_from == "file"
    dated = loads("report: {date: 2017-12-29}\nruling: {}\n")
    assert (dated.settings.laws, dated.laws_from) == ("2017", "date")
    assert loads("report: {date: '29.12.2017.'}\nruling: {}\n").settings.laws == "2017"
    assert loads("report: {date: 2016.??.??}\nruling: {}\n").laws_from == "default"
    # the file's own setting wins over its date, the command's over both
    assert loads("laws: 2009\nreport: {date: 2017-12-29}\nruling: {}\n").settings.laws == "2009"
    assert loads("laws: 2009\nreport: {date: 2017-12-29}\nruling: {}\n", laws="2018").laws_from == "command"
    assert loads("title: t\n").settings.laws == CURRENT


def test_an_unknown_edition_in_a_file_is_a_clear_error() -> None:
    with pytest.raises(ScenarioError, match=r"<scenario>:2: laws: .*unknown edition of the Laws '1999'"):
        loads("title: t\nlaws: 1999\n")


def test_a_session_is_ruled_by_the_edition_it_is_given() -> None:
    session = Session.from_position(fen="4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", laws="2018")
    step = session.apply("white: resign")
    assert step.view.laws == "2018" and step.view.result == "0-1"
    assert Session.from_position(fen="4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").apply("white: resign").view.result == "1/2-1/2"


# -- the command line ---------------------------------------------------------------------------------


def test_laws_prints_an_editions_articles(piped: Piped) -> None:
    done = piped(["laws", "--laws", "2018", "7.5"])
    assert done.returncode == 0 and done.stdout.startswith("The Laws of Chess of 2018 (in force from 2018-01-01):")
    assert "7.5.5 " in done.stdout
    done = piped(["laws", "--laws", "2014", "7.5", "--format", "json"])
    assert [a["article"] for a in json.loads(done.stdout)] == ["7.5", "7.5.a", "7.5.b"]
    done = piped(["laws", "--laws", "2009", "9.6.1"])
    assert (done.returncode, done.stderr) == (2, "arbiter laws: unknown article '9.6.1' in the Laws of 2009\n")


def test_laws_diff_lists_what_changed(piped: Piped) -> None:
    done = piped(["laws", "--diff", "2018", "2023"])
    assert done.returncode == 0
    assert done.stdout.startswith("From the Laws of Chess of 2018 (in force from 2018-01-01) to those of 2023")
    assert "A.4.2 -> A.5.2 " in done.stdout and "5.1.2 " in done.stdout
    document = json.loads(piped(["laws", "--diff", "2018", "2023", "--format", "json"]).stdout)
    assert document["old"] == "2018" and {"change", "old", "new"} <= set(document["changes"][0])
    only = piped(["laws", "--diff", "2017", "2018", "A.4"]).stdout
    assert "A.4.2" in only and "5.1.2" not in only


@pytest.mark.parametrize(("args", "said"), [
    (["laws", "--laws", "1999"], "unknown edition of the Laws '1999': the editions are 2009, 2014, 2017, 2018, 2023"),
    (["run", "--laws", "2010", "scenarios"], "unknown edition of the Laws '2010'"),
    (["laws", "--diff", "2018"], "expected 2 arguments"),
    (["laws", "--diff", "2018", "2023", "--laws", "2018"], "--diff OLD NEW compares two editions: it takes no --laws")])
def test_a_wrong_edition_on_the_command_line_is_a_usage_error(capsys: pytest.CaptureFixture[str], args: list[str],
                                                              said: str) -> None:
    with pytest.raises(SystemExit) as caught:
        main(args)
    assert caught.value.code == 2 and said in capsys.readouterr().err


def test_validate_rules_a_2017_report_by_the_2017_laws_and_says_so(piped: Piped) -> None:
    reports = ROOT / "examples" / "reports"
    done = piped(["validate", str(reports / "blitz-2017-first-illegal-move-lost.yaml"),
                  str(reports / "blitz-2018-first-illegal-move-lost.yaml")])
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0].startswith("CONSISTENT") and lines[1].strip() == (
        "Ruled by the Laws of Chess of 2017 (in force from 2017-07-01): the edition in force on the report's "
        "date, 2017-12-29.")
    assert lines[2].startswith("INCONSISTENT") and "Laws of Chess of 2018" in lines[3]
    report = str(reports / "blitz-2017-first-illegal-move-lost.yaml")
    document = json.loads(piped(["validate", "--format", "json", report]).stdout)
    assert document["reports"][0]["laws"] == {"edition": "2017", "in_force": "2017-07-01", "from": "date"}
    # the command's edition wins over the date
    done = piped(["validate", "--laws", "2018", str(reports / "blitz-2017-first-illegal-move-lost.yaml")])
    assert done.returncode == 1 and "the edition --laws names" in done.stdout


def test_explain_says_the_edition_and_quotes_its_articles(piped: Piped) -> None:
    done = piped(["explain", str(PAIRS_DIR / "illegal-third-loses-2009.yaml")])
    assert "Ruled by the Laws of Chess of 2009 (in force from 2009-07-01): the edition the file names." in done.stdout
    assert "result (7.4.b)" in done.stdout


# -- the audit: each game by the edition of its date ----------------------------------------------------

_LONE_KING = ('[Event "t"]\n[Date "{date}"]\n[White "a"]\n[Black "b"]\n[Result "0-1"]\n'
              '[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"]\n[SetUp "1"]\n\n1... Kd7 0-1\n')


@pytest.mark.parametrize(("date", "laws", "found"), [
    ("2022.12.31", "2018", []), ("2023.01.01", "2023", ["should-be-draw"]), ("????.??.??", "2023", ["should-be-draw"])])
def test_the_audit_rules_a_resignation_by_the_laws_of_the_games_date(date: str, laws: str, found: list[str]) -> None:
    # White resigned against Black's lone king: a loss before 2023, a draw since (5.1.2)
    audited = audit_text((1, _LONE_KING.format(date=date)))
    assert audited.laws == laws and [f.kind for f in audited.findings] == found
    assert audit_text((1, _LONE_KING.format(date="2022.12.31")), laws="2023").laws == "2023"


def test_the_audit_counts_fivefold_as_the_games_edition_does() -> None:
    # the initial position at plies 0, 8, 16, 24, 32; every other position at most four times
    moves = ("1. Nf3 Nf6 2. Nc3 Nc6 3. Ng1 Ng8 4. Nb1 Nb8 5. Nf3 Nf6 6. Nc3 Nc6 7. Ng1 Ng8 8. Nb1 Nb8 "
             "9. Nf3 Nf6 10. Nc3 Nc6 11. Ng1 Ng8 12. Nb1 Nb8 13. Nf3 Nf6 14. Nc3 Nc6 15. Ng1 Ng8 16. Nb1 Nb8 "
             "17. e4 1-0")
    game = '[Event "t"]\n[Date "{date}"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n' + moves + "\n"
    in_2016 = audit_text((1, game.format(date="2016.05.01")))
    in_2018 = audit_text((1, game.format(date="2018.05.01")))
    assert "ran-past-ending" not in [f.kind for f in in_2016.findings]  # not five in a row (9.6.a of 2014)
    assert [(f.kind, f.article) for f in in_2018.findings if f.kind == "ran-past-ending"] == [
        ("ran-past-ending", "9.6.1")]
    assert json.loads(json.dumps(in_2016.as_dict()))["laws"] == "2014"


def test_a_quiz_question_shows_the_edition_its_answer_depends_on() -> None:
    from arbiter.session.quiz import questions

    found = {q.scenario.path: q for q in questions([PAIRS_DIR], random.Random(0))}
    older = found[str(PAIRS_DIR / "resignation-cannot-mate-2018.yaml")].context()
    assert "laws" in older.depends and not older.hidden
    assert "The Laws of Chess of 2018 (in force from 2018-01-01)." in older.lines()
    current = found[str(PAIRS_DIR / "resignation-cannot-mate-2023.yaml")].context()
    assert "laws" not in current.depends and not any("Laws of Chess" in line for line in current.lines())


def test_teach_says_the_edition_when_it_is_not_todays(piped: Piped) -> None:
    older = piped(["teach", "--laws", "2014"], ":quit\n")
    assert "The Laws of Chess of 2014 (in force from 2014-07-01)." in older.stdout
    assert "The Laws of Chess of" not in piped(["teach"], ":quit\n").stdout


@pytest.mark.parametrize("laws", ["2014", "2017", "2018", "2023"])
def test_the_definitions_of_rapid_and_blitz_are_in_every_edition(laws: str, capsys: pytest.CaptureFixture[str]) -> None:
    for article, words in (("A.1", "more than 10 minutes"), ("B.1", "10 minutes or less")):
        assert main(["laws", "--laws", laws, article]) == 0
        assert words in " ".join(capsys.readouterr().out.split())
    assert main(["laws", "--diff", "2009", "2014"]) == 0
    diff = capsys.readouterr().out
    assert "A.1 Rapid chess  [reworded]" in diff and "B.1 Blitz  [reworded]" in diff  # never "removed" in 2014


@pytest.mark.parametrize(("typed", "number"), [("b.3.c", "B.3.c"), ("B.3.C", "B.3.c"), ("7.4.A", "7.4.a"),
                                               ("a.4.2", "A.4.2"), ("iii.4", "III.4"), (" 4.3.1 ", "4.3.1")])
def test_an_article_typed_in_either_case_is_read_as_the_laws_number_it(typed: str, number: str) -> None:
    from arbiter.laws.articles import article_number

    assert article_number(typed) == number


def test_a_lettered_article_of_an_older_edition_can_be_looked_up(capsys: pytest.CaptureFixture[str]) -> None:
    """`arbiter laws --laws 2009 B.3.c` was "unknown article 'B.3.C'": every article with a
    letter after its number (7.4.a, A.4.c, ...) of 2009 and 2014 was out of reach, though rulings
    cite them (found by a helper as a Serbian arbiter)."""
    assert main(["laws", "--laws", "2009", "B.3.c"]) == 0
    assert "B.3.c " in capsys.readouterr().out
    assert main(["laws", "--laws", "2014", "a.4.b"]) == 0
    assert "A.4.b " in capsys.readouterr().out
