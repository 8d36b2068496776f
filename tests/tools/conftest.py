"""Table-tool fixtures: the web fixtures of tests/web (an app whose test client checks every
/api/v1 response against the OpenAPI document) and the scenario files' reader."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.web.conftest import app, client, search_index  # noqa: F401 - fixtures shared with the web tests

SCENARIOS = Path(__file__).parent / "scenarios"
SEEDS = Path(__file__).parent.parent / "seeds"  # copies of ../shared/seeds, kept in the repo


def read_scenarios(name: str, keys: set[str]) -> list[dict[str, Any]]:
    """The scenarios of ``scenarios/<name>.yaml``; a key outside ``keys`` is an error."""
    items = yaml.load((SCENARIOS / name).read_text(), Loader=yaml.CSafeLoader)  # libyaml: a quarter of the time
    for item in items:
        unknown = set(item) - keys
        assert not unknown, f"{name}: {item.get('name')!r} has unknown keys {sorted(unknown)}; allowed: {sorted(keys)}"
    return items


def by_code(items: list[dict[str, Any]]) -> list[Any]:
    """One pytest param per (scenario, code), named by the code and the scenario's sentence."""
    return [
        pytest.param(item, code, expected, id=f"{code}: {item['name']}")
        for item in items
        for code, expected in item["codes"].items()
    ]
