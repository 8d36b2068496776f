"""Faults on disk: a missing or corrupt index, a law file broken on disk, a disk that is
full or cannot be written when the index is built. Each gives a clear message and a
non-zero exit, leaves any previous index as it was, and never a half-working server:
``adjudicator build-index`` and gunicorn (with the repository's gunicorn.conf.py) are run
against broken instance folders in a temporary directory.

The gunicorn runs use the small laws of tests/search/laws, so that a start costs about a second.
"""

from __future__ import annotations

import errno
import http.client
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from adjudicator import config
from adjudicator.cli import main
from adjudicator.errors import IndexProblem
from adjudicator.loader import load_library
from adjudicator.search import MANIFEST, build_index, open_index, search

MINI_LAWS = Path(__file__).parent / "search" / "laws"
GUNICORN = Path(sys.executable).parent / "gunicorn"
BROKEN_LINE = "  this line: [is not yaml\n"


@pytest.fixture
def instance(tmp_path):
    """A working instance: a copy of the small laws and its index, built by the command."""
    laws = tmp_path / "laws"
    shutil.copytree(MINI_LAWS, laws)
    assert main(["--laws", str(laws), "build-index", "--index", str(tmp_path / "index")]) == 0
    return tmp_path


def break_law_file(laws: Path) -> Path:
    path = sorted(laws.glob("*.yaml"))[0]
    path.write_text(path.read_text(encoding="utf-8") + BROKEN_LINE, encoding="utf-8")
    return path


def index_files(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


# ---------------------------------------------------------------- adjudicator build-index


def test_build_index_refuses_a_broken_law_file_and_keeps_the_old_index(instance, capsys):
    before = index_files(instance / "index")
    broken = break_law_file(instance / "laws")
    status = main(["--laws", str(instance / "laws"), "build-index", "--index", str(instance / "index")])
    err = capsys.readouterr().err
    assert status == 1
    assert f"{broken.name}:" in err and "problem(s) in the law files" in err and "run: adjudicator check" in err
    assert "Traceback" not in err
    assert index_files(instance / "index") == before


@pytest.mark.parametrize("where", ["segment", "manifest"])
def test_a_full_disk_while_building_fails_clearly_and_keeps_the_old_index(instance, monkeypatch, capsys, where):
    before = index_files(instance / "index")

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(instance / "index.new" / "x"))

    if where == "segment":  # whoosh writing its files
        monkeypatch.setattr("whoosh.filedb.filestore.FileStorage.create_file", full)
    else:  # the manifest, written last
        real = Path.write_text
        monkeypatch.setattr(
            Path, "write_text", lambda self, *a, **k: full() if self.name == MANIFEST else real(self, *a, **k)
        )
    status = main(["--laws", str(instance / "laws"), "build-index", "--index", str(instance / "index")])
    err = capsys.readouterr().err
    assert status == 1
    assert "No space left on device" in err and "nothing was changed there" in err, err
    assert "Traceback" not in err
    assert index_files(instance / "index") == before
    assert not (instance / "index.new").exists()
    monkeypatch.undo()
    assert search(open_index(instance / "index", instance / "laws"), "revoke").total > 0


def test_a_folder_that_cannot_be_written_fails_clearly(tmp_path, capsys):
    # a path under a regular file cannot be created, even by root (CI may run as root,
    # where permission bits would not stop the write)
    (tmp_path / "file").write_text("not a folder")
    status = main(["--laws", str(MINI_LAWS), "build-index", "--index", str(tmp_path / "file" / "index")])
    err = capsys.readouterr().err
    assert status == 1
    assert "cannot write the index" in err and str(tmp_path / "file") in err and "Traceback" not in err


def test_building_the_index_again_after_a_failure_works(instance, monkeypatch):
    library = load_library(instance / "laws")
    monkeypatch.setattr(
        "whoosh.filedb.filestore.FileStorage.create_file",
        lambda *a, **k: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space left on device")),
    )
    with pytest.raises(IndexProblem, match="No space left on device"):
        build_index(library, instance / "index")
    monkeypatch.undo()
    assert len(build_index(library, instance / "index")) > 0


# ---------------------------------------------------------------- the app


def test_the_app_refuses_a_missing_or_corrupt_index(instance):
    from adjudicator.web import create_app

    settings = {"LAWS_DIR": str(instance / "laws"), "SEARCH_INDEX": str(instance / "index")}
    assert create_app(settings)  # the working instance serves
    (instance / "index" / MANIFEST).write_text("{ truncated")
    with pytest.raises(IndexProblem, match="unreadable.*adjudicator build-index"):
        create_app(settings)
    shutil.rmtree(instance / "index")
    with pytest.raises(IndexProblem, match="no search index here.*adjudicator build-index"):
        create_app(settings)


def test_the_app_refuses_a_law_file_broken_on_disk(instance):
    from adjudicator.errors import LibraryError
    from adjudicator.web import create_app

    broken = break_law_file(instance / "laws")
    with pytest.raises(LibraryError, match=broken.name):
        create_app({"LAWS_DIR": str(instance / "laws"), "SEARCH_INDEX": str(instance / "index")})


# ---------------------------------------------------------------- gunicorn, as `make serve` runs it


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def gunicorn(instance: Path, port: int) -> subprocess.Popen:
    env = {
        **os.environ,
        "ADJUDICATOR_LAWS": str(instance / "laws"),
        "ADJUDICATOR_INSTANCE": str(instance),
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "WORKERS": "1",
    }
    return subprocess.Popen(
        [str(GUNICORN), "-c", str(config.ROOT / "gunicorn.conf.py"), "wsgi:app"],
        cwd=config.ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def refused(instance: Path) -> str:
    process = gunicorn(instance, free_port())
    try:
        _, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 1, err
    assert "Booting worker" not in err, "a worker was started"
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("fault", ["missing index", "corrupt index", "stale index", "broken law file"])
def test_gunicorn_refuses_to_start_on_a_broken_instance(instance, fault):
    index = instance / "index"
    if fault == "missing index":
        shutil.rmtree(index)
        expected = ["there is no search index here", "run `adjudicator build-index`"]
    elif fault == "corrupt index":
        damaged = next(index.glob("*.trm"))
        damaged.write_bytes(b"\0" * 64)
        expected = [f"the index file {damaged.name} is damaged", "run `adjudicator build-index`"]
    elif fault == "stale index":
        path = sorted((instance / "laws").glob("*.yaml"))[0]
        path.write_text(path.read_text() + "\n# edited after the build\n")
        expected = ["older than the law files", f"changed {path.name}"]
    else:
        expected = [break_law_file(instance / "laws").name, "problem(s) in the law files"]
    err = refused(instance)
    assert "adjudicator: cannot serve:" in err
    for words in expected:
        assert words in err, err


def request(port: int, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def test_gunicorn_serves_a_working_instance_with_limits_and_headers(instance):
    port = free_port()
    process = gunicorn(instance, port)
    try:
        for _ in range(300):
            try:
                status, headers, _ = request(port, "GET", "/")
                break
            except ConnectionError:
                assert process.poll() is None, process.communicate()[1]
                time.sleep(0.1)
        else:
            pytest.fail("gunicorn did not answer")
        assert status == 200
        assert "default-src 'self'" in headers["Content-Security-Policy"]
        assert headers["X-Content-Type-Options"] == "nosniff"
        # 100 KB in the query string or a header: refused by gunicorn before the app
        assert request(port, "GET", f"/search?q={'x' * 100_000}")[0] in (400, 414)
        assert request(port, "GET", "/", headers={"X-Big": "x" * 100_000})[0] in (400, 431)
        # a body over the app's limit (64 KiB)
        body = b"{" + b" " * 100_000 + b"}"
        assert request(port, "POST", "/api/v1/adjudicate", body, {"Content-Type": "application/json"})[0] == 413
        assert request(port, "GET", "/codes")[0] == 200
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert "Traceback" not in err
