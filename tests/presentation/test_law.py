"""A law and a code presented, written out by hand from the toy library's YAML."""

from __future__ import annotations

from adjudicator.presentation.code import detail, summary
from adjudicator.presentation.law import law_detail
from tests.presentation.test_ruling import FULL_TEXT


def test_a_law_with_what_cites_it_and_the_same_law_in_the_house_rules(toy):
    whist = toy.code("toy-whist")
    data = law_detail(whist.laws["2"], whist, toy).data()
    assert data["cited_by"] == {
        "laws": ["1"],  # law 1's see also
        "remedies": [
            {"irregularity": "lead-out-of-turn", "irregularity_title": "A lead out of turn", "remedy": "trick-stands",
             "title": "The trick stands", "answers": {"others-played": "yes"}},
            {"irregularity": "lead-out-of-turn", "irregularity_title": "A lead out of turn", "remedy": "no-penalty",
             "title": "No penalty", "answers": {"others-played": "no", "who-led": "declarer"}},
            {"irregularity": "lead-out-of-turn", "irregularity_title": "A lead out of turn",
             "remedy": "call-card-or-suit", "title": "Call the card or a suit",
             "answers": {"others-played": "no", "who-led": "adversary"}},
        ],
    }  # fmt: skip
    assert data["elsewhere"] == [
        {
            "code": "toy-whist-house",
            "code_title": "Toy Whist, a club's house rules (1901)",
            "number": "2",
            "title": "Lead out of turn",
            "why": "same-inherited",
            "text": "Toy Whist, a club's house rules (1901): Law 2. Lead out of turn, the same law, inherited",
        }
    ]
    assert data["text_label"] == "Digest (our summary, in our own words; not the code's text)"
    assert data["quotes"][0]["label"] == "The code's own words, quoted"
    assert data["basis_text"] == "Checked against the full text of the code." and data["basis_notice"] is None


def test_a_rewritten_law_is_cited_by_the_house_remedy_only(toy):
    house = toy.code("toy-whist-house")
    data = law_detail(house.laws["3"], house, toy).data()
    assert data["title"] == "Revoke (house rule)" and data["origin"] == "toy-whist-house"
    assert [r["remedy"] for r in data["cited_by"]["remedies"]] == ["two-tricks"]
    assert [(c["code"], c["why"]) for c in data["elsewhere"]] == [("toy-whist", "earlier-extended")]


def test_a_code_in_a_list_and_in_full(toy):
    whist, house, general = toy.code("toy-whist"), toy.code("toy-whist-house"), toy.code("toy-general")
    assert summary(whist).data() == {
        "id": "toy-whist", "game": "toy-whist", "game_title": "Toy Whist", "title": "Toy Whist, test code",
        "edition": "first", "year": 1900, "body": "The test suite", "kind": "code", "extends": None,
        "fallback": "toy-general", "laws": 4, "irregularities": 2,
    }  # fmt: skip
    full = detail(house).data()
    assert full["name"] == "Toy Whist, a club's house rules (1901)" and full["general"] is None
    assert [law["number"] for law in full["laws"]] == ["1", "2", "3"]  # law 4 omitted
    # the parent's order, revoke overridden in place; exposed-card is inapplicable at the
    # house game, so the general laws are not offered for it
    assert [(i["id"], i["under"], i["general"]) for i in full["irregularities"]] == [
        ("lead-out-of-turn", "toy-whist-house", None),
        ("revoke", "toy-whist-house", None),
    ]
    assert [(i["id"], i["general"]) for i in detail(whist).data()["irregularities"]] == [
        ("lead-out-of-turn", None),
        ("revoke", None),
        ("exposed-card", "General laws: General laws for tests"),
    ]
    assert detail(general).data()["general"] == "General laws: they answer where a game's own code is silent."


PRINTED = """\
game: printed
game_title: Printed
title: Printed, a book
edition: one
year: 1900
body: Tests
verification: Tests.
sources:
  - {key: A, author: Ann Author, title: The Book, year: 1900, citation: "The book, the chapter on cutting"}
  - {key: B, author: Bob Critic, title: Notes on the Book, year: 1905, citation: "Notes, page 3"}
printed_in: A
sections: {s: Play}
laws:
  R-1:
    title: Cutting
    section: s
    text: Cut the pack.
    quotes:
      - {source: B, kind: commentary, words: Cut it well., note: On cutting.}
"""


def test_an_unnumbered_rule_printed_in_a_book_and_quoted_from_another(tmp_path):
    from dataclasses import replace

    from adjudicator.loader import load_library
    from adjudicator.model import Quote
    from adjudicator.presentation.law import law, quote

    (tmp_path / "printed.yaml").write_text(PRINTED)
    code = load_library(tmp_path).code("printed")
    rule = code.laws["R-1"]
    assert law(rule, code).data() == {
        "number": "R-1",
        "title": "Cutting",
        "name": "Cutting",
        "ref": "Cutting",
        "printed": False,
        "where_printed": "In Ann Author, The Book, 1900, under Play.",
        "section": "s",
        "section_title": "Play",
        "code": "printed",
        "origin": "printed",
        "topics": [],
        "text": "Cut the pack.",
        "text_label": "Digest (our summary, in our own words; not the code's text)",
        "quotes": [
            {
                "source": "B",
                "citation": "Bob Critic, Notes on the Book, 1905",
                "kind": "commentary",
                "words": "Cut it well.",
                "note": "On cutting.",
                "label": "Not the law's words: commentary on it, quoted",
            }
        ],
        "see_also": [],
        **FULL_TEXT,
        # the book it is printed in (not every source of the code), then the quote's
        "sources": ["Ann Author, The Book, 1900", "Bob Critic, Notes on the Book, 1905"],
        "same_as": {},
        "notes": None,
    }
    unquoted = replace(rule, quotes=())
    assert law(unquoted, code).sources == ["Ann Author, The Book, 1900"]
    assert law(replace(rule, section="gone"), code).section_title is None
    # a quote whose source the code does not list is not cited, nor listed among the sources
    assert quote(Quote("C", "Words."), code).citation is None
    assert law(replace(rule, quotes=(Quote("C", "Words."),)), code).sources == ["Ann Author, The Book, 1900"]
