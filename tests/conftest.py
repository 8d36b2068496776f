"""Fixtures: the real library (loaded once), a toy library for unit tests, the app and client."""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest
from hypothesis import settings

from adjudicator import config
from adjudicator.loader import load_library
from adjudicator.model import Library

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures"
CASES_DIR = HERE / "cases"  # the scenario tests: the suite's, never found at run time

settings.register_profile("mutation", max_examples=10)
"""Property tests that take their example count from the profile run ten examples, not a
hundred, under `make mutation` (tools/mutation.py sets ADJUDICATOR_HYPOTHESIS=mutation):
a mutant is run against them once for each mutant, and a surviving one runs them whole."""
settings.load_profile(os.environ.get("ADJUDICATOR_HYPOTHESIS", "default"))


@functools.cache
def real_library() -> Library:
    """The real library, loaded once per session (also for test modules that need it at import)."""
    return load_library(config.laws_dir())


@pytest.fixture(scope="session")
def library() -> Library:
    return real_library()


@pytest.fixture(scope="session")
def toy() -> Library:
    """The toy library, checked as the app checks what it loads."""
    from adjudicator.checks import load_checked

    return load_checked(FIXTURES / "laws")


@pytest.fixture(scope="session")
def search_index(library):
    """The real library's search index, built once in RAM (shared with apps made with it)."""
    from adjudicator.search import index_for

    return index_for("ram", library, config.laws_dir())


@pytest.fixture
def app(library, search_index):
    from adjudicator.web import create_app

    return create_app({"TESTING": True, "LIBRARY": library, "SEARCH_INDEX": search_index})


@pytest.fixture
def client(app):
    return app.test_client()
