"""Every template compiles, is named by the house rule, and fetches nothing from elsewhere;
pages are rendered with StrictUndefined (the app fixture), so a missing name fails a test."""

from __future__ import annotations

import re

import pytest
from jinja2 import UndefinedError

from adjudicator import config

TEMPLATES = config.ROOT / "templates"
NAMES = sorted(str(p.relative_to(TEMPLATES)) for p in TEMPLATES.rglob("*.html"))


@pytest.mark.parametrize("name", NAMES)
def test_every_template_compiles(app, name):
    app.jinja_env.get_template(name)


@pytest.mark.parametrize("name", NAMES)
def test_templates_are_named_area_view_and_partials_start_with_underscore(name):
    parts = name.split("/")
    assert len(parts) <= 2, name
    assert re.fullmatch(r"_?[a-z]+(-[a-z]+)*\.html", parts[-1]), name
    if len(parts) == 1:
        assert parts[0] == "base.html" or parts[0].startswith("_"), f"{name}: pages live in templates/<area>/"


@pytest.mark.parametrize("name", NAMES)
def test_no_inline_script_or_style_and_nothing_remote(name):
    text = (TEMPLATES / name).read_text()
    assert "<style" not in text and "style=" not in text, name
    for script in re.findall(r"<script\b[^>]*>[^<]*</script>", text) or ["<script"] * text.count("<script"):
        # only a file of ours, with nothing inside (the static copy's script; the CSP allows 'self')
        assert re.fullmatch(
            r"""<script type="module" src="\{\{ url_for\('static', [^>]*\) \}\}"></script>""", script
        ), name
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text), name


def test_the_stylesheet_fetches_nothing_remote():
    css = (config.ROOT / "static" / "site.css").read_text()
    assert "url(" not in css and "@import" not in css and "http" not in css


def test_templates_render_with_strict_undefined(app):
    with app.test_request_context(), pytest.raises(UndefinedError):
        app.jinja_env.get_template("codes/law.html").render()


def _reads() -> str:
    """Every template and web module, less the lines that define or fill a field."""
    texts = [p.read_text() for p in TEMPLATES.rglob("*.html")]
    texts += [p.read_text() for p in (config.ROOT / "adjudicator" / "web").rglob("*.py")]
    return "\n".join(texts)


def test_every_presenter_field_is_read_somewhere():
    """A field a presenter fills and no template or module reads is work done for nothing
    (an attribute read is ``.name``; a field whose name other objects share can hide here,
    but a name read nowhere cannot)."""
    import dataclasses
    import importlib

    text = _reads()
    unread = []
    for name in (
        "presenters.common",
        "presenters.settle",
        "presenters.codes",
        "presenters.learn",
        "presenters.tools",
        "presenters.search",
        "handlers",
    ):
        module = importlib.import_module(f"adjudicator.web.{name}")
        for cls in vars(module).values():
            if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == module.__name__:
                for f in dataclasses.fields(cls):
                    if not re.search(rf"\.{f.name}\b", text):
                        unread.append(f"{name}.{cls.__name__}.{f.name}")
    assert not unread, unread


def test_text_fields_take_the_length_the_server_does(client):
    """The query's limit lives in one place (params.MAX_QUERY): the search boxes, the
    irregularity finder and the OpenAPI document read it; so does the calls field (tools.MAX_TEXT)."""
    from bs4 import BeautifulSoup

    from adjudicator.web.api.openapi import document
    from adjudicator.web.params import MAX_QUERY, MAX_TEXT

    for name in NAMES:
        text = (TEMPLATES / name).read_text()
        assert not re.search(r'maxlength="[0-9]', text), f"{name}: a length written in the template"
    code = next(iter(client.application.extensions["adjudicator.library"].codes))
    for url in ("/", "/search", f"/settle/{code}"):
        page = BeautifulSoup(client.get(url).data, "html.parser")
        assert [int(i["maxlength"]) for i in page.find_all("input", attrs={"name": "q"})] == [MAX_QUERY], url
    page = BeautifulSoup(client.get("/tools/auction").data, "html.parser")
    assert int(page.find("input", id="calls")["maxlength"]) == MAX_TEXT
    q = next(p for p in document()["paths"]["/search"]["get"]["parameters"] if p["name"] == "q")
    assert q["schema"]["maxLength"] == MAX_QUERY
    # a longer search (pasted into the address) is cut at a word and the page says what was left out
    long = client.get("/search", query_string={"q": "revoke " * (MAX_QUERY // 7) + "insufficient"})
    note = BeautifulSoup(long.data, "html.parser").find("p", class_="note").get_text()
    assert long.status_code == 200 and note.startswith(f"Only the first {MAX_QUERY} characters are searched")
    assert note.endswith("not searched: \u201cinsufficient\u201d.")  # 28 revokes fill 195 of the 200
    assert client.get("/api/v1/search", query_string={"q": "x" * (MAX_QUERY + 1)}).status_code == 400
    assert client.get(f"/settle/{code}", query_string={"q": "x" * (MAX_QUERY + 1)}).status_code == 400


@pytest.mark.parametrize(
    ("markup", "partial"),
    [
        ("<select", "_select.html"),
        ('class="searchbox"', "_searchbox.html"),
        ("{% for row in table.rows %}", "codes/_scoring.html"),
    ],
)
def test_each_piece_of_markup_is_written_once(markup, partial):
    """A select, a search box and a code's scoring tables are each written in one partial
    that the pages include (search, Learn and the tools each had a copy)."""
    assert [name for name in NAMES if markup in (TEMPLATES / name).read_text()] == [partial]


def test_the_scoring_tables_mark_the_rows_their_sources_do_not_confirm(client, library):
    """A table's ``unsure`` rows say "(unconfirmed)" on the code's scoring page and its Learn page."""
    from bs4 import BeautifulSoup

    code, table = next((c, t) for c in library.codes.values() for t in c.score_tables if t.unsure)
    for url in (f"/codes/{code.id}/scoring", f"/learn/{code.id}"):
        page = BeautifulSoup(client.get(url).data, "html.parser")
        shown = page.find("caption", string=table.title).find_parent("table")
        marked = [
            tr.td.get_text(" ", strip=True) for tr in shown.tbody.find_all("tr") if "(unconfirmed)" in tr.get_text()
        ]
        assert marked == [f"{row[0]} (unconfirmed)" for row in table.rows if row[0] in table.unsure], url
