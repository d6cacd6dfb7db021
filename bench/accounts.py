"""Accounts under load, against a running orchard (scripts/bench): sign-in latency, memory while 32
sign-ins hash at once, refresh rotations per second, and whether an unknown email and a wrong
password take the same time. Prints one JSON object; writes a web session's cookie to COOKIE_FILE
for wrk on a session-authenticated page.

    accounts.py BASE_URL PID COOKIE_FILE
"""
import http.client
import json
import os
import statistics
import sys
import threading
import time
import urllib.parse
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "wearbloom"))
import harness  # noqa: E402  (signs up and confirms from the mailed link: the server's /dev/mail page)

base, pid, cookie_file = sys.argv[1], int(sys.argv[2]), sys.argv[3]
host = urllib.parse.urlsplit(base)
auth = "/wearbloom/api/v1/auth"
password = "a meadow of quiet tulips"


def connection():
    return http.client.HTTPConnection(host.hostname, host.port, timeout=60)


def call(conn, method, path, body=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    conn.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
    response = conn.getresponse()
    payload = response.read()
    return response.status, payload, response


def sign_up(conn, email):
    """Signs `email` up: answered with no session, the address is mailed a link to confirm it."""
    status, payload, _ = call(conn, "POST", auth + "/signup", {"email": email, "password": password})
    assert status == 200 and b"access_token" not in payload, (status, payload)


def timed_sign_in(conn, email, secret):
    started = time.perf_counter()
    status, _, _ = call(conn, "POST", auth + "/token?grant_type=password", {"email": email, "password": secret})
    return (time.perf_counter() - started) * 1000, status


def vm(field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field):
                return int(line.split()[1])
    return 0


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round((len(ordered) - 1) * p))]


conn = connection()
run = uuid.uuid4().hex[:8]
emails = [f"bench-{run}-{i}@example.com" for i in range(232)]
for email in emails:
    sign_up(conn, email)
# Each account is confirmed from its mailed link, whose verification opens its first session.
links = harness.Mailbox(base=base).confirmation_links("wearbloom", emails, seconds=120)
sessions = [harness.verify(base, "wearbloom", links[email]) for email in emails]

# Sign-in latency, one at a time, each on its own account (no lockout, no per-account limit).
latencies = []
for email in emails[:200]:
    ms, status = timed_sign_in(conn, email, password)
    assert status == 200, status
    latencies.append(ms)

# Unknown email against wrong password, interleaved, 200 of each: each wrong password on an account
# of its own, each unknown email new, so neither meets a lockout.
unknown, wrong = [], []
for index in range(200):
    ms, status = timed_sign_in(conn, f"nobody-{run}-{index}@example.com", password + "!")
    assert status == 400, status
    unknown.append(ms)
    ms, status = timed_sign_in(conn, emails[index], password + "!")
    assert status == 400, status
    wrong.append(ms)

# Memory: 32 sign-ins at once, three times over.
rss_before = vm("VmRSS")
barrier = threading.Barrier(32)
burst_ms = []


def burst(email):
    c = connection()
    for _ in range(3):
        barrier.wait()
        ms, status = timed_sign_in(c, email, password)
        assert status == 200, status
        burst_ms.append(ms)


threads = [threading.Thread(target=burst, args=(e,)) for e in emails[200:232]]
for t in threads:
    t.start()
for t in threads:
    t.join()
rss_after, hwm = vm("VmRSS"), vm("VmHWM")

# Refresh rotations per second: 16 clients, each spending its own session's newest token in turn.
stop = time.monotonic() + 10
counts = [0] * 16


def rotate(slot, token):
    c = connection()
    while time.monotonic() < stop:
        status, payload, _ = call(c, "POST", auth + "/token?grant_type=refresh_token", {"refresh_token": token})
        assert status == 200, (status, payload)
        token = json.loads(payload)["refresh_token"]
        counts[slot] += 1


threads = [threading.Thread(target=rotate, args=(i, sessions[i]["refresh_token"])) for i in range(16)]
began = time.monotonic()
for t in threads:
    t.start()
for t in threads:
    t.join()
elapsed = time.monotonic() - began

# A web session for wrk on the account page, on a device that accepted Wearbloom's terms (which come
# before its account pages).
conn.request("POST", "/wearbloom/consent", body="", headers={
    "Content-Type": "application/x-www-form-urlencoded", "Origin": base})
response = conn.getresponse()
response.read()
device = response.getheader("Set-Cookie").split(";")[0]
body = urllib.parse.urlencode({"email": emails[0], "password": password})
conn.request("POST", "/wearbloom/account/sign-in", body=body,
             headers={"Content-Type": "application/x-www-form-urlencoded", "Origin": base, "Cookie": device})
response = conn.getresponse()
response.read()
session = response.getheader("Set-Cookie").split(";")[0]
with open(cookie_file, "w") as f:
    f.write(f"{device}; {session}")

print(json.dumps({
    "sign_in_p50_ms": statistics.median(latencies), "sign_in_p99_ms": percentile(latencies, 0.99),
    "sign_ins": len(latencies),
    "burst_p50_ms": statistics.median(burst_ms), "burst_p99_ms": percentile(burst_ms, 0.99),
    "rss_before_kb": rss_before, "rss_after_kb": rss_after, "hwm_kb": hwm,
    "rotations_per_s": sum(counts) / elapsed, "rotation_clients": 16,
    "unknown_p50_ms": statistics.median(unknown), "wrong_p50_ms": statistics.median(wrong),
    "timing_tries": len(unknown),
}, indent=2))
