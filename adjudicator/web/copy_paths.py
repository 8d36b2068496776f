"""Addresses in a static copy (``adjudicator export``): where a page of the app is written,
the folder it is reached by, and its links made relative to that folder, so the copy works
from any host and from a subfolder. Read by the export, which writes the copy, and by the
offline step, which lists what a phone keeps."""

from __future__ import annotations

import re

FILES = ("/static/", "/api/v1/openapi.json")
"""Addresses that are files already (kept as they are); every other page is a folder."""
_LINK = re.compile(r'(\s(?:href|src|action)=")(/[^"]*)(")')


def file_of(path: str) -> str:
    """Where the page of ``path`` is written, relative to the export's folder (a code's
    JSON, ``/api/v1/codes/x``, as ``api/v1/codes/x.json``)."""
    if path.startswith("/api/") and not path.endswith(".json"):
        return path.strip("/") + ".json"
    if path.startswith(FILES):
        return path.lstrip("/")
    folder = path.strip("/")
    return f"{folder}/index.html" if folder else "index.html"


def folder_of(path: str) -> str:
    """The address a page is reached by in the export: its folder (files stay files)."""
    if path.startswith("/api/"):
        return "/" + file_of(path)
    if path.startswith(FILES):
        return path
    return path.rstrip("/") + "/"


def relative(target: str, page: str) -> str:
    """``target`` (an absolute address of the app, maybe with a query and a fragment) as
    a link from ``page``'s folder."""
    return _relative(target, _parts(folder_of(page)))


def _parts(folder: str) -> list[str]:
    return [part for part in folder.split("/") if part]


def _relative(target: str, base: list[str]) -> str:
    """``target`` as a link from the folder whose segments are ``base`` (what posixpath.relpath
    gives, without its work on paths that are absolute and normal already)."""
    path, hash_, fragment = target.partition("#")
    path, ask, query = path.partition("?")
    if not path:
        return target
    goal = folder_of(path)
    parts = _parts(goal)
    common = 0
    for mine, theirs in zip(parts, base, strict=False):
        if mine != theirs:
            break
        common += 1
    link = "/".join([".."] * (len(base) - common) + parts[common:])
    if goal.endswith("/"):
        link = f"{link}/" if link else "./"
    return link + ask + query + hash_ + fragment


def relative_links(html: str, page: str) -> str:
    """Every ``href``, ``src`` and ``action`` of ``html`` that is an absolute address of the
    app made relative to ``page`` (``//host`` addresses and the rest are left alone)."""
    base = _parts(folder_of(page))

    def one(match: re.Match[str]) -> str:
        target = match.group(2)
        if target.startswith("//"):
            return match.group(0)
        return match.group(1) + _relative(target.replace("&amp;", "&"), base).replace("&", "&amp;") + match.group(3)

    return _LINK.sub(one, html)
