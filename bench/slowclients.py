"""Slow clients against `make serve`'s gunicorn (loopback only; stops by itself).

Two phases of ``--seconds`` each, in the same run, against the same server (the
repository's gunicorn.conf.py on a snapshot of the real laws): first the baseline, one
normal client alone; then the same client while ``--slow`` connections trickle bytes
(a third send a request header one byte per tick and never finish it; a third send a
POST with a Content-Length and its body one byte per tick; a third a chunked POST body,
one one-byte chunk per tick). A slow connection that the server closes or answers is
counted and opened again at once, so ``--slow`` stay open all the time.

The normal client opens a new connection per request (as a phone does) and cycles over
the main routes; an error is a refused or timed-out connection (5 s) or a status of 400
or more. It passes when, with the slow clients, its p99 is under 100 ms and it had no
error.

    .venv/bin/python bench/slowclients.py [--seconds 30] [--slow 100] [--tick 0.5] [--worker sync]

``--worker sync`` serves with gunicorn's sync worker instead (the model before, for comparison).
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import selectors
import socket
import statistics
import threading
import time
from collections import Counter
from contextlib import ExitStack

import server

ROUTES = ["/api/v1/codes", "/", "/codes", "/search?q=revoke", "/api/v1/search?q=lead+out+of+turn"]


def normal_client(port: int, paths: list[str], seconds: float) -> tuple[list[float], Counter]:
    latencies: list[float] = []
    errors: Counter = Counter()
    deadline = time.monotonic() + seconds
    for path in itertools.cycle(paths):
        if time.monotonic() > deadline:
            break
        t0 = time.perf_counter()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            if response.status >= 400:
                errors[f"status {response.status}"] += 1
        except OSError as exc:
            errors[type(exc).__name__] += 1
        finally:
            connection.close()
        latencies.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.01)  # a steady client, not a flood
    return latencies, errors


KINDS = ("header", "body", "chunked")


def opening(kind: str) -> bytes:
    if kind == "header":
        return b"GET /api/v1/codes HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
    framing = "Transfer-Encoding: chunked" if kind == "chunked" else "Content-Length: 60000"
    return (
        f"POST /api/v1/adjudicate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n{framing}\r\n\r\n"
    ).encode()


TRICKLE = {"header": b"x", "body": b" ", "chunked": b"1\r\n \r\n"}


class SlowClients(threading.Thread):
    """``count`` slow connections kept open until ``stop`` is set; what the server did with them."""

    def __init__(self, port: int, count: int, tick: float) -> None:
        super().__init__(daemon=True)
        self.port, self.count, self.tick = port, count, tick
        self.stop = threading.Event()
        self.opened = 0
        self.endings: Counter = Counter()
        self.selector = selectors.DefaultSelector()
        self.sockets: dict[socket.socket, str] = {}

    def open(self, kind: str) -> None:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        sock.sendall(opening(kind))
        sock.setblocking(False)
        self.sockets[sock] = kind
        self.selector.register(sock, selectors.EVENT_READ)
        self.opened += 1

    def end(self, sock: socket.socket, how: str) -> None:
        kind = self.sockets.pop(sock)
        self.selector.unregister(sock)
        sock.close()
        self.endings[f"{kind}: {how}"] += 1
        if not self.stop.is_set():
            self.open(kind)

    def run(self) -> None:
        for i in range(self.count):
            self.open(KINDS[i % len(KINDS)])
        while not self.stop.is_set():
            for key, _ in self.selector.select(timeout=self.tick):
                sock = key.fileobj
                try:
                    data = sock.recv(4096)
                except OSError as exc:
                    self.end(sock, type(exc).__name__)
                    continue
                self.end(sock, data.split(b"\r\n", 1)[0].decode("latin-1")[9:12] if data else "closed")
            for sock, kind in list(self.sockets.items()):
                try:
                    sock.send(TRICKLE[kind])
                except BlockingIOError:
                    pass
                except OSError as exc:
                    self.end(sock, type(exc).__name__)
        for sock in list(self.sockets):
            self.selector.unregister(sock)
            sock.close()


def summary(name: str, latencies: list[float], errors: Counter) -> tuple[float, float]:
    ordered = sorted(latencies)
    p50 = statistics.median(ordered)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    shown = ", ".join(f"{k} {v}" for k, v in errors.items()) or "0"
    print(
        f"{name:<28} {len(ordered):>6} requests  p50 {p50:6.1f} ms  p99 {p99:6.1f} ms  max {ordered[-1]:7.1f} ms  errors {shown}"
    )
    return p50, p99


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--slow", type=int, default=100)
    parser.add_argument("--tick", type=float, default=0.5, help="seconds between two bytes of a slow connection")
    parser.add_argument("--worker", default=None, help="a gunicorn worker class instead of the configured one")
    args = parser.parse_args()
    extra = ["-k", args.worker] if args.worker else []
    with ExitStack() as stack:
        env = stack.enter_context(server.snapshot())
        srv = stack.enter_context(server.gunicorn("wsgi:app", env=env, extra=extra))
        server.check_addresses(srv.url, ROUTES)
        print(
            f"load average {server.load_average()}; workers {srv.workers()}; worker class {args.worker or 'configured'}"
        )
        print(f"normal client: one request at a time, a new connection each, over {', '.join(ROUTES)}")
        base = normal_client(srv.port, ROUTES, args.seconds)
        slow = SlowClients(srv.port, args.slow, args.tick)
        slow.start()
        time.sleep(1)  # every slow connection open
        loaded = normal_client(srv.port, ROUTES, args.seconds)
        slow.stop.set()
        slow.join()
        print(f"load average {server.load_average()}")
    b50, b99 = summary("baseline (no slow clients)", *base)
    s50, s99 = summary(f"with {args.slow} slow clients", *loaded)
    print(f"ratio with/without: p50 {s50 / b50:.2f}x, p99 {s99 / b99:.2f}x")
    print(f"slow connections opened {slow.opened}; how the server ended them:")
    for how, n in sorted(slow.endings.items()):
        print(f"  {how:<32} {n}")
    ok = s99 < 100 and not loaded[1]
    print(
        f"{'pass' if ok else 'FAIL'}: with slow clients p99 {s99:.1f} ms (under 100 ms) and {sum(loaded[1].values())} errors (0)"
    )
    if not ok:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
