"""MIGA event ingestion: CLIENTS devices each post BATCHES batches of BATCH fresh events, keep-alive.

  miga_ingest.py BASE_URL [--batches 200] [--batch 500] [--clients 2]   > result.json

Each client is a device of its own (POST /miga/api/v1/devices) on its own connection. Bodies are
built before the clock starts, so the figure is the server's, not Python's JSON encoder's. Every
receipt must accept the whole batch; anything else fails the run. Prints events/s over the whole
run (first request sent to last answer read) and the batch round-trip percentiles.
"""

import argparse
import datetime
import http.client
import json
import os
import statistics
import sys
import threading
import time
import urllib.parse

KINDS = ["session_start", "gateway_completed", "exit_selected", "open_selected", "content_read"]


def batch_bodies(batches: int, size: int, start: datetime.datetime) -> list[bytes]:
    bodies = []
    for b in range(batches):
        events = []
        for i in range(size):
            at = start + datetime.timedelta(milliseconds=(b * size + i) * 250)
            events.append({
                "event_id": os.urandom(16).hex(),
                "kind": KINDS[i % len(KINDS)],
                "occurred_at": at.strftime("%Y-%m-%dT%H:%M:%S.") + f"{at.microsecond // 1000:03d}Z",
                "time_zone": "Europe/Paris",
                "local_day": at.strftime("%Y-%m-%d"),
                "metadata": {"app_id": "instagram", "timer_length": 30},
            })
        bodies.append(json.dumps({"events": events}, separators=(",", ":")).encode())
    return bodies


def new_token(host: str, port: int) -> str:
    connection = http.client.HTTPConnection(host, port, timeout=30)
    connection.request("POST", "/miga/api/v1/devices")
    response = connection.getresponse()
    body = response.read()
    if response.status != 201:
        raise SystemExit(f"POST /miga/api/v1/devices answered {response.status}: {body[:200]!r}")
    return json.loads(body)["token"]


def client(host: str, port: int, token: str, bodies: list[bytes], size: int, latencies: list, failures: list):
    connection = http.client.HTTPConnection(host, port, timeout=60)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    for body in bodies:
        sent = time.perf_counter()
        connection.request("POST", "/miga/api/v1/events", body=body, headers=headers)
        response = connection.getresponse()
        answer = response.read()
        latencies.append((time.perf_counter() - sent) * 1000)
        if response.status != 200 or len(json.loads(answer)["accepted"]) != size:
            failures.append(f"{response.status}: {answer[:200]!r}")
            return


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--batches", type=int, default=200, help="batches per client")
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--clients", type=int, default=2)
    args = parser.parse_args()
    url = urllib.parse.urlsplit(args.base)
    host, port = url.hostname, url.port or 80

    start = datetime.datetime(2026, 1, 1, 8, tzinfo=datetime.timezone.utc)
    work = [(new_token(host, port), batch_bodies(args.batches, args.batch, start)) for _ in range(args.clients)]
    latencies: list[float] = []
    failures: list[str] = []
    threads = [
        threading.Thread(target=client, args=(host, port, token, bodies, args.batch, latencies, failures))
        for token, bodies in work
    ]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - began
    if failures:
        raise SystemExit(f"ingestion failed: {failures[0]}")
    events = args.clients * args.batches * args.batch
    latencies.sort()
    json.dump({
        "clients": args.clients,
        "batch": args.batch,
        "batches": args.clients * args.batches,
        "events": events,
        "seconds": round(seconds, 3),
        "events_per_s": round(events / seconds, 1),
        "batch_p50_ms": round(statistics.median(latencies), 2),
        "batch_p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))], 2),
    }, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
