/// The spec's two mock answers, copied byte for byte from `content/walkworthy/Mock/` because a core
/// has no resource bundle to load them from. A test compares them with those files.
public enum MockData {
  /// `Mock/encouragement_next.json`.
  public static let encouragementNext = #"""
    {
      "shouldNotify": true,
      "payload": {
        "id": "ww-isaiah-41-13",
        "ref": "Isaiah 41:13",
        "text": "For I am the LORD your God, who takes hold of your right hand and tells you: Do not fear, I will help you.",
        "encouragement": "The right hand that holds your pen today is the very hand God speaks of taking hold of. Breathe, read the first question slowly, and remember you are not sitting this exam alone.",
        "translation": "BSB",
        "expiresAt": "2026-11-18T06:00:00Z"
      }
    }

    """#

  /// `Mock/today_canvas.json`.
  public static let todayCanvas = #"""
    {
      "assignmentsToday": [
        {
          "title": "STAT 2000 Problem Set 9",
          "due_at": "2026-11-17T16:00:00Z",
          "points": 40
        },
        {
          "title": "HIST 1120 Week 12 Discussion: Reading Reflection",
          "due_at": "2026-11-17T22:00:00Z",
          "points": null
        },
        {
          "title": "CHEM 2310 Lab Report 6: Aldol Condensation",
          "due_at": "2026-11-18T04:59:59Z",
          "points": 25
        }
      ],
      "examsToday": [
        {
          "title": "CHEM 2310 Midterm Exam 2",
          "when": "2026-11-17T19:00:00Z"
        }
      ]
    }

    """#
}
