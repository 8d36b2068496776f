"""Law and ruling pages and API adjudication steps are rendered once per app and served
the same afterwards; the cache stays within its bound and keeps nothing for an address
that fails."""

from __future__ import annotations

from urllib.parse import urlencode

from adjudicator.engine import available
from adjudicator.web.pagecache import PageCache
from tests.web.conftest import first_path, settle_address


def test_a_law_page_a_ruling_and_an_api_step_are_the_same_from_the_cache(app, client, library):
    code = next(c for c in library.codes.values() if c.laws and available(c))
    number = next(iter(code.laws))
    cache = app.extensions["adjudicator.pages"]
    law = f"/codes/{code.id}/laws/{number}"
    first = client.get(law)
    assert len(cache) == 1
    again = client.get(law)
    assert first.status_code == again.status_code == 200
    assert first.data == again.data and first.headers == again.headers
    irregularity = available(code)[0][0]
    answers, _ = first_path(code, irregularity.id)
    ruling = settle_address(code.id, irregularity.id, answers)
    assert client.get(ruling).data == client.get(ruling).data
    step = f"/api/v1/codes/{code.id}/irregularities/{irregularity.id}?{urlencode(answers)}"
    first, again = client.get(step), client.get(step)  # the test client checks both against the OpenAPI document
    assert first.data == again.data and again.mimetype == "application/json" and again.get_json()
    assert len(cache) == 3


def test_an_address_that_fails_is_not_kept(app, client, library):
    code = next(iter(library.codes.values()))
    assert client.get(f"/codes/{code.id}/laws/no-such-law").status_code == 404
    assert len(app.extensions["adjudicator.pages"]) == 0


def test_the_cache_keeps_within_its_bound_least_recently_used_first():
    cache = PageCache(limit=10)
    for key in "abcd":
        assert cache.get(key, lambda k=key: k * 3) == (key * 3).encode()
    assert len(cache) == 3 and cache.size == 9  # "a" went first
    cache.get("b", lambda: "never called")  # "b" used again: "c" goes next
    cache.get("e", lambda: "eee")
    assert cache.get("b", lambda: "new") == b"bbb" and cache.get("c", lambda: "ccc!") == b"ccc!"
    assert cache.get("big", lambda: "x" * 11) == b"x" * 11 and "big" not in cache._pages
