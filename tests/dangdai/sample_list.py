#!/usr/bin/env python3
"""Writes a word list in the flash-card format `orchard dangdai import` reads, made from our own
companion lessons (never the book's): for each lesson named, a `//當代中文/Book N/LNN-I` header,
then `hanzi<TAB>reading<TAB>(POS) gloss` lines, readings in tone numbers with alternatives as
`zhe4 / zhei4`, the second half of each lesson under an `-II` header; CRLF line ends and tabs
after each header, as the circulating list is downloaded.

    sample_list.py OUT 101 102            a sound list
    sample_list.py OUT 101 --break 5      the same with line 5's reading made unreadable
"""
import json
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parents[2]
arguments = sys.argv[1:]
broken = None
if "--break" in arguments:
    at = arguments.index("--break")
    broken = int(arguments[at + 1])
    del arguments[at:at + 2]
out, lessons = arguments[0], [int(x) for x in arguments[1:]]
lines = []
for lesson in lessons:
    words = json.loads((root / f"content/dangdai/lessons/{lesson}.json").read_text(encoding="utf-8"))["vocabulary"]
    half = len(words) // 2
    for part, chunk in (("I", words[:half]), ("II", words[half:])):
        lines.append(f"//當代中文/Book {lesson // 100}/L{lesson % 100:02d}-{part}")
        for word in chunk:
            reading = " / ".join([word["cedict"].lower()] + word.get("also", []))
            lines.append(f"{word['hanzi']}\t{reading}\t({word['pos']}) {word['en']}")
if broken is not None:
    hanzi, _, gloss = lines[broken - 1].split("\t")
    lines[broken - 1] = f"{hanzi}\txyz9\t{gloss}"
# As the circulating list is downloaded: CRLF line ends, and tabs trailing every header.
lines = [line + "\t\t" if line.startswith("//") else line for line in lines]
pathlib.Path(out).write_bytes(("\r\n".join(lines) + "\r\n").encode("utf-8"))
print(f"{out}: {sum(1 for line in lines if not line.startswith('//'))} words in {len(lessons)} lessons")
