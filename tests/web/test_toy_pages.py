"""The pages of the toy library (tests/fixtures/laws), written out by hand from its YAML:
a ruling with a choice, a ruling after "not sure", the general laws standing in, a law
with what cites it, and a comparison of two codes."""

from __future__ import annotations

from tests.web.conftest import check_page


def text(node) -> str:
    return " ".join(node.get_text().split())


def test_a_ruling_leads_with_what_happens_now_who_chooses_and_the_law(toy_client):
    page = check_page(toy_client.get("/settle/toy-whist/lead-out-of-turn/others-played=no/who-led=adversary"))
    assert text(page.find(class_="crumbs")) == "Settle a dispute › Toy Whist, test code › A lead out of turn"
    assert text(page.h1) == "Call the card or a suit"
    assert text(page.find("p", class_="now")) == "The adversaries choose a penalty."
    options = page.find("section", class_="options")
    assert text(options.find(["h2", "h3"])) == "Either adversary chooses"
    assert [text(li) for li in options.find("ul").find_all("li")] == [
        "Treat the card as exposed.",
        "Call a suit from the offender at his next lead.",
    ]
    terms = dict(zip([text(d) for d in options.find_all("dt")], [text(d) for d in options.find_all("dd")], strict=True))
    assert terms == {
        "May partners consult?": "Partners may consult before choosing.",
        "Until when:": "before the next lead",
    }
    rests_on = page.find("p", class_="rests-on")
    assert [(text(a), a["href"]) for a in rests_on.find_all("a")] == [
        ("Law 2(a). Lead out of turn", "/codes/toy-whist/laws/2")
    ]
    # what each choice does is folded away, the law's text too
    effects = page.find("details", class_="effects")
    assert [text(li) for li in effects.find_all("li")] == [
        "Treat the card as exposed. Exposed card (the offender).",
        "Call a suit from the offender at his next lead. A suit may be called (the offender).",
    ]
    law = page.find("details", class_="laws").find("article")
    assert text(law.find(["h2", "h3"])) == "Law 2(a). Lead out of turn"
    assert law.find("a")["href"] == "/codes/toy-whist/laws/2"
    assert text(law.find("blockquote")) == "Either adversary may call the card or call a suit."
    assert text(law.find("figcaption")) == "The code's own words, quoted from The test suite, Toy Whist, 2000:"
    assert text(law.find("p", class_="digest")) == (
        "Digest (our words): A lead out of turn may be treated as an exposed card, or a suit may be called."
    )
    facts = [text(li) for li in page.find(id="because").find_next("ol").find_all("li")]
    assert facts == [
        "Had all the other players played to the lead? No change",
        "Who led out of turn? An adversary change",
    ]
    others = page.find(id="others").find_parent("details")
    assert [text(li) for li in others.find_all("li")] == [
        "Toy Whist, a club's house rules (1901): Call the card or a suit. Compare side by side"
    ]


def test_not_sure_shows_each_outcome_and_what_to_settle(toy_client):
    page = check_page(toy_client.get("/settle/toy-whist/lead-out-of-turn/others-played=not-sure/who-led=adversary"))
    assert text(page.h1) == "It depends: 2 possible outcomes"
    assert text(page.find("p", class_="now")) == (
        "It turns on what is not sure; the players (or the director) must settle:"
    )
    assert [text(li) for li in page.find("ul", class_="unsure").find_all("li")] == [
        "Had all the other players played to the lead?"
    ]
    sections = page.find_all("section", class_="outcome")
    assert [(text(s.h2), text(s.h3)) for s in sections] == [
        ("If: All the others had played to the lead.", "The trick stands"),
        ("If: Not all the others had played.", "Call the card or a suit"),
    ]


def test_a_remedy_our_sources_doubt_calls_the_director(toy_client):
    page = check_page(toy_client.get("/settle/toy-whist/revoke/established=no"))
    assert text(page.find(class_="warning")) == (
        "Call the director (or umpire). Our sources leave this open. Not known: whether the card taken back "
        "becomes exposed. Until it is settled, either adversary decides. Our digest is unsure whether the card "
        "becomes exposed."
    )
    following = page.find("section", class_="next")
    assert text(following.find(["h2", "h3"])) == "What happens next"
    assert [text(li) for li in following.find_all("li")] == [
        "The offender plays next.",
        "The cards played after it stand.",
    ]
    page = check_page(toy_client.get("/settle/toy-whist/revoke/established=not-sure"))
    assert text(page.find("p", class_="warning")) == (
        "Call the director (or umpire) if the outcome that applies is one our sources are not sure of."
    )


def test_the_general_laws_stand_in_and_say_so(toy_client):
    page = check_page(toy_client.get("/settle/toy-whist/exposed-card/partner=no"))
    assert text(page.find(class_="notice")) == (
        "General laws. Toy Whist, test code (1900) has no law on this, so the general laws apply: General laws "
        "for tests (1897). They are weaker than a code's own law: a rule your table agreed prevails."
    )
    assert text(page.h1) == "No penalty"
    decided = page.find(id="decided").find_parent("section")
    assert text(decided.p) == "General laws for tests (1897). first, 1897; The test suite."


def test_a_law_page_links_to_the_rulings_that_rest_on_it(toy_client):
    page = check_page(toy_client.get("/codes/toy-whist/laws/2"))
    assert text(page.h1) == "Law 2. Lead out of turn"
    cited = page.find(id="cited-by").find_parent("section")
    assert [(text(a), a["href"]) for a in cited.find_all("a")] == [
        ("The trick stands", "/settle/toy-whist/lead-out-of-turn/others-played=yes"),
        ("No penalty", "/settle/toy-whist/lead-out-of-turn/others-played=no/who-led=declarer"),
        ("Call the card or a suit", "/settle/toy-whist/lead-out-of-turn/others-played=no/who-led=adversary"),
        ("Law 1. Leads", "/codes/toy-whist/laws/1"),
    ]
    elsewhere = page.find(id="elsewhere").find_parent("section")
    assert [(text(a), a["href"]) for a in elsewhere.find_all("a")] == [
        (
            "Toy Whist, a club's house rules (1901): Law 2. Lead out of turn, the same law, inherited",
            "/codes/toy-whist-house/laws/2",
        )
    ]
    sources = page.find(id="sources").find_parent("section")
    assert [text(li) for li in sources.find_all("li")] == [
        "How sure the text is: Checked against the full text of the code.",
        "Taken from: The test suite, Toy Whist, 2000.",
    ]
    pager = page.find("nav", class_="pager")
    assert [(text(a), a["href"]) for a in pager.find_all("a")] == [
        ("‹ Law 1", "/codes/toy-whist/laws/1"),
        ("All laws", "/codes/toy-whist#laws"),
        ("Law 3 ›", "/codes/toy-whist/laws/3"),
    ]


def test_two_codes_side_by_side(toy_client):
    page = check_page(toy_client.get("/settle/toy-whist/revoke/established=yes/compare/toy-whist-house"))
    assert text(page.h1) == "A revoke: the same facts under two codes"
    assert text(page.find("p", class_="lede")) == (
        "The codes rule differently on these facts: compare what happens now."
    )
    columns = page.find_all("section", class_="column")
    assert [(text(c.h2), text(c.h3), text(c.find("p", class_="now-small"))) for c in columns] == [
        ("Toy Whist, test code (1900)", "Three tricks", "Three tricks go to the other side."),
        ("Toy Whist, a club's house rules (1901)", "Two tricks", "Two tricks go to the other side."),
    ]


def test_a_law_kept_by_a_sister_code_is_one_search_hit_with_its_editions(toy_client):
    """The house rules extend the test code and keep its Law 2 as it is: one hit, the newest
    (the house rules, 1901), with the test code's Law 2 linked on it; the lead out of turn
    the query describes is offered to settle under the code of that hit."""
    page = check_page(toy_client.get("/search?q=lead+out+of+turn"))
    hits = page.find("ol", class_="hits").find_all("li", recursive=False)
    first = hits[0]
    assert (text(first.h3), first.h3.a["href"]) == ("Law 2. Lead out of turn", "/codes/toy-whist-house/laws/2")
    assert text(first.find(class_="editions")) == "Also in 1900 Law 2"
    assert first.find(class_="editions").a["href"] == "/codes/toy-whist/laws/2"
    assert [text(h.h3) for h in hits].count("Law 2. Lead out of turn") == 1
    settle = page.find(class_="settle")
    assert text(settle) == "Settle this: A lead out of turn, under Toy Whist, a club's house rules (1901)"
    assert settle.a["href"] == "/settle/toy-whist-house/lead-out-of-turn"
    filtered = check_page(toy_client.get("/search?q=lead+out+of+turn&code=toy-whist")).find("ol", class_="hits").li
    assert filtered.h3.a["href"] == "/codes/toy-whist/laws/2"
    assert text(filtered.find(class_="editions")) == "Also in House 1901 Law 2"


def test_a_law_the_sister_code_rewrote_is_marked_worded_differently(toy_client):
    page = check_page(toy_client.get("/search?q=revoke"))
    first = page.find("ol", class_="hits").li
    assert (text(first.h3), first.h3.a["href"]) == ("Law 3. Revoke (house rule)", "/codes/toy-whist-house/laws/3")
    assert text(first.find(class_="editions")) == "Also in 1900 Law 3 (worded differently)"
    assert (
        str(first.find(class_="snippet"))
        == '<p class="snippet">A <mark>revoke</mark> costs two tricks at this club.</p>'
    )


def test_a_query_too_long_says_what_was_searched(toy_client):
    many = " ".join(f"word{letter}" for letter in "abcdefghijklmnopq")  # 17 different words
    page = check_page(toy_client.get("/search", query_string={"q": many}))
    assert text(page.find(class_="note")) == "The query was too long: only the first 16 different words were searched."


def test_an_unknown_search_filter_offers_the_nearest_as_a_link(toy_client):
    page = check_page(toy_client.get("/search?q=revoke&game=toy"), 400)
    assert text(page.h1) == "There is no game \u201ctoy\u201d to search in."
    # the nearest games first, named as the pages name them (the game_title of the YAML)
    links = [(text(a), a["href"]) for a in page.find("ul", class_="did-you-mean").find_all("a")]
    assert links == [
        ("Toy Whist", "/search?q=revoke&game=toy-whist"),
        ("General laws (toy)", "/search?q=revoke&game=toy-general"),
    ]
    back = page.find("ul", class_="way-back").find("a")
    assert (text(back), back["href"]) == ("The same search, everywhere", "/search?q=revoke")
    page = check_page(toy_client.get("/search?q=revoke&game=toy-whis"), 400)  # close enough for difflib too
    links = [(text(a), a["href"]) for a in page.find("ul", class_="did-you-mean").find_all("a")]
    assert links == [("Toy Whist", "/search?q=revoke&game=toy-whist")]


def links(page, css: str) -> list[tuple[str, str]]:
    return [(text(a), a["href"]) for a in page.find("ul", class_=css).find_all("a")]


def test_an_error_page_says_what_went_wrong_then_the_nearest_as_a_link_then_the_way_back(toy_client):
    page = check_page(toy_client.get("/settle/toy-whist/revok"), 404)
    assert text(page.h1) == (
        "\u201crevok\u201d is not one of the things that can go wrong under Toy Whist, test code (1900)."
    )
    assert links(page, "did-you-mean") == [("A revoke", "/settle/toy-whist/revoke")]
    assert links(page, "way-back")[0] == ("What can go wrong under Toy Whist, test code (1900)", "/settle/toy-whist")
    assert "lead-out-of-turn" not in page.get_text()  # never a list of ids
    page = check_page(toy_client.get("/codes/toy-whist/laws/22"), 404)
    assert text(page.h1) == "Toy Whist, test code (1900) has no law \u201c22\u201d."
    assert links(page, "did-you-mean")[0] == ("Law 2. Lead out of turn", "/codes/toy-whist/laws/2")
    page = check_page(toy_client.get("/codes/toy-whist-hose"), 404)
    assert links(page, "did-you-mean")[0] == ("Toy Whist, a club's house rules (1901)", "/codes/toy-whist-house")


def test_a_bad_answer_is_said_in_words_with_the_answers_the_question_has(toy_client):
    page = check_page(toy_client.get("/settle/toy-whist/revoke/established=yess"), 400)
    assert text(page.h1) == "\u201cyess\u201d is not one of the answers to the question: Was the revoke established?"
    assert links(page, "did-you-mean") == [
        ("Yes", "/settle/toy-whist/revoke/established=yes"),
        ("No", "/settle/toy-whist/revoke/established=no"),
        ("Not sure", "/settle/toy-whist/revoke/established=not-sure"),
    ]
    assert links(page, "way-back")[0] == ("Answer the question again", "/settle/toy-whist/revoke")


def test_a_slash_too_many_redirects_to_the_page_and_an_api_error_keeps_its_shape(toy_client):
    moved = toy_client.get("/settle/toy-whist/?q=revoke")
    assert moved.status_code == 308 and moved.headers["Location"] == "/settle/toy-whist?q=revoke"
    assert toy_client.get("/codes/").headers["Location"] == "/codes"
    assert toy_client.get("/no-such-page/").status_code == 404  # nothing there without the slash either
    error = toy_client.get("/api/v1/codes/toy-whist/irregularities/revok").get_json()["error"]
    assert error["status"] == 404 and error["field"] == "irregularity" and "revoke" in error["choices"]
