"""Reading a query: a citation is taken out of the words where it was found; the filters,
the words that name a code, the laws cited, and the forms a unit is searched as."""

from __future__ import annotations

from typing import ClassVar

import pytest

import adjudicator.search.query as Q
from adjudicator.search.documents import CodeInfo
from adjudicator.search.query import parse as _parse
from adjudicator.search.text import stems


@pytest.mark.parametrize("query", ["deal 5 l 5", "l 5 deal 5", "deal law 5 5", "5 deal § 5"])
def test_a_citation_is_taken_out_where_it_stands(query):
    """The citation's text may also occur inside other words ("deal 5" holds "l 5"): only
    the matched citation goes, the other words stay whole."""
    parsed = _parse(query)
    assert parsed.citations == ["5"]
    assert sorted(parsed.words) == ["5", "deal"]


def test_every_citation_is_taken_out():
    parsed = _parse("law 5 revoke law 5 l 12")
    assert parsed.citations == ["5", "12"] and parsed.words == ["revoke"]  # a law cited twice is one citation


# ---------------------------------------------------------------- codes named, laws cited, forms
# A stand-in index: three codes, their naming words and law numbers (docnums written by hand).

A1912 = CodeInfo("a1912", "auction", "1912", 1912, frozenset({"auction", "1912"}), {"5": 1, "90": 2, "dummy-ii": 3}, {})
A1915 = CodeInfo("a1915", "auction", "1915", 1915, frozenset({"auction", "1915"}), {"5": 11, "50": 12}, {})
NAP = CodeInfo("nap", "nap", "1909", 1909, frozenset({"nap", "napoleon"}), {"mn-01": 21}, {})
ALL = ["a1912", "a1915", "nap"]


class _Index:
    codes: ClassVar = {"a1912": A1912, "a1915": A1915, "nap": NAP}
    writes: ClassVar = {
        "declarant": frozenset({4}),
        "declarer": frozenset({1, 2, 3, 4, 5}),
        "player": frozenset({6, 7}),
        "renig": frozenset({2}),
        "revoke": frozenset({1, 2, 3}),
    }
    close: ClassVar = {
        "revk": [(1, -4, "bevk"), (1, -3, "reva"), (1, -2, "revs"), (1, -1, "rev"), (1, -1, "revz"), (2, -9, "revoke")],
        "rebok": [(2, -9, "revoke")],
        "renegg": [(2, -1, "renege"), (2, -1, "benegg")],
        "rvk": [(1, -1, "rvka")],
    }

    def spelled(self, word):
        return self.writes.get(word, frozenset())

    def known(self, word):
        return word in self.writes

    def near(self, word):
        return self.close.get(word, [])

    def completions(self, prefix):
        return {"dea": ["deal", "deals", "dealt", "dealer"], "car": CAR, "sev": CAR[:47]}.get(prefix, [])


INDEX = _Index()
CAR = [f"car{c}{v}" for c in "bdfgklmnprst" for v in "aeiou"]  # sixty words of as many stems


@pytest.mark.parametrize(
    ("game", "code", "expected"),
    [(None, None, ALL), ("auction", None, ["a1912", "a1915"]), (None, "nap", ["nap"]), ("auction", "nap", [])],
)
def test_the_game_and_code_filters_both_hold(game, code, expected):
    assert Q.candidate_codes(INDEX, game, code) == expected


@pytest.mark.parametrize("query", ['1915 revoke "new deal"', "1915 revoke dea*"])
def test_a_year_with_a_word_and_a_phrase_or_prefix_names_the_code(query):
    """The naming word goes; what is left (a word and a phrase, or a word and a prefix) is searched."""
    parsed = _parse(query)
    assert Q.named_codes(INDEX, parsed, ALL) == ["a1915"]
    assert parsed.words == ["revoke"]


def test_a_year_alone_names_no_code_it_is_what_is_searched():
    parsed = _parse("1915")
    assert Q.named_codes(INDEX, parsed, ALL) is None and parsed.words == ["1915"]


def test_a_law_named_by_a_word_is_cited_and_its_words_are_taken_out():
    parsed = _parse("dummy-ii revoke")
    assert Q.resolve(INDEX, parsed, ALL) == [3]
    assert parsed.words == ["revoke"]


def test_a_law_name_no_code_has_stays_words():
    parsed = _parse("dummy-ii revoke")
    assert Q.resolve(INDEX, parsed, ["a1915", "nap"]) == []
    assert parsed.words == ["dummy", "ii", "revoke"]


def test_a_bare_number_beside_a_citation_is_a_word_not_a_second_citation():
    parsed = _parse("law 5 90")
    assert Q.resolve(INDEX, parsed, ["a1912"]) == [1]
    assert parsed.words == ["90"]


def test_a_bare_number_with_a_phrase_is_a_word():
    parsed = _parse('90 "new deal"')
    assert Q.resolve(INDEX, parsed, ALL) == [] and parsed.words == ["90"]


def test_a_bare_number_after_the_words_naming_a_code_is_its_law():
    parsed = _parse("auction 1915 50")
    assert Q.resolve(INDEX, parsed, ALL) == [12]
    assert parsed.words == []


def test_a_law_the_named_code_lacks_is_searched_as_words_with_the_naming_words_kept():
    """Law 90 is in the 1912 code only: "auction 1915 law 90" cites nothing, and every word stays."""
    parsed = _parse("auction 1915 law 90")
    assert Q.resolve(INDEX, parsed, ALL) == []
    assert parsed.words == ["auction", "1915", "90"] and parsed.citations == []


def test_words_make_a_term_pairs_or_a_phrase():
    """One stem: a term. Two: their pair, even when exact (as good as a phrase). Three: their
    pairs, or (exact: a quoted phrase) each stem and the phrase in order."""
    assert Q._form("revoke", 1.0) == Q.Form((("text", "revok"),), 1.0)
    assert Q._form("new deal", 1.5, exact=True) == Q.Form((("pairs", "new_deal"),), 1.5)
    assert Q._form("eldest hand leads", 1.0) == Q.Form((("pairs", "eldest_hand"), ("pairs", "hand_lead")), 1.0)
    assert Q._form("eldest hand leads", 1.5, exact=True) == Q.Form(
        (("text", "eldest"), ("text", "hand"), ("text", "lead")), 1.5, phrase=("eldest", "hand", "lead")
    )
    assert Q._form("the", 1.0) is None  # a stop word has no stem


def test_how_often_a_form_is_written_is_its_rarest_word():
    assert Q.written(INDEX, "declarant") == 1
    assert Q.written(INDEX, "declarer declarant") == 1
    assert Q.written(INDEX, "declarer") == 5
    assert Q.written(INDEX, "") == 0


def test_a_rare_variant_is_searched_as_its_headword():
    """ "renig" is written once, "revoke" three times: at a third or less of its headword's
    documents a variant counts for little and the headword fully."""
    assert Q._word_forms(INDEX, "renig", {"renig": ("revoke",)}) == [("renig", Q.VARIANT_BOOST), ("revoke", 1.0)]


def test_a_word_in_its_own_right_keeps_its_meaning_first():
    """ "player" (two documents) is more than a third of "declarer" (five): itself first, the
    headword as a synonym."""
    assert Q._word_forms(INDEX, "player", {"player": ("declarer",)}) == [("player", 1.0), ("declarer", Q.SYNONYM_BOOST)]


def test_an_unknown_word_of_four_letters_brings_the_nearest_known_words_sharing_its_first_letter():
    """One edit for four letters, the nearest only, at most three of them, never one starting
    with another letter; a known word brings none, nor does a word of three letters."""
    fuzzy = Q.FUZZY_BOOST
    assert Q._word_forms(INDEX, "revk", {}) == [("revk", 1.0), ("reva", fuzzy), ("revs", fuzzy), ("rev", fuzzy)]
    assert Q._word_forms(INDEX, "revoke", {}) == [("revoke", 1.0)]
    assert Q._word_forms(INDEX, "rvk", {}) == [("rvk", 1.0)]


def test_five_letters_allow_one_edit_six_allow_two():
    assert Q._word_forms(INDEX, "rebok", {}) == [("rebok", 1.0)]
    assert Q._word_forms(INDEX, "renegg", {}) == [("renegg", 1.0), ("renege", Q.FUZZY_BOOST)]


def test_a_unit_keeps_one_form_per_stems_at_its_best_boost():
    """ "leads" and "lead" have one stem: one form, at the higher boost; a stop word none."""
    unit = Q._unit("leads", [("leads", 0.5), ("lead", 1.0), ("the", 1.0)])
    assert unit == Q.Unit((Q.Form((("text", "lead"),), 1.0),), frozenset({"lead"}), "leads")
    assert Q._unit("the", [("the", 1.0)]) is None


def test_a_unit_of_three_words_is_their_pairs_unless_quoted():
    pairs = Q._unit("eldest hand leads", [("eldest hand leads", 1.0)])
    assert pairs is not None and pairs.forms == (Q.Form((("pairs", "eldest_hand"), ("pairs", "hand_lead")), 1.0),)
    quoted = Q._unit("eldest hand leads", [("eldest hand leads", 1.5)], exact=True)
    assert quoted is not None and quoted.forms[0].phrase == ("eldest", "hand", "lead")


def test_words_a_glossary_lists_together_are_one_unit_and_each_word_counts_for_less():
    """ "eldest hand" is a glossary name (its headword here "first hand"): one unit searched as
    the name and as the headword, side by side; "eldest" and "hand" alone score at
    COVERED_BOOST and no document needs them; "leads" is a word of its own."""
    cut = Q.COVERED_BOOST
    found = Q.plan(INDEX, _parse("eldest hand leads"), {"eldest hand": ("first hand",)})
    assert found == Q.Plan(
        [
            Q.Unit(
                (Q.Form((("pairs", "eldest_hand"),), 1.0), Q.Form((("pairs", "first_hand"),), 1.0)),
                frozenset({"eldest", "hand", "first"}),
                "eldest hand",
            ),
            Q.Unit((Q.Form((("text", "eldest"),), cut),), frozenset({"eldest"}), "eldest", part=True),
            Q.Unit((Q.Form((("text", "hand"),), cut),), frozenset({"hand"}), "hand", part=True),
            Q.Unit(  # and "led", the language table's other form of "lead"
                (Q.Form((("text", "lead"),), 1.0), Q.Form((("text", "led"),), Q.LANGUAGE_BOOST)),
                frozenset({"lead", "led"}),
                "leads",
            ),
        ],
        ["eldest_hand", "hand_lead"],
        [],
        6,
    )


def test_three_words_listed_together_come_before_two_of_them():
    groups = {"eldest hand leads": ("opening lead",), "hand leads": ("lead",)}
    found = Q.plan(INDEX, _parse("eldest hand leads"), groups)
    assert [(u.label, u.part) for u in found.units] == [
        ("eldest hand leads", False),
        ("eldest", True),
        ("hand", True),
        ("leads", True),
    ]
    later = Q.plan(INDEX, _parse("revoke hand leads"), groups)  # the name may stand after other words
    assert [(u.label, u.part) for u in later.units] == [
        ("hand leads", False),
        ("revoke", False),
        ("hand", True),
        ("leads", True),
    ]


def test_two_names_in_one_query_are_two_units():
    groups = {"eldest hand": ("first hand",), "new deal": ("redeal",)}
    found = Q.plan(INDEX, _parse("eldest hand new deal"), groups)
    assert [(u.label, u.part) for u in found.units][:2] == [("eldest hand", False), ("new deal", False)]


def _card_units(query: str) -> list[tuple[str, tuple[Q.Form, ...]]]:
    return [(u.label, u.forms) for u in Q.plan(INDEX, _parse(query), {}).units if u.label.endswith(" cards")]


def test_a_number_of_cards_is_searched_as_more_than_one_fewer_or_fewer_than_one_more():
    """ "14 cards" is how a player says a hand of more than thirteen (or fewer than fifteen):
    "than" is a stop word, so each pair joins the stems either side of it."""
    assert _card_units("revoke 14 cards") == [
        (
            "14 cards",
            (
                Q.Form((("pairs", "more_thirteen"), ("pairs", "thirteen_card")), Q.SYNONYM_BOOST),
                Q.Form((("pairs", "fewer_fifteen"), ("pairs", "fifteen_card")), Q.SYNONYM_BOOST),
            ),
        )
    ]
    assert [label for label, _ in _card_units("fourteen cards")] == ["fourteen cards"]


@pytest.mark.parametrize(("query", "found"), [("3 cards", True), ("19 card", True), ("2 cards", False),
                                              ("20 cards", False), ("cards 14", False)])  # fmt: skip
def test_a_number_of_cards_from_three_to_nineteen(query, found):
    assert bool(_card_units(query)) is found


def test_a_prefix_is_one_unit_of_its_completions_stems():
    """ "dea*": deal, deals (one stem with deal), dealt, dealer; a prefix nothing completes is not searched."""
    found = Q.plan(INDEX, _parse("dea* zzz*"), {})
    text = (("text", "deal"),), (("text", "dealt"),), (("text", "dealer"),)
    assert found.units == [Q.Unit(tuple(Q.Form(t, 1.0) for t in text), frozenset({"deal", "dealt", "dealer"}), "dea*")]
    assert found.terms == 3


def test_a_quoted_phrase_is_one_unit_found_in_order():
    found = Q.plan(INDEX, _parse('"eldest hand leads"'), {})
    phrase = ("eldest", "hand", "lead")
    form = Q.Form((("text", "eldest"), ("text", "hand"), ("text", "lead")), Q.PHRASE_BOOST, phrase=phrase)
    assert found.units == [Q.Unit((form,), frozenset(phrase), "eldest hand leads")]


@pytest.mark.parametrize(
    ("query", "words", "phrases", "excluded", "prefixes"),
    [
        ("law abc", ["law", "abc"], [], [], []),  # no digit: not a citation, its words stay whole
        ('"new deal" and "lead out"', ["and"], [["new", "deal"], ["lead", "out"]], [], []),
        ('"new deal" revoke', ["revoke"], [["new", "deal"]], [], []),
        ('"revoke" deal', ["revoke", "deal"], [], [], []),  # one word in quotes is a word
        ('new"deal', ["new", "deal"], [], [], []),  # an unbalanced quote parts words
        ("(revoke), deal.", ["revoke", "deal"], [], [], []),
        ("revoke~2 deal", ["revoke", "deal"], [], [], []),  # a search engine's fuzzy mark is dropped
        ("revoke ... deal", ["revoke", "deal"], [], [], []),
        ("deal -5", ["deal"], [], ["5"], []),
        ("-revoke deal", ["deal"], [], ["revoke"], []),
        ("dea* revoke", ["revoke"], [], [], ["dea"]),
        ("de* revoke", ["de", "revoke"], [], [], []),  # two letters are too few for a prefix
        ('"new deal" revoke trick', ["revoke", "trick"], [["new", "deal"]], [], []),  # after the quotes, words
        ("turn-up*", ["turn", "up"], [], [], []),  # a prefix is of one word: these are words
        ("dea-*", ["dea"], [], [], []),
        ("nap-hgm-05 revoke", ["revoke"], [], [], []),  # a law id is a citation, what follows still read
    ],
)
def test_how_a_query_is_read(query, words, phrases, excluded, prefixes):
    parsed = _parse(query)
    assert (parsed.words, parsed.phrases, parsed.excluded, parsed.prefixes) == (words, phrases, excluded, prefixes)


def test_a_query_asks_for_at_most_max_terms_index_terms():
    """ "car*" completes to sixty words, one term each: the first MAX_TERMS (48) are searched,
    and "dea*" after them is not searched at all."""
    found = Q.plan(INDEX, _parse("car* dea*"), {})
    assert [u.label for u in found.units] == ["car*"] and found.terms == Q.MAX_TERMS == 48
    assert found.units[0].forms == tuple(Q.Form((("text", s),), 1.0) for s in stems(" ".join(CAR[:48])))
    assert found.units[0].stems == frozenset(stems(" ".join(CAR)))  # what a title must hold is the whole prefix's


def test_a_form_of_several_terms_that_would_pass_max_terms_is_not_searched():
    """ "sev*" completes to 47 words (47 terms); the quoted phrase after it is one form of
    three terms: searched, it would make 50, so it is left out and the query asks for 47."""
    found = Q.plan(INDEX, _parse('sev* "eldest hand leads"'), {})
    assert [u.label for u in found.units] == ["sev*"] and found.terms == 47
    two = Q.plan(INDEX, _parse('sev* "eldest hand"'), {})  # two words side by side: their pair, one term
    assert [u.label for u in two.units] == ["sev*", "eldest hand"] and two.terms == 48


def test_at_most_eight_neighbouring_pairs_and_eight_excluded_stems():
    found = Q.plan(INDEX, _parse("north south east west lead deal play trick card suit"), {})
    assert found.pairs == [
        "north_south", "south_east", "east_west", "west_lead", "lead_deal", "deal_plai", "plai_trick", "trick_card",
    ]  # fmt: skip
    excluded = Q.plan(INDEX, _parse("revoke -north -south -east -west -lead -deal -play -trick -card"), {}).excluded
    assert excluded == ["north", "south", "east", "west", "lead", "deal", "plai", "trick"]


def test_what_a_query_may_hold_is_bounded_and_what_is_dropped_is_counted():
    """16 words (the rest counted as dropped), 4 phrases, 4 prefixes, 8 citations."""
    assert _parse("revoke").dropped == 0
    many = _parse(" ".join(f"w{i:02d}" for i in range(18)))
    assert many.words == [f"w{i:02d}" for i in range(16)] and many.dropped == 2
    assert _parse(" ".join(f'"a{i} b{i}"' for i in range(5))).phrases == [[f"a{i}", f"b{i}"] for i in range(4)]
    assert _parse("aaa* bbb* ccc* ddd* eee*").prefixes == ["aaa", "bbb", "ccc", "ddd"]
    assert _parse(" ".join(f"law {i}" for i in range(1, 11))).citations == [str(i) for i in range(1, 9)]


def test_a_query_of_256_characters_is_whole_one_more_is_cut():
    assert Q.clean("a" * 256) == ("a" * 256, False)
    assert Q.clean("a" * 257) == ("a" * 256, True)
