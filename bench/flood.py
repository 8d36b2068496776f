"""A flood of the most expensive search queries against `make serve`'s gunicorn (loopback
only; stops by itself), and what it does to the other requests.

1. The worst query: each family of candidates (common words up to the word limit, words
   misspelled so that the typo matching runs, prefixes, phrases, a long run of one word)
   is sent ``--tries`` times, each time a variant the results cache has not seen (other
   words drawn, another page), and the family whose median time is highest is the flood's.
2. Baseline: the normal client alone for ``--seconds`` (one request at a time, a new
   connection each, over the main routes, as bench/slowclients.py's).
3. Flood: ``--flood`` clients send variants of the worst query back to back, each on its
   own connection, while the normal client runs again for ``--seconds``.

It prints the p50 and p99 of the normal client's answers served (2xx and 3xx: an error,
such as a search turned away, is counted apart, not timed) with and without the flood,
and their ratio, for its searches and for the rest (pages and API) apart; it passes when the rest
is at most 2x slower, p50 and p99, without an error. Its searches are shown: they share
the flood's bounded queue, as any search does (the server cannot tell a flood's searches
from a reader's on one address: limiting each address is a proxy's part). The flood's
answers are counted by status (a 503 is a search the service turned away rather than
queue: adjudicator/web/serving.py).

    .venv/bin/python bench/flood.py [--seconds 20] [--flood 8] [--tries 7] [--inline]

``--inline`` searches in the request (``SEARCH_THREADS=0``), as the worker did before it ran
searches in threads of their own, for comparison.
"""

from __future__ import annotations

import argparse
import http.client
import random
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable
from contextlib import ExitStack
from urllib.parse import urlencode

import server
from slowclients import ROUTES, summary

COMMON = tuple(
    [
        "the",
        "card",
        "cards",
        "trick",
        "tricks",
        "lead",
        "led",
        "play",
        "played",
        "player",
        "partner",
        "partners",
        "suit",
        "trump",
        "trumps",
        "hand",
        "hands",
        "deal",
        "dealer",
        "dealt",
        "game",
        "score",
        "revoke",
        "adversary",
        "adversaries",
        "declarer",
        "dummy",
        "bid",
        "call",
        "pass",
        "double",
        "penalty",
        "honours",
        "exposed",
        "faced",
        "table",
        "turn",
        "round",
        "rubber",
    ]
)
"""Words that stand in most documents (long postings to score)."""


def misspelt(rng: random.Random) -> str:
    """A known word of six letters or more with two letters changed (two edits: the widest typo matching)."""
    word = list(rng.choice([w for w in COMMON if len(w) >= 6]))
    for _ in range(2):
        word[rng.randrange(2, len(word))] = rng.choice("aeioursnt")
    return "".join(word)


FAMILIES: dict[str, Callable[[random.Random], str]] = {
    "common words": lambda rng: " ".join(rng.sample(COMMON, 16)),
    "misspelt words": lambda rng: " ".join(misspelt(rng) for _ in range(16)),
    "prefixes": lambda rng: " ".join(f"{w[:3]}*" for w in rng.sample(COMMON, 16)),
    "phrases": lambda rng: " ".join(
        f'"{a} {b}"' for a, b in zip(rng.sample(COMMON, 8), rng.sample(COMMON, 8), strict=True)
    ),
    "misspelt and common": lambda rng: " ".join(misspelt(rng) if i % 2 else rng.choice(COMMON) for i in range(16)),
    "one word, 200 characters": lambda rng: " ".join([rng.choice(COMMON)] * 40)[:200],
}


def search_path(family: str, rng: random.Random) -> str:
    """A variant of ``family`` the results cache has not seen: its words drawn anew and a
    page past the last (which costs a second search: the last page)."""
    query = FAMILIES[family](rng)[:200]
    return "/api/v1/search?" + urlencode({"q": query, "page": rng.randrange(2, 1000), "pagelen": 50})


def timed(port: int, path: str, timeout: float = 30) -> tuple[float, int]:
    t0 = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        status = response.status
    finally:
        connection.close()
    return (time.perf_counter() - t0) * 1000, status


def worst_family(port: int, tries: int, rng: random.Random) -> str:
    medians = {}
    for family in FAMILIES:
        times = []
        for _ in range(tries):
            ms, status = timed(port, search_path(family, rng))
            assert status == 200, (family, status)
            times.append(ms)
        medians[family] = statistics.median(times)
        print(f"  {family:<28} median {medians[family]:7.1f} ms over {tries} uncached variants")
    return max(medians, key=medians.__getitem__)


class Flood(threading.Thread):
    """``clients`` threads sending variants of ``family`` back to back until ``stop``."""

    def __init__(self, port: int, family: str, clients: int, seed: int) -> None:
        super().__init__(daemon=True)
        self.port, self.family, self.clients, self.seed = port, family, clients, seed
        self.stop = threading.Event()
        self.statuses: Counter = Counter()
        self.times: list[float] = []

    def client(self, number: int) -> None:
        rng = random.Random(self.seed + number)
        while not self.stop.is_set():
            try:
                ms, status = timed(self.port, search_path(self.family, rng))
                self.statuses[status] += 1
                self.times.append(ms)
            except OSError as exc:
                self.statuses[type(exc).__name__] += 1

    def run(self) -> None:
        threads = [threading.Thread(target=self.client, args=(n,), daemon=True) for n in range(self.clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()


def normal_client(port: int, paths: list[str], seconds: float) -> tuple[list[float], Counter]:
    """One reader: one request at a time over ``paths``, a new connection each, as
    bench/slowclients.py's normal client."""
    latencies: list[float] = []
    errors: Counter = Counter()
    deadline = time.monotonic() + seconds
    i = 0
    while time.monotonic() < deadline:
        try:
            ms, status = timed(port, paths[i % len(paths)], timeout=5)
            if status >= 400:  # an error, not a latency: a 503 Busy comes back at once
                errors[f"status {status}"] += 1
            else:
                latencies.append(ms)
        except OSError as exc:
            errors[type(exc).__name__] += 1
        i += 1
        time.sleep(0.01)  # a steady client, not a flood
    return latencies, errors


PAGES = [r for r in ROUTES if "search" not in r]
SEARCHES = [r for r in ROUTES if "search" in r]


def readers(port: int, seconds: float) -> dict[str, tuple[list[float], Counter]]:
    """Two readers at once: one over the pages and the API, one over the searches (the
    same words each time: the results cache's), so that neither waits for the other."""
    out: dict[str, tuple[list[float], Counter]] = {}

    def read(name: str, paths: list[str]) -> None:
        out[name] = normal_client(port, paths, seconds)

    threads = [threading.Thread(target=read, args=args) for args in (("pages and API", PAGES), ("searches", SEARCHES))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {name: out[name] for name in ("pages and API", "searches")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--flood", type=int, default=8, help="flooding clients, each one request at a time")
    parser.add_argument("--tries", type=int, default=7)
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--inline", action="store_true", help="search in the request (SEARCH_THREADS=0), as before")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with ExitStack() as stack:
        env = stack.enter_context(server.snapshot())
        env = {**env, "SEARCH_THREADS": "0"} if args.inline else env
        srv = stack.enter_context(server.gunicorn("wsgi:app", env=env))
        server.check_addresses(srv.url, ROUTES)
        print(f"load average {server.load_average()}; workers {srv.workers()}")
        print("the most expensive search (each variant new to the results cache, a page past the last):")
        family = worst_family(srv.port, args.tries, rng)
        print(f"flood: {args.flood} clients sending '{family}' back to back, e.g. {search_path(family, rng)[:120]}...")
        print(
            f"readers: one request at a time each, a new connection each, over {', '.join(PAGES)}; and {', '.join(SEARCHES)}"
        )
        base = readers(srv.port, args.seconds)
        flood = Flood(srv.port, family, args.flood, args.seed)
        flood.start()
        time.sleep(1)
        loaded = readers(srv.port, args.seconds)
        flood.stop.set()
        flood.join()
        print(f"load average {server.load_average()}")
    ratios = {}
    for part in base:
        b50, b99 = summary(f"{part}, baseline", *base[part])
        f50, f99 = summary(f"{part}, flood", *loaded[part])
        ratios[part] = (f50 / b50, f99 / b99)
        print(f"  ratio with/without the flood: p50 {f50 / b50:.2f}x, p99 {f99 / b99:.2f}x")
    answered = sorted(flood.times)
    print(
        f"flood: {sum(flood.statuses.values())} searches, "
        + ", ".join(f"{k}: {v}" for k, v in sorted(flood.statuses.items(), key=str))
        + (f"; p50 {statistics.median(answered):.0f} ms" if answered else "")
    )
    p50, p99 = ratios["pages and API"]
    ok = p50 <= 2 and p99 <= 2 and not loaded["pages and API"][1]
    print(f"{'pass' if ok else 'FAIL'}: pages and API at most 2x slower (p50 and p99) and without errors")
    if not ok:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
