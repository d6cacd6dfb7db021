"""The launcher at / in a real browser at phone size."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import run_axe, severe_console_messages

APPS = ["Faith Jar", "MIGA", "WalkWorthy", "Wearbloom", "Dangdai"]


def test_the_launcher_introduces_orchard_and_all_five_apps(page):
    driver = page("/")
    assert driver.find_element(By.CSS_SELECTOR, "h1").text == "Orchard"
    names = [e.text.split("\n")[0] for e in driver.find_elements(By.CSS_SELECTOR, ".app-name")]
    assert [n.replace("COMING SOON", "").strip() for n in names] == APPS
    promises = driver.find_elements(By.CSS_SELECTOR, ".app-promise")
    assert len(promises) == 5 and all(p.text.strip() for p in promises)


BUILT = APPS
COMING = []


def test_every_app_is_built_and_a_link_and_none_says_coming_soon(page):
    driver = page("/")
    cards = driver.find_elements(By.CSS_SELECTOR, ".app-card")
    assert len(cards) == 5
    links = [c for c in cards if c.tag_name == "a"]
    soon = [c for c in cards if c.tag_name != "a"]
    name = lambda card: card.find_element(By.CSS_SELECTOR, ".app-name").get_attribute("textContent").split("Coming")[0].strip()
    assert [name(c) for c in links] == BUILT
    assert [name(c) for c in soon] == COMING
    for card in links:
        assert not card.find_elements(By.CSS_SELECTOR, ".app-status") and card.get_attribute("href")
    for card in soon:
        badge = card.find_elements(By.CSS_SELECTOR, ".app-status")
        assert badge and badge[0].text.lower() == "coming soon"


def test_the_page_fits_a_phone_without_sideways_scrolling(page, look):
    driver = page("/")
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= look[0][0]


def test_each_app_has_its_own_icon_and_coming_soon_looks_plainly_disabled(page):
    driver = page("/")
    icons = [e.get_attribute("innerHTML") for e in driver.find_elements(By.CSS_SELECTOR, ".app-card svg.app-icon")]
    assert len(icons) == 5 and len(set(icons)) == 5
    for card in driver.find_elements(By.CSS_SELECTOR, ".app-card"):
        looks = driver.execute_script(
            "const c = arguments[0], i = c.querySelector('.app-icon'), s = getComputedStyle(c);"
            "return [s.cursor, s.boxShadow, getComputedStyle(i).filter, c.getAttribute('aria-disabled')]", card)
        if card.tag_name == "a":
            assert looks[0] == "pointer" and looks[1] != "none" and looks[2] == "none" and looks[3] is None
        else:
            assert looks[0] == "default" and looks[1] == "none" and "grayscale" in looks[2] and looks[3] == "true"


def test_inter_is_served_by_us_and_used_for_the_interface(page):
    driver = page("/")
    loaded = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "document.fonts.ready.then(() => done(document.fonts.check('16px Inter')));"
    )
    assert loaded
    family = driver.execute_script("return getComputedStyle(document.body).fontFamily")
    assert family.startswith('"Inter"') or family.startswith("Inter")


def test_nothing_is_blocked_by_the_content_security_policy(page):
    driver = page("/")
    assert severe_console_messages(driver) == []


def test_the_first_tab_reaches_the_skip_link(page):
    driver = page("/")
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    focused = driver.switch_to.active_element
    assert focused.get_attribute("class") == "skip-link"
    assert focused.get_attribute("href").endswith("#main")


def test_an_unknown_address_shows_a_friendly_page_with_a_way_back(page):
    driver = page("/no-such-page")
    assert "Page not found" in driver.find_element(By.CSS_SELECTOR, "h1").text
    back = driver.find_element(By.LINK_TEXT, "Back to Orchard")
    back.click()
    assert driver.find_element(By.CSS_SELECTOR, "h1").text == "Orchard"


PAGES = ["/", "/no-such-page"]


def test_every_page_has_no_serious_or_critical_accessibility_violations(page):
    for path in PAGES:
        driver = page(path)
        violations = [v for v in run_axe(driver) if v["impact"] in ("serious", "critical")]
        details = [(path, v["id"], v["help"], [n["target"] for n in v["nodes"]]) for v in violations]
        assert details == []
