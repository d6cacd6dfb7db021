"""Accounts in a real browser, for each app that has them: sign up, the confirmation link from the
mail the SMTP server received, sign out, sign up again with the same address (the same page, and a
mail saying the account exists), forgot the password, the reset link, a new password, sign in,
delete; signing in before confirming (told to confirm first, and mailed a new link); and Sign in
with Apple on the web, against the test command's fake Apple."""

import os
import re
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import (assert_primary_actions_in_view, confirm_sign_up, mail_to, mailed_link, run_axe,
                      severe_console_messages, wait_for_mail)

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
    # The address changes when the next page starts; it is read (axe, the form) once it has loaded.
    WebDriverWait(driver, 15).until(
        lambda d: d.current_url.endswith(asked) and d.execute_script("return document.readyState") == "complete",
        f"the page asked for ({asked}) loaded after the terms were accepted")


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
        lambda d: d.find_element(By.CSS_SELECTOR, "html") != before and d.find_elements(By.CSS_SELECTOR, wait_for),
        f"{wait_for} after submitting {form_action}")


def check_inbox_page(driver):
    """What the page after a sign-up says: its title, its heading and its check-your-inbox text."""
    return (driver.title, driver.find_element(By.CSS_SELECTOR, "h1").text,
            driver.find_element(By.CSS_SELECTOR, "#check-inbox").text)


def signed_out(driver, base_url, app):
    """Whether this browser has no session in `app`: its account page sends it to sign in."""
    driver.get(f"{base_url}/{app}/account")
    return driver.current_url == f"{base_url}/{app}/account/sign-in"


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
    # Signing up opens no session: the page asks to confirm the address from the mail.
    submit(driver, "/sign-up", "#check-inbox")
    assert address in driver.find_element(By.CSS_SELECTOR, "#check-inbox").text
    told = check_inbox_page(driver)
    assert serious(run_axe(driver)) == []
    assert signed_out(driver, base_url, app)

    # The mailed link, opened in the same browser and confirmed, signs it in where a sign-in lands.
    landing, arrived = LANDING[app]
    confirmation = mailed_link(driver, base_url, address, f"/{app}/account/confirm-sign-up")
    driver.get(confirmation)
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, 'form[action$="/confirm-sign-up"]'),
                                    "the confirmation page")
    assert serious(run_axe(driver)) == []
    submit(driver, "/confirm-sign-up", arrived)
    assert driver.current_url == f"{base_url}{landing}"
    driver.get(f"{base_url}/{app}/account")
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".accounts-who"))
    assert address in driver.find_element(By.CSS_SELECTOR, ".accounts-who").text
    assert serious(run_axe(driver)) == []

    # Sign out, then sign up again with the same address: the very same page as the first time,
    # and no session; the mail says the address has an account, with no link to confirm.
    submit(driver, "/sign-out", 'form[action$="/sign-in"]')
    mailed = len(mail_to(driver, base_url, address))
    driver.get(f"{base_url}/{app}/account/sign-up")
    accept_terms_if_asked(driver)
    fill(driver, {"email": address, "password": second, **({"password_confirmation": second} if confirms else {})})
    submit(driver, "/sign-up", "#check-inbox")
    assert check_inbox_page(driver) == told
    assert signed_out(driver, base_url, app)
    [(subject, text)] = wait_for_mail(driver, base_url, address, after=mailed)
    assert "already" in (subject + text).lower(), (subject, text)
    assert "token=" not in text, text
    # Its links: to sign in, and to reset the password.
    assert f"{base_url}/{app}/account/sign-in" in text, text
    assert f"{base_url}/{app}/account/forgot" in text, text

    # Forget the password.
    driver.get(f"{base_url}/{app}/account/sign-in")
    driver.find_element(By.CSS_SELECTOR, f'a[href="/{app}/account/forgot"]').click()
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, 'form[action$="/forgot"]'))
    assert serious(run_axe(driver)) == []
    fill(driver, {"email": address})
    submit(driver, "/forgot", ".form-notice")
    assert address in driver.find_element(By.CSS_SELECTOR, ".form-notice").text

    # The mail's link, a new password, and the notice that every device was signed out.
    link = mailed_link(driver, base_url, address, f"/{app}/account/reset")
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

    # The spent links open nothing now: the reset link, and the sign-up confirmation's.
    driver.get(link)
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".form-alert"),
                                    "the spent reset link's alert")
    spent = driver.find_element(By.CSS_SELECTOR, ".form-alert").text
    driver.get(confirmation)
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".form-alert"),
                                    "the spent confirmation link's alert")
    assert driver.find_element(By.CSS_SELECTOR, ".form-alert").text == spent
    assert not driver.find_elements(By.CSS_SELECTOR, 'form[action$="/confirm-sign-up"]')
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
    # spent links), which the console reports; nothing else may be there.
    refused = re.compile(r"status of (400|403)")
    assert [m for m in severe_console_messages(driver) if not refused.search(m)] == []


@pytest.mark.parametrize("app,confirms", REALMS, ids=[app for app, _ in REALMS])
def test_signing_in_before_confirming_asks_to_confirm_first_and_mails_a_new_link(page, base_url, app, confirms):
    address = f"early-{uuid.uuid4().hex[:12]}@example.com"
    password = "a meadow of quiet tulips"
    driver = page(f"/{app}/account/sign-up")
    accept_terms_if_asked(driver)
    fill(driver, {"email": address, "password": password, **({"password_confirmation": password} if confirms else {})})
    submit(driver, "/sign-up", "#check-inbox")
    mailed = len(wait_for_mail(driver, base_url, address))  # the sign-up's link

    # The right password, before the link was used: told to confirm first, not signed in, and
    # mailed a new link, which confirms the account.
    driver.get(f"{base_url}/{app}/account/sign-in")
    fill(driver, {"email": address, "password": password})
    submit(driver, "/sign-in", ".form-alert")
    assert "confirm" in driver.find_element(By.CSS_SELECTOR, ".form-alert").text.lower()
    assert serious(run_axe(driver)) == []
    # The refusal is answered with its status, which the console reports; nothing else may be there.
    assert [m for m in severe_console_messages(driver) if not re.search(r"status of (400|403)", m)] == []
    assert signed_out(driver, base_url, app)
    [(_, text)] = wait_for_mail(driver, base_url, address, after=mailed)
    assert f"{base_url}/{app}/account/confirm-sign-up?token=" in text, text
    landing, arrived = LANDING[app]
    confirm_sign_up(driver, base_url, app, address)
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, arrived), f"{arrived} once confirmed")
    assert driver.current_url == f"{base_url}{landing}"


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
