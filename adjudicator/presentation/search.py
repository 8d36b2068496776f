"""Search results presented (adjudicator.search.Results): the hits of one page, the total,
the facets and the did-you-mean."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from adjudicator.presentation.common import Model

if TYPE_CHECKING:  # the search module imports whoosh: not needed to present its results
    from adjudicator.search import Results


class SearchHit(Model):
    kind: str = Field(description="law, etiquette, glossary or remedy (a ruling)")
    code: str
    code_title: str
    game: str
    number: str | None
    id: str | None
    irregularity: str | None
    title: str
    section: str | None
    section_title: str | None
    snippet: str = Field(description="safe HTML; matches are wrapped in <mark>")
    exact: bool


class SearchResults(Model):
    query: str
    total: int
    page: int
    pagelen: int
    suggestion: str | None = Field(description="did you mean: a corrected query, when one scores better")
    facets: dict[str, dict[str, int]]
    hits: list[SearchHit]


def results(found: Results) -> SearchResults:
    return SearchResults(
        query=found.query,
        total=found.total,
        page=found.page,
        pagelen=found.pagelen,
        suggestion=found.suggestion,
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
                section=h.section,
                section_title=h.section_title,
                snippet=h.snippet,
                exact=h.exact,
            )
            for h in found.hits
        ],
    )
