"""FastAPI peer for scripts/bench: the same GET /api/v1/apps as orchard, from the same SQLite file.

Run: ORCHARD_DB=path/orchard.sqlite uvicorn fastapi_apps:app --app-dir bench/peers --workers 2
Like orchard it keeps a snapshot of the catalog and re-reads it when older than one second; the
snapshot holds the encoded body, the fastest honest way to serve it from Python.
"""

import json
import os
import sqlite3
import time
from contextlib import closing

from fastapi import FastAPI
from fastapi.responses import PlainTextResponse, Response

SNAPSHOT_SECONDS = 1.0
QUERY = (
    "SELECT slug, name, promise, path, version, availability FROM apps ORDER BY position"
)

app = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)
_body = b""
_read_at = float("-inf")


def _read_catalog() -> bytes:
    # Read-only, a fresh connection each refresh: orchard owns the file and its migrations.
    uri = f"file:{os.environ['ORCHARD_DB']}?mode=ro"
    with closing(sqlite3.connect(uri, uri=True)) as db:
        rows = db.execute(QUERY).fetchall()
    apps = [
        {"id": s, "name": n, "promise": p, "path": pa, "version": v, "availability": a}
        for s, n, p, pa, v, a in rows
    ]
    return json.dumps({"apps": apps}, ensure_ascii=False, separators=(",", ":")).encode()


@app.get("/api/v1/apps")
async def apps() -> Response:
    global _body, _read_at
    now = time.monotonic()
    if now - _read_at > SNAPSHOT_SECONDS:
        _body, _read_at = _read_catalog(), now
    return Response(_body, media_type="application/json; charset=utf-8")


@app.get("/healthz")
async def healthz() -> PlainTextResponse:
    return PlainTextResponse("ok")
