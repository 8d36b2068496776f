"""A bounded least-recently-used cache, safe to share between threads."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Bounded(Generic[V]):
    """At most ``limit`` units of cost (each value's cost is ``cost(value)``; 1 by default):
    putting more drops the least recently used first."""

    def __init__(self, limit: int, cost: Callable[[V], int] | None = None) -> None:
        self.limit = limit
        self.cost = cost or (lambda _: 1)
        self.used = 0
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return found[0]

    def put(self, key: Hashable, value: V) -> V:
        cost = self.cost(value)
        if cost > self.limit:
            return value
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.used -= old[1]
            self._items[key] = (value, cost)
            self.used += cost
            while self.used > self.limit:
                _, (_, dropped) = self._items.popitem(last=False)
                self.used -= dropped
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.used = 0
