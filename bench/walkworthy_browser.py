"""WalkWorthy's home page in headless Chromium on loopback.

  walkworthy_browser.py BASE_URL RUNS  → JSON on stdout

A student fills in the onboarding form, the browser cache is emptied, and Home is loaded cold.
Reported: the bytes it transferred (document, styles, script, fonts, icons) and the time to its load
event, medians over RUNS.
"""

import json
import statistics
import sys

from faith_jar_browser import browser, loaded
from miga_browser import post

PROFILE = "age=20&major=Biology&gender=prefer-not-to-say&hobby=Music&action=save"


def cold_home(base):
    driver = browser()
    try:
        driver.get(base + "/walkworthy/welcome")
        loaded(driver)
        if not post(driver, "/walkworthy/welcome", PROFILE):
            raise SystemExit("the onboarding form was refused")
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        driver.get(base + "/walkworthy/")
        loaded(driver)
        return driver.execute_script(
            "const n = performance.getEntriesByType('navigation')[0];"
            "const bytes = performance.getEntriesByType('resource').reduce((s, r) => s + r.transferSize, n.transferSize);"
            "return {load_ms: n.loadEventEnd, bytes: bytes, home: !!document.querySelector('.verse-card')};")
    finally:
        driver.quit()


def main():
    base, runs = sys.argv[1].rstrip("/"), int(sys.argv[2])
    results = [cold_home(base) for _ in range(runs)]
    if not all(r["home"] for r in results):
        raise SystemExit("the home page did not show a verse card")
    print(json.dumps({
        "home_bytes": statistics.median(r["bytes"] for r in results),
        "home_load_ms": statistics.median(r["load_ms"] for r in results),
        "runs": runs,
    }))


if __name__ == "__main__":
    main()
