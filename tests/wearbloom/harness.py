"""What the Wearbloom process tests share: reporting checks, a free port, JSON calls, and an
`orchard serve` started and waited for."""
import json
import socket
import subprocess
import time
import urllib.error
import urllib.request

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


def ledger(base, token):
    """The credit ledger in the account's export."""
    _, export = call(base, "GET", "/wearbloom/api/v1/auth/user/export", token)
    return ((export or {}).get("apps") or {}).get("wardrobe", {}).get("credits", [])


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
