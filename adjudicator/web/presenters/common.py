"""The shapes every page uses (a link, a select's option, a hidden input) and the law
pieces several pages show: a text with its references made links, a quote, a cited law."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from markupsafe import Markup

from adjudicator.model import Citation, Code
from adjudicator.presentation import law as present_law
from adjudicator.presentation import ruling as present_ruling
from adjudicator.presentation import words
from adjudicator.web.text import linkify
from adjudicator.web.urls import glossary_url, law_url


@dataclass
class LinkItem:
    text: str
    url: str


@dataclass
class Option:
    """A choice of a select or a radio group."""

    value: str
    label: str
    selected: bool = False


@dataclass
class Hidden:
    """A hidden input: what a GET form carries over."""

    name: str
    value: str


def law_text(code: Code, text: str, *, terms: bool = False) -> Markup:
    """``text`` as safe HTML, its references to the code's laws (and with ``terms`` the first
    use of each glossary term) made links."""
    glossary = {}
    if terms:
        for term in code.glossary.values():
            glossary.setdefault(term.term, glossary_url(code.id, term.id))
    return linkify(text, code.laws, lambda n: law_url(code.id, n), glossary)


def maybe_text(code: Code, text: str | None) -> Markup | None:
    return law_text(code, text) if text else None


@dataclass
class QuoteView:
    label: str
    citation: str
    words: str
    note: str | None


def quote_view(q: present_law.Quote) -> QuoteView:
    return QuoteView(q.label, q.citation or "", q.words, q.note)


@dataclass
class LawBrief:
    number: str
    title: str
    url: str
    name: str = ""  # "Law 50. Title", or an unnumbered rule's title
    ref: str = ""  # "Law 50", or an unnumbered rule's title


def law_brief(code: Code, number: str) -> LawBrief:
    law = code.laws[number]
    return LawBrief(
        law.number,
        law.title,
        law_url(code.id, number),
        words.law_name(number, law.title),
        words.law_ref(number, law.title),
    )


def law_briefs(code: Code, numbers: Iterable[str | Citation]) -> list[LawBrief]:
    """The laws of ``code`` by number (a citation: its law), linked; numbers it lacks left out."""
    out = []
    for cite in numbers:
        number = cite.number if isinstance(cite, Citation) else Citation.parse(cite).number
        law = code.laws.get(number)
        if law is not None:
            out.append(law_brief(code, law.number))
    return out


@dataclass
class CitedLawView:
    citation: str
    number: str
    clause: bool  # cited by a clause ("37(c)"), not the whole law
    title: str | None
    url: str | None
    quotes: list[QuoteView]
    text: Markup | None
    label: str  # the digest's label, or the notice that the code's text lacks the law
    name: str  # "Law 2(a). Lead out of turn"
    ref: str = ""  # "Law 2(a)", or an unnumbered rule's title


def cited_law_view(
    code: Code, cited: present_ruling.CitedLaw | present_ruling.MissingLaw | present_law.Law
) -> CitedLawView:
    """A cited law (or a law an answer rests on) with the code's own words and our digest
    (a law the code lacks: its number and the notice)."""
    if isinstance(cited, present_ruling.MissingLaw):
        return CitedLawView(
            cited.citation,
            cited.number,
            False,
            None,
            None,
            [],
            None,
            cited.notice,
            words.law_name(cited.citation),
            words.law_ref(cited.citation),
        )
    as_cited = isinstance(cited, present_ruling.CitedLaw)
    return CitedLawView(
        cited.citation if as_cited else cited.number,
        cited.number,
        cited.clause if as_cited else False,
        cited.title,
        law_url(code.id, cited.number),
        [quote_view(q) for q in cited.quotes],
        law_text(code, cited.text),
        words.DIGEST_SHORT,
        words.law_name(cited.citation if as_cited else cited.number, cited.title),
        words.law_ref(cited.citation if as_cited else cited.number, cited.title),
    )
