"""A push service on loopback, as RFC 8030 and RFC 8292 describe one, for WalkWorthy's push test.

It takes a message only with a VAPID JWT that the key the request names signed (ES256), whose
audience is its own origin and which expires within 24 hours; it opens each message with the
subscription's private key (RFC 8291, `aes128gcm`) and keeps what it read; and it answers each
subscription from its own list of statuses in turn (201 once the list is done), with
`Retry-After` on a 429."""

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    def __init__(self):
        self.lock = threading.Lock()
        self.subscriptions = {}  # name -> {key, auth, answers, received: [(status, message or problem)]}
        service = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                name = self.path.rsplit("/", 1)[-1]
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                status, headers = service.take(name, self.headers, body)
                self.send_response(status)
                for header, value in headers.items():
                    self.send_header(header, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()

    def subscribe(self, name, answers=()):
        """A subscription as a browser's `PushSubscription.toJSON()` gives it, answered from `answers`."""
        key = ec.generate_private_key(ec.SECP256R1())
        auth = os.urandom(16)
        with self.lock:
            self.subscriptions[name] = {"key": key, "auth": auth, "answers": list(answers), "received": []}
        public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": f"{self.origin}/push/{name}", "expirationTime": None,
                "keys": {"p256dh": b64(public), "auth": b64(auth)}}

    def received(self, name):
        """What came for `name`: (status answered, the message read or why it was refused)."""
        with self.lock:
            return list(self.subscriptions[name]["received"])

    def take(self, name, headers, body):
        with self.lock:
            subscription = self.subscriptions.get(name)
            if subscription is None:
                return 404, {}
            problem = self.refusal(headers)
            if problem:
                subscription["received"].append((401, problem))
                return 401, {}
            try:
                message = json.loads(http_ece.decrypt(
                    body, private_key=subscription["key"], auth_secret=subscription["auth"], version="aes128gcm"))
            except Exception as error:  # a message it cannot open is the sender's fault
                subscription["received"].append((400, f"could not open the message: {error}"))
                return 400, {}
            status = subscription["answers"].pop(0) if subscription["answers"] else 201
            subscription["received"].append((status, message))
            if status == 429:
                return 429, {"Retry-After": "1"}
            return status, ({"Location": f"{self.origin}/message/{len(subscription['received'])}"} if status == 201 else {})

    def refusal(self, headers):
        """Why the request is not one a push service takes, or None."""
        if headers.get("Content-Encoding") != "aes128gcm":
            return "Content-Encoding is not aes128gcm"
        if not (headers.get("TTL") or "").isdigit():
            return "no TTL"
        if headers.get("Urgency") not in ("very-low", "low", "normal", "high"):
            return "no Urgency"
        scheme, _, parameters = (headers.get("Authorization") or "").partition(" ")
        if scheme != "vapid":
            return "no VAPID authorization"
        fields = dict(part.strip().split("=", 1) for part in parameters.split(","))
        token, key = fields.get("t", ""), fields.get("k", "")
        try:
            head, claims, signature = token.split(".")
            public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(key))
            raw = unb64(signature)
            public.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
                          f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        except (ValueError, InvalidSignature) as error:
            return f"the JWT is not signed by the key it names: {error!r}"
        if json.loads(unb64(head)) != {"typ": "JWT", "alg": "ES256"}:
            return "the JWT's header is not ES256"
        claims = json.loads(unb64(claims))
        if claims.get("aud") != self.origin:
            return f"the JWT's audience is {claims.get('aud')!r}, not {self.origin}"
        if not time.time() < claims.get("exp", 0) <= time.time() + 24 * 3600:
            return f"the JWT expires at {claims.get('exp')}, not within 24 hours"
        if not str(claims.get("sub", "")).startswith(("mailto:", "https://")):
            return "the JWT names no contact"
        return None
