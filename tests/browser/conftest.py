"""Shared fixtures: the running server's URL and a headless Chromium at the reference phone size."""

import json
import os
import pathlib
import shutil

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

PHONE = (390, 844)


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
    # Headless Chromium will not make a window narrower than 500 px, so the phone viewport is
    # emulated: 390×844 CSS pixels at 3× density, with touch, as on a current iPhone.
    options.add_experimental_option(
        "mobileEmulation", {"deviceMetrics": {"width": PHONE[0], "height": PHONE[1], "pixelRatio": 3.0, "touch": True}}
    )
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


@pytest.fixture
def fresh(driver, base_url):
    """A first-time visitor in a browser that remembers nothing of earlier tests."""
    forget_everything(driver, base_url)
    return driver


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
