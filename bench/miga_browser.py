"""MIGA's gateway page in headless Chromium on loopback.

  miga_browser.py BASE_URL RUNS  → JSON on stdout

A visitor finishes onboarding, the browser cache is emptied, and an app is opened: the gateway page
is then loaded cold. Reported: the bytes it transferred (document, styles, script, fonts) and the
time to its load event, medians over RUNS.
"""

import json
import statistics
import sys

from faith_jar_browser import browser, loaded

ANSWERS = [
    ("welcome", ""), ("time-awareness", "minutes=120"), ("time-cost", ""), ("goals", ""), ("science", ""),
    ("how-it-works", ""), ("readiness", "readiness=7"), ("interests", ""), ("apps", "app=instagram"),
    ("pause-length", "seconds=30"), ("hide-apps", ""), ("ready", ""),
]


def post(driver, path, body=""):
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0], {method: 'POST', credentials: 'same-origin', redirect: 'manual',"
        " headers: {'Content-Type': 'application/x-www-form-urlencoded'}, body: arguments[1]})"
        ".then(r => done(r.type === 'opaqueredirect' || r.ok), () => done(false));", path, body)


def cold_gateway(base):
    driver = browser()
    try:
        driver.get(base + "/miga/")
        loaded(driver)
        for step, body in ANSWERS:
            if not post(driver, f"/miga/welcome/{step}", body):
                raise SystemExit(f"onboarding step {step} failed")
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        if not post(driver, "/miga/open/instagram"):
            raise SystemExit("opening the gateway failed")
        driver.get(base + "/miga/gateway")
        loaded(driver)
        return driver.execute_script(
            "const n = performance.getEntriesByType('navigation')[0];"
            "const bytes = performance.getEntriesByType('resource').reduce((s, r) => s + r.transferSize, n.transferSize);"
            "return {load_ms: n.loadEventEnd, bytes: bytes, gateway: !!document.querySelector('.gateway')};")
    finally:
        driver.quit()


def main():
    base, runs = sys.argv[1].rstrip("/"), int(sys.argv[2])
    results = [cold_gateway(base) for _ in range(runs)]
    if not all(r["gateway"] for r in results):
        raise SystemExit("the gateway page did not load")
    print(json.dumps({
        "gateway_bytes": statistics.median(r["bytes"] for r in results),
        "gateway_load_ms": statistics.median(r["load_ms"] for r in results),
        "runs": runs,
    }))


if __name__ == "__main__":
    main()
