"""The vocabulary and its sentences (adjudicator.presentation.words), written out by hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.model import Effect, Next, Unsure
from adjudicator.presentation import words


@pytest.fixture
def whist(toy):
    return toy.code("toy-whist")


@pytest.mark.parametrize(
    "effect,text",
    [
        (Effect("score", to="declarer", amount=50, unit="points"), "Score 50 points to the declarer"),
        (Effect("stakes", from_="offender", to="either-adversary"), "Payment from the offender to either adversary"),
        (Effect("score", at_most=900, unit="points", to="declarer"), "Score of at most 900 points to the declarer"),
        (Effect("score", unit="honours", who="declarer"), "Score honours (the declarer)"),
        (
            Effect("barred", who="offender-partner", detail="from bidding"),
            "Barred (the offender's partner): from bidding",
        ),
        (Effect("other", who="dealer", detail="deals again"), "The dealer: deals again"),
        (Effect("other", detail="the pool is doubled"), "The pool is doubled"),
        (Effect("new-deal", who="some-one-unnamed"), "New deal (some one unnamed)"),
        (Effect("penalty-forfeited"), "The penalty is forfeited"),
    ],
)
def test_an_effect_as_a_sentence_fragment(whist, effect, text):
    assert words.effect_text(effect, whist) == text


def test_what_happens_next_and_what_is_unsure(whist):
    assert words.next_lines(whist, None) == []
    every = Next(who="declarer", does="leads", bidding="reopens", deal="redealt", stands="The bid stands.",
                 example="A pays B 3.", note="Then go on.")  # fmt: skip
    assert words.next_lines(whist, every) == [
        "The declarer leads next.",
        "The bidding reopens: every player may call again.",
        "The cards are dealt again.",
        "The bid stands.",
        "Then go on.",
        "For example: A pays B 3.",
    ]
    assert words.next_lines(whist, Next(who="declarer")) == []  # who without what he does says nothing
    assert words.next_lines(whist, Next(bidding="closed", deal="void")) == [
        "The bidding is closed.",
        "The deal does not count.",
    ]
    assert words.unsure_text(whist, None) is None
    assert words.unsure_text(whist, Unsure("the 1915 wording", "either-adversary", None)) == (
        "Not known: the 1915 wording. Until it is settled, either adversary decides."
    )
    assert words.unsure_text(whist, Unsure(None, "either-adversary", "Ask.")) == "Ask."
    assert words.unsure_text(whist, Unsure("x", None, None)) == "Not known: x."


def test_a_law_checked_needs_no_notice_and_one_not_checked_says_how_far(whist):
    law = whist.laws["2"]
    assert words.basis_notice(law) is None
    assert words.basis_notice(replace(law, basis="seed")) is None
    assert (
        words.basis_text(replace(law, basis="seed"))
        == "Checked against the words of a book of the period that gives this law."
    )
    assert words.basis_notice(replace(law, basis="passage")) == (
        "Checked against a passage of the code, not its complete text."
    )
    assert words.basis_notice(replace(law, basis="provisional", basis_note="The 1913 text.")) == (
        "Not yet checked against this code's own text. The 1913 text."
    )
    assert words.basis_notice(replace(law, basis="inferred")) == (
        "Inferred from other laws or commentary; the code's own words are not confirmed."
    )


def test_names_of_codes_and_laws(toy):
    whist = toy.code("toy-whist")
    assert words.code_line(whist) == "Toy Whist, test code (1900)"
    assert words.code_line(replace(whist, title="Toy Whist of 1900")) == "Toy Whist of 1900"
    assert words.edition_line(whist) == "first, 1900; The test suite"
    assert words.law_name("50") == "Law 50" and words.law_name("50", "Bids") == "Law 50. Bids"
    assert (
        words.law_name("37(c)", "Revoke") == "Law 37(c). Revoke"
        and words.law_name("50a", "Barred") == "Law 50a. Barred"
    )
    # an unnumbered rule is named by its title, never by our id
    assert words.law_name("NAP-HGM-05", "Revoke: the hand is replayed") == "Revoke: the hand is replayed"
    assert words.law_ref("FR-5", "Wrong number of cards") == "Wrong number of cards"
    assert words.law_ref("50", "Bids") == "Law 50" and words.law_ref("37(c)") == "Law 37(c)"
    # laws the book prints together are named as it prints them
    assert words.law_name("4-6", "The table") == "Laws 4 to 6. The table"
    assert words.needs_fact("Who led?") + "." != words.full_stop(words.needs_fact("Who led?"))
    assert words.full_stop("Who led?") == "Who led?" and words.full_stop("He led") == "He led."


def test_a_source_is_cited_as_a_reader_cites_it_and_an_unnumbered_rule_by_where_it_is_printed(toy):
    whist, general = toy.code("toy-whist"), toy.code("toy-general")
    assert words.source_line(whist.sources["T"]) == "The test suite, Toy Whist, 2000"
    assert words.where_printed(whist, whist.laws["2"]) is None  # numbered: its number says where
    assert words.where_printed(general, general.laws["G-1"]) == (
        "In The test suite, General Laws for Toys, 1897, under General."
    )
    assert words.sureness(replace(whist.laws["2"], basis="provisional", basis_note="The 1913 text.")) == (
        "The 1913 text."
    )
    assert words.source_notes([("Law 2", "Checked.", ["A, B, 1900", "C, D, 1901"])]) == [
        "Law 2: Checked.",
        "Taken from: A, B, 1900; C, D, 1901.",
    ]
    # laws as sure as each other are named together, the sentence said once
    assert words.source_notes(
        [("Law 2", "Checked.", ["A, B, 1900"]), ("Law 3", "Checked.", []), ("Law 4", "Not.", [])]
    ) == [
        "Law 2; Law 3: Checked.",
        "Law 4: Not.",
        "Taken from: A, B, 1900.",
    ]
    assert words.extends(whist) == "extends Toy Whist, test code"
    assert words.general_laws_tag(toy.code("toy-general")) == "General laws: General laws for tests"
    assert words.ruling_on("A revoke", whist) == "A revoke: the ruling under Toy Whist, test code (1900)"
    assert words.needs_fact("Who led?") == "Needs one more fact: Who led?"
    assert words.sentence_start("either adversary") == "Either adversary" and words.sentence_start("") == ""


def test_the_consult_sentences_and_the_labels_the_templates_read():
    assert words.CONSULT == {
        "allowed": "Partners may consult before choosing.",
        "forbidden": "Partners may not consult: the chooser decides alone.",
        "not-stated": "The law does not say whether partners may consult.",
    }
    assert words.LABELS["UNTIL"] == "Until" and words.LABELS["WHAT_NEXT"] == "What happens next"
    assert words.AGREEMENT["waiting"].format(codes="A and B") == "A and B must know one more fact before ruling."


def test_the_verb_agrees_with_the_chooser():
    assert words.chooses("both players together (they must agree)") == "Both players together (they must agree) choose"
    assert words.chooses("the declarer's adversaries") == "The declarer's adversaries choose"
    assert words.chooses("the two adversaries of the lone player") == "The two adversaries of the lone player choose"
    assert words.chooses("either adversary (one of them may decide alone)") == (
        "Either adversary (one of them may decide alone) chooses"
    )
    assert words.chooses("the player playing alone") == "The player playing alone chooses"
    assert words.chooses("the dealer's side (the dealer and his partner, if any)") == (
        "The dealer's side (the dealer and his partner, if any) chooses"
    )
