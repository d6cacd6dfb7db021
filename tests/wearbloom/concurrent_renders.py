#!/usr/bin/env python3
"""200 render requests at once by one user with 3 credits, against real server processes, as
scripts/test runs it.

    concurrent_renders.py ORCHARD WORKDIR [POSTGRES_URL]

On SQLite one `orchard serve`; on PostgreSQL (when a URL is given) two, on one database and one
data directory, the requests split between them. Exactly 3 are taken (202) and 197 refused
with 402 INSUFFICIENT_CREDITS; the 3 are drawn and charged; the balance ends at 0 with nothing
held. Prints one line per check and exits 1 if any fails.
"""
import concurrent.futures
import os
import sys
import time

import harness
from harness import call, check, free_port

orchard, workdir = sys.argv[1], sys.argv[2]
postgres = sys.argv[3] if len(sys.argv) > 3 else None


def serve(data, database, log):
    port = free_port()
    environment = dict(os.environ, ORCHARD_RATE_LIMIT_SCALE="100")
    if database:
        environment["ORCHARD_DATABASE_URL"] = database
    return harness.serve(orchard, port, data, log, environment), f"http://127.0.0.1:{port}"


def run(engine, database):
    data = os.path.join(workdir, f"renders-{engine}")
    log = open(os.path.join(workdir, f"renders-{engine}.log"), "w")
    servers = [serve(data, database, log)]
    if database:
        servers.append(serve(data, database, log))
    bases = [base for _, base in servers]
    # Confirmed from the mailed link, which a server with no SMTP server keeps in its data directory.
    token = harness.sign_up(bases[0], "wearbloom", f"many-{engine}@example.com", "tulip-91 at dawn",
                            harness.Mailbox(os.path.join(data, "mail")))["access_token"]
    call(bases[0], "PUT", "/wearbloom/api/v1/body-photo", token, {"stockId": "figure-curvy"})
    call(bases[0], "GET", "/wearbloom/api/v1/subscription", token)  # the welcome grant
    with concurrent.futures.ThreadPoolExecutor(max_workers=64) as pool:
        answers = list(pool.map(
            lambda index: call(bases[index % len(bases)], "POST", "/wearbloom/api/v1/renders", token,
                               {"garmentId": "navy-t-shirt"}), range(200)))
    taken = [body["id"] for status, body in answers if status == 202]
    refused = [body for status, body in answers if status == 402 and body.get("code") == "INSUFFICIENT_CREDITS"]
    others = sorted({status for status, _ in answers} - {202, 402})
    where = f"{len(servers)} server process{'es' if len(servers) > 1 else ''} on {engine}"
    check(len(taken) == 3 and len(refused) == 197 and not others,
          f"{where}: 200 renders asked at once with 3 credits, {len(taken)} taken, {len(refused)} "
          f"INSUFFICIENT_CREDITS{f', other statuses {others}' if others else ''}")

    def finished():
        states = [call(bases[0], "GET", f"/wearbloom/api/v1/renders/{id}", token)[1].get("status") for id in taken]
        return states if all(state in ("completed", "failed") for state in states) else None
    deadline = time.monotonic() + 60
    states = None
    while time.monotonic() < deadline and not (states := finished()):
        time.sleep(0.2)
    _, summary = call(bases[0], "GET", "/wearbloom/api/v1/subscription", token)
    ledger = harness.ledger(bases[0], token)
    captures = sum(1 for line in ledger if line["kind"] == "capture")
    held = sum(1 for line in ledger if line["kind"] == "reserve") - sum(
        1 for line in ledger if line["kind"] in ("capture", "release"))
    check(states == ["completed"] * 3 and captures == 3 and held == 0 and summary.get("creditsRemaining") == 0,
          f"{where}: the 3 drawn and charged once each ({captures} captures, {held} held, "
          f"{summary.get('creditsRemaining')} left)")
    for process, _ in servers:
        process.terminate()
        process.wait()
    log.close()
    if harness.failures:
        print(open(os.path.join(workdir, f"renders-{engine}.log")).read()[-3000:])


run("SQLite", None)
if postgres:
    run("PostgreSQL", postgres)
sys.exit(1 if harness.failures else 0)
