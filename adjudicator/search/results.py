"""What a search returns: plain frozen dataclasses, text only (no HTML: the presenters
make it, escaping every span and marking the matched ones)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Span:
    """A piece of a snippet: ``text`` as written; ``mark`` when it matched the query."""

    text: str
    mark: bool = False


@dataclass(frozen=True, slots=True)
class Edition:
    """The same provision in a sister edition, shown on the one hit: "also 1912 Law 83"."""

    code: str
    label: str  # the edition among its sisters: "1912", "English 1908"
    number: str | None  # for laws
    id: str
    differs: bool  # its words differ from the hit's


@dataclass(frozen=True, slots=True)
class Hit:
    kind: str  # "law" | "etiquette" | "glossary" | "remedy"
    code: str
    code_title: str
    game: str
    number: str | None  # the law number, for laws
    id: str  # law number, etiquette id, glossary term id, or "irregularity/remedy"
    irregularity: str | None
    title: str
    section: str | None
    section_title: str | None
    snippet: tuple[Span, ...]  # a window of the text; ellipses ("\u2026") are spans too
    exact: bool  # True when the hit is an exact citation match
    editions: tuple[Edition, ...] = ()  # the same provision in sister editions, newest first


@dataclass(frozen=True, slots=True)
class Settle:
    """The irregularity a query describes, to settle under a code: "Settle this: A revoke
    under Auction Bridge, 1915"."""

    code: str
    code_title: str
    irregularity: str
    title: str


@dataclass(frozen=True, slots=True)
class Results:
    query: str  # as searched: cleaned, at most MAX_QUERY_CHARS, at most MAX_WORDS words
    hits: tuple[Hit, ...]
    total: int  # provisions found after filters: a law in three editions counts once
    page: int
    pagelen: int
    facets: dict[str, list[tuple[str, int]]]  # "game", "code", "topic", "kind" -> (value, count), by count
    suggestion: str | None  # a did-you-mean that has hits under the same filters
    settle: Settle | None = None  # the irregularity the query describes, if any
    cut: str | None = None  # what of the query was not searched (it was too long), in plain words
