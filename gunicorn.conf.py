"""gunicorn settings for `make serve`: loopback by default, HOST/PORT to change."""

import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WORKERS", "2"))
worker_class = "sync"
timeout = 30
graceful_timeout = 10
keepalive = 2
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
preload_app = False  # each worker loads the laws (and opens the index) once, at start
accesslog = "-"
