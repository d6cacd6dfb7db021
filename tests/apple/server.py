#!/usr/bin/env python3
"""Apple's side of Sign in with Apple on the web, on loopback, for the browser tests: it speaks
Apple's documented contract (https://developer.apple.com/documentation/sign_in_with_apple).

    server.py DIR   writes DIR/team.p8 (the team's Sign in with Apple key, which the server signs
                    each client_secret with) and DIR/settings (port team-id key-id), then serves
                    until it is stopped:

    GET  /auth/keys       the key set identity tokens are signed with (RS256)
    GET  /auth/authorize  the page a person agrees on: "Continue" posts code and state back to
                          redirect_uri (response_mode=form_post), each time for a new person
                          (a new sub and relay address); "Cancel" posts error=user_cancelled_authorize
    POST /auth/token      grant_type=authorization_code: the client_secret must be an ES256 JWT of
                          the team's key (iss the team, sub the client id, aud Apple, unexpired),
                          the code unspent and issued for that client and redirect_uri; answers
                          {access_token, token_type, expires_in, refresh_token, id_token}, or 400
                          {"error": "invalid_client" | "invalid_grant" | "invalid_request"}
"""
import base64
import html
import http.server
import json
import pathlib
import secrets
import sys
import threading
import time
import urllib.parse

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

ISSUER = "https://appleid.apple.com"
TEAM_ID, KEY_ID, SIGNING_KID = "TEAM123456", "KEY1234567", "fake-apple-1"

folder = pathlib.Path(sys.argv[1])
folder.mkdir(parents=True, exist_ok=True)
team_key = ec.generate_private_key(ec.SECP256R1())
(folder / "team.p8").write_bytes(team_key.private_bytes(
    serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
signing_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def sign_rs256(claims: dict) -> str:
    header = b64url(json.dumps({"alg": "RS256", "kid": SIGNING_KID}).encode())
    payload = b64url(json.dumps(claims).encode())
    signature = signing_key.sign(f"{header}.{payload}".encode(), padding.PKCS1v15(), hashes.SHA256())
    return f"{header}.{payload}.{b64url(signature)}"


def client_secret_claims(token: str):
    """The claims of an ES256 JWT signed by the team's key, or None."""
    try:
        header, payload, signature = token.split(".")
        if json.loads(unb64url(header)).get("alg") != "ES256":
            return None
        raw = unb64url(signature)
        if len(raw) != 64:
            return None
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        team_key.public_key().verify(der, f"{header}.{payload}".encode(), ec.ECDSA(hashes.SHA256()))
        return json.loads(unb64url(payload))
    except (ValueError, InvalidSignature, json.JSONDecodeError):
        return None


def jwks() -> dict:
    numbers = signing_key.public_key().public_numbers()
    as_bytes = lambda n: n.to_bytes((n.bit_length() + 7) // 8, "big")
    return {"keys": [{"kty": "RSA", "kid": SIGNING_KID, "use": "sig", "alg": "RS256",
                      "n": b64url(as_bytes(numbers.n)), "e": b64url(as_bytes(numbers.e))}]}


codes: dict[str, dict] = {}
lock = threading.Lock()


class Apple(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status: int, body: bytes, content_type: str):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/auth/keys":
            return self.answer(200, json.dumps(jwks()).encode(), "application/json")
        if url.path != "/auth/authorize":
            return self.answer(404, b"not found", "text/plain")
        query = dict(urllib.parse.parse_qsl(url.query))
        if query.get("response_mode") != "form_post" or query.get("response_type") != "code" \
                or not query.get("client_id") or not query.get("redirect_uri"):
            return self.answer(400, b"invalid_request", "text/plain")
        code = "c" + secrets.token_hex(16) + ".0.fake"
        with lock:
            codes[code] = {"client_id": query["client_id"], "redirect_uri": query["redirect_uri"],
                           "nonce": query.get("nonce"), "sub": "001234." + secrets.token_hex(8) + ".5678",
                           "email": f"mei-{secrets.token_hex(4)}@privaterelay.appleid.com"}
        target = html.escape(query["redirect_uri"])
        state = html.escape(query.get("state", ""))
        page = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Apple ID</title></head>
<body><main><h1>Use your Apple ID with this app</h1>
<form method="post" action="{target}"><input type="hidden" name="code" value="{code}">
<input type="hidden" name="state" value="{state}"><button id="continue" type="submit">Continue</button></form>
<form method="post" action="{target}"><input type="hidden" name="error" value="user_cancelled_authorize">
<input type="hidden" name="state" value="{state}"><button id="cancel" type="submit">Cancel</button></form>
</main></body></html>"""
        self.answer(200, page.encode(), "text/html; charset=utf-8")

    def do_POST(self):
        if self.path != "/auth/token":
            return self.answer(404, b"not found", "text/plain")
        length = int(self.headers.get("Content-Length", "0"))
        form = dict(urllib.parse.parse_qsl(self.rfile.read(length).decode()))

        def refuse(error: str):
            self.answer(400, json.dumps({"error": error}).encode(), "application/json")

        if form.get("grant_type") != "authorization_code" or "client_id" not in form:
            return refuse("invalid_request")
        secret = client_secret_claims(form.get("client_secret", ""))
        now = int(time.time())
        if not secret or secret.get("iss") != TEAM_ID or secret.get("sub") != form["client_id"] \
                or ISSUER not in ([secret.get("aud")] if isinstance(secret.get("aud"), str) else secret.get("aud", [])) \
                or secret.get("exp", 0) <= now:
            return refuse("invalid_client")
        with lock:
            grant = codes.pop(form.get("code", ""), None)
        if not grant or grant["client_id"] != form["client_id"] or grant["redirect_uri"] != form.get("redirect_uri"):
            return refuse("invalid_grant")
        claims = {"iss": ISSUER, "aud": grant["client_id"], "exp": now + 600, "iat": now, "sub": grant["sub"],
                  "email": grant["email"], "email_verified": "true", "is_private_email": "true",
                  "auth_time": now, "nonce_supported": True}
        if grant["nonce"]:
            claims["nonce"] = grant["nonce"]
        body = {"access_token": "a." + secrets.token_hex(16), "token_type": "Bearer", "expires_in": 3600,
                "refresh_token": "r." + secrets.token_hex(16), "id_token": sign_rs256(claims)}
        self.answer(200, json.dumps(body).encode(), "application/json")


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Apple)
(folder / "settings.tmp").write_text(f"{server.server_address[1]} {TEAM_ID} {KEY_ID}\n")
(folder / "settings.tmp").rename(folder / "settings")
server.serve_forever()
