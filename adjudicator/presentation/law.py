"""A law presented: its text (our digest, labelled), the code's own words quoted, how far
it is checked, and, in full, what cites it and where it stands in other editions."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator import model as core
from adjudicator.concordance import elsewhere
from adjudicator.graph import path_to
from adjudicator.model import Code, Library
from adjudicator.presentation import words
from adjudicator.presentation.common import Model, cites


class Quote(Model):
    source: str = Field(description="the key of the source in the code's list of sources")
    citation: str | None = Field(description="the source as a reader cites it: author, title, year")
    kind: Literal["law-text", "commentary"]
    words: str
    note: str | None
    label: str = Field(description="whose words these are")


def quote(item: core.Quote, code: Code) -> Quote:
    source = code.sources.get(item.source)
    return Quote(
        source=item.source,
        citation=words.source_line(source) if source else None,
        kind=item.kind,  # type: ignore[arg-type]
        words=item.words,
        note=item.note,
        label=words.QUOTE_LABELS.get(item.kind, item.kind),
    )


class LawBrief(Model):
    number: str = Field(description="the number as the code prints it, or our id for a rule it does not number")
    title: str
    name: str = Field(description='how the law is named in full: "Law 50. Title", or an unnumbered rule\'s title')
    ref: str = Field(description='how it is named short: "Law 50", or an unnumbered rule\'s title')
    printed: bool = Field(description="whether the number is one the code prints")
    where_printed: str | None = Field(description="where a rule the book does not number is printed")
    section: str
    section_title: str | None
    code: str
    origin: str


class Law(LawBrief):
    topics: list[str]
    text: str = Field(description="our digest of the law, in our own words")
    text_label: str
    quotes: list[Quote]
    see_also: list[str]
    basis: Literal["full-text", "seed", "passage", "provisional", "inferred"]
    basis_note: str | None
    basis_text: str = Field(description="how far the text is checked, in words")
    basis_notice: str | None = Field(description="the notice shown beside the law when it is not checked")
    sureness: str = Field(description="how sure its text is, in one plain sentence (the Sources part)")
    sources: list[str] = Field(description="the sources it rests on, as a reader cites them")
    same_as: dict[str, str]
    notes: str | None


def brief_fields(item: core.Law, code: Code) -> dict[str, object]:
    section = code.sections.get(item.section)
    return {
        "number": item.number,
        "title": item.title,
        "name": words.law_name(item.number, item.title),
        "ref": words.law_ref(item.number, item.title),
        "printed": item.printed,
        "where_printed": words.where_printed(code, item),
        "section": item.section,
        "section_title": section.title if section else None,
        "code": code.id,
        "origin": item.origin,
    }


def brief(item: core.Law, code: Code) -> LawBrief:
    return LawBrief(**brief_fields(item, code))  # type: ignore[arg-type]


def law_sources(item: core.Law, code: Code) -> list[str]:
    """The sources a law rests on, as a reader cites them: the book it is printed in (else
    every source of its code), then the books its quotes come from."""
    book = words.book(code, item)
    found = [book] if book else list(code.sources.values())
    found += [code.sources[q.source] for q in item.quotes if q.source in code.sources]
    return list(dict.fromkeys(words.source_line(s) for s in found))


def law_fields(item: core.Law, code: Code) -> dict[str, object]:
    return {
        **brief_fields(item, code),
        "topics": list(item.topics),
        "text": item.text,
        "text_label": words.DIGEST_LABEL,
        "quotes": [quote(q, code) for q in item.quotes],
        "see_also": cites(item.see_also),
        "basis": item.basis,
        "basis_note": item.basis_note,
        "basis_text": words.basis_text(item),
        "basis_notice": words.basis_notice(item),
        "sureness": words.sureness(item),
        "sources": law_sources(item, code),
        "same_as": dict(item.same_as),
        "notes": item.notes,
    }


def law(item: core.Law, code: Code) -> Law:
    return Law(**law_fields(item, code))  # type: ignore[arg-type]


class CitingRemedy(Model):
    irregularity: str
    irregularity_title: str
    remedy: str
    title: str
    answers: dict[str, str] | None = Field(description="answers that reach this ruling (question id -> answer id)")


class CitedBy(Model):
    laws: list[str] = Field(description="the numbers of the laws that refer to it (see also)")
    remedies: list[CitingRemedy]


class Concordance(Model):
    code: str
    code_title: str
    number: str
    title: str
    why: str
    text: str = Field(description="the line that names it")


class LawDetail(Law):
    cited_by: CitedBy
    elsewhere: list[Concordance] = Field(description="the same law in other editions")


def law_detail(item: core.Law, code: Code, library: Library) -> LawDetail:
    """One law in full, with what in its code cites it and the same law elsewhere."""
    laws, remedies = code.citing(item.number)
    citing = []
    for remedy in remedies:
        irregularity = code.irregularities[remedy.irregularity]
        citing.append(
            CitingRemedy(
                irregularity=irregularity.id,
                irregularity_title=irregularity.title,
                remedy=remedy.id,
                title=remedy.title,
                answers=path_to(irregularity, remedy.id),
            )
        )
    concordances = []
    for found in elsewhere(library, code, item):
        why = words.CONCORDANCE[found.why]
        line = f"{words.code_line(found.code)}: {words.law_name(found.law.number, found.law.title)}, {why}"
        concordances.append(
            Concordance(
                code=found.code.id,
                code_title=words.code_line(found.code),
                number=found.law.number,
                title=found.law.title,
                why=found.why,
                text=line,
            )
        )
    return LawDetail(
        **law_fields(item, code),  # type: ignore[arg-type]
        cited_by=CitedBy(laws=[other.number for other in laws], remedies=citing),
        elsewhere=concordances,
    )
