"""The JSON API, ``/api/v1``: the presentation models sent as they are (routes.py), and the
OpenAPI 3.1 document generated from their JSON Schemas (openapi.py)."""
