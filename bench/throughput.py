"""HTTP benchmark: req/s and p50/p99 latency of the main routes beside a bare Flask JSON
endpoint, both served by gunicorn with the repository's gunicorn.conf.py, measured in the
same run, driven by wrk on loopback.

Routes (each cycling through every real address of it, see server.routes): the
adjudication API step, a law page, a ruling page, and the search API twice:

- *search API, repeated*: the queries of tests/search/queries.yaml, over and over, so
  after the warm-up each worker answers them from its results cache (as it answers any
  query asked before);
- *search API, new queries*: the same queries, each request one never asked before (its
  letters' case changed, which changes no result but the words echoed: the results cache
  keys the query as typed), so every request computes, with the worker's other caches (a
  term's postings) warm; at ``--cold-connections`` (4: at most what the two workers admit,
  one computing and 4 waiting each, so the figure is what the server computes, not how
  fast it turns searches away); on a second app server (the same settings), so that the
  thousands of queries asked once do not push the repeated ones out of the first one's
  results caches. If a run sends more requests than it had new queries, it says how many
  were repeats.

Each round measures the bare endpoint then every route, ``--seconds`` each after a short
warm-up (``--warmup``); the repeated searches are first sent at ``--cold-connections``
for as long as three passes over them take at the rate new queries were served, then
warmed up again (three times at least, up to 10) until a warm-up turns no search away,
so that both workers' caches hold them (a connection stays with the worker that took it). Only 2xx and 3xx answers count as served: req/s is served
answers per second, and every other answer (a 503 for a search turned away, a 404) and
every socket error is counted as an error of its route. The ratio is a route's served
req/s over the bare endpoint's in the same round; a route with errors says so beside it,
and an aim is never "met" with errors. Printed: the median over the rounds and the spread
(min-max). wrk shares the machine's cores with the server, as it would on any one machine;
the load average before each round is printed because the machine may be shared. Aims:
the adjudication step and the law page at >= 70 % of the bare endpoint, the repeated
search API at >= 25 %.

    .venv/bin/python bench/throughput.py [--rounds 3] [--seconds 10] [--connections 16]
        [--cold-connections 4] [--gunicorn "-k gthread --threads 4"]   # extra gunicorn settings, for both servers
"""

from __future__ import annotations

import argparse
import math
import random
import shlex
import statistics
import time
from collections.abc import Iterator
from contextlib import ExitStack
from urllib.parse import parse_qsl, urlencode, urlsplit

import server

REPEATED = "search API, repeated"
NEW = "search API, new queries"
AIMS = {"adjudication API step": 0.70, "law page": 0.70, REPEATED: 0.25}
REFILL_TRIES = 10


def new_queries(paths: list[str], seed: int = 17) -> Iterator[str]:
    """Endless search addresses never given before: each of ``paths`` in turn with the case
    of its query's letters changed anew (a query with too few letters is passed over once
    its variants run out)."""
    rng = random.Random(seed)
    parsed = [(urlsplit(p).path, parse_qsl(urlsplit(p).query)) for p in paths]
    seen: set[str] = set(paths)
    while True:
        fresh = 0
        for path, params in parsed:
            query = dict(params)["q"]
            letters = [i for i, ch in enumerate(query) if ch.lower() != ch.upper()]
            for _ in range(3):  # a few draws: a short query's variants run out
                flip = {i for i in letters if rng.random() < 0.5}
                text = "".join(ch.swapcase() if i in flip else ch for i, ch in enumerate(query))
                address = f"{path}?{urlencode([(k, text if k == 'q' else v) for k, v in params])}"
                if address not in seen:
                    seen.add(address)
                    fresh += 1
                    yield address
                    break
        if not fresh:
            raise RuntimeError("the queries have no new variants left")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--cold-connections", type=int, default=4)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--gunicorn", default="", help="extra gunicorn settings for both servers")
    args = parser.parse_args()
    extra = shlex.split(args.gunicorn)
    print(
        f"wrk -t2 -c{args.connections} -d{args.seconds}s (new searches -c{args.cold_connections}), "
        f"{args.rounds} rounds; gunicorn -c gunicorn.conf.py {' '.join(extra)}".rstrip()
    )
    with ExitStack() as stack:
        env = stack.enter_context(server.snapshot())
        routes = server.routes()
        searches = routes.pop("search API")
        routes[NEW] = searches  # each request a variant never asked (fresh_paths below)
        routes[REPEATED] = searches
        print("addresses: " + ", ".join(f"{name} {len(paths)}" for name, paths in routes.items()))
        results: dict[str, list[server.Run]] = {"bare endpoint": [], **{name: [] for name in routes}}
        ratios: dict[str, list[float]] = {name: [] for name in routes}
        repeats = 0
        variants = new_queries(searches)
        bare_dir = stack.enter_context(server.bare_app_dir())
        bare = stack.enter_context(
            server.gunicorn("bare:app", env=env, ready="/bare", extra=[*extra, "--chdir", str(bare_dir)])
        )
        app = stack.enter_context(server.gunicorn("wsgi:app", env=env, extra=extra))
        # the new queries on a server of their own: thousands of queries asked once would
        # fill the other's results caches, and the repeated ones would be new again
        fresh = stack.enter_context(server.gunicorn("wsgi:app", env=env, extra=extra))
        print(
            f"workers: {len(app.workers())} per server; RSS after start {', '.join(f'{r:.0f}' for r in app.rss())} MiB"
        )
        targets = [("bare endpoint", bare, ["/bare"])]
        targets += [(name, fresh if name == NEW else app, paths) for name, paths in routes.items()]
        for round_ in range(1, args.rounds + 1):
            print(f"round {round_}: load average {server.load_average()}", flush=True)
            for name, srv, paths in targets:
                connections = args.cold_connections if name == NEW else args.connections
                if name == NEW:  # as many new queries as the bare endpoint could take, and a fifth more
                    enough = int(results["bare endpoint"][-1].rps * 1.2) + 100
                    paths = [next(variants) for _ in range(enough * args.warmup)]
                warmups = 0
                if name == REPEATED:  # computed first where none is turned away: each about three times
                    filling = math.ceil(3 * len(paths) / max(1.0, results[NEW][-1].rps))
                    server.wrk(srv.url, paths, connections=args.cold_connections, seconds=filling)
                while True:  # then until a warm-up turned none away (both workers hold them)
                    warm = server.wrk(srv.url, paths, connections=connections, seconds=args.warmup)
                    warmups += 1
                    # new connections each time, each worker taking its share: three at least
                    if name != REPEATED or (warmups >= 3 and not warm.non_2xx) or warmups == REFILL_TRIES:
                        break
                if name == REPEATED:
                    print(f"  {name}: {warmups} warm-ups of {args.warmup} s, the last with {warm.non_2xx} turned away")
                if name == NEW:
                    paths = [next(variants) for _ in range(enough * args.seconds)]
                cpu = srv.cpu()
                run = server.wrk(srv.url, paths, connections=connections, seconds=args.seconds)
                spent = [after - cpu.get(pid, 0.0) for pid, after in srv.cpu().items()]
                results[name].append(run)
                if name == NEW and run.requests > len(paths):
                    repeats += run.requests - len(paths)
                print(
                    f"  {name:24} {run.rps:8.0f} served/s  p50 {run.p50_ms:6.2f} ms  p99 {run.p99_ms:7.2f} ms  "
                    f"errors {run.errors} (non-2xx {run.non_2xx}, socket {run.socket_errors})  "
                    f"worker CPU s {'/'.join(f'{s:.1f}' for s in spent)}",
                    flush=True,
                )
            for name in routes:
                ratios[name].append(results[name][-1].rps / results["bare endpoint"][-1].rps)
            time.sleep(1)

    print()
    print(
        f"{'route':26}{'served/s median (min-max)':>26}{'p50 ms':>9}{'p99 ms':>9}"
        f"   {'of the bare endpoint, median (min-max)':48}{'errors':>8}"
    )
    for name, runs in results.items():
        rps = server.median_spread([r.rps for r in runs])
        p50 = statistics.median(r.p50_ms for r in runs)
        p99 = statistics.median(r.p99_ms for r in runs)
        errors = sum(r.errors for r in runs)
        ratio = ""
        if name in ratios:
            m, lo, hi = server.median_spread(ratios[name])
            aim = AIMS.get(name)
            if errors:
                verdict = f"  WITH ERRORS{f' (aim >= {aim:.0%}: not met)' if aim else ''}"
            else:
                verdict = "" if aim is None else (f"  aim >= {aim:.0%}: " + ("met" if m >= aim else "missed"))
            ratio = f"{m:6.1%} ({lo:.1%}-{hi:.1%}){verdict}"
        print(
            f"{name:26}{rps[0]:>10.0f} ({rps[1]:.0f}-{rps[2]:.0f})".ljust(52)
            + f"{p50:>9.2f}{p99:>9.2f}   {ratio:48}{errors:>6}"
        )
    for name, runs in results.items():
        if any(r.errors for r in runs):
            non_2xx, sockets = sum(r.non_2xx for r in runs), sum(r.socket_errors for r in runs)
            print(f"  {name}: {non_2xx} answers not 2xx/3xx (not counted as served), {sockets} socket errors")
    if repeats:
        print(f"  {NEW}: {repeats} requests past the new queries made for them (asked again, maybe cached)")


if __name__ == "__main__":
    main()
