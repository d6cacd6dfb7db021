"""Fails unless two servers answer GET /api/v1/apps with the same JSON: same values, same key order.

  same_apps.py URL_A URL_B
"""

import json
import sys
import urllib.request

CONTENT_TYPE = "application/json; charset=utf-8"


def fetch(url: str) -> list:
    with urllib.request.urlopen(url, timeout=5) as response:
        kind = response.headers.get("Content-Type")
        if kind != CONTENT_TYPE:
            sys.exit(f"{url}: Content-Type {kind!r}, expected {CONTENT_TYPE!r}")
        # Pairs instead of dicts, so the comparison also checks key order.
        return json.loads(response.read(), object_pairs_hook=list)


def main() -> None:
    a, b = (fetch(url) for url in sys.argv[1:3])
    if a != b:
        sys.exit(f"/api/v1/apps differs:\n{sys.argv[1]}: {a}\n{sys.argv[2]}: {b}")
    if not a or not a[0][1]:
        sys.exit("/api/v1/apps is empty on both: nothing to compare")
    print(f"/api/v1/apps is the same JSON on both ({len(a[0][1])} apps)")


if __name__ == "__main__":
    main()
