"""Every app installs on a phone's home screen and starts without a connection: Chromium's own
installability check finds nothing wrong with any app, each manifest's icons are the sizes it
declares, a launch of the start address offline shows the app's own screen, and a new version of a
service worker takes over the open page instead of leaving it on the old one."""

import json
import struct
import urllib.parse
import urllib.request

import re
import sys
import pathlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PHONE, look_ids
from test_faith_jar import tap
from test_miga import onboard as miga_onboard
from test_walkworthy import onboard
from test_wearbloom import PASSWORD, accept_consent, first_render, on_page

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "wearbloom"))
import harness  # noqa: E402  (the mail a server kept, as its recipients read it)

APPS = ["faith-jar", "miga", "walkworthy", "wearbloom", "dangdai"]
# Installing is not a matter of layout: one look is enough.
ONE_LOOK = [(PHONE, "light")]
in_one_look = pytest.mark.parametrize("look", ONE_LOOK, indirect=True, ids=look_ids(ONE_LOOK))


def wait(driver, condition, what, seconds=20):
    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(condition, f"waited {seconds} s for {what}")


def offline(driver, on):
    if on:
        driver.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)
    else:
        driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)


def wait_for_control(driver):
    """Until a service worker controls the page, reloading once if it activated after the load."""
    wait(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller") or d.refresh(),
         "a service worker to control the page")


def png_size(data):
    """A PNG's width and height, from its IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


@in_one_look
@pytest.mark.parametrize("app", APPS)
def test_chromium_finds_every_app_installable_and_its_icons_are_the_declared_sizes(fresh, base_url, app):
    fresh.get(f"{base_url}/{app}/")
    manifest_url = fresh.execute_script("return document.querySelector('link[rel=manifest]').href")
    # Chromium's check reads the manifest the page links; it answers once the page has loaded it.
    manifest = wait(fresh, lambda d: d.execute_cdp_cmd("Page.getAppManifest", {}).get("data") and
                    d.execute_cdp_cmd("Page.getAppManifest", {}), f"Chromium to read {app}'s manifest")
    assert manifest["url"] == manifest_url and not manifest.get("errors"), manifest.get("errors")
    errors = fresh.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
    assert errors == [], f"{app}: {[(e['errorId'], e.get('errorArguments')) for e in errors]}"
    declared = json.loads(manifest["data"])
    assert declared["start_url"].startswith(f"/{app}/") and declared["display"] == "standalone"
    for icon in declared["icons"]:
        data = urllib.request.urlopen(urllib.parse.urljoin(manifest_url, icon["src"])).read()
        if icon["type"] == "image/png":
            width, height = png_size(data)
            assert f"{width}x{height}" == icon["sizes"], f"{app}: {icon['src']} is {width}x{height}"


def walkworthy_home(driver, base_url):
    onboard(driver, base_url)
    wait_for_control(driver)
    card = driver.execute_script("return document.querySelector('.verse-card .verse-ref').textContent.trim()")
    assert card
    return card


def sign_up_on(driver, server, app, email, password=PASSWORD):
    """Signs `email` up on `app`'s sign-up page of a server of the test's own, and confirms it from
    the mail that server kept in its data directory, as the reader of the mail would."""
    driver.get(f"{server.url}/{app}/account/sign-up")
    driver.find_element(By.NAME, "email").send_keys(email)
    driver.find_element(By.NAME, "password").send_keys(password)
    for confirmation in driver.find_elements(By.NAME, "password_confirmation"):  # where the form asks twice
        confirmation.send_keys(password)
    driver.find_element(By.CSS_SELECTOR, 'form[action$="/sign-up"] button[type="submit"]').click()
    mailbox = harness.Mailbox(server.mail_folder())
    pattern = re.compile(r"https?://\S+/" + app + r"/account/confirm-sign-up\?token=[\w-]+")
    link = wait(driver, lambda d: next((m.group(0) for _, _, text in mailbox.messages()
                                        for m in [pattern.search(text)] if m), None), f"the sign-up mail to {email}")
    driver.get(link)
    driver.find_element(By.CSS_SELECTOR, 'form[action$="/confirm-sign-up"] button[type="submit"]').click()


def wearbloom_wardrobe(driver, server):
    """Consent, the first try-on with the examples, and an account: on the wardrobe, which the
    worker keeps."""
    accept_consent(driver, server.url)
    first_render(driver)
    sign_up_on(driver, server, "wearbloom", "offline-wearer@example.com")
    on_page(driver, "page-wardrobe")
    wait_for_control(driver)
    driver.get(server.url + "/wearbloom/wardrobe")  # kept by the worker now in control
    wait(driver, lambda d: d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "caches.open('wearbloom-wardrobe').then(c => c.keys()).then(k => done(k.some(r => r.url.endsWith('/wardrobe'))));"),
        "the wardrobe to be kept")


# What each app shows when its start address is opened with no connection, once visited.
OFFLINE_STARTS = {
    "faith-jar": ".emotion--loneliness",
    "walkworthy": "[data-offline-note]",
    "wearbloom": "body.page-wardrobe .grid",
    "dangdai": "[data-offline-screen]",
    "miga": ".hub-title",
}


def visit_once(driver, server, app):
    if app == "walkworthy":
        walkworthy_home(driver, server.url)
    elif app == "wearbloom":
        wearbloom_wardrobe(driver, server)
    elif app == "miga":
        miga_onboard(driver, server.url)
        wait_for_control(driver)
        driver.get(f"{server.url}/miga/")  # kept by the worker now in control
    elif app == "faith-jar":
        driver.get(f"{server.url}/faith-jar/")
        tap(driver, ".onboarding .skip")  # past the welcome, to the feelings
        wait_for_control(driver)
        driver.get(f"{server.url}/faith-jar/")  # kept by the worker now in control
    else:
        driver.get(f"{server.url}/{app}/")
        wait_for_control(driver)


@in_one_look
@pytest.mark.parametrize("app", list(OFFLINE_STARTS))
def test_each_app_starts_offline_on_its_own_screen(fresh, own_server, app):
    visit_once(fresh, own_server, app)
    own_server.stop()
    offline(fresh, True)
    try:
        fresh.get(f"{own_server.url}/{app}/")
        wait(fresh, lambda d: d.find_elements(By.CSS_SELECTOR, OFFLINE_STARTS[app]), f"{app}'s offline screen")
        assert fresh.execute_script("return location.href").startswith(own_server.url), "the browser's error page"
    finally:
        offline(fresh, False)


@in_one_look
def test_walkworthy_opens_offline_on_the_verse_card_last_shown(fresh, own_server):
    shown = walkworthy_home(fresh, own_server.url)
    own_server.stop()
    offline(fresh, True)
    try:
        fresh.get(own_server.url + "/walkworthy/")
        wait(fresh, lambda d: d.execute_script(
            "return document.querySelector('.verse-card .verse-ref')?.textContent.trim()") == shown,
            "the kept verse card")
        note = wait(fresh, lambda d: d.execute_script(
            "return document.querySelector('[data-offline-note]')?.textContent"), "the offline note")
        assert "offline" in note
    finally:
        offline(fresh, False)
    own_server.start()
    fresh.get(own_server.url + "/walkworthy/")
    assert not fresh.execute_script("return document.querySelector('[data-offline-note]')")


@in_one_look
def test_wearbloom_opens_a_garments_sheet_and_the_profile_offline(fresh, own_server):
    wearbloom_wardrobe(fresh, own_server)
    sheet = fresh.find_element(By.CSS_SELECTOR, ".grid a[data-garment]").get_attribute("href")
    for address in (sheet, own_server.url + "/wearbloom/profile"):
        fresh.get(address)  # kept by the worker as it is seen
        path = urllib.parse.urlparse(address).path
        wait(fresh, lambda d: d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "caches.open('wearbloom-wardrobe').then(c => c.keys())"
            ".then(k => done(k.some(r => new URL(r.url).pathname === arguments[0])));", path), f"{path} to be kept")
    own_server.stop()
    offline(fresh, True)
    try:
        fresh.get(sheet)
        wait(fresh, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-sheet] #sheet-title"), "the garment's sheet, offline")
        fresh.get(own_server.url + "/wearbloom/profile")
        wait(fresh, lambda d: d.find_elements(By.CSS_SELECTOR, "body.page-profile"), "the profile, offline")
    finally:
        offline(fresh, False)


@in_one_look
def test_dangdai_offline_says_so_in_the_learners_language(fresh, own_server):
    fresh.get(own_server.url + "/dangdai/?lang=ja")
    wait_for_control(fresh)
    # The worker keeps the screen in every language, and is told the one the pages are in.
    wait(fresh, lambda d: d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "caches.match('/dangdai/offline/language').then(r => r ? r.text() : null).then(done)") == "ja",
        "the worker to know the pages are in Japanese")
    own_server.stop()
    offline(fresh, True)
    try:
        fresh.get(own_server.url + "/dangdai/")
        wait(fresh, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-offline-screen]"), "Dangdai's offline screen")
        assert fresh.execute_script("return document.documentElement.lang") == "ja"
        assert fresh.execute_script("return document.querySelector('h1').textContent") == "オフラインです"
        # Its stylesheet came from the cache too: the page is styled, not bare.
        assert fresh.execute_script("return getComputedStyle(document.querySelector('.card')).borderRadius") != "0px"
    finally:
        offline(fresh, False)


@in_one_look
@pytest.mark.parametrize("app", list(OFFLINE_STARTS))
def test_a_new_service_worker_takes_over_the_open_page(fresh, own_server, app):
    visit_once(fresh, own_server, app)
    before = fresh.execute_script("return navigator.serviceWorker.controller.scriptURL")
    # A worker at another address stands for a new version: the browser installs it beside the
    # one in control, and it must take the open page over without the page being closed.
    taken = fresh.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.serviceWorker.addEventListener('controllerchange', () => done(navigator.serviceWorker.controller.scriptURL));"
        f"navigator.serviceWorker.register('/{app}/sw.js?version=next', {{ scope: '/{app}/' }}).catch(e => done('error: ' + e));")
    assert taken.endswith("?version=next") and taken != before
    # The new worker, not the old, answers the start address with the network gone.
    own_server.stop()
    offline(fresh, True)
    try:
        fresh.get(f"{own_server.url}/{app}/")
        wait(fresh, lambda d: d.find_elements(By.CSS_SELECTOR, OFFLINE_STARTS[app]), f"{app}'s offline screen")
    finally:
        offline(fresh, False)
