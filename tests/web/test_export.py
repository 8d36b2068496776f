"""`adjudicator export DIR` on the toy library: the folder served by a plain static file
server (http.server), crawled from its home page: every internal link resolves to a
file, every law page and every ruling of every remedy is there; twice the same bytes."""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urljoin, urlsplit
from urllib.request import urlopen

import pytest
from bs4 import BeautifulSoup

from adjudicator.cli import main
from adjudicator.graph import path_to
from adjudicator.web.export import file_of, relative
from tests.conftest import FIXTURES

FIXTURE_LAWS = FIXTURES / "laws"


def export_into(folder: Path) -> str:
    import io

    out = io.StringIO()
    assert main(["--laws", str(FIXTURE_LAWS), "export", str(folder)], out=out) == 0
    return out.getvalue()


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("site") / "sub" / "folder"  # from a subfolder, too
    report = export_into(folder)
    assert report.startswith("exported ") and " pages " in report and " MB" in report and " s" in report
    return folder


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def served(exported):
    root = exported.parent.parent  # the export sits two folders down: links must not leave it
    handler = functools.partial(Quiet, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/sub/folder/"
    server.shutdown()
    server.server_close()


def crawl(start: str) -> dict[str, bytes]:
    """Every page reachable from ``start`` by the links of the pages (inside the export)."""
    seen: dict[str, bytes] = {}
    todo = [start]
    broken = []
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        try:
            with urlopen(url) as response:  # noqa: S310 - our own loopback server
                seen[url] = body = response.read()
                kind = response.headers.get_content_type()
        except OSError as exc:
            broken.append(f"{url}: {exc}")
            continue
        if kind != "text/html":
            continue
        page = BeautifulSoup(body, "html.parser")
        for tag in page.find_all(["a", "link", "img", "script", "form"]):
            target = tag.get("href") or tag.get("src") or tag.get("action")
            if not target or target.startswith("#"):
                continue
            link = urljoin(url, target).split("#")[0].split("?")[0]
            assert link.startswith(start), f"{url} links out of the export: {target}"
            todo.append(link)
    assert not broken, "\n".join(broken[:20])
    return seen


def test_every_internal_link_resolves_to_a_file_served_statically(served, toy):
    pages = crawl(served)
    addresses = {urlsplit(u).path[len("/sub/folder") :] for u in pages}
    for code in toy.codes.values():
        for number in code.laws:
            assert f"/codes/{code.id}/laws/{number}/" in addresses, (code.id, number)
        for irregularity in code.irregularities.values():
            for remedy in irregularity.remedies:
                answers = path_to(irregularity, remedy)
                if answers is None:
                    continue
                prefix = f"/settle/{code.id}/{irregularity.id}/"
                states = [
                    {tuple(s.split("=", 1)) for s in a[len(prefix) :].strip("/").split("/") if "=" in s}
                    for a in addresses
                    if a.startswith(prefix) and not a.endswith(("/table/",)) and "/compare/" not in a
                ]
                assert set(answers.items()) in states or (not answers and prefix in addresses), (prefix, answers)
    assert b"../" in pages[served + "codes/"]  # relative links, never /codes/...
    assert not any(b'href="/' in body for body in pages.values())


def test_the_same_laws_give_the_same_bytes(exported, tmp_path):
    again = tmp_path / "again"
    export_into(again)
    first = {p.relative_to(exported): p.read_bytes() for p in exported.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first.keys() == second.keys() and first == second


def test_a_folder_that_is_not_an_export_is_refused(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    assert main(["--laws", str(FIXTURE_LAWS), "export", str(tmp_path)]) == 2
    assert "not empty" in capsys.readouterr().err and (tmp_path / "notes.txt").read_text() == "mine"


def test_pages_are_folders_and_links_are_relative_to_the_page():
    assert file_of("/") == "index.html"
    assert file_of("/codes/x/laws/4.2") == "codes/x/laws/4.2/index.html"
    assert file_of("/static/site.css") == "static/site.css"
    assert relative("/codes/x", "/codes/x/laws/50") == "../../"
    assert relative("/settle/c/i/q=a/r=b", "/settle/c/i/q=a") == "r=b/"
    assert relative("/static/site.css", "/") == "static/site.css"
    assert relative("/codes/x#laws", "/codes/x") == "./#laws"
