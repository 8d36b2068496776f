"""Search over a small invented corpus (tests/search/laws): citations, synonyms, typos,
syntax that never raises, filters and facets, snippets, editions, and the index's lifecycle."""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.errors import IndexProblem, UnknownFilter
from adjudicator.loader import load_library
from adjudicator.presentation.search import results as present_results
from adjudicator.search import DOCUMENTS, MANIFEST, MAX_QUERY_CHARS, Span, build_index, cached, open_index, search
from adjudicator.search.snippets import plain

LAWS = Path(__file__).parent / "laws"


@pytest.fixture(scope="module")
def mini():
    return load_library(LAWS)


@pytest.fixture(scope="module")
def index(mini):
    return build_index(mini)


def top(results, n=3):
    return [(h.code, h.id) for h in results.hits[:n]]


def found(results, n=3):
    """The (code, id) of the first ``n`` hits and of the sister editions shown on them."""
    return {(c, i) for h in results.hits[:n] for c, i in [(h.code, h.id), *((e.code, e.id) for e in h.editions)]}


def is_text(snippet) -> bool:
    return isinstance(snippet, tuple) and all(isinstance(s, Span) and isinstance(s.text, str) for s in snippet)


# ---------------------------------------------------------------- citations


@pytest.mark.parametrize("query", ["Law 50", "law 50", "LAW 50", "L50", "l. 50", "§50", "§ 50", "Law 50."])
def test_a_citation_finds_that_law_first_once_for_its_editions(index, query):
    """Law 50 of 1915 rewrites Law 50 of 1912 (it extends it): one hit, the newest edition,
    with the other on it, marked as worded differently."""
    results = search(index, query)
    exact = [(h.code, h.number) for h in results.hits if h.exact]
    assert exact == [("mini-auction-1915", "50")]
    assert results.hits[0].exact and all(not h.exact for h in results.hits[1:])
    (edition,) = results.hits[0].editions
    assert (edition.code, edition.number, edition.label, edition.differs) == ("mini-auction-1912", "50", "1912", True)


def test_each_code_filtered_finds_its_own_edition(index):
    for code in ("mini-auction-1912", "mini-auction-1915"):
        first = search(index, "law 50", code=code).hits[0]
        assert (first.code, first.number, first.exact) == (code, "50", True)
        assert [e.code for e in first.editions] == [c for c in ("mini-auction-1915", "mini-auction-1912") if c != code]


def test_a_bare_number_with_a_code_filter_is_a_citation(index):
    results = search(index, "50", code="mini-auction-1915")
    assert results.hits[0].exact
    assert (results.hits[0].code, results.hits[0].number, results.hits[0].title) == (
        "mini-auction-1915",
        "50",
        "Insufficient bid (revised)",
    )


def test_the_code_named_in_words_narrows_the_citation(index):
    results = search(index, "Mini Auction 1915 law 50")
    assert [(h.code, h.number) for h in results.hits if h.exact] == [("mini-auction-1915", "50")]
    assert results.hits[0].exact


def test_a_year_no_code_has_resolves_nothing_exactly(index):
    assert not [h for h in search(index, "auction 1920 law 50").hits if h.exact]


def test_law_numbers_with_letters_and_ids_resolve_exactly(index):
    assert ("mini-auction-1912", "84a") in found(search(index, "law 84A"), 1)
    assert search(index, "law 84a").hits[0].exact
    first = search(index, "MN-02").hits[0]
    assert (first.code, first.number, first.exact) == ("mini-nap", "MN-02", True)
    assert search(index, "mn-02 revoke").hits[0].number == "MN-02"


def test_a_citation_is_never_fuzzy(index):
    for query in ("law 5", "law 500", "law 84", "§ 5O", "law 51"):
        assert not [h for h in search(index, query).hits if h.exact], query


def test_what_cites_a_law_follows_it(index):
    results = search(index, "law 49", code="mini-auction-1912")
    assert results.hits[0].exact and results.hits[0].number == "49"
    assert ("mini-auction-1912", "50") in found(results, 5)  # law 50 sees also 49


def test_a_clause_cites_its_law(index):
    assert search(index, "law 50(b)").hits[0].number == "50"


# ---------------------------------------------------------------- words


def test_synonyms_from_the_glossary(index):
    for query in ("renig", "renege", "reneged"):
        first = search(index, query).hits[0]
        assert first.kind == "law" and "revoke" in first.title.lower(), query
    assert ("mini-auction-1912", "49") in found(search(index, "declarant"))
    assert ("mini-nap", "MN-01") in found(search(index, "napoleon"))


def test_stemming_titles_first_phrases_prefixes(index):
    assert top(search(index, "revoking"), 1)[0][1] in ("90", "MN-02")
    assert search(index, "insufficient").hits[0].title.startswith("Insufficient bid")
    phrase = search(index, '"same suit"')
    assert phrase.total >= 1
    assert all({"same", "suit"} <= {s.text.lower() for s in h.snippet if s.mark} for h in phrase.hits)
    assert ("mini-auction-1912", "50") in found(search(index, "insuff*"))


def test_words_naming_a_code_narrow_to_it(index):
    results = search(index, "napoleon revoke")
    assert {h.code for h in results.hits} == {"mini-nap"}
    assert results.hits[0].number == "MN-02"
    assert {h.code for h in search(index, "auction 1915 revoke").hits} == {"mini-auction-1915"}
    assert search(index, "napoleon").total >= 1  # a code's name alone is searched as a word


def test_excluded_words(index):
    ids = {h.id for h in search(index, "bid -insufficient", pagelen=50).hits}
    assert "50" not in ids and ids


def test_plain_words_questions(index):
    assert ("mini-auction-1912", "84a") in found(search(index, "led out of turn"))
    assert ("mini-auction-1912", "14") in found(search(index, "14 cards"))
    assert top(search(index, "partner bid after insufficient bid"), 3)[0][1] in (
        "50",
        "insufficient-bid/made-sufficient",
    )


def test_typos_are_matched_and_corrected(index):
    results = search(index, "revkoe")
    assert results.hits and "revoke" in results.hits[0].title.lower()
    assert results.suggestion == "revoke"
    assert search(index, "fourten cards").suggestion == "fourteen cards"
    assert search(index, "revoke").suggestion is None
    assert search(index, "renig").suggestion is None  # a glossary synonym is a known word


def test_fuzzy_matching_is_bounded(index):
    assert search(index, "revzzz").total == 0  # three edits from "revoke"
    assert search(index, "xevoke").total == 0  # the first letters must match
    assert top(search(index, "revoke~4")) == top(search(index, "revoke"))
    assert search(index, "*oke").total == search(index, "oke").total == 0  # no leading wildcard


# ---------------------------------------------------------------- malformed input


MALFORMED = [
    '"unbalanced quote',
    'two "balanced" and one "',
    "AND OR NOT",
    "revoke AND",
    "OR revoke",
    "(((revoke",
    "revoke)))",
    "title:revoke",
    "code:mini-nap",
    "revoke^99",
    "rev*ke",
    "*",
    "?",
    "~",
    "-",
    "--",
    "-revoke",
    '""',
    "§",
    "law",
    "law §",
    "[a TO z]",
    "{}",
    "\\",
    "\x00\x01\x1b[31mrevoke\x7f",
    "\u202erevoke\u200b",
    "<script>alert('x')</script>",
    "revoke " * 2000,
    "x" * 10_240,
    "é" * 5000,
    "\ud800",
]


@pytest.mark.parametrize("query", MALFORMED, ids=range(len(MALFORMED)))
def test_malformed_queries_are_read_as_plain_words(index, query):
    results = search(index, query)
    assert len(results.query) <= MAX_QUERY_CHARS
    assert all(is_text(h.snippet) for h in results.hits)


def test_control_characters_are_dropped(index):
    assert search(index, "\x00re\x1bvoke").query == "re voke"
    assert search(index, "\x00revoke\x1b").query == "revoke"
    assert top(search(index, "\x00revoke\x1b")) == top(search(index, "revoke"))


# ---------------------------------------------------------------- filters and facets


def test_filters(index):
    assert {h.kind for h in search(index, "revoke", kind="glossary").hits} == {"glossary"}
    assert {h.code for h in search(index, "revoke", code="mini-nap").hits} == {"mini-nap"}
    assert {h.game for h in search(index, "revoke", game="mini-auction").hits} == {"mini-auction"}
    assert {h.id for h in search(index, "bid", topic="insufficient-bid", kind="law").hits} == {"50"}
    with pytest.raises(UnknownFilter, match="unknown code 'no-such-code'"):
        search(index, "revoke", code="no-such-code")


def test_facets_count_each_dimension_with_the_other_filters(index):
    everything = search(index, "revoke")
    kinds = dict(everything.facets["kind"])
    assert sum(kinds.values()) == everything.total
    filtered = search(index, "revoke", kind="law")
    assert filtered.total == kinds["law"]
    assert dict(filtered.facets["kind"]) == kinds  # the kind facet ignores the kind filter
    for code, n in filtered.facets["code"]:  # what choosing it shows (a law in two editions is in both)
        assert search(index, "revoke", kind="law", code=code).total == n
    counts = [n for _, n in everything.facets["code"]]
    assert counts == sorted(counts, reverse=True)


def test_filters_alone_browse(index):
    results = search(index, "", kind="glossary", pagelen=50)  # 1915 inherits the 1912 glossary: three terms once
    assert results.total == len(results.hits) == 4
    assert sorted((h.code, h.id) for h in results.hits) == [
        ("mini-auction-1915", "adversaries"), ("mini-auction-1915", "declarer"), ("mini-auction-1915", "revoke"),
        ("mini-nap", "nap"),
    ]  # fmt: skip
    assert search(index, "").total == 0
    assert search(index, "zzzz", kind="law").total == 0  # words that match nothing browse nothing


@pytest.mark.parametrize(
    ("sets", "expected"),
    [
        ([{1, 2}, {2, 3}], {2}),  # of two, both
        ([{1, 2}, {2, 3}, {1, 3, 4}], {1, 2, 3}),  # of three, any two
        ([{1, 2, 3}, {1, 2, 4}, {1, 3, 4}, {2, 5}], {1, 2}),  # of four, three: 3 and 4 are in two, 5 in one
        ([{7}, {7}, {7}, {7}, {8}], {7}),
    ],
)
def test_a_document_in_all_the_units_of_its_code_but_one_matches(sets, expected):
    from adjudicator.search.rank import _all_but_one

    assert frozenset().union(*_all_but_one([frozenset(s) for s in sets])) == expected


def test_paging(index):
    first = search(index, "bid", pagelen=2)
    second = search(index, "bid", pagelen=2, page=2)
    assert first.total == second.total > 2
    assert not set(top(first)) & set(top(second))
    assert search(index, "bid", page=999).hits == ()


def test_a_page_past_the_last_clamped_is_the_last(index):
    """As the pages and the API ask: the last page, found in the same search (``page`` says
    which); a page within the results is as it is; nothing found is page 1."""
    first = search(index, "bid", pagelen=2)
    last = -(-first.total // 2)
    clamped = search(index, "bid", pagelen=2, page=999, clamp=True)
    assert clamped.page == last > 1 and clamped.total == first.total
    assert clamped.hits and clamped.hits == search(index, "bid", pagelen=2, page=last).hits
    assert search(index, "bid", pagelen=2, page=2, clamp=True) == search(index, "bid", pagelen=2, page=2)
    nothing = search(index, "zzzz", page=5, clamp=True)
    assert (nothing.page, nothing.total, nothing.hits) == (1, 0, ())
    assert search(index, "bid", pagelen=10_000).pagelen == 100
    assert search(index, "bid", page=-3).page == 1


def test_cached_answers_only_what_a_search_like_it_kept(mini):
    """``cached`` never computes: None until the same search (words as cleaned, filters,
    page and length within bounds) has run, then what it returned; a bad filter raises."""
    index = build_index(mini)
    assert cached(index, "bid  out of turn", code="mini-auction-1915") is None
    assert cached(index, "bid  out of turn", code="mini-auction-1915") is None  # asking computed nothing
    first = search(index, "bid out of turn", code="mini-auction-1915", pagelen=500)
    assert cached(index, "bid  out of turn\n", code="mini-auction-1915", pagelen=100) == first
    assert cached(index, "bid out of turn", code="mini-auction-1915", pagelen=100, page=2) is None
    assert cached(index, "bid out of turn", pagelen=100) is None
    with pytest.raises(UnknownFilter):
        cached(index, "bid out of turn", code="auction")


# ---------------------------------------------------------------- hits


def test_snippets_are_text_spans_with_the_matches_marked(index):
    hit = search(index, "script nothing").hits[0]
    assert hit.number == "91"
    assert Span("nothing", True) in hit.snippet  # the text as written: the presenters escape it
    assert "<b>[nothing]</b>" in plain(hit.snippet, "[", "]") and "&" in plain(hit.snippet)
    assert hit.title == 'Scores <above> & "below" the line'  # titles are text: the page escapes them


def test_a_hit_links_to_the_whole_law(index):
    hit = search(index, "law 84a", code="mini-auction-1912").hits[0]
    assert (hit.kind, hit.code, hit.code_title, hit.game) == (
        "law",
        "mini-auction-1912",
        "Mini Auction, test laws of 1912",
        "mini-auction",
    )
    assert (hit.number, hit.id, hit.section, hit.section_title) == ("84a", "84a", "play", "The play")
    remedy = search(index, "raised in the same suit barred", kind="remedy").hits[0]
    assert (remedy.irregularity, remedy.id, remedy.number) == (
        "insufficient-bid",
        "insufficient-bid/made-sufficient",
        None,
    )
    term = search(index, "declarant", kind="glossary").hits[0]
    assert (term.id, term.title) == ("declarer", "Declarer")


def test_an_inherited_law_is_one_hit_with_its_editions(index):
    """Law 90 of 1912 is inherited unchanged by 1915: one hit (the newest), the 1912 law on it,
    not marked as different; each code filtered finds its own."""
    hits = [h for h in search(index, "revoke", kind="law", pagelen=50).hits if h.number == "90"]
    assert [(h.code, [(e.code, e.differs) for e in h.editions]) for h in hits] == [
        ("mini-auction-1915", [("mini-auction-1912", False)])
    ]
    for code in ("mini-auction-1912", "mini-auction-1915"):
        assert ("mini-auction-1912" if code.endswith("12") else code, "90") in found(
            search(index, "revoke", code=code), 5
        )


def test_totals_and_facets_count_provisions_not_copies(index):
    everything = search(index, "revoke", kind="law", pagelen=50)
    assert everything.total == len(everything.hits)
    codes = dict(everything.facets["code"])
    for code, count in codes.items():
        assert search(index, "revoke", kind="law", code=code).total == count


def test_a_warmed_index_finds_the_same(mini):
    """Warming (as create_app does) builds the tables ahead and changes no result."""
    cold, warm = build_index(mini), build_index(mini).warm()
    for query in ("revoke", "revkoe", "law 50", "partner bid after insufficient bid", "renig"):
        assert search(warm, query, pagelen=50) == search(cold, query, pagelen=50), query


def test_one_searcher_per_thread(index):
    queries = [f"insufficient bid partner {'x' * n}" for n in range(20)]  # each new to the cache
    expected = top(search(index, "insufficient bid partner"))
    seen: list[object] = []

    def work():
        for query in queries:
            seen.append(top(search(index, query)))
        index.results.clear()

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [expected] * 80


def test_json_shape(index):
    data = present_results(search(index, "renig")).data()
    assert json.loads(json.dumps(data)) == data
    assert set(data) == {"query", "cut", "total", "page", "pagelen", "suggestion", "settle", "facets", "hits"}
    assert set(data["facets"]) == {"game", "code", "topic", "kind"}
    assert set(data["hits"][0]) == {
        "kind", "code", "code_title", "game", "number", "id", "irregularity",
        "title", "name", "section", "section_title", "snippet", "exact", "editions",
    }  # fmt: skip
    assert all(set(span) == {"text", "mark"} for span in data["hits"][0]["snippet"])


# ---------------------------------------------------------------- lifecycle


@pytest.fixture
def laws_copy(tmp_path):
    shutil.copytree(LAWS, tmp_path / "laws")
    return tmp_path / "laws"


def test_the_packed_postings_are_whooshs_weighed(index, mini, laws_copy, tmp_path):
    """Every stem's and every written word's postings, packed at build (in RAM and on disk),
    are the documents whoosh holds for it, with the weights it would give them."""
    from adjudicator.search.index import Packed

    on_disk = build_index(load_library(laws_copy), tmp_path / "index")
    for field in Packed.FIELDS:
        terms = index.packed.terms[field]
        assert terms == sorted(terms) and len(terms) > 50
        for term in terms:
            docnums, weights = index.from_whoosh(field, term)
            assert len(docnums) > 0
            for packed in (index.packed, on_disk.packed):
                assert packed.read(field, term) == (docnums, weights)
            if field == "spell":
                assert index.packed.frequency(term) == len(docnums) and not weights
    assert index.packed.read("text", "zzzz") is None and not index.known("zzzz") and index.known("revoke")


def test_a_documents_words_are_packed_by_stem_where_they_stand(index, laws_copy, tmp_path):
    """The shown text of 1912 Law 91 (mini): 'Penalties go above the line, tricks below;
    write <b>nothing</b> & never a script.' Each stem's words, start and end, as written;
    and every document's, packed in RAM and on disk, are the text's words read again."""
    from adjudicator.search.index import _shown

    (d,) = [d for d, doc in enumerate(index.docs) if (doc.code, doc.id) == ("mini-auction-1912", "91")]
    assert list(index.packed.spans(d, "noth")) == [52, 59]
    assert list(index.packed.spans(d, "penalti")) == [0, 9] and list(index.packed.spans(d, "script")) == [74, 80]
    assert index.packed.spans(d, "revok") is None and index.packed.spans(d, "zzzz") is None
    on_disk = build_index(load_library(laws_copy), tmp_path / "index")
    for packed in (index.packed, on_disk.packed):
        for docnum, doc in enumerate(index.docs):
            for stem, spans in _shown(doc.text).items():
                assert list(packed.spans(docnum, stem)) == list(spans)


def test_an_index_on_disk_opens_and_searches_the_same(mini, index, laws_copy, tmp_path):
    built = build_index(load_library(laws_copy), tmp_path / "index")
    opened = open_index(tmp_path / "index", laws_copy)
    assert len(opened) == len(built) == len(index)
    for query in ("renig", "law 50", "fourten cards", "bid"):
        assert search(opened, query) == search(index, query)


def test_the_build_is_deterministic(mini, laws_copy, tmp_path):
    library = load_library(laws_copy)
    build_index(library, tmp_path / "a")
    build_index(library, tmp_path / "b")
    files = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert files == sorted(p.name for p in (tmp_path / "b").iterdir())
    for name in files:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_rebuilding_replaces_the_index(laws_copy, tmp_path):
    build_index(load_library(laws_copy), tmp_path / "index")
    (laws_copy / "mini-nap.yaml").unlink()
    build_index(load_library(laws_copy), tmp_path / "index")
    assert search(open_index(tmp_path / "index", laws_copy), "MN-02").total == 0


def test_a_missing_index_names_the_command(laws_copy, tmp_path):
    with pytest.raises(IndexProblem, match="adjudicator build-index"):
        open_index(tmp_path / "nowhere", laws_copy)


def test_an_index_older_than_the_laws_is_refused(laws_copy, tmp_path):
    build_index(load_library(laws_copy), tmp_path / "index")
    path = laws_copy / "mini-nap.yaml"
    path.write_text(path.read_text() + "\n# edited\n")
    (laws_copy / "new-code.yaml").write_text("game: x\n")
    with pytest.raises(IndexProblem) as info:
        open_index(tmp_path / "index", laws_copy)
    message = str(info.value)
    assert "older than the law files" in message
    assert "changed mini-nap.yaml" in message and "new new-code.yaml" in message
    assert "run `adjudicator build-index`" in message


def _flip(path: Path) -> None:
    """Change one byte in the middle of ``path``, keeping its size."""
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x55
    path.write_bytes(bytes(data))


DAMAGED = {  # each kind of file of an index: how it is found
    "postings": "*.pst",
    "terms": "*.trm",
    "lengths": "*_text_len.col",
    "segment TOC": "*.toc",
    "documents": "documents.json",
    "packed postings": "postings.bin",
}


@pytest.mark.parametrize("kind", list(DAMAGED))
@pytest.mark.parametrize("how", ["a byte changed", "cut short", "removed"])
def test_a_damaged_index_file_is_refused_naming_it(laws_copy, tmp_path, kind, how):
    """Whatever file of the index is damaged, opening it (as every worker does at start)
    refuses with the file named, before anything is served (issue 18)."""
    directory = tmp_path / "index"
    build_index(load_library(laws_copy), directory)
    target = next(directory.glob(DAMAGED[kind]))
    if how == "a byte changed":
        _flip(target)
    elif how == "cut short":
        target.write_bytes(target.read_bytes()[:-7])
    else:
        target.unlink()
    with pytest.raises(IndexProblem) as info:
        open_index(directory, laws_copy)
    assert target.name in str(info.value) and "adjudicator build-index" in str(info.value)


def test_a_hand_edited_document_is_refused(laws_copy, tmp_path):
    directory = tmp_path / "index"
    build_index(load_library(laws_copy), directory)
    path = directory / DOCUMENTS
    path.write_text(path.read_text("utf-8").replace("Insufficient bid (revised)", "Insufficient bid (edited)"))
    with pytest.raises(IndexProblem, match="documents.json is damaged"):
        open_index(directory, laws_copy)


def test_a_file_added_to_the_index_is_refused(laws_copy, tmp_path):
    directory = tmp_path / "index"
    build_index(load_library(laws_copy), directory)
    (directory / "stray.seg").write_bytes(b"x")
    with pytest.raises(IndexProblem, match="stray.seg is not in its manifest"):
        open_index(directory, laws_copy)


def test_the_manifest_lists_every_file_with_its_digest_and_size(laws_copy, tmp_path):
    import hashlib

    directory = tmp_path / "index"
    build_index(load_library(laws_copy), directory)
    files = json.loads((directory / MANIFEST).read_text())["files"]
    assert set(files) == {p.name for p in directory.iterdir()} - {MANIFEST}
    for name, entry in files.items():
        data = (directory / name).read_bytes()
        assert entry == {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}, name


@pytest.mark.parametrize("damage", ["not json", "no files", "another format"])
def test_a_damaged_manifest_is_refused(laws_copy, tmp_path, damage):
    directory = tmp_path / "index"
    build_index(load_library(laws_copy), directory)
    path = directory / MANIFEST
    manifest = json.loads(path.read_text())
    if damage == "not json":
        path.write_text("{not json")
    elif damage == "no files":
        del manifest["files"]
        path.write_text(json.dumps(manifest))
    else:
        manifest["format"] = 1
        path.write_text(json.dumps(manifest))
    with pytest.raises(IndexProblem, match="adjudicator build-index"):
        open_index(directory, laws_copy)


def test_the_app_refuses_to_start_without_an_index(mini, laws_copy, tmp_path):
    from adjudicator.web import create_app

    with pytest.raises(IndexProblem, match="adjudicator build-index"):
        create_app({"LIBRARY": mini, "LAWS_DIR": str(laws_copy), "SEARCH_INDEX": str(tmp_path / "none")})
    build_index(mini, tmp_path / "index")
    app = create_app({"LIBRARY": mini, "LAWS_DIR": str(LAWS), "SEARCH_INDEX": str(tmp_path / "index")})
    assert len(app.extensions["adjudicator.search"]) > 0


def test_the_app_builds_in_ram_for_tests(mini):
    from adjudicator.web import create_app

    app = create_app({"TESTING": True, "LIBRARY": mini, "LAWS_DIR": str(LAWS)})
    assert search(app.extensions["adjudicator.search"], "renig").hits


# ---------------------------------------------------------------- the command line


def test_cli_build_index_and_search(laws_copy, tmp_path, capsys):
    directory = tmp_path / "index"
    assert main(["--laws", str(laws_copy), "build-index", "--index", str(directory)]) == 0
    assert "documents" in capsys.readouterr().out
    args = ["--laws", str(laws_copy), "search", "--index", str(directory)]
    assert main([*args, "law", "50", "--code", "mini-auction-1915", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hits"][0]["exact"] and data["hits"][0]["number"] == "50"
    assert main([*args, "renig", "--kind", "law"]) == 0
    out = capsys.readouterr().out
    assert "Law 90. Revoke" in out and "<mark>" not in out
    assert main([*args, "fourten", "cards"]) == 0
    assert "Did you mean: fourteen cards" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("option", "value", "hint"),
    [("--game", "mini", "'mini-auction' or 'mini-nap'"), ("--code", "mini-nap-1900", "'mini-nap'"),
     ("--kind", "laws", "'law'"), ("--topic", "revokes", "'revoke'")],
)  # fmt: skip
def test_cli_refuses_an_unknown_filter_with_the_choices(laws_copy, tmp_path, capsys, option, value, hint):
    args = ["--laws", str(laws_copy), "search", "--index", str(tmp_path / "none"), "revoke", option, value]
    assert main(args) == 2
    err = capsys.readouterr().err
    field = option.removeprefix("--")
    assert f"unknown {field} {value!r}" in err and f"did you mean {hint}?" in err and f"valid {field}s:" in err


def test_cli_says_a_query_was_cut(laws_copy, tmp_path, capsys):
    words = " ".join(f"word{chr(97 + i)}" for i in range(20))
    assert main(["--laws", str(laws_copy), "search", "--index", str(tmp_path / "none"), words]) == 0
    assert "only the first 16 different words were searched" in capsys.readouterr().out


def test_cli_searches_in_memory_when_the_index_is_stale(laws_copy, tmp_path, capsys):
    assert main(["--laws", str(laws_copy), "search", "--index", str(tmp_path / "none"), "renig", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["hits"]
    assert "adjudicator build-index" in captured.err


def test_greenlets_share_their_threads_searcher():
    """Under gevent (make serve's worker) each connection is a greenlet: they share the
    thread's searcher (a threading.local opened one per connection and kept it)."""
    import subprocess
    import sys

    script = f"""
from gevent import monkey; monkey.patch_all()
import gevent
from pathlib import Path
from adjudicator.loader import load_library
from adjudicator.search import build_index, search
ix = build_index(load_library(Path({str(LAWS)!r})))
gevent.joinall([gevent.spawn(search, ix, f"revoke {{i}}") for i in range(20)])
print(len(ix._searchers))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.split() == ["1"], done.stderr
