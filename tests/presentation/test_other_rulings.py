"""What other codes rule on the same facts (presentation.ruling.other_rulings), beside a
ruling: the toy library and five small codes written below, each answer worked out by hand.

The ruling asked for: Toy Whist (1900), a revoke that was established: three tricks go to
the other side."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from adjudicator.engine import adjudicate
from adjudicator.loader import load_library
from adjudicator.presentation.ruling import other_rulings

HEAD = """\
game: {game}
game_title: {game_title}
title: {title}
edition: one
year: {year}
body: Tests
verification: Tests.
{kind}sections: {{s: Play}}
laws:
  "1": {{title: Revoke, section: s, text: A revoke.}}
irregularities:
  revoke:
    title: A revoke
    phase: play
    summary: A revoke.
"""
THREE = "{title: Three tricks, now: Three tricks go to the other side., cites: ['1']}"  # toy-whist's, word for word
TWO = "{title: Two tricks, now: Two tricks go to the other side., cites: ['1']}"
NONE = "{title: No penalty, now: Play on., cites: ['1']}"
CLAIMED = """\
    start: claimed
    questions:
      claimed:
        ask: Was a penalty claimed?
        answers: {{"yes": penalty, "no": nothing}}
    remedies:
      penalty: {penalty}
      nothing: {NONE}
"""
# seven questions in a row, none answered: 128 ways to end, too many to say what it rules
DEEP = (
    "    start: q0\n    questions:\n"
    + "".join(
        f'      q{i}:\n        ask: Question {i}?\n        answers: {{"yes": {nxt}, "no": {nxt}}}\n'
        for i, nxt in enumerate([*(f"q{n}" for n in range(1, 7)), "done"])
    )
    + f"    remedies:\n      done: {NONE}\n"
)

CODES = {
    # same game, rules the same: an established revoke costs three tricks
    "toy-whist-club": ("toy-whist", "Toy Whist", "Toy Whist, the club's rules", 1902, "", f"""\
    start: established
    questions:
      established:
        ask: Was the revoke established?
        answers: {{"yes": three, "no": nothing}}
    remedies:
      three: {THREE}
      nothing: {NONE}
"""),
    # same game, needs a fact, and no answer to it rules three tricks
    "toy-whist-late": ("toy-whist", "Toy Whist", "Toy Whist, the late rules", 1910, "",
                       CLAIMED.format(penalty=TWO, NONE=NONE)),
    # another game: no help at this table
    "toy-euchre": ("toy-euchre", "Toy Euchre", "Toy Euchre", 1905, "", f"    start: three\n    remedies:\n      three: {TWO}\n"),
    # general laws: one answer to the fact they need rules three tricks
    "toy-rules": ("toy-rules", "Toy Rules", "Toy general rules", 1890, "kind: general\n",
                  CLAIMED.format(penalty=THREE, NONE=NONE)),
    # general laws that leave too much open
    "toy-deep": ("toy-deep", "Toy Deep", "Toy deep rules", 1891, "kind: general\n", DEEP),
}  # fmt: skip


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    folder = tmp_path_factory.mktemp("laws")
    for path in (Path(__file__).parent.parent / "fixtures" / "laws").glob("*.yaml"):
        shutil.copy(path, folder)
    for code_id, (game, game_title, title, year, kind, body) in CODES.items():
        head = HEAD.format(game=game, game_title=game_title, title=title, year=year, kind=kind)
        (folder / f"{code_id}.yaml").write_text(head + body)
    return load_library(folder)


def test_what_the_other_codes_of_the_game_and_the_general_laws_rule_on_the_same_facts(library):
    whist = library.code("toy-whist")
    answers = {"established": "yes"}
    ruling = adjudicate(whist, "revoke", answers)
    assert ruling.remedy.id == "three-tricks"
    others = [o.data() for o in other_rulings(library, whist, ruling, answers)]
    assert others == [
        # the codes of the game in the library's order, by year
        {"code": "toy-whist-house", "title": "Toy Whist, a club's house rules (1901)",
         "in_game": "A club's house rules (1901)", "same_game": True, "result": "Two tricks.", "answers": {},
         "differs": True},
        {"code": "toy-whist-club", "title": "Toy Whist, the club's rules (1902)", "in_game": "The club's rules (1902)",
         "same_game": True, "result": "Three tricks.", "answers": {"established": "yes"}, "differs": False},
        {"code": "toy-whist-late", "title": "Toy Whist, the late rules (1910)", "in_game": "The late rules (1910)",
         "same_game": True, "result": "Needs one more fact: Was a penalty claimed?", "answers": {},
         "differs": True},
        # toy-euchre, another game, is left out; the general laws come last
        {"code": "toy-deep", "title": "Toy deep rules (1891)", "in_game": "Toy deep rules (1891)",
         "same_game": False, "result": "Needs one more fact: Question 0?", "answers": {}, "differs": False},
        {"code": "toy-rules", "title": "Toy general rules (1890)", "in_game": "Toy general rules (1890)",
         "same_game": False, "result": "Needs one more fact: Was a penalty claimed?", "answers": {},
         "differs": False},
    ]  # fmt: skip


def test_a_code_that_rules_the_same_as_another_that_rules_otherwise(library):
    """From the house rules' ruling (two tricks, no question asked), Toy Whist and the club
    need the fact it skipped; the late rules may well rule two tricks."""
    house = library.code("toy-whist-house")
    ruling = adjudicate(house, "revoke", {})
    found = {o.code: (o.result, o.differs) for o in other_rulings(library, house, ruling, {})}
    assert found["toy-whist"] == ("Needs one more fact: Was the revoke established?", True)
    assert found["toy-whist-late"] == ("Needs one more fact: Was a penalty claimed?", False)
    assert found["toy-rules"] == ("Needs one more fact: Was a penalty claimed?", True)


def test_rulings_that_share_one_outcome_of_several_still_differ(library):
    """Not sure whether the revoke was established: Toy Whist rules three tricks or the card
    corrected, the club three tricks or no penalty; one outcome in common is not the same ruling."""
    whist = library.code("toy-whist")
    answers = {"established": "not-sure"}
    ruling = adjudicate(whist, "revoke", answers)
    found = {o.code: (o.result, o.differs) for o in other_rulings(library, whist, ruling, answers)}
    assert found["toy-whist-club"] == ("It depends: 2 possible outcomes.", True)
