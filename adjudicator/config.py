"""Where things are: the laws, the scenario tests, the instance folder (the search index).

Each can be moved with an environment variable; the defaults are the folders of the
source tree this package runs from.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def laws_dir() -> Path:
    return Path(os.environ.get("ADJUDICATOR_LAWS", ROOT / "laws"))


def cases_dir() -> Path:
    return Path(os.environ.get("ADJUDICATOR_CASES", ROOT / "tests" / "cases"))


def instance_dir() -> Path:
    return Path(os.environ.get("ADJUDICATOR_INSTANCE", ROOT / "instance"))
