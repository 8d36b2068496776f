"""What a static copy writes for use with no signal (adjudicator/web/offline.py), read from a
toy export without a browser: each code's list of the files a phone keeps, the search
index, the service worker at the root, the manifest and the "not kept" pages."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from adjudicator.cli import main
from tests.conftest import FIXTURES


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("copy")
    assert main(["--laws", str(FIXTURES / "laws"), "export", str(folder)], out=io.StringIO()) == 0
    return folder


def listed(copy: Path, code: str) -> dict:
    return json.loads((copy / "offline" / f"{code}.json").read_text())


def address(path: Path, copy: Path) -> str:
    name = path.relative_to(copy).as_posix()
    return name.removesuffix("index.html")


def test_a_kept_code_holds_its_pages_its_general_laws_and_the_shared_files(copy):
    kept = listed(copy, "toy-whist")
    files = set(kept["files"])
    own = {
        address(p, copy)
        for part in ("codes/toy-whist", "settle/toy-whist", "learn/toy-whist", "offline/toy-whist")
        for p in (copy / part).rglob("*")
        if p.is_file()
    }
    assert own and own <= files  # every question, ruling, table view, comparison, law, Learn page
    assert "settle/toy-whist/revoke/established=yes/" in files  # the ruling "Three tricks"
    # its rulings under the general laws cite them: the general code's law pages are kept
    assert "codes/toy-general/laws/G-1/" in files
    assert {"", "codes/", "settle/", "learn/", "search/", "search/pack.json"} <= files
    assert {"static/site.css", "static/copy.js", "static/vendor/stemmer.js", "static/favicon.svg"} <= files
    # not another code's pages, nor what the browser fetches itself
    assert not any(f.startswith(("codes/toy-whist-house/", "settle/toy-whist-house/")) for f in files)
    assert "static/sw.js" not in files and "sw.js" not in files and "offline/toy-whist.json" not in files
    on_disk = [copy / (f + "index.html" if f.endswith("/") or not f else f) for f in kept["files"]]
    assert kept["bytes"] == sum(p.stat().st_size for p in on_disk)


def test_the_house_code_keeps_the_laws_of_the_code_it_extends(copy):
    files = set(listed(copy, "toy-whist-house")["files"])
    assert "codes/toy-whist/laws/1/" in files  # its Law 1 is the parent's, linked there
    # the game's page (settle/toy-whist/: the toy game and code share a name), not the parent's disputes
    assert "settle/toy-whist/" in files
    assert not any(f.startswith("settle/toy-whist/") and f != "settle/toy-whist/" for f in files)


def test_versions_differ_by_code_and_follow_the_files(copy, tmp_path):
    versions = {c: listed(copy, c)["version"] for c in ("toy-whist", "toy-whist-house", "toy-general")}
    assert len(set(versions.values())) == 3
    laws = tmp_path / "laws"
    laws.mkdir()
    for path in (FIXTURES / "laws").glob("*.yaml"):
        text = path.read_text()
        (laws / path.name).write_text(text.replace("A misdeal loses the deal.", "A misdeal passes the deal."))
    again = tmp_path / "again"
    assert main(["--laws", str(laws), "export", str(again)], out=io.StringIO()) == 0
    assert listed(again, "toy-whist")["version"] != versions["toy-whist"]  # Law 4 is its own
    # the house code omits Law 4, but keeps the search index, which holds Law 4's words
    assert listed(again, "toy-whist-house")["version"] != versions["toy-whist-house"]


def test_the_worker_is_at_the_root_and_the_not_kept_page_leads_back(copy):
    assert (copy / "sw.js").read_text() == (copy / "static" / "sw.js").read_text()
    manifest = json.loads((copy / "static" / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "../" and manifest["scope"] == "../"
    page = (copy / "offline" / "toy-whist" / "index.html").read_text()
    assert "<h1>This page is not kept on this phone</h1>" in page
    assert '<a href="../../codes/toy-whist/">Toy Whist, test code (1900)</a>' in page
