"""Law text made browsable: references to laws and glossary terms become links; the rest is escaped."""

from __future__ import annotations

from adjudicator.web.text import linkify


def href(number: str) -> str:
    return f"/l/{number}"


def test_law_references_become_links_with_the_word():
    html = linkify("See Law 32 and laws 64, 73-79; Law 999 is not ours.", ["32", "64", "73", "79"], href)
    assert '<a href="/l/32">Law 32</a>' in html
    assert '<a href="/l/64">laws 64</a>, <a href="/l/73">73</a>-<a href="/l/79">79</a>' in html
    assert "Law 999 is not ours" in html


def test_printed_ids_and_clauses_link_to_the_law():
    html = linkify("As NAP-HGM-05 says, and Law 37(c).", ["NAP-HGM-05", "37"], href)
    assert '<a href="/l/NAP-HGM-05">NAP-HGM-05</a>' in html and '<a href="/l/37">Law 37(c)</a>' in html


def test_a_number_inside_a_longer_number_is_not_linked():
    assert "<a" not in linkify("Law 50 and Law 5a", ["5"], href)


def test_the_first_use_of_each_glossary_term_links_to_its_definition():
    html = linkify("Revoke a renege; revoke again.", [], href, {"revoke": "/g#r", "Renege": "/g#n"})
    assert html == '<a href="/g#r">Revoke</a> a <a href="/g#n">renege</a>; revoke again.'


def test_everything_else_is_escaped():
    html = linkify('<script>alert(1)</script> "Law 1" & co', ["1"], href, {"co": "/g#<x>"})
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert '<a href="/l/1">Law 1</a>' in html and 'href="/g#&lt;x&gt;"' in html
