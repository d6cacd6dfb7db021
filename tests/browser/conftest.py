"""Shared fixtures: the running server's URL, and a headless Chromium that every test uses at two
phone sizes (390×844, a current iPhone, and 360×640, a small Android phone), each in the light and
the dark look; and the mail the server sends, with the sign-up link it carries."""

import email
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import time
import urllib.request
from email import policy

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

PHONE = (390, 844)
SMALL_PHONE = (360, 640)
# Every test runs once per look: two phone sizes, light and dark.
LOOKS = [(size, scheme) for size in (PHONE, SMALL_PHONE) for scheme in ("light", "dark")]
# A test of behaviour over time (a countdown, thirty verses, a notification's wait) rather than of
# layout runs in two looks, each size once and each scheme once: its screens are still seen at both
# sizes, and its waits are not spent four times over.
TWO_LOOKS = [(PHONE, "light"), (SMALL_PHONE, "dark")]


def look_ids(looks):
    return [f"{w}x{h}-{scheme}" for (w, h), scheme in looks]


# `@in_two_looks` on such a test, in place of the four.
in_two_looks = pytest.mark.parametrize("look", TWO_LOOKS, indirect=True, ids=look_ids(TWO_LOOKS))


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


@pytest.fixture(params=LOOKS, ids=look_ids(LOOKS))
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


def mail_to(driver, base_url, address):
    """The messages mailed to `address` so far, oldest first, each as (subject, plain text): from
    the loopback SMTP server's folder when the test command runs one, else from this server's
    /dev/mail page (which this browser then shows)."""
    address = address.lower()
    folder = os.environ.get("ORCHARD_TEST_SMTP_DIR")
    if folder:
        found = []
        for path in sorted((pathlib.Path(folder) / "mail").glob("*.eml")):  # numbered as received
            message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
            body = message.get_body(preferencelist=("plain",))
            if body and address in message.get("X-Envelope-To", "").lower().split(","):  # no body: still being written
                found.append((str(message["Subject"]), body.get_content()))
        return found
    driver.get(base_url + "/dev/mail")
    found = []
    for item in driver.find_elements(By.CSS_SELECTOR, ".dev-mail-item"):
        if address in item.find_element(By.CSS_SELECTOR, ".dev-mail-meta").text.lower():
            found.append((item.find_element(By.CSS_SELECTOR, "h2").text,
                          item.find_element(By.CSS_SELECTOR, ".dev-mail-text").text))
    return found[::-1]  # the page shows the newest first


def wait_for_mail(driver, base_url, address, after=0, seconds=30):
    """The messages to `address` past the first `after` (those there before some step), once there
    is one: mail is sent by the server's job worker, after the page that caused it was answered."""
    return WebDriverWait(driver, seconds, poll_frequency=0.1).until(
        lambda d: mail_to(d, base_url, address)[after:],
        f"a message to {address} (past the {after} before) within {seconds} s")


def mailed_link(driver, base_url, address, path, seconds=30):
    """The link to `path` (such as "/dangdai/account/reset") with its token, from the newest message
    to `address` that has one, waited for."""
    pattern = re.compile(r"https?://[^\s<>\"/]+" + re.escape(path) + r"\?token=[A-Za-z0-9_-]+")

    def newest(d):
        links = [found.group(0) for _, text in mail_to(d, base_url, address) for found in [pattern.search(text)] if found]
        return links[-1] if links else False
    return WebDriverWait(driver, seconds, poll_frequency=0.1).until(
        newest, f"a {path} link mailed to {address} within {seconds} s")


def confirm_sign_up(driver, base_url, app, address):
    """Opens the link confirming `address`'s sign-up on `app` mailed to it in this browser and
    presses its button, as the reader of the mail would; returns the link, once the page the button
    leads to has come. The caller checks where that is (where a sign-in lands)."""
    link = mailed_link(driver, base_url, address, f"/{app}/account/confirm-sign-up")
    driver.get(link)
    button = 'form[action$="/confirm-sign-up"] button[type="submit"]'
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, button),
                                    f"the confirm button on {link}")
    before = driver.find_element(By.CSS_SELECTOR, "html")
    driver.find_element(By.CSS_SELECTOR, button).click()
    WebDriverWait(driver, 15).until(lambda d: d.find_element(By.CSS_SELECTOR, "html") != before,
                                    f"the page after confirming {address}")
    return link


class OwnServer:
    """A server of one test's own, which the test takes off the network and brings back at the same
    address: a phone with no connection, as its service workers see it too (the page's network
    emulation does not reach a worker, whose fetches would still find the shared server)."""

    def __init__(self, binary, folder, environment=None):
        self.binary, self.folder, self.environment = binary, folder, environment or {}
        self.data = os.path.join(folder, "data")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = None

    def start(self, seconds=60):
        log = open(os.path.join(self.folder, "server.log"), "ab")
        environment = dict(os.environ, ORCHARD_RATE_LIMIT_SCALE="1000", ORCHARD_TEST_DEVICE_CLOCK="on", **self.environment)
        environment.pop("ORCHARD_SMTP_URL", None)  # its mail stays in its data directory's mail/
        self.process = subprocess.Popen(
            [self.binary, "serve", "--port", str(self.port), "--data-dir", self.data],
            stdout=log, stderr=subprocess.STDOUT, env=environment)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"the server stopped at start: see {self.folder}/server.log"
            try:
                urllib.request.urlopen(self.url + "/healthz", timeout=2).read()
                return self
            except OSError:
                time.sleep(0.05)
        raise AssertionError(f"the server at {self.url} did not answer /healthz within {seconds} s")

    def stop(self, seconds=30):
        self.process.terminate()
        self.process.wait(timeout=seconds)

    def mail_folder(self):
        return os.path.join(self.data, "mail")


def orchard_binary():
    binary = os.environ.get("ORCHARD_BIN")
    if not binary:
        pytest.fail("ORCHARD_BIN is not set: run the browser tests through scripts/test")
    return binary


@pytest.fixture
def own_server(tmp_path):
    server = OwnServer(orchard_binary(), str(tmp_path)).start()
    yield server
    if server.process.poll() is None:
        server.stop()
