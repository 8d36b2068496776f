"""Search over a small invented corpus (tests/search/laws): citations, synonyms, typos,
syntax that never raises, filters and facets, snippets, and the index's lifecycle."""

from __future__ import annotations

import json
import re
import shutil
import threading
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.errors import IndexProblem
from adjudicator.loader import load_library
from adjudicator.presentation.search import results as present_results
from adjudicator.search import MAX_QUERY_CHARS, build_index, open_index, search

LAWS = Path(__file__).parent / "laws"
MARK = re.compile(r"</?mark>")


@pytest.fixture(scope="module")
def mini():
    return load_library(LAWS)


@pytest.fixture(scope="module")
def index(mini):
    return build_index(mini)


def top(results, n=3):
    return [(h.code, h.id) for h in results.hits[:n]]


def is_safe_html(snippet: str) -> bool:
    """Escaped text, with <mark> and </mark> as the only tags."""
    return "<" not in MARK.sub("", snippet) and ">" not in MARK.sub("", snippet)


# ---------------------------------------------------------------- citations


@pytest.mark.parametrize("query", ["Law 50", "law 50", "LAW 50", "L50", "l. 50", "§50", "§ 50", "Law 50."])
def test_a_citation_finds_that_law_first_in_each_code(index, query):
    results = search(index, query)
    exact = [(h.code, h.number) for h in results.hits if h.exact]
    assert exact == [("mini-auction-1912", "50"), ("mini-auction-1915", "50")]
    assert results.hits[0].exact and results.hits[1].exact
    assert all(not h.exact for h in results.hits[2:])


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
    assert top(search(index, "law 84A"), 1) == [("mini-auction-1912", "84a")]
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
    assert ("mini-auction-1912", "50") in top(results, 5)  # law 50 sees also 49


def test_a_clause_cites_its_law(index):
    assert search(index, "law 50(b)").hits[0].number == "50"


# ---------------------------------------------------------------- words


def test_synonyms_from_the_glossary(index):
    for query in ("renig", "renege", "reneged"):
        first = search(index, query).hits[0]
        assert first.kind == "law" and "revoke" in first.title.lower(), query
    assert ("mini-auction-1912", "49") in top(search(index, "declarant"))
    assert ("mini-nap", "MN-01") in top(search(index, "napoleon"))


def test_stemming_titles_first_phrases_prefixes(index):
    assert top(search(index, "revoking"), 1)[0][1] in ("90", "MN-02")
    assert search(index, "insufficient").hits[0].title.startswith("Insufficient bid")
    phrase = search(index, '"same suit"')
    assert phrase.total >= 1
    assert all("same" in h.snippet and "suit" in h.snippet for h in phrase.hits)
    assert ("mini-auction-1912", "50") in top(search(index, "insuff*"))


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
    assert ("mini-auction-1912", "84a") in top(search(index, "led out of turn"))
    assert ("mini-auction-1912", "14") in top(search(index, "14 cards"))
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
    assert all(is_safe_html(h.snippet) for h in results.hits)


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
    assert search(index, "revoke", code="no-such-code").total == 0


def test_facets_count_each_dimension_with_the_other_filters(index):
    everything = search(index, "revoke")
    kinds = dict(everything.facets["kind"])
    assert sum(kinds.values()) == everything.total
    filtered = search(index, "revoke", kind="law")
    assert filtered.total == kinds["law"]
    assert dict(filtered.facets["kind"]) == kinds  # the kind facet ignores the kind filter
    assert sum(n for _, n in filtered.facets["code"]) == filtered.total
    counts = [n for _, n in everything.facets["code"]]
    assert counts == sorted(counts, reverse=True)


def test_filters_alone_browse(index):
    results = search(index, "", kind="glossary", pagelen=50)
    assert results.total == 7 and len(results.hits) == 7
    assert search(index, "").total == 0
    assert search(index, "zzzz", kind="law").total == 0  # words that match nothing browse nothing


def test_paging(index):
    first = search(index, "bid", pagelen=2)
    second = search(index, "bid", pagelen=2, page=2)
    assert first.total == second.total > 4
    assert not set(top(first)) & set(top(second))
    assert search(index, "bid", page=999).hits == ()
    assert search(index, "bid", pagelen=10_000).pagelen == 100
    assert search(index, "bid", page=-3).page == 1


# ---------------------------------------------------------------- hits


def test_snippets_are_escaped_with_marks(index):
    hit = search(index, "script nothing").hits[0]
    assert hit.number == "91"
    assert "&lt;b&gt;<mark>nothing</mark>&lt;/b&gt;" in hit.snippet
    assert "&amp;" in hit.snippet and is_safe_html(hit.snippet)
    assert hit.title == 'Scores <above> & "below" the line'  # titles are text: the page escapes them


def test_a_hit_links_to_the_whole_law(index):
    hit = search(index, "law 84a").hits[0]
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


def test_inherited_laws_belong_to_each_code(index):
    codes = {h.code for h in search(index, "revoke", kind="law", pagelen=50).hits}
    assert {"mini-auction-1912", "mini-auction-1915", "mini-nap"} <= codes


def test_one_searcher_per_thread(index):
    expected = top(search(index, "insufficient bid partner"))
    found: list[object] = []

    def work():
        for _ in range(20):
            found.append(top(search(index, "insufficient bid partner")))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert found == [expected] * 80


def test_json_shape(index):
    data = present_results(search(index, "renig")).data()
    assert json.loads(json.dumps(data)) == data
    assert set(data) == {"query", "total", "page", "pagelen", "suggestion", "facets", "hits"}
    assert set(data["facets"]) == {"game", "code", "topic", "kind"}
    assert set(data["hits"][0]) == {
        "kind", "code", "code_title", "game", "number", "id", "irregularity",
        "title", "section", "section_title", "snippet", "exact",
    }  # fmt: skip


# ---------------------------------------------------------------- lifecycle


@pytest.fixture
def laws_copy(tmp_path):
    shutil.copytree(LAWS, tmp_path / "laws")
    return tmp_path / "laws"


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


@pytest.mark.parametrize("damage", ["manifest", "toc", "postings", "documents"])
def test_a_corrupt_index_is_refused(laws_copy, tmp_path, damage):
    directory = tmp_path / "index"
    build_index(load_library(laws_copy), directory)
    if damage == "manifest":
        (directory / "adjudicator-index.json").write_text("{not json")
    elif damage == "toc":
        next(directory.glob("*.toc")).write_bytes(b"garbage")
    elif damage == "postings":
        next(directory.glob("*.trm")).unlink()
    else:
        manifest = json.loads((directory / "adjudicator-index.json").read_text())
        manifest["docs"] = manifest["docs"][1:]
        (directory / "adjudicator-index.json").write_text(json.dumps(manifest))
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


def test_cli_searches_in_memory_when_the_index_is_stale(laws_copy, tmp_path, capsys):
    assert main(["--laws", str(laws_copy), "search", "--index", str(tmp_path / "none"), "renig", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["hits"]
    assert "adjudicator build-index" in captured.err
