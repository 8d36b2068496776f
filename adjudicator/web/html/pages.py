"""HTML pages: home, settling a dispute (one question per page, plain GET forms), rulings,
codes, laws, etiquette, glossary and search. Every page is a permalink; none needs JavaScript.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import Blueprint, current_app, redirect, render_template, request
from werkzeug.wrappers import Response

import adjudicator.web.urls as urls
from adjudicator import compare as comparing
from adjudicator.engine import NextQuestion, adjudicate, find_irregularity
from adjudicator.model import Code
from adjudicator.presentation import words
from adjudicator.schema import ID_PATTERN
from adjudicator.web.pagecache import cached
from adjudicator.web.params import MAX_QUERY, given_answers, path_answers, search_params, text_arg
from adjudicator.web.presenters import codes as code_views
from adjudicator.web.presenters import settle as views
from adjudicator.web.presenters.search import search_page
from adjudicator.web.state import index_of, library_of

bp = Blueprint("pages", __name__)


def the_code(code_id: str) -> Code:
    return library_of(current_app).code(code_id)


@bp.get("/")
def home() -> str:
    library = library_of(current_app)
    return render_template("pages/home.html", games=views.game_links(library))


@bp.get("/settle")
def settle_codes() -> str:
    library = library_of(current_app)
    return render_template("settle/codes.html", games=views.game_links(library))


@bp.get("/settle/<code>")
def irregularities(code: str) -> str | Response:
    """What happened, under a code; or, named by a game of several codes, which code."""
    library = library_of(current_app)
    if code not in library.codes and code in library.games():
        page = views.chooser_page(library, code)
        if page is not None and len(page.codes) == 1:  # nothing to choose
            return redirect(page.codes[0].url)
        return render_template("settle/game.html", page=page)
    item = the_code(code)
    query = text_arg("q", MAX_QUERY)
    return render_template(
        "settle/irregularities.html",
        code=item,
        code_url=urls.code_url(item.id),
        query=query,
        groups=views.irregularity_groups(item, query),
        action=urls.irregularities_url(item.id),
        search_url=urls.search_url(query, {"code": item.id}) if query else urls.search_url(),
    )


def answers_or_redirect(
    make_url: Callable[[dict[str, str]], str], answers: str, code: Code, irregularity: str
) -> tuple[dict[str, str], Response | None]:
    """The answers in the path, and a redirect (308) to the path-style address when the
    answers come in the query string (a bookmark of before, a GET form) or the path ends
    in a slash (a static copy's folder). Pages link to one order of the questions (the
    irregularity's); another order names the same state and is served as it is."""
    given = path_answers(answers)
    if request.args:
        given.update(given_answers(code, irregularity))  # a parameter naming no question is left out
        if not all(re.fullmatch(ID_PATTERN, word) for pair in given.items() for word in pair):
            return given, None  # not an address of ours: no redirect, the engine names what is wrong (a 400)
    if request.args or answers.endswith("/"):
        return given, redirect(make_url(given), 308)
    return given, None


@bp.get("/settle/<code>/<irregularity>")
@bp.get("/settle/<code>/<irregularity>/<path:answers>")
def settle(code: str, irregularity: str, answers: str = "") -> str | bytes | Response:
    library = library_of(current_app)
    item = the_code(code)
    given, moved = answers_or_redirect(lambda a: urls.settle_url(item.id, irregularity, a), answers, item, irregularity)
    if moved:
        return moved
    result = adjudicate(item, irregularity, given)
    if isinstance(result, NextQuestion):
        return render_template("settle/question.html", page=views.question_page(item, result, given))
    return cached(
        ("ruling", item.id, irregularity, tuple(sorted(given.items()))),
        lambda: render_template("settle/ruling.html", page=views.ruling_page(library, item, result, given)),
    )


@bp.get("/settle/<code>/<irregularity>/table")
@bp.get("/settle/<code>/<irregularity>/<path:answers>/table")
def table(code: str, irregularity: str, answers: str = "") -> str | Response:
    library = library_of(current_app)
    item = the_code(code)
    given, moved = answers_or_redirect(lambda a: urls.table_url(item.id, irregularity, a), answers, item, irregularity)
    if moved:
        return moved
    result = adjudicate(item, irregularity, given)
    if isinstance(result, NextQuestion):  # nothing to show the table yet: ask the question
        return redirect(urls.settle_url(item.id, irregularity, given))
    return render_template("settle/table.html", page=views.ruling_page(library, item, result, given, others=False))


@bp.get("/settle/<code>/<irregularity>/compare/<other>")
@bp.get("/settle/<code>/<irregularity>/<path:answers>/compare/<other>")
def compare(code: str, irregularity: str, other: str, answers: str = "") -> str | Response:
    library = library_of(current_app)
    first, second = the_code(code), the_code(other)
    given, moved = answers_or_redirect(
        lambda a: urls.compare_url(first.id, irregularity, second.id, a), answers, first, irregularity
    )
    if moved:
        return moved
    adjudicate(first, irregularity, given)  # the answers must make sense under the first code
    _, irr, _ = find_irregularity(second, irregularity)
    sides = [comparing.under(first, irregularity, given), comparing.under(second, irregularity, given)]
    return render_template(
        "settle/compare.html",
        title=irr.title,
        columns=[views.column(library, code, side) for code, side in zip((first, second), sides, strict=True)],
        verdict=views.verdict(sides),
        back_url=urls.settle_url(first.id, irregularity, given),
    )


@bp.get("/codes")
def codes() -> str:
    return render_template("codes/index.html", games=views.game_groups(library_of(current_app)))


@bp.get("/codes/<code>")
def code(code: str) -> str:
    item = the_code(code)
    return render_template("codes/code.html", page=code_views.code_page(library_of(current_app), item))


@bp.get("/codes/<code>/laws")
def laws(code: str) -> Response:
    item = the_code(code)
    return redirect(urls.code_url(item.id, "laws"))


@bp.get("/codes/<code>/laws/<number>")
def law(code: str, number: str) -> bytes:
    item = the_code(code)
    found = item.numbered(number)
    return cached(
        ("law", item.id, number),
        lambda: render_template("codes/law.html", page=code_views.law_page(library_of(current_app), item, found)),
    )


def _code_part(template: str, code_id: str, **parts: Callable[[Code], object]) -> str:
    """A page of one part of a code (etiquette, scoring, glossary), under the code's title."""
    item = the_code(code_id)
    context = {name: make(item) for name, make in parts.items()}
    return render_template(template, code_title=words.code_line(item), code_url=urls.code_url(item.id), **context)


@bp.get("/codes/<code>/etiquette")
def etiquette(code: str) -> str:
    return _code_part("codes/etiquette.html", code, items=code_views.etiquette_views)


@bp.get("/codes/<code>/scoring")
def scoring(code: str) -> str:
    return _code_part("codes/scoring.html", code, tables=code_views.score_tables, values=code_views.score_values)


@bp.get("/codes/<code>/glossary")
def glossary(code: str) -> str:
    return _code_part("codes/glossary.html", code, terms=code_views.glossary_views)


@bp.get("/search")
def search() -> str:
    index = index_of(current_app)
    params = search_params(index, request.args)
    return search_page(
        library_of(current_app), index, params, lambda page: render_template("search/search.html", page=page)
    )
