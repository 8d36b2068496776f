"""The JSON API against its own OpenAPI document (/api/v1/openapi.json), by schemathesis,
in-process and bounded: for every operation, generated requests (valid and invalid,
boundary values, random strings in every parameter and body) never get a 5xx, and every
response conforms: a status the document lists, its content type, its headers and its
body's schema.

One check is left out: schemathesis would also demand that every schema-valid request
be accepted, but ids are open strings in the document (the valid ones come from the law
files), so an unknown code or irregularity is rightly a 404 or 400; those answers are
still checked against the document's Error schema. A second pass sets ``code``
and ``irregularity`` in the path to real ids, so the generated answers and law numbers
reach the engine.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode
from schemathesis.checks import positive_data_acceptance

from adjudicator.engine import available
from tests.conftest import real_library

pytest_plugins = ["schemathesis"]  # its pytest plugin, loaded here only (pyproject.toml: addopts)

EXAMPLES = 40  # per operation, mode and pass: about 10 s a pass


def _schema():
    from adjudicator.web import create_app

    # the session's library; under TESTING its search index is built once in RAM and shared
    app = create_app({"TESTING": True, "LIBRARY": real_library()})
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    schema.config.generation.update(modes=list(GenerationMode), max_examples=EXAMPLES)
    return schema


def _real_ids() -> dict[str, str]:
    code = next(c for c in real_library().codes.values() if available(c) and c.laws)
    return {"code": code.id, "irregularity": available(code)[0][0].id}


REAL = _real_ids()


BOUNDED = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))


@_schema().parametrize()
@BOUNDED
def test_no_generated_request_gets_a_5xx_and_every_response_conforms(case):
    case.call_and_validate(excluded_checks=[positive_data_acceptance])


@_schema().parametrize()
@BOUNDED
def test_generated_answers_to_real_irregularities_conform(case):
    if not case.path_parameters:
        return  # the first pass covers these operations
    case.path_parameters.update({k: v for k, v in REAL.items() if k in case.path_parameters})
    case.call_and_validate(excluded_checks=[positive_data_acceptance])
