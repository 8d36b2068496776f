"""Search quality on the real laws: tests/search/queries.yaml, what players and directors
type, each with the law that must be in the top 3. The rate must reach MIN_RATE."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.search import search

QUERIES = Path(__file__).parent / "queries.yaml"
MIN_RATE = 0.90
FILTERS = ("code", "game", "topic", "kind")


def load_queries() -> list[dict]:
    return yaml.safe_load(QUERIES.read_text(encoding="utf-8"))


def expected(item: dict) -> list[tuple[str, str]]:
    laws = item["law"] if isinstance(item["law"], list) else [item["law"]]
    return [tuple(law.split("/", 1)) for law in laws]


def found(index, item: dict) -> bool:
    results = search(index, item["query"], **{k: item[k] for k in FILTERS if k in item})
    top = [(h.code, h.number) for h in results.hits[:3] if h.kind == "law"]
    return any(law in top for law in expected(item))


def test_the_file_is_well_formed(library):
    items = load_queries()
    assert len(items) >= 40
    assert len({(i["query"], i.get("code"), i.get("game")) for i in items}) == len(items), "a query is repeated"
    for item in items:
        assert set(item) <= {"query", "law", "why", *FILTERS}, item
        for code, number in expected(item):
            assert number in library.code(code).laws, f"{item['query']!r}: {code} has no law {number!r}"


def test_the_hit_rate(search_index):
    items = load_queries()
    misses = [item for item in items if not found(search_index, item)]
    rate = 1 - len(misses) / len(items)
    report = "\n".join(f"  {m['query']!r} {dict((k, m[k]) for k in FILTERS if k in m)} -> {m['law']}" for m in misses)
    print(
        f"search quality: {len(items) - len(misses)}/{len(items)} = {rate:.0%}"
        + (f"; misses:\n{report}" if misses else "")
    )
    assert rate >= MIN_RATE, f"{rate:.0%} of the queries find their law in the top 3; misses:\n{report}"


def test_renig_finds_revoke_laws_first(search_index):
    first = search(search_index, "renig").hits[0]
    assert first.kind == "law" and "revoke" in first.title.lower()


def test_law_50_is_first_in_each_code_that_has_one(search_index, library):
    for code in library.codes.values():
        if "50" not in code.laws:
            continue
        for query in ("Law 50", "law 50", "L50", "§50"):
            first = search(search_index, query, code=code.id).hits[0]
            assert (first.code, first.number, first.exact) == (code.id, "50", True), (query, code.id)
    exact = [(h.code, h.number) for h in search(search_index, "Law 50", pagelen=50).hits if h.exact]
    assert sorted(exact) == sorted((c.id, "50") for c in library.codes.values() if "50" in c.laws)


def test_fourten_cards_suggests_fourteen_cards(search_index):
    assert search(search_index, "fourten cards").suggestion == "fourteen cards"


@pytest.mark.parametrize("query", ["renig", "Law 50", "fourten cards", "partner bid after insufficient bid"])
def test_cli_json_gives_the_same_hits(search_index, query, capsys):
    import json

    from adjudicator.cli import main
    from adjudicator.presentation.search import results as search_results

    assert main(["search", query, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == search_results(search(search_index, query)).data()


@pytest.mark.parametrize(
    ("query", "filters"),
    [("revoke", {}), ("led out of turn", {}), ("renig", {"game": "whist"}), ("14 cards", {"kind": "law"}),
     ("penalty", {"code": "auction-bridge-1915"}), ("exposed card", {"topic": "exposed-card"})],
)  # fmt: skip
def test_every_page_tells_the_same_total_and_the_pages_list_it_all(search_index, query, filters):
    """The total does not depend on the page asked for, and paging through every page lists
    each of the ``total`` documents once (documents found through what cites them included)."""
    first = search(search_index, query, pagelen=50, **filters)
    pages = -(-first.total // 50)
    seen = []
    for page in range(1, pages + 1):
        results = search(search_index, query, page=page, pagelen=50, **filters)
        assert results.total == first.total, f"page {page}"
        seen.extend((h.kind, h.code, h.id) for h in results.hits)
    assert len(seen) == len(set(seen)) == first.total
