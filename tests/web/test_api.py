"""The JSON API: every route, hand-written answers on the toy library, errors that name the
field, and an OpenAPI 3.1 document that validates and describes every response (the
client in conftest.py checks each /api/v1 response against it; test_smoke.py visits every
real step)."""

from __future__ import annotations

import pytest
from openapi_spec_validator import validate

from adjudicator.model import NOT_SURE
from adjudicator.web.api.openapi import document, served
from tests.presentation.test_ruling import CALL_CARD_OR_SUIT, LAW_2, TOY_WHIST
from tests.web.conftest import CODES

API = "/api/v1"


def test_the_openapi_document_is_valid_openapi_3_1(client, library, search_index):
    response = client.get(f"{API}/openapi.json")
    assert response.status_code == 200
    doc = response.get_json()
    assert doc["openapi"].startswith("3.1")
    validate(doc)
    assert doc == served(library, search_index)
    validate(document())  # without a library: the same document, the ids open strings


def test_every_route_of_the_api_blueprint_is_documented(app):
    documented = set(document()["paths"])
    for rule in app.url_map.iter_rules():
        if rule.endpoint.startswith("api."):
            template = rule.rule[len(API) :].replace("<", "{").replace(">", "}")
            assert template in documented, rule.rule
            for method in rule.methods - {"HEAD", "OPTIONS"}:
                assert method.lower() in document()["paths"][template], (method, rule.rule)


def test_codes_lists_every_code(client, library):
    data = client.get(f"{API}/codes").get_json()
    assert [c["id"] for c in data] == list(library.codes)


def test_the_toy_codes_in_a_list(toy_client):
    """In library order: by game, then year; general laws last."""
    data = toy_client.get(f"{API}/codes").get_json()
    assert [(c["id"], c["kind"], c["extends"], c["fallback"], c["laws"], c["irregularities"]) for c in data] == [
        ("toy-whist", "code", None, "toy-general", 4, 2),
        ("toy-whist-house", "code", "toy-whist", "toy-general", 3, 2),
        ("toy-general", "general", None, None, 1, 1),
    ]


def test_a_ruling_by_get_and_by_post(toy_client):
    """Lead out of turn at toy whist, not all had played, an adversary led (written out in
    tests/presentation/test_ruling.py from the YAML): the same answer both ways."""
    answers = {"others-played": "no", "who-led": "adversary"}
    got = toy_client.get(f"{API}/codes/toy-whist/irregularities/lead-out-of-turn", query_string=answers)
    posted = toy_client.post(
        f"{API}/adjudicate", json={"code": "toy-whist", "irregularity": "lead-out-of-turn", "answers": answers}
    )
    assert got.status_code == posted.status_code == 200
    assert got.get_json() == posted.get_json()
    data = got.get_json()
    assert data["kind"] == "ruling" and data["code"] == TOY_WHIST and data["heading"] == "Call the card or a suit"
    [outcome] = data["outcomes"]
    assert outcome["remedy"] == CALL_CARD_OR_SUIT
    assert outcome["laws"] == [{**LAW_2, "citation": "2(a)", "clause": True}]


def test_a_question_then_the_ruling(toy_client):
    data = toy_client.get(f"{API}/codes/toy-whist/irregularities/revoke").get_json()
    assert data["kind"] == "question" and data["question"]["ask"] == "Was the revoke established?"
    assert [c["id"] for c in data["question"]["choices"]] == ["yes", "no", NOT_SURE]
    data = toy_client.get(f"{API}/codes/toy-whist/irregularities/revoke?established=yes").get_json()
    assert data["heading"] == "Three tricks" and data["now"] == "Three tricks go to the other side."
    assert data["outcomes"][0]["remedy"]["effects"][0]["text"] == (
        "Tricks 3 from the offending side to the non-offending side"
    )


def test_the_general_laws_answer_for_a_silent_code(toy_client):
    data = toy_client.get(f"{API}/codes/toy-whist/irregularities/exposed-card?partner=no").get_json()
    assert data["code"]["id"] == "toy-general" and data["fallback_for"] == {
        "id": "toy-whist",
        "title": "Toy Whist, test code",
    }
    assert data["fallback"].startswith("Toy Whist, test code (1900) has no law on this, so the general laws apply")
    assert toy_client.get(f"{API}/codes/toy-whist-house/irregularities/exposed-card").status_code == 404


def test_one_law_with_what_cites_it(toy_client):
    data = toy_client.get(f"{API}/codes/toy-whist/laws/2").get_json()
    assert {k: v for k, v in data.items() if k not in ("cited_by", "elsewhere")} == LAW_2
    assert data["cited_by"]["laws"] == ["1"]
    assert [(r["remedy"], r["answers"]) for r in data["cited_by"]["remedies"]] == [
        ("trick-stands", {"others-played": "yes"}),
        ("no-penalty", {"others-played": "no", "who-led": "declarer"}),
        ("call-card-or-suit", {"others-played": "no", "who-led": "adversary"}),
    ]
    assert [(e["code"], e["number"], e["why"]) for e in data["elsewhere"]] == [
        ("toy-whist-house", "2", "same-inherited")
    ]
    laws = toy_client.get(f"{API}/codes/toy-whist-house/laws").get_json()
    assert [(law["number"], law["title"], law["origin"]) for law in laws] == [
        ("1", "Leads", "toy-whist"),
        ("2", "Lead out of turn", "toy-whist"),
        ("3", "Revoke (house rule)", "toy-whist-house"),
    ]


def test_one_code(toy_client):
    data = toy_client.get(f"{API}/codes/toy-whist").get_json()
    assert data["name"] == "Toy Whist, test code (1900)" and data["fallback"] == "toy-general"
    assert [s["id"] for s in data["sections"]] == ["play", "dealing"]
    assert [(i["id"], i["phase"], i["under"]) for i in data["irregularities"]] == [
        ("lead-out-of-turn", "play", "toy-whist"),
        ("revoke", "play", "toy-whist"),
        ("exposed-card", "play", "toy-general"),
    ]


def test_search(client, library):
    code = next(c for c in library.codes.values() if c.laws)
    number = next(iter(code.laws))
    data = client.get(f"{API}/search", query_string={"q": f"law {number}", "code": code.id}).get_json()
    assert data["hits"][0]["number"] == number and data["hits"][0]["exact"] is True
    data = client.get(f"{API}/search", query_string={"q": "revoke", "pagelen": 3, "page": 2}).get_json()
    assert data["page"] == 2 and data["pagelen"] == 3 and len(data["hits"]) <= 3


def test_search_on_the_toy_codes(toy_client):
    """The house rules rewrote the test code's Law 3 (revoke): one hit, the newest, the other
    edition on it marked as differing; snippets are text spans; the revoke is offered to
    settle under the code of the first hit."""
    data = toy_client.get(f"{API}/search", query_string={"q": "revoke"}).get_json()
    first = data["hits"][0]
    assert (first["code"], first["number"], first["title"]) == ("toy-whist-house", "3", "Revoke (house rule)")
    assert first["editions"] == [{"code": "toy-whist", "label": "1900", "number": "3", "id": "3", "differs": True}]
    assert first["snippet"] == [
        {"text": "A ", "mark": False},
        {"text": "revoke", "mark": True},
        {"text": " costs two tricks at this club.", "mark": False},
    ]
    assert data["settle"] == {
        "code": "toy-whist-house",
        "code_title": "Toy Whist, a club's house rules",
        "irregularity": "revoke",
        "title": "A revoke",
    }
    assert data["cut"] is None and data["suggestion"] is None
    assert [h["number"] for h in data["hits"] if h["kind"] == "law"] == ["3"]


def error_of(response, status: int, field: str | None):
    assert response.status_code == status, response.get_json()
    error = response.get_json()["error"]
    assert error["status"] == status and error["message"]
    assert error["field"] == field, error
    return error


def test_unknown_code_is_a_404_naming_the_field_with_the_choices(client, library):
    code_id = CODES[0]
    error = error_of(client.get(f"{API}/codes/{code_id}x"), 404, "code")
    assert code_id in error["choices"] and "did you mean" in error["message"]
    error_of(client.get(f"{API}/codes/{code_id}x/laws"), 404, "code")
    error_of(client.post(f"{API}/adjudicate", json={"code": "nope", "irregularity": "revoke"}), 404, "code")


def test_unknown_law_and_irregularity(client, library):
    code_id = CODES[0]
    error_of(client.get(f"{API}/codes/{code_id}/laws/no-such-law"), 404, "number")
    error_of(client.get(f"{API}/codes/{code_id}/irregularities/no-such-thing"), 404, "irregularity")


def test_a_bad_answer_names_the_question_and_no_question_is_no_answer(client, library):
    code = next(c for c in library.codes.values() if c.irregularities)
    irregularity = next(i for i in code.irregularities.values() if i.questions)
    question = irregularity.questions.get(irregularity.start, None)
    path = f"{API}/codes/{code.id}/irregularities/{irregularity.id}"
    # a parameter that names no question of the irregularity is not an answer (tests/web/test_parameters.py)
    assert client.get(path, query_string={"no-such-question": "yes"}).get_json() == client.get(path).get_json()
    if question is not None:
        error = error_of(client.get(path, query_string={question.id: "no-such-answer"}), 400, question.id)
        assert NOT_SURE in error["choices"]
        body = {"code": code.id, "irregularity": irregularity.id, "answers": {question.id: "no-such-answer"}}
        error_of(client.post(f"{API}/adjudicate", json=body), 400, question.id)
    error_of(client.get(path + "?a=1&a=2"), 400, "a")


@pytest.mark.parametrize(
    "body,field",
    [
        (b"not json", "body"),
        (b"[1, 2]", "body"),
        (b'"text"', "body"),
        (b"{", "body"),
        (b'{"irregularity": "revoke"}', "code"),
        (b'{"code": 5, "irregularity": "revoke"}', "code"),
        (b'{"code": "x"}', "irregularity"),
        (b'{"code": "x", "irregularity": "revoke", "answers": []}', "answers"),
        (b'{"code": "x", "irregularity": "revoke", "answers": {"q": 1}}', "answers"),
        (b'{"code": "x", "irregularity": "revoke", "extra": 1}', "extra"),
    ],
)
def test_bad_json_bodies_are_400s_naming_the_field(client, body, field):
    response = client.post(f"{API}/adjudicate", data=body, content_type="application/json")
    error_of(response, 400, field)


def test_too_large_a_body_is_a_413(client):
    response = client.post(f"{API}/adjudicate", data=b"x" * (65 * 1024), content_type="application/json")
    error_of(response, 413, "body")


def test_search_errors(client):
    error_of(client.get(f"{API}/search"), 400, "q")
    error_of(client.get(f"{API}/search", query_string={"q": "x" * 201}), 400, "q")
    error_of(client.get(f"{API}/search", query_string={"q": "revoke", "page": "0"}), 400, "page")
    error_of(client.get(f"{API}/search", query_string={"q": "revoke", "pagelen": "x"}), 400, "pagelen")
    for name, value in [("code", "auction-bridge-1916"), ("game", "auction"), ("topic", "revokes"), ("kind", "laws")]:
        # an unknown filter is a 400 naming the field, the nearest values and the valid ones
        error = error_of(client.get(f"{API}/search", query_string={"q": "revoke", name: value}), 400, name)
        assert error["value"] == value and error["choices"]
        assert f"unknown {name} {value!r}" in error["message"] and "did you mean" in error["message"]


def test_a_search_page_past_the_last_is_the_last(client):
    """page=999 of a few pages: the last page, and ``page`` says which (it was empty, page 999)."""
    data = client.get(f"{API}/search", query_string={"q": "revoke", "pagelen": 10, "page": 999}).get_json()
    last = -(-data["total"] // 10)
    assert last > 1 and data["page"] == last
    assert len(data["hits"]) == data["total"] - (last - 1) * 10 > 0
    described = next(p for p in document()["paths"]["/search"]["get"]["parameters"] if p["name"] == "page")
    assert "past the last" in described["description"]


def test_search_kind_is_one_the_index_has(client):
    """The kinds documented, accepted and offered are the index's own (search.KINDS); an
    unknown kind is a 400 naming the field and listing them, not an empty 200."""
    from adjudicator.search import KINDS
    from adjudicator.web.presenters.search import KIND_LABELS

    operation = document()["paths"]["/search"]["get"]
    kind = next(p for p in operation["parameters"] if p["name"] == "kind")
    assert kind["schema"]["pattern"] == r"^\s*(law|etiquette|glossary|remedy)?\s*$" and list(KINDS) == [
        "law",
        "etiquette",
        "glossary",
        "remedy",
    ]
    assert list(KIND_LABELS) == list(KINDS)
    error = error_of(client.get(f"{API}/search", query_string={"q": "revoke", "kind": "zzz"}), 400, "kind")
    assert error["choices"] == list(KINDS) and error["value"] == "zzz"
    for value in KINDS:
        data = client.get(f"{API}/search", query_string={"q": "revoke", "kind": value}).get_json()
        assert {h["kind"] for h in data["hits"]} <= {value}


def test_the_document_promises_only_statuses_the_service_sends():
    """create_app opens a search index or refuses to start, so a missing index is never a
    503 (the document once promised one, for a path no request could reach); the 503 is
    search's alone, when make serve's worker has as many searches as it takes
    (tests/web/test_busy.py), and 414 and 431 are the server's (tests/test_serving.py)."""
    statuses = {s for item in document()["paths"].values() for op in item.values() for s in op["responses"]}
    assert [p for p, item in document()["paths"].items() if any("503" in op["responses"] for op in item.values())] == [
        "/search"
    ]
    assert statuses == {"200", "400", "404", "413", "414", "415", "431", "503"}


def test_unknown_routes_and_methods_under_the_api_are_json(client):
    error_of(client.get(f"{API}/nothing-here"), 404, None)
    response = client.delete(f"{API}/codes")
    error_of(response, 405, None)
    assert "GET" in response.headers["Allow"]


def test_the_document_is_built_once(client, library, search_index):
    assert document() is document()
    assert served(library, search_index) is served(library, search_index)
    assert client.get(f"{API}/openapi.json").get_json() == served(library, search_index)


def test_a_blank_kind_filter_means_every_kind_and_the_document_says_so(client):
    """A form's 'any' sends kind= blank: every kind, as the document's pattern allows; a kind
    the document does not list is refused with the field named."""
    import re

    every = client.get(f"{API}/search?q=revoke").get_json()
    blank = client.get(f"{API}/search?q=revoke&kind=").get_json()
    assert blank["total"] == every["total"] > 0
    bad = client.get(f"{API}/search?q=revoke&kind=rules")
    assert bad.status_code == 400 and bad.get_json()["error"]["field"] == "kind"
    (kind,) = [p for p in document()["paths"]["/search"]["get"]["parameters"] if p["name"] == "kind"]
    pattern = re.compile(kind["schema"]["pattern"])
    assert pattern.match("") and pattern.match("remedy") and not pattern.match("rules")
