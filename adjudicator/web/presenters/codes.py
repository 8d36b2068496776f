"""A code's pages: the code itself, one law (with what cites it and the same law in other
editions), its etiquette, glossary and scoring. The words come from the presentation
models (adjudicator.presentation.code and .law); here they get their links."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from adjudicator.model import Code, Law, Library
from adjudicator.presentation import code as present_code
from adjudicator.presentation import law as present_law
from adjudicator.presentation import words
from adjudicator.web.presenters.common import (
    LawBrief,
    LinkItem,
    QuoteView,
    law_brief,
    law_briefs,
    law_text,
    quote_view,
)
from adjudicator.web.presenters.settle import PhaseGroup, irregularity_groups
from adjudicator.web.urls import (
    api_code_url,
    code_url,
    etiquette_url,
    glossary_url,
    irregularities_url,
    law_url,
    scoring_url,
    settle_url,
)


@dataclass
class CitingRemedy:
    irregularity: str
    title: str
    url: str


@dataclass
class LawPage:
    code_id: str
    code_title: str
    code_url: str
    number: str
    title: str
    name: str  # "Law 50. Title", or an unnumbered rule's title
    where_printed: str | None
    section: str
    section_url: str
    quotes: list[QuoteView]
    text: Markup
    digest_label: str
    notes: Markup | None
    see_also: list[LawBrief]
    cited_by_laws: list[LawBrief]
    cited_by_remedies: list[CitingRemedy]
    elsewhere: list[LinkItem]
    verification: str
    sources: list[str]  # the Sources part: how sure the text is, the books
    previous: LawBrief | None
    next: LawBrief | None


def law_page(library: Library, code: Code, law: Law) -> LawPage:
    model = present_law.law_detail(law, code, library)
    numbers = list(code.laws)
    index = numbers.index(law.number)
    [previous] = law_briefs(code, numbers[index - 1 : index]) or [None]
    [following] = law_briefs(code, numbers[index + 1 : index + 2]) or [None]
    return LawPage(
        code_id=code.id,
        code_title=words.code_line(code),
        code_url=code_url(code.id),
        number=model.number,
        title=model.title,
        name=model.name,
        where_printed=model.where_printed,
        section=model.section_title or model.section,
        section_url=code_url(code.id, f"section-{model.section}"),
        quotes=[quote_view(q) for q in model.quotes],
        text=law_text(code, model.text, terms=True),
        digest_label=model.text_label,
        notes=law_text(code, model.notes) if model.notes else None,
        see_also=law_briefs(code, model.see_also),
        cited_by_laws=law_briefs(code, model.cited_by.laws),
        cited_by_remedies=[
            CitingRemedy(r.irregularity_title, r.title, settle_url(code.id, r.irregularity, r.answers))
            for r in model.cited_by.remedies
        ],
        elsewhere=[LinkItem(c.text, law_url(c.code, c.number)) for c in model.elsewhere],
        verification=code.verification,
        sources=words.source_notes([(words.VERIFICATION, model.sureness, model.sources)]),
        previous=previous,
        next=following,
    )


@dataclass
class SectionView:
    id: str
    title: str
    laws: list[LawBrief]


@dataclass
class TableView:
    id: str
    title: str
    columns: list[str]
    rows: list[list[str]]
    cites: list[LawBrief]
    notes: str | None
    unsure: list[str]  # the rows (by their first cell) the sources do not confirm


@dataclass
class ValueView:
    label: str
    value: str
    cites: list[LawBrief]
    note: str | None
    unsure: str | None = None


def score_tables(code: Code) -> list[TableView]:
    return [
        TableView(t.id, t.title, t.columns, t.rows, law_briefs(code, t.cites), t.notes, t.unsure)
        for t in present_code.scoring(code).tables
    ]


def score_values(code: Code) -> list[ValueView]:
    return [
        ValueView(v.label, v.text, law_briefs(code, v.cites), v.note, v.unsure)
        for v in present_code.scoring(code).values.values()
    ]


@dataclass
class CodePage:
    title: str
    game: str
    edition: str
    year: int
    body: str
    general: str | None  # what a code of general laws is for
    summary: str | None
    verification: str
    extends: LinkItem | None
    fallback: LinkItem | None
    sources: list[str]
    sections: list[SectionView]
    irregularities: list[PhaseGroup]
    settle_url: str
    etiquette: list[LinkItem]
    etiquette_url: str
    tables: list[TableView]
    values: list[ValueView]
    glossary: list[LinkItem]
    glossary_url: str
    scoring_url: str
    api_url: str


def code_page(library: Library, code: Code) -> CodePage:
    model = present_code.detail(code)
    sections = {s.id: SectionView(s.id, s.title, []) for s in model.sections}
    for law in model.laws:
        sections.setdefault(law.section, SectionView(law.section, law.section, [])).laws.append(
            law_brief(code, law.number)
        )
    parent = library.codes.get(code.extends) if code.extends else None
    return CodePage(
        title=model.title,
        game=model.game_title,
        edition=model.edition,
        year=model.year,
        body=model.body,
        general=model.general,
        summary=model.summary,
        verification=model.verification,
        extends=LinkItem(words.code_line(parent), code_url(parent.id)) if parent else None,
        fallback=LinkItem(words.code_line(code.fallback), code_url(code.fallback.id)) if code.fallback else None,
        sources=[s.citation for s in model.sources],
        sections=[s for s in sections.values() if s.laws],
        irregularities=irregularity_groups(code),
        settle_url=irregularities_url(code.id),
        etiquette=[
            LinkItem(f"{item.number + '. ' if item.number else ''}{item.title}", etiquette_url(code.id, item.id))
            for item in model.etiquette
        ],
        etiquette_url=etiquette_url(code.id),
        tables=score_tables(code),
        values=score_values(code),
        glossary=[LinkItem(t.term, glossary_url(code.id, t.id)) for t in model.glossary],
        glossary_url=glossary_url(code.id),
        scoring_url=scoring_url(code.id),
        api_url=api_code_url(code.id),
    )


@dataclass
class EtiquetteView:
    id: str
    number: str | None
    title: str
    text: Markup
    why: str | None
    quotes: list[QuoteView]
    see_also: list[LawBrief]
    proper: list[str]
    improper: list[str]


def etiquette_views(code: Code) -> list[EtiquetteView]:
    return [
        EtiquetteView(
            item.id,
            item.number,
            item.title,
            law_text(code, item.text),
            item.why,
            [quote_view(q) for q in item.quotes],
            law_briefs(code, item.see_also),
            item.proper,
            item.improper,
        )
        for item in (present_code.etiquette(e, code) for e in code.etiquette.values())
    ]


@dataclass
class TermView:
    id: str
    term: str
    definition: Markup
    synonyms: str
    see_also: list[LawBrief]


def glossary_views(code: Code) -> list[TermView]:
    terms = sorted((present_code.term(t) for t in code.glossary.values()), key=lambda t: t.term.lower())
    return [
        TermView(t.id, t.term, law_text(code, t.definition), ", ".join(t.synonyms), law_briefs(code, t.see_also))
        for t in terms
    ]
