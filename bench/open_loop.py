"""Posts prepared requests at a fixed rate over a fixed number of connections, whatever the server's
pace: the latency of a request is counted from the moment it was due, not from when a connection
was free to send it, so a stall shows in every request it delayed (wrk, which waits for an answer
before sending again, counts only the one request that stalled).

    open_loop.py BASE_URL SCRIPT.lua|GET:/path TOKEN_FILE RATE SECONDS [CONNECTIONS]

SCRIPT.lua is the request table bench/dangdai.py writes for wrk ({path, body} pairs); each is posted
once, in order. GET:/path asks for that path again and again instead. Prints one JSON object: the
rate asked for and reached, the latency percentiles in milliseconds, and how many responses were
not 2xx.
"""
import asyncio
import json
import re
import sys
import time
import urllib.parse

base, script, token_file = sys.argv[1], sys.argv[2], sys.argv[3]
rate, seconds = float(sys.argv[4]), float(sys.argv[5])
connections = int(sys.argv[6]) if len(sys.argv) > 6 else 64
target = urllib.parse.urlsplit(base)
token = open(token_file).read().strip()

# A line of a wrk script: path, body and, where requests are spread over accounts, its own token.
pair = re.compile(r'^\s*\{"(?P<path>[^"]+)", "(?P<body>(?:[^"\\]|\\.)*)"(?:, "(?P<token>[^"]+)")?\},?$')
requests = []
if script.startswith("GET:"):
    request = (f"GET {script[4:]} HTTP/1.1\r\nHost: {target.hostname}:{target.port}\r\n"
               f"Authorization: Bearer {token}\r\n\r\n").encode()
    requests = [request] * int(rate * seconds)
for line in ([] if script.startswith("GET:") else open(script)):
    found = pair.match(line)
    if found:
        body = json.loads('"' + found["body"] + '"').encode()
        head = (f"POST {found['path']} HTTP/1.1\r\nHost: {target.hostname}:{target.port}\r\n"
                f"Authorization: Bearer {found['token'] or token}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        requests.append(head + body)
total = int(rate * seconds)
if total > len(requests):
    sys.exit(f"{total} requests are due in {seconds:g} s at {rate:g}/s, and only {len(requests)} were prepared")


async def read_response(reader):
    """One HTTP/1.1 response with a Content-Length (the server sends no chunked answers to these)."""
    status_line = await reader.readline()
    status = int(status_line.split()[1])
    length = 0
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b""):
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    if length:
        await reader.readexactly(length)
    return status


async def main():
    queue = asyncio.Queue()
    latencies, failures = [], []

    async def connection():
        reader, writer = await asyncio.open_connection(target.hostname, target.port)
        while True:
            item = await queue.get()
            if item is None:
                writer.close()
                return
            due, request = item
            writer.write(request)
            status = await read_response(reader)
            latencies.append(time.perf_counter() - due)
            if not 200 <= status < 300:
                failures.append(status)

    workers = [asyncio.create_task(connection()) for _ in range(connections)]
    await asyncio.sleep(0.2)  # every connection open before the clock starts
    start = time.perf_counter()
    for index in range(total):
        due = start + index / rate
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        queue.put_nowait((due, requests[index]))
    for _ in workers:
        queue.put_nowait(None)
    await asyncio.gather(*workers)
    elapsed = time.perf_counter() - start
    ordered = sorted(latencies)

    def at(p):
        return round(ordered[min(len(ordered) - 1, round((len(ordered) - 1) * p))] * 1000, 2)

    print(json.dumps({
        "connections": connections, "rate_asked": rate, "rate_reached": round(len(ordered) / elapsed, 1),
        "requests": len(ordered), "not_2xx": len(failures),
        "p50_ms": at(0.50), "p90_ms": at(0.90), "p99_ms": at(0.99), "max_ms": at(1.0),
    }))


asyncio.run(main())
