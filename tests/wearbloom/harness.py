"""What the Wearbloom process tests share: reporting checks, a free port, JSON calls, an
`orchard serve` started and waited for, and accounts signed up and confirmed through the link the
server mails. scripts/chaos, scripts/test, the screenshot scripts and the benchmarks use it too."""
import email
import email.policy
import email.utils
import html
import io
import json
import os
import re
import socket
import subprocess
import time
import urllib.error
import urllib.request
import zipfile

failures = 0


def check(ok, line):
    global failures
    print(("  ✓ " if ok else "  ✗ ") + line)
    failures += 0 if ok else 1


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base, method, path, token=None, body=None):
    """A JSON call; returns the status and the decoded answer (null when it has no body)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def serve(orchard, port, data, log, environment):
    """Starts `orchard serve` on `port` over `data`, and returns it once /healthz answers."""
    process = subprocess.Popen([orchard, "serve", "--port", str(port), "--data-dir", data],
                               stdout=log, stderr=subprocess.STDOUT, env=environment)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return process
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.05)
    raise SystemExit("orchard serve did not start")


def export(base, token):
    """The account's export: a zip whose account.json is read, and the archive itself."""
    request = urllib.request.Request(base + "/wearbloom/api/v1/auth/user/export")
    request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=60) as response:
        archive = zipfile.ZipFile(io.BytesIO(response.read()))
    return json.loads(archive.read("account.json")), archive


def ledger(base, token):
    """The credit ledger in the account's export."""
    document, _ = export(base, token)
    return (document.get("apps") or {}).get("wardrobe", {}).get("credits", [])


def definitions(script):
    """The definitions of a test script (its imports, constants, functions and classes) as a module,
    without running its steps: how another script reuses, say, kill9_render.py's fake fal."""
    import ast
    import types
    with open(script) as file:
        tree = ast.parse(file.read(), script)
    kept = [node for node in tree.body
            if isinstance(node, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.ClassDef))
            or (isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant))]
    module = types.ModuleType(script.rsplit("/", 1)[-1].removesuffix(".py"))
    module.__file__ = script
    exec(compile(ast.Module(body=kept, type_ignores=[]), script, "exec"), module.__dict__)
    return module


# -------------------------------------------------------------------------------------------------
# Accounts. Sign-up answers the same whether or not the address has an account, and opens no
# session: the address is mailed a link to confirm it (or, when it already has an account, a note
# saying so), and the link's token, verified, opens the account's first session.

CONFIRMATION_LINK = re.compile(r"https?://[^\s<>\"/]+/([a-z-]+)/account/confirm-sign-up\?token=([A-Za-z0-9_-]+)")


class Mailbox:
    """The mail a server has sent, as its recipients would read it: the `.eml` files of a folder
    (the data directory's `mail/`, where a server with no SMTP server configured keeps its mail, or
    the loopback SMTP server's folder), or, given no folder, the server's /dev/mail page at `base`
    (which lists that same data-directory folder, on loopback only). Each message is
    (recipients, subject, plain text), oldest first; a file is read once, so a thousand messages
    can be waited on."""

    def __init__(self, folder=None, base=None):
        assert folder or base, "a mail folder or a server's address"
        self.folder, self.base = folder, base
        self.read = {}  # file name -> ((modified, size) when read, message)

    def where(self):
        return self.folder or f"{self.base}/dev/mail"

    def messages(self):
        return self.from_folder() if self.folder else self.from_page()

    def from_folder(self):
        try:
            names = [name for name in os.listdir(self.folder) if name.endswith(".eml")]
        except FileNotFoundError:
            return []  # nothing sent yet
        for name in names:
            path = os.path.join(self.folder, name)
            stamp = os.stat(path)
            seen = (stamp.st_mtime_ns, stamp.st_size)
            if self.read.get(name, (None,))[0] == seen:
                continue  # read already, and unchanged since (a file still being written is read again)
            with open(path, "rb") as file:
                message = email.message_from_bytes(file.read(), policy=email.policy.default)
            # The loopback SMTP server names the envelope's recipients; a kept file names its To.
            to = message.get("X-Envelope-To") or message.get("To") or ""
            recipients = tuple(address.lower() for _, address in email.utils.getaddresses([str(to)]))
            try:
                body = message.get_body(preferencelist=("plain",))
                text = body.get_content() if body else ""
            except (ValueError, LookupError):
                text = ""  # cut short mid-write: read again once it has grown
            self.read[name] = seen, (recipients, str(message.get("Subject", "")), text)
        # Oldest first: by the time each file was written, then by name (the SMTP server numbers them).
        order = sorted(self.read, key=lambda name: (self.read[name][0][0], name))
        return [self.read[name][1] for name in order]

    def from_page(self):
        with urllib.request.urlopen(self.base + "/dev/mail", timeout=30) as response:
            page = response.read().decode()
        found = []
        for item in re.findall(r'<li class="dev-mail-item">(.*?)</li>', page, re.S):
            def part(pattern):
                match = re.search(pattern, item, re.S)
                return html.unescape(re.sub(r"<[^>]+>", "", match.group(1))) if match else ""
            recipient = part(r'<p class="dev-mail-meta">To (.*?) · ').strip().lower()
            found.append(((recipient,), part(r"<h2>(.*?)</h2>"), part(r'<pre class="dev-mail-text">(.*?)</pre>')))
        return found[::-1]  # the page shows the newest first

    def wait(self, found, what, seconds=60):
        """Reads the mail until `found(messages)` gives something, and returns that. Mail is sent by
        the server's job worker, after the request that caused it has been answered."""
        deadline = time.monotonic() + seconds
        while True:
            value = found(self.messages())
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{what() if callable(what) else what}: not in {self.where()} after {seconds} s")
            time.sleep(0.1)

    def confirmation_links(self, app, addresses, seconds=60):
        """The newest link confirming a sign-up on `app` mailed to each of `addresses`, once each
        has one, by address (in lower case). One address may sign up on each app."""
        wanted = {address.lower() for address in addresses}
        links = {}

        def found(messages):
            links.clear()
            for recipients, _, text in messages:
                link = CONFIRMATION_LINK.search(text)
                for address in wanted.intersection(recipients) if link and link.group(1) == app else ():
                    links[address] = link.group(0)  # a later message's link replaces an earlier one's
            return dict(links) if len(links) == len(wanted) else None

        def what():
            missing = sorted(wanted - set(links))
            return (f"a {app} confirmation link to each of {len(wanted)} addresses ({len(missing)} without one, "
                    f"such as {missing[0]})" if len(wanted) > 1 else f"a {app} confirmation link to {missing[0]}")
        return self.wait(found, what, seconds)


def token_of(link):
    """The token of a mailed confirmation link."""
    return CONFIRMATION_LINK.search(link).group(2)


def verify(base, app, link):
    """Verifies a mailed confirmation link's token through `app`'s accounts API, as an app opening
    the link does; returns the session it opens."""
    status, session = call(base, "POST", f"/{app}/api/v1/auth/verify", body={"type": "signup", "token": token_of(link)})
    if status != 200 or not (session or {}).get("access_token"):
        raise AssertionError(f"POST /{app}/api/v1/auth/verify of a mailed link: {status} {session} (expected a session)")
    return session


def sign_up(base, app, address, password, mailbox, seconds=60):
    """A new account on `app` (wearbloom or dangdai), signed up and confirmed as its owner would:
    sign-up answers 200 with no session, and the link mailed to the address, verified, opens the
    account's first session, which is returned (access_token, refresh_token, user)."""
    status, answer = call(base, "POST", f"/{app}/api/v1/auth/signup", body={"email": address, "password": password})
    if status != 200 or not (answer or {}).get("email") or "access_token" in answer:
        raise AssertionError(f"POST /{app}/api/v1/auth/signup for {address}: {status} {answer} "
                             "(expected 200 with the address and no session)")
    address = answer["email"]  # as the server normalised it, and mailed it
    return verify(base, app, mailbox.confirmation_links(app, [address], seconds)[address.lower()])
