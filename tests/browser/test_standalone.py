"""Installed, an app opens full-screen with no browser around it: no Back button, no address bar.
So every screen of every app has a way back of its own, and a link that leaves the app opens
outside it (a new window, which the phone gives to its browser) instead of stranding the person
in a page the app cannot bring them back from; and its content keeps clear of the notch and the
home indicator it now runs under. Each app's screens are walked from its start page,
by the links a person can tap, as a returning user."""

import urllib.parse

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PHONE, look_ids
from test_faith_jar import tap
from test_install import sign_up_on, wearbloom_wardrobe
from test_miga import onboard as miga_onboard
from test_walkworthy import onboard as walkworthy_onboard

ONE_LOOK = [(PHONE, "light")]
in_one_look = pytest.mark.parametrize("look", ONE_LOOK, indirect=True, ids=look_ids(ONE_LOOK))
# Enough to reach every screen a link leads to; the walk stops sooner when there are no more.
MOST_SCREENS = 40
# Addresses that are files or actions, not screens: an export, a feed, a document.
NOT_SCREENS = ("/export", ".json", ".yaml", ".ics", "/sw.js", "manifest.webmanifest", "/dev/", "/images/")


def links(driver):
    """Every link on the screen a person can see: its address, its target and its rel."""
    return driver.execute_script(
        "return [...document.querySelectorAll('a[href]')]"
        ".filter(a => a.getClientRects().length && getComputedStyle(a).visibility !== 'hidden')"
        ".map(a => ({href: a.href, target: a.target, rel: a.rel, download: a.hasAttribute('download')}))")


# Screens reached by a button or a form rather than a link, visited too.
BY_FORMS = {
    "faith-jar": ["verse/joy", "offline?emotion=anxiety"],
    "miga": ["offline-gateway?app=instagram"],
    "walkworthy": ["popups?card=1"],
}


# A phone in landscape, installed: the notch at one side, the home indicator below.
INSETS = {"top": 0, "left": 47, "right": 47, "bottom": 21}


def outside_safe_area(driver):
    """Where the screen's content reaches under the phone's notch or home indicator, with the
    insets above in force: its viewport must ask to cover the screen, and `main` keep its
    content inside the insets."""
    return driver.execute_script(
        "const insets = arguments[0], problems = [];"
        "const viewport = document.querySelector('meta[name=viewport]');"
        "if (!viewport || !viewport.content.includes('viewport-fit=cover')) problems.push('no viewport-fit=cover');"
        "const main = document.querySelector('main');"
        "if (main) {"
        "  const box = main.getBoundingClientRect(), style = getComputedStyle(main);"
        "  const left = box.left + parseFloat(style.paddingLeft);"
        "  const right = innerWidth - (box.right - parseFloat(style.paddingRight));"
        "  if (left < insets.left) problems.push(`content ${left}px from the left edge`);"
        "  if (right < insets.right) problems.push(`content ${right}px from the right edge`);"
        "}"
        "return problems;", INSETS)


def walk(driver, origin, app):
    """Visits the app's screens breadth first from its start page (and those reached by forms);
    for each, the problems found."""
    scope = f"{origin}/{app}/"
    driver.execute_cdp_cmd("Emulation.setSafeAreaInsetsOverride", {"insets": INSETS})
    try:
        return walk_screens(driver, origin, scope, app)
    finally:
        driver.execute_cdp_cmd("Emulation.setSafeAreaInsetsOverride", {"insets": {}})


def walk_screens(driver, origin, scope, app):
    queue, seen, problems = [scope] + [scope + path for path in BY_FORMS.get(app, [])], set(), []
    while queue and len(seen) < MOST_SCREENS:
        url = queue.pop(0)
        if url in seen:
            continue
        seen.add(url)
        driver.get(url)
        WebDriverWait(driver, 15).until(lambda d: d.execute_script("return document.readyState === 'complete'"),
                                        f"{url} to load")
        here = urllib.parse.urldefrag(driver.current_url).url
        if not here.startswith(scope):
            continue  # an in-app link that leads out of the app is checked as a link below
        problems += [f"{here}: {problem}" for problem in outside_safe_area(driver)]
        found = links(driver)
        inside = [link for link in found if link["href"].startswith(scope) and not link["download"]]
        way_back = [link for link in inside if urllib.parse.urldefrag(link["href"]).url != here]
        if here.rstrip("/") != scope.rstrip("/") and not way_back:
            problems.append(f"{here}: no way back (no link to another screen of the app)")
        for link in found:
            if link["href"].startswith(("http://", "https://")) and not link["href"].startswith(origin):
                if link["target"] != "_blank" or "noopener" not in link["rel"]:
                    problems.append(f"{here}: {link['href']} leaves the app inside it (no target=_blank rel=noopener)")
        for link in inside:
            target = urllib.parse.urldefrag(link["href"]).url
            if target not in seen and not any(part in target for part in NOT_SCREENS):
                queue.append(target)
    return seen, problems


def become_returning_user(driver, base_url, app):
    if app == "faith-jar":
        driver.get(base_url + "/faith-jar/")
        tap(driver, ".onboarding .skip")
    elif app == "miga":
        miga_onboard(driver, base_url)
    elif app == "walkworthy":
        walkworthy_onboard(driver, base_url)


@in_one_look
@pytest.mark.parametrize("app", ["faith-jar", "miga", "walkworthy"])
def test_every_screen_has_a_way_back_and_outside_links_open_outside(fresh, base_url, app):
    become_returning_user(fresh, base_url, app)
    seen, problems = walk(fresh, base_url, app)
    assert len(seen) > 3, f"only {len(seen)} screens of {app} reached"
    assert problems == []


@in_one_look
def test_every_wearbloom_screen_has_a_way_back_and_outside_links_open_outside(fresh, own_server):
    # Wearbloom's screens are a member's, whose account is confirmed from the mail its server keeps.
    wearbloom_wardrobe(fresh, own_server)
    seen, problems = walk(fresh, own_server.url, "wearbloom")
    assert len(seen) > 3, f"only {len(seen)} screens of Wearbloom reached"
    assert problems == []


@in_one_look
def test_every_dangdai_screen_has_a_way_back_and_outside_links_open_outside(fresh, own_server):
    sign_up_on(fresh, own_server, "dangdai", "standalone-learner@example.com")
    WebDriverWait(fresh, 15).until(lambda d: d.find_elements("css selector", "nav.tabs"), "the learner's dashboard")
    seen, problems = walk(fresh, own_server.url, "dangdai")
    assert len(seen) > 3, f"only {len(seen)} screens of Dangdai reached"
    assert problems == []
