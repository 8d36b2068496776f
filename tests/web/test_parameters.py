"""What a request's parameters may be, said once for every route and kept by the OpenAPI
document: a parameter given twice is a 400 naming it on every route that takes one (the
score sheet's ``hand`` is a list); an optional parameter given empty is absent; a
parameter that names no question of the irregularity is not an answer. And the cases
where the document and the API used to disagree (issue 18), each checked both ways: the
API's answer, and whether the document the app serves calls the request valid."""

from __future__ import annotations

import html
import re

import pytest

API = "/api/v1"


# the routes' ids, written here, not read from the library at collection (which would
# load every law file before a test runs); test_the_ids_named_here_are_in_the_library checks them
CODE = "auction-bridge-english-1908"
IRREGULARITY = "call-out-of-turn"
QUESTION, ANSWER = "which-call", "bid"  # the irregularity's first question, and one of its answers
SCORABLE = "auction-bridge-1915"  # its data scores a passed deal and three penalties
OTHER = "auction-bridge-1912"  # another code of the same game
SETTLE = f"/settle/{CODE}/{IRREGULARITY}"

ROUTES = [
    # (path, a parameter it reads, a value it takes)
    (f"/settle/{CODE}", "q", "revoke"),
    (SETTLE, QUESTION, ANSWER),
    (f"{SETTLE}/table", QUESTION, ANSWER),
    (f"{SETTLE}/compare/{OTHER}", QUESTION, ANSWER),
    (f"/learn/{CODE}/quiz", "level", "player"),
    (f"/learn/{CODE}/quiz/answer", "seed", "3"),
    (f"/learn/{CODE}/quiz/score", "seed", "3"),
    (f"/learn/{CODE}/quiz/sheet", "n", "5"),
    ("/search", "q", "revoke"),
    ("/tools/score", "code", SCORABLE),
    ("/tools/auction", "dealer", "N"),
    (f"{API}/codes/{CODE}/irregularities/{IRREGULARITY}", QUESTION, ANSWER),
    (f"{API}/quiz?code={CODE}", "level", "player"),
    (f"{API}/search", "q", "revoke"),
    (f"{API}/codes/{SCORABLE}/score", "time-limit", "no"),
    (f"{API}/codes/{SCORABLE}/auction", "dealer", "N"),
    (f"{API}/codes", "anything", "x"),  # a route that takes none: the same rule
]


def test_the_ids_named_here_are_in_the_library(library):
    from adjudicator import scoring
    from adjudicator.engine import available

    code = library.code(CODE)
    irregularity = {i.id: i for i, _ in available(code)}[IRREGULARITY]
    assert irregularity.start == QUESTION
    assert ANSWER in [a.id for a in irregularity.questions[QUESTION].answers]
    assert library.code(SCORABLE) in scoring.scorable_codes(library)
    assert library.code(OTHER).game == code.game and OTHER != CODE


def _url(path: str, pairs: list[tuple[str, str]]) -> str:
    from urllib.parse import urlencode

    return path + ("&" if "?" in path else "?") + urlencode(pairs)


@pytest.mark.parametrize(("path", "name", "value"), ROUTES, ids=[f"{p} {n}" for p, n, _ in ROUTES])
def test_a_parameter_given_twice_is_a_400_naming_it_on_every_route(client, path, name, value):
    once = client.get(_url(path, [(name, value)]))
    # a quiz without a seed: to one with it (302); answers in the query: to the path-style address (308)
    assert once.status_code in (200, 302, 303, 308), once.data[:300]
    twice = client.get(_url(path, [(name, value), (name, value)]))
    assert twice.status_code == 400, twice.data[:300]
    if path.startswith(API):
        error = twice.get_json()["error"]
        assert error["field"] == name and f"{name!r} is given 2 times; give it once" == error["message"]
    else:
        assert f"{name!r} is given 2 times; give it once" in html.unescape(twice.get_data(as_text=True))


def test_the_hands_of_a_score_sheet_are_a_list(client):
    data = client.get(_url(f"{API}/codes/{SCORABLE}/score", [("hand", "we.1H.7"), ("hand", "they.2S.8")]))
    assert data.status_code == 200
    assert len(data.get_json()["hands"]) == 2


def test_the_rule_is_stated_in_the_document_and_the_readme(client):
    from adjudicator import config

    description = client.get(f"{API}/openapi.json").get_json()["info"]["description"]
    assert "a parameter given more than once is a 400 naming it, on every route" in description
    readme = " ".join((config.ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "a parameter given more than once is a 400 naming it (never first-wins)" in readme


# ---------------------------------------------------------------- the document and the API agree


def _parameter(doc, path: str, name: str):
    (found,) = [p for p in doc["paths"][path]["get"]["parameters"] if p["name"] == name]
    return found["schema"]


def _valid(schema, value: str) -> bool:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema, format_checker=None).is_valid(value)


@pytest.fixture(scope="module")
def doc(library, search_index):
    from adjudicator.web.api.openapi import served

    return served(library, search_index)


def test_an_empty_query_is_refused_and_the_document_says_so(client, doc):
    q = _parameter(doc, "/search", "q")
    for value in ("", "   "):
        response = client.get(_url(f"{API}/search", [("q", value)]))
        assert response.status_code == 400 and response.get_json()["error"]["field"] == "q"
        assert not _valid(q, value)
    assert _valid(q, "revoke") and not _valid(q, "x" * 201)


def test_a_quiz_names_a_code_of_the_library(client, doc, library):
    code = _parameter(doc, "/quiz", "code")
    assert code["enum"] == list(library.codes)
    assert client.get(f"{API}/quiz?code=").status_code == 400 and not _valid(code, "")


def test_a_blank_level_or_kind_of_quiz_is_the_default(client, doc):
    blank = client.get(_url(f"{API}/quiz", [("code", CODE), ("level", ""), ("kind", ""), ("seed", "4")]))
    default = client.get(_url(f"{API}/quiz", [("code", CODE), ("seed", "4")]))
    assert blank.status_code == 200 and blank.get_json() == default.get_json()
    assert _valid(_parameter(doc, "/quiz", "level"), "") and _valid(_parameter(doc, "/quiz", "kind"), "")


def test_a_kind_the_code_has_nothing_for_names_no_quiz(client, library):
    """Napoleon's data has no etiquette: that quiz does not exist (404), its kinds are the choices."""
    code = library.code("napoleon-hoffmann")
    assert not code.etiquette
    response = client.get(_url(f"{API}/quiz", [("code", code.id), ("kind", "etiquette")]))
    assert response.status_code == 404
    error = response.get_json()["error"]
    assert error["field"] == "kind" and "etiquette" not in error["choices"] and "mixed" in error["choices"]


def test_a_blank_dealer_is_north_and_the_document_says_so(client, doc):
    dealer = _parameter(doc, "/codes/{code}/auction", "dealer")
    path = f"{API}/codes/{SCORABLE}/auction"
    blank = client.get(_url(path, [("dealer", ""), ("calls", "1H P")]))
    north = client.get(_url(path, [("dealer", "N"), ("calls", "1H P")]))
    assert blank.status_code == 200 and blank.get_json() == north.get_json()
    for value, ok in (("", True), (" n ", True), ("North", True), ("west", True), ("X", False), ("Nor", False)):
        assert _valid(dealer, value) is ok, value
        status = client.get(_url(path, [("dealer", value)])).status_code
        assert status == (200 if ok else 400), (value, status)


@pytest.mark.parametrize(
    ("hand", "ok"),
    [
        ("we.3HX.7.r.they.tricks", True),
        ("  WE.3nt.10.h.they.four-divided  ", True),
        ("they.1S.0.c.we", True),
        ("passed", True),
        ("void.p.we.double-of-partner", True),
        ("we.007h.013", True),
        ("0", False),  # an all-digit hand: found by schemathesis, valid by the old document
        ("123456", False),
        ("we.8H.7", False),
        ("we.3H.14", False),
        ("we.3Q.7", False),
        ("we.3H.7.z.they", False),
        ("we.3H.0000000007", False),  # ten digits: whole_number reads nine at most
    ],
)
def test_a_hand_is_valid_by_the_document_when_its_notation_reads(client, doc, hand, ok):
    pattern = _parameter(doc, "/codes/{code}/score", "hand")["items"]
    assert _valid(pattern, hand) is ok
    response = client.get(_url(f"{API}/codes/{SCORABLE}/score", [("hand", hand)]))
    assert response.status_code == (200 if ok else 400), response.get_json()


def test_an_over_long_hand_is_a_400_the_document_states(client, doc):
    """An over-long hand was an undocumented 414 from the server; the document bounds a hand
    (80 characters) and their number, so a valid request always fits the request line."""
    schema = _parameter(doc, "/codes/{code}/score", "hand")
    hand = "we.3H.7" + " " * 80
    assert not _valid(schema["items"], hand)
    response = client.get(_url(f"{API}/codes/{SCORABLE}/score", [("hand", hand)]))
    assert response.status_code == 400 and response.get_json()["error"]["field"] == "hand"
    longest = len("%20".join(["x" * schema["items"]["maxLength"]] * schema["maxItems"])) * 3
    assert longest < 8190


@pytest.mark.parametrize(
    ("calls", "ok"),
    [
        ("1H P P P", True),
        ("S:2H, X XX", True),
        ("1nt pass double redouble p p p", True),
        ("", True),
        ("P " * 40, True),
        ("P " * 41, False),
        ("1H:2", False),
        ("N:S:1H", False),
        ("14H", False),
        ("claim:", False),
    ],
)
def test_calls_are_valid_by_the_document_when_their_notation_reads(client, doc, calls, ok):
    pattern = _parameter(doc, "/codes/{code}/auction", "calls")
    assert _valid(pattern, calls) is ok
    response = client.get(_url(f"{API}/codes/{SCORABLE}/auction", [("calls", calls)]))
    assert response.status_code == (200 if ok else 400), response.get_json()


@pytest.mark.parametrize(("value", "ok"), [("yes", True), ("ON", True), ("", True), ("0", True), ("maybe", False)])
def test_time_limit_is_valid_by_the_document_when_the_api_takes_it(client, doc, value, ok):
    assert _valid(_parameter(doc, "/codes/{code}/score", "time-limit"), value) is ok
    response = client.get(_url(f"{API}/codes/{SCORABLE}/score", [("time-limit", value)]))
    assert response.status_code == (200 if ok else 400)


def test_a_parameter_that_is_no_question_is_not_an_answer(client):
    """Unknown keys (a tracking parameter, an empty key, a question of another irregularity)
    were 400s the document did not announce; they are ignored, on the pages and the API."""
    path = f"{API}/codes/{CODE}/irregularities/{IRREGULARITY}"
    plain = client.get(path).get_json()
    for pairs in ([("fbclid", "abc")], [("", "x")], [("not-a-question", ANSWER)]):
        response = client.get(_url(path, pairs))
        assert response.status_code == 200 and response.get_json() == plain
        moved = client.get(_url(f"/settle/{CODE}/{IRREGULARITY}", pairs))  # to the address without them
        assert moved.status_code == 308 and moved.headers["Location"] == f"/settle/{CODE}/{IRREGULARITY}"
    answered = client.get(_url(path, [(QUESTION, ANSWER), ("utm_source", "x")])).get_json()
    assert answered == client.get(_url(path, [(QUESTION, ANSWER)])).get_json() != plain
    body = {"code": CODE, "irregularity": IRREGULARITY, "answers": {"zz": "x"}}
    assert client.post(f"{API}/adjudicate", json=body).get_json() == plain


def test_an_answer_a_question_has_not_is_still_a_400_naming_it(client):
    path = f"{API}/codes/{CODE}/irregularities/{IRREGULARITY}"
    response = client.get(_url(path, [(QUESTION, "no-such-answer")]))
    assert response.status_code == 400 and response.get_json()["error"]["field"] == QUESTION


def test_search_filters_are_the_indexs_values(doc, search_index):
    for name in ("game", "code", "topic"):
        schema = _parameter(doc, "/search", name)
        values = search_index.values(name)
        assert all(_valid(schema, v) and _valid(schema, f" {v} ") for v in values)
        assert _valid(schema, "") and not _valid(schema, values[0] + "x")
        assert re.search(schema["pattern"], values[-1])


def test_at_most_sixty_answers_and_the_document_says_so(client, doc):
    (answers,) = [
        p
        for p in doc["paths"]["/codes/{code}/irregularities/{irregularity}"]["get"]["parameters"]
        if p["name"] == "answers"
    ]
    assert answers["schema"]["maxProperties"] == 60
    path = f"{API}/codes/{CODE}/irregularities/{IRREGULARITY}"
    assert client.get(_url(path, [(f"x{i}", "y") for i in range(60)])).status_code == 200
    response = client.get(_url(path, [(f"x{i}", "y") for i in range(61)]))
    assert response.status_code == 400 and response.get_json()["error"]["field"] == "answers"
