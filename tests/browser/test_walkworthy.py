"""WalkWorthy's web version in a real browser at phone size: the spec's Quick Tests, one by one."""

import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import assert_primary_actions_in_view, emulate, in_two_looks, run_axe, severe_console_messages
from test_faith_jar import tap, text

MOCK_DAY = "2026-11-17T12:00:00Z"  # the day of the spec's mock data; its encouragement expires the next morning
TEST_TITLE = "WalkWorthy test notification"


def set_notifications(driver, base_url, setting):
    driver.execute_cdp_cmd("Browser.setPermission", {
        "permission": {"name": "notifications"}, "setting": setting, "origin": base_url})


def onboard(driver, base_url):
    """The onboarding form, filled as a student would: age, major, a chip, a hobby of their own."""
    driver.get(base_url + "/walkworthy/")
    assert text(driver, "h1") == "Welcome to WalkWorthy"
    driver.find_element(By.ID, "age").send_keys("19")
    driver.find_element(By.ID, "major").send_keys("Nursing")
    Select(driver.find_element(By.ID, "gender")).select_by_visible_text("Prefer not to say")
    driver.find_element(By.XPATH, "//input[@name='hobby'][@value='Music']/ancestor::label").click()
    driver.find_element(By.ID, "custom").send_keys("Rock climbing")
    tap(driver, ".custom-hobby button")
    assert driver.find_element(By.CSS_SELECTOR, "input[value='Rock climbing']").is_selected()
    assert driver.find_element(By.CSS_SELECTOR, "input[value='Music']").is_selected()
    assert driver.find_element(By.ID, "major").get_attribute("value") == "Nursing"
    tap(driver, ".profile-form .button--wide")
    assert driver.current_url.endswith("/walkworthy/")


def press(driver, selector):
    """Clicks a button that does not leave the page, scrolled clear of the floating tab bar first."""
    element = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def notification_titles(driver):
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.serviceWorker.ready.then(r => r.getNotifications())"
        ".then(list => done(list.map(n => n.title)), e => done(['error: ' + e]));")


def wait_for_worker(driver):
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; navigator.serviceWorker.ready.then(() => done(true));")


def set_device_clock(driver, base_url, instant):
    driver.get(base_url + "/walkworthy/settings")
    field = driver.find_element(By.ID, "clock-at")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
    field.clear()
    field.send_keys(instant)
    tap(driver, ".test-clock form button")


@in_two_looks
def test_onboarding_then_settings_then_a_test_notification_appears_after_ten_seconds(fresh, base_url):
    set_notifications(fresh, base_url, "granted")
    onboard(fresh, base_url)
    tap(fresh, ".tabs a[href='/walkworthy/settings']")
    wait_for_worker(fresh)
    for old in notification_titles(fresh):
        assert old != TEST_TITLE
    press(fresh, "form[data-test-notification] button")
    started = time.monotonic()
    WebDriverWait(fresh, 15).until(lambda d: text(d, "#test-status").startswith("Sent."))
    assert "10 seconds" in text(fresh, "#test-status")
    assert TEST_TITLE not in notification_titles(fresh)
    WebDriverWait(fresh, 20, poll_frequency=0.5).until(lambda d: TEST_TITLE in notification_titles(d))
    assert time.monotonic() - started >= 9
    assert fresh.find_element(By.ID, "test-fallback").get_attribute("hidden") is not None
    assert severe_console_messages(fresh) == []


@in_two_looks
def test_with_notifications_blocked_the_test_appears_in_the_page_instead(fresh, base_url):
    set_notifications(fresh, base_url, "denied")
    onboard(fresh, base_url)
    fresh.get(base_url + "/walkworthy/settings")
    press(fresh, "form[data-test-notification] button")
    WebDriverWait(fresh, 15).until(lambda d: "appears here in 10 seconds" in text(d, "#test-status"))
    banner = fresh.find_element(By.ID, "test-fallback")
    assert not banner.is_displayed()
    WebDriverWait(fresh, 20, poll_frequency=0.5).until(lambda d: banner.is_displayed())
    assert TEST_TITLE in banner.text and "blocked or not supported" in banner.text
    assert banner.get_attribute("role") == "alert"


@in_two_looks
def test_the_test_notification_waits_in_the_inbox_after_leaving_settings_until_dismissed(fresh, base_url):
    set_notifications(fresh, base_url, "denied")
    onboard(fresh, base_url)
    fresh.get(base_url + "/walkworthy/settings")
    press(fresh, "form[data-test-notification] button")
    WebDriverWait(fresh, 15).until(lambda d: "appears here in 10 seconds" in text(d, "#test-status"))
    tap(fresh, ".tabs a[href='/walkworthy/']")
    assert not fresh.find_elements(By.CSS_SELECTOR, ".inbox-item")
    # The notice is due 10 seconds after the tap: Home is read again until it has arrived.
    def arrived(d):
        d.get(base_url + "/walkworthy/")
        return d.find_elements(By.CSS_SELECTOR, ".inbox-item .notice-title")
    WebDriverWait(fresh, 40, poll_frequency=0.5).until(arrived, "the test notification never reached the inbox")
    assert text(fresh, ".inbox-item .notice-title") == TEST_TITLE
    assert_primary_actions_in_view(fresh, at_least=3)
    assert [v["id"] for v in run_axe(fresh) if v["impact"] in ("serious", "critical")] == []
    tap(fresh, ".tabs a[href='/walkworthy/history']")
    assert TEST_TITLE in text(fresh, ".inbox-item")
    button = fresh.find_element(By.CSS_SELECTOR, ".inbox-item button")
    assert button.get_attribute("aria-label") == f"Dismiss \u201c{TEST_TITLE}\u201d"
    fresh.execute_script("window.__samePage = true")
    press(fresh, ".inbox-item button")
    WebDriverWait(fresh, 15).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".inbox"))
    assert fresh.execute_script("return window.__samePage") is True
    fresh.get(base_url + "/walkworthy/settings")
    assert not fresh.find_elements(By.CSS_SELECTOR, ".inbox-item")
    assert severe_console_messages(fresh) == []


def test_home_shows_the_mock_verse_and_a_new_translation_changes_text_and_label(fresh, base_url):
    onboard(fresh, base_url)
    assert text(fresh, ".verse-card .verse-ref") == "Isaiah 41:13"
    assert text(fresh, ".verse-card .translation-label") == "BSB"
    bsb = text(fresh, ".verse-card .verse-text")
    assert bsb.startswith("For I am the LORD your God")
    # The card changes in place: the same page, text and label together, announced.
    fresh.execute_script("window.__samePage = true")
    Select(fresh.find_element(By.ID, "translation")).select_by_value("kjv")
    WebDriverWait(fresh, 15).until(lambda d: text(d, ".verse-card .translation-label") == "KJV")
    assert fresh.execute_script("return window.__samePage") is True
    kjv = text(fresh, ".verse-card .verse-text")
    assert kjv != bsb and "thy right hand" in kjv
    assert fresh.find_element(By.CSS_SELECTOR, ".translation-label").get_attribute("title") == "King James Version"
    assert text(fresh, "[data-translation-status]") == "Now reading the King James Version."
    assert not fresh.find_element(By.CSS_SELECTOR, ".translation-form button").is_displayed()
    tap(fresh, "form[action='/walkworthy/next'] button")
    assert text(fresh, ".feed-position") == "2 of 7"
    assert text(fresh, ".verse-card .translation-label") == "KJV"
    # Without scripts the picker is a plain form: Change posts it and Home comes back in WEB.
    fresh.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        fresh.get(base_url + "/walkworthy/")
        Select(fresh.find_element(By.ID, "translation")).select_by_value("web")
        assert text(fresh, ".verse-card .translation-label") == "KJV"
        tap(fresh, ".translation-form button")
        assert text(fresh, ".verse-card .translation-label") == "WEB"
    finally:
        fresh.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def test_canvas_link_toggles_to_linked_mock(fresh, base_url):
    onboard(fresh, base_url)
    tap(fresh, ".tabs a[href='/walkworthy/canvas']")
    assert text(fresh, "#canvas-status") == "Not linked"
    tap(fresh, "form[action='/walkworthy/canvas/link'] button")
    assert text(fresh, "#canvas-status") == "Linked (mock)"
    assert "CHEM 2310 Midterm Exam 2" in fresh.find_element(By.CSS_SELECTOR, ".today").text
    tap(fresh, "form[action='/walkworthy/canvas/unlink'] button")
    assert text(fresh, "#canvas-status") == "Not linked"


def settled_point(driver, selector):
    """The middle of an element, scrolled to the middle of the screen, once nothing on the page is
    still moving and the element is what lies under that point (a card that was just moved springs
    into place for half a second, and a finger put down before it arrives lands on another)."""
    def point(d):
        return d.execute_async_script(
            "const [selector, done] = arguments; const e = document.querySelector(selector);"
            "e.scrollIntoView({block: 'center', behavior: 'instant'});"
            "requestAnimationFrame(() => requestAnimationFrame(() => {"
            "  if (document.getAnimations().some(a => a.playState === 'running')) return done(null);"
            "  const r = e.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;"
            "  const hit = document.elementFromPoint(x, y);"
            "  done(hit && (hit === e || e.contains(hit)) ? [x, y] : null); }));", selector)
    return WebDriverWait(driver, 15).until(point)


def swipe(driver, selector, dx):
    """A finger drawn across an element, through the browser's own touch input."""
    x, y = settled_point(driver, selector)
    steps = [("touchStart", x), *[("touchMove", x + dx * i / 6) for i in range(1, 7)], ("touchEnd", x + dx)]
    for kind, px in steps:
        points = [] if kind == "touchEnd" else [{"x": px, "y": y}]
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def test_popups_are_glass_cards_that_advance_by_swipe_keys_and_buttons_with_haptics(fresh, base_url):
    onboard(fresh, base_url)
    tap(fresh, "form[action='/walkworthy/popups'] button")
    cards = fresh.find_elements(By.CSS_SELECTOR, ".popup-card")
    assert 3 <= len(cards) <= 5
    tags = [c.get_attribute("data-tag") for c in cards]
    assert tags[0] == "Courage" and len(set(tags)) == len(tags)
    style = fresh.execute_script(
        "const s = getComputedStyle(document.querySelector('.popup-card'));"
        "return [s.backdropFilter || s.webkitBackdropFilter, s.borderTopLeftRadius];")
    assert "blur" in style[0] and style[1] == "24px"
    fresh.execute_script("window.__haptics = []; navigator.vibrate = (p) => { window.__haptics.push(p); return true; };")
    # Every card reached is recorded on the server: keep the requests, to wait for them at the end.
    fresh.execute_script(
        "window.__sent = []; const send = window.fetch.bind(window);"
        "window.fetch = (...args) => { const p = send(...args); window.__sent.push(p); return p; };")
    status = fresh.find_element(By.ID, "popup-status")
    assert status.get_attribute("aria-live") == "polite"
    assert status.text.startswith(f"Card 1 of {len(cards)}: Courage")

    swipe(fresh, ".popup-card[data-offset='0']", -160)
    WebDriverWait(fresh, 15).until(lambda d: text(d, "#popup-status").startswith(f"Card 2 of {len(cards)}"))
    assert fresh.execute_script("return window.__haptics.length") == 1
    assert fresh.current_url.endswith("?card=2")
    assert cards[0].get_attribute("aria-hidden") == "true" and cards[1].get_attribute("aria-hidden") is None

    fresh.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    assert text(fresh, "#popup-status").startswith(f"Card 3 of {len(cards)}")
    fresh.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    assert text(fresh, "#popup-status").startswith(f"Card 2 of {len(cards)}")
    swipe(fresh, ".popup-card[data-offset='0']", 160)
    WebDriverWait(fresh, 15).until(lambda d: text(d, "#popup-status").startswith(f"Card 1 of {len(cards)}"))
    # The buttons by a click: the finger is tested by the swipes above. (An emulated touch tap on
    # a loaded machine sometimes reaches the button as pointerdown and pointerup with no click.)
    settled_point(fresh, "button[data-step='1']")
    press(fresh, "button[data-step='1']")
    WebDriverWait(fresh, 15).until(lambda d: text(d, "#popup-status").startswith(f"Card 2 of {len(cards)}"))
    assert fresh.execute_script("return window.__haptics.length") == 5
    fresh.execute_async_script(
        "const done = arguments[arguments.length - 1]; Promise.allSettled(window.__sent).then(() => done(true));")
    tap(fresh, ".popup-done a")
    tap(fresh, ".tabs a[href='/walkworthy/history']")
    refs = [e.text for e in fresh.find_elements(By.CSS_SELECTOR, ".history-item .item-title")]
    assert len(refs) >= 3
    assert severe_console_messages(fresh) == []


def test_the_top_pop_up_card_is_opaque_and_above_the_stack_so_nothing_shows_through_its_words(fresh, base_url):
    onboard(fresh, base_url)
    tap(fresh, "form[action='/walkworthy/popups'] button")
    report = fresh.execute_script(
        "const cards = [...document.querySelectorAll('.popup-card')];"
        "const top = document.querySelector('.popup-card[data-offset=\"0\"]');"
        "const alpha = (c) => { const p = c.match(/rgba?\\(([^)]+)\\)/)[1].split(/[ ,\\/]+/).filter(Boolean);"
        "  return p.length > 3 ? Number(p[3]) : 1; };"
        "const z = (e) => Number(getComputedStyle(e).zIndex) || 0;"
        "const hits = [...top.querySelectorAll('.verse-ref, .verse-text, .encouragement')].map((e) => {"
        "  e.scrollIntoView({block: 'center', behavior: 'instant'});"
        "  const r = e.getBoundingClientRect();"
        "  const hit = document.elementFromPoint(r.left + 8, r.top + r.height / 2);"
        "  return !!hit && top.contains(hit); });"
        "return {alpha: alpha(getComputedStyle(top).backgroundColor), top: z(top),"
        "  behind: Math.max(...cards.filter((c) => c !== top).map(z)), hits};")
    assert report["alpha"] >= 0.95, report
    assert report["top"] > report["behind"], report
    assert report["hits"] == [True, True, True], report


@in_two_looks
def test_refresh_calls_the_mock_and_schedules_once_then_knows_it_was_delivered(fresh, base_url):
    set_notifications(fresh, base_url, "granted")
    onboard(fresh, base_url)
    set_device_clock(fresh, base_url, MOCK_DAY)
    fresh.get(base_url + "/walkworthy/")
    wait_for_worker(fresh)
    tap(fresh, "form[action='/walkworthy/refresh'] button")
    assert text(fresh, ".refresh-outcome").startswith("Scheduled: a notification now")
    assert "Isaiah 41:13 (BSB)" in text(fresh, ".notice-banner .notice-title")
    WebDriverWait(fresh, 10, poll_frequency=0.5).until(lambda d: "Isaiah 41:13 (BSB)" in notification_titles(d))
    tap(fresh, "form[action='/walkworthy/refresh'] button")
    assert text(fresh, ".refresh-outcome").startswith("Already delivered")
    tap(fresh, ".tabs a[href='/walkworthy/history']")
    tap(fresh, ".history-item")
    assert text(fresh, "h1") == "Isaiah 41:13"
    # A day later the mock's encouragement has expired: nothing is scheduled for a new device.
    fresh.delete_all_cookies()
    onboard(fresh, base_url)
    set_device_clock(fresh, base_url, "2026-11-19T12:00:00Z")
    fresh.get(base_url + "/walkworthy/")
    tap(fresh, "form[action='/walkworthy/refresh'] button")
    assert text(fresh, ".refresh-outcome").startswith("Nothing scheduled")


def screens(driver, base_url):
    """Every screen in turn, yielding its name once it has loaded."""
    driver.get(base_url + "/walkworthy/welcome")
    yield "onboarding"
    driver.find_element(By.ID, "age").send_keys("7")
    tap(driver, ".profile-form .button--wide")
    yield "onboarding with errors"
    onboard(driver, base_url)
    yield "home"
    driver.get(base_url + "/walkworthy/canvas")
    tap(driver, "form[action='/walkworthy/canvas/link'] button")
    yield "canvas"
    driver.get(base_url + "/walkworthy/")
    tap(driver, "form[action='/walkworthy/popups'] button")
    yield "pop-ups"
    driver.get(base_url + "/walkworthy/history")
    yield "history"
    tap(driver, ".history-item")
    yield "detail"
    driver.get(base_url + "/walkworthy/settings")
    yield "settings"
    driver.execute_script("document.getElementById('daily').value = ''")
    tap(driver, ".settings-form .action-bar .button")
    assert driver.find_elements(By.ID, "daily-error")
    yield "settings with errors"
    tap(driver, ".support-link a")
    yield "support"


def test_every_screen_has_no_serious_or_critical_accessibility_violations(fresh, base_url, look):
    for name in screens(fresh, base_url):
        severe = [v["id"] for v in run_axe(fresh) if v["impact"] in ("serious", "critical")]
        assert severe == [], f"{name} ({look}): {severe}"
    # The form with errors answers 422 on purpose; anything else in the console is a fault.
    assert [m for m in severe_console_messages(fresh) if "status of 422" not in m] == []


def test_the_theme_setting_overrides_the_system_and_is_remembered(fresh, base_url):
    onboard(fresh, base_url)
    fresh.get(base_url + "/walkworthy/settings")
    press(fresh, "input[name='theme'][value='dark'] + span")
    tap(fresh, ".settings-form .action-bar .button")
    assert fresh.find_element(By.TAG_NAME, "html").get_attribute("class") == "theme-dark js"
    background = fresh.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(20, 26, 46)"
    assert [v["id"] for v in run_axe(fresh) if v["impact"] in ("serious", "critical")] == []


def switch_is_on(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f"input[name='{name}']").is_selected()


def flip(driver, name):
    """Flips a settings switch by its label, as a finger would."""
    press(driver, f"input[name='{name}'] + span")


def test_a_switch_is_saved_the_moment_it_is_flipped_and_save_still_works_without_scripts(fresh, base_url):
    onboard(fresh, base_url)
    fresh.get(base_url + "/walkworthy/settings")
    assert not switch_is_on(fresh, "personalize") and switch_is_on(fresh, "quiet")
    flip(fresh, "personalize")
    WebDriverWait(fresh, 15).until(lambda d: text(d, "#switch-status") == "Saved.")
    flip(fresh, "quiet")
    WebDriverWait(fresh, 15).until(lambda d: not switch_is_on(d, "quiet"))
    fresh.execute_async_script(
        "const done = arguments[arguments.length - 1]; setTimeout(() => done(true), 300);")
    # Never pressed Save: a fresh load shows both switches as flipped.
    fresh.get(base_url + "/walkworthy/settings")
    assert switch_is_on(fresh, "personalize") and not switch_is_on(fresh, "quiet")
    assert_primary_actions_in_view(fresh, at_least=1)

    # A switch the rules refuse flips back, with the reason by its field.
    daily = fresh.find_element(By.ID, "daily")
    flip(fresh, "notifications")
    WebDriverWait(fresh, 15).until(lambda d: text(d, "#switch-status") == "Saved.")
    fresh.execute_script("arguments[0].value = ''", daily)
    tap(fresh, ".settings-form .action-bar .button")
    assert not switch_is_on(fresh, "notifications")
    flip(fresh, "notifications")
    WebDriverWait(fresh, 15).until(lambda d: d.find_elements(By.ID, "daily-error"))
    assert not switch_is_on(fresh, "notifications")
    assert "Choose a time" in text(fresh, "#daily-error")
    assert fresh.find_element(By.ID, "daily").get_attribute("aria-describedby") == "daily-error"

    # Without scripts a switch is a plain checkbox: flipping it saves nothing until Save.
    fresh.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        fresh.get(base_url + "/walkworthy/settings")
        flip(fresh, "fake-canvas")
        fresh.get(base_url + "/walkworthy/settings")
        assert switch_is_on(fresh, "fake-canvas")
        flip(fresh, "fake-canvas")
        press(fresh, ".settings-form .action-bar .button")
        WebDriverWait(fresh, 15).until(lambda d: "notice=saved" in d.current_url)
        assert not switch_is_on(fresh, "fake-canvas")
        assert text(fresh, ".notice-banner") == "Saved."
    finally:
        fresh.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def test_controls_are_reachable_by_keyboard_and_motion_stops_when_asked(fresh, base_url, look):
    onboard(fresh, base_url)
    focused = []
    body = fresh.find_element(By.TAG_NAME, "body")
    for _ in range(14):
        body.send_keys(Keys.TAB) if not focused else fresh.switch_to.active_element.send_keys(Keys.TAB)
        focused.append(fresh.execute_script(
            "const e = document.activeElement; return e.textContent.trim() || e.getAttribute('aria-label') || e.id"))
    for expected in ("Skip to content", "Previous", "Next", "Show Pop-ups", "Refresh"):
        assert any(expected in f for f in focused), f"{expected} not reached: {focused}"
    emulate(fresh, look, media=[("prefers-reduced-motion", "reduce")])
    fresh.get(base_url + "/walkworthy/")
    assert fresh.execute_script("return document.getAnimations().length") == 0


def test_each_screen_keeps_its_main_buttons_on_screen_over_a_long_verse(fresh, base_url):
    driver = fresh
    driver.get(base_url + "/walkworthy/welcome")
    assert_primary_actions_in_view(driver, at_least=1)
    onboard(driver, base_url)
    # The longest card on today's list is the hardest case for Previous, Next and Show Pop-ups.
    lengths = []
    for _ in range(7):
        lengths.append(len(text(driver, ".verse-card")))
        tap(driver, "form[action='/walkworthy/next'] button")
    longest = lengths.index(max(lengths))
    for _ in range(longest):
        tap(driver, "form[action='/walkworthy/next'] button")
    assert len(text(driver, ".verse-card")) == max(lengths)
    assert_primary_actions_in_view(driver, at_least=3)
    tap(driver, "form[action='/walkworthy/popups'] button")
    assert_primary_actions_in_view(driver, at_least=2)
    driver.get(base_url + "/walkworthy/canvas")
    assert_primary_actions_in_view(driver, at_least=1)
    tap(driver, "form[action='/walkworthy/canvas/link'] button")
    assert_primary_actions_in_view(driver, at_least=1)
    driver.get(base_url + "/walkworthy/settings")
    assert_primary_actions_in_view(driver, at_least=1)
    driver.get(base_url + "/walkworthy/welcome")
    assert_primary_actions_in_view(driver, at_least=1)


def test_home_weighs_under_120_kb_with_an_empty_cache(fresh, base_url):
    onboard(fresh, base_url)
    fresh.execute_cdp_cmd("Network.enable", {})
    fresh.execute_cdp_cmd("Network.clearBrowserCache", {})
    fresh.get(base_url + "/walkworthy/")
    fresh.execute_async_script(
        "const done = arguments[arguments.length - 1]; document.fonts.ready.then(() => setTimeout(done, 300));")
    total = fresh.execute_script(
        "return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
        ".reduce((sum, e) => sum + e.transferSize, 0)")
    fresh.execute_cdp_cmd("Network.disable", {})
    assert 0 < total < 120 * 1024, f"{total} bytes"
