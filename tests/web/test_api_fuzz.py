"""The JSON API against the OpenAPI document it serves (/api/v1/openapi.json), by
schemathesis with every check, in-process and bounded: for every operation, generated
requests (valid and invalid, boundary values, random strings in every parameter and body)
never get a 5xx, every response conforms (a status the document lists, its content type,
its headers, its body's schema), a request valid by the document is accepted and one
invalid by it is rejected.

The document served lists the library's ids as enums (codes, irregularities, games,
topics, the table tools' codes) and the table tools' notations as patterns, so a
schema-valid request names things that exist: the API answers it with a 2xx, or a 404
for a combination that names nothing (an irregularity another code rules on, a law
number the code has not), which schemathesis counts as accepted. One allowance, stated
per operation (``LAWS_DECIDE``): the score sheet and the auction checker also answer a
well-written hand or call with a 400 when the laws of the code refuse it (a holding
no-trumps cannot have, a revoke without the declarer's choice, a claim with nothing to
claim): rules of the laws, not of the notation, which no schema can state. A second pass
sets ``code`` and ``irregularity`` in the path to an irregularity of that code, so the
generated answers reach the engine (valid requests only). The stateful phase follows the
document's links from one operation's response to the next.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.config import SchemathesisConfig

from adjudicator.engine import available
from adjudicator.web.api.openapi import document, served

EXAMPLES = 40  # per operation, mode and pass: about 10 s a pass

LAWS_DECIDE = ("/codes/{code}/score", "/codes/{code}/auction")
"""The operations where a request valid by the notation may still be refused by the laws (a 400)."""


def _config() -> SchemathesisConfig:
    accepted = ["2xx", "3xx", "404"]
    return SchemathesisConfig.from_dict(
        {
            "generation": {"max-examples": EXAMPLES},
            "checks": {"positive_data_acceptance": {"expected-statuses": accepted}},
            "operations": [
                {
                    "include-path": path,
                    "checks": {"positive_data_acceptance": {"expected-statuses": [*accepted, "400"]}},
                }
                for path in LAWS_DECIDE
            ],
        }
    )


# derandomize: the same examples on every run, so a run never passes or fails by chance (drop it, or
# raise EXAMPLES, to explore further: random runs found the empty-value rule the document now states).
BOUNDED = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True, database=None
)

# Collection reads the operations from the document without a library (the same paths and
# parameters, the ids open strings): no library is loaded, no index built, no example made.
# The requests are generated when each test runs, from the document the app serves.
LABELS = [
    (o.label, bool(len(o.query) or len(o.body)), bool(o.path_parameters))
    for o in (r.ok() for r in schemathesis.openapi.from_dict(document()).get_all_operations())
]


@pytest.fixture(scope="module")
def fuzzed(library, search_index):
    """The app (one for the module) and the operations of the document it serves, by label."""
    from adjudicator.web import create_app

    app = create_app({"TESTING": True, "LIBRARY": library, "SEARCH_INDEX": search_index})
    schema = schemathesis.openapi.from_dict(app.test_client().get("/api/v1/openapi.json").get_json(), config=_config())
    schema.config.generation.update(modes=list(GenerationMode), max_examples=EXAMPLES)
    return app, {o.label: o for o in (r.ok() for r in schema.get_all_operations())}, schema


@pytest.fixture(scope="module")
def real_ids(library) -> dict[str, str]:
    code = next(c for c in library.codes.values() if available(c) and c.laws)
    return {"code": code.id, "irregularity": available(code)[0][0].id}


ANSWERS = "GET /codes/{code}/irregularities/{irregularity}"
"""Its answers are an object of strings in the query: schemathesis makes invalid ones by
giving numbers, booleans or nulls as values, which a query string sends as text that is
as valid as any other; so its invalid requests are written by hand instead
(tests/web/test_api.py: too many answers, an unknown code or irregularity)."""


def _cases():
    """(label, mode): every operation with valid requests; with invalid ones where the
    document constrains an input (a query, a body, or an id among the library's)."""
    return [
        pytest.param(label, mode, id=f"{label}-{mode.value}")
        for label, constrained, has_path in LABELS
        for mode in GenerationMode
        if mode is GenerationMode.POSITIVE or ((constrained or has_path) and label != ANSWERS)
    ]


def _fuzz(fuzzed, label, mode, prepare=lambda case: case):
    app, operations, _ = fuzzed

    @given(case=operations[label].as_strategy(generation_mode=mode))
    @BOUNDED
    def run(case):
        prepare(case).call_and_validate(app=app)

    run()


def test_the_document_served_is_the_librarys(app, library, search_index):
    doc = app.test_client().get("/api/v1/openapi.json").get_json()
    assert doc == served(library, search_index)
    code = next(p for p in doc["paths"]["/codes/{code}"]["get"]["parameters"] if p["name"] == "code")
    assert code["schema"]["enum"] == list(library.codes)


@pytest.mark.parametrize(("label", "mode"), _cases())
def test_every_check_passes_on_generated_requests(label, mode, fuzzed):
    _fuzz(fuzzed, label, mode)


def test_generated_answers_to_a_real_irregularity_pass_every_check(fuzzed, real_ids):
    """Valid requests only: the path is made valid, so an invalid one might not stay invalid."""

    def real(case):
        case.path_parameters.update(real_ids)
        return case

    _fuzz(fuzzed, ANSWERS, GenerationMode.POSITIVE, real)


def test_the_stateful_phase_follows_the_documents_links(fuzzed):
    """The document links the operations (a code listed to its page; a code to its laws, a
    law, an irregularity, a quiz and a search of it): schemathesis' state machine walks
    them, every check on every step."""
    app, _, schema = fuzzed
    called: list[str] = []

    class InTheApp(schema.as_state_machine()):
        def get_call_kwargs(self, case):
            return {"app": app}

        def after_call(self, response, case):
            super().after_call(response, case)
            called.append(f"{case.operation.label} {response.status_code}")

    InTheApp.run(
        settings=settings(
            max_examples=EXAMPLES // 2,
            stateful_step_count=6,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
    )
    # the walk reached, with a 200, operations only a link leads to with real ids
    for label in ("GET /codes/{code}/laws/{number} 200", "GET /codes/{code}/irregularities/{irregularity} 200"):
        assert label in called, sorted(set(called))
