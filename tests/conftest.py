"""Fixtures: the real library (loaded once), a toy library for unit tests, the app and client."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator import config
from adjudicator.loader import load_library
from adjudicator.model import Library

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures"


@pytest.fixture(scope="session")
def library() -> Library:
    return load_library(config.laws_dir())


@pytest.fixture(scope="session")
def toy() -> Library:
    return load_library(FIXTURES / "laws")


@pytest.fixture(scope="session")
def search_index(library):
    """The real library's search index, built once in RAM."""
    from adjudicator.search import build_index

    return build_index(library)


@pytest.fixture
def app(library, search_index):
    from adjudicator.web import create_app

    return create_app({"TESTING": True, "LIBRARY": library, "SEARCH_INDEX": search_index})


@pytest.fixture
def client(app):
    return app.test_client()
