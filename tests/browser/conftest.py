"""Shared fixtures: the running server's URL, and a headless Chromium that every test uses at two
phone sizes (390×844, a current iPhone, and 360×640, a small Android phone), each in the light and
the dark look."""

import json
import os
import pathlib
import shutil

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.chrome.service import Service

PHONE = (390, 844)
SMALL_PHONE = (360, 640)
# Every test runs once per look: two phone sizes, light and dark.
LOOKS = [(size, scheme) for size in (PHONE, SMALL_PHONE) for scheme in ("light", "dark")]


@pytest.fixture(scope="session")
def base_url():
    url = os.environ.get("ORCHARD_URL")
    if not url:
        pytest.fail("ORCHARD_URL is not set: run the browser tests through scripts/test")
    return url.rstrip("/")


@pytest.fixture(scope="session")
def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     f"--window-size={PHONE[0]},{PHONE[1]}"):
        options.add_argument(argument)
    # Headless Chromium will not make a window narrower than 500 px, so each test's phone (its
    # look) is emulated through the DevTools protocol: its CSS size at 3× density, with touch.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))
    browser.set_page_load_timeout(20)
    browser.set_script_timeout(30)
    yield browser
    browser.quit()


def forget_everything(driver, base_url):
    """Gives the shared browser a first-time visitor's state: no cookies, storage, caches or service
    workers of the server's origin, no decided permissions, no emulated media, one window, and an
    empty console log. Each test starts from this, so no test sees another's leftovers."""
    for handle in driver.window_handles[1:]:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(driver.window_handles[0])
    driver.get("about:blank")
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    driver.execute_cdp_cmd("Network.disable", {})
    try:
        driver.delete_network_conditions()
    except Exception:
        pass  # none were set
    driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": base_url, "storageTypes": "all"})
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.execute_cdp_cmd("Browser.resetPermissions", {})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    driver.get_log("browser")


@pytest.fixture(params=LOOKS, ids=[f"{w}x{h}-{scheme}" for (w, h), scheme in LOOKS])
def look(request):
    """The phone size and colour scheme of this run of a test."""
    return request.param


def emulate(driver, look, media=()):
    """Shows pages at the look's phone size (3× density, touch) with its colour scheme, plus any
    other media features a test asks for, such as reduced motion."""
    (width, height), scheme = look
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 3, "mobile": True,
        "screenWidth": width, "screenHeight": height})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    features = [{"name": "prefers-color-scheme", "value": scheme}]
    features += [{"name": name, "value": value} for name, value in media]
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})


@pytest.fixture
def fresh(driver, base_url, look):
    """A first-time visitor, in this run's look, in a browser that remembers nothing of earlier
    tests. After the test, the screen it ended on must show its primary actions without scrolling."""
    forget_everything(driver, base_url)
    emulate(driver, look)
    yield driver
    if driver.current_url.startswith(base_url):
        assert primary_actions_out_of_view(driver) == [], f"primary actions below the fold at {look}"


def primary_actions_out_of_view(driver):
    """The screen's primary actions (`data-primary-action`) not wholly inside the viewport when the
    page is scrolled to its top, as a reader first sees it, by their text or label."""
    return driver.execute_script(
        "window.scrollTo(0, 0);"
        "const out = [];"
        "for (const element of document.querySelectorAll('[data-primary-action]')) {"
        "  if (!element.getClientRects().length) continue;"  # not shown on this screen
        "  const r = element.getBoundingClientRect();"
        "  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)"
        "    out.push((element.getAttribute('aria-label') || element.textContent).trim());"
        "}"
        "return out;")


def assert_primary_actions_in_view(driver, at_least=1):
    """Checks the screen has its primary actions and that all of them are on screen unscrolled."""
    count = driver.execute_script(
        "return [...document.querySelectorAll('[data-primary-action]')]"
        ".filter(e => e.getClientRects().length).length")
    assert count >= at_least, f"{driver.current_url} shows {count} primary actions, expected {at_least}"
    assert primary_actions_out_of_view(driver) == [], driver.current_url


@pytest.fixture
def page(fresh, base_url):
    """Opens a path as a first-time visitor and returns the driver."""
    def open_path(path):
        fresh.get_log("browser")
        fresh.get(base_url + path)
        return fresh
    return open_path


def axe_source():
    import axe_playwright_python
    return (pathlib.Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()


def run_axe(driver):
    """Runs axe-core on the current page, once its entrance animations are over, and returns its
    violations (mid-fade text would be measured at partial opacity)."""
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "Promise.all(document.getAnimations().map(a => a.finished)).then(() => done(true), () => done(false));"
    )
    driver.execute_script(axe_source())
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(r => done(JSON.stringify(r.violations)))"
        ".catch(e => done(JSON.stringify({error: String(e)})));"
    )
    violations = json.loads(result)
    if isinstance(violations, dict):
        pytest.fail(f"axe-core could not run: {violations['error']}")
    return violations


def severe_console_messages(driver):
    """Console errors, which include every Content-Security-Policy violation."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def press(driver, selector):
    """Taps a control in place (no page load), first scrolling it to the middle of the screen as a
    reader would, clear of any bar fixed to an edge."""
    element = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def text_of(driver, selector):
    """An element's text read in one step, safe while the page swaps parts in place."""
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? e.textContent.trim() : null", selector)
