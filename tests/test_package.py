"""The package as a user installs it: the wheel built from this checkout carries the laws,
templates and static files, and, installed into a fresh virtual environment, its
commands and its app work from another folder.

Offline: the wheel is built with the environment's own hatchling (a test extra) and no
build isolation; the fresh environment borrows this one's dependencies (flask, pydantic,
...) through a .pth file, and only adjudicator itself is installed into it, from the wheel.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = ("laws", "templates", "static")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "-q",
            "-w",
            out,
            ROOT,
        ],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("adjudicator-*.whl")
    return built


def test_the_wheel_carries_the_laws_templates_and_static_files_as_package_data(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {
        f"adjudicator/{path.relative_to(ROOT).as_posix()}"
        for folder in DATA
        for path in (ROOT / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert shipped <= names, sorted(shipped - names)
    for name in (
        "adjudicator/laws/napoleon-hoffmann.yaml",
        "adjudicator/templates/base.html",
        "adjudicator/static/site.css",
        "adjudicator/cli.py",
        "adjudicator/web/__init__.py",
    ):
        assert name in names
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "adjudicator = adjudicator.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
    # nothing of the checkout but the package: no tests (scenario cases stay with them), no index
    strays = [n for n in names if not n.startswith(("adjudicator/", "adjudicator-"))]
    assert strays == []
    assert not [n for n in names if "/tests/" in n or "/cases/" in n or "instance" in n or "__pycache__" in n]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(server: subprocess.Popen, url: str) -> tuple[int, str, str]:
    """GET ``url`` once the server listens (a minute at most; it loads the laws first)."""
    for _ in range(300):
        if server.poll() is not None:
            raise AssertionError(f"the server stopped: {server.communicate()[1]}")
        try:
            with urllib.request.urlopen(url, timeout=120) as response:  # noqa: S310 (a loopback address)
                return response.status, response.headers["Content-Type"], response.read().decode()
        except urllib.error.URLError:
            time.sleep(0.2)
    raise AssertionError(f"nothing answered at {url}")


def test_installed_into_a_fresh_environment_it_serves_and_answers_from_another_folder(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    python = venv / "bin" / "python"
    purelib = Path(
        subprocess.check_output(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True
        ).strip()
    )
    (purelib / "borrowed.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")  # the dependencies only
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "-q", wheel],
        check=True,
        capture_output=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ADJUDICATOR_", "PYTHON"))}

    def run(*argv: str) -> str:
        done = subprocess.run(argv, cwd=elsewhere, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        return done.stdout

    where = run(str(python), "-c", "import adjudicator.config as c; print(c.__file__, c.laws_dir(), c.templates_dir())")
    assert where.split() == [
        str(purelib / "adjudicator" / "config.py"),
        str(purelib / "adjudicator" / "laws"),
        str(purelib / "adjudicator" / "templates"),
    ]
    listed = run(str(venv / "bin" / "adjudicator"), "codes")
    codes = sorted(path.stem for path in (ROOT / "laws").glob("*.yaml"))
    assert [code for code in codes if re.search(rf"^  {re.escape(code)}\s", listed, re.M)] == codes
    ruling = run(str(venv / "bin" / "adjudicator"), "ask", "napoleon-hoffmann", "revoke",
                 "-a", "who-revoked=opponent", "-a", "shown=yes", "-a", "replayed=made")  # fmt: skip
    assert "The revoker pays the caller for everyone" in ruling
    built = run(str(venv / "bin" / "adjudicator"), "build-index")
    assert f"built the search index in {venv / 'var' / 'adjudicator-instance' / 'index'}:" in built

    port = _free_port()
    server = subprocess.Popen(
        [python, "-m", "gunicorn", "-b", f"127.0.0.1:{port}", "-w", "1", "adjudicator.web:create_app()"],
        cwd=elsewhere,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        status, kind, page = _get(server, f"{base}/")
        assert (status, kind) == (200, "text/html; charset=utf-8") and "Settle a dispute" in page
        status, _, page = _get(
            server, f"{base}/settle/napoleon-hoffmann/revoke/shown=yes/who-revoked=opponent/replayed=made"
        )
        assert status == 200 and "The revoker pays the caller for everyone" in page
        status, kind, document = _get(server, f"{base}/api/v1/openapi.json")
        assert (status, kind) == (200, "application/json") and '"openapi": "3.1' in document.replace('":"', '": "')
        status, kind, _ = _get(server, f"{base}/static/site.css")
        assert (status, kind) == (200, "text/css; charset=utf-8")
    finally:
        server.terminate()
        _, err = server.communicate(timeout=30)
    assert "Traceback" not in err, err
