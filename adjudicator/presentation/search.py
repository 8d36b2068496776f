"""Search results presented (adjudicator.search.Results): the hits of one page, each with
its sister editions, the total, the facets, the did-you-mean, the irregularity the query
describes, and what of a long query was not searched. Snippets are text spans, never HTML:
whoever shows them escapes every span and marks the matched ones."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from adjudicator.presentation import words
from adjudicator.presentation.common import Model

if TYPE_CHECKING:  # the search module imports whoosh: not needed to present its results
    from adjudicator.search import Results


class Span(Model):
    text: str
    mark: bool = Field(description="these words matched the query")


class Edition(Model):
    """The same provision in a sister edition: "also 1912 Law 83"."""

    code: str
    label: str = Field(description="the edition among its sisters, e.g. 1912 or English 1908")
    number: str | None = Field(description="the law's number in that edition, for laws")
    id: str
    differs: bool = Field(description="its words differ from the hit's")


class Settle(Model):
    """The irregularity the query describes, to settle under a code."""

    code: str
    code_title: str
    irregularity: str
    title: str


class SearchHit(Model):
    kind: str = Field(description="law, etiquette, glossary or remedy (a ruling)")
    code: str
    code_title: str
    game: str
    number: str | None
    id: str | None
    irregularity: str | None
    title: str
    name: str = Field(description='the hit as it is named: "Law 50. Title" (an unnumbered rule, a non-law: its title)')
    section: str | None
    section_title: str | None
    snippet: list[Span] = Field(description="a window of the text as spans, in order; the matched words marked")
    exact: bool
    editions: list[Edition] = Field(description="the same provision in sister editions, newest first")


class SearchResults(Model):
    query: str = Field(description="the query as searched")
    cut: str | None = Field(description="what of the query was not searched, when it was too long")
    total: int = Field(description="provisions found: a law in three editions counts once")
    page: int
    pagelen: int
    suggestion: str | None = Field(description="did you mean: a corrected query that finds something")
    settle: Settle | None = Field(description="the irregularity the query describes, to settle under a code")
    facets: dict[str, dict[str, int]]
    hits: list[SearchHit]


def results(found: Results) -> SearchResults:
    settle = found.settle and Settle(
        code=found.settle.code,
        code_title=found.settle.code_title,
        irregularity=found.settle.irregularity,
        title=found.settle.title,
    )
    return SearchResults(
        query=found.query,
        cut=found.cut,
        total=found.total,
        page=found.page,
        pagelen=found.pagelen,
        suggestion=found.suggestion,
        settle=settle,
        facets={name: dict(counts) for name, counts in found.facets.items()},
        hits=[
            SearchHit(
                kind=h.kind,
                code=h.code,
                code_title=h.code_title,
                game=h.game,
                number=h.number,
                id=h.id,
                irregularity=h.irregularity,
                title=h.title,
                name=words.law_name(h.number, h.title) if h.kind == "law" and h.number else h.title,
                section=h.section,
                section_title=h.section_title,
                snippet=[Span(text=s.text, mark=s.mark) for s in h.snippet],
                exact=h.exact,
                editions=[
                    Edition(code=e.code, label=e.label, number=e.number, id=e.id, differs=e.differs) for e in h.editions
                ],
            )
            for h in found.hits
        ],
    )
