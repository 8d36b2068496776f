"""The base of every presentation model, and the pieces several share."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.model import Citation, Code


class Model(BaseModel):
    """A presentation model: frozen, no unknown fields, and every field always sent (so its
    JSON Schema says ``required`` for every key the API always sends)."""

    model_config = ConfigDict(frozen=True, extra="forbid", json_schema_serialization_defaults_required=True)

    def data(self) -> dict[str, Any]:
        """The JSON-ready dict the API sends and ``--json`` prints."""
        return self.model_dump(mode="json", by_alias=True)


def absent(value: object) -> bool:
    return value is None


def optional(description: str | None = None) -> Any:
    """A field left out of the JSON when it has no value (not sent as null)."""
    return Field(None, exclude_if=absent, description=description)


class CodeRef(Model):
    """The code a ruling, quiz, score sheet or auction is under."""

    id: str
    title: str
    edition: str
    year: int
    game: str

    @classmethod
    def of(cls, code: Code) -> CodeRef:
        return cls(id=code.id, title=code.title, edition=code.edition, year=code.year, game=code.game)


class Named(Model):
    id: str
    title: str


def cites(items: Iterable[Citation]) -> list[str]:
    return [str(c) for c in items]


class ErrorDetail(Model):
    status: int
    message: str
    field: str | None = Field(description="the offending parameter, key or question id")
    value: Any = Field(None, description="the offending value, when there is one")
    choices: list[str] = Field(description="the valid values, when they are few enough to list")


class Error(Model):
    """What every 4xx of the API answers."""

    error: ErrorDetail
