"""Faith Jar's user-facing timings, measured in headless Chromium on loopback.

  faith_jar_browser.py BASE_URL RUNS  → JSON on stdout

- first visit: a fresh browser (empty cache, no cookie) opens /faith-jar/; time to the load event
  and the bytes transferred (document, styles, scripts, fonts).
- emotion tap → verse visible: from the tap (navigation start of the form post, which follows the
  303 to the verse page) to the verse page's first contentful paint.
- another verse: from the tap to the new verse in place (fetch + swap, which by design waits for the
  200 ms fade-out), and the request's own round trip.
"""

import json
import shutil
import statistics
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_experimental_option(
        "mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": True}})
    return webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))


def loaded(driver):
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(
        "const n = performance.getEntriesByType('navigation')[0]; return n && n.loadEventEnd > 0"))


def transferred(driver):
    """What the page on screen cost once its fonts are in: bytes over the wire (the page and every
    resource), of them the fonts', the number of requests, and when it finished loading."""
    loaded(driver)
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "document.fonts.ready.then(() => setTimeout(() => {"
        "  const n = performance.getEntriesByType('navigation')[0];"
        "  const resources = performance.getEntriesByType('resource');"
        "  done({bytes: resources.reduce((s, r) => s + r.transferSize, n.transferSize),"
        "        fonts: resources.filter(r => r.name.includes('/fonts/')).reduce((s, r) => s + r.transferSize, 0),"
        "        requests: resources.length + 1, load_ms: n.loadEventEnd});"
        "}, 100));")


def first_visit(base):
    driver = browser()
    try:
        driver.get(base + "/faith-jar/")
        loaded(driver)
        return driver.execute_script(
            "const n = performance.getEntriesByType('navigation')[0];"
            "const bytes = performance.getEntriesByType('resource').reduce((s, r) => s + r.transferSize, n.transferSize);"
            "return {load_ms: n.loadEventEnd, bytes: bytes};")
    finally:
        driver.quit()


def taps(base, runs):
    driver = browser()
    try:
        driver.get(base + "/faith-jar/")
        driver.find_element(By.CSS_SELECTOR, ".onboarding .skip").click()
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".emotion--anxiety"))
        tap_ms, swap_ms, fetch_ms = [], [], []
        for _ in range(runs):
            driver.get(base + "/faith-jar/")
            loaded(driver)
            driver.find_element(By.CSS_SELECTOR, ".emotion--anxiety").click()
            WebDriverWait(driver, 10).until(lambda d: d.execute_script(
                "return !!performance.getEntriesByName('first-contentful-paint')[0] && !!document.querySelector('.verse-text')"))
            tap_ms.append(driver.execute_script(
                "return performance.getEntriesByName('first-contentful-paint')[0].startTime"))
            loaded(driver)
            result = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "const before = document.querySelector('.verse-text').textContent;"
                "performance.clearResourceTimings();"
                "const start = performance.now();"
                "const watch = () => { const v = document.querySelector('.verse-text');"
                "  if (v && v.textContent !== before) {"
                "    const r = performance.getEntriesByType('resource').find(e => e.name.endsWith('/next'));"
                "    done({swap: performance.now() - start, fetch: r ? r.responseEnd - r.startTime : null}); }"
                "  else requestAnimationFrame(watch); };"
                "document.querySelector('.round-button--primary').click(); watch();")
            swap_ms.append(result["swap"])
            if result["fetch"] is not None:
                fetch_ms.append(result["fetch"])
        return tap_ms, swap_ms, fetch_ms
    finally:
        driver.quit()


def main():
    base, runs = sys.argv[1].rstrip("/"), int(sys.argv[2])
    visits = [first_visit(base) for _ in range(5)]
    tap_ms, swap_ms, fetch_ms = taps(base, runs)
    median = statistics.median
    print(json.dumps({
        "first_visit_load_ms": median(v["load_ms"] for v in visits),
        "first_visit_bytes": median(v["bytes"] for v in visits),
        "tap_to_verse_ms": median(tap_ms),
        "another_verse_swap_ms": median(swap_ms),
        "another_verse_fetch_ms": median(fetch_ms) if fetch_ms else None,
        "runs": runs,
    }))


if __name__ == "__main__":
    main()
