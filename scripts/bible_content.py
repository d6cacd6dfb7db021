"""The Bible side of our verse-content pipelines, shared by build-faith-jar-content and
build-walkworthy-content so the lookup rules live in one place.

It loads the public-domain BSB, KJV and WEB from ../shared/data/bible, maps the display book names
we write ("Psalm", "1 Corinthians") to the source files' SWORD/OSIS names ("Psalms",
"I Corinthians"), parses references ("Philippians 4:6-7"), joins a verse range with single spaces,
and wraps JSON in the Swift raw string literal our generated files use.

Our words beside a verse never lean on one translation's wording, because the reader may be seeing
another (and ESV, NIV and the rest are not ours to quote at all). wording_problems() holds every
explanation and encouragement to that:
  - it names no translation ("the BSB reads ...");
  - it shares no run of RUN_WORDS or more words with some of the shipped translations of its passage
    but not all of them (a run all three share is the passage's own wording, whichever is on screen);
  - anything it puts in double quotes is in every shipped translation of its passage.
"""

import json
import pathlib
import re

BIBLES = pathlib.Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "bible"
TRANSLATIONS = ["bsb", "kjv", "web"]
REFERENCE = re.compile(r"^(?P<book>(?:[123] )?[A-Z][A-Za-z ]*?) (?P<chapter>\d+):(?P<first>\d+)(?:-(?P<last>\d+))?$")

# Display names that differ from the source files' SWORD/OSIS names.
SOURCE_BOOK = {"Psalm": "Psalms", "Song of Songs": "Song of Solomon", "Revelation": "Revelation of John"}
ROMAN = {"1": "I", "2": "II", "3": "III"}


def source_book(book):
    """The source files' name for a display book name."""
    if book in SOURCE_BOOK:
        return SOURCE_BOOK[book]
    number, _, rest = book.partition(" ")
    return f"{ROMAN[number]} {rest}" if number in ROMAN and rest else book


def load_bibles():
    """{translation: {(source book, chapter, verse): text}}; exits with a clear message without ../shared."""
    if not BIBLES.is_dir():
        raise SystemExit(f"the Bibles are not at {BIBLES}: check out ../shared next to this repository to validate")
    bibles = {}
    for translation in TRANSLATIONS:
        data = json.loads((BIBLES / f"{translation}.json").read_text(encoding="utf-8"))
        bibles[translation] = {(v["book"], v["chapter"], v["verse"]): v["text"] for v in data["verses"]}
    return bibles


def parse_reference(reference):
    """(book, chapter, first, last) for 'Book C:V' or 'Book C:V-W', or None if it is neither."""
    match = REFERENCE.match(reference or "")
    if not match:
        return None
    first = int(match["first"])
    return match["book"], int(match["chapter"]), first, int(match["last"] or first)


def passage_text(bible, book, chapter, first, last):
    """The verses first...last joined with single spaces, or None if any is missing from this Bible."""
    verses = [bible.get((source_book(book), chapter, v)) for v in range(first, last + 1)]
    return None if any(v is None for v in verses) else " ".join(verses)


RUN_WORDS = 5
TRANSLATION_NAME = re.compile(
    r"\b(?:BSB|KJV|WEB|NIV|ESV|NASB|NKJV|NLT|CSB|HCSB|RSV|NRSV|NET|AMP|MSG|King James|Berean|World English|"
    r"New International|English Standard|New Living|American Standard)\b")
QUOTED = re.compile(r"[\"“]([^\"”]+)[\"”]")


def words(text):
    """Lowercase words, apostrophes kept inside them and made curly, everything else dropped."""
    return re.findall(r"[a-z]+(?:’[a-z]+)*", text.lower().replace("'", "’"))


def runs(tokens, size):
    return {tuple(tokens[i:i + size]) for i in range(len(tokens) - size + 1)}


def wording_problems(ours, texts):
    """Why `ours` leans on one translation's wording of a passage whose shipped texts are `texts`
    ({translation: text}): empty when it does not."""
    problems = []
    named = TRANSLATION_NAME.search(ours)
    if named:
        problems.append(f"names a translation ({named.group(0)}): the reader may be seeing another")
    ours_words = words(ours)
    by_translation = {t: runs(words(text), RUN_WORDS) for t, text in texts.items()}
    shared_by_all = set.intersection(*by_translation.values()) if by_translation else set()
    for run in sorted(runs(ours_words, RUN_WORDS), key=lambda r: ours_words.index(r[0])):
        holders = [t.upper() for t in texts if run in by_translation[t]]
        if holders and run not in shared_by_all:
            problems.append(f"\"{' '.join(run)}\" is the wording of {', '.join(holders)} only")
            break
    for quoted in QUOTED.findall(ours):
        phrase = " ".join(words(quoted))
        missing = [t.upper() for t, text in texts.items() if phrase not in " ".join(words(text))]
        if phrase and missing:
            problems.append(f"quotes \"{quoted}\", which {', '.join(missing)} do not say")
    return problems


def sentences(text):
    """How many sentences: terminal punctuation, perhaps closed by quotes or a bracket, then space or end."""
    return len(re.findall(r"[.!?](?:[\"”’)]*)(?:\s|$)", text.strip()))


def swift_json_literal(value):
    """value as sorted, one-space-indented JSON inside a Swift raw multi-line string literal."""
    body = json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True)
    # Either would end the literal early or start an escape inside a #-delimited raw string.
    assert '"""#' not in body and "\\#" not in body
    return '#"""\n' + body + '\n"""#'
