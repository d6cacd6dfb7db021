"""Faith Jar's web version in a real browser at phone size."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import assert_primary_actions_in_view, in_two_looks, press, run_axe, severe_console_messages, text_of


def tap(driver, selector):
    """Taps a link or button that loads a new page, and waits until that page has loaded."""
    driver.execute_script("window.__previousPage = true")
    press(driver, selector)
    WebDriverWait(driver, 15).until(lambda d: d.execute_script(
        "return window.__previousPage === undefined && document.readyState === 'complete'"))


def text(driver, selector):
    """An element's text, whether or not its fade-in has finished."""
    return driver.find_element(By.CSS_SELECTOR, selector).get_attribute("textContent").strip()


def verse_text(driver):
    return text(driver, ".verse-text")


def test_a_first_visit_reaches_a_verse_within_three_taps(fresh, base_url):
    fresh.get(base_url + "/faith-jar/")
    assert "God’s word for this moment" in text(fresh, "h1")
    tap(fresh, ".dots li:nth-child(3) a")      # 1: the third page
    tap(fresh, ".onboarding form button")      # 2: Get Started
    tap(fresh, ".emotion--anxiety")            # 3: Anxiety
    WebDriverWait(fresh, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".verse-text"))
    assert verse_text(fresh)
    assert text(fresh, ".explanation-heading") == "Why this verse?"
    assert severe_console_messages(fresh) == []


def test_onboarding_can_be_read_page_by_page_and_is_remembered(fresh, base_url):
    fresh.get(base_url + "/faith-jar/")
    tap(fresh, ".onboarding a.button")
    assert text(fresh, "h1") == "A Bible verse + why it matters"
    tap(fresh, ".onboarding a.button")
    assert text(fresh, "h1") == "Peace in 30 seconds"
    tap(fresh, ".onboarding form button")
    fresh.get(base_url + "/faith-jar/")
    assert fresh.find_element(By.CSS_SELECTOR, ".subtitle").text == "How are you feeling today?"


@in_two_looks
def test_thirty_more_verses_cross_fade_in_place_and_never_repeat_back_to_back(fresh, base_url):
    fresh.get(base_url + "/faith-jar/")
    tap(fresh, ".onboarding .skip")
    tap(fresh, ".emotion--sadness")
    address = fresh.current_url
    previous = verse_text(fresh)
    for _ in range(30):
        fresh.find_element(By.CSS_SELECTOR, ".round-button--primary").click()
        # The verse is swapped in place (cross-fade) once the new one has fully faded in.
        WebDriverWait(fresh, 15).until(lambda d: d.execute_script(
            "const a = document.querySelector('article.verse');"
            "return a && !a.classList.contains('is-faded') && getComputedStyle(a).opacity === '1'"
            " && a.querySelector('.verse-text').textContent.trim() !== arguments[0]", previous))
        current = verse_text(fresh)
        assert current and current != previous
        previous = current
    assert fresh.current_url == address
    assert severe_console_messages(fresh) == []


def stays_on_this_page(driver):
    """Marks the page, so a later check can tell an in-place update from a page load."""
    driver.execute_script("window.__samePage = true")


def still_the_same_page(driver):
    return driver.execute_script("return window.__samePage === true")


def test_the_translation_choice_changes_the_text_and_its_label_in_place(fresh, base_url):
    fresh.get(base_url + "/faith-jar/")
    tap(fresh, ".onboarding .skip")
    tap(fresh, ".emotion--gratitude")
    before = verse_text(fresh)
    stays_on_this_page(fresh)
    fresh.find_element(By.CSS_SELECTOR, "#translation option[value='kjv']").click()
    press(fresh, ".verse-tools .translation-form button")
    WebDriverWait(fresh, 15).until(lambda d: text_of(d, ".verse-reference abbr") == "KJV")
    assert verse_text(fresh) != before
    assert still_the_same_page(fresh)
    fresh.refresh()
    assert text(fresh, ".verse-reference abbr") == "KJV"


def test_a_favourite_is_saved_in_place_with_a_filled_heart_and_appears_in_the_list(fresh, base_url):
    fresh.get(base_url + "/faith-jar/")
    tap(fresh, ".onboarding .skip")
    tap(fresh, ".emotion--joy")
    reference = text(fresh, ".verse-reference").split(" BSB")[0].lstrip("— ")
    heart_fill = "return getComputedStyle(document.querySelector('.favourite-form svg')).fill"
    assert fresh.execute_script(heart_fill) == "none"
    stays_on_this_page(fresh)
    press(fresh, ".favourite-form button")
    WebDriverWait(fresh, 15).until(lambda d: d.execute_script(
        "return document.querySelector('.favourite-form button').getAttribute('aria-pressed') === 'true'"))
    assert still_the_same_page(fresh)
    assert fresh.execute_script(heart_fill) != "none"
    assert fresh.execute_script("return document.activeElement.matches('.favourite-form button')")
    fresh.get(base_url + "/faith-jar/favourites")
    assert reference in fresh.find_element(By.CSS_SELECTOR, ".favourites").text
    stays_on_this_page(fresh)
    press(fresh, ".favourites form button")
    WebDriverWait(fresh, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".favourites .empty"))
    assert still_the_same_page(fresh)


def test_a_tap_while_the_new_verse_fades_in_counts(fresh, base_url):
    fresh.get(base_url + "/faith-jar/")
    tap(fresh, ".onboarding .skip")
    tap(fresh, ".emotion--anxiety")
    fresh.execute_script(
        "window.__shown = [];"
        "new MutationObserver(() => {"
        "  const id = document.querySelector('article.verse').dataset.verseId;"
        "  if (window.__shown[window.__shown.length - 1] !== id) window.__shown.push(id);"
        "}).observe(document.querySelector('main'), {childList: true, subtree: true});")
    first = verse_text(fresh)
    fresh.find_element(By.CSS_SELECTOR, ".round-button--primary").click()
    # The next verse is in and readable, still fading in: tap again at once.
    WebDriverWait(fresh, 15).until(lambda d: d.execute_script(
        "const a = document.querySelector('article.verse');"
        "return a.querySelector('.verse-text').textContent.trim() !== arguments[0]"
        " && !a.classList.contains('is-faded')", first))
    fresh.find_element(By.CSS_SELECTOR, ".round-button--primary").click()
    WebDriverWait(fresh, 15).until(lambda d: d.execute_script(
        "return window.__shown.length === 2 && !document.querySelector('main').hasAttribute('aria-busy')"))
    shown = fresh.execute_script("return window.__shown")
    assert len(set(shown)) == 2
    assert fresh.find_element(By.CSS_SELECTOR, "form.another-verse").get_attribute("data-taps") == "2"


def test_the_verse_wears_its_feelings_tint_and_keeps_its_actions_on_screen(fresh, base_url, look):
    fresh.get(base_url + "/faith-jar/")
    tap(fresh, ".onboarding .skip")
    assert_primary_actions_in_view(fresh, at_least=6)  # the six feelings
    tap(fresh, ".emotion--loneliness")
    tint = fresh.execute_script(
        "return getComputedStyle(document.body).getPropertyValue('--color-loneliness-tint').trim()")
    background = fresh.execute_script("return getComputedStyle(document.body).backgroundColor")
    red, green, blue = (int(tint[i:i + 2], 16) for i in (1, 3, 5))
    assert background == f"rgb({red}, {green}, {blue})"
    assert (red + green + blue < 240) == (look[1] == "dark")
    assert_primary_actions_in_view(fresh, at_least=2)  # Close and Another verse
    # However long the reading above them.
    fresh.execute_script(
        "document.querySelector('.explanation').textContent = 'A long explanation. '.repeat(200)")
    assert_primary_actions_in_view(fresh, at_least=2)


def test_a_shared_verse_link_opens_after_onboarding_for_a_first_visit(fresh, base_url):
    fresh.get(base_url + "/faith-jar/verse/joy")
    assert "next=" in fresh.current_url
    tap(fresh, ".onboarding a.button")  # reading on through the pages keeps the way
    tap(fresh, ".onboarding .skip")
    assert fresh.current_url == base_url + "/faith-jar/verse/joy"
    assert verse_text(fresh)
    # Returning: the link opens at once.
    fresh.get(base_url + "/faith-jar/verse/gratitude")
    assert fresh.current_url == base_url + "/faith-jar/verse/gratitude"
    assert verse_text(fresh)


def test_subscribing_during_the_trial_is_confirmed_with_the_plan_price_and_renewal(fresh, base_url):
    fresh.get(base_url + "/faith-jar/")
    tap(fresh, ".onboarding .skip")
    tap(fresh, "nav a[href='/faith-jar/paywall']")
    tap(fresh, "form[action='/faith-jar/purchase/annual'] button")
    assert text(fresh, "h1") == "Thank you for subscribing"
    assert "Annual plan · $29.99 / year · renews on" in text(fresh, ".confirmation-plan")
    assert_primary_actions_in_view(fresh)
    # Monthly bought over the Annual waits for the renewal, and says when.
    fresh.get(base_url + "/faith-jar/paywall")
    tap(fresh, "form[action='/faith-jar/purchase/monthly'] button")
    assert text(fresh, "h1").startswith("Monthly starts on ")
    tap(fresh, "[data-primary-action]")
    assert text(fresh, ".subtitle") == "How are you feeling today?"


PAGES = [
    "/faith-jar/?page=1", "/faith-jar/?page=2", "/faith-jar/?page=3", "/faith-jar/favourites",
    "/faith-jar/paywall", "/faith-jar/about", "/faith-jar/support", "/faith-jar/offline?emotion=sadness",
]


def test_every_faith_jar_page_has_no_serious_or_critical_accessibility_violations(fresh, base_url):
    found = []
    for path in PAGES:
        fresh.get(base_url + path)
        found += [(path, v["id"], [n["target"] for n in v["nodes"]]) for v in run_axe(fresh)
                  if v["impact"] in ("serious", "critical")]
    fresh.get(base_url + "/faith-jar/")
    tap(fresh, ".onboarding .skip")
    found += [("emotions", v["id"], [n["target"] for n in v["nodes"]]) for v in run_axe(fresh)
              if v["impact"] in ("serious", "critical")]
    tap(fresh, ".emotion--anger")
    found += [("verse", v["id"], [n["target"] for n in v["nodes"]]) for v in run_axe(fresh)
              if v["impact"] in ("serious", "critical")]
    press(fresh, ".favourite-form button")
    WebDriverWait(fresh, 15).until(lambda d: d.execute_script(
        "return document.querySelector('.favourite-form button').getAttribute('aria-pressed') === 'true'"))
    found += [("verse, saved", v["id"], [n["target"] for n in v["nodes"]]) for v in run_axe(fresh)
              if v["impact"] in ("serious", "critical")]
    for path in ("/faith-jar/favourites", "/faith-jar/paywall"):
        fresh.get(base_url + path)
        found += [(path + " (saved, trial)", v["id"], [n["target"] for n in v["nodes"]]) for v in run_axe(fresh)
                  if v["impact"] in ("serious", "critical")]
    tap(fresh, "form[action='/faith-jar/purchase/annual'] button")
    found += [("confirmation", v["id"], [n["target"] for n in v["nodes"]]) for v in run_axe(fresh)
              if v["impact"] in ("serious", "critical")]
    assert found == []


def test_share_and_listen_appear_where_the_browser_supports_them(fresh, base_url):
    fresh.get(base_url + "/faith-jar/")
    tap(fresh, ".onboarding .skip")
    tap(fresh, ".emotion--joy")
    share = fresh.find_element(By.CSS_SELECTOR, "button.share")
    assert "(BSB)" in share.get_attribute("data-share-text")
    assert share.get_attribute("data-share-text").startswith("“")
    supported = fresh.execute_script("return !!(navigator.share || navigator.clipboard)")
    assert share.is_displayed() == supported
    listen = fresh.find_element(By.CSS_SELECTOR, "button.listen")
    assert listen.is_displayed() == fresh.execute_script("return 'speechSynthesis' in window")


def test_onboarding_follows_the_arrow_keys(fresh, base_url):
    fresh.get(base_url + "/faith-jar/")
    fresh.execute_script("window.__previousPage = true")
    fresh.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    WebDriverWait(fresh, 15).until(lambda d: d.execute_script("return window.__previousPage === undefined"))
    assert "page=2" in fresh.current_url


def wait_offline_ready(driver):
    """Until the service worker controls the page and this device's verses are kept, from the verse
    on screen on (a queue kept earlier, before this feeling's deck existed, is kept again)."""
    WebDriverWait(driver, 15).until(lambda d: d.execute_script("""
        if (!navigator.serviceWorker.controller) return false;
        const kept = JSON.parse(localStorage.getItem('faith-jar-offline') || 'null');
        if (!kept) return false;
        const verse = document.querySelector('article.verse[data-verse-id]');
        const feeling = document.querySelector('form.another-verse')?.dataset.emotion;
        return !verse || !feeling || kept.shown[feeling] === verse.dataset.verseId;
    """))


def test_with_the_network_off_verses_keep_coming_without_repeats(fresh, base_url):
    fresh.get(base_url + "/faith-jar/")
    tap(fresh, ".onboarding .skip")
    tap(fresh, ".emotion--loneliness")
    fresh.refresh()  # the second load is the one the service worker controls
    wait_offline_ready(fresh)
    fresh.get(base_url + "/faith-jar/")  # keep the emotion list for offline use too
    wait_offline_ready(fresh)
    fresh.get(base_url + "/faith-jar/verse/loneliness")
    fresh.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)
    try:
        previous = verse_text(fresh)
        for _ in range(10):
            fresh.find_element(By.CSS_SELECTOR, ".round-button--primary").click()
            # Swapped in, and the fade finished (the button is usable again).
            WebDriverWait(fresh, 15).until(lambda d: d.execute_script(
                "return document.querySelector('.verse-text').textContent.trim() !== arguments[0]"
                " && !document.querySelector('main').hasAttribute('aria-busy')", previous))
            current = verse_text(fresh)
            assert current and current != previous
            previous = current
        # Back to the list and into another feeling, all offline.
        fresh.get(base_url + "/faith-jar/")
        assert text(fresh, ".subtitle") == "How are you feeling today?"
        fresh.execute_script("window.__previousPage = true")
        fresh.find_element(By.CSS_SELECTOR, ".emotion--gratitude").click()
        WebDriverWait(fresh, 15).until(lambda d: d.execute_script(
            "return window.__previousPage === undefined && document.readyState === 'complete'"
            " && document.querySelector('.verse-text') && document.querySelector('.verse-text').textContent.trim() !== ''"))
        assert "offline" in fresh.current_url
        assert text(fresh, ".verse-reference abbr") == "BSB"
    finally:
        fresh.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)


def another_verse(driver, previous):
    """Taps "another verse" and waits until the new verse has faded in; returns its text."""
    driver.find_element(By.CSS_SELECTOR, ".round-button--primary").click()
    WebDriverWait(driver, 15).until(lambda d: d.execute_script(
        "return document.querySelector('.verse-text').textContent.trim() !== arguments[0]"
        " && !document.querySelector('main').hasAttribute('aria-busy')", previous))
    return verse_text(driver)


@in_two_looks
def test_verses_read_offline_do_not_come_again_once_back_online(fresh, base_url):
    fresh.get(base_url + "/faith-jar/")
    tap(fresh, ".onboarding .skip")
    tap(fresh, ".emotion--sadness")
    fresh.refresh()
    wait_offline_ready(fresh)
    seen = [verse_text(fresh)]
    fresh.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)
    try:
        for _ in range(5):
            seen.append(another_verse(fresh, seen[-1]))
    finally:
        fresh.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
    WebDriverWait(fresh, 15).until(lambda d: d.execute_script("return navigator.onLine"))
    # Online again: the rest of the cycle (22 verses a feeling) brings only verses not yet read.
    for _ in range(22 - len(seen)):
        current = another_verse(fresh, seen[-1])
        assert current not in seen
        seen.append(current)
    assert len(set(seen)) == 22


def move_device_clock(driver, action):
    """Uses the test server's device-clock controls on the paywall (absent in production)."""
    driver.find_element(By.CSS_SELECTOR, ".test-clock summary").click()
    tap(driver, f"form[action='/faith-jar/test-clock/{action}'] button")


def test_the_free_week_ends_then_a_test_purchase_restores_access(fresh, base_url):
    fresh.get(base_url + "/faith-jar/")
    tap(fresh, ".onboarding .skip")
    assert text(fresh, ".trial-banner") == "7 days left in your free week"
    fresh.get(base_url + "/faith-jar/paywall")
    move_device_clock(fresh, "forward-week")
    assert "7 days ahead" in text(fresh, ".test-clock-state")
    # Every screen with verses now leads to the paywall; support stays open.
    fresh.get(base_url + "/faith-jar/")
    assert fresh.current_url.endswith("/faith-jar/paywall")
    assert "Your free week has ended" in fresh.find_element(By.CSS_SELECTOR, ".paywall").text
    fresh.get(base_url + "/faith-jar/verse/anxiety")
    assert fresh.current_url.endswith("/faith-jar/paywall")
    fresh.get(base_url + "/faith-jar/support")
    assert text(fresh, "h1") == "Need to talk to someone now?"
    # Turning the clock back does not give the week back.
    fresh.get(base_url + "/faith-jar/paywall")
    move_device_clock(fresh, "back-day")
    fresh.get(base_url + "/faith-jar/")
    assert fresh.current_url.endswith("/faith-jar/paywall")
    # A test purchase unlocks at once.
    tap(fresh, "form[action='/faith-jar/purchase/monthly'] button")
    assert text(fresh, "h1") == "Thank you for subscribing"
    tap(fresh, "[data-primary-action]")
    assert text(fresh, ".subtitle") == "How are you feeling today?"
    assert not fresh.find_elements(By.CSS_SELECTOR, ".trial-banner")
    tap(fresh, ".emotion--anxiety")
    assert verse_text(fresh)
    assert severe_console_messages(fresh) == []
