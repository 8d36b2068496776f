"""Security headers on every response, hostile input never reflected unescaped, and no
request (however odd) answered with a 500."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import config
from adjudicator.engine import available
from adjudicator.web.api.openapi import document
from adjudicator.web.handlers import SECURITY_HEADERS
from tests.conftest import real_library

HOSTILE = "<script>alert(1)</script>\"'><img src=x onerror=alert(1)>"
MARKERS = ("<script>alert", "<img src=x")  # what must never come back unescaped in an HTML page


def sample_urls(app) -> list[str]:
    """One real URL for every route of the app (and the static stylesheet)."""
    code = next(c for c in real_library().codes.values() if c.laws and available(c))
    other = next((c for c in real_library().codes.values() if c.id != code.id), code)
    irregularity = available(code)[0][0]
    values = {
        "code": code.id,
        "other": other.id,
        "number": next(iter(code.laws)),
        "irregularity": irregularity.id,
        "filename": "site.css",
        "answers": _first_answer(irregularity),
    }
    urls = []
    for rule in app.url_map.iter_rules():
        path = rule.rule
        for name in rule.arguments:
            path = re.sub(f"<(?:[a-z]+:)?{name}>", quote(values[name], safe="="), path)
        urls.append(path)
    return sorted(set(urls)) + ["/search?q=revoke", "/no-such-page", "/api/v1/no-such-route"]


def _first_answer(irregularity) -> str:
    """The first question's first answer as a path segment (``question=answer``)."""
    return f"{irregularity.start}={irregularity.questions[irregularity.start].answers[0].id}"


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
    code = next(c for c in real_library().codes.values() if available(c))
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
        f"/settle/{code.id}/{irregularity.id}/{h}=yes",
        f"/settle/{code.id}/{irregularity.id}/{irregularity.start}={h}",
        f"/settle/{code.id}/{irregularity.id}/{h}",
        f"/settle/{code.id}/{irregularity.id}/{irregularity.start}={h}/table",
        f"/settle/{code.id}/{irregularity.id}/compare/{h}",
        f"/search?q={h}",
        f"/search?q=revoke&code={h}",
        f"/search?q=revoke&game={h}",
        f"/search?q=revoke&page={h}",
        f"/{h}",
    ]


def test_hostile_strings_are_never_reflected_unescaped(client):
    for url in hostile_urls():
        response = client.get(url)
        assert response.status_code < 500, url
        body = response.get_data(as_text=True)
        assert "<script>alert" not in body and "<img src=x" not in body, url
        api = client.get("/api/v1" + url.replace("/settle/", "/codes/", 1) if url.startswith("/codes") else "/api/v1/x")
        assert api.status_code < 500 and api.mimetype == "application/json", url


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
            "/settle/{}/{}/{}",
            "/settle/{}/{}/{}={}/table",
            "/search",
            "/api/v1/codes/{}",
            "/api/v1/codes/{}/irregularities/{}",
            "/api/v1/search",
        ]
    ),
    segments=st.lists(SEGMENT, min_size=4, max_size=4),
    params=PARAMS,
    real=st.booleans(),
)
def test_no_request_is_answered_with_a_500(shared_client, base, segments, params, real):
    if real:  # real ids with odd answers reach deeper
        code = next(c for c in real_library().codes.values() if available(c))
        segments = [code.id, available(code)[0][0].id, *segments[2:]]
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


# ---------------------------------------------------------------- hostile input in every parameter

# each kind of hostile value, as it goes on the wire (already percent-encoded for a URL)
HOSTILE_VALUES = {
    "markup and quotes": quote(HOSTILE, safe=""),
    "control characters": quote("\x00\x01\x1b[31m\r\nSet-Cookie: x=1\u202e\ufeff" + HOSTILE, safe=""),
    "100 KB": quote("x" * 100_000 + HOSTILE, safe=""),
    "invalid UTF-8": "%FF%FE%C3%28%ED%A0%80" + quote(HOSTILE, safe=""),
    # digits str.isdigit() takes and int() refuses, and more digits than int() reads (4,300)
    "superscript two": quote("\u00b2"),
    "Arabic-Indic three": quote("\u0663"),
    "fullwidth five": quote("\uff15"),
    "5,000 digits": "1" * 5_000,
}


def _parameter_names(client) -> dict[str, set[str]]:
    """Every query parameter the app reads, by endpoint where a form or the OpenAPI
    document says so, and under "*" every name the web layer reads anywhere (so each
    route is also sent the parameters of the others)."""
    names: dict[str, set[str]] = {"*": set()}
    source = "\n".join(p.read_text() for p in (config.ROOT / "adjudicator" / "web").rglob("*.py"))
    read = re.compile(
        r"""(?:args\.get\(|getlist\(|int_arg\(args,|text_arg\(|_arg\(|_list\()\s*["']([a-z][a-z0-9-]*)["']"""
    )
    names["*"].update(read.findall(source))
    for item in document()["paths"].values():
        for operation in item.values():
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "query":
                    names["*"].add(parameter["name"])
    for irregularity, _ in available(_code()):
        names["*"].update(list(irregularity.questions)[:2])
    return names


def _code():
    """A code every route accepts (the table tools need a code with score values)."""
    return next(c for c in real_library().codes.values() if c.laws and available(c) and c.score_values)


def _check_answer(response, where: str) -> None:
    response.close()  # a static file's handle
    assert response.status_code < 500, (where, response.status_code, response.data[:300])
    for name, value in SECURITY_HEADERS.items():
        assert response.headers.get(name) == value, (where, name)
    for name, value in response.headers.items():
        assert "\n" not in value and "Set-Cookie" not in value, (where, name)
    if response.mimetype == "text/html":
        body = response.get_data(as_text=True)
        for marker in MARKERS:
            assert marker not in body, (where, marker)
    else:
        assert response.mimetype in ("application/json", "text/css", "text/plain"), (where, response.mimetype)
        assert response.headers["X-Content-Type-Options"] == "nosniff"


def _routes(app) -> list[str]:
    return sorted({rule.endpoint for rule in app.url_map.iter_rules()})


def test_hostile_values_in_every_parameter_are_never_reflected_nor_a_500(shared_client):
    """Every route, every path segment and every query parameter the app reads (one at a
    time, the others valid), each kind of hostile value: never a 500, never reflected
    unescaped, every security header present."""
    for endpoint in _routes(shared_client.application):
        _hostile_values(shared_client, endpoint)


def _hostile_values(shared_client, endpoint: str) -> None:
    app = shared_client.application
    rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
    code = _code()
    valid = {
        "code": code.id,
        "other": next(c.id for c in real_library().codes.values() if c.id != code.id),
        "number": next(iter(code.laws)),
        "irregularity": available(code)[0][0].id,
        "filename": "site.css",
        "answers": _first_answer(available(code)[0][0]),
    }
    names = sorted(_parameter_names(shared_client)["*"])
    method = "POST" if "POST" in rule.methods else "GET"

    def path_with(**changed: str) -> str:
        path = rule.rule
        for name in rule.arguments:
            path = path.replace(f"<{name}>", changed.get(name, quote(valid[name], safe="=")))
            path = path.replace(f"<path:{name}>", changed.get(name, quote(valid[name], safe="=")))
        return path

    for kind, value in HOSTILE_VALUES.items():
        for argument in rule.arguments:
            url = path_with(**{argument: value})
            _check_answer(shared_client.open(url, method=method), f"{url[:120]} ({kind})")
        for name in names:
            url = f"{path_with()}?{quote(name)}={value}"
            _check_answer(shared_client.open(url, method=method), f"{endpoint} ?{name}= ({kind})")


def test_hostile_headers_and_posted_forms_are_never_reflected_nor_a_500(shared_client):
    for url in sample_urls(shared_client.application):
        _hostile_headers(shared_client, url)


def _hostile_headers(shared_client, url: str) -> None:
    headers = {
        name: HOSTILE + "\x00\x1b\xff\xfe"  # header values reach the app as latin-1: invalid UTF-8
        for name in ("User-Agent", "Referer", "Accept-Language", "Cookie", "X-Forwarded-For", "If-None-Match", "Range")
    }
    headers["Accept"] = "text/html;q=" + HOSTILE
    headers["X-Big"] = "x" * 100_000
    _check_answer(shared_client.get(url, headers=headers), f"{url} (headers)")
    form = {"q": HOSTILE, "code": HOSTILE, "x" * 100: "\x00" + HOSTILE}
    _check_answer(shared_client.post(url, data=form), f"{url} (posted form)")
    _check_answer(
        shared_client.post(url, data=b"q=%FF%FE" + quote(HOSTILE).encode(), content_type="text/plain; charset=utf-8"),
        f"{url} (posted bytes)",
    )


def _hostile_bodies(code: str, irregularity: str, start: str) -> list[tuple[str, bytes, str]]:
    """(what, body, content type): the labels do not depend on the ids, so the test is
    parametrized by label at collection and builds its body with real ids when it runs."""
    import json

    good = {"code": code, "irregularity": irregularity, "answers": {}}
    bodies = []
    for kind, value in (
        ("markup", HOSTILE),
        ("control characters", "\x00\x1b\r\n\u202e" + HOSTILE),
        ("60 KB", "x" * 60_000 + HOSTILE),
    ):
        for key in ("code", "irregularity"):
            bodies.append((f"{key}: {kind}", json.dumps({**good, key: value}).encode(), "application/json"))
        bodies.append(
            (f"answer key: {kind}", json.dumps({**good, "answers": {value: "yes"}}).encode(), "application/json")
        )
        bodies.append((f"answer: {kind}", json.dumps({**good, "answers": {start: value}}).encode(), "application/json"))
        bodies.append((f"extra key: {kind}", json.dumps({**good, value: 1}).encode(), "application/json"))
    bodies += [
        ("invalid UTF-8", b'{"code": "\xff\xfe", "irregularity": "\xc3\x28"}', "application/json"),
        ("over the limit", json.dumps({**good, "code": "x" * 100_000}).encode(), "application/json"),
        ("nested deep", b"[" * 5_000 + b"]" * 5_000, "application/json"),
        ("a form", f"code={quote(HOSTILE)}&irregularity=x".encode(), "application/x-www-form-urlencoded"),
        ("a content type", json.dumps(good).encode(), HOSTILE),
    ]
    return bodies


@pytest.mark.parametrize("what", [what for what, _, _ in _hostile_bodies("c", "i", "q")], ids=lambda v: v[:30])
def test_hostile_json_bodies_are_a_4xx_never_a_500(shared_client, what):
    code = _code()
    irregularity = available(code)[0][0]
    bodies = {label: rest for label, *rest in _hostile_bodies(code.id, irregularity.id, irregularity.start)}
    body, content_type = bodies[what]
    response = shared_client.post("/api/v1/adjudicate", data=body, content_type=content_type)
    _check_answer(response, what)
    assert response.mimetype == "application/json"
    if what == "over the limit":
        assert response.status_code == 413
        assert response.get_json()["error"]["field"] == "body"


NUMBERS_INT_REFUSES = [
    "/search?q=x&page=%C2%B2",
    "/search?q=x&page=" + "9" * 5_000,
    "/api/v1/search?q=x&pagelen=%C2%B2",
    "/api/v1/search?q=x&page=%D9%A3",
    "/tools/score?add=1&declarer=we&level=%C2%B2&denomination=H&doubling=undoubled&tricks=9",
    "/tools/score?add=1&declarer=we&level=1&denomination=H&doubling=undoubled&tricks=%EF%BC%95",
    "/tools/score?remove=%C2%B2&hand=we.3H.9",
    "/tools/score?remove=" + "1" * 5_000 + "&hand=we.3H.9",
    "/tools/score?hand=we.3H.%C2%B2",
    "/api/v1/codes/auction-bridge-1915/score?hand=we.3H.%C2%B2",
    "/api/v1/codes/auction-bridge-1915/score?hand=we.3H." + "1" * 5_000,
    "/learn/auction-bridge-1915/quiz?seed=%C2%B2",
    "/api/v1/quiz?code=auction-bridge-1915&n=" + "1" * 5_000,
]


@pytest.mark.parametrize("url", NUMBERS_INT_REFUSES, ids=lambda u: u[:70])
def test_a_number_int_refuses_is_a_4xx_naming_the_parameter(shared_client, url):
    """'²' passes str.isdigit() and 5,000 digits pass it too; int() refuses both. Each is a
    4xx that names the parameter (a page leaves such a hand out and says so), never a 500."""
    response = shared_client.get(url)
    _check_answer(response, url[:80])
    if url.startswith("/tools/score?hand="):
        assert response.status_code == 200 and "is left out under this code" in response.get_data(as_text=True)
    else:
        assert 400 <= response.status_code < 500, (url[:80], response.status_code)
    if response.mimetype == "application/json":
        assert response.get_json()["error"]["field"] in ("page", "pagelen", "hand", "tricks", "n"), response.get_json()


def test_production_config_has_no_debug_and_no_secret():
    """What `make serve` runs: wsgi.py's app, gunicorn.conf.py; nothing in debug, no secret."""
    import runpy

    from adjudicator.web import create_app

    app = create_app({"LIBRARY": real_library(), "SEARCH_INDEX": "ram"})  # as wsgi.py, with the index in RAM
    assert not app.debug and not app.testing and not app.config["PROPAGATE_EXCEPTIONS"]
    assert app.config["SECRET_KEY"] is None and not app.config.get("TEMPLATES_AUTO_RELOAD")
    assert app.config["MAX_CONTENT_LENGTH"] == 64 * 1024
    settings = runpy.run_path(str(config.ROOT / "gunicorn.conf.py"))
    assert settings["reload"] is False and settings["bind"].startswith("127.0.0.1:")
    assert settings["limit_request_line"] <= 8190 and settings["limit_request_field_size"] <= 8190
    assert "--debug" not in (config.ROOT / "Makefile").read_text().split("\nserve:")[1].split("\n\n")[0]
    assert (config.ROOT / "wsgi.py").read_text().strip().endswith("app = create_app()")
