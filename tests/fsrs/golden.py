#!/usr/bin/env python3
"""Prints FSRS-6 schedules from the reference implementation (PyPI `fsrs` 6.3.2, fuzz off) as
Swift literals for Tests/DangdaiCoreTests/FSRSTests.swift: for each scenario, every review's
rating, its time (seconds after the first), and the card after it (state, step, stability,
difficulty, due in seconds after the first review).

    python3 -m venv .venv-fsrs && .venv-fsrs/bin/pip install fsrs==6.3.2
    .venv-fsrs/bin/python tests/fsrs/golden.py
"""
from datetime import datetime, timedelta, timezone

from fsrs import Card, Rating, Scheduler

start = datetime(2026, 9, 1, 8, 0, tzinfo=timezone.utc)
scenarios = {
    "good all the way": [(3, 0), (3, 60), (3, 660), (3, 86400 * 3), (3, 86400 * 15), (3, 86400 * 60)],
    "a lapse and relearning": [(3, 0), (3, 60), (3, 660), (3, 86400 * 3), (1, 86400 * 20), (3, 86400 * 20 + 600),
                               (3, 86400 * 25)],
    "easy at once": [(4, 0), (4, 86400 * 9), (2, 86400 * 40)],
    "again and hard while learning": [(1, 0), (2, 60), (1, 120), (3, 180), (3, 900), (2, 86400 * 2)],
    "reviewed early the same day": [(3, 0), (4, 60), (3, 3600), (1, 7200), (3, 7800)],
}
scheduler = Scheduler(enable_fuzzing=False)
names = {1: ".again", 2: ".hard", 3: ".good", 4: ".easy"}
for name, reviews in scenarios.items():
    card = Card()
    print(f'  ("{name}", [')
    for rating, offset in reviews:
        card, _ = scheduler.review_card(card, Rating(rating), start + timedelta(seconds=offset))
        due = (card.due - start).total_seconds()
        step = "nil" if card.step is None else card.step
        print(f"    Step({names[rating]}, {offset}, .{card.state.name.lower()}, {step}, {card.stability!r}, "
              f"{card.difficulty!r}, {due:.0f}),")
    print("  ]),")
