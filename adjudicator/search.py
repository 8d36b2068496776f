"""Search over the laws, the etiquette, the glossary and the remedies, as a rules expert would.

The only module that imports whoosh (so the engine could be swapped); no Flask. Interface::

    build_index(library, directory=None) -> SearchIndex   # directory None: in RAM (tests)
    open_index(directory, laws_dir) -> SearchIndex          # errors.IndexProblem if missing, stale or corrupt
    search(index, query, *, game=None, code=None, topic=None, kind=None, page=1, pagelen=10) -> Results
    index_for(setting, library, laws_dir) -> SearchIndex    # a SEARCH_INDEX setting: a directory, "ram", an index

``Results`` holds ``query`` (as searched: cleaned, at most MAX_QUERY_CHARS), ``hits`` (a tuple
of ``Hit``), ``total`` (every match, after filters), ``page``/``pagelen``, ``facets``
(``"game"``, ``"code"``, ``"topic"``, ``"kind"`` -> a list of ``(value, count)`` by count; each
dimension counted with the *other* filters applied, so a page can offer the alternatives) and
``suggestion`` (a did-you-mean, plain text to escape, or None).

A ``Hit`` carries what a page needs to link to the whole law, never a fragment: ``kind``
("law", "etiquette", "glossary", "remedy"), ``code``, ``code_title``, ``game``, ``number``
(the law number, for laws; else None), ``id`` (law number, etiquette id, glossary term id,
or "irregularity/remedy"), ``irregularity`` (for remedies), ``title`` (plain text),
``section``/``section_title`` (a law's section; for a remedy, None and the phase's title),
``snippet`` (HTML: the text escaped, with ``<mark>...</mark>`` around matches, the only
markup) and ``exact`` (True for an exact citation).

How a query is read:

- **Citations** ("Law 50", "law 50", "L50", "§50", "Auction 1915 law 50", a bare "50" or
  "NAP-HGM-05") resolve to the law with exactly that number in the codes the filters and the
  words ("auction", "1915", "english") leave, never by a fuzzy match, and rank first; the
  laws and remedies that cite it follow.
- **Words** are stemmed; a title weighs three times the text; ``"quoted words"`` is a phrase,
  ``shuff*`` a prefix (at least 3 letters, its 12 most frequent words), ``-word`` excludes.
  Anything else (unbalanced quotes, stray operators, ``field:``, ``~4``, leading wildcards,
  control characters, 10 KB of text) is read as plain words: a query never raises. Words
  that name codes ("whist revoke", "auction 1915 insufficient bid") narrow to those codes.
- **Synonyms** come from each code's glossary, from synonym to headword: a rare variant
  ("renig", "declarant") is searched as its headword, a word in its own right ("player",
  listed under declarer) keeps its meaning first. A few forms of English the stemmer misses
  are joined both ways (led/lead, dealt/deal, 14/fourteen; "14 cards" is also "more than
  thirteen cards").
- **Typos**: a word the index does not know is matched with the known words within an edit
  distance of 1 (4-5 letters) or 2 (6 or more) that share its first two letters, and the
  did-you-mean proposes the nearest (found in Whoosh's word graph, ranked by distance then
  frequency). Only terms ever reach whoosh: no wildcard, regex or fuzzy query is run.
- **Ranking**: BM25 over one text field (title three times, the text, notes, topics and
  keywords) plus pairs of neighbouring words (a phrase at the price of a term). Words in
  more than COMMON of the documents only add to the score of documents the rarer words
  found. Laws rank above remedies, etiquette and glossary (KIND_WEIGHT), and a remedy found
  lifts the laws it rests on.

Lifecycle: ``adjudicator build-index`` writes the index into ``instance/index`` with a
manifest of the law files it was built from (their SHA-256); ``open_index`` refuses an index
built from other law files. The build is deterministic: the same laws give the same files.
A ``SearchIndex`` is opened once per worker and is thread-safe (one searcher per thread);
every match is scored (so the order, and each page, is the same whichever page is asked
for), read from ``results.top_n``; totals and facets come from cached posting sets, never
``len(results)``.
"""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import html
import itertools
import json
import re
import shutil
import threading
import unicodedata
import warnings
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh import query as Q
from whoosh.analysis import (
    CharsetFilter,
    LowercaseFilter,
    RegexTokenizer,
    SpaceSeparatedTokenizer,
    StemFilter,
    StopFilter,
)
from whoosh.codec.whoosh3 import W3Codec, W3Segment
from whoosh.fields import ID, KEYWORD, TEXT, Schema
from whoosh.filedb.filestore import FileStorage, RamStorage
from whoosh.support.charset import accent_map

from adjudicator.errors import IndexProblem
from adjudicator.model import PHASES, Citation, Code, Library

FORMAT = 2
"""Bumped whenever the index layout changes: an index of another format is rebuilt."""

KINDS = ("law", "etiquette", "glossary", "remedy")
FACETS = ("game", "code", "topic", "kind")
KIND_WEIGHT = {"law": 1.0, "remedy": 0.6, "etiquette": 0.6, "glossary": 0.5}
TITLE_WEIGHT = 3
"""A law answers "what does the code say"; the rest supports it, so ranks a little lower."""

MAX_QUERY_CHARS = 256
MAX_WORDS = 16
MAX_PAGELEN = 100
MIN_PREFIX = 3
MAX_EXPANSIONS = 12
FUZZY_PREFIX = 2
FUZZY_FORMS = 3
SNIPPET_CHARS = 220
COMMON = 0.05
ALL_COMMON_ENOUGH = 10
MAX_PAIRS = 5
PAIR_BOOST = 0.25
CITED_WEIGHT = 0.4
SYNONYM_BOOST = 0.6
LANGUAGE_BOOST = 0.95
VARIANT_BOOST = 0.1
MANIFEST = "adjudicator-index.json"
BUILD_COMMAND = "adjudicator build-index"

NUMBER_WORDS = re.split(
    r"\s+",
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty",
)
NUMBERS = {**{w: n for n, w in enumerate(NUMBER_WORDS)}, **{str(n): n for n in range(len(NUMBER_WORDS))}}

# Forms the stemmer does not join, and numbers written both ways: English, not law data.
LANGUAGE_GROUPS: tuple[tuple[str, ...], ...] = (
    ("lead", "led"),
    ("deal", "dealt"),
    ("misdeal", "misdealt"),
    ("hold", "held"),
    ("take", "took", "taken"),
    ("throw", "threw", "thrown"),
    ("show", "shown"),
    ("win", "won"),
    ("lose", "lost"),
    *((str(n), word) for n, word in enumerate(NUMBER_WORDS) if n >= 2),
)

# words of game titles and code ids that name no code in a query: common words, and words
# of the play ("card", "club") that a query uses for their own meaning
_CODE_WORDS_IGNORED = frozenset(
    re.split(
        r"\s+",
        "a all an and as at by card cards code edition first for game games general hoyle in law laws new of on or "
        "revised rule rules the to with club clubs heart hearts spade spades diamond diamonds trump trumps",
    )
)


class _StopFilter(StopFilter):
    """StopFilter pickled with its words sorted: the schema is pickled into the index, and a
    frozenset's order changes with each process's hash seed (the build must be reproducible)."""

    def __getstate__(self):
        return {**self.__dict__, "stops": sorted(self.stops)}

    def __setstate__(self, state):
        self.__dict__.update({**state, "stops": frozenset(state["stops"])})


def _analyzer(*, stem: bool):
    chain = RegexTokenizer() | LowercaseFilter() | CharsetFilter(accent_map)
    return chain | _StopFilter() | StemFilter() if stem else chain


STEM = _analyzer(stem=True)
PLAIN = _analyzer(stem=False)


def _schema() -> Schema:
    return Schema(
        key=ID(stored=True, unique=True),
        kind=ID,
        game=ID,
        code=ID,
        topic=KEYWORD,
        number=ID,
        cites=KEYWORD,
        # the title (written TITLE_WEIGHT times: one field to match is half the work of two),
        # the text, its notes, the topics and the irregularity's keywords
        text=TEXT(analyzer=STEM),
        spell=TEXT(analyzer=PLAIN, phrase=False, spelling=True),  # the words as written: typos, prefixes
        pairs=TEXT(analyzer=SpaceSeparatedTokenizer(), phrase=False),  # each two neighbouring stems, "bid_out"
    )


# ---------------------------------------------------------------- results


@dataclass(frozen=True)
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
    snippet: str  # HTML: escaped text with <mark>...</mark> around matches
    exact: bool  # True when the hit is an exact citation match


@dataclass(frozen=True)
class Results:
    query: str
    hits: tuple[Hit, ...]
    total: int
    page: int
    pagelen: int
    facets: dict[str, list[tuple[str, int]]]  # "game", "code", "topic", "kind" -> (value, count), by count
    suggestion: str | None  # did-you-mean text, when words are unknown or hits are few


# ---------------------------------------------------------------- documents

_HIT_FROM_DOC = tuple(f.name for f in dataclasses.fields(Hit) if f.name not in ("snippet", "exact"))


@dataclass(frozen=True)
class _Doc:
    """What the index knows of one document beyond the whoosh fields: enough for a Hit."""

    key: str
    kind: str
    code: str
    code_title: str
    game: str
    number: str | None
    id: str
    irregularity: str | None
    title: str
    section: str | None
    section_title: str | None
    text: str
    topics: tuple[str, ...]
    cites: tuple[str, ...] = ()  # for remedies: the laws they rest on, as "code:number"


@dataclass(frozen=True)
class _CodeInfo:
    id: str
    game: str
    words: frozenset[str]  # words that name the code in a query: "auction", "1915", "english"
    numbers: Mapping[str, int]  # law number, lowercased -> docnum
    synonyms: tuple[tuple[str, ...], ...]  # from the glossary: term, id, synonyms


def fold(text: str) -> str:
    """Lowercase without accents: how words are compared."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _words(text: str) -> list[str]:
    return [t.text for t in PLAIN(text)]


def _stems(text: str) -> list[str]:
    return [t.text for t in STEM(text)]


def _quoted(words: str) -> str:
    return f"\u201c{words.strip()}\u201d"


def _join(*parts: str | None) -> str:
    return " ".join(p.strip() for p in parts if p and p.strip())


def _code_words(code: Code) -> frozenset[str]:
    """Words that name the code: its game, its id (edition, author, club), its year."""
    words = {*code.id.split("-"), *code.game.split("-"), str(code.year), *_words(code.game_title)}
    return frozenset(w for w in words if w not in _CODE_WORDS_IGNORED and len(w) > 1)


def _topic_words(topics: Iterable[str]) -> str:
    return " ".join(t.replace("-", " ") for t in topics)


def _doc(code: Code, kind: str, id: str, title: str, text: str, topics: Iterable[str], **more: Any) -> _Doc:
    defaults = {"number": None, "irregularity": None, "section": None, "section_title": None}
    return _Doc(
        key=f"{kind}:{code.id}:{id}",
        kind=kind,
        code=code.id,
        code_title=code.title,
        game=code.game,
        id=id,
        title=title,
        text=text,
        topics=tuple(topics),
        **{**defaults, **more},
    )


def _cites(code: Code, citations: Iterable[Citation]) -> list[str]:
    return [f"{code.id}:{c.number.lower()}" for c in citations]


def _documents(library: Library) -> Iterator[tuple[_Doc, dict[str, Any]]]:
    """Every document, in library order (so docnums, and the build, are stable)."""
    for code in library.codes.values():
        base = {"game": code.game, "code": code.id}
        for law in code.laws.values():
            section = code.sections.get(law.section)
            text = _join(law.text, *(_quoted(q.words) for q in law.quotes))
            doc = _doc(code, "law", law.number, law.title, text, law.topics, number=law.number, section=law.section,
                       section_title=section.title if section else None)  # fmt: skip
            fields = {"number": law.number.lower(), "cites": _cites(code, law.see_also), "body": _join(text, law.notes)}
            yield doc, {**base, **fields, "keywords": _topic_words(law.topics)}
        for item in code.etiquette.values():
            text = _join(item.text, item.why, *(_quoted(q.words) for q in item.quotes))
            doc = _doc(code, "etiquette", item.id, item.title, text, item.topics)
            yield (
                doc,
                {**base, "cites": _cites(code, item.see_also), "body": text, "keywords": _topic_words(item.topics)},
            )
        for term in code.glossary.values():
            doc = _doc(code, "glossary", term.id, term.term, term.definition, ())
            # the synonyms are known words (no did-you-mean) but are not scored as text:
            # a query word is expanded to its headword instead (see _groups)
            spell = " ".join(term.synonyms)
            yield doc, {**base, "cites": _cites(code, term.see_also), "body": term.definition, "spell": spell}
        for irregularity in code.irregularities.values():
            for remedy in irregularity.remedies.values():
                choices = [c.text for c in remedy.options.choices] if remedy.options else []
                unsure = remedy.unsure
                text = _join(
                    remedy.now, *choices, remedy.then, remedy.until, unsure and unsure.missing, unsure and unsure.note
                )
                title = f"{irregularity.title}: {remedy.title}"
                doc = _doc(code, "remedy", f"{irregularity.id}/{remedy.id}", title, text, (irregularity.id,),
                           irregularity=irregularity.id, section_title=PHASES.get(irregularity.phase),
                           cites=tuple(_cites(code, remedy.cites)))  # fmt: skip
                yield (
                    doc,
                    {
                        **base,
                        "cites": _cites(code, (*remedy.cites, *irregularity.cites)),
                        "body": _join(irregularity.summary, text, remedy.notes),
                        "keywords": _join(" ".join(irregularity.keywords), _topic_words([irregularity.id])),
                    },
                )


# ---------------------------------------------------------------- the index


class _Codec(W3Codec):
    """The default codec with a segment id derived from the laws, so a build is reproducible."""

    def __init__(self, segid: str) -> None:
        super().__init__()
        self.segid = segid

    def new_segment(self, storage, indexname):
        return W3Segment(self, indexname, segid=self.segid)


class _RamStorage(RamStorage):
    """An index in memory whose writer keeps its temporary files in memory too (whoosh's
    own puts them in one fixed folder under /tmp, shared by every process)."""

    def temp_storage(self, name=None):
        return RamStorage()


class SearchIndex:
    """An opened index: the whoosh index, the documents by docnum, the codes' words and
    synonyms. Thread-safe: each thread gets its own searcher, opened on first use."""

    def __init__(self, ix: Any, docs: list[_Doc], codes: dict[str, _CodeInfo], manifest: dict[str, Any]) -> None:
        self.ix = ix
        self.docs = docs
        self.codes = codes
        self.manifest = manifest
        self._local = threading.local()
        self._searchers: list[Any] = []  # every thread's, to close them all
        self._lock = threading.Lock()
        self._tokens: dict[int, list[tuple[str, int, int]]] = {}
        self._all_groups = _groups(c.synonyms for c in codes.values())
        self._groups_cache: dict[tuple[str, ...], dict[str, tuple[str, ...]]] = {}
        self._postings: dict[tuple[str, str], frozenset[int]] = {}
        self._near: dict[str, list[tuple[int, int, str]]] = {}
        self._prefixes: dict[str, list[str]] = {}
        self.everything = frozenset(range(len(docs)))
        self.facet_values: dict[str, list[Any]] = {
            "game": [d.game for d in docs],
            "code": [d.code for d in docs],
            "kind": [d.kind for d in docs],
            "topic": [d.topics for d in docs],
        }

    def __len__(self) -> int:
        return len(self.docs)

    def searcher(self):
        """This thread's searcher (opened once per thread, kept open)."""
        searcher = getattr(self._local, "searcher", None)
        if searcher is None:
            searcher = self.ix.searcher()
            self._local.searcher = searcher
            with self._lock:
                self._searchers.append(searcher)
        return searcher

    def close(self) -> None:
        """Close every thread's searcher (their files); a later search opens a new one."""
        with self._lock:
            searchers, self._searchers = self._searchers, []
            self._local = threading.local()
        for searcher in searchers:
            searcher.close()

    def __del__(self) -> None:
        self.close()

    def tokens(self, docnum: int) -> list[tuple[str, int, int]]:
        """The stemmed tokens of a document's text with their character spans (cached)."""
        found = self._tokens.get(docnum)
        if found is None:
            text = self.docs[docnum].text
            found = [(t.text, t.startchar, t.endchar) for t in STEM(text, chars=True, removestops=False)]
            self._tokens[docnum] = found
        return found

    def postings(self, fieldname: str, text: str) -> frozenset[int]:
        """The docnums holding ``text`` in ``fieldname`` (cached: the index never changes)."""
        key = (fieldname, text)
        found = self._postings.get(key)
        if found is None:
            reader = self.searcher().reader()
            found = frozenset(reader.postings(fieldname, text).all_ids()) if key in reader else frozenset()
            _remember(self._postings, key, found)
        return found

    def near(self, word: str) -> list[tuple[int, int, str]]:
        """Known words within two edits of ``word`` sharing its first two letters, nearest and
        most frequent first, as (distance, -frequency, word); Whoosh's word graph finds them."""
        found = self._near.get(word)
        if found is None:
            reader = self.searcher().reader()
            found = sorted(
                (_distance(word, other), -reader.doc_frequency("spell", other), other)
                for other in reader.terms_within("spell", word, 2, prefix=FUZZY_PREFIX)
                if other != word
            )[:8]
            _remember(self._near, word, found)
        return found

    def completions(self, prefix: str) -> list[str]:
        """The most frequent known words starting with ``prefix`` (at most MAX_EXPANSIONS)."""
        found = self._prefixes.get(prefix)
        if found is None:
            reader = self.searcher().reader()
            words = [w.decode("utf-8") if isinstance(w, bytes) else w for w in reader.expand_prefix("spell", prefix)]
            words = [w for _, w in sorted((-reader.doc_frequency("spell", w), w) for w in words[:500])]
            found = words[:MAX_EXPANSIONS]
            _remember(self._prefixes, prefix, found)
        return found

    def groups_for(self, codes: Iterable[str] | None) -> dict[str, tuple[str, ...]]:
        """Synonyms from the glossaries of ``codes`` (None: every code), cached."""
        if codes is None:
            return self._all_groups
        key = tuple(codes)
        found = self._groups_cache.get(key)
        if found is None:
            found = _groups(self.codes[c].synonyms for c in key if c in self.codes)
            if len(self._groups_cache) < 256:
                self._groups_cache[key] = found
        return found


def _remember(cache: dict, key: Any, value: Any, limit: int = 20_000) -> None:
    if len(cache) >= limit:
        cache.clear()
    cache[key] = value


_PARENTHESIS = re.compile(r"\([^)]*\)")


def _keys(member: str) -> set[str]:
    """How a form is looked up: its words, and its stems when no word was a stopword."""
    stems = _stems(member)
    return {member, " ".join(stems)} if stems and len(stems) == len(member.split()) else {member}


def _groups(per_code: Iterable[tuple[tuple[str, ...], ...]]) -> dict[str, tuple[str, ...]]:
    """Word or words (folded, or their stems) -> the glossary headwords they stand for.

    A glossary entry is (headword, synonym, ...): a synonym leads to its headword ("renig"
    -> "revoke"), never the other way, since glossaries list loose equivalents ("player" for
    the declarer) that must not flood a search for the headword.
    """
    out: dict[str, set[str]] = {}
    for groups in per_code:
        for headword, *synonyms in groups:
            head = fold(_PARENTHESIS.sub(" ", headword)).strip()
            for synonym in synonyms:
                member = " ".join(_words(_PARENTHESIS.sub(" ", synonym)))
                if member and member != head:
                    for key in _keys(member):
                        out.setdefault(key, set()).add(head)
    return {k: tuple(sorted(v)) for k, v in out.items()}


def _language() -> dict[str, tuple[str, ...]]:
    """Word (or stem) -> the other members of its LANGUAGE_GROUPS group."""
    out: dict[str, set[str]] = {}
    for group in LANGUAGE_GROUPS:
        for member in group:
            for key in _keys(member):
                out.setdefault(key, set()).update(m for m in group if m != member)
    return {k: tuple(sorted(v)) for k, v in out.items()}


LANGUAGE = _language()


def _code_infos(library: Library, docs: list[_Doc]) -> dict[str, _CodeInfo]:
    numbers: dict[str, dict[str, int]] = {c: {} for c in library.codes}
    for docnum, doc in enumerate(docs):
        if doc.kind == "law" and doc.number is not None:
            numbers[doc.code][doc.number.lower()] = docnum
    return {
        code.id: _CodeInfo(
            id=code.id,
            game=code.game,
            words=_code_words(code),
            numbers=numbers[code.id],
            synonyms=tuple((term.term, *term.synonyms) for term in code.glossary.values() if term.synonyms),
        )
        for code in library.codes.values()
    }


def _file_digests(paths: Iterable[Path]) -> dict[str, str]:
    digests = {}
    for path in paths:
        try:
            digests[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            digests[path.name] = "unreadable"
    return dict(sorted(digests.items()))


def laws_digests(laws_dir: Path) -> dict[str, str]:
    """SHA-256 of each law file in ``laws_dir`` (as the loader lists them), by file name."""
    return _file_digests(p for p in Path(laws_dir).glob("*.yaml") if not p.name.startswith("."))


def _manifest(library: Library, docs: list[_Doc]) -> dict[str, Any]:
    files = _file_digests(Path(code.where.path) for code in library.codes.values())
    return {
        "format": FORMAT,
        "command": BUILD_COMMAND,
        "laws": files,
        "documents": len(docs),
        "kinds": dict(sorted(Counter(d.kind for d in docs).items())),
    }


def _dump(docs: list[_Doc], codes: dict[str, _CodeInfo]) -> dict[str, Any]:
    return {
        "docs": [asdict(d) for d in docs],
        "codes": {
            c.id: {
                "game": c.game,
                "words": sorted(c.words),
                "numbers": dict(sorted(c.numbers.items())),
                "synonyms": [list(g) for g in c.synonyms],
            }
            for c in codes.values()
        },
    }


def _load(data: dict[str, Any]) -> tuple[list[_Doc], dict[str, _CodeInfo]]:
    docs = [_Doc(**{**d, "topics": tuple(d["topics"]), "cites": tuple(d["cites"])}) for d in data["docs"]]
    codes = {
        cid: _CodeInfo(cid, c["game"], frozenset(c["words"]), c["numbers"], tuple(tuple(g) for g in c["synonyms"]))
        for cid, c in data["codes"].items()
    }
    return docs, codes


# "(Laws 14, 20 and 37(c))": cross-references are left out of the indexed text, or a search
# for "14 cards" would find every law that mentions Law 14
_REFERENCE = re.compile(
    r"(?:\b(?:laws?|rules?)\b\.?|§+)\s*(?=[\w.\-]*\d)[a-z0-9][\w.\-]*(?:\([a-z0-9]+\))*"
    r"(?:\s*(?:,|and|or|to|&)\s*[a-z0-9][\w.\-]*\d[\w.\-]*(?:\([a-z0-9]+\))*)*",
    re.IGNORECASE,
)


def _write(storage: Any, docs_fields: list[tuple[_Doc, dict[str, Any]]], segid: str) -> Any:
    ix = storage.create_index(_schema())
    writer = ix.writer(codec=_Codec(segid), compound=False)  # a compound file records mtimes
    for doc, fields in docs_fields:
        body = _REFERENCE.sub(" ", _join(fields.get("body"), fields.get("keywords")))
        text = _join(*[doc.title] * TITLE_WEIGHT, body)
        writer.add_document(
            key=doc.key,
            kind=doc.kind,
            game=fields["game"],
            code=fields["code"],
            topic=" ".join(doc.topics),
            number=fields.get("number"),
            cites=" ".join(fields.get("cites", ())),
            text=text,
            spell=_join(doc.title, body, fields.get("spell")),
            pairs=" ".join(_pair_terms(_stems(doc.title)) + _pair_terms(_stems(body))),
        )
    writer.commit()
    return ix


def build_index(library: Library, directory: Path | None = None) -> SearchIndex:
    """Index every law, etiquette item, glossary term and remedy of ``library``, in RAM
    (``directory`` None) or into ``directory`` (replaced whole; same laws, same files)."""
    docs_fields = list(_documents(library))
    docs = [d for d, _ in docs_fields]
    codes = _code_infos(library, docs)
    manifest = _manifest(library, docs)
    segid = hashlib.sha256(json.dumps(manifest, sort_keys=True).encode()).hexdigest()[:16]
    if directory is None:
        ix = _write(_RamStorage(), docs_fields, segid)
        return SearchIndex(ix, docs, codes, manifest)

    directory = Path(directory)
    fresh = directory.with_name(directory.name + ".new")
    # written whole beside the old index, then swapped in: a failed build (a full disk, a
    # folder that cannot be written) leaves the old index as it was and nothing half-built
    try:
        directory.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(fresh, ignore_errors=True)
        fresh.mkdir()
        ix = _write(FileStorage(str(fresh)), docs_fields, segid)
        ix.close()
        data = {**manifest, **_dump(docs, codes)}
        (fresh / MANIFEST).write_text(json.dumps(data, ensure_ascii=False, sort_keys=True, indent=0) + "\n", "utf-8")
        old = directory.with_name(directory.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if directory.exists():
            directory.rename(old)
        try:
            fresh.rename(directory)
        except OSError:
            if old.exists():
                old.rename(directory)
            raise
    except OSError as exc:
        shutil.rmtree(fresh, ignore_errors=True)
        reason = exc.strerror or exc.__class__.__name__
        raise IndexProblem(
            directory, f"cannot write the index ({reason}: {exc.filename or fresh}); nothing was changed there"
        ) from None
    shutil.rmtree(old, ignore_errors=True)
    return open_index(directory, None)


_RAM: dict[int, tuple[Library, SearchIndex]] = {}


def index_for(setting: SearchIndex | str | Path, library: Library, laws_dir: Path) -> SearchIndex:
    """The index a ``SEARCH_INDEX`` setting names: a SearchIndex as it is; ``"ram"``, built
    in memory from ``library`` (once per library object); or a directory, opened and
    checked against ``laws_dir``."""
    if isinstance(setting, SearchIndex):
        return setting
    if str(setting) == "ram":
        cached = _RAM.get(id(library))
        if cached is None or cached[0] is not library:
            if len(_RAM) >= 8:
                _RAM.clear()
            cached = _RAM[id(library)] = (library, build_index(library))
        return cached[1]
    return open_index(Path(setting), laws_dir)


def open_index(directory: Path, laws_dir: Path | None) -> SearchIndex:
    """Open the index in ``directory``; raise IndexProblem (naming ``adjudicator
    build-index``) if it is missing, corrupt, or was built from other law files than
    ``laws_dir`` holds (``laws_dir`` None: do not compare)."""
    directory = Path(directory)
    path = directory / MANIFEST
    if not path.is_file():
        raise IndexProblem(directory, "there is no search index here")
    try:
        data = json.loads(path.read_text("utf-8"))
        fmt, built = data["format"], data["laws"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise IndexProblem(directory, f"the index manifest is unreadable ({exc.__class__.__name__})") from None
    if fmt != FORMAT:
        raise IndexProblem(directory, f"the index has format {fmt!r}; this version reads format {FORMAT}")
    if laws_dir is not None:
        current = laws_digests(Path(laws_dir))
        if current != built:
            raise IndexProblem(directory, f"it is older than the law files: {_changes(built, current)}")
    problem = None
    with warnings.catch_warnings():  # whoosh leaves a damaged file open when it fails: let it go quietly
        warnings.simplefilter("ignore", ResourceWarning)
        try:
            docs, codes = _load(data)
            ix = whoosh_index.open_dir(str(directory))
            with ix.searcher() as searcher:
                keys = [fields["key"] for _, fields in searcher.reader().iter_docs()]
                segments = len(ix._segments())
        except Exception as exc:  # whoosh raises many kinds on damaged files
            problem = f"the index is corrupt ({exc.__class__.__name__}: {exc})"
        if problem is not None:
            gc.collect()
    if problem is not None:
        raise IndexProblem(directory, problem)
    if keys != [d.key for d in docs] or segments > 1:
        raise IndexProblem(directory, "the index is corrupt (its documents do not match its manifest)")
    manifest = {k: v for k, v in data.items() if k not in ("docs", "codes")}
    return SearchIndex(ix, docs, codes, manifest)


def _changes(built: Mapping[str, str], current: Mapping[str, str]) -> str:
    parts = []
    for label, names in (
        ("changed", [n for n in current if n in built and built[n] != current[n]]),
        ("new", [n for n in current if n not in built]),
        ("removed", [n for n in built if n not in current]),
    ):
        if names:
            parts.append(f"{label} {', '.join(names[:5])}{' ...' if len(names) > 5 else ''}")
    return "; ".join(parts) or "they differ"


# ---------------------------------------------------------------- reading a query

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]")
_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"'})
_PHRASE = re.compile(r'"([^"]*)"')
_NUMBER = r"[a-z0-9](?:[a-z0-9.\-]*[a-z0-9])?"
_CITATION = re.compile(
    rf"(?<![\w§])(?:(?:laws?|rule|art(?:icle)?|l)\.?\s*|§+\s*)(?P<number>{_NUMBER})(?:\([a-z0-9]+\))*", re.IGNORECASE
)
_YEAR = re.compile(r"1[6-9]\d\d|20\d\d")
_TOKEN = re.compile(r"[^\s]+")
_EDGE = re.compile(r"^[^\w§*-]+|[^\w*]+$")


def clean(query: str) -> str:
    """The query as searched: no control characters, typographic quotes made plain,
    spaces collapsed, at most MAX_QUERY_CHARS characters."""
    text = unicodedata.normalize("NFC", str(query)[: MAX_QUERY_CHARS * 4])
    text = _CONTROL.sub(" ", text).translate(_QUOTES)
    return " ".join(text.split())[:MAX_QUERY_CHARS].strip()


@dataclass
class _Parsed:
    words: list[str] = field(default_factory=list)  # plain words, folded
    prefixes: list[str] = field(default_factory=list)
    phrases: list[list[str]] = field(default_factory=list)
    excluded: list[str] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)  # law numbers, folded


def _parse(text: str) -> _Parsed:
    parsed = _Parsed()

    def cite(match: re.Match[str]) -> str:  # a citation leaves the words where it stood
        number = fold(match["number"])
        if not any(ch.isdigit() for ch in number):
            return match.group(0)
        parsed.citations.append(number)
        return " "

    rest = _CITATION.sub(cite, text)
    pieces = _PHRASE.split(rest)  # odd items were inside balanced quotes
    for i, piece in enumerate(pieces):
        if i % 2:
            words = _words(piece)
            if len(words) > 1:
                parsed.phrases.append(words)
            else:
                parsed.words.extend(words)
            continue
        for raw in _TOKEN.findall(piece.replace('"', " ")):
            token = _EDGE.sub("", fold(raw))
            token = re.sub(r"~\d*$", "", token)
            if not token:
                continue
            if token.startswith("-") and len(token) > 1:
                parsed.excluded.extend(_words(token[1:]))
                continue
            if token.endswith("*") and "*" not in token[:-1] and re.fullmatch(r"\w+", token[:-1] or "-"):
                if len(token) - 1 >= MIN_PREFIX:
                    parsed.prefixes.append(token[:-1])
                else:
                    parsed.words.extend(_words(token))
                continue
            if re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)+", token) and any(c.isdigit() for c in token):
                parsed.citations.append(token)  # NAP-HGM-05, CQ-1: a law id is never a plain word
                continue
            parsed.words.extend(_words(token))
    words = parsed.words[:MAX_WORDS]
    parsed.words = words
    return parsed


# ---------------------------------------------------------------- the search


def _candidate_codes(index: SearchIndex, game: str | None, code: str | None) -> list[str]:
    return [c.id for c in index.codes.values() if (code is None or c.id == code) and (game is None or c.game == game)]


def _naming(index: SearchIndex, words: list[str], codes: list[str]) -> tuple[list[str], list[str]]:
    """The words that name codes (a game, an edition, a year), and those of ``codes`` that
    every such word names (all of them when none does)."""
    hints = [w for w in words if _YEAR.fullmatch(w) or any(w in info.words for info in index.codes.values())]
    return hints, [c for c in codes if all(w in index.codes[c].words for w in hints)]


def _named_codes(index: SearchIndex, parsed: _Parsed, codes: list[str]) -> list[str] | None:
    """ "whist revoke", "auction 1915 insufficient bid": when some words name codes (game,
    edition, year) and others remain, the codes every such word names; the naming words
    are then taken out of the query. None when no word names a code."""
    hints, named = _naming(index, parsed.words, codes)
    rest = len(parsed.words) - len(hints) + len(parsed.phrases) + len(parsed.prefixes)
    if not hints or not rest:
        return None
    if not named:
        return None
    for word in hints:
        parsed.words.remove(word)
    return named


def _resolve(index: SearchIndex, parsed: _Parsed, codes: list[str]) -> list[int]:
    """Docnums of the laws cited exactly; consumes the words that named the code."""
    numbers = list(dict.fromkeys(parsed.citations))
    if not numbers and len(parsed.words) >= 1 and not parsed.phrases and not parsed.prefixes:
        # a bare number ("50", or "auction 1915 50") is a citation if it is all that is left
        # once the words naming a code are taken away
        rest = [w for w in parsed.words if not any(w in index.codes[c].words for c in codes)]
        if len(rest) == 1 and any(rest[0] in index.codes[c].numbers for c in codes):
            numbers = rest
            parsed.words.remove(rest[0])
    if not numbers:
        return []
    hints, named = _naming(index, parsed.words, codes)
    if hints:  # "auction 1915 law 50": only the codes that every such word names
        codes = named
        if any(n in index.codes[c].numbers for c in codes for n in numbers):
            for w in hints:
                parsed.words.remove(w)
    found = [index.codes[c].numbers[n] for n in numbers for c in codes if n in index.codes[c].numbers]
    if not found:
        parsed.words.extend(w for n in numbers for w in _words(n))  # no such law: search the words
    return sorted(set(found))


def _lookup(table: Mapping[str, tuple[str, ...]], word: str) -> list[str]:
    found = [*table.get(word, ()), *table.get(" ".join(_stems(word)), ())]
    return [f for f in dict.fromkeys(found) if f != word]


def _frequency(index: SearchIndex, form: str) -> int:
    """How many documents hold ``form`` (the rarest of its stems)."""
    stems = _stems(form)
    return min((len(index.postings("text", s)) for s in stems), default=0)


def _or(queries: list[Q.Query], boost: float = 1.0) -> Q.Query:
    """A union as a tree of binary matchers (whoosh's automatic choice preloads every
    posting of a small index into arrays, which is slower for our few-term queries)."""
    return queries[0] if len(queries) == 1 and boost == 1.0 else Q.compound.DefaultOr(queries, boost=boost)


def _pair_terms(stems: list[str]) -> list[str]:
    return [f"{a}_{b}" for a, b in itertools.pairwise(stems)]


def _form_query(form: str, boost: float, *, exact: bool = False) -> Q.Query | None:
    """Words as a query: a term; two words, their pair (as good as a phrase, and as cheap as
    a term); more words, their pairs together, or (``exact``) a true phrase."""
    stems = _stems(form)
    if not stems:
        return None
    if len(stems) == 1:
        return Q.Term("text", stems[0], boost=boost)
    if exact and len(stems) > 2:
        return Q.Phrase("text", stems, boost=boost)
    pairs = [Q.Term("pairs", pair) for pair in _pair_terms(stems)]
    return pairs[0].with_boost(boost) if len(pairs) == 1 else Q.And(pairs, boost=boost)


def _word_query(index: SearchIndex, word: str, groups: Mapping[str, tuple[str, ...]]) -> Q.Query | None:
    weighted = [(word, 1.0)] + [(form, LANGUAGE_BOOST) for form in _lookup(LANGUAGE, word)]
    heads = _lookup(groups, word)
    if heads:
        # a rare variant ("renig", "declarant") is searched as its headword; a word in its
        # own right ("player", listed under "declarer") keeps its own meaning first
        variant = _frequency(index, word) * 3 <= max(_frequency(index, h) for h in heads)
        if variant:  # the word itself only where it is written as the headword is not
            weighted[0] = (word, VARIANT_BOOST)
        weighted += [(h, 1.0 if variant else SYNONYM_BOOST) for h in heads]
    if word.isalpha() and len(word) >= 4 and not index.searcher().reader().doc_frequency("spell", word):
        # a word the index lacks: the nearest known words within 1 edit (4-5 letters) or 2
        # (6 or more) that share its first two letters
        limit = 1 if len(word) <= 5 else 2
        near = [w for d, _, w in index.near(word) if d <= limit and w[:FUZZY_PREFIX] == word[:FUZZY_PREFIX]]
        weighted += [(w, 0.8) for w in near[:FUZZY_FORMS]]
    best: dict[tuple[str, ...], tuple[str, float]] = {}  # forms with the same stems are one term
    for form, boost in weighted:
        key = tuple(_stems(form))
        if key and (key not in best or best[key][1] < boost):
            best[key] = (form, boost)
    alternatives = [q for q in (_form_query(f, b) for f, b in best.values()) if q is not None]
    if not alternatives:
        return None
    # a union, not whoosh's DisjunctionMax, whose matcher gives every document the same score
    return _or(alternatives)


def _prefix_query(index: SearchIndex, prefix: str) -> Q.Query | None:
    stems = list(dict.fromkeys(s for w in index.completions(prefix) for s in _stems(w)))
    return _or([Q.Term("text", s) for s in stems]) if stems else None


def _text_query(index: SearchIndex, parsed: _Parsed, groups: Mapping[str, tuple[str, ...]]) -> Q.Query | None:
    """The whoosh query: Terms and Phrases only, in unions, so matching stays cheap."""
    parts: list[Q.Query] = []
    words = parsed.words
    for n in (3, 2):  # words a glossary lists together: "insufficient declaration", "eldest hand"
        for i in range(len(words) - n + 1):
            key = " ".join(words[i : i + n])
            targets = [t for k in _keys(key) for t in groups.get(k, ())]
            expansions = [q for q in (_form_query(t, SYNONYM_BOOST) for t in targets) if q is not None]
            if expansions:
                parts.append(_or(expansions))
    for i in range(len(words) - 1):  # "14 cards": a hand of more than thirteen, or fewer than fifteen
        n = NUMBERS.get(words[i])
        if n is not None and words[i + 1] in ("card", "cards") and 2 < n < 20:
            forms = [f"{rel} {NUMBER_WORDS[m]} cards" for rel, m in (("more than", n - 1), ("fewer than", n + 1))]
            parts.append(_or([q for q in (_form_query(f, SYNONYM_BOOST) for f in forms) if q is not None]))
    for word in words:
        q = _word_query(index, word, groups)
        if q is not None:
            parts.append(q)
    for prefix in parsed.prefixes:
        q = _prefix_query(index, prefix)
        if q is not None:
            parts.append(q)
    for phrase in parsed.phrases:
        q = _form_query(" ".join(phrase), 1.5, exact=True)
        if q is not None:
            parts.append(q)
    if not parts:
        return None
    # words in more than a fifth of the documents ("player", "card") only add to the score
    # of documents the rarer words found: ranking as good, a fraction of the documents scored
    matched = [(part, found) for part in parts if (found := _matches(index, part))]
    if not matched:
        return None
    common_cut = COMMON * len(index.docs)
    rare = [(p, m) for p, m in matched if len(m) <= common_cut]
    common = [(p, m) for p, m in matched if len(m) > common_cut]
    if rare and common:
        q: Q.Query = Q.AndMaybe(_or([p for p, _ in rare]), _or([p for p, _ in common]))
    elif len(common) > 1 and len(frozenset.intersection(*(m for _, m in common))) >= ALL_COMMON_ENOUGH:
        q = Q.And([p for p, _ in common])  # only common words: the documents holding them all
    else:
        q = _or([p for p, _ in rare or common])
    # words typed side by side score more where they stand side by side ("bid out of turn")
    stems = _stems(" ".join(words))
    pairs = [Q.Term("pairs", pair, boost=PAIR_BOOST) for pair in _pair_terms(stems)[:MAX_PAIRS]]
    if pairs:
        q = Q.AndMaybe(q, _or(pairs))
    excluded = [Q.Term("text", s) for w in parsed.excluded for s in _stems(w)]
    return Q.AndNot(q, _or(excluded)) if excluded else q


def _matches(index: SearchIndex, q: Q.Query) -> frozenset[int]:
    """Every docnum ``q`` matches, from cached postings (a phrase asks whoosh)."""
    if isinstance(q, Q.Term):
        return index.postings(q.fieldname, q.text)
    if isinstance(q, Q.Or):
        return frozenset().union(*(_matches(index, sub) for sub in q.subqueries))
    if isinstance(q, Q.AndMaybe):
        return _matches(index, q.a)
    if isinstance(q, Q.And):
        return frozenset.intersection(*(_matches(index, sub) for sub in q.subqueries))
    if isinstance(q, Q.AndNot):
        return _matches(index, q.a) - _matches(index, q.b)
    if isinstance(q, Q.Every):
        return index.everything
    return frozenset(index.searcher().docs_for_query(q))


def _suggest(index: SearchIndex, text: str, parsed: _Parsed) -> str | None:
    """The query with each unknown word replaced by the nearest known word, if any."""
    reader = index.searcher().reader()
    replacements: dict[str, str] = {}
    for word in parsed.words:
        if not word.isalpha() or len(word) < 3 or reader.doc_frequency("spell", word):
            continue
        near = index.near(word)
        if near:
            replacements[word] = near[0][2]
    if not replacements:
        return None
    suggestion = re.sub(r"\w+", lambda m: replacements.get(fold(m.group(0)), m.group(0)), text)
    return suggestion if suggestion != text else None


def _distance(a: str, b: str) -> int:
    """Optimal string alignment distance (a transposition counts as one edit)."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            value = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                value = min(value, prev2[j - 2] + 1)
            row.append(value)
        prev2, prev = prev, row
    return prev[-1]


def _snippet(index: SearchIndex, docnum: int, terms: frozenset[str]) -> str:
    """A window of the text around the most matches, escaped, matches in <mark>."""
    text = index.docs[docnum].text
    spans = [(s, e) for stem, s, e in index.tokens(docnum) if stem in terms] if terms else []
    if not spans:
        end = len(text) if len(text) <= SNIPPET_CHARS else text.rfind(" ", 0, SNIPPET_CHARS)
        end = end if end > 0 else SNIPPET_CHARS
        return html.escape(text[:end]) + ("\u2026" if end < len(text) else "")
    best, count, j = 0, 0, 0
    for i, (start, _) in enumerate(spans):
        while j < len(spans) and spans[j][1] <= start + SNIPPET_CHARS:
            j += 1
        if j - i > count:
            best, count = i, j - i
    start = spans[best][0]
    if start > 40:
        cut = text.rfind(" ", 0, start - 30)
        start = cut + 1 if cut > 0 else start
    else:
        start = 0
    end = start + SNIPPET_CHARS
    if end < len(text):
        cut = text.rfind(" ", start, end)
        end = cut if cut > start else end
    else:
        end = len(text)
    out = ["\u2026"] if start > 0 else []
    pos = start
    for s, e in spans:
        if s < pos or e > end:
            continue
        out.append(html.escape(text[pos:s]))
        out.append(f"<mark>{html.escape(text[s:e])}</mark>")
        pos = e
    out.append(html.escape(text[pos:end]))
    if end < len(text):
        out.append("\u2026")
    return "".join(out)


def _cited(index: SearchIndex, doc: _Doc, allowed: frozenset[int] | bool) -> list[int]:
    """The docnums of the laws a remedy rests on (within ``allowed``, when restricted)."""
    found = []
    for cite in doc.cites:
        code, _, number = cite.partition(":")
        docnum = index.codes[code].numbers.get(number) if code in index.codes else None
        if docnum is not None and (allowed is False or docnum in allowed):
            found.append(docnum)
    return found


def _highlight_terms(q: Q.Query | None) -> frozenset[str]:
    terms: set[str] = set()
    for leaf in q.leaves() if q is not None else ():
        if isinstance(leaf, Q.Term) and leaf.fieldname == "text":
            terms.add(leaf.text)
        elif isinstance(leaf, Q.Term) and leaf.fieldname == "pairs":
            terms.update(leaf.text.split("_"))
        elif isinstance(leaf, Q.Phrase):
            terms.update(leaf.words)
    return frozenset(terms)


def _hit(index: SearchIndex, docnum: int, terms: frozenset[str], exact: bool) -> Hit:
    doc = index.docs[docnum]
    shared = {name: getattr(doc, name) for name in _HIT_FROM_DOC}
    return Hit(**shared, snippet=_snippet(index, docnum, terms), exact=exact)


def _facets(
    index: SearchIndex, matched: frozenset[int], filters: Mapping[str, str | None]
) -> tuple[int, dict[str, list[tuple[str, int]]]]:
    """The total after every filter, and each facet's counts with the other filters applied."""
    allowed = {name: index.postings(name, value) for name, value in filters.items() if value is not None}
    total = matched.intersection(*allowed.values())
    out = {}
    for name in FACETS:
        subset = matched.intersection(*(s for other, s in allowed.items() if other != name))
        values = index.facet_values[name]
        if name == "topic":
            counts = Counter(itertools.chain.from_iterable(map(values.__getitem__, subset)))
        else:
            counts = Counter(map(values.__getitem__, subset))
        out[name] = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return len(total), out


def search(
    index: SearchIndex,
    query: str,
    *,
    game: str | None = None,
    code: str | None = None,
    topic: str | None = None,
    kind: str | None = None,
    page: int = 1,
    pagelen: int = 10,
) -> Results:
    """Search ``index``; never raises on any query text. See the module docstring."""
    text = clean(query)
    page = max(1, int(page))
    pagelen = max(1, min(MAX_PAGELEN, int(pagelen)))
    filters = {"game": game or None, "code": code or None, "topic": topic or None, "kind": kind or None}
    searcher = index.searcher()
    parsed = _parse(text)

    codes = _candidate_codes(index, filters["game"], filters["code"])
    exact = _resolve(index, parsed, codes)
    exact = [d for d in exact if filters["kind"] in (None, "law") and filters["topic"] in (None, *index.docs[d].topics)]
    named = _named_codes(index, parsed, codes) if not exact else None
    if named is not None:
        codes = named

    everywhere = filters["code"] is None and filters["game"] is None and named is None
    groups = index.groups_for(None if everywhere else codes)
    q = _text_query(index, parsed, groups)
    if q is None and exact:  # a citation alone: what cites it follows the law itself
        cited = {f"{index.docs[d].code}:{index.docs[d].number.lower()}" for d in exact if index.docs[d].number}
        q = _or([Q.Term("cites", c) for c in sorted(cited)])
    typed = parsed.citations or parsed.words or parsed.phrases or parsed.prefixes or parsed.excluded
    if q is None and any(filters.values()) and not typed:
        q = Q.Every()  # browsing by filters alone: every document they allow, in library order

    ranked = list(exact)
    matched = frozenset(exact)
    if q is not None:
        matched |= _matches(index, q)
        within = index.everything
        if named is not None:  # "whist revoke": the words that named codes act as a filter
            within = frozenset().union(*(index.postings("code", c) for c in named))
            matched &= within
        allowed_all = index.everything if named is None else within
        for name, value in filters.items():
            if value is not None:
                allowed_all = allowed_all & index.postings(name, value)
        allowed = matched & allowed_all
        if allowed:
            restricted = named is not None or any(filters.values())  # else no filter set to build
            # every match scored: the order (kinds' weights, lifts from remedies) and so each
            # page must not depend on which page is asked for
            results = searcher.search(q, limit=len(allowed), filter=set(allowed) if restricted else None)
            scores: dict[int, float] = {}
            lifts: dict[int, float] = {}
            for whoosh_score, docnum in results.top_n:  # (score, docnum), best first: no Hit objects made
                doc = index.docs[docnum]
                score = whoosh_score * KIND_WEIGHT[doc.kind]
                scores[docnum] = score
                # a remedy found is evidence for the laws it rests on ("14 cards" -> the law on
                # a wrong number of cards, though the law never says fourteen): the best one counts
                for cited in _cited(index, doc, allowed_all if restricted else False):
                    lifts[cited] = max(lifts.get(cited, 0.0), score * CITED_WEIGHT)
            for docnum, lift in lifts.items():
                scores[docnum] = scores.get(docnum, 0.0) + lift
            matched |= lifts.keys()  # every match was scored: every law a matching remedy rests on
            order = sorted(scores, key=lambda d: -scores[d])  # stable: ties keep whoosh's order
            ranked.extend(d for d in order if d not in exact)
    total, facets = _facets(index, matched, filters)

    terms = _highlight_terms(q)
    window = ranked[(page - 1) * pagelen : page * pagelen]
    exact_set = set(exact)
    hits = tuple(_hit(index, d, terms, d in exact_set) for d in window)
    suggestion = _suggest(index, text, parsed) if parsed.words else None
    return Results(text, hits, total, page, pagelen, facets, suggestion)
