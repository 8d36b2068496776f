"""How long each response may be kept, and that no address or body is built from the
request's Host header: absolute addresses come from PUBLIC_URL only (adjudicator/web/handlers.py)."""

from __future__ import annotations

import re

import pytest

from adjudicator.web.handlers import SECURITY_HEADERS

DAY = "public, max-age=86400"
MINUTE = "public, max-age=60"


@pytest.fixture
def plain(toy, toy_index):
    """The toy app with Flask's own client (a 304 or a 308 is no response the OpenAPI document describes)."""
    from adjudicator.web import create_app

    return create_app({"TESTING": True, "LIBRARY": toy, "SEARCH_INDEX": toy_index}).test_client()


@pytest.mark.parametrize(
    ("path", "cache"),
    [
        ("/codes/toy-whist", DAY),
        ("/codes/toy-whist/glossary", DAY),
        ("/settle/toy-whist/lead-out-of-turn", DAY),
        ("/api/v1/codes/toy-whist", DAY),
        ("/api/v1/codes/toy-whist/irregularities/lead-out-of-turn", DAY),
        ("/search?q=lead", "public, max-age=60"),
        ("/api/v1/search?q=lead", "public, max-age=60"),
        ("/", "no-cache"),
        ("/codes", "no-cache"),
        ("/codes/no-such-code", "no-store"),
        ("/api/v1/codes/no-such-code", "no-store"),
        ("/api/v1/search", "no-store"),
    ],
)
def test_every_response_says_how_long_it_may_be_kept(plain, path, cache):
    response = plain.get(path)
    assert response.headers["Cache-Control"] == cache, path
    assert ("ETag" in response.headers) == (cache == DAY or (cache == MINUTE and response.status_code == 200))


def test_a_search_has_the_etag_of_the_index_manifest_and_a_law_page_of_the_laws(toy, toy_index):
    """A search answer depends on the index: its ETag is the same for an index built again
    from the same laws, and changes with the index's manifest, while a law page's stays the
    laws' and templates'."""
    from adjudicator.search import build_index
    from adjudicator.web import create_app

    same, other = build_index(toy), build_index(toy)
    other.manifest = {**other.manifest, "documents": other.manifest["documents"] + 1}
    clients = [
        create_app({"TESTING": True, "LIBRARY": toy, "SEARCH_INDEX": index}).test_client()
        for index in (toy_index, other, same)
    ]
    again = clients[2].get("/api/v1/search?q=lead").headers["ETag"]
    assert again == clients[0].get("/api/v1/search?q=lead").headers["ETag"]
    for path in ("/search?q=lead", "/api/v1/search?q=lead"):
        first, second = (c.get(path) for c in clients[:2])
        assert first.headers["ETag"] != second.headers["ETag"]
        again = clients[0].get(path, headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304 and again.data == b""
    law, law_too = (c.get("/codes/toy-whist") for c in clients[:2])
    assert law.headers["ETag"] == law_too.headers["ETag"] != clients[0].get("/search?q=lead").headers["ETag"]


def test_a_lasting_page_sent_back_with_its_etag_is_a_304(plain):
    first = plain.get("/codes/toy-whist")
    again = plain.get("/codes/toy-whist", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    other = plain.get("/codes/toy-whist", headers={"If-None-Match": '"something-older"'})
    assert other.status_code == 200 and other.data == first.data


def test_a_posted_ruling_is_not_cached_as_a_page(plain):
    body = {"code": "toy-whist", "irregularity": "lead-out-of-turn", "answers": {}}
    response = plain.post("/api/v1/adjudicate", json=body)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-cache" and "ETag" not in response.headers


def test_a_post_that_is_not_json_is_a_415_naming_the_body(plain):
    response = plain.post("/api/v1/adjudicate", data=b"{}", content_type="text/plain")
    assert response.status_code == 415 and response.mimetype == "application/json"
    assert response.get_json()["error"]["field"] == "body"
    assert response.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize(
    ("path", "location", "mimetype"),
    [("/api/v1//codes", "/api/v1/codes", "application/json"), ("/codes//toy-whist", "/codes/toy-whist", "text/html")],
)
def test_a_doubled_slash_is_a_relative_redirect_with_the_security_headers(plain, path, location, mimetype):
    response = plain.get(path, headers={"Host": "evil.example"})
    assert response.status_code == 308
    assert response.headers["Location"] == location
    assert response.mimetype == mimetype and b"evil" not in response.data
    for name, value in SECURITY_HEADERS.items():
        assert response.headers[name] == value


SHEET = "/learn/toy-whist/quiz/sheet?level=director&seed=7"


def _printed_address(response) -> str:
    return re.search(r"take on screen: <a href=\"[^\"]*\">([^<]*)</a>", response.get_data(as_text=True)).group(1)


def test_the_quiz_sheet_prints_its_address_from_public_url(plain):
    plain.application.config["PUBLIC_URL"] = "https://rules.example.org/"
    address = _printed_address(plain.get(SHEET, headers={"Host": "evil.example"}))
    assert address.startswith("https://rules.example.org/learn/toy-whist/quiz?"), address


def test_without_public_url_the_sheet_prints_a_relative_address(plain):
    assert _printed_address(plain.get(SHEET)).startswith("/learn/toy-whist/quiz?")


@pytest.mark.parametrize(
    "path",
    [
        SHEET,
        "/",
        "/codes/toy-whist",
        "/search?q=lead",
        "/api/v1/codes/toy-whist",
        "/api/v1/quiz?code=toy-whist&level=director&seed=7",
    ],
)
def test_a_forged_host_changes_nothing_in_the_body(plain, path):
    honest = plain.get(path)
    forged = plain.get(path, headers={"Host": "evil.example", "X-Forwarded-Host": "evil.example"})
    assert forged.status_code == honest.status_code == 200
    assert forged.data == honest.data
