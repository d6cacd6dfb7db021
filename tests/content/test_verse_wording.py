"""Our words beside a verse never lean on one translation's wording (scripts/bible_content.py)."""

import json
import unittest

from support import ROOT
from bible_content import wording_problems

PSALM_4_4 = {
    "bsb": "Be angry, yet do not sin; on your bed, search your heart and be still. Selah",
    "kjv": "Stand in awe, and sin not: commune with your own heart upon your bed, and be still. Selah.",
    "web": "Stand in awe, and don’t sin. Search your own heart on your bed, and be still. Selah.",
}
JOHN_14_18 = {
    "bsb": "I will not leave you as orphans; I will come to you.",
    "kjv": "I will not leave you comfortless: I will come to you.",
    "web": "I will not leave you orphans. I will come to you.",
}
ROMANS_12_18 = {
    "bsb": "If it is possible on your part, live at peace with everyone.",
    "kjv": "If it be possible, as much as lieth in you, live peaceably with all men.",
    "web": "If it is possible, as much as it is up to you, be at peace with all men.",
}


class Wording(unittest.TestCase):
    def test_naming_a_translation_is_refused(self):
        problems = wording_problems("The BSB reads this line as be angry and do not sin.", PSALM_4_4)
        self.assertTrue(any("names a translation" in p for p in problems))
        self.assertTrue(wording_problems("Unlike the ESV, this keeps the Hebrew image.", PSALM_4_4))

    def test_a_run_of_one_translation_only_is_refused(self):
        problems = wording_problems("Paul is realistic: if it is possible, as far as it depends on you.", ROMANS_12_18)
        self.assertEqual(problems, ["\"if it is possible as\" is the wording of WEB only"])

    def test_wording_every_translation_shares_is_the_passage_itself(self):
        self.assertEqual(wording_problems("His promise is plain: I will come to you.", JOHN_14_18), [])
        self.assertEqual(wording_problems("Whatever the day holds, lie down, look inward and be still.", PSALM_4_4),
                         [])

    def test_one_translations_word_inside_shared_wording_is_still_refused(self):
        self.assertEqual(wording_problems("He says: I will not leave you orphans.", JOHN_14_18),
                         ["\"will not leave you orphans\" is the wording of WEB only"])

    def test_a_quote_must_be_in_every_translation(self):
        problems = wording_problems("He says “as far as it depends on you”, and means it.", ROMANS_12_18)
        self.assertTrue(any("BSB, KJV, WEB do not say" in p for p in problems))
        self.assertEqual(wording_problems("He begins with “If it” and a condition.", ROMANS_12_18), [])

    def test_the_shipped_explanations_and_encouragements_pass(self):
        # The builders apply the same check with the Bibles (their --check is part of scripts/test); this
        # only confirms no authored text names a translation, which needs no Bible.
        authored = [e["explanation"] for f in sorted((ROOT / "content" / "faith-jar").glob("*.json"))
                    for e in json.loads(f.read_text(encoding="utf-8"))["entries"]]
        authored += [e["encouragement"] for e in json.loads(
            (ROOT / "content" / "walkworthy" / "encouragements.json").read_text(encoding="utf-8"))["entries"]]
        for text in authored:
            self.assertEqual([p for p in wording_problems(text, PSALM_4_4) if "names" in p], [], text)


if __name__ == "__main__":
    unittest.main()
