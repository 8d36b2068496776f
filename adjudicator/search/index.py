"""The index's lifecycle: build it (in RAM or into a directory, the same laws giving the
same files), open it (refusing one that is missing, built from other law files, or whose
files differ from its manifest), and what an opened index keeps in memory.

On disk an index is whoosh's files (the postings, the terms and their word graph, the
field lengths, the segment's table of contents), ``postings.bin`` (``Packed``: the stems'
and words' postings, weighed, and each document's words by stem, for snippets),
``documents.json`` (what a hit shows, which documents are editions of one provision, what
each code contributes to reading a query, the packed terms) and, written last, the
manifest ``adjudicator-index.json``: the format, the SHA-256 of each law file the index
was built from, and every other file of the index with its SHA-256 and size.
``open_index`` checks all of it before a worker serves: a file missing, added, damaged or
of another size refuses the start with the file named.

A term's postings are sliced from ``postings.bin`` as queries need them and kept in a
bounded cache: scoring is then a few dictionary additions per matching document. Whoosh
builds the index and is asked at query time only for what it alone knows: the documents
holding a quoted phrase (its positions).
"""

from __future__ import annotations

import collections
import gc
import hashlib
import itertools
import json
import math
import shutil
import sys
import threading
import warnings
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh.analysis import SpaceSeparatedTokenizer
from whoosh.codec.whoosh3 import W3Codec, W3LeafMatcher, W3Segment
from whoosh.fields import TEXT, Schema
from whoosh.filedb.filestore import FileStorage, RamStorage
from whoosh.reading import TermNotFound

import adjudicator.search.documents as documents
from adjudicator.errors import IndexProblem
from adjudicator.model import Library
from adjudicator.search.cache import Bounded
from adjudicator.search.documents import CodeInfo, Document, Indexed
from adjudicator.search.results import Edition
from adjudicator.search.text import PLAIN, STEM, TOKEN, distance, join, pair_terms, stem_of, stems

FORMAT = 4
"""Bumped whenever the index layout changes: an index of another format is rebuilt."""

MANIFEST = "adjudicator-index.json"
DOCUMENTS = "documents.json"
PACKED = "postings.bin"
BUILD_COMMAND = "adjudicator build-index"

K1 = 1.2
B = 0.75
KIND_WEIGHT = {"law": 1.0, "remedy": 0.6, "etiquette": 0.6, "glossary": 0.5}
"""A law answers "what does the code say"; the rest supports it, so ranks a little lower.
Folded into every posting's weight (a document's score is already weighed by its kind)."""
FUZZY_PREFIX = 1
MAX_EXPANSIONS = 12
POSTINGS_CACHE = 400_000  # postings (docnum and weight) kept weighted: about 4 MB of arrays
RESULTS_CACHE = 8 * 1024 * 1024  # bytes (estimated) of results kept for repeated queries (packed)


def _schema() -> Schema:
    return Schema(
        # the title (written TITLE_WEIGHT times: one field to match is half the work of two),
        # the text, its notes, the topics, the irregularity's keywords and questions
        text=TEXT(analyzer=STEM),
        spell=TEXT(analyzer=PLAIN, phrase=False, spelling=True),  # the words as written: typos, prefixes
        pairs=TEXT(analyzer=SpaceSeparatedTokenizer(), phrase=False),  # each two neighbouring stems, "bid_out"
    )


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


@dataclass(frozen=True)
class Postings:
    """One term's documents, ascending, with the term's BM25 weight in each."""

    docnums: array
    weights: array
    docset: frozenset[int]

    def dense(self, size: int) -> array:
        """The weights by docnum (0.0 where the term is not), ``size`` documents in all: each
        document's weight found by indexing, not a search (made on first use: for long
        postings, where the array is at most a few times the postings' own size)."""
        found = self.__dict__.get("_dense")
        if found is None:
            found = array("d", bytes(8 * size))
            collections.deque(map(found.__setitem__, self.docnums, self.weights), maxlen=0)  # each weight in place
            object.__setattr__(self, "_dense", found)
        return found

    @property
    def by_weight(self) -> list[int]:
        """The docnums, heaviest first (ties: library order), made on first use."""
        found = self.__dict__.get("_by_weight")
        if found is None:
            weights = self.weights  # a stable sort, reversed, keeps equals in library order
            found = list(
                map(self.docnums.__getitem__, sorted(range(len(weights)), key=weights.__getitem__, reverse=True))
            )
            object.__setattr__(self, "_by_weight", found)
        return found


_EMPTY = Postings(array("i"), array("d"), frozenset())


class Packed:
    """What queries read most, packed at build time into one run of bytes (``postings.bin``),
    so that a first read is a few slices, where whoosh's term table and blocks, the weighing
    and the tokenizing cost a few hundred microseconds each in a query's time:

    - the postings of every stem (``text``) and of every two neighbouring stems (``pairs``):
      docnums, then their BM25 weights; and of every word as written (``spell``: docnums);
      term after term in each field's lexicon order;
    - each document's shown words by stem, for snippets: the stems it holds (ids into
      ``stems``, ascending), how many spans each has (running totals), and the spans (start
      and end of each word, in text order), stem after stem.

    32-bit unsigned ints and 64-bit floats in the byte order of the machine that built it
    (``byteorder``); ``counts`` holds each field's terms with their number of documents
    (``documents.json`` keeps it: ``counted``)."""

    FIELDS = ("text", "pairs", "spell")
    WEIGHTED = frozenset({"text", "pairs"})

    def __init__(self, blob: bytes, counts: Mapping[str, Any]) -> None:
        if counts.get("byteorder", sys.byteorder) != sys.byteorder:
            raise ValueError(f"it was built on a {counts['byteorder']}-endian machine")
        self.blob = blob
        self.view = memoryview(blob)
        # each field's terms (sorted: the lexicon's order) and where each one's postings start,
        # then end: a term is found by bisection (tens of thousands of pairs, no table of them)
        self.terms: dict[str, list[str]] = {}
        self.starts: dict[str, array] = {}
        offset = 0
        for field in self.FIELDS:
            size = 12 if field in self.WEIGHTED else 4
            self.terms[field] = [term for term, _ in counts[field]]
            self.starts[field] = array("Q", itertools.accumulate((size * n for _, n in counts[field]), initial=offset))
            offset = self.starts[field][-1]
        self.words = self.terms["spell"]
        self.stems: list[str] = list(counts["stems"])
        self.stem_ids = {stem: i for i, stem in enumerate(self.stems)}
        documents = counts["documents"]
        self.shown = self.view[offset : offset + 4 * (documents + 1)].cast("I")  # each document's words' offset
        if self.shown[-1] != len(blob):
            raise ValueError(f"the packed postings hold {len(blob)} bytes where their terms and words need more")

    def counted(self, field: str) -> list[tuple[str, int]]:
        """``field``'s terms with their number of documents, in order."""
        starts, size = self.starts[field], 12 if field in self.WEIGHTED else 4
        return [(term, (starts[i + 1] - starts[i]) // size) for i, term in enumerate(self.terms[field])]

    def _find(self, field: str, term: str) -> int | None:
        """``term``'s place among ``field``'s terms, or None."""
        terms = self.terms[field]
        i = bisect_left(terms, term)
        return i if i < len(terms) and terms[i] == term else None

    def read(self, field: str, term: str) -> tuple[array, array] | None:
        """``term``'s docnums and (``text``, ``pairs``) weights, or None if the field has not the term."""
        i = self._find(field, term)
        if i is None:
            return None
        offset, end = self.starts[field][i], self.starts[field][i + 1]
        docnums, weights = array("i"), array("d")
        if field in self.WEIGHTED:
            n = (end - offset) // 12
            docnums.frombytes(self.blob[offset : offset + 4 * n])
            weights.frombytes(self.blob[offset + 4 * n : end])
        else:
            docnums.frombytes(self.blob[offset:end])
        return docnums, weights

    def frequency(self, word: str) -> int:
        """How many documents write ``word`` (0: none)."""
        i = self._find("spell", word)
        return 0 if i is None else (self.starts["spell"][i + 1] - self.starts["spell"][i]) // 4

    def has(self, word: str) -> bool:
        """Whether some document writes ``word``."""
        return self._find("spell", word) is not None

    def spans(self, docnum: int, stem: str) -> memoryview | None:
        """Where the words of ``stem`` stand in a document's shown text: each one's start and
        end, one after the other, in text order (None: it has none)."""
        sid = self.stem_ids.get(stem)
        if sid is None:
            return None
        start = self.shown[docnum]
        view = self.view
        k = view[start : start + 4].cast("I")[0]
        ids = view[start + 4 : start + 4 + 4 * k].cast("I")
        i = bisect_left(ids, sid)
        if i == k or ids[i] != sid:
            return None
        ends = view[start + 4 + 4 * k : start + 4 + 8 * k].cast("I")
        base = start + 4 + 8 * k
        return view[base + 8 * (ends[i - 1] if i else 0) : base + 8 * ends[i]].cast("I")

    @classmethod
    def of(cls, index: SearchIndex) -> Packed:
        """Every term of the packed fields read from ``index``'s whoosh files and weighed, and
        every document's shown words."""
        reader = index.searcher().reader()
        pieces: list[bytes] = []
        counts: dict[str, Any] = {"byteorder": sys.byteorder, "documents": len(index.docs)}
        offset = 0
        for field in cls.FIELDS:
            counts[field] = []
            for raw in reader.lexicon(field):
                term = raw.decode("utf-8") if isinstance(raw, bytes) else raw
                docnums, weights = index.from_whoosh(field, term)
                pieces.append(array("I", docnums).tobytes())
                if field in cls.WEIGHTED:
                    pieces.append(weights.tobytes())
                counts[field].append((term, len(docnums)))
                offset += len(docnums) * (12 if field in cls.WEIGHTED else 4)
        shown = [_shown(doc.text) for doc in index.docs]
        stems = sorted({stem for words in shown for stem in words})
        ids = {stem: i for i, stem in enumerate(stems)}
        regions = []
        for words in shown:
            held = sorted(words, key=ids.__getitem__)
            ends = array("I", itertools.accumulate(len(words[stem]) // 2 for stem in held))
            spans = array("I", itertools.chain.from_iterable(words[stem] for stem in held))
            regions.append(
                array("I", [len(held), *map(ids.__getitem__, held)]).tobytes() + ends.tobytes() + spans.tobytes()
            )
        offset += 4 * (len(regions) + 1)
        starts = array("I", itertools.accumulate((len(r) for r in regions), initial=offset))
        pieces.append(starts.tobytes())
        pieces.extend(regions)
        counts["stems"] = stems
        return cls(b"".join(pieces), counts)


def _shown(text: str) -> dict[str, array]:
    """A shown text's words by stem: each word's start and end, one after the other."""
    found: dict[str, array] = {}
    for m in TOKEN.finditer(text):
        stem = stem_of(m.group(0))
        held = found.get(stem)
        if held is None:
            found[stem] = array("I", m.span())
        else:
            held.extend(m.span())
    return found


class Synonyms(dict):
    """The synonyms of some codes' glossaries (word or words -> the headwords they stand
    for), named by ``key`` (the codes, or None: every code), under which the units a word
    is read as are kept (``SearchIndex.word_units``)."""

    def __init__(self, table: Mapping[str, tuple[str, ...]], key: tuple[str, ...] | None) -> None:
        super().__init__(table)
        self.key = key


class SearchIndex:
    """An opened index: whoosh's, the documents by docnum, the codes. Thread-safe: each
    thread gets its own whoosh searcher, opened on first use; the caches are shared."""

    def __init__(self, ix: Any, docs: list[Document], codes: dict[str, CodeInfo], manifest: dict[str, Any]) -> None:
        self.ix = ix
        self.docs = docs
        self.codes = codes
        self.manifest = manifest
        # one searcher per OS thread (get_native_id: gevent's greenlets share their thread's,
        # where a threading.local would open one per connection and keep it)
        self._searchers: dict[int, Any] = {}
        self._lock = threading.Lock()
        self.everything = frozenset(range(len(docs)))
        self.average_length = sum(d.length for d in docs) / max(1, len(docs))
        self._postings: Bounded[Postings] = Bounded(POSTINGS_CACHE, lambda p: len(p.docnums) + 1)
        self._near: Bounded[list[tuple[int, int, str]]] = Bounded(20_000)
        self._prefixes: Bounded[list[str]] = Bounded(20_000)
        self._phrases: Bounded[frozenset[int]] = Bounded(5_000)
        self.results: Bounded[Any] = Bounded(RESULTS_CACHE, lambda packed: packed.size)
        self._all_groups = Synonyms(_merged(c.synonyms for c in codes.values()), None)
        self._groups_cache: Bounded[Synonyms] = Bounded(256)
        self.word_units: Bounded[tuple[Any]] = Bounded(20_000)  # (synonyms' key, word) -> (its unit,)
        self._filters: dict[tuple[str, str], frozenset[int]] = {}
        self._citing: dict[str, frozenset[int]] | None = None
        self._members: dict[int, tuple[int, ...]] | None = None
        self.refers: list[tuple[str, ...]] = []  # set by open/build: each document's cross-references
        self.packed: Packed  # set by open/build
        self.code_ids = list(codes)
        self.code_position = position = {c: i for i, c in enumerate(self.code_ids)}
        self.code_of = [position[d.code] for d in docs]  # docnum -> the code's position (a list: read fastest)
        split: list[list[int]] = [[] for _ in self.code_ids]
        for d, c in enumerate(self.code_of):
            split[c].append(d)
        self.code_docs = [frozenset(ds) for ds in split]
        self._buckets: Bounded[dict[int, frozenset[int]]] = Bounded(20_000)
        self.group_of = [d.group for d in docs]
        self.kind_weights = [KIND_WEIGHT[d.kind] for d in docs]
        self.norms = [K1 * (1 - B + B * d.length / self.average_length) for d in docs]  # BM25's length part
        self.title_sizes = [max(1, len(d.title_stems)) for d in docs]  # read for every title weighed
        self.defining = frozenset(n for n, d in enumerate(docs) if d.defines)
        self._titled: dict[str, frozenset[int]] | None = None
        self._rests_on: list[tuple[int, ...]] | None = None
        self._resting: frozenset[int] | None = None
        self._facet_keys: dict[str, list[tuple[int, ...]]] = {}
        self._values: dict[str, list[str]] = {}
        self._remedies: dict[tuple[str, str], list[int]] | None = None
        self._deleted: dict[str, tuple[str, ...]] | None = None
        self._editions: dict[int, tuple[Edition, ...]] = {}

    def __len__(self) -> int:
        return len(self.docs)

    def warm(self) -> SearchIndex:
        """Make now what the first queries would make (this thread's searcher and whoosh's
        modules it imports; the tables of titles, citations, editions, remedies, facets and
        misspellings), so that a worker's first requests cost what the later ones do."""
        self.searcher()
        self.titled("")
        self.citing("")
        self.members(-1)
        self.remedies("", "")
        self._deletions()
        _ = self.resting
        for name in ("game", "code", "kind", "topic"):
            self.facet_keys(name)
            self.value_positions(name)
        for name in ("game", "kind"):
            self.group_values(name)
        for name in ("code", "game", "kind"):
            self.runs(name)
        self.group_topics()
        return self

    def searcher(self):
        """This thread's searcher (opened once per thread, kept open)."""
        key = threading.get_native_id()
        searcher = self._searchers.get(key)
        if searcher is None:
            with self._lock:
                searcher = self._searchers.get(key)
                if searcher is None:
                    searcher = self._searchers[key] = self.ix.searcher()
        return searcher

    def close(self) -> None:
        """Close every thread's searcher (their files); a later search opens a new one."""
        with self._lock:
            searchers, self._searchers = self._searchers, {}
        for searcher in searchers.values():
            searcher.close()

    def __del__(self) -> None:
        self.close()

    # ------------------------------------------------------------ what queries read

    def postings(self, fieldname: str, term: str) -> Postings:
        """``term``'s documents in ``fieldname`` ("text" or "pairs") with BM25 weights (and
        in "spell", the words as written, without weights)."""
        key = (fieldname, term)
        found = self._postings.get(key)
        if found is not None:
            return found
        read = self.packed.read(fieldname, term)
        if read is None or not read[0]:
            return self._postings.put(key, _EMPTY)
        docnums, weights = read
        return self._postings.put(key, Postings(docnums, weights, frozenset(docnums)))

    def from_whoosh(self, fieldname: str, term: str) -> tuple[array, array]:
        """``term``'s docnums and BM25 weights (none in "spell") as whoosh's files hold them."""
        try:
            matcher = self.searcher().reader().postings(fieldname, term)
        except TermNotFound:
            return array("i"), array("d")
        docnums, tfs = _read(matcher)
        if fieldname == "spell":
            return docnums, array("d")
        n, df = len(self.docs), len(docnums)
        idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
        norms, kinds = self.norms, self.kind_weights
        weights = array(
            "d", (kinds[d] * idf * tf * (K1 + 1) / (tf + norms[d]) for d, tf in zip(docnums, tfs, strict=True))
        )
        return docnums, weights

    def by_code(self, key: Any, docset: frozenset[int]) -> dict[int, frozenset[int]]:
        """``docset`` split by code (position -> docnums), cached under ``key`` (what the
        documents are: a form's terms and phrase, whatever its weight)."""
        found = self._buckets.get(key)
        if found is None:
            # a code's documents stand side by side: the sorted docnums cut where each run starts
            starts, values = self.runs("code")  # never None for codes
            ordered = sorted(docset)
            cuts = [*(bisect_left(ordered, start) for start in starts), len(ordered)]
            split: dict[int, list[int]] = {}
            position = self.code_position
            for i, code in enumerate(values):
                if cuts[i + 1] > cuts[i]:
                    split.setdefault(position[code], []).extend(ordered[cuts[i] : cuts[i + 1]])
            found = {c: frozenset(ds) for c, ds in split.items()}
            self._buckets.put(key, found)
        return found

    def phrase(self, words: tuple[str, ...]) -> frozenset[int]:
        """The documents holding the stems ``words`` side by side, in order (whoosh's positions)."""
        found = self._phrases.get(words)
        if found is None:
            from whoosh import query as Q

            found = frozenset(self.searcher().docs_for_query(Q.Phrase("text", list(words))))
            self._phrases.put(words, found)
        return found

    def known(self, word: str) -> bool:
        """Whether ``word`` is written anywhere in the index (as typed, not stemmed)."""
        return self.packed.has(word)

    def near(self, word: str) -> list[tuple[int, int, str]]:
        """Known words within two edits of ``word`` sharing its first letter, nearest and most
        frequent first, as (distance, -frequency, word). Found by deletions (each known word
        with one letter dropped, the word with up to two): a few dictionary lookups."""
        found = self._near.get(word)
        if found is None:
            table = self._deletions()
            keys = {word, *_dropped(word)}
            if len(word) >= 6:
                keys.update(k for one in list(keys) for k in _dropped(one))
            candidates = {
                w for k in keys for w in table.get(k, ()) if w != word and w[:FUZZY_PREFIX] == word[:FUZZY_PREFIX]
            }
            frequency = self.packed.frequency
            found = sorted((d, -frequency(other), other) for other in candidates if (d := distance(word, other)) <= 2)[
                :8
            ]
            self._near.put(word, found)
        return found

    def _deletions(self) -> dict[str, tuple[str, ...]]:
        """Each known word, and each with one letter dropped -> the known words it comes from
        (made on the first misspelt word, once per index)."""
        if self._deleted is None:
            with self._lock:
                if self._deleted is None:
                    table: dict[str, list[str]] = {}
                    for known in self.packed.words:
                        for key in (known, *_dropped(known)):
                            table.setdefault(key, []).append(known)
                    self._deleted = {k: tuple(v) for k, v in table.items()}
        return self._deleted

    def spelled(self, word: str) -> frozenset[int]:
        """The documents where ``word`` is written as typed."""
        return self.postings("spell", word).docset

    def completions(self, prefix: str) -> list[str]:
        """The most frequent known words starting with ``prefix`` (at most MAX_EXPANSIONS)."""
        found = self._prefixes.get(prefix)
        if found is None:
            words, frequency = self.packed.words, self.packed.frequency
            first = bisect_left(words, prefix)
            known = list(
                itertools.takewhile(lambda w: w.startswith(prefix), itertools.islice(words, first, first + 500))
            )
            found = [w for _, w in sorted((-frequency(w), w) for w in known)][:MAX_EXPANSIONS]
            self._prefixes.put(prefix, found)
        return found

    def groups_for(self, codes: Iterable[str] | None) -> Synonyms:
        """Synonyms from the glossaries of ``codes`` (None: every code), cached."""
        if codes is None:
            return self._all_groups
        key = tuple(codes)
        found = self._groups_cache.get(key)
        if found is None:
            found = Synonyms(_merged(self.codes[c].synonyms for c in key if c in self.codes), key)
            self._groups_cache.put(key, found)
        return found

    def filtered(self, name: str, value: str) -> frozenset[int]:
        """The documents whose ``name`` ("game", "code", "kind", "topic") is ``value``."""
        key = (name, value)
        found = self._filters.get(key)
        if found is None:
            if name == "topic":
                found = frozenset(d for d, doc in enumerate(self.docs) if value in doc.topics)
            else:
                found = frozenset(d for d, doc in enumerate(self.docs) if getattr(doc, name) == value)
            if len(self._filters) < 4096:
                self._filters[key] = found
        return found

    def values(self, name: str) -> list[str]:
        """Every value a filter ``name`` can take, in library order."""
        found = self._values.get(name)
        if found is None:
            if name == "topic":
                found = list(dict.fromkeys(t for doc in self.docs for t in doc.topics))
            else:
                found = list(dict.fromkeys(getattr(doc, name) for doc in self.docs))
            self._values[name] = found
        return found

    def value_positions(self, name: str) -> dict[str, int]:
        """Each value of a filter ``name`` -> its position in ``values(name)``."""
        key = f"position-{name}"
        found = self._values.get(key)
        if found is None:
            found = {v: i for i, v in enumerate(self.values(name))}
            self._values[key] = found  # type: ignore[assignment]
        return found  # type: ignore[return-value]

    def remedies(self, code: str, irregularity: str) -> list[int]:
        """The docnums of the remedies of ``irregularity`` under ``code``."""
        if self._remedies is None:
            table: dict[tuple[str, str], list[int]] = {}
            for docnum, doc in enumerate(self.docs):
                if doc.kind == "remedy" and doc.irregularity:
                    table.setdefault((doc.code, doc.irregularity), []).append(docnum)
            self._remedies = table
        return self._remedies.get((code, irregularity), [])

    def citing(self, cite: str) -> frozenset[int]:
        """The documents that refer to the law ``cite`` ("code:number")."""
        if self._citing is None:
            table: dict[str, set[int]] = {}
            for docnum, refs in enumerate(self.refers):
                for ref in refs:
                    table.setdefault(ref, set()).add(docnum)
            self._citing = {k: frozenset(v) for k, v in table.items()}
        return self._citing.get(cite, frozenset())

    def titled(self, stem: str) -> frozenset[int]:
        """The documents whose title holds ``stem``."""
        if self._titled is None:
            table: dict[str, set[int]] = {}
            for docnum, doc in enumerate(self.docs):
                for s in doc.title_stems:
                    table.setdefault(s, set()).add(docnum)
            self._titled = {k: frozenset(v) for k, v in table.items()}
        return self._titled.get(stem, frozenset())

    @property
    def resting(self) -> frozenset[int]:
        """The documents that rest on some law."""
        if self._resting is None:
            self._resting = frozenset(d for d, laws in enumerate(self.rests_on) if laws)
        return self._resting

    @property
    def rests_on(self) -> list[tuple[int, ...]]:
        """Each document's laws it rests on (a remedy's citations, a term's see-also), as docnums."""
        if self._rests_on is None:
            out = []
            for doc in self.docs:
                found = []
                for cite in doc.cites if doc.kind != "law" else ():
                    code, _, number = cite.partition(":")
                    law = self.codes[code].numbers.get(number) if code in self.codes else None
                    if law is not None:
                        found.append(law)
                out.append(tuple(found))
            self._rests_on = out
        return self._rests_on

    def facet_keys(self, name: str) -> list[tuple[int, ...]]:
        """Each document's facet values (positions in ``values(name)``) times the number of
        documents, plus its group: one integer per (value, group) to count provisions."""
        found = self._facet_keys.get(name)
        if found is None:
            position = {v: i for i, v in enumerate(self.values(name))}
            n = len(self.docs)
            if name == "topic":
                found = [tuple(position[t] * n + d.group for t in d.topics) for d in self.docs]
            else:
                found = [(position[getattr(d, name)] * n + d.group,) for d in self.docs]
            self._facet_keys[name] = found
        return found

    def group_topics(self) -> tuple[dict[int, tuple[str, ...]], frozenset[int]]:
        """Each group's topics, where its editions share them; and the documents of the
        groups whose editions do not (counted as (topic, group) pairs, one by one)."""
        key = "group-topics"
        if key not in self._values:
            seen: dict[int, tuple[str, ...]] = {}
            mixed: set[int] = set()
            for doc in self.docs:
                topics = tuple(sorted(set(doc.topics)))
                if seen.setdefault(doc.group, topics) != topics:
                    mixed.add(doc.group)
            shared = {g: t for g, t in seen.items() if g not in mixed}
            self._values[key] = (shared, frozenset(d for d, doc in enumerate(self.docs) if doc.group in mixed))  # type: ignore[assignment]
        return self._values[key]  # type: ignore[return-value]

    def runs(self, name: str) -> tuple[list[int], list[str]] | None:
        """Where each run of one value of ``name`` ("code", "game", "kind") starts in docnum
        order, and its value, when every group shows the value of its first document (its
        docnum): the documents of a code (and of a game, and a code's documents of one kind)
        are built side by side, so counting them is a few bisections of a sorted list. None
        when that does not hold (then counted one by one)."""
        key = f"runs-{name}"
        if key not in self._values:
            starts, values = [], []
            for d, doc in enumerate(self.docs):
                value = getattr(doc, name)
                if not values or values[-1] != value:
                    starts.append(d)
                    values.append(value)
            found = (starts, values)
            if name != "code" and any(getattr(self.docs[d.group], name) != getattr(d, name) for d in self.docs):
                found = None
            self._values[key] = found  # type: ignore[assignment]
        return self._values[key]  # type: ignore[return-value]

    def group_values(self, name: str) -> dict[int, str]:
        """Each group's game or kind (one for all its members)."""
        key = f"group-{name}"
        found = self._values.get(key)
        if found is None:
            found = {doc.group: getattr(doc, name) for doc in self.docs}
            self._values[key] = found  # type: ignore[assignment]
        return found  # type: ignore[return-value]

    def editions(self, docnum: int) -> tuple[Edition, ...]:
        """The other editions of a document's provision, newest first, as a hit shows them
        (made once per document)."""
        found = self._editions.get(docnum)
        if found is None:
            docs, doc = self.docs, self.docs[docnum]
            others = [d for d in self.members(doc.group) if d != docnum]
            others.sort(key=lambda d: (-self.codes[docs[d].code].year, d))
            found = tuple(
                Edition(
                    code=docs[d].code,
                    label=self.codes[docs[d].code].label,
                    number=docs[d].number,
                    id=docs[d].id,
                    differs=docs[d].digest != doc.digest,
                )
                for d in others
            )
            self._editions[docnum] = found
        return found

    def members(self, group: int) -> tuple[int, ...]:
        """The documents of one group of editions, in library order."""
        if self._members is None:
            table: dict[int, list[int]] = {}
            for docnum, doc in enumerate(self.docs):
                table.setdefault(doc.group, []).append(docnum)
            self._members = {k: tuple(v) for k, v in table.items()}
        return self._members.get(group, (group,))


def _read(matcher: Any) -> tuple[array, list[float]]:
    """A term's docnums and frequencies, read a block at a time (whoosh 2.7's own matcher
    keeps each block's ids and weights as arrays: a posting at a time costs four calls)."""
    docnums, tfs = array("i"), []
    if type(matcher) is W3LeafMatcher:
        while matcher.is_active():
            if matcher._data is None:
                matcher._read_data()
            ids = matcher._data[0]  # as whoosh's _read_ids, the deltas summed in C
            ids = ids if matcher._byteids else itertools.accumulate(ids)
            if matcher._weights is None:
                matcher._read_weights()
            start = matcher._i
            docnums.extend(itertools.islice(ids, start, None))
            tfs.extend(matcher._weights[start:])
            matcher._next_block()
        return docnums, tfs
    while matcher.is_active():  # any other matcher (an index with deletions): a posting at a time
        docnums.append(matcher.id())
        tfs.append(matcher.weight())
        matcher.next()
    return docnums, tfs


def _merged(tables: Iterable[Mapping[str, tuple[str, ...]]]) -> dict[str, tuple[str, ...]]:
    """Several codes' synonyms as one table (a synonym leads to every headword it has)."""
    out: dict[str, tuple[str, ...]] = {}
    for table in tables:
        for key, heads in table.items():
            old = out.get(key)
            out[key] = heads if old is None or old == heads else tuple(sorted({*old, *heads}))
    return out


def _dropped(word: str) -> set[str]:
    """``word`` with one letter dropped, each way."""
    return {word[:i] + word[i + 1 :] for i in range(len(word))} if len(word) > 1 else set()


# ---------------------------------------------------------------- building


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


def _write(storage: Any, docs: list[Document], indexed: list[Indexed], segid: str) -> Any:
    ix = storage.create_index(_schema())
    writer = ix.writer(codec=_Codec(segid), compound=False)  # a compound file records mtimes
    for doc, more in zip(docs, indexed, strict=True):
        body = documents.REFERENCE.sub(" ", more.body)
        writer.add_document(
            text=documents.indexed_text(doc.title, more),
            spell=join(doc.title, body, more.spell),
            pairs=" ".join(pair_terms(stems(doc.title)) + pair_terms(stems(body))),
        )
    writer.commit()
    return ix


def _with_lengths(ix: Any, docs: list[Document]) -> list[Document]:
    """The documents with the length of their scored field, as whoosh counted it."""

    with ix.searcher() as searcher:
        reader = searcher.reader()
        return [d._replace(length=max(1, reader.doc_field_length(n, "text", 1))) for n, d in enumerate(docs)]


_FIELDS = Document._fields


def _dump(docs: list[Document], indexed: list[Indexed], codes: dict[str, CodeInfo], packed: Packed) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "fields": list(_FIELDS),
        "docs": [[getattr(d, name) for name in _FIELDS] for d in docs],
        "refers": [list(i.cites) for i in indexed],
        "packed": {
            **{field: [list(row) for row in packed.counted(field)] for field in Packed.FIELDS},
            "stems": packed.stems,
            "documents": len(docs),
            "byteorder": sys.byteorder,
        },
        "codes": {
            c.id: {**asdict(c), "words": sorted(c.words), "numbers": dict(sorted(c.numbers.items()))}
            for c in codes.values()
        },
    }


def _load(
    data: dict[str, Any],
) -> tuple[list[Document], list[tuple[str, ...]], dict[str, CodeInfo], dict[str, list[tuple[str, int]]]]:
    if tuple(data["fields"]) != _FIELDS:
        raise ValueError("the documents' fields are not this version's")
    position = {name: i for i, name in enumerate(_FIELDS)}
    tuples = [position[name] for name in ("topics", "cites", "title_stems")]
    docs = []
    for row in data["docs"]:
        for i in tuples:
            row[i] = tuple(row[i])
        docs.append(Document._make(row))
    refers = [tuple(r) for r in data["refers"]]
    codes = {
        cid: CodeInfo(
            **{**c, "words": frozenset(c["words"])}  # synonyms stay lists: read, never changed
        )
        for cid, c in data["codes"].items()
    }
    return docs, refers, codes, data["packed"]


def _index_files(directory: Path) -> dict[str, dict[str, Any]]:
    """Every file of an index but the manifest, with its SHA-256 and size."""
    out = {}
    for path in sorted(directory.iterdir()):
        if path.name != MANIFEST:
            data = path.read_bytes()
            out[path.name] = {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
    return out


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def build_index(library: Library, directory: Path | None = None) -> SearchIndex:
    """Index every law, etiquette item, glossary term and remedy of ``library``, in RAM
    (``directory`` None) or into ``directory`` (replaced whole; same laws, same files)."""
    docs, indexed, codes = documents.build(library)
    laws = _file_digests(Path(code.where.path) for code in library.codes.values())
    segid = hashlib.sha256(_json({"format": FORMAT, "laws": laws}).encode()).hexdigest()[:16]
    counts = {kind: sum(d.kind == kind for d in docs) for kind in sorted({d.kind for d in docs})}
    manifest = {"format": FORMAT, "command": BUILD_COMMAND, "laws": laws, "documents": len(docs), "kinds": counts}
    if directory is None:
        ix = _write(_RamStorage(), docs, indexed, segid)
        index = SearchIndex(ix, _with_lengths(ix, docs), codes, manifest)
        index.refers = [i.cites for i in indexed]
        index.packed = Packed.of(index)
        return index

    directory = Path(directory)
    fresh = directory.with_name(directory.name + ".new")
    # written whole beside the old index, then swapped in: a failed build (a full disk, a
    # folder that cannot be written) leaves the old index as it was and nothing half-built
    try:
        directory.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(fresh, ignore_errors=True)
        fresh.mkdir()
        ix = _write(FileStorage(str(fresh)), docs, indexed, segid)
        docs = _with_lengths(ix, docs)
        reading = SearchIndex(ix, docs, codes, manifest)
        packed = Packed.of(reading)
        reading.close()
        ix.close()
        (fresh / PACKED).write_bytes(packed.blob)
        (fresh / DOCUMENTS).write_text(_json(_dump(docs, indexed, codes, packed)), "utf-8")
        files = _index_files(fresh)
        (fresh / MANIFEST).write_text(_json({**manifest, "files": files}), "utf-8")
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


# ---------------------------------------------------------------- opening


def open_index(directory: Path, laws_dir: Path | None) -> SearchIndex:
    """Open the index in ``directory``; raise IndexProblem (naming ``adjudicator
    build-index``) if it is missing, was built from other law files than ``laws_dir``
    holds (``laws_dir`` None: do not compare), or any of its files is missing, added or
    not the file its manifest lists (its size and SHA-256)."""
    directory = Path(directory)
    path = directory / MANIFEST
    if not path.is_file():
        raise IndexProblem(directory, "there is no search index here")
    try:
        manifest = json.loads(path.read_text("utf-8"))
        fmt, built, files = manifest["format"], manifest["laws"], manifest.get("files")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise IndexProblem(directory, f"the index manifest is unreadable ({exc.__class__.__name__})") from None
    if fmt != FORMAT or not isinstance(files, dict):
        raise IndexProblem(directory, f"the index has format {fmt!r}; this version reads format {FORMAT}")
    if laws_dir is not None:
        current = laws_digests(Path(laws_dir))
        if current != built:
            raise IndexProblem(directory, f"it is older than the law files: {_changes(built, current)}")
    _check_files(directory, files)
    problem = None
    with warnings.catch_warnings():  # whoosh leaves a damaged file open when it fails: let it go quietly
        warnings.simplefilter("ignore", ResourceWarning)
        try:
            docs, refers, codes, counts = _load(json.loads((directory / DOCUMENTS).read_text("utf-8")))
            packed = Packed((directory / PACKED).read_bytes(), counts)
            ix = whoosh_index.open_dir(str(directory))
            segments = ix._segments()
            count = ix.doc_count_all()
        except Exception as exc:  # whoosh raises many kinds on damaged files
            problem = f"the index is corrupt ({exc.__class__.__name__}: {exc})"
        if problem is not None:
            gc.collect()
    if problem is not None:
        raise IndexProblem(directory, problem)
    if len(segments) != 1 or count != len(docs):
        raise IndexProblem(directory, "the index is corrupt (its documents do not match its manifest)")
    index = SearchIndex(ix, docs, codes, {k: v for k, v in manifest.items() if k != "files"})
    index.refers = refers
    index.packed = packed
    return index


def _check_files(directory: Path, files: Mapping[str, Any]) -> None:
    """Every file the manifest lists is there with its size and SHA-256; no other file is."""
    present = {p.name for p in directory.iterdir() if p.name != MANIFEST}
    for name in sorted(present - set(files)):
        raise IndexProblem(directory, f"the index file {name} is not in its manifest")
    for name, expected in sorted(files.items()):
        target = directory / name
        try:
            size = target.stat().st_size
            if size != expected["size"]:
                raise IndexProblem(
                    directory, f"the index file {name} is damaged ({size} bytes; its manifest says {expected['size']})"
                )
            digest = hashlib.sha256(target.read_bytes()).hexdigest()
        except FileNotFoundError:
            raise IndexProblem(directory, f"the index file {name} is missing") from None
        except (OSError, KeyError, TypeError) as exc:
            raise IndexProblem(directory, f"the index file {name} cannot be read ({exc.__class__.__name__})") from None
        if digest != expected["sha256"]:
            raise IndexProblem(directory, f"the index file {name} is damaged (its SHA-256 differs from its manifest's)")


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
