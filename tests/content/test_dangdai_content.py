"""Dangdai's English glosses are our own short learner glosses checked against CC-CEDICT, and its
Taiwan readings follow the book and the MOE, declining a CC-CEDICT note where they differ; each
word lists CC-CEDICT's other readings of its characters, and the Han variants folded together come
from CC-CEDICT's simplified and Japanese forms."""

import gzip
import json
import pathlib
import tempfile
import unittest

from support import ROOT, script

builder = script("build-dangdai-content")
CEDICT, _ = builder.read_cedict(builder.DICTIONARY)
LESSONS = {
    path.stem: json.loads(path.read_text(encoding="utf-8"))
    for path in sorted((ROOT / "content" / "dangdai" / "lessons").glob("*.json"))}
ITEMS = {item["hanzi"]: item for lesson in LESSONS.values() for item in lesson["vocabulary"]}
OVERRIDES = {
    item["hanzi"]: item
    for item in json.loads((ROOT / "content" / "dangdai" / "taiwan-readings.json").read_text(encoding="utf-8"))}
DINNER = ["to deep fry", "Taiwan pr. [zha4]"]


def fields(hanzi, reading):
    return dict(CEDICT.get(hanzi) or CEDICT.get(hanzi.replace("臺", "台"), []))[reading]


class EnglishGlossRule(unittest.TestCase):
    def problems(self, gloss, reading="ni3", entry=("you (informal, as opposed to courteous 您[nin2])",), note=None):
        return builder.english_gloss_problems(gloss, reading, list(entry), note)

    def test_a_short_gloss_sharing_a_word_with_the_entry_passes(self):
        self.assertEqual(self.problems("you"), [])
        self.assertEqual(self.problems("to deep-fry", "zha2", DINNER), [])

    def test_a_cross_reference_is_refused(self):
        for gloss in ["you [ni3]", "you | thou", "you (CL:個)", "variant of you", "you (abbr. for thou)",
                      "you (abbreviation)"]:
            with self.subTest(gloss=gloss):
                self.assertTrue(any("cross-reference" in p for p in self.problems(gloss)), self.problems(gloss))

    def test_no_chinese_character_gives_the_answer_away(self):
        for gloss in ["you (not 您)", "supermarket (超级市场)"]:
            with self.subTest(gloss=gloss):
                self.assertTrue(any("Chinese character" in p for p in self.problems(gloss)))

    def test_a_proper_noun_starts_with_a_capital_letter(self):
        entry = ["lunar New Year's Eve"]
        self.assertTrue(any("capital" in p for p in self.problems("lunar New Year's Eve", "Chu2 xi1", entry)))
        self.assertEqual(self.problems("Lunar New Year's Eve", "Chu2 xi1", entry), [])

    def test_at_most_forty_characters_and_three_senses(self):
        self.assertTrue(any("longer than 40" in p for p in self.problems("you, the person I am speaking to right now")))
        self.assertTrue(any("senses" in p for p in self.problems("you; you; you; you")))
        self.assertTrue(any("senses" in p for p in self.problems("you;; you")))

    def test_a_gloss_sharing_no_content_word_needs_a_note(self):
        self.assertTrue(any("shares no word" in p for p in self.problems("thou")))
        self.assertTrue(any("shares no word" in p for p in self.problems("with the", entry=["with the etc"])))
        self.assertEqual(self.problems("thou", note="An old word for the same person."), [])

    def test_a_note_is_refused_where_none_is_needed(self):
        self.assertTrue(any("needs no gloss_note" in p for p in self.problems("you", note="Not needed.")))
        self.assertTrue(any("empty gloss_note" in p for p in self.problems("thou", note=" ")))

    def test_content_words_are_letters_lower_cased_of_three_or_more_without_stop_words(self):
        self.assertEqual(builder.content_words("To Deep-Fry (with sth) etc"), {"deep", "fry"})
        self.assertEqual(builder.content_words("plan/Taiwan pr. [ji4 hua4]"), {"plan"})


class OtherLanguagesRule(unittest.TestCase):
    def test_japanese_keeps_its_kanji_but_no_meaning_is_a_cross_reference(self):
        self.assertEqual(builder.meaning_problems("ja", "揚げる"), [])
        self.assertTrue(builder.meaning_problems("fr", "variant of frire"))
        self.assertTrue(builder.meaning_problems("ko", "튀기다 [zha2]"))


class TaiwanNotes(unittest.TestCase):
    def test_a_note_of_its_own_applies_to_the_entry(self):
        self.assertEqual(builder.taiwan_note(DINNER, "to deep-fry"), "zha4")

    def test_a_note_inside_a_field_applies_only_to_the_sense_the_gloss_shares_a_word_with(self):
        entry = fields("和", "he2")
        self.assertEqual(builder.taiwan_note(entry, "and (between nouns)"), "han4")
        self.assertIsNone(builder.taiwan_note(entry, "harmonious"))

    def test_the_shipped_readings_put_taiwan_first_and_decline_the_frying_note(self):
        lessons = builder.Lessons(CEDICT)
        shown = {}
        for lesson_id in builder.LESSON_IDS:
            for item in lessons.lesson(lesson_id)["vocabulary"]:
                shown[item["hanzi"]] = item["readings"]
        lessons.taiwan_readings()
        self.assertEqual(lessons.problems, [])
        self.assertEqual(shown["炸"], ["zha2"])
        self.assertEqual(shown["熟"], ["shou2", "shu2"])
        self.assertEqual(shown["除夕"], ["chu2 xi4", "chu2 xi1"])
        self.assertEqual(shown["成績"][0], "cheng2 ji1")
        self.assertEqual(shown["建築"][0], "jian4 zhu2")
        self.assertEqual(shown["突然"][0], "tu2 ran2")
        self.assertEqual(shown["和"][0], "han4")
        self.assertEqual(shown["不客氣"][0], "bu4 ke4 qi4")
        for hanzi, reading in [("名字", "ming2 zi5"), ("東西", "dong1 xi5"), ("沒關係", "mei2 guan1 xi5"),
                               ("涼快", "liang2 kuai5"), ("力氣", "li4 qi5"), ("值得", "zhi2 de5"),
                               ("亞洲", "ya4 zhou1")]:
            self.assertNotIn(hanzi, OVERRIDES)
            self.assertEqual(shown[hanzi], [reading])
        self.assertEqual((lessons.declined, len(lessons.noted)), ([("炸", "zha2")], 5))

    def test_an_override_no_lesson_uses_fails(self):
        lessons = builder.Lessons(CEDICT)
        lessons.overrides[("除了", "chu2 le5")] = {"taiwan": "chu2 le5", "reason": "unused"}
        lessons.taiwan_readings()
        self.assertIn("taiwan-readings.json 除了: is not a word of any lesson", lessons.problems)

    def test_declining_a_note_the_entry_does_not_have_fails(self):
        lessons = builder.Lessons(CEDICT)
        lessons.overrides[("茶", "cha2")] = {"taiwan": "cha2", "reason": "nothing to decline"}
        lessons.lesson(101)
        self.assertTrue(any("茶" in p and "declines" in p for p in lessons.problems), lessons.problems)


class ShippedGlosses(unittest.TestCase):
    def test_every_shipped_gloss_keeps_the_rule(self):
        for hanzi, item in ITEMS.items():
            problems = builder.english_gloss_problems(
                item["en"], item["cedict"], fields(hanzi, item["cedict"]), item.get("gloss_note"))
            self.assertEqual(problems, [], hanzi)

    def test_the_glosses_the_audit_found_misleading_read_as_these_lessons_use_them(self):
        self.assertEqual(ITEMS["菜"]["en"], "dish")
        self.assertTrue(ITEMS["沾"]["en"].startswith("to dip"))
        self.assertEqual(ITEMS["只有"]["en"], "only if")
        self.assertEqual(ITEMS["原住民"]["en"], "Indigenous peoples")
        self.assertNotIn("aborigine", json.dumps(LESSONS).lower())

    def test_book_two_lesson_eleven_writes_taiwan_as_every_other_place_does(self):
        self.assertEqual(LESSONS["211"]["title"]["zh"], "臺灣好玩的地方真多")
        self.assertFalse([lesson for lesson in LESSONS.values() if "台" in lesson["title"]["zh"]])


FAKE_CEDICT = """\
# CC-CEDICT
學 学 [xue2] /to learn/
學生 学生 [xue2 sheng1] /student/
圖 图 [tu2] /diagram/
図 図 [tu2] /Japanese variant of 圖|图/
乗 乗 [cheng2] /Japanese variant of 乘[cheng2]/
仏 仏 [fo2] /Japanese variant of 佛/
円 円 [yuan2] /yen (Japanese currency)/Japanese variant of 圓|圆/
螥 螥 [cang1] /Japanese variant of 蒼|苍 house-fly/
楽 楽 [le4] /Japanese variant of 樂|乐[le4]/
楽 楽 [yue4] /Japanese variant of 樂|乐[yue4]/
樂 乐 [le4] /happy/
樂 乐 [yue4] /music/
山羊座 山羊座 [Shan1 yang2 zuo4] /Capricorn/Japanese variant of 魔羯座/
峠 峠 [qia3] /Japanese variant of 卡拉/
歡 欢 [huan1] /joyous/
懽 欢 [huan1] /variant of 歡|欢[huan1]/
歓 歓 [huan1] /old variant of 歡|欢[huan1]/
發 发 [fa1] /to send out/
髮 发 [fa4] /hair/
籤 签 [qian1] /inscribed bamboo stick/
籖 签 [qian1] /Japanese variant of 籤|签[qian1]/
你 你 [ni3] /you/Japanese variant of 你/
"""


def fake_entries():
    with tempfile.TemporaryDirectory() as directory:
        path = pathlib.Path(directory) / "cedict_ts.u8.gz"
        with gzip.open(path, "wt", encoding="utf-8") as file:
            file.write(FAKE_CEDICT)
        return list(builder.cedict_entries(path))


class HanVariants(unittest.TestCase):
    def test_simplified_and_japanese_forms_fold_to_their_traditional_character(self):
        variants, _ = builder.han_variants(fake_entries())
        self.assertEqual(variants, {
            "学": "學", "图": "圖", "乐": "樂",  # (a) a simplified form
            "図": "圖", "乗": "乘", "仏": "佛", "円": "圓", "螥": "蒼", "楽": "樂", "籖": "籤"})  # (b) Japanese

    def test_only_single_characters_and_japanese_variants_count_and_none_folds_to_itself(self):
        variants, _ = builder.han_variants(fake_entries())
        for character in ["歓", "懽", "山", "峠", "你", "學"]:
            with self.subTest(character=character):
                self.assertNotIn(character, variants)

    def test_a_form_standing_for_two_traditional_characters_is_left_out(self):
        variants, ambiguous = builder.han_variants(fake_entries())
        self.assertEqual(ambiguous, {"欢": {"歡", "懽"}, "发": {"發", "髮"}, "签": {"籤", "籖"}})
        self.assertFalse(set(ambiguous) & set(variants))

    def test_the_source_is_one_sorted_pair_a_line(self):
        source = builder.variants_source({"学": "學", "図": "圖", "乐": "樂"})
        self.assertIn("Do not edit by hand.", source)
        self.assertIn("CC BY-SA 4.0", source)
        self.assertTrue(source.endswith(
            "extension HanVariants {\n  /// 3 variant forms, each with the traditional character it stands for.\n"
            '  static let source = #"""\n乐樂\n図圖\n学學\n"""#\n}\n'), source)

    def test_the_shipped_variants_fold_the_forms_japanese_glosses_use(self):
        variants, ambiguous = builder.han_variants(list(builder.cedict_entries(builder.DICTIONARY)))
        for variant, traditional in [("学", "學"), ("図", "圖"), ("転", "轉"), ("気", "氣"), ("顔", "顏")]:
            self.assertEqual(variants.get(variant), traditional, variant)
        self.assertIn("发", ambiguous)
        self.assertNotIn("发", variants)


class OtherReadings(unittest.TestCase):
    def test_other_readings_leave_out_the_accepted_ones(self):
        entries = {"zhe5": [], "zhao2": [], "Zhao1": [], "zhu4": [], "zhuo2": [], "xx5": []}
        self.assertEqual(builder.other_readings(entries, ["zhe5"]), ["zhao1", "zhao2", "zhu4", "zhuo2"])
        self.assertEqual(builder.other_readings(entries, ["zhe5", "Zhu4", "zhao1"]), ["zhao2", "zhuo2"])
        self.assertEqual(builder.other_readings({"dou1": []}, ["dou1"]), [])

    def test_a_taiwan_reading_is_accepted_and_readings_keep_cedicts_spelling(self):
        self.assertEqual(builder.other_readings({"lu:4": [], "lu4": []}, ["lu4"]), ["lu:4"])
        self.assertEqual(builder.other_readings({"he2": [], "he4": [], "han4": []}, ["han4", "he2"]), ["he4"])

    def test_every_shipped_word_lists_cedicts_other_readings(self):
        lessons = builder.Lessons(CEDICT)
        shown = {item["hanzi"]: item for i in builder.LESSON_IDS for item in lessons.lesson(i)["vocabulary"]}
        self.assertEqual(shown["著"]["otherReadings"], ["zhao1", "zhao2", "zhu4", "zhuo2"])
        self.assertEqual(shown["都"]["otherReadings"], ["du1"])
        self.assertEqual(shown["教"]["otherReadings"], ["jiao4"])
        self.assertEqual(shown["倒"]["otherReadings"], ["dao3"])
        self.assertEqual(shown["轉"]["otherReadings"], ["zhuai3", "zhuan4"])
        self.assertEqual(shown["和"]["otherReadings"], ["he4", "hu2", "huo2", "huo4"])
        self.assertEqual(shown["炸"]["otherReadings"], ["zha4"])
        self.assertEqual(shown["你"]["otherReadings"], [])
        for item in shown.values():
            self.assertEqual(item["otherReadings"], sorted(set(item["otherReadings"])), item["hanzi"])
            self.assertFalse(set(item["otherReadings"]) & set(item["readings"]), item["hanzi"])


if __name__ == "__main__":
    unittest.main()
