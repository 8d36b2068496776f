"""Every address the pages link to, built in one place (inside a request: ``url_for``).

The answers so far travel in the path, one segment a question, ``question=answer``, in the
order the irregularity lists its questions: ``/settle/CODE/IRREGULARITY/who-revoked=opponent/
replayed=made`` (its table view and comparisons add ``/table`` and ``/compare/OTHER``). A
state of a dispute is thus one address, a file of a static export, and the same on the live
app (the query-string addresses of before redirect to it: ``params.path_answers``). Ids are
lowercase words joined by hyphens, so a segment needs no escaping; anything else a user
types is escaped by ``url_for``. A sheet's hands and an auction's calls stay in the query.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

from flask import current_app, url_for

from adjudicator.engine import find_irregularity
from adjudicator.errors import LookupProblem
from adjudicator.graph import path_to
from adjudicator.model import Library

LIBRARY = "adjudicator.library"
"""The key of ``app.extensions`` holding the library (state.library_of reads it too)."""
TIME_LIMIT = "time-limit"
"""The score sheet's parameter for play stopped at a time limit."""


ANSWER_SEP = "="
"""Between a question id and its answer in a segment of the path."""


def answers_path(answers: Mapping[str, str], order: Sequence[str] = ()) -> str:
    """The answers as path segments, ``question=answer`` joined by ``/``: the questions in
    ``order`` first, in that order, then the others as given (one address per state)."""
    rank = {question: place for place, question in enumerate(order)}
    ordered = sorted(answers.items(), key=lambda item: rank.get(item[0], len(rank)))
    return "/".join(f"{question}{ANSWER_SEP}{answer}" for question, answer in ordered)


def question_order(code_id: str, irregularity_id: str) -> Sequence[str]:
    """The questions of the irregularity that rules on ``irregularity_id`` under the code
    (its general-laws fallback's when the code is silent), in the order it lists them."""
    code = current_app.extensions[LIBRARY].codes.get(code_id)
    if code is None:
        return ()
    try:
        return tuple(find_irregularity(code, irregularity_id)[1].questions)
    except LookupProblem:
        return ()


def _answered(endpoint: str, code_id: str, irregularity_id: str, answers: Mapping[str, str] | None, **more: str) -> str:
    """The address of ``endpoint`` for these answers (the bare rule when there are none)."""
    if not answers:
        return url_for(endpoint, code=code_id, irregularity=irregularity_id, **more)
    path = answers_path(answers, question_order(code_id, irregularity_id))
    return url_for(endpoint, code=code_id, irregularity=irregularity_id, answers=path, **more)


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


def game_url(game_id: str) -> str:
    """A game's chooser: which of its codes the table plays by (``/settle/GAME``, a plain path)."""
    return url_for("pages.irregularities", code=game_id)


def settle_url(code_id: str, irregularity_id: str, answers: Mapping[str, str] | None = None) -> str:
    """The question these answers lead to, or the ruling."""
    return _answered("pages.settle", code_id, irregularity_id, answers)


def table_url(code_id: str, irregularity_id: str, answers: Mapping[str, str] | None = None) -> str:
    return _answered("pages.table", code_id, irregularity_id, answers)


def compare_url(code_id: str, irregularity_id: str, other_id: str, answers: Mapping[str, str] | None = None) -> str:
    return _answered("pages.compare", code_id, irregularity_id, answers, other=other_id)


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
