"""`make serve`'s gunicorn (its worker, adjudicator/web/serving.py) against malformed and
slow requests, on raw sockets: framing errors are 400s within seconds, never a 500 or a
traceback; every error gunicorn answers before the app is JSON with the security
headers; a header that never ends does not hold the connection for long.

The server runs the small laws of tests/search/laws (about a second to start)."""

from __future__ import annotations

import json
import socket
import time

import pytest

from adjudicator.web.handlers import SECURITY_HEADERS
from tests.test_faults import free_port, gunicorn, instance, request  # noqa: F401 (instance: a fixture)


def answering(port: int, process) -> None:
    """Wait (30 s at most) until the server on ``port`` answers /api/v1/codes."""
    for _ in range(300):
        try:
            if request(port, "GET", "/api/v1/codes")[0] == 200:
                return
        except ConnectionError:
            assert process.poll() is None, process.communicate()[1]
            time.sleep(0.1)
    pytest.fail("gunicorn did not answer")


@pytest.fixture
def served(instance):  # noqa: F811
    port = free_port()
    process = gunicorn(instance, port)
    answering(port, process)
    yield port
    process.terminate()
    _, err = process.communicate(timeout=30)
    assert "Traceback" not in err, err


def exchange(port: int, data: bytes, wait: float = 15) -> tuple[int, dict[str, str], bytes, float]:
    """Send ``data`` raw, read until the server closes; the status, headers, body and seconds taken."""
    t0 = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as sock:
        sock.sendall(data)
        received = b""
        while True:
            part = sock.recv(65536)
            if not part:
                break
            received += part
            head, _, body = received.partition(b"\r\n\r\n")
            length = [line for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")]
            if length and len(body) >= int(length[0].split(b":")[1]):
                break
    seconds = time.monotonic() - t0
    head, _, body = received.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), headers, body, seconds


def json_error(port: int, data: bytes, status: int, wait: float = 15) -> tuple[dict, float]:
    got, headers, body, seconds = exchange(port, data, wait)
    assert got == status, body
    assert headers["Content-Type"].startswith("application/json"), headers
    for name, value in SECURITY_HEADERS.items():
        assert headers[name] == value, name
    assert headers["Cache-Control"] == "no-store"
    error = json.loads(body)["error"]
    assert error["status"] == status
    return error, seconds


POST = b"POST /api/v1/adjudicate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"


def test_a_malformed_chunked_body_is_a_400(served):
    error, seconds = json_error(served, POST + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n", 400)
    assert "could not be read" in error["message"]
    assert seconds < 3


def test_a_chunked_body_without_its_end_is_a_400(served):
    error, _ = json_error(served, POST + b"Transfer-Encoding: chunked\r\n\r\n2\r\n{}XX", 400)
    assert "could not be read" in error["message"]


def test_a_body_shorter_than_its_content_length_is_a_400_within_seconds(served):
    error, seconds = json_error(served, POST + b"Content-Length: 100\r\n\r\n{}", 400)
    assert seconds < 8, seconds
    assert "could not be read" in error["message"] or "did not arrive" in error["message"]


def test_a_chunked_body_over_the_limit_is_a_413(served):
    chunk = b"4000\r\n" + b" " * 0x4000 + b"\r\n"
    error, _ = json_error(served, POST + b"Transfer-Encoding: chunked\r\n\r\n" + chunk * 5 + b"0\r\n\r\n", 413)
    assert error["field"] == "body"


def test_a_declared_body_over_the_limit_is_a_413_before_it_is_sent(served):
    json_error(served, POST + b"Content-Length: 100000\r\n\r\n{", 413)


def test_a_post_that_is_not_json_is_a_415(served):
    data = b"POST /api/v1/adjudicate HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}"
    error, _ = json_error(served, data, 415)
    assert "application/json" in error["message"]


@pytest.mark.parametrize(
    ("data", "status"),
    [
        (b"GET /api/v1/codes?" + b"q" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        (b"GET /api/v1/codes HTTP/1.1\r\nHost: x\r\nX-Big: " + b"x" * 9000 + b"\r\n\r\n", 431),
        (
            b"GET /api/v1/codes HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(120)) + b"\r\n",
            431,
        ),
        (b"GET /api/v1/codes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: foo\r\n\r\n", 501),
        (b"GET /api/v1/codes HTTP/9.9\r\nHost: x\r\n\r\n", 400),
        (b"G\x01T /api/v1/codes HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        (b"GET /api/v1/codes HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n", 400),
    ],
    ids=[
        "414 request line",
        "431 header size",
        "431 header count",
        "501 coding",
        "bad version",
        "bad method",
        "bad name",
    ],
)
def test_the_servers_own_errors_are_json_with_the_security_headers(served, data, status):
    json_error(served, data, status)


def test_a_header_that_never_ends_is_closed_within_seconds(served):
    t0 = time.monotonic()
    with socket.create_connection(("127.0.0.1", served), timeout=20) as sock:
        sock.sendall(b"GET /api/v1/codes HTTP/1.1\r\nHost: x\r\n")
        try:
            while sock.recv(4096):
                pass
        except ConnectionError:
            pass
    assert time.monotonic() - t0 < 9


def test_a_trickled_body_is_a_400_within_the_request_time(served):
    t0 = time.monotonic()
    with socket.create_connection(("127.0.0.1", served), timeout=30) as sock:
        sock.sendall(POST + b"Content-Length: 1000\r\n\r\n")
        received = b""
        while not received:
            try:
                sock.sendall(b" ")
            except OSError:
                break
            readable = socket.socket.recv(sock, 4096, socket.MSG_DONTWAIT) if _ready(sock) else b""
            received += readable
            time.sleep(0.5)
        received += sock.recv(4096) if not received else b""
    assert received.startswith(b"HTTP/1.1 400"), received[:200]
    assert time.monotonic() - t0 < 16


def _ready(sock: socket.socket) -> bool:
    import select

    return bool(select.select([sock], [], [], 0)[0])


def test_a_request_that_keeps_its_worker_past_the_timeout_is_a_json_500(instance):  # noqa: F811
    """gunicorn stops a worker silent past ``--timeout`` (here 2 s): the request that kept it
    gets a JSON 500 with the security headers within seconds (it got no answer: gevent's
    worker dropped it), and a new worker serves the next one."""
    import subprocess

    from tests.test_faults import GUNICORN, config, os

    port = free_port()
    env = {**os.environ, "ADJUDICATOR_LAWS": str(instance / "laws"), "ADJUDICATOR_INSTANCE": str(instance),
           "HOST": "127.0.0.1", "PORT": str(port), "WORKERS": "1"}  # fmt: skip
    process = subprocess.Popen(
        [str(GUNICORN), "-c", str(config.ROOT / "gunicorn.conf.py"), "--timeout", "2", "tests.spinning:app"],
        cwd=config.ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        answering(port, process)
        error, seconds = json_error(port, b"GET /api/v1/spin HTTP/1.1\r\nHost: x\r\n\r\n", 500, wait=30)
        assert "took longer than the 2 s" in error["message"]
        assert seconds < 15, seconds
        answering(port, process)  # a new worker, booted by the arbiter
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert "WORKER TIMEOUT" in err and "answered 500" in err
