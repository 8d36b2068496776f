"""The documents of the index, made from a Library: every law, etiquette item, glossary
term and remedy of every code, what each indexes, and which of them are one provision in
sister editions (one hit for all of them).

A remedy document indexes, besides its own words, its irregularity's title, summary and
keywords and every question and answer (the ``fact`` sentences) on the way to it: a query
in a player's words ("a card fell face up while we were still bidding") matches what was
seen at the table, and the remedy found lifts the laws it rests on.

Editions: laws of codes of one game are one provision when ``same_as`` says so, or when a
code that ``extends`` another keeps (or rewrites) the parent's law under the same number
and no other law of the child claims that number by ``same_as`` (a renumbering). Etiquette,
glossary and remedies are one along ``extends`` by their id. A group never holds two
documents of one code, so two laws of one code always stay two hits.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from adjudicator.model import PHASES, Citation, Code, Irregularity, Library, Remedy
from adjudicator.search.text import DEFINITION, fold, join, stems, synonym_groups, words

TITLE_WEIGHT = 3
"""A title is indexed this many times: the words of a title weigh three times the text's."""

# "(Laws 14, 20 and 37(c))": cross-references are left out of the indexed text, or a search
# for "14 cards" would find every law that mentions Law 14
REFERENCE = re.compile(
    r"(?:\b(?:laws?|rules?)\b\.?|§+)\s*(?=[\w.\-]*\d)[a-z0-9][\w.\-]*(?:\([a-z0-9]+\))*"
    r"(?:\s*(?:,|and|or|to|&)\s*[a-z0-9][\w.\-]*\d[\w.\-]*(?:\([a-z0-9]+\))*)*",
    re.IGNORECASE,
)

# words of game titles and code ids that name no code in a query: common words, and words
# of the play ("card", "club") that a query uses for their own meaning
CODE_WORDS_IGNORED = frozenset(
    re.split(
        r"\s+",
        "a all an and as at by card cards code edition first for game games general hoyle in law laws new of on or "
        "revised rule rules the to with club clubs heart hearts spade spades diamond diamonds trump trumps",
    )
)


class Document(NamedTuple):
    """One document: what a hit shows, and what ranking needs beyond the postings (a named
    tuple: thousands are made each time an index is opened)."""

    key: str
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
    text: str  # what a snippet is cut from (shown); the index reads more (``Indexed``)
    topics: tuple[str, ...]
    cites: tuple[str, ...] = ()  # the laws it rests on ("code:number"): a remedy's, a term's see-also
    title_stems: tuple[str, ...] = ()
    defines: bool = False  # the title defines ("What a revoke is")
    length: int = 1  # tokens of the scored field, as the index counted them (for BM25)
    digest: str = ""  # of the provision's words, to mark editions that differ
    group: int = 0  # the docnum of the first document of its group of editions


@dataclass(frozen=True)
class Indexed:
    """What the index reads of a document, besides its title."""

    body: str
    spell: str = ""  # words known for the did-you-mean but not scored (glossary synonyms)
    cites: tuple[str, ...] = ()  # laws this document refers to ("code:number"): what cites a law


@dataclass(frozen=True)
class CodeInfo:
    id: str
    game: str
    label: str  # how an edition is named beside its sister editions: "1912", "English 1908"
    year: int
    words: frozenset[str]  # words that name the code in a query: "auction", "1915", "english"
    numbers: dict[str, int]  # law number, lowercased -> docnum
    synonyms: dict[str, tuple[str, ...]]  # from the glossary: a synonym (or its stems) -> its headwords
    irregularities: dict[str, str] = field(default_factory=dict)  # id -> title


def quoted(text: str) -> str:
    return f"\u201c{text.strip()}\u201d"


def _topic_words(topics: Iterable[str]) -> str:
    return " ".join(t.replace("-", " ") for t in topics)


def code_words(code: Code) -> frozenset[str]:
    """Words that name the code: its game, its id (edition, author, club), its year."""
    found = {*code.id.split("-"), *code.game.split("-"), str(code.year), *words(code.game_title)}
    return frozenset(w for w in found if w not in CODE_WORDS_IGNORED and len(w) > 1)


def code_label(code: Code) -> str:
    """The edition's short name among its sister editions: the code id without the game,
    with the year ("auction-bridge-english-1908" -> "English 1908", "whist-club-1864" ->
    "Club 1864", "napoleon-hoffmann" -> "Hoffmann 1909")."""
    rest = code.id.removeprefix(code.game).strip("-")
    label = " ".join(part.capitalize() for part in rest.split("-") if part)
    return label if str(code.year) in label else join(label, str(code.year))


def _digest(*parts: str | None) -> str:
    return hashlib.sha256(" ".join(fold(join(*parts)).split()).encode("utf-8")).hexdigest()[:12]


def _cites(code: Code, citations: Iterable[Citation]) -> tuple[str, ...]:
    return tuple(f"{code.id}:{c.number.lower()}" for c in citations)


def _reaching(irregularity: Irregularity) -> dict[str, set[str]]:
    """Each question's id -> the remedies reachable from it."""
    found: dict[str, set[str]] = {}

    def reach(node: str, seen: frozenset[str]) -> set[str]:
        if node in irregularity.remedies:
            return {node}
        if node in found:
            return found[node]
        question = irregularity.questions.get(node)
        if question is None or node in seen:
            return set()
        out: set[str] = set()
        for answer in question.answers:
            out |= reach(answer.next, seen | {node})
        found[node] = out
        return out

    for node in irregularity.questions:
        reach(node, frozenset())
    return found


def _situation(irregularity: Irregularity, remedy: Remedy, reaching: dict[str, set[str]]) -> str:
    """What was seen at the table on the way to ``remedy``: the questions and their answers."""
    parts = []
    for question in irregularity.questions.values():
        leads = [a for a in question.answers if a.next == remedy.id or remedy.id in reaching.get(a.next, ())]
        if leads:
            parts.append(question.ask)
            parts.extend(join(a.label, a.fact) for a in leads)
    return join(*parts)


def _remedy_text(remedy: Remedy) -> str:
    choices = [c.text for c in remedy.options.choices] if remedy.options else []
    unsure = remedy.unsure
    # what is not known, as the ruling says it (a phrase in the law file: "whether ...")
    missing = f"Not known: {unsure.missing.strip().rstrip('.')}." if unsure and unsure.missing else None
    return join(remedy.now, *choices, remedy.then, remedy.until, missing, unsure and unsure.note)


def _documents(library: Library) -> Iterator[tuple[dict[str, Any], Indexed]]:
    """Every document (as Document fields) with what the index reads, in library order."""
    for code in library.codes.values():
        base = {"code": code.id, "code_title": code.title, "game": code.game, "number": None, "irregularity": None,
                "section": None, "section_title": None}  # fmt: skip
        for law in code.laws.values():
            section = code.sections.get(law.section)
            text = join(law.text, *(quoted(q.words) for q in law.quotes))
            doc = {**base, "kind": "law", "id": law.number, "number": law.number, "title": law.title, "text": text,
                   "topics": tuple(law.topics), "section": law.section,
                   "section_title": section.title if section else None, "digest": _digest(law.title, text)}  # fmt: skip
            body = join(text, law.notes, _topic_words(law.topics))
            yield doc, Indexed(body, cites=_cites(code, law.see_also))
        for item in code.etiquette.values():
            text = join(item.text, item.why, *(quoted(q.words) for q in item.quotes))
            doc = {**base, "kind": "etiquette", "id": item.id, "title": item.title, "text": text,
                   "topics": tuple(item.topics), "cites": _cites(code, item.see_also),
                   "digest": _digest(item.title, text)}  # fmt: skip
            body = join(text, *item.proper, *item.improper, _topic_words(item.topics))
            yield doc, Indexed(body, cites=_cites(code, item.see_also))
        for term in code.glossary.values():
            doc = {**base, "kind": "glossary", "id": term.id, "title": term.term, "text": term.definition,
                   "topics": (), "cites": _cites(code, term.see_also),
                   "digest": _digest(term.term, term.definition)}  # fmt: skip
            # the synonyms are known words (no did-you-mean) but are not scored as text:
            # a query word is expanded to its headword instead (see query.py)
            yield doc, Indexed(term.definition, spell=" ".join(term.synonyms), cites=_cites(code, term.see_also))
        for irregularity in code.irregularities.values():
            reaching = _reaching(irregularity)
            for remedy in irregularity.remedies.values():
                text = _remedy_text(remedy)
                doc = {**base, "kind": "remedy", "id": f"{irregularity.id}/{remedy.id}",
                       "title": f"{irregularity.title}: {remedy.title}", "text": text, "topics": (irregularity.id,),
                       "irregularity": irregularity.id, "section_title": PHASES.get(irregularity.phase),
                       "cites": _cites(code, remedy.cites), "digest": _digest(irregularity.title, remedy.title, text)}  # fmt: skip
                after = remedy.next
                body = join(
                    irregularity.summary,
                    " ".join(irregularity.keywords),
                    _situation(irregularity, remedy, reaching),
                    text,
                    after and after.note,
                    after and after.example,
                    remedy.notes,
                    _topic_words([irregularity.id]),
                )
                yield doc, Indexed(body, cites=_cites(code, (*remedy.cites, *irregularity.cites)))


def indexed_text(title: str, indexed: Indexed) -> str:
    """The one scored field: the title TITLE_WEIGHT times, then the body (no cross-references)."""
    return join(*[title] * TITLE_WEIGHT, REFERENCE.sub(" ", indexed.body))


def build(library: Library) -> tuple[list[Document], list[Indexed], dict[str, CodeInfo]]:
    """The documents in library order (so docnums, and the build, are stable), what the
    index reads of each, and what each code contributes to reading a query."""
    made = list(_documents(library))
    groups = _groups(library, [fields for fields, _ in made])
    docs = []
    for docnum, (fields, _) in enumerate(made):
        title_stems = tuple(dict.fromkeys(stems(fields["title"])))
        docs.append(
            Document(
                key=f"{fields['kind']}:{fields['code']}:{fields['id']}",
                **fields,
                title_stems=title_stems,
                defines=bool(DEFINITION.search(fields["title"])),
                group=groups[docnum],
            )
        )
    return docs, [indexed for _, indexed in made], _code_infos(library, docs)


def _code_infos(library: Library, docs: list[Document]) -> dict[str, CodeInfo]:
    numbers: dict[str, dict[str, int]] = {c: {} for c in library.codes}
    for docnum, doc in enumerate(docs):
        if doc.kind == "law" and doc.number is not None:
            numbers[doc.code][doc.number.lower()] = docnum
    return {
        code.id: CodeInfo(
            id=code.id,
            game=code.game,
            label=code_label(code),
            year=code.year,
            words=code_words(code),
            numbers=numbers[code.id],
            synonyms=synonym_groups([tuple((term.term, *term.synonyms) for term in code.glossary.values())]),
            irregularities={i.id: i.title for i in code.irregularities.values()},
        )
        for code in library.codes.values()
    }


# ---------------------------------------------------------------- editions


class _Groups:
    """Union-find over docnums, refusing a union that would put two documents of one code
    (or of two kinds) in one group."""

    def __init__(self, fields: list[dict[str, Any]]) -> None:
        self.parent = list(range(len(fields)))
        self.codes = [{f["code"]} for f in fields]
        self.kinds = [f["kind"] for f in fields]

    def find(self, a: int) -> int:
        while self.parent[a] != a:
            self.parent[a] = self.parent[self.parent[a]]
            a = self.parent[a]
        return a

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb or self.kinds[ra] != self.kinds[rb] or self.codes[ra] & self.codes[rb]:
            return
        low, high = min(ra, rb), max(ra, rb)
        self.parent[high] = low
        self.codes[low] |= self.codes[high]


def _groups(library: Library, fields: list[dict[str, Any]]) -> list[int]:
    """Each document's group: the smallest docnum among the editions of its provision."""
    where = {(f["kind"], f["code"], f["id"]): docnum for docnum, f in enumerate(fields)}
    groups = _Groups(fields)
    codes = library.codes
    for code in codes.values():  # along extends: the same id in the parent
        parent = codes.get(code.extends) if code.extends else None
        if parent is None:
            continue
        lineage = set(parent.lineage)
        claimed = {  # parent numbers another law of this code says it renumbers
            n for law in code.laws.values() for other, n in law.same_as.items() if other in lineage
        }
        for (kind, code_id, item), docnum in where.items():
            if code_id != code.id:
                continue
            if kind == "law":
                law = code.laws[item]
                renumbered = any(other in lineage for other in law.same_as)
                if renumbered or (item in claimed and law.origin == code.id):
                    continue
            target = where.get((kind, parent.id, item))
            if target is not None:
                groups.union(docnum, target)
    for code in codes.values():  # same_as, within one game
        for law in code.laws.values():
            for other, number in law.same_as.items():
                target = where.get(("law", other, number))
                if target is not None and other in codes and codes[other].game == code.game:
                    groups.union(where[("law", code.id, law.number)], target)
    return [groups.find(d) for d in range(len(fields))]
