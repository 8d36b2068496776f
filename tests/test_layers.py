"""The core never imports the web framework: an import-linter contract and a real import."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_importing_the_core_leaves_flask_out():
    code = (
        "import sys\n"
        "import adjudicator.engine, adjudicator.loader, adjudicator.checks, adjudicator.cli, adjudicator.presentation.ruling, adjudicator.presentation.law, adjudicator.compare\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'flask', 'werkzeug', 'jinja2'})\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_import_contracts_hold():
    linter = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run([str(linter)], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
