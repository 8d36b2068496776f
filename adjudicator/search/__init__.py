"""Search over the laws, the etiquette, the glossary and the remedies, as a rules expert would.

The only package that imports whoosh (so the engine could be swapped); no Flask. Interface::

    build_index(library, directory=None) -> SearchIndex   # directory None: in RAM (tests)
    open_index(directory, laws_dir) -> SearchIndex          # errors.IndexProblem if missing, stale or damaged
    search(index, query, *, game=None, code=None, topic=None, kind=None, page=1, pagelen=10) -> Results
    cached(index, query, *, page=1, pagelen=10, **filters) -> Results | None   # kept by a search like it, or None
    index_for(setting, library, laws_dir) -> SearchIndex    # a SEARCH_INDEX setting: a directory, "ram", an index

The modules: ``documents`` (what is indexed, and which documents are editions of one
provision), ``index`` (building, the manifest, opening, what an open index caches),
``query`` (reading a query: citations, codes named, units of meaning), ``rank`` (scoring
and ordering), ``snippets`` (text spans), ``suggest`` (the did-you-mean), ``find``
(``search`` itself), ``results`` (what it returns), ``text`` (how words are read).

``Results`` holds ``query`` (as searched), ``hits`` (one per provision: a law in three
editions is one hit, the others on it as ``editions``), ``total`` (provisions found, after
filters), ``page``/``pagelen``, ``facets`` (``"game"``, ``"code"``, ``"topic"``, ``"kind"``
-> ``(value, count)`` by count, each dimension counted with the *other* filters applied),
``suggestion`` (a did-you-mean that finds something under the same filters, or None),
``settle`` (the irregularity the query describes, to settle under a code, or None) and
``cut`` (what of the query was not searched, or None). A ``Hit``'s ``snippet`` is text
spans, some marked: the presenters make the HTML.

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
  A word typed twice is searched once; past MAX_WORDS words or MAX_QUERY_CHARS characters
  the query is cut, and ``Results.cut`` says so.
- **Synonyms** come from each code's glossary, from synonym to headword: a rare variant
  ("renig", "declarant") is searched as its headword, a word in its own right ("player",
  listed under declarer) keeps its meaning first. A few forms of English the stemmer misses
  are joined both ways (led/lead, dealt/deal, 14/fourteen; "14 cards" is also "more than
  thirteen cards").
- **Typos**: a word the index does not know is matched with the nearest known words
  (within 1 edit for 4-5 letters, 2 for 6 or more, sharing its first two letters); the
  did-you-mean proposes the best of them (see ``suggest``). Only terms reach whoosh.
- **Situations**: a remedy is indexed with its irregularity's words and the questions and
  answers on the way to it, so "a card fell face up while we were still bidding" finds the
  remedy, which lifts the laws it rests on; ``Results.settle`` offers the irregularity.
- **Ranking**: see ``rank``.
"""

from adjudicator.search.find import FACETS, KINDS, MAX_PAGELEN, cached, check_filters, search
from adjudicator.search.index import (
    DOCUMENTS,
    FORMAT,
    MANIFEST,
    SearchIndex,
    build_index,
    index_for,
    laws_digests,
    open_index,
)
from adjudicator.search.query import MAX_QUERY_CHARS, MAX_WORDS, clean
from adjudicator.search.results import Edition, Hit, Results, Settle, Span
from adjudicator.search.text import fold

__all__ = [
    "DOCUMENTS", "FACETS", "FORMAT", "KINDS", "MANIFEST", "MAX_PAGELEN", "MAX_QUERY_CHARS", "MAX_WORDS",
    "Edition", "Hit", "Results", "SearchIndex", "Settle", "Span",
    "build_index", "cached", "check_filters", "clean", "fold", "index_for", "laws_digests", "open_index", "search",
]  # fmt: skip
