"""Dangdai in headless Chromium on loopback, as a learner uses it.

  dangdai_browser.py BASE_URL RUNS  → JSON on stdout

A learner signs up through the pages (confirmed from the mailed link on the server's /dev/mail
page), then:
- taps a quiz on a chapter page RUNS times: the time from the tap to the first question painted
  (the quiz is made and stored on the way);
- answers every question of those quizzes: the time from the tap to its feedback painted;
- loads the dashboard with an empty cache, in English and in Japanese: the bytes transferred,
  fonts included (a Japanese page draws its interface from Dangdai's Japanese font slices).
"""

import json
import os
import statistics
import sys
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from faith_jar_browser import browser, loaded, transferred

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "wearbloom"))
import harness  # noqa: E402  (signs up and confirms from the mailed link: the server's /dev/mail page)

KINDS = ["vocabulary", "grammar", "test"]


def wait(driver, condition, seconds=20):
    return WebDriverWait(driver, seconds, poll_frequency=0.02).until(condition)


def sign_up(driver, base):
    """Signs a learner up through the pages, and confirms from the mailed link in the same browser."""
    driver.get(base + "/dangdai/account/sign-up")
    email = f"bench-{uuid.uuid4().hex[:12]}@bench.example"
    for name in ("email", "password", "password_confirmation"):
        driver.find_element(By.NAME, name).send_keys(email if name == "email" else "a meadow of quiet tulips")
    driver.find_element(By.CSS_SELECTOR, 'form[action$="/sign-up"] button[type="submit"]').click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#check-inbox"))
    driver.get(harness.Mailbox(base=base).confirmation_links("dangdai", [email])[email])
    driver.find_element(By.CSS_SELECTOR, 'form[action$="/confirm-sign-up"] button[type="submit"]').click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-continue]"))


def tap_to_question(driver, base, chapter, kind):
    """Opens a chapter, taps a quiz, and returns the milliseconds from the tap to the first
    question's first paint."""
    driver.get(f"{base}/dangdai/chapters/{chapter}")
    loaded(driver)
    driver.execute_script(
        "const button = document.querySelector(arguments[0]);"
        "button.addEventListener('click', () => sessionStorage.tap = performance.timeOrigin + performance.now(),"
        " {capture: true});"
        "button.click();", f"button.quiz-choice--{kind}")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "section.question") and d.execute_script(
        "return performance.getEntriesByName('first-contentful-paint').length > 0"))
    return driver.execute_script(
        "const paint = performance.getEntriesByName('first-contentful-paint')[0];"
        "return performance.timeOrigin + paint.startTime - Number(sessionStorage.tap);")


def tap_to_feedback(driver):
    """Answers the question on screen (the first option, or a typed guess, or the tiles as they
    come) and returns the milliseconds from the tap to the feedback's next frame."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "let start;"
        "new MutationObserver((_, observer) => {"
        "  if (!document.querySelector('[data-feedback]')) return;"
        "  observer.disconnect();"
        "  requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - start)));"
        "}).observe(document.body, {childList: true, subtree: true});"
        "const option = document.querySelector('button.option');"
        "if (option) { start = performance.now(); option.click(); return; }"
        "const text = document.querySelector('input[name=text]');"
        "if (text) { text.value = 'ni3 hao3'; start = performance.now();"
        "  text.form.requestSubmit(); return; }"
        "for (const tile of document.querySelectorAll('[data-tile]')) tile.click();"
        "start = performance.now(); document.querySelector('[data-check]').click();")


def next_question(driver):
    before = driver.execute_script("return document.querySelector('input[name=question]')?.value ?? null")
    driver.execute_script("document.querySelector('[data-next]')?.click()")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".result-summary") or (
        not d.find_elements(By.CSS_SELECTOR, "[data-feedback]") and d.execute_script(
            "return document.querySelector('input[name=question]')?.value ?? null") != before))
    return bool(driver.find_elements(By.CSS_SELECTOR, ".result-summary"))


def cold_dashboard(driver, base):
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.get(base + "/dangdai/")
    return transferred(driver)


def choose_language(driver, base, language):
    """Picks a language in Settings, which keeps it at once and shows the page in it."""
    driver.get(base + "/dangdai/settings")
    if driver.execute_script("return document.documentElement.lang") == language:
        return
    driver.execute_script(f"document.querySelector('input[name=language][value={language}]').click();")
    wait(driver, lambda d: d.execute_script(
        "return document.documentElement.lang === arguments[0] && !!document.querySelector('.notice-banner')",
        language))


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round((len(ordered) - 1) * p))]


def main():
    base, runs = sys.argv[1].rstrip("/"), int(sys.argv[2])
    driver = browser()
    try:
        sign_up(driver, base)
        starts, answers = [], []
        for run in range(runs):
            starts.append(tap_to_question(driver, base, 101 + run % 15, KINDS[run % 3]))
            while True:
                answers.append(tap_to_feedback(driver))
                if next_question(driver):
                    break
        dashboards = {}
        for language in ("en", "ja"):
            choose_language(driver, base, language)
            dashboards[language] = cold_dashboard(driver, base)
    finally:
        driver.quit()
    print(json.dumps({
        "runs": runs,
        "start_p50_ms": statistics.median(starts), "start_p95_ms": percentile(starts, 0.95),
        "start_max_ms": max(starts),
        "answers": len(answers),
        "feedback_p50_ms": statistics.median(answers), "feedback_p95_ms": percentile(answers, 0.95),
        "feedback_max_ms": max(answers),
        "dashboard_en_bytes": dashboards["en"]["bytes"], "dashboard_en_font_bytes": dashboards["en"]["fonts"],
        "dashboard_ja_bytes": dashboards["ja"]["bytes"], "dashboard_ja_font_bytes": dashboards["ja"]["fonts"],
        "dashboard_en_load_ms": dashboards["en"]["load_ms"], "dashboard_ja_load_ms": dashboards["ja"]["load_ms"],
    }))


if __name__ == "__main__":
    main()
