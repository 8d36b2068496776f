"""The static copy's search on the real library, in chromium: how large the index is, and
how long a search page takes from the address to its results (fetching and reading the
index, then searching, all in the browser), each query in a fresh page.

The index is the one ``adjudicator export`` writes for laws/ (``search/pack.json``); it is
put into an export of the toy library (the full library's export is the freeze bench's
work), served by http.server on a loopback port. The first query of a run is also the
first read of the index from the server (the browser's cache is empty); the medians are
of the queries after it. The machine may be shared: the load average is printed.

Then the quality: the search set of tests/search/queries.yaml (what players and directors
type, with the laws an expert names first) run through the copy's search in the page, and
scored as tests/search/test_quality.py scores the live search (top-1, top-3, the mean
reciprocal rank; a hit counts for the sister editions shown on it), beside the live
search's figures on the same laws.

    .venv/bin/python bench/copy_search.py [--repeat 5] [--misses]
"""

from __future__ import annotations

import argparse
import functools
import gzip
import io
import json
import os
import shutil
import statistics
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
QUERIES = [
    "Law 50",
    "law 50 1913",
    "revoking",
    "renege",
    "renegeing",
    "fourten cards",
    "talon",
    "lead out of trun",
    "a card fell face up while we were still bidding",
    "insufficient bid partner",
]


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def real_pack() -> bytes:
    from adjudicator.search.pack import pack
    from adjudicator.web import create_app
    from adjudicator.web.offline import _show
    from adjudicator.web.state import library_of

    app = create_app({"TESTING": True, "SEARCH_INDEX": "ram"})
    library = library_of(app)
    with app.test_request_context("/"):
        started = time.process_time()
        packed = pack(library, lambda doc: _show(library, doc))
        print(f"built in {time.process_time() - started:.2f} s CPU")
    return (json.dumps(packed, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


RUN_SET = """async ([root, items]) => {
  const { Index } = await import(root + 'static/copy.js')
  const index = new Index(await (await fetch(root + 'search/pack.json')).json())
  const docs = index.data.docs
  const law = n => [index.data.codes[docs[n][0]].id, docs[n][2], index.data.kinds[docs[n][1]]]
  return items.map(item => index.search(item.query, item).hits.slice(0, 10)
    .map(hit => [law(hit.doc), ...hit.others.map(law)]))
}"""


def quality(page, root: str, misses: bool = False) -> None:
    """The search set through the copy's search, scored as the live search's test scores it."""
    import sys

    sys.path.insert(0, str(ROOT))
    from adjudicator import config
    from adjudicator.loader import load_library
    from adjudicator.search import index_for
    from tests.search.test_quality import FILTERS, expected, figures, held_out, load_queries, rank

    items = load_queries()
    page.goto(root)
    filters = [{"query": i["query"], **{k: i.get(k, "") for k in FILTERS}} for i in items]
    found = page.evaluate(RUN_SET, [root, filters])
    ranks = []
    for item, hits in zip(items, found, strict=True):
        want = expected(item)
        place = None
        for position, shown in enumerate(hits, 1):
            laws = {(code, number) for code, number, kind in shown if kind == "law"}
            # the pack folds a number to lower case; the set writes it as printed
            if laws & {(code, number.lower()) for code, number in want}:
                place = position
                break
        ranks.append(place)
    index = index_for("ram", load_library(config.laws_dir()), config.laws_dir())
    live = [rank(index, item) for item in items]
    for item, mine, theirs, hits in zip(items, ranks, live, found, strict=True):
        if misses and (mine is None or mine > 3) and theirs is not None and theirs <= 3:
            shown = ", ".join(f"{h[0][0]}/{h[0][1] or h[0][2]}" for h in hits[:3])
            print(
                f"missed ({item['type']}): {item['query']!r} {item.get('code', '')} wants {item['law']}; shows {shown}"
            )
    for name, chosen in (("all", items), ("held-out third", [i for i in items if held_out(i)])):
        pick = [n for n, item in enumerate(items) if item in chosen]
        for who, got in (("copy", ranks), ("live", live)):
            top1, top3, mrr = figures([got[n] for n in pick])
            print(f"{who} search, {name} ({len(pick)} queries): top-1 {top1:.1%}, top-3 {top3:.1%}, MRR {mrr:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of the query set")
    parser.add_argument(
        "--misses",
        action="store_true",
        help="list the queries the live search finds in its top 3 and the copy's does not",
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from adjudicator.cli import main as cli

    data = real_pack()
    print(f"search/pack.json: {len(data) / 1000:.0f} KB ({len(gzip.compress(data)) / 1000:.0f} KB gzipped)")
    host = Path(tempfile.mkdtemp(prefix="copy-search-"))
    try:
        assert cli(["--laws", str(ROOT / "tests/fixtures/laws"), "export", str(host / "copy")], out=io.StringIO()) == 0
        (host / "copy/search/pack.json").write_bytes(data)
        server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(host)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}/copy/search/?q="
        took: dict[str, list[float]] = {q: [] for q in QUERIES}
        first = None
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"]
            )
            context = browser.new_context()
            for _ in range(args.repeat):
                for query in QUERIES:
                    page = context.new_page()
                    page.goto(base + quote(query))
                    page.wait_for_function("() => /result/.test(document.querySelector('#found .count').textContent)")
                    ms = page.evaluate("() => performance.now()")
                    if first is None:
                        first = ms
                    else:
                        took[query].append(ms)
                    page.close()
            quality(context.new_page(), f"http://127.0.0.1:{server.server_port}/copy/", args.misses)
            browser.close()
        server.shutdown()
    finally:
        shutil.rmtree(host)
    print(f"first query, the index read from the server: {first:.0f} ms")
    for query, times in took.items():
        print(f"{statistics.median(times):7.0f} ms  {query}")
    every = [t for times in took.values() for t in times]
    print(f"median of all: {statistics.median(every):.0f} ms, from the address to the results shown")
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
