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


@pytest.fixture
def page(driver, base_url):
    """Opens a path and returns the driver, with the browser log cleared before the visit."""
    def open_path(path):
        driver.get_log("browser")
        driver.get(base_url + path)
        return driver
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
