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


def test_an_effect_names_a_role_with_a_bracket_of_its_own_after_a_comma(whist):
    younger = replace(whist, roles={**whist.roles, "dealer": "the younger hand (the dealer)"})
    assert words.effect_text(Effect("barred", who="dealer"), younger) == "Barred, the younger hand (the dealer)"
    assert words.effect_text(Effect("tricks", at_most=3), whist) == "Tricks of at most 3"
    assert words.effect_text(Effect("tricks", amount=2), whist) == "Tricks 2"


def test_a_word_the_vocabulary_lacks_is_shown_as_written(whist):
    """Data newer than the vocabulary (a kind of effect, an act, a basis, a way of consulting
    the law-file format added later) reads as written, never as 'None'."""
    assert words.effect_text(Effect("forfeit"), whist) == "forfeit"
    assert words.next_lines(whist, Next(who="declarer", does="passes")) == ["The declarer passes next."]
    assert words.basis_text(replace(whist.laws["2"], basis="hearsay")) == "hearsay"
    assert words.consult_text(whist, "by-signs") == "by-signs"
    assert words.consult_text(whist, "allowed") == "Partners may consult before choosing."


def test_a_sentence_ends_once(whist):
    assert words.full_stop("He led  ") == "He led."
    assert words.full_stop("He led. ") == "He led."
    assert words.full_stop("  He led") == "  He led."
    assert words.full_stop("Stop!") == "Stop!" and words.full_stop("And so on…") == "And so on…"


def test_the_laws_a_ruling_rests_on_in_one_line():
    assert words.laws_line([]) == ""
    assert words.laws_line([("37(c)", "37", "Revoke")]) == "Law 37(c)"
    assert words.laws_line([("50", "50", "Bids"), ("44", "44", None)]) == "Laws 50 and 44"
    assert words.laws_line([("50", "50", "Bids"), ("44", "44", None), ("50a", "50a", "Barred")]) == (
        "Laws 50, 44 and 50a"
    )
    # an unnumbered rule by its title, or (no title) as cited; after the numbered laws
    assert words.laws_line([("NAP-5(a)", "NAP-5", "Revoke: the hand is replayed"), ("2", "2", "Leads")]) == (
        "Law 2; Revoke: the hand is replayed"
    )
    assert words.laws_line([("NAP-5(a)", "NAP-5", None), ("FR-1", "FR-1", "Cutting")]) == "NAP-5(a); Cutting"
    assert words.law_ref("NAP-HGM-05") == "A rule the book does not number"


def test_codes_counted_and_named_under_their_game(toy):
    assert [words.codes_count(n) for n in (0, 1, 4)] == ["0 codes of laws", "1 code of laws", "4 codes of laws"]
    assert words.code_in_game(toy.code("toy-whist-house")) == "A club's house rules (1901)"
    assert words.code_in_game(toy.code("toy-whist")) == "Test code (1900)"
    assert words.code_in_game(toy.code("toy-general")) == "General laws for tests (1897)"  # not under its game
    assert words.rules_differently(1, "Toy Whist") == (
        "Another code of Toy Whist rules differently on these facts; compare with"
    )
    assert words.rules_differently(2, "Toy Whist") == (
        "2 other codes of Toy Whist rule differently on these facts; compare with"
    )
    assert words.silent_here(toy.code("toy-general")) == (
        "This code is silent on it; the general laws apply: General laws for tests (1897)."
    )


def test_where_an_unnumbered_rule_is_printed_says_what_is_known(toy):
    general = toy.code("toy-general")
    rule = general.laws["G-1"]
    assert words.where_printed(replace(general, printed_in=None), rule) == "Under General."
    assert words.where_printed(general, replace(rule, section="nowhere")) == (
        "In The test suite, General Laws for Toys, 1897."
    )
