"""Load on `refresh-render preview` (release build), loopback only, bounded in count and time.

8 clients, each sending 2 000 mixed requests one after another (renders of several scenes,
live frames of a drag, exports, lints, the schema, health checks, and bad values), report
requests a second, p50/p99 latency, errors (any 5xx or refused connection; 4xx only where
asked for), and the server's resident memory before and after. Also one client's live frame
rate, two frames in flight as the page keeps them. Prints a Markdown table.
"""
import http.client
import os
import pathlib
import signal
import statistics
import subprocess
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
# The release build beside its server (`make build-preview`).
BINARY = os.environ.get("REFRESH_RENDER_BIN", str(ROOT / "Preview/.build/release/refresh-render"))
CLIENTS = int(os.environ.get("CLIENTS", "8"))
REQUESTS = int(os.environ.get("REQUESTS", "2000"))
DEADLINE = float(os.environ.get("DEADLINE", "600"))

GESTURE = (b'{"geometry": {"viewWidth": 375, "viewHeight": 667, "contentHeight": 1400}, "samples": ['
           b'{"t": 0, "offset": 0, "dragging": true}, {"t": 0.3, "offset": -60, "dragging": true},'
           b'{"t": 0.5, "offset": -90, "dragging": false}], "duration": 0.9}')
MIX = [
    ("GET", "/render.png?state=pulling&percent=0.6", None, 200),
    ("GET", "/render.png?style=normal&state=refreshing&time=0.3", None, 200),
    ("GET", "/render.png?state=idle&percent=0.4&images=idle%3Dpull.gif", None, 200),
    ("GET", "/render.png?library=svpulltorefresh&state=triggered", None, 200),
    ("POST", "/live?style=normal&scale=1", GESTURE, 200),
    ("POST", "/live?scale=2", GESTURE, 200),
    ("GET", "/export?state=pulling&percent=0.6&titles=idle%3DPull", None, 200),
    ("GET", "/lint?images=idle%3Dpull.gif", None, 200),
    ("GET", "/schema.json", None, 200),
    ("GET", "/healthz", None, 200),
    ("GET", "/render.png?percent=abc", None, 400),
    ("GET", "/render.png?images=idle%3D%2Fetc%2Fpasswd", None, 400),
]


def rss_kib(pid):
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def client(port, index, latencies, errors, stop_at):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    for i in range(REQUESTS):
        if time.monotonic() > stop_at:
            break
        method, path, body, expected = MIX[(i * 7 + index) % len(MIX)]
        started = time.perf_counter()
        try:
            # A POST from the page: the server refuses one without its own origin (403).
            headers = {"Origin": f"http://127.0.0.1:{port}"} if method == "POST" else {}
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            response.read()
            if response.status != expected:
                errors.append((path, response.status))
        except Exception as error:  # a refused or dropped connection is an error
            errors.append((path, repr(error)))
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        latencies.append(time.perf_counter() - started)


def live_rate(port, seconds=3.0):
    """Live frames a second for one client keeping two requests in flight."""
    done = []
    stop_at = time.monotonic() + seconds

    def loop():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while time.monotonic() < stop_at:
            connection.request("POST", "/live?scale=2", body=GESTURE, headers={"Origin": f"http://127.0.0.1:{port}"})
            connection.getresponse().read()
            done.append(1)

    threads = [threading.Thread(target=loop) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return len(done) / seconds


def main():
    folder = ROOT / "Fixtures/demo"
    server = subprocess.Popen([BINARY, "preview", "--port", "0", "--images", "idle=pull.gif", "--jobs", "2"],
                              cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = server.stdout.readline().strip()
    port = int(url.rsplit(":", 1)[1].strip("/"))
    try:
        rate_at_2x = live_rate(port)
        before = rss_kib(server.pid)
        latencies, errors = [], []
        stop_at = time.monotonic() + DEADLINE
        started = time.perf_counter()
        threads = [threading.Thread(target=client, args=(port, i, latencies, errors, stop_at)) for i in range(CLIENTS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
        after = rss_kib(server.pid)
        # A second round: memory that keeps growing would show here.
        latencies2, errors2 = [], []
        threads = [threading.Thread(target=client, args=(port, i, latencies2, errors2, time.monotonic() + DEADLINE)) for i in range(CLIENTS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        after2 = rss_kib(server.pid)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=10)
    quantiles = statistics.quantiles(latencies, n=100)
    print("| clients × requests | requests/s | p50 ms | p99 ms | errors | RSS before → after → after a second round | live frames/s (one client, @2x) |")
    print("|---|---|---|---|---|---|---|")
    print(f"| {CLIENTS} × {REQUESTS} ({len(latencies)} sent) | {len(latencies) / elapsed:.0f} | {quantiles[49] * 1000:.1f} | "
          f"{quantiles[98] * 1000:.1f} | {len(errors) + len(errors2)} | {before / 1024:.1f} → {after / 1024:.1f} → {after2 / 1024:.1f} MiB | "
          f"{rate_at_2x:.0f} |")
    if errors or errors2:
        print("errors:", (errors + errors2)[:10])


if __name__ == "__main__":
    main()
