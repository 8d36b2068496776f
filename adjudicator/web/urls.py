"""Every address the pages link to, built in one place (inside a request: ``url_for``).

Answers travel as the query string, keyed by question id (a question id may be any id,
even ``code``); a sheet's hands and an auction's calls likewise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

from flask import current_app, url_for

from adjudicator.graph import path_to
from adjudicator.model import Library

TIME_LIMIT = "time-limit"
"""The score sheet's parameter for play stopped at a time limit."""


def with_answers(url: str, answers: Mapping[str, str] | None) -> str:
    """``url`` with the answers as its query."""
    return f"{url}?{urlencode(list(answers.items()))}" if answers else url


def code_url(code_id: str, anchor: str | None = None) -> str:
    return url_for("pages.code", code=code_id, _anchor=anchor)


def law_url(code_id: str, number: str) -> str:
    return url_for("pages.law", code=code_id, number=number)


def glossary_url(code_id: str, term_id: str | None = None) -> str:
    return url_for("pages.glossary", code=code_id, _anchor=f"term-{term_id}" if term_id else None)


def etiquette_url(code_id: str, item_id: str | None = None) -> str:
    return url_for("pages.etiquette", code=code_id, _anchor=item_id)


def scoring_url(code_id: str) -> str:
    return url_for("pages.scoring", code=code_id)


def irregularities_url(code_id: str) -> str:
    """The code's "what happened?" menu."""
    return url_for("pages.irregularities", code=code_id)


def settle_url(code_id: str, irregularity_id: str, answers: Mapping[str, str] | None = None) -> str:
    return with_answers(url_for("pages.settle", code=code_id, irregularity=irregularity_id), answers)


def table_url(code_id: str, irregularity_id: str, answers: Mapping[str, str] | None = None) -> str:
    return with_answers(url_for("pages.table", code=code_id, irregularity=irregularity_id), answers)


def compare_url(code_id: str, irregularity_id: str, other_id: str, answers: Mapping[str, str] | None = None) -> str:
    return with_answers(url_for("pages.compare", code=code_id, irregularity=irregularity_id, other=other_id), answers)


def remedy_url(library: Library, code_id: str, irregularity_id: str, remedy_id: str) -> str:
    """A ruling page that reaches ``remedy_id`` (the irregularity's first question if none does)."""
    code = library.codes.get(code_id)
    irregularity = code.irregularities.get(irregularity_id) if code else None
    answers = path_to(irregularity, remedy_id) if irregularity else None
    return settle_url(code_id, irregularity_id, answers)


def api_code_url(code_id: str) -> str:
    return url_for("api.code", code=code_id)


def search_url(q: str = "", filters: Mapping[str, str] | None = None, page: int = 1) -> str:
    if not q and not filters:
        return url_for("pages.search")
    args = [("q", q), *((k, v) for k, v in (filters or {}).items() if v)]
    if page > 1:
        args.append(("page", str(page)))
    return f"{url_for('pages.search')}?{urlencode(args)}"


def score_url(code_id: str, tokens: Sequence[str], time_limit: bool = False, anchor: str | None = None) -> str:
    pairs = [("code", code_id), *(("hand", t) for t in tokens)]
    if time_limit:
        pairs.append((TIME_LIMIT, "on"))
    return f"{url_for('tools.score')}?{urlencode(pairs)}" + (f"#{anchor}" if anchor else "")


def auction_url(code_id: str, dealer: str, tokens: Sequence[str]) -> str:
    pairs = [("code", code_id), ("dealer", dealer)]
    if tokens:
        pairs.append(("calls", " ".join(tokens)))
    return f"{url_for('tools.auction')}?{urlencode(pairs)}"


def learn_url(code_id: str) -> str:
    return url_for("learn.code", code=code_id)


def quiz_url(endpoint: str, code_id: str, query: Mapping[str, Any], *, external: bool = False) -> str:
    """A quiz page (``question``, ``answer``, ``score_page``, ``sheet``) named by its query;
    ``external``: absolute, from the configured PUBLIC_URL (never from the request's Host),
    relative when none is configured."""
    path = url_for(f"learn.{endpoint}", code=code_id, **query)
    return public_url(path) if external else path


def public_url(path: str) -> str:
    """``path`` under the configured PUBLIC_URL ("" keeps it relative)."""
    return current_app.config.get("PUBLIC_URL", "").rstrip("/") + path
