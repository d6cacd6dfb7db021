"""The Bible side of our verse-content pipelines, shared by build-faith-jar-content and
build-walkworthy-content so the lookup rules live in one place.

It loads the public-domain BSB, KJV and WEB from ../shared/data/bible, maps the display book names
we write ("Psalm", "1 Corinthians") to the source files' SWORD/OSIS names ("Psalms",
"I Corinthians"), parses references ("Philippians 4:6-7"), joins a verse range with single spaces,
and wraps JSON in the Swift raw string literal our generated files use.
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


def sentences(text):
    """How many sentences: terminal punctuation, perhaps closed by quotes or a bracket, then space or end."""
    return len(re.findall(r"[.!?](?:[\"”’)]*)(?:\s|$)", text.strip()))


def swift_json_literal(value):
    """value as sorted, one-space-indented JSON inside a Swift raw multi-line string literal."""
    body = json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True)
    # Either would end the literal early or start an escape inside a #-delimited raw string.
    assert '"""#' not in body and "\\#" not in body
    return '#"""\n' + body + '\n"""#'
