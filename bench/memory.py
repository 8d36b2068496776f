"""Memory benchmark: RSS of each gunicorn worker after start and after 10,000 requests
across the main routes, beside the same figures for a bare Flask JSON endpoint served by
the same gunicorn config in the same run (the baseline).

The requests are sent by 8 client threads, cycling through server.main_routes() (every
law, ruling, API step, search, code, question and Learn page); RSS is read from
/proc/PID/status. The law and ruling pages are cached as they are first rendered
(adjudicator/web/pagecache.py, bounded), so part of the growth is that cache filling.

    .venv/bin/python bench/memory.py [--requests 10000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack

import server


def send(url: str, paths: list[str], count: int) -> int:
    def get(i: int) -> int:
        with urllib.request.urlopen(url + paths[i % len(paths)], timeout=30) as response:  # noqa: S310 (loopback)
            response.read()
            return 0 if response.status < 400 else 1

    with ThreadPoolExecutor(8) as pool:
        return sum(pool.map(get, range(count)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3, help="fresh servers per round")
    args = parser.parse_args()
    rows: dict[str, list[tuple[float, float]]] = {"bare endpoint": [], "adjudicator": []}
    with ExitStack() as stack:
        env = stack.enter_context(server.snapshot())
        paths = server.main_routes()
        bare_dir = stack.enter_context(server.bare_app_dir())
        print(f"{args.requests} requests per server over {len(paths)} addresses; load average {server.load_average()}")
        for round_ in range(1, args.rounds + 1):
            for name, app, ready, extra, targets in (
                ("bare endpoint", "bare:app", "/bare", ["--chdir", str(bare_dir)], ["/bare"]),
                ("adjudicator", "wsgi:app", "/", [], paths),
            ):
                with server.gunicorn(app, env=env, ready=ready, extra=extra) as srv:
                    start = srv.rss()
                    errors = send(srv.url, targets, args.requests)
                    after = srv.rss()
                for s, a in zip(start, after, strict=True):
                    rows[name].append((s, a))
                print(
                    f"  round {round_} {name:14} RSS per worker after start "
                    f"{' / '.join(f'{r:.1f}' for r in start)} MiB, after {args.requests} requests "
                    f"{' / '.join(f'{r:.1f}' for r in after)} MiB; errors {errors}",
                    flush=True,
                )
    print()
    print(f"{'server':16}{'after start MiB':>22}{'after requests MiB':>24}{'growth MiB':>14}")
    for name, pairs in rows.items():
        start, after = [p[0] for p in pairs], [p[1] for p in pairs]
        growth = [a - s for s, a in pairs]
        print(
            f"{name:16}{statistics.median(start):>10.1f} ({min(start):.1f}-{max(start):.1f})"
            f"{statistics.median(after):>12.1f} ({min(after):.1f}-{max(after):.1f})"
            f"{statistics.median(growth):>10.1f} ({min(growth):.1f}-{max(growth):.1f})"
        )
    bare = statistics.median(p[0] for p in rows["bare endpoint"])
    app_start = statistics.median(p[0] for p in rows["adjudicator"])
    app_after = statistics.median(p[1] for p in rows["adjudicator"])
    print(f"ratio to the bare endpoint's worker: {app_start / bare:.1f}x after start, {app_after / bare:.1f}x after")


if __name__ == "__main__":
    main()
