"""Query parameters read the same way by every page and API route: numbers, text and flags.

A whole number is read by ``model.whole_number`` (ASCII digits only, at most nine), as the
core's readers of hands and the CLI's prompts read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import overload

from flask import request

from adjudicator.model import whole_number
from adjudicator.web.handlers import BadInput

MAX_QUERY = 200
"""Characters of a search or a find-the-irregularity query (the fields' maxlength too)."""
YES = ("1", "on", "true", "yes")
NO = ("", "0", "off", "false", "no")


@overload
def int_arg(args: Mapping[str, str], name: str, default: int, low: int, high: int) -> int: ...
@overload
def int_arg(args: Mapping[str, str], name: str, default: None, low: int, high: int) -> int | None: ...
def int_arg(args: Mapping[str, str], name: str, default: int | None, low: int, high: int) -> int | None:
    """The parameter ``name`` as a whole number from ``low`` to ``high`` (``default`` when it
    is absent or empty); anything else is a 400 naming it."""
    raw = args.get(name)
    if raw is None or raw == "":
        return default
    value = whole_number(raw, low, high)
    if value is None:
        raise BadInput(f"{name!r} must be a whole number from {low} to {high}; got {raw[:40]!r}", name, value=raw[:40])
    return value


def flag(args: Mapping[str, str], name: str) -> bool:
    """The parameter ``name`` as yes or no (any case; absent is no); anything else is a 400."""
    raw = args.get(name, "")
    if raw.lower() in YES:
        return True
    if raw.lower() in NO:
        return False
    choices = [*YES, *NO[1:]]
    raise BadInput(f"{name!r} is one of {', '.join(choices)}; got {raw[:40]!r}", name, value=raw[:40], choices=choices)


def text_arg(name: str, limit: int) -> str:
    """The request's parameter ``name``, stripped ("" when absent); longer than ``limit``
    characters is a 400."""
    value = request.args.get(name, "")
    if len(value) > limit:
        raise BadInput(f"{name!r} is {len(value)} characters long; at most {limit}", name)
    return value.strip()
