"""The static copy's search on the real library, in chromium: how large the index is, and
how long a search page takes from the address to its results (fetching and reading the
index, then searching, all in the browser), each query in a fresh page.

The index is the one ``adjudicator export`` writes for laws/ (``search/pack.json``); it is
put into an export of the toy library (the full library's export is the freeze bench's
work), served by http.server on a loopback port. The first query of a run is also the
first read of the index from the server (the browser's cache is empty); the medians are
of the queries after it. The machine may be shared: the load average is printed.

    .venv/bin/python bench/copy_search.py [--repeat 5]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of the query set")
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
