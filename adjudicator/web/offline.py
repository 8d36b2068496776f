"""What a static copy adds to its frozen pages to work with no signal (``adjudicator export``,
after freezing): search in the browser, and codes kept on a phone.

- ``search/pack.json``: the copy's search index (``adjudicator.search.pack``), read by
  ``static/copy.js`` on the search page;
- ``sw.js`` (a copy of ``static/sw.js``) at the copy's root, so that its scope is the whole
  copy wherever the copy is served from, and ``static/manifest.webmanifest`` (the site as
  an app a phone can add to its home screen);
- for each code, ``offline/CODE.json``: the files a phone keeps for it (its laws, its
  questions and rulings with their table views and comparisons, its Learn pages, the laws of
  the codes it extends or falls back on, and the shared pages, CSS, icons, scripts and
  search), their total size, and a version (a digest of those files: a new export with new
  laws gives a new version, and a phone that kept the code fetches it again when online);
- ``offline/CODE/index.html``: the page a kept phone shows, offline, for a page it does not
  hold ("This page is not kept on this phone", with the links back to the code).

The live app offers none of this: it sends pages fresh, and a phone that has a signal
needs no copy; a phone that will not have one keeps a code from a static copy.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

from flask import Flask, render_template

import adjudicator.web.urls as urls
from adjudicator.model import Code, Library
from adjudicator.presentation import words
from adjudicator.search.documents import Document, code_label
from adjudicator.search.pack import pack
from adjudicator.web.copy_paths import relative, relative_links
from adjudicator.web.presenters.search import hit_url
from adjudicator.web.state import library_of

PACK = "search/pack.json"
WORKER = "sw.js"
MANIFEST = "static/manifest.webmanifest"
LISTS = "offline"
"""The folder of the codes' lists and their "not kept" pages."""
SHARED_PAGES = ("", "codes/", "settle/", "learn/", "search/")
"""Pages every kept code keeps too (the home page, the lists, the search page)."""
NOT_KEPT = ("static/sw.js",)
"""Files of the copy never kept: the service worker is fetched by the browser itself."""


def _show(library: Library, doc: Document) -> tuple[str, str, str]:
    """A document's title as a hit shows it, its address in the copy, its edition's name."""
    code = library.codes[doc.code]
    law = doc.kind == "law" and doc.number is not None
    title = words.law_name(doc.number, doc.title) if law and doc.number else doc.title
    edition = code_label(code)
    if law and doc.number and words.NUMBERED.fullmatch(doc.number):
        edition = f"{edition} {words.law_ref(doc.number)}"
    return title, relative(hit_url(library, doc), "/"), edition


def address_of(path: str) -> str:
    """A file of the copy as its page is asked for: ``codes/x/index.html`` -> ``codes/x/``."""
    if path == "index.html":
        return ""
    return path.removesuffix("index.html") if path.endswith("/index.html") else path


def _kept(code: Code, library: Library, game_pages: set[str], address: str) -> bool:
    """Whether a phone that keeps ``code`` keeps the file at ``address``."""
    if address in SHARED_PAGES or address == PACK or address in game_pages:
        return True
    if address.startswith("static/"):
        return address not in NOT_KEPT
    if address.startswith(tuple(f"{part}/{code.id}/" for part in ("codes", "settle", "learn", LISTS))):
        return True
    if address == f"api/v1/codes/{code.id}.json":
        return True
    # the laws its rulings cite in the codes it extends or falls back on
    others = [*code.lineage[1:], *([code.fallback.id] if code.fallback else [])]
    return any(address.startswith(f"codes/{other}/") for other in others if other in library.codes)


def _lists(folder: Path, library: Library) -> dict[str, dict[str, Any]]:
    files = {}  # each file of the copy (sorted) -> its size and digest, read once
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            files[path.relative_to(folder).as_posix()] = (len(data), hashlib.sha256(data).hexdigest())
    out = {}
    for code in library.codes.values():
        game_pages = {f"settle/{code.game}/"}
        kept = [f for f in files if _kept(code, library, game_pages, address_of(f))]
        digest = hashlib.sha256()
        for name in kept:
            digest.update(f"{name}\0{files[name][1]}\n".encode())
        out[code.id] = {
            "code": code.id,
            "version": digest.hexdigest()[:16],
            "bytes": sum(files[name][0] for name in kept),
            "files": [address_of(f) for f in kept],
        }
    return out


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def write_offline(app: Flask, folder: Path) -> None:
    """Add to the frozen copy in ``folder`` its search index, service worker, manifest, and
    each code's list of files to keep and its "not kept" page."""
    library = library_of(app)
    static = Path(app.static_folder or "")
    shutil.copyfile(static / "sw.js", folder / WORKER)
    manifest = {
        "name": words.SITE_NAME,
        "short_name": words.SITE_NAME,
        "description": words.SITE_LINE,
        "start_url": "../",
        "scope": "../",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#ffffff",
        "icons": [{"src": "favicon.svg", "sizes": "any", "type": "image/svg+xml"}],
    }
    _write(folder / MANIFEST, json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
    with app.test_request_context("/"):
        _write(folder / PACK, _dumps(pack(library, lambda doc: _show(library, doc))))
        for code in library.codes.values():
            page = f"/{LISTS}/{code.id}"
            with app.test_request_context(page):
                html = render_template(
                    "offline/not-kept.html",
                    code=words.code_line(code),
                    code_url=urls.code_url(code.id),
                    settle_url=urls.irregularities_url(code.id),
                )
            _write(folder / LISTS / code.id / "index.html", relative_links(html, page))
    for code_id, listed in _lists(folder, library).items():
        _write(folder / LISTS / f"{code_id}.json", _dumps(listed))
