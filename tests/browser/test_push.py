"""WalkWorthy sends the day's encouragement as a Web Push: a browser subscribes ("Notify me"), the
daily time passes on the device's clock, and the server seals the message for that browser and
posts it, signed, to its push service: here a fake one on loopback that checks the signature and
opens the message with the subscription's private key. Headless Chromium has no push service of
its own, so the subscription a browser would make is made by the fake and handed to the page's
own endpoint, as the page's script hands over the browser's."""

import json
import pathlib
import sys

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PHONE, OwnServer, forget_everything, look_ids, orchard_binary
from test_faith_jar import tap
from test_walkworthy import MOCK_DAY, onboard, set_device_clock

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "walkworthy"))
from push_service import PushService  # noqa: E402

ONE_LOOK = [(PHONE, "light")]
in_one_look = pytest.mark.parametrize("look", ONE_LOOK, indirect=True, ids=look_ids(ONE_LOOK))


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.close()


@pytest.fixture
def push_server(tmp_path):
    """A server of the test's own that may post to a push service on loopback (a test flag)."""
    server = OwnServer(orchard_binary(), str(tmp_path), {"ORCHARD_PUSH_ALLOW_LOOPBACK": "1"}).start()
    yield server
    server.stop()


def wait(driver, condition, what, seconds=30):
    return WebDriverWait(driver, seconds, poll_frequency=0.1).until(condition, f"waited {seconds} s for {what}")


def hand_over(driver, subscription):
    """Posts `subscription` as the page's script posts the browser's; the status answered."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(document.querySelector('[data-push]').dataset.pushPath, {method: 'POST',"
        " headers: {'Content-Type': 'application/json', Accept: 'application/json'}, body: arguments[0]})"
        ".then(r => done(r.status), e => done(String(e)));", json.dumps(subscription))


def subscribed_at_daily_time(driver, server, subscription):
    """A student on the mock day, daily time 12:30, subscribed just before it; then the clock passes it."""
    onboard(driver, server.url)
    shown = driver.execute_script("return document.querySelector('.verse-card .verse-ref').textContent.trim()")
    set_device_clock(driver, server.url, MOCK_DAY)  # 12:00 on the mock day
    driver.get(server.url + "/walkworthy/settings")
    driver.execute_script("document.getElementById('daily').value = '12:30'")
    tap(driver, ".action-bar button[type=submit]")
    driver.get(server.url + "/walkworthy/settings")
    assert driver.execute_script("return document.querySelector('[data-push]').dataset.pushKey").startswith("B")
    assert hand_over(driver, subscription) == 201
    set_device_clock(driver, server.url, MOCK_DAY.replace("12:00", "12:31"))
    return shown


@in_one_look
def test_the_days_encouragement_arrives_as_one_sealed_push_a_busy_service_is_tried_again_and_a_gone_one_forgotten(
        fresh, push_server, push_service):
    # Nothing goes to a private address: such a subscription is refused before it is kept.
    onboard(fresh, push_server.url)
    fresh.get(push_server.url + "/walkworthy/settings")
    private = {"endpoint": "https://10.0.0.9/push/x", "keys": push_service.subscribe("unused")["keys"]}
    assert hand_over(fresh, private) == 400

    # The push service is busy at first (429, Retry-After: 1), then takes the message (201).
    forget_everything(fresh, push_server.url)
    shown = subscribed_at_daily_time(fresh, push_server, push_service.subscribe("student", answers=[429, 201]))
    received = wait(fresh, lambda d: [m for s, m in push_service.received("student") if s == 201],
                    "the push service to take the day's message")
    statuses = [status for status, _ in push_service.received("student")]
    assert statuses == [429, 201], push_service.received("student")
    message = received[0]
    assert shown in message["title"], message  # the day's verse, named
    assert message["body"] and message["url"].startswith("/walkworthy/history/"), message
    # A tap opens that verse: its history entry.
    fresh.get(push_server.url + message["url"])
    wait(fresh, lambda d: shown in d.find_element(By.CSS_SELECTOR, "main").text, "the pushed verse's own page")
    # Once a day: the worker plans tomorrow's, and sends nothing more today.
    fresh.get(push_server.url + "/walkworthy/settings")
    assert fresh.execute_script("return document.querySelector('[data-push]').dataset.pushSubscribed") == "true"
    assert len(push_service.received("student")) == 2

    # Another browser's subscription is gone from its push service (410): it is forgotten.
    forget_everything(fresh, push_server.url)
    subscribed_at_daily_time(fresh, push_server, push_service.subscribe("gone", answers=[410]))
    wait(fresh, lambda d: push_service.received("gone"), "the message to the gone subscription")
    assert [status for status, _ in push_service.received("gone")] == [410]

    def forgotten(driver):
        driver.get(push_server.url + "/walkworthy/settings")
        return driver.execute_script("return document.querySelector('[data-push]').dataset.pushSubscribed") == "false"
    wait(fresh, forgotten, "the gone subscription to be forgotten")
