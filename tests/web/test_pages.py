"""HTML pages, tested by meaning (headings, links, the cited law present). Every real
address is visited once by test_smoke.py; here each kind of page is taken through what a
user does with it."""

from __future__ import annotations

import re

import pytest

from adjudicator.engine import NextQuestion, adjudicate, available
from adjudicator.model import NOT_SURE, PHASES
from adjudicator.scenario import read_cases
from adjudicator.web.presenters.settle import COMPACT_AFTER
from tests.conftest import CASES_DIR
from tests.web.conftest import (
    CODES,
    answers_of,
    change_that_matters,
    check_page,
    first_path,
    headings,
    settle_address,
)


@pytest.fixture(scope="module")
def irregularities(library) -> list[tuple[str, str]]:
    return [(c.id, i.id) for c in library.codes.values() for i, _ in available(c)]


def plain(node) -> str:
    """A node's text as a reader sees it (links inline, whitespace collapsed)."""
    return " ".join(node.get_text().split())


def settle_path(code: str, irregularity: str) -> str:
    return f"/settle/{code}/{irregularity}"


def links(page) -> dict[str, str]:
    return {a.get_text(" ", strip=True): a["href"] for a in page.find_all("a", href=True)}


def _game_links(page) -> dict[str, str]:
    """The answers to "Which game?": each game's name and where it leads."""
    section = page.find("section", attrs={"aria-labelledby": "which-game"})
    assert section.find("h2").get_text(strip=True) == "Which game is the table playing?"
    return {a.find("span").get_text(strip=True): a["href"] for a in section.find_all("a", class_="choice")}


GAMES = {  # written from laws/: a game of several codes asks which; a game of one goes to what happened
    "Auction Bridge": "/settle/auction-bridge",
    "Auction Pitch": "/settle/auction-pitch-foster",
    "Bezique": "/settle/bezique-french",
    "Conquian": "/settle/conquian-foster",
    "Euchre": "/settle/euchre",
    "Napoleon": "/settle/napoleon",
    "Piquet": "/settle/piquet",
    "Rubicon Bezique": "/settle/rubicon-bezique",
    "Whist": "/settle/whist",
    "Another game": "/settle/general-laws-foster",
}


def test_home_asks_the_game_first_and_has_a_search_box(client, library):
    page = check_page(client.get("/"))
    assert page.h1.get_text(strip=True)
    form = page.find("form", attrs={"role": "search"})
    assert form["action"] == "/search" and form["method"] == "get" and form.find("input", attrs={"name": "q"})
    assert _game_links(page) == GAMES
    assert links(page)["Read the laws: every game and its codes"] == "/codes"


def test_settle_asks_the_game_first(client):
    assert _game_links(check_page(client.get("/settle"))) == GAMES


USUAL = {  # the usual choice of each game of several codes, as the law files mark it
    "auction-bridge": "auction-bridge-1915",
    "euchre": "euchre-foster-1914",
    "napoleon": "napoleon-hoffmann",
    "piquet": "piquet-portland",
    "rubicon-bezique": "rubicon-bezique-portland",
    "whist": "whist-club-1864",
}


@pytest.mark.parametrize("game", sorted(USUAL))
def test_a_games_chooser_offers_each_code_with_its_line_the_usual_first(client, library, game):
    page = check_page(client.get(f"/settle/{game}"))
    codes = library.games()[game]
    assert page.h1.get_text(strip=True) == codes[0].game_title
    section = page.find("section", attrs={"aria-labelledby": "which-code"})
    choices = section.find_all("a", class_="choice")
    assert sorted(a["href"] for a in choices) == sorted(f"/settle/{c.id}" for c in codes)
    assert choices[0]["href"] == f"/settle/{USUAL[game]}"
    assert [a["href"] for a in section.find_all("a", class_="usual")] == [f"/settle/{USUAL[game]}"]
    assert choices[0].find(class_="badge").get_text(strip=True) == "The usual choice"
    for a in choices:
        code = library.code(a["href"].rsplit("/", 1)[1])
        assert a.find("small").get_text(strip=True) == code.choose.line
        assert not a.find("span").get_text(strip=True).startswith(code.game_title + ",")  # the heading says it
    usual = library.code(USUAL[game])
    common = page.find("section", attrs={"aria-labelledby": "under-usual"})
    hrefs = [a["href"] for a in common.find_all("a", class_="choice")]
    assert hrefs == [f"/settle/{usual.id}/{i.id}" for i, _ in available(usual) if i.common] and hrefs
    assert links(common)["Everything that can go wrong under it"] == f"/settle/{usual.id}"


def test_the_napoleon_chooser_says_how_the_two_codes_rule_a_revoke(client):
    text = plain(check_page(client.get("/settle/napoleon")))
    assert "after a revoke the hand is played again" in text
    assert "after a revoke the hand is abandoned" in text


def test_a_game_of_one_code_skips_the_chooser(client):
    response = client.get("/settle/bezique")
    assert response.status_code == 302 and response.headers["Location"].endswith("/settle/bezique-french")


def test_a_name_that_is_neither_game_nor_code_is_a_404(client):
    assert client.get("/settle/napoleonn").status_code == 404


@pytest.mark.parametrize("code_id", CODES)
def test_what_happened_groups_irregularities_by_phase(client, library, code_id):
    code = library.code(code_id)
    page = check_page(client.get(f"/settle/{code_id}"))
    shown = [text for level, text in headings(page) if level == 2]
    expected = [PHASES[p] for p in PHASES if any(i.phase == p for i, _ in available(code))]
    assert shown == expected
    hrefs = {a["href"] for a in page.find_all("a", href=True)}
    for irregularity, _fallback in available(code):
        assert settle_path(code_id, irregularity.id) in hrefs
    general = page.find_all(class_="general")
    assert len(general) == sum(1 for _, fallback in available(code) if fallback is not None)


@pytest.mark.parametrize("code_id", CODES)
def test_what_happened_is_findable_by_a_word(client, library, code_id):
    if not available(library.code(code_id)):
        pytest.skip(f"{code_id} has no irregularity")
    irregularity, _ = available(library.code(code_id))[0]
    word = irregularity.title.split()[-1]
    page = check_page(client.get(f"/settle/{code_id}", query_string={"q": word}))
    assert settle_path(code_id, irregularity.id) in {a["href"] for a in page.find_all("a", href=True)}
    page = check_page(client.get(f"/settle/{code_id}", query_string={"q": "zzzz nothing like this"}))
    assert "Nothing here matches" in page.get_text()


def test_change_asks_again_and_keeps_the_later_answers(client, library):
    code_id, irregularity_id, answers, first, other, before, after = change_that_matters(library)
    page = check_page(client.get(settle_address(code_id, irregularity_id, answers)))
    assert page.h1.get_text(strip=True) == before.remedy.title
    change = page.find(id="because").find_next("ol").find("a", class_="change")
    kept = answers_of(change["href"])
    assert first not in kept and kept == {k: v for k, v in answers.items() if k != first}
    page = check_page(client.get(change["href"]))
    assert page.h1.get_text(strip=True) == before.irregularity.questions[first].ask
    question = page.find("section", class_="question")
    link = next(a for a in question.find_all("a", class_="answer") if answers_of(a["href"]).get(first) == other)
    assert answers_of(link["href"]) == {**kept, first: other}
    page = check_page(client.get(link["href"]))
    while question := page.find("section", class_="question"):  # the new path may ask something new
        page = check_page(client.get(question.find("a", class_="answer")["href"]))
    assert page.h1.get_text(strip=True) == after.remedy.title


def test_not_sure_shows_the_outcomes_side_by_side(client, library, irregularities):
    for code_id, irregularity_id in irregularities:
        code = library.code(code_id)
        first = adjudicate(code, irregularity_id, {})
        if not isinstance(first, NextQuestion):
            continue
        answers = {first.question.id: NOT_SURE}
        try:
            while isinstance(result := adjudicate(code, irregularity_id, answers), NextQuestion):
                answers[result.question.id] = NOT_SURE
        except Exception:  # noqa: S112 - too uncertain: try the next one
            continue
        page = check_page(client.get(settle_address(code_id, irregularity_id, answers)))
        assert page.h1.get_text(strip=True).startswith("It depends")
        assert len(page.find_all("section", class_="outcome")) == len(result.outcomes) > 1
        assert first.question.ask in page.find("ul", class_="unsure").get_text()
        return
    pytest.skip("no irregularity to be unsure about")


def test_many_outcomes_are_grouped_by_ruling_each_way_linking_to_its_ruling(client, library, irregularities):
    from adjudicator.errors import TooUncertain

    for code_id, irregularity_id in irregularities:
        code = library.code(code_id)
        answers: dict[str, str] = {}
        try:
            while isinstance(result := adjudicate(code, irregularity_id, answers), NextQuestion):
                answers[result.question.id] = NOT_SURE
        except TooUncertain:
            continue
        if len(result.outcomes) <= COMPACT_AFTER:
            continue
        page = check_page(client.get(settle_address(code_id, irregularity_id, answers)))
        groups = page.find_all("section", class_="outcome")
        assert [g.h2.get_text(strip=True) for g in groups] == list(
            dict.fromkeys(o.remedy.title for o in result.outcomes)
        )
        ways = [a["href"] for g in groups for a in g.find("ul", class_="ways").find_all("a")]
        assert len(ways) == len(result.outcomes)
        first = check_page(client.get(ways[0]))
        assert first.h1.get_text(strip=True) == result.outcomes[0].remedy.title
        return
    pytest.skip("no irregularity has that many outcomes")


def test_a_fallback_ruling_is_labelled_general_laws(client, library):
    for code in library.codes.values():
        for irregularity, fallback in available(code):
            if fallback is None:
                continue
            answers, ruling = first_path(code, irregularity.id)
            page = check_page(client.get(settle_address(code.id, irregularity.id, answers)))
            notice = page.find(class_="notice").get_text(" ", strip=True)
            assert "General laws" in notice and "weaker than a code's own" in notice
            assert fallback.title in page.find(id="decided").find_parent("section").get_text()
            return
    pytest.skip("no code has a general-laws fallback")


def test_the_same_facts_under_another_code_and_side_by_side(client, library, irregularities):
    for code_id, irregularity_id in irregularities:
        code = library.code(code_id)
        others = [c for c in library.codes.values() if c.id != code_id and irregularity_id in c.irregularities]
        if not others or irregularity_id not in code.irregularities:
            continue
        answers, ruling = first_path(code, irregularity_id)
        page = check_page(client.get(settle_address(code_id, irregularity_id, answers)))
        section = page.find(id="others").find_parent("details")
        compare = [a["href"] for a in section.find_all("a", href=True) if "/compare/" in a["href"]]
        listed = [library.code(a.split("/compare/")[1].split("?")[0]) for a in compare]
        # only codes of the same game, or general laws: another game's code is no help at this table
        assert all(c.game == code.game or c.kind == "general" for c in listed), [c.id for c in listed]
        assert len(compare) >= 1
        page = check_page(client.get(compare[0]))
        columns = page.find_all("section", class_="column")
        assert len(columns) == 2
        assert code.title in columns[0].h2.get_text()
        return
    pytest.skip("no irregularity is defined by two codes")


def test_the_table_and_the_comparison_do_not_rule_under_every_other_code(client, library, irregularities, monkeypatch):
    """They show no "under other codes" list, so they do not build one (it adjudicates the
    irregularity under every code that defines it)."""
    from adjudicator import compare

    def other_codes(*args, **kwargs):
        raise AssertionError("other_codes built for a page that does not show it")

    monkeypatch.setattr(compare, "other_codes", other_codes)
    checked = 0
    for code_id, irregularity_id in irregularities:
        others = [c for c in library.codes.values() if c.id != code_id and irregularity_id in c.irregularities]
        answers, ruling = first_path(library.code(code_id), irregularity_id)
        if not others or not ruling.is_certain:
            continue
        check_page(client.get(settle_address(code_id, irregularity_id, answers, "table")))
        check_page(client.get(settle_address(code_id, irregularity_id, answers, f"compare/{others[0].id}")))
        checked += 1
        if checked == 3:
            return
    pytest.fail("no irregularity is defined by two codes")


def test_show_the_table_and_print(client, library):
    cases = read_cases(CASES_DIR)[0]
    case = next((c for c in cases if c.spec.remedy and c.code in library.codes), None)
    if case is None:
        pytest.skip("no scenario reaches a remedy")
    page = check_page(client.get(settle_address(case.code, case.spec.irregularity, case.spec.answers)))
    table = page.find("a", string="Show the table")["href"]
    big = check_page(client.get(table))
    assert "table-view" in big.body["class"]
    assert big.h1.get_text(strip=True) == page.h1.get_text(strip=True)
    assert big.find("a", string="Back to the full ruling")
    with client.get("/static/site.css") as response:
        css = response.get_data(as_text=True)
    assert "@media print" in css and "body.table-view" in css
    # a table view before the facts are known goes back to the question
    first = client.get(settle_address(case.code, case.spec.irregularity, {}, "table"))
    assert first.status_code in (200, 302)


def test_an_answer_address_is_a_path_and_the_query_addresses_of_before_redirect_to_it(client):
    """``/settle/CODE/IRREGULARITY/question=answer/...``: each answer a segment, in the order
    the irregularity lists its questions; a query-string address (a bookmark of before), or
    one with a slash at the end (a static copy's folder), is sent there with a 308."""
    path = "/settle/napoleon-hoffmann/revoke/shown=yes/who-revoked=opponent/replayed=made"
    page = check_page(client.get(path))
    assert "The revoker pays the caller for everyone" in page.get_text()
    for old in (
        "/settle/napoleon-hoffmann/revoke?who-revoked=opponent&shown=yes&replayed=made",
        "/settle/napoleon-hoffmann/revoke?replayed=made&who-revoked=opponent&shown=yes",  # any order
        "/settle/napoleon-hoffmann/revoke/who-revoked=opponent?shown=yes&replayed=made",  # half and half
        path + "/",
    ):
        moved = client.get(old)
        assert (moved.status_code, moved.headers["Location"]) == (308, path), old
        assert check_page(client.get(moved.headers["Location"])).h1 == page.h1
    table = "/settle/napoleon-hoffmann/revoke/shown=yes/who-revoked=opponent/replayed=made/table"
    assert (
        client.get("/settle/napoleon-hoffmann/revoke/table?who-revoked=opponent&shown=yes&replayed=made").headers[
            "Location"
        ]
        == table
    )
    assert "table-view" in check_page(client.get(table)).body["class"]
    # the ruling's own links are path-style: the table view, and each change of an answer
    hrefs = {a["href"] for a in page.find_all("a", href=True)}
    assert table in hrefs
    assert "/settle/napoleon-hoffmann/revoke/shown=yes/replayed=made" in hrefs  # change who revoked
    assert not [h for h in hrefs if "/settle/" in h and "?" in h]


def test_a_bad_answer_segment_is_a_400_naming_it_with_the_page_without_it(client):
    page = check_page(client.get("/settle/napoleon-hoffmann/revoke/who-revoked"), 400)
    assert (
        page.h1.get_text(strip=True)
        == "This address holds something that is not an answer to one of this ruling's questions."
    )
    page = check_page(client.get("/settle/napoleon-hoffmann/revoke/who-revoked=opponnent/shown=yes"), 400)
    assert (
        page.h1.get_text(strip=True) == "\u201copponnent\u201d is not one of the answers to the question: Who revoked?"
    )
    links = {a.get_text(" ", strip=True): a["href"] for a in page.find_all("a", href=True)}
    # the answers by their labels, in the irregularity's order of questions (shown, then who revoked)
    assert links["One of the caller's opponents"] == "/settle/napoleon-hoffmann/revoke/shown=yes/who-revoked=opponent"
    assert links["Answer the question again"] == "/settle/napoleon-hoffmann/revoke/shown=yes"
    assert check_page(client.get("/settle/napoleon-hoffmann/revoke/shown=yes/shown=no"), 400)


@pytest.mark.parametrize("code_id", CODES)
def test_code_page_lists_sections_laws_irregularities_and_the_rest(client, library, code_id):
    code = library.code(code_id)
    page = check_page(client.get(f"/codes/{code_id}"))
    assert page.h1.get_text(strip=True) == code.title
    hrefs = {a["href"] for a in page.find_all("a", href=True)}
    assert {f"/codes/{code_id}/laws/{n}" for n in code.laws} <= hrefs
    for section_id in {law.section for law in code.laws.values()}:
        assert page.find(id=f"section-{section_id}")
    for irregularity, _ in available(code):
        assert settle_path(code_id, irregularity.id) in hrefs
    for term in code.glossary.values():
        assert f"/codes/{code_id}/glossary#term-{term.id}" in hrefs
    for item in code.etiquette.values():
        assert f"/codes/{code_id}/etiquette#{item.id}" in hrefs
    for table in code.score_tables:
        assert f"/codes/{code_id}/scoring#table-{table.id}" in hrefs
    scoring = check_page(client.get(f"/codes/{code_id}/scoring"))
    for table in code.score_tables:
        assert scoring.find("table", id=f"table-{table.id}").caption.get_text(strip=True) == table.title
    for value in code.score_values.values():
        for cited in value.cites:
            if cited.number in code.laws:
                assert f"/codes/{code_id}/laws/{cited.number}" in {a["href"] for a in scoring.find_all("a", href=True)}
    assert code.verification.split()[0] in page.find(id="about").find_parent("section").get_text()


@pytest.mark.parametrize("code_id", CODES)
def test_etiquette_and_glossary_pages(client, library, code_id):
    code = library.code(code_id)
    page = check_page(client.get(f"/codes/{code_id}/etiquette"))
    for item in code.etiquette.values():
        section = page.find(id=item.id)
        assert section
        shown = {li.get_text(strip=True) for li in section.find_all("li")}
        assert set(item.proper) | set(item.improper) <= shown
    page = check_page(client.get(f"/codes/{code_id}/glossary"))
    for term in code.glossary.values():
        assert page.find(id=f"term-{term.id}").get_text(strip=True) == term.term


def test_codes_index_and_the_laws_list_redirect(client, library):
    page = check_page(client.get("/codes"))
    assert {f"/codes/{c}" for c in library.codes} <= {a["href"] for a in page.find_all("a", href=True)}
    code_id = CODES[0]
    response = client.get(f"/codes/{code_id}/laws")
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/codes/{code_id}#laws")


def test_law_references_in_the_text_become_links(client, library):
    for code in library.codes.values():
        for law in code.laws.values():
            for other in code.laws:
                named = re.search(rf"\b(Law {re.escape(other)}|{re.escape(other)})(?![\w-])", law.text)
                if other != law.number and named and (named.group().startswith("Law") or "-" in other):
                    page = check_page(client.get(f"/codes/{code.id}/laws/{law.number}"))
                    digest = page.find("p", class_="digest")
                    assert f"/codes/{code.id}/laws/{other}" in {a["href"] for a in digest.find_all("a")}
                    return
    pytest.skip("no law text names another law")


def test_a_basis_short_of_the_full_text_is_said_in_the_sources_at_the_foot(client, library):
    """How sure the text is goes in one sentence under Sources, the law's note when it has
    one, else how far its basis is checked; never in the law's heading."""
    plain = {"provisional": "Not yet checked", "passage": "a passage", "inferred": "Inferred"}
    for code in library.codes.values():
        for law in code.laws.values():
            if law.basis not in ("full-text", "seed"):
                page = check_page(client.get(f"/codes/{code.id}/laws/{law.number}"))
                sources = page.find(id="sources").find_parent("section").get_text(" ", strip=True)
                wanted = " ".join(law.basis_note.split())[:40] if law.basis_note else plain[law.basis]
                assert wanted in " ".join(sources.split()), (code.id, law.number)
                assert law.number not in page.h1.get_text() or law.printed
                return
    pytest.skip("every law is checked against the full text")


def test_search_page_filters_facets_did_you_mean_and_paging(client, library):
    page = check_page(client.get("/search"))
    assert page.find("input", attrs={"name": "q"})
    code = next(c for c in library.codes.values() if c.laws)
    law = next(iter(code.laws.values()))
    word = max(law.title.split(), key=len).strip(",.:;()\"'").lower()
    page = check_page(client.get("/search", query_string={"q": word}))
    hits = page.find("ol", class_="hits").find_all("li", recursive=False)
    assert hits and all(h.h3.a["href"] for h in hits)
    assert page.find(id="refine")
    total = int(page.find(class_="count").get_text().split(" of ")[1].split()[0])
    if total > 10:
        nxt = page.find("a", rel="next")
        assert nxt is not None
        page2 = check_page(client.get(nxt["href"]))
        assert page2.find("a", rel="prev")
        assert page2.find("ol", class_="hits")["start"] == "11"  # numbered on from page 1
    facet = page.find(id="refine").find_parent("section").find("a")
    filtered = check_page(client.get(facet["href"]))
    assert "clear filters" in filtered.get_text()
    typo = word[0] + word[2] + word[1] + word[3:] if len(word) > 5 else word + "x"
    page = check_page(client.get("/search", query_string={"q": typo}))
    suggestion = page.find(class_="suggestion")
    if suggestion is not None:
        assert suggestion.a["href"].startswith("/search?q=")


def test_a_law_number_search_reaches_the_law(client, library):
    code = next(c for c in library.codes.values() if c.laws)
    number = next(iter(code.laws))
    page = check_page(client.get("/search", query_string={"q": f"Law {number}", "code": code.id}))
    first = page.find("ol", class_="hits").li
    assert first.h3.a["href"] == f"/codes/{code.id}/laws/{number}"
    assert "exact match" in first.get_text()


def test_a_search_page_past_the_last_shows_the_last(client):
    """It said "0–0 of 458 results" and "Page 999 of 46"."""
    page = check_page(client.get("/search", query_string={"q": "revoke", "page": 999}))
    total = int(page.find(class_="count").get_text().split(" of ")[1].split()[0])
    pages = -(-total // 10)
    assert pages > 1
    assert page.find(class_="count").get_text().startswith(f"{(pages - 1) * 10 + 1}–{total} of {total} results")
    assert page.find("nav", class_="pager").span.get_text() == f"Page {pages} of {pages}"
    assert page.find("a", rel="prev")["href"].endswith(f"page={pages - 1}") and not page.find("a", rel="next")
    assert len(page.find("ol", class_="hits").find_all("li", recursive=False)) == total - (pages - 1) * 10


def test_an_unknown_search_kind_is_the_error_page_naming_the_choices(client):
    from adjudicator.search import KINDS

    page = check_page(client.get("/search", query_string={"q": "revoke", "kind": "zzz"}), 400)
    offered = [a["href"] for a in page.find("ul", class_="did-you-mean").find_all("a")]
    assert offered == [f"/search?q=revoke&kind={kind}" for kind in KINDS]
    offered = [o["value"] for o in check_page(client.get("/search")).find("select", id="f-kind").find_all("option")]
    assert offered == ["", *KINDS]


def test_error_pages_are_the_sites_own(client, library, irregularities):
    code_id = CODES[0]
    page = check_page(client.get(f"/codes/{code_id[:-1]}"), 404)
    assert page.h1.get_text(strip=True) == f"There is no code of laws called \u201c{code_id[:-1]}\u201d."
    nearest = page.find("ul", class_="did-you-mean").find("a")  # the nearest code first, by its title
    assert nearest["href"] == f"/codes/{code_id}" and code_id not in nearest.get_text()
    check_page(client.get(f"/codes/{code_id}/laws/no-such-law"), 404)
    check_page(client.get("/no/such/page"), 404)
    check_page(client.get(f"/settle/{code_id}/no-such-irregularity"), 404)
    check_page(client.post("/"), 405)
    irregularity_id = irregularities[0][1] if irregularities else "revoke"
    page = check_page(client.get(settle_path(irregularities[0][0], irregularity_id) + "/no-such-question=yes"), 400)
    assert page.h1.get_text(strip=True) == "This address answers a question that this ruling does not ask."
    again = page.find("ul", class_="way-back").find("a")
    assert again["href"] == settle_path(irregularities[0][0], irregularity_id)
    # a query parameter that names no question is not an answer: to the address without it
    moved = client.get(settle_path(irregularities[0][0], irregularity_id) + "?no-such-question=yes")
    assert moved.status_code == 308 and moved.headers["Location"] == settle_path(irregularities[0][0], irregularity_id)


def _differs(page) -> tuple[str, dict[str, str]] | None:
    line = page.find("p", class_="differs")
    return (plain(line), links(line)) if line else None


def test_a_ruling_says_in_one_line_that_the_other_napoleon_code_rules_differently(client):
    # Hoffmann: the hand is played again and the revoker pays; Foster: the hands are abandoned
    # whether or not a pool is played (the one fact Foster still needs)
    page = check_page(client.get("/settle/napoleon-hoffmann/revoke/shown=yes/who-revoked=opponent/replayed=made"))
    text, hrefs = _differs(page)
    assert text.startswith("Another code of Napoleon rules differently on these facts; compare with")
    assert hrefs == {
        "The laws in Foster's Complete Hoyle (1914)": "/settle/napoleon-hoffmann/revoke/"
        "shown=yes/who-revoked=opponent/replayed=made/compare/napoleon-foster"
    }
    assert page.find("p", class_="differs").find_previous("p", class_="rests-on")  # after the law, near the top


def test_every_other_auction_code_rules_an_insufficient_bid_pointed_out_differently_from_1915(client):
    path = "/settle/auction-bridge-1915/insufficient-bid/first-after-bid=pointed-out/adversary-overcalled-or-doubled=no"
    text, hrefs = _differs(check_page(client.get(path)))
    assert text.startswith("3 other codes of Auction Bridge rule differently")
    assert sorted(h.rsplit("/compare/", 1)[1] for h in hrefs.values()) == [
        "auction-bridge-1912", "auction-bridge-1913", "auction-bridge-english-1908",
    ]  # fmt: skip


def test_no_line_where_the_other_code_of_the_game_rules_the_same(client):
    # the French rules of Rubicon Bezique keep the Portland Club's misdeal law unchanged
    page = check_page(client.get("/settle/rubicon-bezique-french/misdeal/cards-taken-up=yes"))
    assert _differs(page) is None
    assert page.find("details", class_="others")  # the other code is still listed, folded
