"""Cold start: process start to first 200 on /healthz, each run a fresh process on a fresh data dir.

  coldstart.py RUNS -- COMMAND...   (COMMAND may use {port} and {data}); prints {"runs_ms": [...]}
"""

import http.client
import json
import signal
import socket
import subprocess
import sys
import tempfile
import time

POLL_SECONDS = 0.005
GIVE_UP_SECONDS = 30


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def healthy(port: int) -> bool:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
    try:
        conn.request("GET", "/healthz")
        return conn.getresponse().status == 200
    except OSError:
        return False
    finally:
        conn.close()


def one_run(template: list) -> float:
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        argv = [a.format(port=port, data=data) for a in template]
        start = time.monotonic()
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while not healthy(port):
                if proc.poll() is not None or time.monotonic() - start > GIVE_UP_SECONDS:
                    sys.exit(f"cold start: {argv[0]} exited or never answered /healthz")
                time.sleep(POLL_SECONDS)
            return (time.monotonic() - start) * 1000
        finally:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def main() -> None:
    # A TERM from the bench script's cleanup must still stop the server under test.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    runs, sep, *template = sys.argv[1:]
    assert sep == "--", __doc__
    print(json.dumps({"runs_ms": [round(one_run(template), 1) for _ in range(int(runs))]}))


if __name__ == "__main__":
    main()
