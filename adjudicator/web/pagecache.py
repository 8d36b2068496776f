"""Pages that never change while a worker runs (a law, a ruling, an API adjudication
step), rendered once.

The library is loaded when the app is created and never changes afterwards, so a law
page, a ruling page or an adjudication step is a pure function of its address: the first
request renders it, the next ones are served the same text. The cache is per app (each worker builds its
own), bounded in bytes (the least recently used page goes first) and thread-safe. Only
pages that rendered without error are kept; the key is built by the caller from the
validated request (never from raw parameters), so junk addresses cannot fill it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from flask import current_app, request

LIMIT_BYTES = 24 * 1024 * 1024
"""Bytes kept per worker: every law and ruling page and every API step of the scenario
tests take about 18 MB. Kept encoded: a str holding one curly quote takes two bytes a
character."""


class PageCache:
    def __init__(self, limit: int = LIMIT_BYTES) -> None:
        self.limit = limit
        self.size = 0
        self._pages: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._pages)

    def get(self, key: Hashable, render: Callable[[], str]) -> bytes:
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
                return page
        page = render().encode("utf-8")
        if len(page) > self.limit:
            return page
        with self._lock:
            if key not in self._pages:
                self._pages[key] = page
                self.size += len(page)
                while self.size > self.limit:
                    _, dropped = self._pages.popitem(last=False)
                    self.size -= len(dropped)
        return page


def cached(key: Hashable, render: Callable[[], str]) -> bytes:
    """The page at ``key`` in the current app's cache, rendered by ``render`` the first time.
    The key includes the script root, since the page's links do."""
    cache: PageCache = current_app.extensions["adjudicator.pages"]
    return cache.get((request.script_root, key), render)
