"""Wearbloom's web version in headless Chromium on loopback, as a user uses it.

  wearbloom_browser.py BASE_URL GARMENTS RUNS  → JSON on stdout

- A first visit with an empty browser: the bytes transferred for the first screen (the terms),
  fonts included, and its load time.
- Onboarding with the examples, from the first visit to the first try-on's result on screen
  (the local preview).
- A wardrobe of 200 garments: the CC0 photos in GARMENTS uploaded through the web's own form by
  the signed-in browser's session, their backgrounds removed by the job worker. The grid cold
  (no HTTP cache, no service worker, no cache storage) once, then warm (the service worker and
  its caches in place) RUNS times: milliseconds from the navigation's start to the first screen
  visually complete (every thumbnail in the viewport loaded and the first paint done).
- Try On: RUNS taps on the garment sheet's button, each from the tap to the result visible.
"""

import glob
import json
import os
import statistics
import sys
import time
import urllib.error
import urllib.request
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from faith_jar_browser import browser, loaded, transferred

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "wearbloom"))
import harness  # noqa: E402  (signs up and confirms from the mailed link: the server's /dev/mail page)

APP = "/wearbloom"
WARDROBE = 200
CATEGORIES = {
    "t-shirt": "tops", "longsleeve": "tops", "shirt": "tops", "pants": "bottoms", "shorts": "bottoms",
    "skirt": "bottoms", "dress": "dresses", "outwear": "outerwear", "shoes": "shoes",
}


def wait(driver, condition, seconds=60):
    return WebDriverWait(driver, seconds, poll_frequency=0.01).until(condition)


def on(driver, body_class):
    wait(driver, lambda d: d.execute_script(
        "return document.readyState === 'complete' && document.body.classList.contains(arguments[0])", body_class))


def first_visit(base):
    """A browser that has never been here opens the app: its first screen's bytes and load time."""
    driver = browser()
    try:
        driver.get(base + APP + "/")
        return transferred(driver)
    finally:
        driver.quit()


def onboard(driver, base):
    """Consent, the example figure, the first garment, the result: seconds from the first visit."""
    started = time.monotonic()
    driver.get(base + APP + "/")
    on(driver, "page-consent")
    driver.find_element(By.CSS_SELECTOR, ".consent-form button").click()
    on(driver, "page-welcome-photo")
    driver.find_element(By.CSS_SELECTOR, ".example-form button[type=submit]").click()
    on(driver, "page-welcome-garment")
    driver.find_element(By.CSS_SELECTOR, ".pick").click()
    on(driver, "page-render")
    wait(driver, lambda d: d.execute_script(
        "const i = document.querySelector('img[data-render-result]'); return !!i && i.complete && i.naturalWidth > 0"))
    return (time.monotonic() - started) * 1000


def sign_up(driver, base):
    """Signs up through the pages, and confirms from the mailed link in the same browser."""
    email = f"bench-{uuid.uuid4().hex[:12]}@bench.example"
    driver.get(base + APP + "/account/sign-up")
    driver.find_element(By.NAME, "email").send_keys(email)
    driver.find_element(By.NAME, "password").send_keys("a linen coat in spring")
    driver.find_element(By.CSS_SELECTOR, 'form[action$="/sign-up"] button[type="submit"]').click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#check-inbox"))
    driver.get(harness.Mailbox(base=base).confirmation_links("wearbloom", [email])[email])
    driver.find_element(By.CSS_SELECTOR, 'form[action$="/confirm-sign-up"] button[type="submit"]').click()
    on(driver, "page-wardrobe")


def upload_wardrobe(driver, base, garments):
    """WARDROBE photos through the web's form, as the browser's session; waits for their cutouts."""
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())
    photos = []
    for folder, category in sorted(CATEGORIES.items()):
        photos += [(path, category) for path in sorted(glob.glob(os.path.join(garments, folder, "*.jpg")))]
    if not photos:
        sys.exit(f"no garment photos under {garments}")
    reviews = []
    for index in range(WARDROBE):
        path, category = photos[index % len(photos)]
        with open(path, "rb") as f:
            photo = f.read()
        boundary = uuid.uuid4().hex
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"category\"\r\n\r\n{category}\r\n"
                f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p.jpg\"\r\n"
                f"Content-Type: image/jpeg\r\n\r\n").encode() + photo + f"\r\n--{boundary}--\r\n".encode()
        request = urllib.request.Request(base + APP + "/garments", data=body, method="POST", headers={
            "Content-Type": f"multipart/form-data; boundary={boundary}", "Cookie": cookie, "Origin": base})

        class Stay(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None
        try:
            urllib.request.build_opener(Stay).open(request)
            sys.exit("the upload was not answered with a redirect to its review")
        except urllib.error.HTTPError as answer:
            if answer.code != 303:
                sys.exit(f"upload {index} answered {answer.code}")
            reviews.append(answer.headers["Location"])
    # The cutouts: the worker takes them in order, so the last one done means all are.
    for review in (reviews[-1], reviews[len(reviews) // 2]):
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            page = urllib.request.urlopen(urllib.request.Request(base + review, headers={"Cookie": cookie})).read()
            if b"cutout--working" not in page:
                break
            time.sleep(0.5)
    return len(reviews)


VISUALLY_COMPLETE = (
    "const done = arguments[arguments.length - 1];"
    "const inView = () => [...document.querySelectorAll('.grid img')].filter(i => {"
    "  const r = i.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; });"
    "const check = () => {"
    "  const images = inView();"
    "  if (!images.length || !images.every(i => i.complete && i.naturalWidth > 0)) return requestAnimationFrame(check);"
    "  const paint = performance.getEntriesByName('first-contentful-paint')[0];"
    "  const ends = images.map(i => (performance.getEntriesByName(i.currentSrc)[0] || {responseEnd: 0}).responseEnd);"
    "  const n = performance.getEntriesByType('navigation')[0];"
    "  done({ms: Math.max(paint ? paint.startTime : 0, ...ends), images: images.length,"
    "        controlled: !!navigator.serviceWorker.controller, bytes: performance.getEntriesByType('resource')"
    "          .reduce((s, r) => s + r.transferSize, n.transferSize)});"
    "};"
    "check();")


def grid(driver, base):
    driver.get(base + APP + "/wardrobe")
    loaded(driver)
    return driver.execute_async_script(VISUALLY_COMPLETE)


def cold_grid(driver, base):
    driver.get("about:blank")
    driver.execute_cdp_cmd("Storage.clearDataForOrigin", {
        "origin": base, "storageTypes": "cache_storage,service_workers"})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    return grid(driver, base)


def warm_grid(driver, base, runs):
    grid(driver, base)  # the service worker installs and takes the page
    wait(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller") or d.refresh())
    grid(driver, base)  # the thumbnails and the page go into its caches
    return [grid(driver, base) for _ in range(runs)]


def tap_to_result(driver, base):
    """From the Try On tap on a garment's sheet to the result on screen."""
    driver.get(base + APP + "/garments/navy-t-shirt")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-sheet] [data-try-on] button"))
    driver.execute_script(
        "const button = document.querySelector('[data-sheet] [data-try-on] button');"
        "button.addEventListener('click', () => sessionStorage.tap = performance.timeOrigin + performance.now(),"
        " {capture: true});"
        "button.click();")
    on(driver, "page-render")
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "let first = true;"
        "const check = () => {"
        "  const i = document.querySelector('img[data-render-result]');"
        "  if (i && i.complete && i.naturalWidth > 0) {"
        # Already there when the page came: it showed at its first paint (or when its image arrived).
        "    let at = performance.now();"
        "    if (first) { const p = performance.getEntriesByName('first-contentful-paint')[0];"
        "      const e = performance.getEntriesByName(i.currentSrc)[0];"
        "      at = Math.max(p ? p.startTime : 0, e ? e.responseEnd : 0); }"
        "    return done(performance.timeOrigin + at - Number(sessionStorage.tap));"
        "  }"
        "  first = false; requestAnimationFrame(check);"
        "};"
        "check();")


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round((len(ordered) - 1) * p))]


def main():
    base, garments, runs = sys.argv[1].rstrip("/"), sys.argv[2], int(sys.argv[3])
    visit = first_visit(base)
    driver = browser()
    try:
        onboarding_ms = onboard(driver, base)
        sign_up(driver, base)
        uploaded = upload_wardrobe(driver, base, garments)
        cold = cold_grid(driver, base)
        warm = warm_grid(driver, base, runs)
        driver.execute_script("sessionStorage.clear()")
        driver.get(base + APP + "/paywall")
        if driver.find_elements(By.CSS_SELECTOR, ".paywall form button"):
            driver.find_element(By.CSS_SELECTOR, ".paywall form button").click()  # unlimited renders for the taps
            on(driver, "page-wardrobe")
        taps = [tap_to_result(driver, base) for _ in range(runs)]
    finally:
        driver.quit()
    warm_ms = [g["ms"] for g in warm]
    print(json.dumps({
        "first_visit_bytes": visit["bytes"], "first_visit_font_bytes": visit["fonts"],
        "first_visit_requests": visit["requests"], "first_visit_load_ms": visit["load_ms"],
        "onboarding_ms": onboarding_ms,
        "wardrobe": uploaded,
        "grid_cold_ms": cold["ms"], "grid_cold_bytes": cold["bytes"], "grid_images_in_view": cold["images"],
        "grid_warm_runs": len(warm), "grid_warm_p50_ms": statistics.median(warm_ms),
        "grid_warm_p95_ms": percentile(warm_ms, 0.95), "grid_warm_max_ms": max(warm_ms),
        "grid_warm_controlled": all(g["controlled"] for g in warm),
        "tap_runs": len(taps), "tap_p50_ms": statistics.median(taps), "tap_p95_ms": percentile(taps, 0.95),
        "tap_max_ms": max(taps),
    }))


if __name__ == "__main__":
    main()
