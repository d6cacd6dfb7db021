#!/usr/bin/env python3
"""kill -9 during a render, as scripts/test runs it.

    kill9_render.py ORCHARD WORKDIR

A real `orchard serve` renders with fal's FASHN through a fake fal on loopback that speaks fal's
documented contract (the queue, the media host, the webhook key set). Two renders are requested
and submitted to fal; the server is killed with SIGKILL while both are under way, and started
again on the same data.

1. fal's signed webhook for the first arrives after the restart: the render completes, its credit
   captured once.
2. The second never gets a result: once its budget has passed it fails as RENDER_TIMEOUT, its
   credit released.
3. The ledger has exactly one capture and one release, nothing held, and fal saw each render
   submitted once.

Prints one line per check and exits 1 if any fails.
"""
import base64
import hashlib
import http.server
import json
import os
import signal
import struct
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import zlib

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

import harness
from harness import call, check, free_port

orchard, workdir = sys.argv[1], sys.argv[2]
BUDGET = 8  # seconds a render may take here (ORCHARD_WEARBLOOM_RENDER_BUDGET)
FAL_USER = "fal-user"


def png(width, height, rgb):
    """A solid-colour PNG, written byte by byte."""
    row = b"\x00" + bytes(rgb) * width
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * height))
            + chunk(b"IEND", b""))


class Fal:
    """fal's queue, media host and key set, on loopback."""

    def __init__(self):
        self.key = Ed25519PrivateKey.generate()
        self.submissions = []
        self.lock = threading.Lock()
        self.result = png(432, 648, (120, 90, 160))
        fal = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def answer(self, status, body, kind="application/json"):
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self):
                url = urllib.parse.urlparse(self.path)
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if url.path != "/fal-ai/fashn/tryon/v1.6" or self.headers.get("Authorization") != "Key test-key":
                    return self.answer(404, {"detail": "not found"})
                webhook = urllib.parse.parse_qs(url.query).get("fal_webhook", [None])[0]
                with fal.lock:
                    fal.submissions.append(webhook)
                    job = f"job-{len(fal.submissions)}"
                base = f"{fal.base}/fal-ai/fashn/requests/{job}"
                self.answer(200, {"request_id": job, "gateway_request_id": job, "status": "IN_QUEUE",
                                  "queue_position": 0, "response_url": base, "status_url": base + "/status",
                                  "cancel_url": base + "/cancel"})

            def do_GET(self):
                path = urllib.parse.urlparse(self.path).path
                if path.endswith("/status"):
                    return self.answer(200, {"status": "IN_PROGRESS", "logs": []})
                if path.startswith("/fal-ai/fashn/requests/"):
                    return self.answer(200, fal.output())
                if path == "/files/result.png":
                    return self.answer(200, fal.result, "image/png")
                if path == "/.well-known/jwks.json":
                    raw = fal.key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
                    x = base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
                    return self.answer(200, {"keys": [{"kty": "OKP", "crv": "Ed25519", "x": x}]})
                self.answer(404, {"detail": "not found"})

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def output(self):
        return {"images": [{"url": f"{self.base}/files/result.png", "content_type": "image/png",
                            "file_name": "result.png", "file_size": len(self.result), "width": 432, "height": 648}]}

    def webhook(self, job, url):
        """Posts fal's signed OK webhook for `job` to `url`; returns the status."""
        body = json.dumps({"request_id": job, "gateway_request_id": job, "status": "OK",
                           "payload": self.output()}).encode()
        stamp = str(int(time.time()))
        message = f"{job}\n{FAL_USER}\n{stamp}\n{hashlib.sha256(body).hexdigest()}".encode()
        request = urllib.request.Request(url, data=body, method="POST", headers={
            "Content-Type": "application/json", "X-Fal-Webhook-Request-Id": job, "X-Fal-Webhook-User-Id": FAL_USER,
            "X-Fal-Webhook-Timestamp": stamp, "X-Fal-Webhook-Signature": self.key.sign(message).hex()})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code


def serve(port, data, log):
    environment = dict(os.environ, ORCHARD_WEARBLOOM_TRYON_PROVIDER="fal-fashn", ORCHARD_FAL_KEY="test-key",
                       ORCHARD_FAL_QUEUE_URL=fal.base, ORCHARD_FAL_MEDIA_HOSTS="127.0.0.1",
                       ORCHARD_FAL_ALLOW_LOOPBACK="1", ORCHARD_FAL_JWKS_URL=fal.base + "/.well-known/jwks.json",
                       ORCHARD_FAL_USER_ID=FAL_USER, ORCHARD_FAL_POLL_MS="100",
                       ORCHARD_FAL_WEBHOOK_URL=f"http://127.0.0.1:{port}/wearbloom/api/v1/webhooks/fal",
                       ORCHARD_WEARBLOOM_RENDER_BUDGET=str(BUDGET), ORCHARD_RATE_LIMIT_SCALE="100")
    return harness.serve(orchard, port, data, log, environment)


def wait(predicate, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    return None


fal = Fal()
port = free_port()
base = f"http://127.0.0.1:{port}"
data = os.path.join(workdir, "kill9-render")
log = open(os.path.join(workdir, "kill9-render.log"), "w")
server = serve(port, data, log)

# Confirmed from the mailed link, which a server with no SMTP server keeps in its data directory.
token = harness.sign_up(base, "wearbloom", "kill9@example.com", "tulip-91 at dawn",
                        harness.Mailbox(os.path.join(data, "mail")))["access_token"]
call(base, "PUT", "/wearbloom/api/v1/body-photo", token, {"stockId": "figure-balanced"})
renders = []
for garment in ("navy-t-shirt", "dark-wash-jeans"):
    status, render = call(base, "POST", "/wearbloom/api/v1/renders", token, {"garmentId": garment})
    renders.append(render["id"] if status == 202 else None)
submitted = wait(lambda: len(fal.submissions) >= 2, 15)
check(submitted and all(renders), f"two renders requested and submitted to fal ({len(fal.submissions)} submissions)")

os.kill(server.pid, signal.SIGKILL)
killed = server.wait()
killed_at = time.monotonic()
server = serve(port, data, log)
check(killed == -signal.SIGKILL, f"killed with SIGKILL mid-render (exit {killed}); serving again after "
      f"{time.monotonic() - killed_at:.1f} s")

check(fal.webhook("job-1", f"{base}/wearbloom/api/v1/webhooks/fal") == 200, "fal's webhook after the restart: 200")
# The two were submitted side by side, so fal's first job may be either render: the one it names
# completes, and the other is left to run out of time.
shown = {render: call(base, "GET", f"/wearbloom/api/v1/renders/{render}", token)[1] for render in renders}
completed = [render for render, seen in shown.items()
             if seen.get("status") == "completed" and seen.get("creditConsumed") is True]
check(len(completed) == 1, "the render whose result came completes, charged once "
      f"({', '.join(seen.get('status', '?') for seen in shown.values())})")
first = completed[0] if completed else renders[0]
second = next(render for render in renders if render != first)
# Told again, it changes nothing.
fal.webhook("job-1", f"{base}/wearbloom/api/v1/webhooks/fal")

timed_out = wait(lambda: (lambda r: r if r.get("status") == "failed" else None)(
    call(base, "GET", f"/wearbloom/api/v1/renders/{second}", token)[1]), BUDGET + 30)
check(timed_out is not None and timed_out.get("errorCode") == "RENDER_TIMEOUT"
      and timed_out.get("creditConsumed") is False,
      f"the render with no result fails as RENDER_TIMEOUT once its {BUDGET} s are over, not charged")

_, summary = call(base, "GET", "/wearbloom/api/v1/subscription", token)
ledger = harness.ledger(base, token)
kinds = sorted(f"{line['kind']}:{'first' if line.get('render') == first else 'second'}"
               for line in ledger if line.get("kind") != "grant")
check(kinds == ["capture:first", "release:second", "reserve:first", "reserve:second"],
      f"the ledger: one capture and one release, nothing held ({', '.join(kinds) or 'empty'})")
check(summary.get("creditsRemaining") == 2, f"2 of 3 free renders left ({summary.get('creditsRemaining')})")
check(len(fal.submissions) == 2, f"fal saw each render submitted once ({len(fal.submissions)} submissions)")

server.terminate()
server.wait()
log.close()
if harness.failures:
    print(open(os.path.join(workdir, "kill9-render.log")).read()[-3000:])
sys.exit(1 if harness.failures else 0)
