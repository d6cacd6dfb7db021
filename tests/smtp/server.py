#!/usr/bin/env python3
"""A real SMTP server on loopback for the tests: aiosmtpd with STARTTLS (a certificate made for
127.0.0.1 on start), AUTH PLAIN/LOGIN for one user, and every accepted message written to a folder.

    server.py DIR   writes DIR/cert.pem and DIR/settings (port user password), then each message
                    as DIR/mail/<n>.eml, until it is stopped.
"""
import asyncio
import pathlib
import secrets
import socket
import ssl
import subprocess
import sys

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

folder = pathlib.Path(sys.argv[1])
(folder / "mail").mkdir(parents=True, exist_ok=True)
subprocess.run(
    ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
     "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
     "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")],
    check=True, capture_output=True)
context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
context.load_cert_chain(folder / "cert.pem", folder / "key.pem")

user, password = "orchard", secrets.token_urlsafe(12)


def authenticate(server, session, envelope, mechanism, auth_data):
    ok = auth_data.login == user.encode() and auth_data.password == password.encode()
    return AuthResult(success=ok, handled=False)


class Keep:
    count = 0

    async def handle_DATA(self, server, session, envelope):
        Keep.count += 1
        name = folder / "mail" / f"{Keep.count:04d}.eml"
        header = f"X-Envelope-From: {envelope.mail_from}\r\nX-Envelope-To: {','.join(envelope.rcpt_tos)}\r\n"
        name.write_bytes(header.encode() + envelope.original_content)
        return "250 Message accepted for delivery"


with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
controller = Controller(
    Keep(), hostname="127.0.0.1", port=port, tls_context=context, require_starttls=True,
    authenticator=authenticate, auth_require_tls=True, decode_data=False)
controller.start()
(folder / "settings").write_text(f"{port} {user} {password}\n")
try:
    asyncio.run(asyncio.Event().wait())
finally:
    controller.stop()
