"""The static copy's search index (adjudicator.search.pack) on the toy library: what each
document carries, sister editions as one provision, the stems with their provisions, the
known words, and the same bytes each time. Expected values are read off the toy law files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.loader import load_library
from adjudicator.search.pack import pack, snippet

SEARCH_LAWS = Path(__file__).parent / "laws"  # the search tests' corpus: it has glossaries


def show(doc):
    return doc.title, f"{doc.code}/{doc.id}", f"{doc.code} {doc.id}"


@pytest.fixture(scope="module")
def packed(toy):
    return pack(toy, show)


def law(packed, code, number):
    codes = [c["id"] for c in packed["codes"]]
    kinds = packed["kinds"]
    (found,) = [d for d in packed["docs"] if codes[d[0]] == code and kinds[d[1]] == "law" and d[2] == number.lower()]
    return found


def test_a_document_is_its_code_kind_number_title_address_and_a_snippet(packed):
    assert [c["id"] for c in packed["codes"]] == ["toy-whist", "toy-whist-house", "toy-general"]
    assert packed["codes"][0]["year"] == 1900 and "1900" in packed["codes"][0]["words"]
    misdeal = law(packed, "toy-whist", "4")
    assert misdeal[2:7] == ["4", "Misdeal", "~/4", "", "A misdeal loses the deal."]  # ~: its code
    assert misdeal[8] == ""  # no other edition: nothing to compare its wording with


def test_sister_editions_are_one_provision_and_say_whether_their_words_differ(packed):
    leads, leads_house = law(packed, "toy-whist", "1"), law(packed, "toy-whist-house", "1")
    revoke, revoke_house = law(packed, "toy-whist", "3"), law(packed, "toy-whist-house", "3")
    assert leads[7] == leads_house[7] and revoke[7] == revoke_house[7] and leads[7] != revoke[7]
    assert leads[5] == "toy-whist 1" and leads_house[5] == "toy-whist-house 1"  # named among editions
    assert leads[8] == leads_house[8]  # the house kept Law 1's words
    assert leads[3] == "Leads" and leads_house[3] is None and leads_house[6] is None  # the same as Law 1's
    assert revoke[8] != revoke_house[8]  # and rewrote Law 3: "two tricks at this club"
    docs = packed["docs"]
    assert sorted(docs.index(d) for d in (revoke, revoke_house)) in packed["groups"]


def test_a_stem_lists_the_provisions_holding_it(packed):
    misdeal = law(packed, "toy-whist", "4")
    flat = packed["terms"]["misdeal"]  # only Law 4 ("Misdeal", "A misdeal loses the deal.")
    assert flat[0] == misdeal[7] and len(flat) == 2 and flat[1] > 0
    groups = []
    at = 0
    for delta in packed["terms"]["revok"][::2]:
        at += delta
        groups.append(at)
    revoke = law(packed, "toy-whist", "3")
    assert revoke[7] in groups and groups == sorted(set(groups))
    revoke_weight = dict(zip(groups, packed["terms"]["revok"][1::2], strict=True))[revoke[7]]
    remedies = [g for g in groups if g != revoke[7]]
    # a law weighs more than a remedy holding the word as often (its kind weight)
    assert all(revoke_weight >= dict(zip(groups, packed["terms"]["revok"][1::2], strict=True))[g] for g in remedies)


def test_known_words_by_their_stem_and_the_function_words(packed):
    assert packed["vocabulary"]["revok"] == "revoke"
    assert packed["vocabulary"]["trick"] == "trick tricks"
    assert packed["vocabulary"]["declarer"] == "declarer"  # kept apart from declaration
    assert "the" in packed["stop"] and "the" not in packed["vocabulary"]
    assert packed["language"]["led"] == ["lead"] and packed["numbers"][14] == "fourteen"


def test_glossary_synonyms_lead_to_their_headword():
    packed = pack(load_library(SEARCH_LAWS), show)
    assert packed["synonyms"]["renig"] == ["revoke"]
    assert "renig" in packed["vocabulary"]["renig"].split()  # known: not read as a misspelling


def test_the_same_library_gives_the_same_bytes(toy, packed):
    assert json.dumps(pack(toy, show)) == json.dumps(packed)


def test_a_snippet_is_cut_after_a_whole_word():
    assert snippet("A misdeal loses the deal.") == "A misdeal loses the deal."
    assert snippet("one two three four", limit=12) == "one two\u2026"
    assert snippet("one two, three", limit=9) == "one two\u2026"


def test_a_remedy_rests_on_the_laws_it_cites(packed):
    kinds = packed["kinds"]
    (three,) = [d for d in packed["docs"] if kinds[d[1]] == "remedy" and d[3] == "A revoke: Three tricks"]
    assert three[9] == [law(packed, "toy-whist", "3")[7]]  # toy-whist's revoke cites Law 3
    assert law(packed, "toy-whist", "3")[9] == []  # a law rests on nothing: it is what is lifted
