"""Where things are: the law files, the templates and static files, the instance folder.

Installed from a wheel, ``laws/``, ``templates/`` and ``static/`` are package data inside
the package (``adjudicator/laws`` ...), found with importlib.resources; in a source
checkout (an editable install) they are the folders at the top of the repository, beside
the package. ``ADJUDICATOR_LAWS`` moves the laws, ``ADJUDICATOR_INSTANCE`` the instance
folder (the search index): ``instance/`` in a checkout, and once installed
``$PREFIX/var/adjudicator-instance``, in the environment the package is installed in (where
Flask puts an installed package's instance folder), so an index sits beside the laws it
was built from. Scenario tests belong to the test suite (``tests/cases``): nothing here
finds them.
"""

from __future__ import annotations

import os
import sys
from importlib.resources import files
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The folder above the package: the top of the repository in a source checkout."""


def _shipped(name: str) -> Path:
    """``laws``, ``templates`` or ``static``: the package's own copy when installed from a
    wheel, else the checkout's folder of that name."""
    packaged = files("adjudicator") / name
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    return ROOT / name


def installed() -> bool:
    """True when the package carries its data (a wheel install), False in a checkout."""
    return _shipped("laws") != ROOT / "laws"


def laws_dir() -> Path:
    return Path(os.environ.get("ADJUDICATOR_LAWS") or _shipped("laws"))


def templates_dir() -> Path:
    return _shipped("templates")


def static_dir() -> Path:
    return _shipped("static")


def instance_dir() -> Path:
    """Where the search index is written and read (``instance_dir() / "index"``)."""
    chosen = os.environ.get("ADJUDICATOR_INSTANCE")
    if chosen:
        return Path(chosen)
    return Path(sys.prefix) / "var" / "adjudicator-instance" if installed() else ROOT / "instance"
