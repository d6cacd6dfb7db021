"""Dangdai in a real browser: signing up and confirming from the mailed link, quizzes with instant
feedback (choices, typed pinyin, word tiles by tap and by keyboard), mastery's celebration,
resuming after a reload, the dashboard's points and streak, the four languages, the dropped
connection, and axe on every screen.

The right answers come from the server's own database (read-only), as a learner who knows the
course would give them: the pages never hold them."""

import json
import os
import re
import sqlite3
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import confirm_sign_up, emulate, forget_everything, press, run_axe, severe_console_messages

PASSWORD = "a meadow of quiet tulips"
LANGUAGES = {"en": "Books", "fr": "Manuels", "ja": "教科書", "ko": "교재"}


def serious(violations):
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in violations if v["impact"] in ("serious", "critical")]


def wait(driver, condition, seconds=15):
    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(condition)


def shown(driver, selector, seconds=15):
    return wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, selector), seconds)


@pytest.fixture(scope="session")
def database():
    directory = os.environ.get("ORCHARD_DATA_DIR")
    if not directory:
        pytest.fail("ORCHARD_DATA_DIR is not set: run the browser tests through scripts/test")
    return os.path.join(directory, "orchard.sqlite")


def questions(database, quiz_id):
    """The quiz's questions with their keys, as the server stored them."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        row = connection.execute("SELECT questions FROM dangdai_quizzes WHERE id = ?", (quiz_id,)).fetchone()
    finally:
        connection.close()
    assert row, f"no quiz {quiz_id}"
    return json.loads(row[0])


@pytest.fixture
def learner(driver, base_url):
    """A new learner, signed up through the pages and confirmed from the mailed link, on their
    dashboard, at phone size in the light look."""
    forget_everything(driver, base_url)
    emulate(driver, ((390, 844), "light"))
    email = f"learner-{uuid.uuid4().hex[:12]}@example.com"
    sign_up(driver, base_url, email, PASSWORD)
    shown(driver, "#check-inbox")
    confirm_sign_up(driver, base_url, "dangdai", email)
    shown(driver, "[data-continue]")
    return driver


def sign_up(driver, base_url, email, password, confirmation=None):
    driver.get(f"{base_url}/dangdai/account/sign-up")
    for name, value in (("email", email), ("password", password), ("password_confirmation", confirmation or password)):
        field = driver.find_element(By.NAME, name)
        field.clear()
        field.send_keys(value)
    before = driver.find_element(By.CSS_SELECTOR, "html")
    driver.find_element(By.CSS_SELECTOR, 'form[action$="/sign-up"] button[type="submit"]').click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "html") != before)


def choose_language(driver, base_url, language):
    """Picks a language in Settings, which keeps it at once (no Save needed) and shows the page in it."""
    driver.get(f"{base_url}/dangdai/settings")
    press(driver, f'input[name="language"][value="{language}"]')
    wait(driver, lambda d: d.execute_script(
        "return document.documentElement.lang === arguments[0] && !!document.querySelector('.notice-banner')",
        language))


def start(driver, base_url, chapter, kind):
    driver.get(f"{base_url}/dangdai/chapters/{chapter}")
    driver.find_element(By.CSS_SELECTOR, f"button.quiz-choice--{kind}").click()
    shown(driver, "section.question")
    return driver.current_url.rsplit("/", 1)[-1]


def current_question(driver):
    return int(driver.find_element(By.CSS_SELECTOR, "input[name=question]").get_attribute("value"))


def answer(driver, database, quiz_id, right=True, keyboard=False):
    """Answers the question on screen as the learner would, and waits for its feedback."""
    index = current_question(driver)
    question = questions(database, quiz_id)[index]
    key = question["key"]
    driver.execute_script("window.stayed = true")
    if "choice" in key:
        choice = key["choice"]["_0"]
        if not right:
            choice = (choice + 1) % len(question["options"])
        driver.find_elements(By.CSS_SELECTOR, "button.option")[choice].click()
    elif "pinyin" in key:
        syllables = key["pinyin"]["readings"][0]
        text = " ".join(f"{s['base']}{s['tone'] if right else (s['tone'] % 4) + 1}" for s in syllables)
        field = driver.find_element(By.NAME, "text")
        field.send_keys(text + Keys.ENTER)
    else:
        words = key["order"]["_0"][0]
        if not right:
            wrong = list(reversed(words))
            if wrong in key["order"]["_0"]:
                wrong[0], wrong[1] = wrong[1], wrong[0]
            words = wrong
        place_tiles(driver, question, words, keyboard=keyboard)
        driver.find_element(By.CSS_SELECTOR, "[data-check]").click()
    feedback = shown(driver, "[data-feedback]")[0]
    assert driver.execute_script("return window.stayed === true"), "the feedback came in place"
    return index, feedback


def place_tiles(driver, question, words, keyboard=False):
    remaining = list(enumerate(question["options"]))
    for word in words:
        at = next(i for i, (_, option) in enumerate(remaining) if option == word)
        index, _ = remaining.pop(at)
        tile = driver.find_element(By.CSS_SELECTOR, f'[data-tile="{index}"]')
        if keyboard:
            driver.execute_script("arguments[0].focus()", tile)
            driver.switch_to.active_element.send_keys(Keys.ENTER)
        else:
            tile.click()


def next_question(driver):
    """Moves on from the feedback: by its button, unless a right answer's feedback already moved on
    by itself. Returns once the next question (or the result) is on screen."""
    before = driver.execute_script("return document.querySelector('input[name=question]')?.value ?? null")
    driver.execute_script("document.querySelector('[data-next]')?.click()")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".result-summary") or (
        not d.find_elements(By.CSS_SELECTOR, "[data-feedback]")
        and d.execute_script("return document.querySelector('input[name=question]')?.value ?? null") != before))


def finish(driver, database, quiz_id, right=lambda index: True):
    """Answers every question left, and ends on the result (a quiz has far fewer than 100)."""
    for _ in range(100):
        index = current_question(driver)
        answer(driver, database, quiz_id, right=right(index))
        next_question(driver)
        if driver.find_elements(By.CSS_SELECTOR, ".result-summary"):
            return driver.find_element(By.CSS_SELECTOR, ".result-summary")
    raise AssertionError(f"quiz {quiz_id} still had questions after 100 answers")


def test_sign_up_takes_eight_characters_and_the_same_password_twice(driver, base_url):
    forget_everything(driver, base_url)
    emulate(driver, ((390, 844), "light"))
    email = f"learner-{uuid.uuid4().hex[:12]}@example.com"
    sign_up(driver, base_url, email, "seven77")
    assert shown(driver, "#field-password-error")[0].text == "Use at least 8 characters."
    sign_up(driver, base_url, email, "eight888", "eight889")
    assert "match" in shown(driver, "#field-password_confirmation-error")[0].text
    assert serious(run_axe(driver)) == []
    sign_up(driver, base_url, email, "eight888")
    assert email in shown(driver, "#check-inbox")[0].text
    confirm_sign_up(driver, base_url, "dangdai", email)
    shown(driver, "[data-continue]")
    assert driver.current_url == f"{base_url}/dangdai/"


def test_a_vocabulary_quiz_with_instant_feedback_and_typed_tone_numbers(learner, base_url, database):
    driver = learner
    quiz_id = start(driver, base_url, 101, "vocabulary")
    assert "Question 1 of" in driver.find_element(By.CSS_SELECTOR, ".quiz-count").text
    kinds, sizes = set(), set()
    total = len(questions(database, quiz_id))
    for position in range(total):
        index = current_question(driver)
        kinds.add(questions(database, quiz_id)[index]["kind"])
        sizes.add(driver.execute_script(
            "const word = document.querySelector('.prompt-zh:not(.prompt-zh--sentence)');"
            "return word && getComputedStyle(word).fontSize"))
        right = position != 0
        _, feedback = answer(driver, database, quiz_id, right=right)
        assert feedback.get_attribute("data-feedback") == ("right" if right else "wrong")
        if not right:
            # A gentle orange, never red; the right answer shown.
            color = driver.execute_script(
                "return getComputedStyle(document.querySelector('.feedback')).borderTopColor")
            red, green, blue = [int(n) for n in re.findall(r"\d+", color)[:3]]
            assert red > 150 and 60 < green < 150 and blue < 60, color
            assert driver.find_elements(By.CSS_SELECTOR, ".feedback-answer")
        next_question(driver)
    assert "character_to_pinyin" in kinds
    assert sizes - {None} == {"72px"}, "a word's characters are set at 72 px"
    summary = shown(driver, ".result-summary")[0].text
    assert summary == f"{total - 1}/{total} correct - {(total - 1) * 100 // total}%"
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".result-points").text == f"+{(total - 1) * 10} points")
    assert driver.find_elements(By.CSS_SELECTOR, ".struggled li")
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-celebration]")
    assert severe_console_messages(driver) == []


def test_a_grammar_quiz_orders_words_by_tap_and_by_keyboard(learner, base_url, database):
    driver = learner
    for attempt in range(6):
        quiz_id = start(driver, base_url, 103, "grammar")
        tiles = [i for i, q in enumerate(questions(database, quiz_id)) if q["kind"] == "word_order"]
        if tiles:
            break
    assert tiles, "a grammar quiz asks to put words in order"
    seen = 0
    for _ in range(100):
        index = current_question(driver)
        question = questions(database, quiz_id)[index]
        if question["kind"] == "word_order":
            # A tile placed and taken back first, then the sentence by keyboard on the second.
            first = driver.find_element(By.CSS_SELECTOR, "[data-tile]")
            first.click()
            assert driver.find_element(By.CSS_SELECTOR, "[data-placed]").get_attribute("value") != ""
            driver.find_element(By.CSS_SELECTOR, "[data-undo]").click()
            assert driver.find_element(By.CSS_SELECTOR, "[data-placed]").get_attribute("value") == ""
            assert driver.find_element(By.CSS_SELECTOR, "[data-check]").get_attribute("disabled")
            _, feedback = answer(driver, database, quiz_id, keyboard=seen % 2 == 1)
            assert feedback.get_attribute("data-feedback") == "right"
            seen += 1
        else:
            answer(driver, database, quiz_id)
        next_question(driver)
        if driver.find_elements(By.CSS_SELECTOR, ".result-summary"):
            break
    else:
        raise AssertionError(f"quiz {quiz_id} still had questions after 100 answers")
    assert seen == len(tiles)
    shown(driver, ".result-summary")
    assert severe_console_messages(driver) == []


def test_a_chapter_test_reaching_mastery_celebrates_once(learner, base_url, database):
    driver = learner
    for kind in ("vocabulary", "grammar"):
        quiz_id = start(driver, base_url, 105, kind)
        finish(driver, database, quiz_id)
    quiz_id = start(driver, base_url, 105, "test")
    assert driver.find_element(By.CSS_SELECTOR, ".quiz-label").text == "Chapter Test"
    finish(driver, database, quiz_id)
    celebration = shown(driver, "[data-celebration]")[0]
    assert celebration.find_element(By.CSS_SELECTOR, "h1").text == "Chapter Mastered!"
    driver.get(f"{base_url}/dangdai/chapters/105")
    assert "Mastered" in driver.find_element(By.CSS_SELECTOR, ".chapter-status").text
    again = start(driver, base_url, 105, "test")
    finish(driver, database, again, right=lambda index: index % 2 == 0)
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-celebration]")
    assert driver.find_element(By.CSS_SELECTOR, "#result-title").text == "Quiz complete"


def test_a_quiz_resumes_where_it_was_left_after_a_reload(learner, base_url, database):
    driver = learner
    quiz_id = start(driver, base_url, 102, "vocabulary")
    for _ in range(6):
        answer(driver, database, quiz_id)
        next_question(driver)
    driver.refresh()
    shown(driver, "section.question")
    assert driver.find_element(By.CSS_SELECTOR, ".quiz-count").text.startswith("Question 7 of")
    driver.get(f"{base_url}/dangdai/")
    assert "from question 7" in shown(driver, "[data-continue]")[0].text


def test_points_and_the_streak_on_the_dashboard(learner, base_url, database):
    driver = learner
    assert driver.find_element(By.CSS_SELECTOR, ".stat--points").text == "0 points"
    assert driver.find_element(By.CSS_SELECTOR, ".stat--streak").text == "No streak yet"
    quiz_id = start(driver, base_url, 201, "grammar")
    total = len(questions(database, quiz_id))
    finish(driver, database, quiz_id, right=lambda index: index != 0)
    driver.get(f"{base_url}/dangdai/")
    assert shown(driver, ".stat--points")[0].text == f"{(total - 1) * 10} points"
    assert driver.find_element(By.CSS_SELECTOR, ".stat--streak").text == "1 day in a row"
    assert len(driver.find_elements(By.CSS_SELECTOR, ".day--active")) == 1
    assert len(driver.find_elements(By.CSS_SELECTOR, ".recent-list li")) == 1


def test_the_language_switch_changes_every_sentence_at_once(learner, base_url):
    driver = learner
    driver.get(f"{base_url}/dangdai/chapters/201")
    chinese = driver.find_element(By.CSS_SELECTOR, ".chapter-heading-zh").text
    for language, books in list(LANGUAGES.items())[1:] + [("en", "Books")]:
        choose_language(driver, base_url, language)
        assert driver.find_element(By.CSS_SELECTOR, "html").get_attribute("lang") == language
        driver.get(f"{base_url}/dangdai/chapters/201")
        assert driver.find_element(By.CSS_SELECTOR, "html").get_attribute("lang") == language
        tabs = [a.text for a in driver.find_elements(By.CSS_SELECTOR, ".tabs a")]
        assert tabs[1] == books, tabs
        assert driver.find_element(By.CSS_SELECTOR, ".chapter-heading-zh").text == chinese
        # The account pages follow the learner's choice.
        driver.get(f"{base_url}/dangdai/account")
        assert driver.find_element(By.CSS_SELECTOR, "html").get_attribute("lang") == language


def test_no_connection_shows_at_once(learner, base_url):
    driver = learner
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    banner = shown(driver, ".offline-banner", seconds=5)[0]
    assert banner.text.startswith("No connection")
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".offline-banner"), seconds=5)
    driver.execute_cdp_cmd("Network.disable", {})


# The four looks (two phone sizes, light and dark), each in one of two languages.
@pytest.mark.parametrize("language,size,scheme", [
    ("en", (390, 844), "light"), ("en", (360, 640), "dark"), ("ja", (390, 844), "dark"), ("ja", (360, 640), "light")])
def test_every_screen_passes_axe(learner, base_url, database, language, size, scheme, tmp_path):
    driver = learner
    emulate(driver, (size, scheme))
    if language != "en":
        choose_language(driver, base_url, language)
    problems = {}
    # (The word list last: the list is read on it next.)
    for path in ["/dangdai/", "/dangdai/books", "/dangdai/chapters/104", "/dangdai/progress", "/dangdai/settings",
                 "/dangdai/offline", "/dangdai/settings/word-list"]:
        driver.get(base_url + path)
        problems[path] = serious(run_axe(driver))
    # A list read, with a line left out, waiting to be confirmed.
    listed = tmp_path / "words.tsv"
    listed.write_bytes("//當代中文/Book 1/L04-I\t\t\r\n錢\tqián\t(N) money\r\n買\tqqq\t(V) to buy\r\n".encode())
    driver.find_element(By.NAME, "list").send_keys(str(listed))
    press(driver, ".word-list-form button[type=submit]")
    shown(driver, ".word-list-lessons")
    problems["word list read"] = serious(run_axe(driver))
    quiz_id = start(driver, base_url, 104, "test")
    problems["question"] = serious(run_axe(driver))
    answer(driver, database, quiz_id, right=False)
    problems["feedback"] = serious(run_axe(driver))
    next_question(driver)
    finish(driver, database, quiz_id)
    problems["result"] = serious(run_axe(driver))
    # Signed out: the welcome and the account pages, in the same language.
    driver.delete_all_cookies()
    for path in ["/dangdai/", "/dangdai/account/sign-up", "/dangdai/account/sign-in", "/dangdai/account/forgot"]:
        driver.get(f"{base_url}{path}?lang={language}")
        assert driver.find_element(By.CSS_SELECTOR, "html").get_attribute("lang") == language
        problems[path] = serious(run_axe(driver))
    assert {where: found for where, found in problems.items() if found} == {}
    assert severe_console_messages(driver) == []


def test_a_right_answer_moves_on_by_itself_and_a_wrong_one_waits(learner, base_url, database):
    driver = learner
    quiz_id = start(driver, base_url, 106, "vocabulary")
    index, _ = answer(driver, database, quiz_id, right=True)
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "[data-feedback]") and current_question(d) == index + 1,
         seconds=5)
    assert driver.switch_to.active_element.get_attribute("id") == "instruction"
    assert driver.execute_script("return window.stayed === true"), "the next question came in place"
    answer(driver, database, quiz_id, right=False)
    driver.execute_script("return new Promise(r => setTimeout(r, 2500))")
    assert driver.find_elements(By.CSS_SELECTOR, "[data-feedback]"), "a wrong answer's feedback stays"
    assert driver.switch_to.active_element.get_attribute("data-next") is not None


def test_slow_making_shows_tips_and_a_failure_can_be_tried_again(learner, base_url):
    driver = learner
    driver.get(f"{base_url}/dangdai/chapters/107")
    driver.execute_cdp_cmd("Network.enable", {})
    # The connection fails: "Couldn't load questions", and Try Again works once it is back.
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/dangdai/chapters/107/quizzes"]})
    driver.find_element(By.CSS_SELECTOR, "button.quiz-choice--vocabulary").click()
    overlay = shown(driver, ".loading-overlay button")[0]
    assert driver.find_element(By.CSS_SELECTOR, ".loading-overlay [data-tip]").text == "Couldn't load questions"
    assert overlay.text == "Try Again"
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    overlay.click()
    shown(driver, "section.question")
    # Slow: past 300 ms the tips show while the quiz is made.
    driver.get(f"{base_url}/dangdai/chapters/107")
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1})
    driver.find_element(By.CSS_SELECTOR, "button.quiz-choice--grammar").click()
    tip = shown(driver, ".loading-overlay [data-tip]", seconds=3)[0]
    assert tip.text.startswith("Tip:")
    shown(driver, "section.question", seconds=20)
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    driver.execute_cdp_cmd("Network.disable", {})


# The device's Mandarin voice, as a phone has one: Chromium here has none, so the page is given a
# speech synthesiser that records each utterance (its text and language) instead of saying it.
RECORDING_VOICE = """
(() => {
  const spoken = [];
  const voice = {name: "Mei-Jia", lang: "zh-TW", default: false, localService: true, voiceURI: "Mei-Jia"};
  Object.defineProperty(window, "__spoken", {value: spoken});
  Object.defineProperty(window, "speechSynthesis", {configurable: true, value: {
    getVoices: () => [voice], cancel: () => {}, addEventListener: () => {},
    speak: (utterance) => spoken.push({text: utterance.text, lang: utterance.lang, voice: utterance.voice?.lang}),
  }});
  window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
})();
"""


def spoken(driver):
    return driver.execute_script("return window.__spoken ? window.__spoken.slice() : []")


def hear_every_word_on_screen(driver):
    """Taps every speak button on screen and checks each is said, as written, in zh-TW."""
    buttons = [b for b in driver.find_elements(By.CSS_SELECTOR, "[data-speak]") if b.is_displayed()]
    for button in buttons:
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        before = len(spoken(driver))
        button.click()
        said = spoken(driver)
        assert len(said) == before + 1, "a tap says one utterance"
        assert said[-1]["text"] == button.get_attribute("data-speak")
        assert said[-1]["lang"] == "zh-TW"
    return len(buttons)


def test_words_are_heard_where_a_voice_can_say_them_and_a_wrong_answer_teaches(learner, base_url, database):
    driver = learner
    # Without a voice, nothing offers a sound and no quiz asks for listening.
    driver.get(f"{base_url}/dangdai/chapters/106")
    assert not [b for b in driver.find_elements(By.CSS_SELECTOR, "[data-speak]") if b.is_displayed()]
    assert driver.find_element(By.CSS_SELECTOR, "[data-voice-field]").get_attribute("value") == ""
    script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDING_VOICE})
    try:
        driver.get(f"{base_url}/dangdai/chapters/106")
        assert hear_every_word_on_screen(driver) >= 20, "every word of the chapter can be heard"
        assert driver.find_element(By.CSS_SELECTOR, "[data-voice-field]").get_attribute("value") == "1"
        listened = explained = 0
        for attempt in range(4):
            quiz_id = start(driver, base_url, 106, "vocabulary")
            for position in range(100):
                index = current_question(driver)
                question = questions(database, quiz_id)[index]
                if question["kind"] == "listening_to_character":
                    listened += 1
                    key = question["key"]["choice"]["_0"]
                    word = question["options"][key]
                    assert not driver.find_element(By.CSS_SELECTOR, "[data-listen-fallback]").is_displayed()
                    assert not driver.find_elements(By.CSS_SELECTOR, ".prompt-zh"), "the word is heard, not shown"
                    if position > 0:
                        assert spoken(driver)[-1] == {"text": word, "lang": "zh-TW", "voice": "zh-TW"}, \
                            "a listening question says its word as it comes"
                hear_every_word_on_screen(driver)
                wrong = position % 3 == 0
                _, feedback = answer(driver, database, quiz_id, right=not wrong)
                if wrong:
                    explained += 1
                    word = shown(driver, ".explain-word")[0]
                    assert word.find_element(By.CSS_SELECTOR, "[lang=zh-Hant]").text
                    assert word.find_element(By.CSS_SELECTOR, ".pinyin").text
                    assert word.find_element(By.CSS_SELECTOR, ".explain-meaning").text
                    assert hear_every_word_on_screen(driver) >= 1, "feedback says the right word"
                    assert serious(run_axe(driver)) == []
                next_question(driver)
                if driver.find_elements(By.CSS_SELECTOR, ".result-summary"):
                    break
            if listened:
                break
        assert listened, "quizzes asked to listen where a voice exists"
        assert explained
        # A grammar question answered wrongly says why, in one line of its point.
        quiz_id = start(driver, base_url, 106, "grammar")
        answer(driver, database, quiz_id, right=False)
        assert shown(driver, ".explain-why")[0].text
        assert shown(driver, ".explain-sentence [lang=zh-Hant]")[0].text
        assert severe_console_messages(driver) == []
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


def overflow(driver):
    """How far the page reaches past the phone's width, in CSS pixels (0: it fits). A phone widens
    its layout to fit what overflows, so the screen's width is the measure, not the window's."""
    return driver.execute_script("return document.documentElement.scrollWidth - screen.width")


def test_every_screen_fits_a_small_phone_and_the_quiz_head_stays_usable(learner, base_url, database):
    driver = learner
    emulate(driver, ((360, 640), "light"))
    quiz_id = start(driver, base_url, 105, "test")
    # The chapter test's head is one line: the way out, the label and the count side by side.
    head = driver.execute_script(
        "const r = s => document.querySelector(s).getBoundingClientRect();"
        "return {leave: r('.quiz-leave'), label: r('.quiz-label'), count: r('.quiz-count')};")
    assert head["leave"]["height"] >= 44 and head["leave"]["width"] >= 44, "Leave quiz is a full target"
    assert abs(head["label"]["top"] - head["count"]["top"]) < 12 and abs(head["leave"]["top"] - head["label"]["top"]) < 20
    assert overflow(driver) <= 0
    # Offline, the banner keeps clear of Leave quiz.
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    shown(driver, ".offline-banner", seconds=5)
    assert driver.execute_script(
        "const a = document.querySelector('.offline-banner').getBoundingClientRect();"
        "const b = document.querySelector('.quiz-leave').getBoundingClientRect();"
        "return a.bottom <= b.top || b.bottom <= a.top || a.right <= b.left || b.right <= a.left;"), \
        "the offline banner covers Leave quiz"
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    driver.execute_cdp_cmd("Network.disable", {})
    finish(driver, database, quiz_id, right=lambda index: index % 3 != 0)
    assert overflow(driver) <= 0, "the result fits"
    for path in ("/", "/books", "/chapters/105", "/progress", "/settings", "/settings/word-list"):
        driver.get(f"{base_url}/dangdai{path}")
        assert overflow(driver) <= 0, f"{path} is {overflow(driver)} px wider than the screen"
    # History and recent quizzes say when.
    assert driver.get(f"{base_url}/dangdai/progress") is None
    assert driver.find_elements(By.CSS_SELECTOR, ".recent-list time[datetime]")
