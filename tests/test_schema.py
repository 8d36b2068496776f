"""The published JSON Schema accepts every real law file and rejects a broken one."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest
import yaml

from adjudicator import config
from adjudicator.schema import json_schema

SCHEMA = json_schema()
LAW_FILES = sorted(config.laws_dir().glob("*.yaml"))


def test_schema_is_valid_draft_2020_12():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", LAW_FILES, ids=[p.stem for p in LAW_FILES])
def test_every_law_file_validates_against_the_schema(path: Path):
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    jsonschema.Draft202012Validator(SCHEMA).validate(data)


def test_schema_rejects_an_unknown_key():
    bad = Path(__file__).parent / "bad_laws" / "unknown-key.yaml"
    data = yaml.load(bad.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    assert list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(data))


def test_schema_describes_a_score_tables_unsure_rows():
    table = SCHEMA["$defs"]["ScoreTableSpec"]
    assert table["properties"]["unsure"]["type"] == "array" and "unsure" in table["description"]
