"""Searches under make serve's worker (adjudicator/web/serving.py): each runs in a thread of
its own, a bounded number at once; one more is a 503 with Retry-After (JSON under /api/,
as the OpenAPI document says), and while a search computes the worker's loop keeps
answering the rest."""

from __future__ import annotations

import threading
import time

import pytest

from adjudicator.errors import Busy
from adjudicator.web import state


@pytest.fixture
def turned_away(monkeypatch):
    def refuse(work):
        raise Busy("the service is running as many searches as it can take; try again in a second")

    monkeypatch.setattr(state, "searching", refuse)


def test_a_search_turned_away_is_a_503_with_retry_after(client, turned_away):
    state.index_of(client.application).results.clear()  # a search asked before is answered from the cache
    response = client.get("/api/v1/search?q=revoke")  # the client checks it against the document
    assert response.status_code == 503 and response.headers["Retry-After"] == "1"
    assert response.get_json()["error"]["status"] == 503
    assert response.headers["Cache-Control"] == "no-store"
    page = client.get("/search?q=revoke")
    assert page.status_code == 503 and b"Too many searches at once" in page.data
    assert client.get("/api/v1/codes").status_code == 200  # nothing else is turned away


def test_search_threads_admit_a_bounded_number_and_turn_the_next_away():
    import gevent

    from adjudicator.web.serving import SearchThreads

    searches = SearchThreads(threads=1, waiting=1)
    release = threading.Event()
    running = [gevent.spawn(searches, lambda: release.wait(10) and "done") for _ in range(2)]
    gevent.sleep(0.2)  # one runs, one waits
    with pytest.raises(Busy):
        searches(lambda: "a third")
    release.set()
    assert [g.get(timeout=10) for g in running] == ["done", "done"]
    assert searches(lambda: "again") == "again"  # room again once they are done


def test_the_loop_goes_on_while_a_search_computes():
    """Half a second of computing: in the request the loop runs not once; in a search thread
    it goes on (at least a few times even on a loaded machine: the lock changes hands)."""
    import sys

    import gevent

    from adjudicator.web.serving import SWITCH_SECONDS, SearchThreads

    before = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_SECONDS)  # as the worker sets it

    def compute():
        end = time.monotonic() + 0.5
        while time.monotonic() < end:  # holds the interpreter's lock but for its hand-overs
            pass
        return "found"

    def ticks_during(run) -> int:
        ticks = []

        def loop():
            while True:
                gevent.sleep(0.005)
                ticks.append(time.monotonic())

        other = gevent.spawn(loop)
        gevent.sleep(0)  # the loop has started
        t0 = time.monotonic()
        assert run(compute) == "found"
        t1 = time.monotonic()
        other.kill()
        return sum(t0 < t < t1 for t in ticks)

    try:
        assert ticks_during(state.in_the_request) == 0
        assert ticks_during(SearchThreads(threads=1)) >= 3
    finally:
        sys.setswitchinterval(before)


def test_the_workers_compute_one_search_at_a_time_between_them():
    """Two workers' search threads share the server's bound (COMPUTING, made before the fork):
    the second search starts only when the first is done, so a flood keeps one core busy."""
    import gevent

    from adjudicator.web.serving import SearchThreads

    shared = threading.Semaphore(1)  # as the server's, for two workers in one process
    first, second = SearchThreads(server=shared), SearchThreads(server=shared)
    release, started = threading.Event(), []

    def long():
        started.append("first")
        release.wait(10)
        return "first done"

    def short():
        started.append("second")
        return "second done"

    running = gevent.spawn(first, long)
    gevent.sleep(0.2)
    waiting = gevent.spawn(second, short)
    gevent.sleep(0.3)
    assert started == ["first"]  # the second worker's search waits for the first's
    release.set()
    assert (running.get(timeout=10), waiting.get(timeout=10)) == ("first done", "second done")
    assert started == ["first", "second"]


def test_a_repeated_search_is_answered_while_new_ones_are_turned_away(client, monkeypatch):
    """A search the results cache holds is answered in the request: it never waits for a
    search thread nor is turned away; one that must compute still is."""
    asked = ["/api/v1/search?q=revoke+established", "/api/v1/search?q=revoke+established&page=999"]
    first = [client.get(path).get_json() for path in asked]  # computed (in the request, as under the test server)

    def refuse(work):
        raise Busy("the service is running as many searches as it can take; try again in a second")

    monkeypatch.setattr(state, "searching", refuse)
    for path, before in zip(asked, first, strict=True):
        again = client.get(path)
        assert again.status_code == 200 and again.get_json() == before
    assert first[1]["page"] > 1  # a page past the last is the last, kept as asked
    assert client.get("/api/v1/search?q=revoke+established+in+time").status_code == 503  # never asked: computes


def as_found(results):
    return results


def test_a_cached_search_does_not_wait_for_a_search_thread_that_is_full(app, monkeypatch):
    """The search thread busy and nothing more admitted: a repeated search is answered at
    once, in the greenlet that asked, and only a new one is turned away."""
    import gevent

    from adjudicator.web.params import SearchParams
    from adjudicator.web.serving import SearchThreads

    index = state.index_of(app)
    params = SearchParams("lead out of turn", {}, 1, 10)
    expected = state.run_search(index, params, as_found)  # computed once, in the request
    full = SearchThreads(threads=1, waiting=0)
    release = threading.Event()
    running = gevent.spawn(full, lambda: release.wait(10) and "done")
    gevent.sleep(0.2)  # it computes: nothing more is admitted
    monkeypatch.setattr(state, "searching", full)
    try:
        assert state.run_search(index, params, as_found) == expected
        with pytest.raises(Busy):
            state.run_search(index, SearchParams("lead out of turn by dummy", {}, 1, 10), as_found)
    finally:
        release.set()
    assert running.get(timeout=10) == "done"


def test_a_new_search_is_presented_in_its_thread_with_the_requests_addresses(client, monkeypatch):
    """Under the server's search threads, a search that computes is presented there too (the
    API's data, the page with its links, made with the request's context): the answers are
    those made in the request."""
    import gevent

    from adjudicator.web.serving import SearchThreads

    paths = ["/api/v1/search?q=dummy+looks+at+a+hand&pagelen=20", "/search?q=dummy+looks+at+a+hand&page=2"]
    index = state.index_of(client.application)
    index.results.clear()
    in_the_request = [client.get(path).data for path in paths]
    index.results.clear()
    threads, computed = SearchThreads(threads=1), []
    original = threads._computing

    def computing(context, work):
        computed.append(threading.get_ident())
        return original(context, work)

    monkeypatch.setattr(threads, "_computing", computing)
    monkeypatch.setattr(state, "searching", threads)
    in_threads = [gevent.spawn(client.get, path).get(timeout=30).data for path in paths]
    assert len(computed) == 2 and threading.get_ident() not in computed  # both computed in the thread
    assert in_threads == in_the_request
    assert b'href="/codes/' in in_threads[1]  # the page's links, made in the thread
