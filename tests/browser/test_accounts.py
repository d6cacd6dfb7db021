"""Accounts in a real browser, for each app that has them: sign up, sign out, forgot the password,
the reset link from the mail the SMTP server received, a new password, sign in, delete; and Sign in
with Apple on the web, against the test command's fake Apple."""

import email
import os
import pathlib
import re
import uuid
from email import policy

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import assert_primary_actions_in_view, run_axe, severe_console_messages

# Each realm: whether sign-up asks for the password twice, and where a visitor lands once signed in
# (Wearbloom's wardrobe; Dangdai's dashboard), with what shows it has arrived.
REALMS = [("wearbloom", False), ("dangdai", True)]
LANDING = {"wearbloom": ("/wearbloom/wardrobe", "body.page-wardrobe"), "dangdai": ("/dangdai/", "[data-continue]")}


def accept_terms_if_asked(driver):
    """Wearbloom asks a new visitor to accept its terms before any page, account pages too, and
    then goes on to the page asked for."""
    consent = driver.find_elements(By.CSS_SELECTOR, 'form[action$="/consent"] button')
    if not consent:
        return
    asked = driver.find_element(By.CSS_SELECTOR, 'form[action$="/consent"] input[name="next"]').get_attribute("value")
    consent[0].click()
    WebDriverWait(driver, 15).until(lambda d: d.current_url.endswith(asked))


def serious(violations):
    return [(v["id"], v["impact"]) for v in violations if v["impact"] in ("serious", "critical")]


def fill(driver, fields):
    for name, value in fields.items():
        field = driver.find_element(By.NAME, name)
        field.clear()
        field.send_keys(value)


def submit(driver, form_action, wait_for):
    """Submits the form that posts to `form_action` and waits until the browser is at a page
    matching `wait_for` (a CSS selector present on the page that follows)."""
    before = driver.find_element(By.CSS_SELECTOR, "html")
    driver.find_element(By.CSS_SELECTOR, f'form[action$="{form_action}"] button[type="submit"]').click()
    WebDriverWait(driver, 15).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "html") != before and d.find_elements(By.CSS_SELECTOR, wait_for))


def reset_link(driver, base_url, address):
    """The reset link of the newest message to `address`: from the loopback SMTP server's folder
    when the test command runs one, else from this server's /dev/mail page."""
    folder = os.environ.get("ORCHARD_TEST_SMTP_DIR")
    pattern = re.compile(r"https?://\S+/account/reset\?token=[A-Za-z0-9_-]{43}")

    def from_smtp(_):
        for path in sorted((pathlib.Path(folder) / "mail").glob("*.eml"), reverse=True):
            message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
            if address in message.get("X-Envelope-To", ""):
                found = pattern.search(message.get_body(preferencelist=("plain",)).get_content())
                if found:
                    return found.group(0)
        return False

    def from_page(d):
        d.get(base_url + "/dev/mail")
        for item in d.find_elements(By.CSS_SELECTOR, ".dev-mail-item"):
            if address in item.text:
                found = pattern.search(item.text)
                if found:
                    return found.group(0)
        return False

    if folder:
        return WebDriverWait(driver, 30, poll_frequency=0.1).until(from_smtp)
    return WebDriverWait(driver, 30, poll_frequency=0.2).until(from_page)


@pytest.mark.parametrize("app,confirms", REALMS, ids=[app for app, _ in REALMS])
def test_an_account_from_sign_up_through_a_reset_to_deletion(page, base_url, app, confirms):
    address = f"walker-{uuid.uuid4().hex[:12]}@example.com"
    first, second = "a meadow of quiet tulips", "lanterns over the river"
    driver = page(f"/{app}/account/sign-up")
    # Wearbloom's terms come first, even before its account pages; Dangdai asks for none.
    assert bool(driver.find_elements(By.CSS_SELECTOR, 'form[action$="/consent"]')) == (app == "wearbloom")
    accept_terms_if_asked(driver)
    assert serious(run_axe(driver)) == []
    assert bool(driver.find_elements(By.NAME, "password_confirmation")) == confirms
    assert_primary_actions_in_view(driver)

    # Sign up: the wrong confirmation is named beside its field first, where the app asks for one.
    if confirms:
        fill(driver, {"email": address, "password": first, "password_confirmation": first + "!"})
        submit(driver, "/sign-up", "#field-password_confirmation-error")
        assert driver.find_element(By.NAME, "email").get_attribute("value") == address
        assert serious(run_axe(driver)) == []
        fill(driver, {"password": first, "password_confirmation": first})
    else:
        fill(driver, {"email": address, "password": first})
    landing, arrived = LANDING[app]
    submit(driver, "/sign-up", arrived)
    assert driver.current_url == f"{base_url}{landing}"
    driver.get(f"{base_url}/{app}/account")
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".accounts-who"))
    assert address in driver.find_element(By.CSS_SELECTOR, ".accounts-who").text
    assert serious(run_axe(driver)) == []

    # Sign out, then forget the password.
    submit(driver, "/sign-out", 'form[action$="/sign-in"]')
    driver.find_element(By.CSS_SELECTOR, f'a[href="/{app}/account/forgot"]').click()
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, 'form[action$="/forgot"]'))
    assert serious(run_axe(driver)) == []
    fill(driver, {"email": address})
    submit(driver, "/forgot", ".form-notice")
    assert address in driver.find_element(By.CSS_SELECTOR, ".form-notice").text

    # The mail's link, a new password, and the notice that every device was signed out.
    link = reset_link(driver, base_url, address)
    driver.get(link)
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, 'form[action$="/reset"]'))
    assert serious(run_axe(driver)) == []
    fill(driver, {"password": second, **({"password_confirmation": second} if confirms else {})})
    submit(driver, "/reset", ".form-notice")
    assert driver.current_url.endswith(f"/{app}/account/sign-in?done=reset")

    # The old password no longer opens the account; the new one does.
    fill(driver, {"email": address, "password": first})
    submit(driver, "/sign-in", ".form-alert")
    fill(driver, {"email": address, "password": second})
    submit(driver, "/sign-in", arrived)

    # The spent link opens nothing now.
    driver.get(link)
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".form-alert"))
    driver.get(f"{base_url}/{app}/account")

    # Delete, after being asked.
    driver.find_element(By.CSS_SELECTOR, f'a[href="/{app}/account/delete"]').click()
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, 'form[action$="/delete"]'))
    assert serious(run_axe(driver)) == []
    submit(driver, "/delete", ".form-notice")
    assert driver.find_elements(By.CSS_SELECTOR, 'a[href="/"]')
    driver.get(f"{base_url}/{app}/account")
    assert driver.current_url == f"{base_url}/{app}/account/sign-in"
    fill(driver, {"email": address, "password": second})
    submit(driver, "/sign-in", ".form-alert")
    # The refusals above are answered with their status (400 for the wrong password, 403 for the
    # spent link), which the console reports; nothing else may be there.
    refused = re.compile(r"status of (400|403)")
    assert [m for m in severe_console_messages(driver) if not refused.search(m)] == []


@pytest.mark.skipif(not os.environ.get("ORCHARD_TEST_APPLE"), reason="the test command's fake Apple is not running")
def test_sign_in_with_apple_on_the_web(page, base_url):
    driver = page("/wearbloom/account/sign-in")
    accept_terms_if_asked(driver)
    apple = 'a[href="/wearbloom/account/apple"]'
    assert serious(run_axe(driver)) == []
    assert_primary_actions_in_view(driver)

    # Cancelled on Apple's page: back at sign-in, and told so.
    driver.find_element(By.CSS_SELECTOR, apple).click()
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.ID, "cancel"))
    driver.find_element(By.ID, "cancel").click()
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".form-alert"))
    assert "cancelled" in driver.find_element(By.CSS_SELECTOR, ".form-alert").text

    # Agreed on Apple's page: Apple posts back from its own site, and the account opens.
    driver.find_element(By.CSS_SELECTOR, apple).click()
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.ID, "continue"))
    driver.find_element(By.ID, "continue").click()
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "body.page-wardrobe"))
    assert driver.current_url == f"{base_url}/wearbloom/wardrobe"
    driver.get(f"{base_url}/wearbloom/account")
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".accounts-who"))
    assert "@privaterelay.appleid.com" in driver.find_element(By.CSS_SELECTOR, ".accounts-who").text
    assert severe_console_messages(driver) == []

    # Dangdai has no Apple set up: no button.
    driver.get(f"{base_url}/dangdai/account/sign-in")
    assert not driver.find_elements(By.CSS_SELECTOR, 'a[href$="/account/apple"]')
