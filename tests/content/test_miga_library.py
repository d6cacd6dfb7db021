"""MIGA's library never holds a line that speaks well of dying, and credits each saying to its speaker."""

import json
import unittest

from support import ROOT, script

builder = script("build-miga-content")
LIBRARY = json.loads((ROOT / "Sources" / "MIGAServer" / "Storage" / "library.json").read_text(encoding="utf-8"))
ITEMS = {item["id"]: item for item in LIBRARY["items"]}


class SafetyRule(unittest.TestCase):
    def test_the_lines_the_audit_found_are_gone(self):
        for found in ["meditations-10-32-3", "meditations-5-29-1", "to-marcia-on-consolation-22-5",
                      "to-marcia-on-consolation-20-11", "to-polybius-on-consolation-9-11"]:
            self.assertFalse(found in ITEMS, f"{found} is still in the library")

    def test_no_shipped_item_speaks_well_of_dying(self):
        unsafe = {i: builder.speaks_well_of_dying(item["text"]) for i, item in ITEMS.items()}
        self.assertEqual({i: names for i, names in unsafe.items() if names}, {})

    def test_the_rule_refuses_lines_that_commend_dying(self):
        for line in [
            "Do thou only determine to live no longer, unless thou shalt be such.",
            "But if men do not permit thee, then get away out of life, yet so as if thou wert suffering no harm.",
            "We ought, therefore, to pray for death when our fortune is at its best.",
            "Think how great a blessing is a timely death, how many have been injured by living longer than they ought.",
            "For those who sail upon this stormy sea there is no harbour save death.",
            "After Death no one acts any more at another’s bidding.",
            "It is better to die of hunger and so to be released from grief and fear.",
            "Come quick, O death, lest perchance I, too, should forget myself.",
            "Do not despise death, but be well content with it.",
            "He waits for death with a cheerful mind.",
            "It is a useful help towards contempt of death, to review those who have tenaciously stuck to life.",
            "To go away from among men, if there are gods, is not a thing to be afraid of.",
            "He considered whether a man should now depart from life.",
            "The door is open.",
            "She longed to die.",
            "As thou intendest to live when thou art gone out, so it is in thy power to live here.",
            "Even if he must depart immediately, he will go as readily as if he were going to do anything else.",
            "Consider when thou art much vexed or grieved, that after a short time we are all laid out dead.",
        ]:
            with self.subTest(line=line):
                self.assertTrue(builder.speaks_well_of_dying(line))

    def test_the_rule_keeps_remembering_death_in_order_to_live_well(self):
        for line in [
            "Do not act as if thou wert going to live ten thousand years. Death hangs over thee. While thou livest, "
            "while it is in thy power, be good.",
            "Since it is possible that thou mayest depart from life this very moment, regulate every act and "
            "thought accordingly.",
            "I wished to live deliberately, and not, when I came to die, discover that I had not lived.",
            "Life wastes itself whilst we are preparing to live.",
            "Man at his birth is supple and weak; at his death, firm and strong.",
            "He who fears death either fears the loss of sensation or a different kind of sensation.",
        ]:
            with self.subTest(line=line):
                self.assertEqual(builder.speaks_well_of_dying(line), [])

    def test_the_check_refuses_a_library_holding_such_a_line(self):
        library = dict(LIBRARY)
        item = dict(LIBRARY["items"][0])
        item["text"] = item["text"].rstrip(".") + ", and pray for death."
        item["words"] = builder.word_count(item["text"])
        library["items"] = [item] + LIBRARY["items"][1:]
        self.assertTrue(any("speaks well of dying" in e for e in builder.structure_errors(library)))


class Attribution(unittest.TestCase):
    def test_sayings_of_epictetus_in_the_meditations_are_credited_to_him(self):
        recorded = [item for item in ITEMS.values()
                    if item["work"] == "Meditations" and item["locus"] in builder.RECORDED_SAYINGS]
        self.assertTrue(recorded, "the library holds no item from Meditations 11.33-11.38")
        for item in recorded:
            self.assertEqual(item["author"], "Epictetus, as Marcus Aurelius records him", item["id"])

    def test_the_rest_of_the_meditations_is_marcus(self):
        for item in ITEMS.values():
            if item["work"] == "Meditations" and item["locus"] not in builder.RECORDED_SAYINGS:
                self.assertEqual(item["author"], "Marcus Aurelius", item["id"])

    def test_the_recorded_sayings_are_11_33_to_11_38(self):
        self.assertEqual(sorted(builder.RECORDED_SAYINGS), [f"11.{n}" for n in range(33, 39)])


if __name__ == "__main__":
    unittest.main()
