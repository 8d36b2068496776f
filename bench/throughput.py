"""HTTP benchmark: req/s and p50/p99 latency of the main routes beside a bare Flask JSON
endpoint, both served by gunicorn with the repository's gunicorn.conf.py, measured in the
same run, driven by wrk at concurrency 16 on loopback.

Routes (each cycling through every real address of it, see server.routes): the
adjudication API step, a law page, a ruling page, the search API. Each round measures the
bare endpoint then every route, ``--seconds`` each after a short warm-up; the ratio is a
route's req/s over the bare endpoint's in the same round. Printed: the median over the
rounds and the spread (min-max). wrk shares the machine's cores with the server, as it
would on any one machine; the load average before each round is printed because the
machine may be shared. Aim: the adjudication step and the law page at >= 70 % of the bare
endpoint.

    .venv/bin/python bench/throughput.py [--rounds 3] [--seconds 10] [--connections 16]
        [--gunicorn "-k gthread --threads 4"]   # extra gunicorn settings, for both servers
"""

from __future__ import annotations

import argparse
import shlex
import statistics
import time
from contextlib import ExitStack

import server

AIMS = {"adjudication API step": 0.70, "law page": 0.70, "search API": 0.25}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--gunicorn", default="", help="extra gunicorn settings for both servers")
    args = parser.parse_args()
    extra = shlex.split(args.gunicorn)
    print(
        f"wrk -t2 -c{args.connections} -d{args.seconds}s, {args.rounds} rounds; gunicorn -c gunicorn.conf.py "
        f"{' '.join(extra)}".rstrip()
    )
    with ExitStack() as stack:
        env = stack.enter_context(server.snapshot())
        routes = server.routes()
        print("addresses: " + ", ".join(f"{name} {len(paths)}" for name, paths in routes.items()))
        results: dict[str, list[server.Run]] = {"bare endpoint": [], **{name: [] for name in routes}}
        ratios: dict[str, list[float]] = {name: [] for name in routes}
        bare_dir = stack.enter_context(server.bare_app_dir())
        bare = stack.enter_context(
            server.gunicorn("bare:app", env=env, ready="/bare", extra=[*extra, "--chdir", str(bare_dir)])
        )
        app = stack.enter_context(server.gunicorn("wsgi:app", env=env, extra=extra))
        print(
            f"workers: {len(app.workers())} per server; RSS after start {', '.join(f'{r:.0f}' for r in app.rss())} MiB"
        )
        targets = [("bare endpoint", bare, ["/bare"])] + [(name, app, paths) for name, paths in routes.items()]
        for round_ in range(1, args.rounds + 1):
            print(f"round {round_}: load average {server.load_average()}", flush=True)
            for name, srv, paths in targets:
                server.wrk(srv.url, paths, connections=args.connections, seconds=args.warmup)
                cpu = srv.cpu()
                run = server.wrk(srv.url, paths, connections=args.connections, seconds=args.seconds)
                spent = [after - cpu.get(pid, 0.0) for pid, after in srv.cpu().items()]
                results[name].append(run)
                print(
                    f"  {name:22} {run.rps:8.0f} req/s  p50 {run.p50_ms:6.2f} ms  p99 {run.p99_ms:7.2f} ms  "
                    f"errors {run.errors}  worker CPU s {'/'.join(f'{s:.1f}' for s in spent)}",
                    flush=True,
                )
            for name in routes:
                ratios[name].append(results[name][-1].rps / results["bare endpoint"][-1].rps)
            time.sleep(1)

    print()
    print(
        f"{'route':24}{'req/s median (min-max)':>26}{'p50 ms':>9}{'p99 ms':>9}"
        f"{'vs bare, median (min-max)':>29}{'errors':>8}"
    )
    for name, runs in results.items():
        rps = server.median_spread([r.rps for r in runs])
        p50 = statistics.median(r.p50_ms for r in runs)
        p99 = statistics.median(r.p99_ms for r in runs)
        ratio = ""
        if name in ratios:
            m, lo, hi = server.median_spread(ratios[name])
            aim = AIMS.get(name)
            verdict = "" if aim is None else (f"  aim >= {aim:.0%}: " + ("met" if m >= aim else "missed"))
            ratio = f"{m:6.1%} ({lo:.1%}-{hi:.1%}){verdict}"
        print(
            f"{name:24}{rps[0]:>10.0f} ({rps[1]:.0f}-{rps[2]:.0f})".ljust(50)
            + f"{p50:>9.2f}{p99:>9.2f}   {ratio:40}{sum(r.errors for r in runs):>4}"
        )


if __name__ == "__main__":
    main()
