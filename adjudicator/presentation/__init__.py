"""The presentation of the core's results: one model for each thing a reader sees.

From a code, a law, the engine's result (the next question or a ruling), a quiz, a score
sheet, an auction check or a search, the functions here build pydantic models that hold
every label, notice and sentence decided once (``words``). The JSON API and ``--json``
send them as they are (``model_dump``); the pages (adjudicator.web.presenters) and the
CLI's text arrange them, adding links and layout but no words of their own; the OpenAPI
document's schemas are their JSON Schemas. Pure: no web framework, no I/O.
"""
