"""MIGA's web version in a real browser at phone size."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import assert_primary_actions_in_view, in_two_looks, press, run_axe, severe_console_messages, text_of
from test_faith_jar import tap, text


def check(driver, name, value):
    box = driver.find_element(By.CSS_SELECTOR, f"input[name='{name}'][value='{value}']")
    if not box.is_selected():
        label = driver.find_element(By.XPATH, f"//input[@name='{name}'][@value='{value}']/ancestor::label")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", label)
        label.click()


def onboard(driver, base_url, apps=("instagram", "youtube")):
    """The twelve steps, answered the way a person would."""
    driver.get(base_url + "/miga/")
    assert text(driver, "h1") == "The Intentional Life Starts Now"
    tap(driver, ".step-actions button")                       # Begin My Journey
    tap(driver, ".step-actions button")                       # how long (slider default)
    assert "days a year" in text(driver, "h1")
    tap(driver, ".step-actions button")
    check(driver, "goal", "better-focus")
    tap(driver, ".step-actions button")
    tap(driver, ".step-actions button")                       # the science
    tap(driver, ".step-actions button")                       # three choices
    tap(driver, ".step-actions button")                       # readiness
    check(driver, "category", "stoicism")
    tap(driver, ".step-actions button")
    for app in apps:
        check(driver, "app", app)
    tap(driver, ".step-actions button")
    tap(driver, ".step-actions button")                       # pause length: 30 s
    tap(driver, ".step-actions button")                       # hiding the apps
    assert text(driver, ".step-actions button") == "Enter my hub"
    tap(driver, ".step-actions button")


def test_onboarding_leads_to_the_hub_with_the_chosen_apps(fresh, base_url):
    onboard(fresh, base_url)
    assert text(fresh, ".first-run h2") == "Your hub is ready"
    names = [e.text for e in fresh.find_elements(By.CSS_SELECTOR, ".app-tile .app-name")]
    assert names == ["Instagram", "YouTube"]
    for tile in fresh.find_elements(By.CSS_SELECTOR, ".app-tile"):
        assert tile.size["height"] >= 44 and tile.size["width"] >= 44
    zone = fresh.execute_script("return Intl.DateTimeFormat().resolvedOptions().timeZone")
    tap(fresh, "a[href='/miga/settings']")
    assert f"Time zone: {zone}" in fresh.find_element(By.CSS_SELECTOR, ".setting .hint").text
    assert severe_console_messages(fresh) == []


def test_exit_is_open_at_once_and_celebrated(fresh, base_url):
    onboard(fresh, base_url)
    tap(fresh, "form[action='/miga/open/instagram'] button")
    assert text(fresh, ".gateway-app") == "A pause before Instagram"
    assert not fresh.find_element(By.CSS_SELECTOR, ".button--exit").get_attribute("disabled")
    assert fresh.find_element(By.CSS_SELECTOR, ".button--proceed").get_attribute("disabled")
    caption = fresh.find_element(By.CSS_SELECTOR, ".reading figcaption")
    assert caption.get_attribute("textContent").startswith("— ")
    assert caption.find_element(By.TAG_NAME, "cite").get_attribute("textContent").strip(), "the work is named"
    assert text(fresh, ".reading blockquote"), "the words are on the page"
    tap(fresh, ".button--exit")
    assert text(fresh, "h1") == "Control Reclaimed. That’s a Win."
    fresh.get(base_url + "/miga/")
    assert text(fresh, ".streak-banner") == "🔥 1-Day Control Streak. Keep the momentum going!"


def test_read_next_brings_new_words_and_restarts_the_countdown(fresh, base_url):
    onboard(fresh, base_url)
    tap(fresh, "form[action='/miga/open/youtube'] button")
    first = text(fresh, ".reading blockquote")
    # The countdown has moved on (it started at 15).
    WebDriverWait(fresh, 10).until(
        lambda d: int(d.find_element(By.CSS_SELECTOR, ".gateway").get_attribute("data-remaining")) < 15)
    tap(fresh, "form[action='/miga/gateway/next'] button")
    assert text(fresh, ".reading blockquote") != first
    assert fresh.find_element(By.CSS_SELECTOR, ".gateway").get_attribute("data-remaining") == "15"


@in_two_looks
def test_proceed_opens_only_at_zero_then_leaves_for_the_app(fresh, base_url):
    onboard(fresh, base_url)
    tap(fresh, "form[action='/miga/open/instagram'] button")
    proceed = fresh.find_element(By.CSS_SELECTOR, ".button--proceed")
    assert proceed.get_attribute("disabled")
    # Read as written, whether or not the screen's entrance has finished fading in (a rendered-text
    # read gives "" while it is still transparent).
    assert text(fresh, ".button--proceed") == "Proceed to Instagram"
    WebDriverWait(fresh, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, ".button--proceed").is_displayed())
    WebDriverWait(fresh, 20).until(lambda d: not d.find_element(By.CSS_SELECTOR, ".button--proceed").get_attribute("disabled"))
    assert fresh.find_element(By.CSS_SELECTOR, ".countdown-number").text == "0"
    assert "The pause is over" in text(fresh, ".countdown-status")
    check(fresh, "intention", "reply")
    # The browser leaves for the app's web address. The test machine has no way out, and a lookup
    # that hangs there would hold the browser on the leaving page, so the address is refused at once.
    fresh.execute_cdp_cmd("Network.enable", {})
    fresh.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*instagram.com*"]})
    try:
        fresh.find_element(By.CSS_SELECTOR, ".button--proceed").click()
        WebDriverWait(fresh, 10).until(lambda d: "/miga/" not in d.current_url)
        assert "instagram.com" in fresh.current_url
    finally:
        fresh.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    fresh.get(base_url + "/miga/stats")
    assert text(fresh, "h1") == "This is working"
    values = {e.find_element(By.CSS_SELECTOR, ".stat-label").text: e.find_element(By.CSS_SELECTOR, ".stat-value").text
              for e in fresh.find_elements(By.CSS_SELECTOR, ".stat-grid li")}
    assert values["Apps opened after a pause"] == "1"
    assert values["Pauses completed"] == "1"
    fresh.find_element(By.CSS_SELECTOR, "#score-title ~ details summary").click()
    assert "0 Exits, 1 open with an intention, out of 1 reach for an app." in text(fresh, "#score-title ~ details")
    for symbol in ("α", "p₀", "E =", "A ="):
        assert symbol not in text(fresh, "main")


def test_settings_change_the_pause(fresh, base_url):
    onboard(fresh, base_url)
    fresh.get(base_url + "/miga/settings")
    fresh.find_element(By.CSS_SELECTOR, "#pause-seconds option[value='20']").click()
    assert text(fresh, ".pause-preview-number") == "20"
    adapts = fresh.find_element(By.CSS_SELECTOR, "input[name='adapts']")
    if adapts.is_selected():
        adapts.find_element(By.XPATH, "ancestor::label").click()
    tap(fresh, ".pause-form button")
    assert text(fresh, ".notice") == "Saved."
    fresh.get(base_url + "/miga/")
    tap(fresh, "form[action='/miga/open/youtube'] button")
    assert fresh.find_element(By.CSS_SELECTOR, ".gateway").get_attribute("data-seconds") == "20"


def test_every_miga_page_has_no_serious_or_critical_accessibility_violations(fresh, base_url):
    found = []

    def audit(name):
        found.extend((name, v["id"], [n["target"] for n in v["nodes"]]) for v in run_axe(fresh)
                     if v["impact"] in ("serious", "critical"))

    fresh.get(base_url + "/miga/")
    audit("welcome")
    tap(fresh, ".step-actions button")
    audit("time awareness")
    onboard_rest = ["time-cost", "goals", "science", "how-it-works", "readiness", "interests"]
    for step in onboard_rest:
        tap(fresh, ".step-actions button")
        audit(step)
    tap(fresh, ".step-actions button")
    audit("apps")
    check(fresh, "app", "snapchat")
    tap(fresh, ".step-actions button")
    for step in ["pause-length", "hide-apps", "ready"]:
        audit(step)
        tap(fresh, ".step-actions button")
    audit("hub")
    tap(fresh, "form[action='/miga/open/snapchat'] button")
    audit("gateway")
    tap(fresh, ".button--exit")
    audit("win")
    fresh.get(base_url + "/miga/stats")
    audit("stats")
    fresh.get(base_url + "/miga/settings")
    audit("settings")
    tap(fresh, ".support-link a")
    audit("support")
    fresh.get(base_url + "/miga/offline-gateway?app=snapchat")
    audit("offline gateway")
    fresh.get(base_url + "/miga/support")
    assert found == []
    assert severe_console_messages(fresh) == []


def test_a_refused_onboarding_answer_shows_the_same_step_with_the_reason(fresh, base_url):
    fresh.get(base_url + "/miga/")
    for _ in range(8):
        tap(fresh, ".step-actions button")
    assert text(fresh, "h1") == "Which apps should MIGA stand in front of?"
    tap(fresh, ".step-actions button")  # no app chosen
    assert text(fresh, "h1") == "Which apps should MIGA stand in front of?"
    assert text(fresh, ".field-error").startswith("Choose at least one app")
    assert_primary_actions_in_view(fresh)
    check(fresh, "app", "reddit")
    tap(fresh, ".step-actions button")
    assert text(fresh, "h1") == "How long should the pause be?"


def test_the_caption_and_the_ring_count_the_same_seconds_and_a_long_reading_keeps_the_choices_on_screen(
        fresh, base_url):
    onboard(fresh, base_url)
    tap(fresh, "form[action='/miga/open/instagram'] button")
    for _ in range(3):
        number = fresh.execute_script(
            "return [document.querySelector('.countdown-number').textContent,"
            " document.querySelector('.countdown-status').textContent]")
        seconds = int(number[0])
        assert number[1] == ("1 second left" if seconds == 1 else f"{seconds} seconds left")
        WebDriverWait(fresh, 3).until(lambda d: text_of(d, ".countdown-number") != str(seconds))
    assert_primary_actions_in_view(fresh, at_least=3)  # Exit, Read Next, Proceed
    # A passage of about 330 words above them.
    fresh.execute_script(
        "document.querySelector('.reading blockquote').innerHTML ="
        " '<p>' + 'The mind that is not baffled is not employed, so keep walking. '.repeat(28) + '</p>'")
    assert_primary_actions_in_view(fresh, at_least=3)


def test_settings_fit_the_phone_and_a_bad_custom_site_is_explained_by_its_field(fresh, base_url):
    onboard(fresh, base_url)
    fresh.get(base_url + "/miga/settings")
    overflow = fresh.execute_script("return document.documentElement.scrollWidth - innerWidth")
    assert overflow <= 0, f"settings are {overflow} px wider than the screen"
    for button in fresh.find_elements(By.CSS_SELECTOR, ".app-list button"):
        box = fresh.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right]", button)
        assert box[0] >= 0 and box[1] <= fresh.execute_script("return innerWidth")
    fresh.find_element(By.ID, "custom-name").send_keys("Forum")
    fresh.execute_script("document.getElementById('custom-url').type = 'text'")  # past the browser's own check
    fresh.find_element(By.ID, "custom-url").send_keys("forum.example")
    tap(fresh, ".custom-app button")
    assert text(fresh, "#custom-error").startswith("Enter the site")
    assert fresh.find_element(By.ID, "custom-name").get_attribute("value") == "Forum"
    assert fresh.execute_script("return document.activeElement.id") == "custom-url"
    assert fresh.execute_script("return document.documentElement.scrollWidth - innerWidth") <= 0


def test_adding_and_removing_an_app_update_the_settings_in_place(fresh, base_url):
    onboard(fresh, base_url)
    fresh.get(base_url + "/miga/settings")
    fresh.execute_script("window.__samePage = true")
    in_hub = "return [...document.querySelectorAll('[aria-label=\\'In your hub\\'] .app-name')].map(e => e.textContent)"
    assert fresh.execute_script(in_hub) == ["Instagram", "YouTube"]
    press(fresh, "form[action='/miga/settings/apps/add'] button[aria-label='Add Reddit']")
    WebDriverWait(fresh, 5).until(lambda d: "Reddit" in d.execute_script(in_hub))
    press(fresh, "form[action='/miga/settings/apps/remove'] button[aria-label='Remove Instagram']")
    WebDriverWait(fresh, 5).until(lambda d: "Instagram" not in d.execute_script(in_hub))
    assert fresh.execute_script("return window.__samePage === true")
    assert text_of(fresh, ".settings-notice")
    fresh.refresh()
    assert fresh.execute_script(in_hub) == ["YouTube", "Reddit"]


def wait_offline_ready(driver):
    """Until the service worker controls the page and keeps the hub and the offline pause."""
    WebDriverWait(driver, 20).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
    WebDriverWait(driver, 20).until(lambda d: d.execute_async_script("""
        const done = arguments[arguments.length - 1];
        Promise.all([caches.match('/miga/'), caches.match('/miga/offline-gateway')])
          .then((kept) => done(kept.every(Boolean)), () => done(false));
    """))


def offline(driver):
    driver.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)


def online(driver):
    driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
    WebDriverWait(driver, 15).until(lambda d: d.execute_script("return navigator.onLine"))


def stat_values(driver):
    return {e.find_element(By.CSS_SELECTOR, ".stat-label").text: e.find_element(By.CSS_SELECTOR, ".stat-value").text
            for e in driver.find_elements(By.CSS_SELECTOR, ".stat-grid li")}


@in_two_looks
def test_with_no_connection_the_hub_opens_and_a_pause_is_counted_once_back_online(fresh, own_server):
    # A server of the test's own, stopped while offline: the worker finds no network either.
    base_url = own_server.url
    onboard(fresh, base_url)
    fresh.get(base_url + "/miga/")  # the page the service worker controls, which asks it to keep the shells
    wait_offline_ready(fresh)
    own_server.stop()
    offline(fresh)
    try:
        fresh.refresh()
        WebDriverWait(fresh, 15).until(lambda d: d.execute_script("return document.readyState === 'complete'"))
        assert text(fresh, ".hub-title") == "Where would you like to go?", "MIGA's own hub, not the browser's error"
        tap(fresh, "form[action='/miga/open/youtube'] button")
        assert "/miga/offline-gateway?app=youtube" in fresh.current_url
        assert text(fresh, ".gateway-app") == "A pause before YouTube"
        assert text(fresh, ".button--proceed") == "Proceed to YouTube"
        assert fresh.find_element(By.CSS_SELECTOR, ".button--proceed").get_attribute("disabled")
        first = text(fresh, ".reading blockquote")
        assert first and text(fresh, ".reading cite"), "a quote, with its work named"
        WebDriverWait(fresh, 10).until(
            lambda d: int(d.find_element(By.CSS_SELECTOR, ".gateway").get_attribute("data-remaining")) < 30)
        fresh.find_element(By.CSS_SELECTOR, "form[data-step='next'] button").click()
        WebDriverWait(fresh, 5).until(lambda d: text(d, ".reading blockquote") != first)
        assert fresh.find_element(By.CSS_SELECTOR, ".gateway").get_attribute("data-remaining") == "30"
        tap(fresh, ".button--exit")
        assert text(fresh, ".hub-title") == "Where would you like to go?"
        queued = fresh.execute_script("return JSON.parse(localStorage.getItem('miga-offline-steps'))")
        assert [step["outcome"] for step in queued] == ["open", "next", "exit"]
    finally:
        own_server.start()
        online(fresh)
    # Back online, the queue goes to the server and is emptied once it has answered.
    WebDriverWait(fresh, 15).until(lambda d: d.execute_script(
        "return (JSON.parse(localStorage.getItem('miga-offline-steps')) || []).length === 0"))
    fresh.get(base_url + "/miga/stats")
    values = stat_values(fresh)
    assert values["Conscious exits"] == "1"
    assert values["Passages read"] == "2"
    fresh.get(base_url + "/miga/")
    assert text(fresh, ".streak-banner") == "🔥 1-Day Control Streak. Keep the momentum going!"
    assert severe_console_messages(fresh) == []
