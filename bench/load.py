"""Load test (not part of the unit suite): 60 s at concurrency 32 across the main routes,
on loopback, against gunicorn with the repository's gunicorn.conf.py. Passes with zero
errors (socket errors and non-2xx/3xx answers, as wrk counts them) and worker RSS that
does not grow.

Every address is first checked to answer 200 (server.check_addresses), then a warm-up
(``--warmup`` seconds of the same load) lets each worker render and cache its law and
ruling pages (bounded, adjudicator/web/pagecache.py); RSS is read after start, after the
warm-up, every 10 s during the run and at the end. "Does not grow": the last reading is
within ``--tolerance`` MiB of the reading after the warm-up, for every worker.

    .venv/bin/python bench/load.py [--seconds 60] [--connections 32] [--warmup 30]
"""

from __future__ import annotations

import argparse
import threading
import time
from contextlib import ExitStack

import server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--tolerance", type=float, default=2.0, help="MiB")
    args = parser.parse_args()
    with ExitStack() as stack:
        env = stack.enter_context(server.snapshot())
        paths = server.main_routes()
        srv = stack.enter_context(server.gunicorn("wsgi:app", env=env))
        print(f"load average {server.load_average()}; {len(paths)} addresses; workers {srv.workers()}")
        started = srv.rss()
        server.check_addresses(srv.url, paths)
        warm = server.wrk(srv.url, paths, connections=args.connections, seconds=args.warmup)
        before = srv.rss()
        samples: list[tuple[float, list[float]]] = []
        done = threading.Event()

        def sample() -> None:
            t0 = time.monotonic()
            while not done.wait(10):
                samples.append((time.monotonic() - t0, srv.rss()))

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        run = server.wrk(srv.url, paths, connections=args.connections, seconds=args.seconds)
        done.set()
        sampler.join()
        after = srv.rss()

    def mib(values: list[float]) -> str:
        return " / ".join(f"{v:.1f}" for v in values)

    print(f"warm-up: {args.warmup} s, {warm.requests} requests, {warm.errors} errors")
    print(
        f"run: wrk -t2 -c{args.connections} -d{args.seconds}s over {len(paths)} addresses: {run.requests} requests, "
        f"{run.rps:.0f} req/s, p50 {run.p50_ms:.1f} ms, p99 {run.p99_ms:.1f} ms, errors {run.errors}"
    )
    print(f"RSS per worker, MiB: after start {mib(started)}; after warm-up {mib(before)}; end {mib(after)}")
    for t, values in samples:
        print(f"  at {t:4.0f} s: {mib(values)}")
    grown = [a - b for a, b in zip(after, before, strict=True)]
    ok_rss = all(g <= args.tolerance for g in grown)
    print(
        f"errors: {run.errors + warm.errors} ({'pass' if run.errors + warm.errors == 0 else 'FAIL'}); "
        f"RSS growth after warm-up {mib(grown)} MiB ({'pass' if ok_rss else 'FAIL'}: at most {args.tolerance} MiB)"
    )
    if run.errors or warm.errors or not ok_rss:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
