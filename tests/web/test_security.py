"""Security headers on every response, hostile input never reflected unescaped, and no
request (however odd) answered with a 500."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import config
from adjudicator.engine import available
from adjudicator.loader import load_library
from adjudicator.web.handlers import SECURITY_HEADERS

LIBRARY = load_library(config.laws_dir())
HOSTILE = "<script>alert(1)</script>\"'><img src=x onerror=alert(1)>"


def sample_urls(app) -> list[str]:
    """One real URL for every route of the app (and the static stylesheet)."""
    code = next(c for c in LIBRARY.codes.values() if c.laws and available(c))
    other = next((c for c in LIBRARY.codes.values() if c.id != code.id), code)
    irregularity = available(code)[0][0]
    values = {
        "code": code.id,
        "other": other.id,
        "number": next(iter(code.laws)),
        "irregularity": irregularity.id,
        "filename": "site.css",
    }
    urls = []
    for rule in app.url_map.iter_rules():
        path = rule.rule
        for name in rule.arguments:
            path = path.replace(f"<{name}>", quote(values[name]))
        urls.append(path)
    return sorted(set(urls)) + ["/search?q=revoke", "/no-such-page", "/api/v1/no-such-route"]


def test_every_route_sends_the_security_headers(app, client):
    for url in sample_urls(app):
        with client.get(url) as response:
            assert response.status_code < 500, url
            for name, value in SECURITY_HEADERS.items():
                assert response.headers.get(name) == value, (url, name)
    csp = SECURITY_HEADERS["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp


def test_pages_carry_no_inline_script_or_style(app, client):
    for url in sample_urls(app):
        response = client.get(url)
        if response.mimetype == "text/html":
            body = response.get_data(as_text=True)
            assert "<script" not in body and "<style" not in body and " style=" not in body, url
        response.close()


def hostile_urls() -> list[str]:
    code = next(c for c in LIBRARY.codes.values() if available(c))
    irregularity = available(code)[0][0]
    h = quote(HOSTILE, safe="")
    return [
        f"/codes/{h}",
        f"/codes/{code.id}/laws/{h}",
        f"/codes/{h}/etiquette",
        f"/settle/{h}",
        f"/settle/{code.id}?q={h}",
        f"/settle/{code.id}/{h}",
        f"/settle/{code.id}/{irregularity.id}?{h}=yes",
        f"/settle/{code.id}/{irregularity.id}?{irregularity.start}={h}",
        f"/settle/{code.id}/{irregularity.id}/compare/{h}",
        f"/search?q={h}",
        f"/search?q=revoke&code={h}",
        f"/search?q=revoke&game={h}",
        f"/search?q=revoke&page={h}",
        f"/{h}",
    ]


@pytest.mark.parametrize("url", hostile_urls())
def test_hostile_strings_are_never_reflected_unescaped(client, url):
    response = client.get(url)
    assert response.status_code < 500
    body = response.get_data(as_text=True)
    assert "<script>alert" not in body and "<img src=x" not in body
    api = client.get("/api/v1" + url.replace("/settle/", "/codes/", 1) if url.startswith("/codes") else "/api/v1/x")
    assert api.status_code < 500 and api.mimetype == "application/json"


@pytest.fixture(scope="module")
def shared_client(library, search_index):
    from adjudicator.web import create_app

    app = create_app({"TESTING": True, "LIBRARY": library, "SEARCH_INDEX": search_index})
    return app.test_client()


SEGMENT = st.text(min_size=1, max_size=30).map(lambda s: quote(s, safe=""))
PARAMS = st.dictionaries(st.text(max_size=12), st.text(max_size=40), max_size=4)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    base=st.sampled_from(
        [
            "/codes/{}",
            "/codes/{}/laws/{}",
            "/settle/{}/{}",
            "/settle/{}/{}/table",
            "/search",
            "/api/v1/codes/{}",
            "/api/v1/codes/{}/irregularities/{}",
            "/api/v1/search",
        ]
    ),
    segments=st.lists(SEGMENT, min_size=2, max_size=2),
    params=PARAMS,
    real=st.booleans(),
)
def test_no_request_is_answered_with_a_500(shared_client, base, segments, params, real):
    if real:  # real ids with odd answers reach deeper
        code = next(c for c in LIBRARY.codes.values() if available(c))
        segments = [code.id, available(code)[0][0].id]
    url = base.format(*segments[: base.count("{}")])
    response = shared_client.get(url, query_string=params)
    assert response.status_code < 500, (url, params, response.data[:300])
    assert response.headers["X-Content-Type-Options"] == "nosniff"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=st.one_of(
        st.binary(max_size=200),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=20),
            lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
            max_leaves=12,
        ).map(lambda v: __import__("json").dumps(v).encode()),
    )
)
def test_no_posted_body_is_answered_with_a_500(shared_client, body):
    response = shared_client.post("/api/v1/adjudicate", data=body, content_type="application/json")
    assert response.status_code < 500, (body, response.data[:300])
    assert response.mimetype == "application/json"
