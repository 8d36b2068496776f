"""The worker `make serve` runs (gunicorn.conf.py names it): gunicorn's gevent worker,
which holds each connection in a greenlet, so a client that sends slowly holds a few
kilobytes, never a worker; with two limits of its own and its own error answers.

- A request's header must arrive within ``HEADER_SECONDS`` (gunicorn's gevent worker
  bounds each header read by its ``keepalive`` setting, which gunicorn.conf.py sets to
  it); then the connection is closed.
- Each read of the socket waits at most ``READ_SECONDS``, and a whole request (its header
  and body) must arrive within ``REQUEST_SECONDS`` of the connection or of the answer
  before it: a body shorter than its Content-Length, or trickled, ends in a 400 from the
  app (``handlers.read_body``), never a worker or a connection held for long.
- The errors gunicorn answers itself, before the app (a malformed request line or
  header, 414, 431, 501, a 500 when a worker fails), are JSON ``{"error": {...}}`` with the
  security headers and ``Cache-Control: no-store``, as the app's own errors are; so is
  the 500 a request gets when it keeps its worker past gunicorn's ``timeout`` (the worker
  is then replaced).

- A search (the one request whose cost grows with what it is sent: bench/flood.py) that
  the worker's results cache does not hold runs in an OS thread of the worker's own (``SearchThreads``), at most ``SEARCH_THREADS`` at
  once and ``SEARCH_WAITING`` more waiting; one more is turned away with a 503 and
  ``Retry-After`` (``Busy``). Across the workers, searches compute on one core fewer than
  the machine has (``COMPUTING``: one at a time on two cores), so a flood of searches
  leaves a core to the workers' loops. A search holds the interpreter's lock while it computes, but
  the lock changes hands every few milliseconds, so the worker's loop goes on answering
  every other request meanwhile instead of waiting for the searches ahead of it (the
  lock is handed over every ``SWITCH_SECONDS``, not Python's 5 ms: the loop waits for it
  at each read and write). ``SEARCH_THREADS=0`` in the environment searches in the
  request instead, as before. A repeated search is answered from the cache in the request
(``state.run_search``): it never waits for the thread, nor is turned away.

Imported by gunicorn's workers only (it imports gevent, which patches the process).
"""

from __future__ import annotations

import contextvars
import json
import multiprocessing
import os
import sys
import time

from gevent import GreenletExit
from gevent.lock import BoundedSemaphore
from gevent.threadpool import ThreadPool
from gunicorn import util
from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker

from adjudicator.errors import Busy
from adjudicator.web import state
from adjudicator.web.handlers import SECURITY_HEADERS

HEADER_SECONDS = 5
READ_SECONDS = 5
REQUEST_SECONDS = 10
SEARCH_THREADS = 1
SEARCH_WAITING = 4
SWITCH_SECONDS = 0.0005
TIMED_OUT = "the request took longer than the {seconds} s a worker may spend on one, and was stopped"


class SearchThreads:
    """Run each search in one of ``threads`` OS threads (gevent's thread pool: the greenlet
    that asked waits without holding the loop), at most ``waiting`` more queued; beyond,
    raise Busy at once. Whoosh's searcher is per OS thread, so each thread opens its own."""

    def __init__(self, threads: int = SEARCH_THREADS, waiting: int = SEARCH_WAITING, server=None) -> None:
        self.pool = ThreadPool(threads)
        self.admitted = BoundedSemaphore(threads + waiting)
        self.server = server

    def __call__(self, work):
        if not self.admitted.acquire(blocking=False):
            raise Busy("the service is running as many searches as it can take; try again in a second")
        try:
            # the request's context goes with the work (Flask's app and request: a page made
            # in the thread builds its addresses as in the request, which waits meanwhile)
            return self.pool.apply(self._computing, (contextvars.copy_context(), work))
        finally:
            self.admitted.release()

    def _computing(self, context, work):
        if self.server is None:
            return context.run(work)
        with self.server:  # in the search's thread: waiting for it holds no loop
            return context.run(work)


COMPUTING = multiprocessing.Semaphore(max(1, (os.cpu_count() or 1) - 1))
"""Searches computing at once in the whole server, across its workers (made in the master,
which imports this module to start its workers, so every worker shares it): one core
fewer than the machine has, so a flood of searches leaves the other worker's loops a core."""


class Deadline:
    """A client socket whose reads stop at a deadline (``restart`` sets it anew)."""

    def __init__(self, sock) -> None:
        self._sock = sock
        self.restart()

    def restart(self) -> None:
        self.deadline = time.monotonic() + REQUEST_SECONDS

    def recv(self, size: int, *flags) -> bytes:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"the request did not arrive within {REQUEST_SECONDS} seconds")
        self._sock.settimeout(min(READ_SECONDS, left))
        try:
            return self._sock.recv(size, *flags)
        finally:
            self._sock.settimeout(READ_SECONDS)

    def __getattr__(self, name: str):
        return getattr(self._sock, name)


def write_error(sock, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's error page, as the API's JSON error with the security headers."""
    body = json.dumps(
        {"error": {"status": status_int, "message": mesg or reason, "field": None, "value": None, "choices": []}}
    ).encode()
    head = [
        f"HTTP/1.1 {status_int} {reason}",
        "Connection: close",
        "Content-Type: application/json",
        f"Content-Length: {len(body)}",
        "Cache-Control: no-store",
        *(f"{name}: {value}" for name, value in SECURITY_HEADERS.items()),
    ]
    util.write_nonblock(sock, ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)


class Worker(GeventWorker):
    """gunicorn's gevent worker with a read timeout on every connection and JSON errors."""

    def init_process(self) -> None:
        util.write_error = write_error  # the worker's base class calls util.write_error for its error answers
        threads = int(os.environ.get("SEARCH_THREADS", SEARCH_THREADS))
        if threads > 0:  # 0: in the request, as before (bench/flood.py compares them)
            state.searching = SearchThreads(threads, server=COMPUTING)  # after the fork: each worker its own
            # the loop waits at most this long for the lock a computing search holds (5 ms by default),
            # at each of a request's reads and writes
            sys.setswitchinterval(SWITCH_SECONDS)
        super().init_process()

    def handle(self, listener, client, addr) -> None:
        client.setblocking(1)
        client.settimeout(READ_SECONDS)
        super(GeventWorker, self).handle(listener, Deadline(client), addr)

    timed_out = False

    def handle_abort(self, sig, frame) -> None:
        """The arbiter's SIGABRT: the worker was silent ``timeout`` seconds (a request kept
        the loop). The handler runs in the frame that kept it, so the SystemExit it raises
        ends that request, which ``handle_request`` answers before the worker exits."""
        self.timed_out = True
        super().handle_abort(sig, frame)

    def handle_request(self, listener_name, req, sock, addr):
        try:
            # the async worker's own (gevent's drops a SystemExit and the request with it, unanswered)
            return AsyncWorker.handle_request(self, listener_name, req, sock, addr)
        except GreenletExit:
            return False
        except SystemExit:
            if self.timed_out:
                self.log.error("a request kept the worker over %s s: answered 500, the worker exits", self.cfg.timeout)
                write_error(sock, 500, "Internal Server Error", TIMED_OUT.format(seconds=self.cfg.timeout))
            return False
        finally:
            if isinstance(sock, Deadline):
                sock.restart()  # the next request on this connection has its own time
