"""The preview server as an attacker meets it: hostile hosts, origins, methods, bodies and
queries get one 4xx line; Ctrl-C leaves nothing behind; the API matches docs/openapi.yaml."""
import glob
import http.client
import os
import signal
import subprocess
import tempfile

import pytest

from conftest import BINARY, ROOT, Server, wait_js, within


BODY_TYPES = {"/live": "application/json", "/gesture": "application/json", "/assets": "application/octet-stream"}


def request(server, method, path, body=None, headers=None, timeout=30):
    """One request; a POST is sent as the page sends it (its Origin, the route's body type)
    unless `headers` names those fields (None removes one)."""
    sent = {}
    if method == "POST":
        sent = {"Origin": f"http://127.0.0.1:{server.port}", "Content-Type": BODY_TYPES.get(path.split("?")[0], "")}
    sent.update(headers or {})
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    connection.request(method, path, body=body, headers={k: v for k, v in sent.items() if v is not None})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), data


def test_every_answer_has_the_security_headers(server):
    status, headers, body = request(server, "GET", "/")
    assert status == 200
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert b"<script type=\"module\" src=\"/preview.js\"" in body
    assert b"http" not in body.replace(b"http-equiv", b"")  # nothing loaded from elsewhere


def test_hostile_requests_get_one_line_and_a_4xx(server):
    cases = [
        ("GET", "/render.png?percent=abc", None, {}, 400, b"refresh-render: --percent: expected a number, got 'abc'\n"),
        ("GET", "/render.png?images=idle%3D%2Fetc%2Fpasswd", None, {}, 400, b"is read over HTTP"),
        ("GET", "/render.png?images=idle%3D..%2F..%2Fetc%2Fshadow", None, {}, 400, b"is read over HTTP"),
        # Every setting that names a file goes through the same gate, and nothing is quoted.
        ("GET", "/render.png?i18nBundle=%2Fetc%2Fpasswd", None, {}, 400, b"--i18n-bundle: only a file named"),
        ("GET", "/assets.zip?arrowImage=%2Fetc%2Fpasswd", None, {}, 400, b"--arrow-image: only a file named"),
        ("GET", "/lint?stateLabelFont=15%20%2Fusr%2Fshare%2Ffonts%2Fx.ttf", None, {}, 400, b"--state-label-font: only a file named"),
        ("GET", "/layers.json?layers=%5B%7B%22kind%22%3A%22image%22%2C%22name%22%3A%22a%22%2C%22image%22%3A%22%2Fetc%2Fpasswd%22%7D%5D", None, {}, 400,
         b"$.layers.a.image: only a file named"),
        ("GET", "/layers.json?layers=%5B1", None, {}, 400, b"$.layers"),
        ("GET", "/render.png?percent=%E0%A4", None, {}, 400, b"not UTF-8"),
        ("GET", "/render.png?maxMemory=100000", None, {}, 400, b"--max-memory"),
        ("GET", "/render.png?maxMemory=0", None, {}, 400, b"--max-memory: must be between"),
        ("GET", "/render.png?width=1e308&scale=3", None, {}, 400, b"--width"),
        ("GET", "/healthz", None, {"Host": "attacker.example"}, 421, b"answers only to localhost"),
        ("POST", "/assets?state=idle&name=a.gif", b"GIF89a", {"Origin": "http://attacker.example"}, 403, b"another site"),
        ("POST", "/assets?state=idle&name=a.gif", b"GIF89a", {"Origin": None}, 403, b"must come from the preview's page"),
        ("POST", "/live", b"{}", {"Origin": None, "Sec-Fetch-Site": "cross-site"}, 403, b"another site"),
        ("POST", "/live", b"{}", {"Origin": "null"}, 403, b"another site"),
        ("POST", "/live", b"{}", {"Content-Type": "text/plain"}, 415, b"application/json"),
        ("POST", "/live", b"{}", {"Content-Type": "application/x-www-form-urlencoded"}, 415, b"application/json"),
        ("POST", "/assets?state=idle&name=a.gif", b"GIF89a", {"Content-Type": "multipart/form-data; boundary=x"}, 415, b"octet-stream"),
        ("GET", "/healthz", None, {"Host": "[::1]evil"}, 400, b"not a host and port"),
        ("GET", "/healthz", None, {"Host": "127.0.0.1:80@evil.com"}, 400, b"not a host and port"),
        ("GET", "/healthz", None, {"Host": "127.0.0.1:99999"}, 400, b"not a host and port"),
        ("GET", "/healthz", None, {"Host": "127.0.0.1.evil.com"}, 421, b"answers only to localhost"),
        ("GET", "/render.png?" + "a=" + "b" * 100_000, None, {}, 414, b"longer than"),
        ("GET", "/live", None, {}, 405, b"not allowed"),
        ("DELETE", "/render.png", None, {}, 405, b"not allowed"),
        ("POST", "/live", b"{" * 10000, {}, 400, b"gesture:"),
        ("POST", "/live", b'{"samples": [{"t": 0, "offset": 0, "dragging": true}], "duration": 1e9}', {}, 400, b"gesture:"),
        ("POST", "/gesture?format=exe", b"{}", {}, 400, b"format"),
        ("POST", "/assets?state=idle&append=77", b"GIF89a", {}, 404, b"no upload 77"),
        ("GET", "/../../etc/passwd", None, {}, 404, b"no such page"),
        ("GET", "/Fixtures/", None, {}, 404, b"no such page"),
        ("GET", "/render.png?" + "&".join(["a=1"] * 300), None, {}, 400, b"more than 256"),
    ]
    for method, path, body, headers, status, text in cases:
        got, answer_headers, data = request(server, method, path, body, headers)
        assert got == status, (method, path, got, data)
        assert text in data, (method, path, data)
        assert data.startswith(b"refresh-render: ") and data.count(b"\n") == 1, data
        if status == 405:
            assert answer_headers["Allow"]


def test_a_body_past_the_limit_is_refused(server):
    """Announced past the limit: refused before the body is read. Chunked past it: refused
    once the limit is reached, and the connection ends there (the rest is not read on)."""
    head = (f"POST /assets?state=idle&name=big.gif HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nOrigin: http://127.0.0.1:{server.port}\r\n"
            "Content-Type: application/octet-stream\r\n").encode()
    answer = raw(server, head + f"Content-Length: {33 << 20}\r\n\r\n".encode() + b"x" * 1000)
    assert answer.startswith(b"HTTP/1.1 413") and b"larger than 32 MiB" in answer, answer
    chunk = b"100000\r\n" + b"x" * (1 << 20) + b"\r\n"
    answer = raw(server, head + b"Transfer-Encoding: chunked\r\n\r\n" + chunk * 33, wait=15)
    assert answer.startswith(b"HTTP/1.1 413") and b"Connection: close" in answer, answer[:400]
    assert not answer.endswith(b"<still open>"), answer[-200:]


def raw(server, data, wait=10.0):
    """What the server answers to `data` sent as it is, until it closes or `wait` passes."""
    import socket

    with socket.create_connection(("127.0.0.1", server.port), timeout=wait) as connection:
        connection.sendall(data)
        answer = b""
        try:
            while chunk := connection.recv(65536):
                answer += chunk
        except socket.timeout:
            answer += b"<still open>"
    return answer


def test_http_framing_is_held_to_the_rules(server):
    post = (f"POST /live HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nContent-Type: application/json\r\n"
            f"Origin: http://127.0.0.1:{server.port}\r\n").encode()
    # A chunk size that is not hex is the client's fault: 400, not 500.
    answer = raw(server, post + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 400") and b"not well-formed" in answer, answer
    # A body announced past the limit is refused before it is sent, and the connection closes.
    answer = raw(server, post + b"Content-Length: 10000000000\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 413") and not answer.endswith(b"<still open>"), answer
    # HTTP/1.0 without keep-alive: one answer, then the server closes.
    answer = raw(server, b"GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 200") and answer.endswith(b"ok\n"), answer
    # No Host, or two: 400 (the connection is kept: its framing is intact, so 2 s of waiting).
    assert raw(server, b"GET /healthz HTTP/1.1\r\n\r\n", wait=2).startswith(b"HTTP/1.1 400")
    answer = raw(server, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.com\r\n\r\n", wait=2)
    assert answer.startswith(b"HTTP/1.1 400") and b"exactly one Host" in answer, answer
    # A request line past every limit: a line, not an empty 400.
    answer = raw(server, b"GET /render.png?a=" + b"b" * (300 << 10) + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 414") and b"refresh-render: the request line" in answer, answer[:200]


@pytest.mark.timing
def test_slow_clients_do_not_hold_the_server(server):
    """Connections trickling a head byte by byte lose their slot within seconds; health answers."""
    import socket
    import time

    crowd = []
    for _ in range(300):
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        connection.sendall(b"G")
        crowd.append(connection)
    try:
        started = time.monotonic()
        status, _, body = request(server, "GET", "/healthz")
        assert (status, body) == (200, b"ok\n")
        assert time.monotonic() - started < within(1.0)
        # Each slow connection is closed when its head has not come within the deadline (5 s,
        # once more for a connection that sent bytes).
        time.sleep(11)
        for connection in crowd:
            connection.settimeout(0.5)
            try:
                assert connection.recv(1) == b""
            except ConnectionResetError:
                pass
    finally:
        for connection in crowd:
            connection.close()


def test_malformed_http_does_not_stop_the_server(server):
    import socket

    for raw in [b"GET / HTTP/9.9\r\n\r\n", b"\x00\x01\x02garbage\r\n\r\n", b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"]:
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as connection:
            connection.sendall(raw)
            try:
                connection.recv(4096)
            except (ConnectionResetError, socket.timeout):
                pass
    status, _, body = request(server, "GET", "/healthz")
    assert (status, body) == (200, b"ok\n")


def test_ctrl_c_exits_130_and_removes_the_uploads(demo_folder):
    before = set(glob.glob(os.path.join(tempfile.gettempdir(), "refresh-preview-*")))
    running = Server(demo_folder)
    status, _, _ = request(running, "POST", "/assets?state=idle&name=pull.gif", (ROOT / "Fixtures/demo/pull.gif").read_bytes())
    assert status == 200
    made = set(glob.glob(os.path.join(tempfile.gettempdir(), "refresh-preview-*"))) - before
    assert len(made) == 1
    running.process.send_signal(signal.SIGINT)
    assert running.process.wait(timeout=10) == 130
    assert not any(os.path.exists(path) for path in made)


def test_another_host_is_warned_about(server, demo_folder):
    """The warning comes before listening; the port is taken, so nothing listens beyond loopback."""
    result = subprocess.run(
        [os.environ.get("REFRESH_RENDER_BIN", str(ROOT / ".build/debug/refresh-render")), "preview", "--host", "0.0.0.0",
         "--port", str(server.port)],
        cwd=demo_folder, capture_output=True, text=True, timeout=30)
    assert "anyone who can reach this address can use the preview server" in result.stderr
    assert result.returncode == 69


def test_a_taken_port_is_exit_69(server, demo_folder):
    result = subprocess.run(
        [os.environ.get("REFRESH_RENDER_BIN", str(ROOT / ".build/debug/refresh-render")), "preview", "--port", str(server.port)],
        cwd=demo_folder, capture_output=True, text=True, timeout=30)
    assert result.returncode == 69
    assert result.stderr.startswith(f"refresh-render: cannot listen on 127.0.0.1:{server.port}")


def test_the_api_matches_its_openapi_file(server, tmp_path):
    """schemathesis against docs/openapi.yaml: no 5xx, every answer as documented."""
    result = subprocess.run(
        ["st", "run", str(ROOT / "docs/openapi.yaml"), "--url", server.url.rstrip("/"), "--checks", "all",
         "--exclude-checks", "positive_data_acceptance", "--max-examples", "30", "--exclude-path", "/events",
         "--generation-deterministic", "--request-timeout", "30", "--no-color",
         "--header", f"Origin: http://127.0.0.1:{server.port}"],
        capture_output=True, text=True, timeout=600, cwd=tmp_path)  # its cache stays out of the tree
    assert result.returncode == 0, result.stdout[-6000:]


def test_a_broken_upload_is_refused_when_it_arrives(server):
    """31 bytes named .gif, claiming a 30000×30000 screen: 400 naming the file, no server path;
    the upload before it on the same state, and the other states, keep working."""
    import struct

    good = (ROOT / "Fixtures/demo/pull.gif").read_bytes()
    status, _, data = request(server, "POST", "/assets?state=idle&name=pull.gif", good)
    assert status == 200, data
    reference = __import__("json").loads(data)["reference"]
    broken = (b"GIF89a" + struct.pack("<HH", 30000, 30000) + b"\x00\x00\x00").ljust(30, b"\x00") + b";"
    assert len(broken) == 31
    status, _, data = request(server, "POST", "/assets?state=idle&name=broken.gif", broken)
    assert status == 400 and data.startswith(b"refresh-render: broken.gif") and data.count(b"\n") == 1, data
    assert b"/tmp" not in data and b"refresh-preview-" not in data, data
    for path in [f"/render.png?state=idle&percent=0.5&images=idle%3D{reference.replace(':', '%3A')}",
                 "/render.png?state=refreshing", "/lint?images=idle%3D" + reference.replace(":", "%3A"), "/export"]:
        status, _, data = request(server, "GET", path)
        assert status == 200, (path, data)
        assert b"/tmp" not in data, (path, data)
    # Garbage that is no image at all, and a PNG frame appended that is not a PNG.
    status, _, data = request(server, "POST", "/assets?state=pulling&name=notes.gif", b"hello, world")
    assert status == 400 and data.startswith(b"refresh-render: notes.gif"), data


def test_a_killed_servers_uploads_are_removed_by_the_next(demo_folder):
    """SIGKILL leaves the uploads' folder; the next server to start removes it (a running
    server's folders stay)."""
    before = set(glob.glob(os.path.join(tempfile.gettempdir(), "refresh-preview-*")))
    killed, running = Server(demo_folder), Server(demo_folder)
    try:
        pull = (ROOT / "Fixtures/demo/pull.gif").read_bytes()
        for server in (killed, running):
            status, _, _ = request(server, "POST", "/assets?state=idle&name=pull.gif", pull)
            assert status == 200
        made = set(glob.glob(os.path.join(tempfile.gettempdir(), "refresh-preview-*"))) - before
        assert len(made) == 2
        killed.process.kill()
        killed.process.wait(timeout=10)
        assert all(os.path.exists(path) for path in made)
        after = Server(demo_folder)
        after.stop()
        left = {path for path in made if os.path.exists(path)}
        assert len(left) == 1, left
        assert request(running, "GET", "/healthz")[0] == 200
    finally:
        running.stop()


@pytest.mark.timing
def test_costly_gestures_are_admitted_by_cost_and_cancelled_at_the_deadline(demo_folder):
    """40 concurrent POST /gesture?format=apng&fps=60&scale=3&width=2000, each a 10 MB gesture
    of 190 000 samples, against --max-memory 256 and --request-seconds 10 (the attack that took
    a server to 1.81 GB and left requests unanswered after 300 s): every one is answered by
    the deadline and a little more, /healthz within 1 s throughout, and the server's peak stays
    within its budget plus 64 MiB beyond what it held idle."""
    import json
    import threading
    import time

    running = Server(demo_folder, "--max-memory", "256", "--request-seconds", "10")
    try:
        def peak():
            with open(f"/proc/{server_pid(running)}/status") as status:
                return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) >> 10

        idle = peak()
        samples = [{"t": i / 3200, "offset": -((i % 400) / 4), "dragging": i < 180_000} for i in range(190_000)]
        body = json.dumps({"geometry": {"viewWidth": 2000, "viewHeight": 600, "contentHeight": 1000},
                           "samples": samples, "duration": 59.9}).encode()
        assert len(body) > 9_000_000
        answers, started = [], time.monotonic()

        def post():
            try:
                status, _, _ = request(running, "POST", "/gesture?format=apng&fps=60&scale=3&width=2000", body, timeout=10 + within(15) + 5)
            except OSError as error:
                status = repr(error)
            answers.append((status, time.monotonic() - started))

        threads = [threading.Thread(target=post) for _ in range(40)]
        for thread in threads:
            thread.start()
        slowest_health = 0.0
        while any(thread.is_alive() for thread in threads) and time.monotonic() - started < 60:
            asked = time.monotonic()
            status, _, _ = request(running, "GET", "/healthz")
            assert status == 200
            slowest_health = max(slowest_health, time.monotonic() - asked)
            time.sleep(0.2)
        for thread in threads:
            thread.join(timeout=10 + within(15) + 10)
        assert len(answers) == 40, answers
        assert all(status in (200, 413, 503) for status, _ in answers), [a for a in answers if a[0] not in (200, 413, 503)]
        assert max(elapsed for _, elapsed in answers) < 10 + within(15), answers
        # The promise is 1 s, measured on the release build (docs/preview.md); a debug build
        # (what `make check` tests) is several times slower at taking in the bodies; the
        # attack this reproduces had /healthz silent for over 60 s.
        assert slowest_health < within(1.0 if "/release/" in BINARY else 10.0), slowest_health
        assert peak() <= idle + 256 + 64, (idle, peak())
    finally:
        running.stop()


def server_pid(server):
    """The server's process: `refresh-render preview` becomes `refresh-render-preview` (same PID)."""
    return server.process.pid



def _open_event_streams(server, count):
    """`count` raw connections holding `GET /events`, each with its answer's status code."""
    import socket

    held, statuses = [], []
    for _ in range(count):
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        connection.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
        head = b""
        while b"\r\n" not in head:
            chunk = connection.recv(256)
            if not chunk:
                break
            head += chunk
        statuses.append(int(head.split(b" ")[1]) if head.startswith(b"HTTP/1.1 ") else 0)
        held.append(connection)
    return held, statuses


def test_a_closed_event_stream_frees_its_slot_within_the_heartbeat(server):
    """32 pages that open /events and hang up (or reload) leave no slot taken: within a
    heartbeat (1 s) or two the next page's stream is answered 200, where it once got 503 for a
    minute and more."""
    import time

    for _ in range(3):
        held, statuses = _open_event_streams(server, 32)
        assert statuses == [200] * 32
        _, more = _open_event_streams(server, 1)
        assert more == [503], "the 33rd page is refused while 32 listen"
        for connection in held:
            connection.close()
        started, answered = time.monotonic(), []
        while time.monotonic() - started < within(5.0):
            probe, answered = _open_event_streams(server, 1)
            probe[0].close()
            if answered == [200]:
                break
            time.sleep(0.25)
        assert answered == [200], "a closed stream still held its slot"
        time.sleep(within(2.5))  # the probes' own slots go too


def test_a_refused_event_stream_is_said_on_the_page(browser, server):
    """When every slot is taken the page says its live redraws are off instead of nothing."""
    held, statuses = _open_event_streams(server, 32)
    try:
        assert statuses == [200] * 32
        page = browser.new_page()
        page.goto(server.url)
        wait_js(page, "(window.previewMessages || []).some((m) => m.startsWith('Live redraws are off'))", timeout=15)
        page.close()
    finally:
        for connection in held:
            connection.close()
