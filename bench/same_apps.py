"""Fails unless two servers answer GET /api/v1/apps with the same JSON: the same apps in the same
order with the same values. Member order inside an object carries no meaning in JSON and is not
compared (Foundation's encoder does not keep declaration order unless it sorts).

  same_apps.py URL_A URL_B
"""

import json
import sys
import urllib.request

CONTENT_TYPE = "application/json; charset=utf-8"


def fetch(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as response:
        kind = response.headers.get("Content-Type")
        if kind != CONTENT_TYPE:
            sys.exit(f"{url}: Content-Type {kind!r}, expected {CONTENT_TYPE!r}")
        return json.loads(response.read())


def main() -> None:
    a, b = (fetch(url) for url in sys.argv[1:3])
    if a != b:
        sys.exit(f"/api/v1/apps differs:\n{sys.argv[1]}: {a}\n{sys.argv[2]}: {b}")
    if not a.get("apps"):
        sys.exit("/api/v1/apps is empty on both: nothing to compare")
    print(f"/api/v1/apps is the same JSON on both ({len(a['apps'])} apps)")


if __name__ == "__main__":
    main()
