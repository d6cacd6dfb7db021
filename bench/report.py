"""Turns one scripts/bench run into docs/performance.md.

  report.py collect DIR --duration 30s [--standin]  > results.json   (wrk-*.txt, coldstart.json, rss-*.kb,
                                                                       miga-ingest-*.json, walkworthy-*.json,
                                                                       dangdai-*.json)
  report.py render results.json                      > docs/performance.md
"""

import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
from importlib import metadata

TARGETS = [  # (key in results, label in the table)
    ("ceiling", "orchard `GET /healthz` (framework ceiling)"),
    ("ours", "orchard `GET /api/v1/apps`"),
    ("peer", "FastAPI peer `GET /api/v1/apps`"),
]
TO_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0, "h": 3_600_000.0}


def to_ms(value: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m|h)", value).groups()
    return float(number) * TO_MS[unit]


def parse_wrk(text: str) -> dict:
    """Req/s, p50, p99 and errors from `wrk --latency` output."""

    def find(pattern: str) -> re.Match:
        match = re.search(pattern, text, re.MULTILINE)
        if not match:
            raise ValueError(f"wrk output has no line matching {pattern!r}")
        return match

    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return {
        "rps": float(find(r"^Requests/sec:\s+([\d.]+)").group(1)),
        "p50_ms": to_ms(find(r"^\s+50%\s+(\S+)").group(1)),
        "p99_ms": to_ms(find(r"^\s+99%\s+(\S+)").group(1)),
        "requests": int(find(r"^\s+(\d+) requests in").group(1)),
        "errors": (sum(map(int, socket.groups())) if socket else 0)
        + (int(non_2xx.group(1)) if non_2xx else 0),
    }


def ceiling_for(r: dict, target: str) -> dict:
    """`/healthz` as measured just before `target` (the machine's pace drifts over a run), or the
    run's own ceiling when that was not measured."""
    return r.get("ceilings", {}).get(target, r["results"]["ceiling"])


def command_output(*argv: str, fallback: str) -> str:
    try:
        out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
        return out.strip().splitlines()[0]
    except (OSError, subprocess.CalledProcessError, IndexError):
        return fallback


def machine() -> dict:
    with open("/proc/cpuinfo") as f:
        cpu = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), "unknown")
    with open("/proc/meminfo") as f:
        mem_kb = int(next(l.split()[1] for l in f if l.startswith("MemTotal")))
    with open("/etc/os-release") as f:
        os_name = next((l.split("=", 1)[1].strip().strip('"') for l in f if l.startswith("PRETTY_NAME")), "unknown")
    commit = command_output("git", "rev-parse", "--short", "HEAD", fallback="none (no commit yet)")
    if command_output("git", "status", "--porcelain", "--untracked-files=no", fallback=""):
        commit += " with uncommitted changes"
    return {
        "nproc": len(os.sched_getaffinity(0)),  # what `nproc` prints
        "cpu": cpu,
        "ram_gib": round(mem_kb / 1024**2, 1),
        "os": os_name,
        "swift": command_output("swift", "--version", fallback="not installed"),
        "commit": commit,
    }


def collect(directory: str, duration: str, standin: bool) -> dict:
    def read(name: str) -> str:
        with open(os.path.join(directory, name)) as f:
            return f.read()

    versions = {name: metadata.version(name) for name in ("fastapi", "uvicorn", "uvloop", "httptools")}
    return {
        "date": datetime.date.today().isoformat(),
        "standin": standin,
        "command": "scripts/bench",
        "machine": machine(),
        "wrk": {"threads": 2, "connections": 64, "duration": duration},
        "peer": "FastAPI {fastapi} on uvicorn {uvicorn} (uvloop {uvloop}, httptools {httptools}), "
        "2 workers, access log off".format(**versions),
        "results": {key: parse_wrk(read(f"wrk-{key}.txt")) for key, _ in TARGETS},
        "ceilings": {
            name[len("wrk-ceiling-"):-len(".txt")]: parse_wrk(read(name))
            for name in sorted(os.listdir(directory)) if name.startswith("wrk-ceiling-") and name.endswith(".txt")
        },
        "cold_start_ms": json.loads(read("coldstart.json"))["runs_ms"],
        "peak_rss_kb": int(read("rss-ours.kb")),
        "peer_peak_rss_kb": int(read("rss-peer.kb")),
        "faith_jar": faith_jar(directory, read),
        "miga": miga(directory, read),
        "walkworthy": walkworthy(directory, read),
        "accounts": accounts(directory, read),
        "dangdai": dangdai(directory, read),
        "wearbloom": wearbloom(directory, read),
    }


def wearbloom(directory: str, read) -> dict | None:
    """Wearbloom's image work in the release build, and its API under load, when that part of the
    run happened."""
    if not os.path.exists(os.path.join(directory, "wearbloom-images.json")):
        return None
    result = json.loads(read("wearbloom-images.json"))
    if os.path.exists(os.path.join(directory, "wearbloom-cutouts.json")):
        result["cutouts"] = json.loads(read("wearbloom-cutouts.json"))
    if os.path.exists(os.path.join(directory, "wearbloom-api.json")):
        result["api"] = json.loads(read("wearbloom-api.json"))
        result["list"] = parse_wrk(read("wrk-wearbloom-list.txt"))
        result["thumbnail"] = parse_wrk(read("wrk-wearbloom-thumbnail.txt"))
        if os.path.exists(os.path.join(directory, "wearbloom-list-steady.json")):
            result["list_steady"] = json.loads(read("wearbloom-list-steady.json"))
    if os.path.exists(os.path.join(directory, "wearbloom-tryon.json")):
        result["tryon"] = json.loads(read("wearbloom-tryon.json"))
    if os.path.exists(os.path.join(directory, "wearbloom-browser.json")):
        result["browser"] = json.loads(read("wearbloom-browser.json"))
    for name in ("render-overhead", "credits"):
        found = {engine: json.loads(read(f"wearbloom-{name}-{engine}.json")) for engine in ("sqlite", "postgresql")
                 if os.path.exists(os.path.join(directory, f"wearbloom-{name}-{engine}.json"))}
        if found:
            result[name.replace("-", "_")] = found
    return result


def faith_jar(directory: str, read) -> dict | None:
    """Faith Jar's verse page under wrk and its browser timings, when that part of the run happened."""
    if not os.path.exists(os.path.join(directory, "faith-jar.json")):
        return None
    return {"verse_page": parse_wrk(read("wrk-verse.txt")), "browser": json.loads(read("faith-jar.json"))}


def faith_jar_lines(r: dict) -> list:
    f = r.get("faith_jar")
    if not f:
        return []
    page, b, ceiling = f["verse_page"], f["browser"], ceiling_for(r, "verse")
    checks = [
        ("emotion tap → verse visible < 150 ms (spec < 500 ms)", f"{b['tap_to_verse_ms']:.0f} ms", b["tap_to_verse_ms"] < 150),
        ("another verse < 100 ms (spec < 300 ms): request round trip", f"{b['another_verse_fetch_ms']:.0f} ms",
         b["another_verse_fetch_ms"] is not None and b["another_verse_fetch_ms"] < 100),
        ("first visit loaded, empty cache < 500 ms (spec < 2 s)", f"{b['first_visit_load_ms']:.0f} ms", b["first_visit_load_ms"] < 500),
        ("first visit bytes < 150 KB with fonts", f"{b['first_visit_bytes'] / 1000:.0f} KB", b["first_visit_bytes"] < 150_000),
        ("verse page p99 < 10 ms at 64 connections", f"{page['p99_ms']:.2f} ms", page["p99_ms"] < 10),
    ]
    return [
        "",
        "## Faith Jar",
        "",
        f"`GET /faith-jar/verse/anxiety` for a visitor with a verse on screen (device cookie, the record "
        f"remembered in memory, the page rendered once per verse): **{page['rps']:,.0f} req/s**, p50 {page['p50_ms']:.2f} ms, p99 {page['p99_ms']:.2f} ms, "
        f"{page['errors']} errors — **{page['rps'] / ceiling['rps']:.0%}** of `/healthz` measured just before it.",
        "",
        f"In headless Chromium at 390×844 on loopback (`bench/faith_jar_browser.py`, medians of {b['runs']} taps "
        "and 5 fresh first visits):",
        "",
        "| goal | measured | |",
        "| --- | ---: | --- |",
    ] + [f"| {goal} | {value} | {'met' if met else '**missed**'} |" for goal, value, met in checks] + [
        "",
        f"\"Another verse\" completes its in-place swap in {b['another_verse_swap_ms']:.0f} ms: the new verse "
        "replaces the old one when both the request and the spec's 200 ms fade-out are done, then fades in "
        "over 300 ms. Tap → verse is measured from the tap to the verse page's first contentful paint "
        "(form post, 303, page), where the 300 ms fade-in begins.",
    ]


MIGA_ENGINES = [("sqlite", "SQLite (the default)"), ("postgresql", "PostgreSQL (throwaway cluster, default durability)")]


def miga(directory: str, read) -> dict | None:
    """MIGA's content delta and 304 under wrk and its ingestion per engine, when that part of the run happened."""
    if not os.path.exists(os.path.join(directory, "wrk-miga-delta.txt")):
        return None
    ingest = {}
    for engine, _ in MIGA_ENGINES:
        path = os.path.join(directory, f"miga-ingest-{engine}.json")
        ingest[engine] = json.loads(read(f"miga-ingest-{engine}.json")) if os.path.exists(path) else {"skipped": "not run"}
    optional = {}
    for key, name in (("stats", "miga-stats.json"), ("browser", "miga-browser.json")):
        if os.path.exists(os.path.join(directory, name)):
            optional[key] = json.loads(read(name))
    return {
        "delta": parse_wrk(read("wrk-miga-delta.txt")),
        "not_modified": parse_wrk(read("wrk-miga-304.txt")),
        "ingest": ingest,
        **optional,
    }


def miga_lines(r: dict) -> list:
    m = r.get("miga")
    if not m:
        return []
    ceiling = ceiling_for(r, "miga")
    delta, not_modified, sqlite = m["delta"], m["not_modified"], m["ingest"]["sqlite"]
    lines = [
        "",
        "## MIGA",
        "",
        "A device that has synced the whole library asks again (`GET /miga/api/v1/content?since=<latest cursor>` "
        "with its bearer token: the token and the library state remembered in memory, an empty delta through the OpenAPI layer), and the same with "
        "`If-None-Match` (304), against `/healthz` measured just before them:",
        "",
        "| target | req/s | p50 ms | p99 ms | errors | of ceiling |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for label, t in (("empty delta", delta), ("304 Not Modified", not_modified)):
        lines.append(f"| {label} | {t['rps']:,.0f} | {t['p50_ms']:.2f} | {t['p99_ms']:.2f} | {t['errors']} "
                     f"| {t['rps'] / ceiling['rps']:.0%} |")
    lines += [
        "",
        "Event ingestion (`bench/miga_ingest.py`): {clients} devices, each on its own keep-alive connection, "
        "post {per} batches of {batch} fresh events; every receipt must accept the whole batch.".format(
            clients=sqlite.get("clients", 2), per=sqlite.get("batches", 400) // sqlite.get("clients", 2),
            batch=sqlite.get("batch", 500)),
        "",
        "| database | events/s | batch p50 ms | batch p99 ms |",
        "| --- | ---: | ---: | ---: |",
    ]
    for engine, label in MIGA_ENGINES:
        i = m["ingest"][engine]
        if "skipped" in i:
            lines.append(f"| {label} | not measured: {i['skipped']} | | |")
        else:
            lines.append(f"| {label} | {i['events_per_s']:,.0f} | {i['batch_p50_ms']:.1f} | {i['batch_p99_ms']:.1f} |")
    checks = [
        ("ingestion on SQLite ≥ 10,000 events/s", "not measured" if "skipped" in sqlite else f"{sqlite['events_per_s']:,.0f}",
         "skipped" not in sqlite and sqlite["events_per_s"] >= 10_000),
        ("content delta p99 < 10 ms at 64 connections", f"{delta['p99_ms']:.2f} ms", delta["p99_ms"] < 10),
        ("content 304 p99 < 10 ms at 64 connections", f"{not_modified['p99_ms']:.2f} ms", not_modified["p99_ms"] < 10),
    ]
    stats, browser = m.get("stats"), m.get("browser")
    if stats:
        lines += [
            "",
            f"Stats in the core (`orchard-bench miga-stats`, release build): every figure on the stats screen from a "
            f"log of {stats['events']:,} events over {stats['days']} days, {stats['runs']} runs: p50 "
            f"{stats['stats_p50_ms']:.1f} ms, p99 {stats['stats_p99_ms']:.1f} ms. The floor, one pass that only reads "
            f"each event's day, takes {stats['one_pass_p50_ms']:.1f} ms "
            f"({stats['stats_p50_ms'] / stats['one_pass_p50_ms']:.1f}× of it).",
        ]
        checks.append((f"stats over {stats['events']:,} events < 50 ms", f"{stats['stats_p99_ms']:.1f} ms (p99)",
                       stats["stats_p99_ms"] < 50))
    if browser:
        lines += [
            "",
            f"The gateway page in Chromium with an empty cache (`bench/miga_browser.py`, median of {browser['runs']}): "
            f"{browser['gateway_bytes'] / 1000:.0f} KB transferred with its font, loaded in {browser['gateway_load_ms']:.0f} ms.",
        ]
        checks.append(("gateway page bytes < 100 KB", f"{browser['gateway_bytes'] / 1000:.0f} KB",
                       browser["gateway_bytes"] < 100_000))
    lines += ["", "| goal | measured | |", "| --- | ---: | --- |"]
    lines += [f"| {goal} | {value} | {'met' if met else '**missed**'} |" for goal, value, met in checks]
    if delta["errors"] or not_modified["errors"]:
        lines += ["", "**Some MIGA requests failed (see errors above): those figures are not valid.**"]
    return lines


def walkworthy(directory: str, read) -> dict | None:
    """WalkWorthy's next-encouragement call under wrk and its home page in Chromium, when that part ran."""
    if not os.path.exists(os.path.join(directory, "wrk-walkworthy-next.txt")):
        return None
    result = {"next": parse_wrk(read("wrk-walkworthy-next.txt"))}
    if os.path.exists(os.path.join(directory, "walkworthy-browser.json")):
        result["browser"] = json.loads(read("walkworthy-browser.json"))
    return result


def walkworthy_lines(r: dict) -> list:
    w = r.get("walkworthy")
    if not w:
        return []
    ceiling, nxt = ceiling_for(r, "walkworthy-next"), w["next"]
    lines = [
        "",
        "## WalkWorthy",
        "",
        "An opted-in device on the fake Canvas day asks for its next encouragement "
        "(`GET /walkworthy/api/v1/encouragements/next` with its bearer token: the device remembered in memory, the "
        "day's signals worked out, and the payload it was already handed written before the OpenAPI layer with "
        "`shouldNotify: false`):",
        "",
        "| target | req/s | p50 ms | p99 ms | errors | of ceiling |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
        f"| next encouragement | {nxt['rps']:,.0f} | {nxt['p50_ms']:.2f} | {nxt['p99_ms']:.2f} | {nxt['errors']} "
        f"| {nxt['rps'] / ceiling['rps']:.0%} |",
    ]
    checks = [("next encouragement p99 < 10 ms at 64 connections", f"{nxt['p99_ms']:.2f} ms", nxt["p99_ms"] < 10)]
    browser = w.get("browser")
    if browser:
        lines += [
            "",
            f"The home page in Chromium with an empty cache (`bench/walkworthy_browser.py`, median of {browser['runs']}): "
            f"{browser['home_bytes'] / 1000:.0f} KB transferred (document, styles, script, fonts), "
            f"loaded in {browser['home_load_ms']:.0f} ms.",
        ]
        checks.append(("home page bytes < 120 KB", f"{browser['home_bytes'] / 1000:.0f} KB",
                       browser["home_bytes"] < 120_000))
    lines += ["", "| goal | measured | |", "| --- | ---: | --- |"]
    lines += [f"| {goal} | {value} | {'met' if met else '**missed**'} |" for goal, value, met in checks]
    lines += ["", "Screens, light and dark, at 390×844: `docs/screenshots/walkworthy/` (`scripts/screenshots-walkworthy`)."]
    if nxt["errors"]:
        lines += ["", "**Some WalkWorthy requests failed (see errors above): those figures are not valid.**"]
    return lines


def accounts(directory: str, read) -> dict | None:
    """Accounts through the API (bench/accounts.py), the hashing alone (orchard-bench argon2) and a
    session-authenticated page under wrk, when that part ran."""
    if not os.path.exists(os.path.join(directory, "accounts.json")):
        return None
    result = {"api": json.loads(read("accounts.json")), "page": parse_wrk(read("wrk-account-page.txt"))}
    if os.path.exists(os.path.join(directory, "argon2.json")):
        result["argon2"] = json.loads(read("argon2.json"))
    return result


def accounts_lines(r: dict) -> list:
    a = r.get("accounts")
    if not a:
        return []
    api, page, ceiling = a["api"], a["page"], ceiling_for(r, "account-page")
    timing = abs(api["unknown_p50_ms"] - api["wrong_p50_ms"])
    growth_mb = (api["rss_after_kb"] - api["rss_before_kb"]) * 1024 / 1e6
    lines = [
        "",
        "## Accounts",
        "",
        "Wearbloom's accounts (`bench/accounts.py`, over keep-alive connections; Argon2id at "
        f"{a.get('argon2', {}).get('parameters', 'the server’s parameters')}, two hashes at a time):",
        "",
        "| measure | value |",
        "| --- | ---: |",
        f"| sign-in (`POST …/token?grant_type=password`), one at a time, p50 / p99 of {api['sign_ins']} "
        f"| {api['sign_in_p50_ms']:.1f} / {api['sign_in_p99_ms']:.1f} ms |",
    ]
    argon2 = a.get("argon2")
    if argon2:
        lines.append(f"| one hash alone (`orchard-bench argon2`), p50 / p99 of {argon2['runs']} "
                     f"| {argon2['hash_p50_ms']:.1f} / {argon2['hash_p99_ms']:.1f} ms |")
    lines += [
        f"| 32 sign-ins at once, three rounds: each answered in, p50 / p99 "
        f"| {api['burst_p50_ms']:.0f} / {api['burst_p99_ms']:.0f} ms |",
        f"| resident memory before / after those rounds (peak) | {api['rss_before_kb'] * 1024 / 1e6:.1f} / "
        f"{api['rss_after_kb'] * 1024 / 1e6:.1f} MB ({api['hwm_kb'] * 1024 / 1e6:.1f} MB) |",
        f"| refresh rotations, {api['rotation_clients']} clients each spending its newest token "
        f"| {api['rotations_per_s']:,.0f} /s |",
        f"| unknown email vs wrong password, median of {api['timing_tries']} each, interleaved "
        f"| {api['unknown_p50_ms']:.1f} vs {api['wrong_p50_ms']:.1f} ms |",
        "",
        "A page behind a web session (`GET /wearbloom/account` with its cookie: the session checked "
        "against what the process remembers of it, at most a minute old and forgotten in every process "
        "when it changes; the page rendered once per session and language), against `/healthz` measured "
        "just before it:",
        "",
        "| target | req/s | p50 ms | p99 ms | errors | of ceiling |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
        f"| account page | {page['rps']:,.0f} | {page['p50_ms']:.2f} | {page['p99_ms']:.2f} | {page['errors']} "
        f"| {page['rps'] / ceiling['rps']:.0%} |",
    ]
    checks = [
        ("session page ≥ 80 % of `/healthz`", f"{page['rps'] / ceiling['rps']:.0%}",
         page["rps"] / ceiling["rps"] >= 0.8),
        ("unknown email and wrong password within 5 ms (medians)", f"{timing:.1f} ms", timing < 5),
        ("memory grows < 64 MB under 32 sign-ins at once", f"{growth_mb:.1f} MB", growth_mb < 64),
    ]
    lines += ["", "| goal | measured | |", "| --- | ---: | --- |"]
    lines += [f"| {goal} | {value} | {'met' if met else '**missed**'} |" for goal, value, met in checks]
    if page["errors"]:
        lines += ["", "**Some account-page requests failed (see errors above): those figures are not valid.**"]
    return lines


def dangdai(directory: str, read) -> dict | None:
    """Dangdai's dashboard and answers under wrk (SQLite, and PostgreSQL when it ran), starting
    quizzes through the API (bench/dangdai.py) and making them in the core (orchard-bench), when
    that part ran."""
    if not os.path.exists(os.path.join(directory, "wrk-dangdai-answers.txt")):
        return None
    result = {
        "dashboard": parse_wrk(read("wrk-dangdai-dashboard.txt")),
        "answers": parse_wrk(read("wrk-dangdai-answers.txt")),
        "setup": json.loads(read("dangdai-setup.json")),
    }
    if os.path.exists(os.path.join(directory, "wrk-dangdai-answers-postgresql.txt")):
        result["answers_postgresql"] = parse_wrk(read("wrk-dangdai-answers-postgresql.txt"))
        result["setup_postgresql"] = json.loads(read("dangdai-setup-postgresql.json"))
    if os.path.exists(os.path.join(directory, "dangdai-quizzes.json")):
        result["generation"] = json.loads(read("dangdai-quizzes.json"))
    if os.path.exists(os.path.join(directory, "dangdai-answers-steady.json")):
        result["steady"] = json.loads(read("dangdai-answers-steady.json"))
    if os.path.exists(os.path.join(directory, "dangdai-browser.json")):
        result["browser"] = json.loads(read("dangdai-browser.json"))
    return result


# The dashboard's first load, fonts included, on a browser with no CJK face of its own (a fresh
# Debian Chromium): in English or French, under 100 KB, half a second on a 1.6 Mb/s mobile link;
# in Japanese or Korean, under 250 KB, with the interface's own slice of the face (a phone that
# has a Japanese face, as every iPhone does, fetches none of it).
DASHBOARD_BYTES = {"en": 100_000, "ja": 250_000}


def dangdai_lines(r: dict) -> list:
    d = r.get("dangdai")
    if not d:
        return []
    ceiling, board, answers, setup = ceiling_for(r, "dangdai"), d["dashboard"], d["answers"], d["setup"]
    lines = ["", "## Dangdai", ""]
    checks = []
    generation = d.get("generation")
    if generation:
        lines += [
            f"Making a quiz in the core (`orchard-bench dangdai-quizzes`, release build): every kind on each of the "
            f"{generation['lessons']} lessons under {generation['seeds']} seeds, each quiz timed alone, questions "
            "made and checked by the validator; the spec allows 5 s:",
            "",
            "| quiz | quizzes | p50 ms | p99 ms | max ms | of the 5 s budget (p99) |",
            "| --- | ---: | ---: | ---: | ---: | ---: |",
        ]
        for kind in ("vocabulary", "grammar", "test", "review"):
            g = generation[kind]
            lines.append(f"| {kind} | {g['quizzes']} | {g['p50_ms']:.2f} | {g['p99_ms']:.2f} | {g['max_ms']:.2f} "
                         f"| {g['p99_ms'] / 5000:.2%} |")
            checks.append((f"{kind} quiz generation p99 < 20 ms", f"{g['p99_ms']:.2f} ms", g["p99_ms"] < 20))
        lines.append("")
    lines += [
        f"Through the API (`bench/dangdai.py`): starting a quiz (`POST /dangdai/api/v1/quizzes`: made, stored, "
        f"answered without its keys), one at a time, p50 / p99 of {setup['quizzes_started']}: "
        f"{setup['start_quiz_p50_ms']:.1f} / {setup['start_quiz_p99_ms']:.1f} ms.",
        "",
        "A learner with 60 finished quizzes asks for the dashboard (points, streak and activity in their time zone, "
        "progress in both books, the latest quizzes, where to continue: read once into the learner's snapshot and "
        "written once as JSON, both remembered until the learner's next write or the next day), and answers are "
        f"posted, each once under its own id, to open quizzes ({setup['answers_prepared']:,} prepared; each judged by "
        "the core and stored, with the quiz's counts, the learner's points and the review queue, in a transaction "
        "shared by the answers that arrive together), against `/healthz` measured just before them:",
        "",
        "| target | req/s | p50 ms | p99 ms | errors | of ceiling |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
        f"| dashboard | {board['rps']:,.0f} | {board['p50_ms']:.2f} | {board['p99_ms']:.2f} | {board['errors']} "
        f"| {board['rps'] / ceiling['rps']:.0%} |",
        f"| `POST` answers, SQLite (WAL, synchronous=NORMAL) | {answers['rps']:,.0f} | {answers['p50_ms']:.2f} "
        f"| {answers['p99_ms']:.2f} | {answers['errors']} | {answers['rps'] / ceiling['rps']:.0%} |",
    ]
    pg = d.get("answers_postgresql")
    if pg:
        lines.append(f"| `POST` answers, PostgreSQL (fsync and synchronous commit on) | {pg['rps']:,.0f} "
                     f"| {pg['p50_ms']:.2f} | {pg['p99_ms']:.2f} | {pg['errors']} | {pg['rps'] / ceiling['rps']:.0%} |")
    lines += ["", "Answers are posted for 10 s (fewer than were prepared, so none is posted twice)."]
    steady = d.get("steady")
    if steady:
        lines += [
            "",
            "wrk sends again only once it has its answer, so at 64 connections its latency is the time a request "
            "waits behind the other 63 (64 ÷ the rate, by Little's law): a latency at full pace says how fast the "
            "server is, not how long a learner waits. Latency is measured at a stated pace instead: another "
            f"learner's answers posted at a steady {steady['rate_asked']:,.0f} a second over {steady['connections']} "
            "connections by `bench/open_loop.py`, each timed from the moment it was due, so a stall counts in every "
            "answer it delayed. That pace is a learner answering every 5 s, for 10,000 learners at once:",
            "",
            "| pace | reached /s | p50 ms | p90 ms | p99 ms | max ms | not 2xx |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
            f"| {steady['rate_asked']:,.0f} answers/s, {steady['connections']} connections | "
            f"{steady['rate_reached']:,.0f} | {steady['p50_ms']:.2f} | {steady['p90_ms']:.2f} | "
            f"{steady['p99_ms']:.2f} | {steady['max_ms']:.2f} | {steady['not_2xx']} |",
        ]
    browser = d.get("browser")
    if browser:
        lines += [
            "",
            f"In Chromium (`bench/dangdai_browser.py`, {browser['runs']} quizzes, {browser['answers']} answers, a "
            "learner signed up through the pages): the time from tapping a quiz on a chapter page to the first "
            "question's first paint (the quiz made and stored on the way), from tapping an answer to its feedback "
            "painted (stored, judged, swapped in place), and the dashboard's first load with an empty cache, on a "
            "browser with no Chinese, Japanese or Korean face of its own (Dangdai's slices of Noto Sans CJK are "
            "fetched as the page needs them):",
            "",
            "| measure | p50 | p95 | max |",
            "| --- | ---: | ---: | ---: |",
            f"| chapter tap → first question | {browser['start_p50_ms']:.0f} ms | {browser['start_p95_ms']:.0f} ms "
            f"| {browser['start_max_ms']:.0f} ms |",
            f"| answer tap → feedback | {browser['feedback_p50_ms']:.0f} ms | {browser['feedback_p95_ms']:.0f} ms "
            f"| {browser['feedback_max_ms']:.0f} ms |",
            "",
            "| dashboard, cold | bytes | of which fonts | load |",
            "| --- | ---: | ---: | ---: |",
            f"| English | {browser['dashboard_en_bytes']:,} | {browser['dashboard_en_font_bytes']:,} "
            f"| {browser['dashboard_en_load_ms']:.0f} ms |",
            f"| Japanese | {browser['dashboard_ja_bytes']:,} | {browser['dashboard_ja_font_bytes']:,} "
            f"| {browser['dashboard_ja_load_ms']:.0f} ms |",
            "",
            "The dashboard's targets are ours: under 100 KB in English or French (half a second on a 1.6 Mb/s "
            "mobile link), under 250 KB in Japanese or Korean, whose interface needs its own slice of a CJK face "
            "where the phone has none (every iPhone has one, and then fetches none of it).",
        ]
        checks += [
            ("chapter tap → first question p95 < 300 ms", f"{browser['start_p95_ms']:.0f} ms",
             browser["start_p95_ms"] < 300),
            ("answer tap → feedback p95 < 100 ms", f"{browser['feedback_p95_ms']:.0f} ms",
             browser["feedback_p95_ms"] < 100),
        ] + [
            (f"dashboard cold load in {name} < {DASHBOARD_BYTES[language] // 1000} KB, fonts included",
             f"{browser[f'dashboard_{language}_bytes'] / 1000:.1f} KB",
             browser[f"dashboard_{language}_bytes"] < DASHBOARD_BYTES[language])
            for language, name in (("en", "English"), ("ja", "Japanese"))
        ]
    checks.append(("dashboard p99 < 10 ms at 64 connections", f"{board['p99_ms']:.2f} ms", board["p99_ms"] < 10))
    if steady:
        reached = steady["rate_reached"] >= 0.98 * steady["rate_asked"] and not steady["not_2xx"]
        checks.append((f"`POST` answers p99 < 10 ms at 64 connections, {steady['rate_asked']:,.0f} /s",
                       f"{steady['p99_ms']:.2f} ms", reached and steady["p99_ms"] < 10))
    checks.append(("`POST` answers at full pace, 64 connections (throughput; p99 is 64 waiting requests)",
                   f"{answers['rps']:,.0f} /s, p99 {answers['p99_ms']:.2f} ms", True))
    if pg:
        checks.append(("answers per second with every commit fsynced (PostgreSQL)", f"{pg['rps']:,.0f} /s", True))
    lines += ["", "| goal | measured | |", "| --- | ---: | --- |"]
    lines += [f"| {goal} | {value} | {'met' if met else '**missed**'} |" for goal, value, met in checks]
    if board["errors"] or answers["errors"] or (pg and pg["errors"]):
        lines += ["", "**Some Dangdai requests failed (see errors above): those figures are not valid.**"]
    return lines


def targets(r: dict) -> list:
    """The issue's goals as (goal, measured, met)."""
    ours, peer, ceiling = (r["results"][k] for k in ("ours", "peer", "ceiling"))
    vs_peer, vs_ceiling = ours["rps"] / peer["rps"], ours["rps"] / ceiling["rps"]
    cold, rss = statistics.median(r["cold_start_ms"]), r["peak_rss_kb"] * 1024 / 1e6
    return [
        ("`/api/v1/apps` ≥ 2× the peer's req/s", f"{vs_peer:.2f}×", vs_peer >= 2),
        ("`/api/v1/apps` ≥ 80 % of the ceiling's req/s", f"{vs_ceiling:.0%}", vs_ceiling >= 0.8),
        ("`/api/v1/apps` p99 < 10 ms at 64 connections", f"{ours['p99_ms']:.2f} ms", ours["p99_ms"] < 10),
        ("cold start < 1 s", f"{cold:.0f} ms", cold < 1000),
        ("peak RSS < 150 MB", f"{rss:.1f} MB", rss < 150),
    ]


def render(r: dict) -> str:
    m, w = r["machine"], r["wrk"]
    ours, peer, ceiling = (r["results"][k] for k in ("ours", "peer", "ceiling"))
    lines = ["# Performance", ""]
    if r["standin"]:
        lines += ["> **Stand-in run:** the FastAPI peer played orchard's part on a second port. "
                  "These figures test the benchmark, not orchard.", ""]
    lines += [
        f"Measured {r['date']} with `{r['command']}` on {m['nproc']} cores ({m['cpu']}), "
        f"{m['ram_gib']} GiB RAM, {m['os']}, {m['swift']}, commit {m['commit']}.",
        "",
        f"Load: `wrk -t{w['threads']} -c{w['connections']} -d{w['duration']} --latency` on loopback, "
        "after a short warm-up, one target at a time. wrk runs on the same "
        f"{m['nproc']} cores as the server, so absolute figures are lower than the server alone would "
        "reach; the ratios, measured in the same run, are what to compare. Each \"of ceiling\" figure divides "
        "by `/healthz` measured for 10 s just before its target, since the machine's pace drifts over a run.",
        "",
        f"Peer: {r['peer']}, serving the same JSON from the same SQLite file with the same 1-second "
        "snapshot.",
        "",
        "| target | req/s | p50 ms | p99 ms | errors |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for key, label in TARGETS:
        t = r["results"][key]
        lines.append(f"| {label} | {t['rps']:,.0f} | {t['p50_ms']:.2f} | {t['p99_ms']:.2f} | {t['errors']} |")
    cold = r["cold_start_ms"]
    lines += [
        "",
        "Errors are non-2xx/3xx responses plus socket errors (connect, read, write, timeout).",
        "",
        f"- `/api/v1/apps` ours / peer: **{ours['rps'] / peer['rps']:.2f}×**; "
        f"ours / ceiling: **{ours['rps'] / ceiling['rps']:.0%}**",
        f"- Cold start (process start to first 200 on `/healthz`, fresh data directory), median of "
        f"{len(cold)}: **{statistics.median(cold):.0f} ms** (runs: {', '.join(f'{c:.0f}' for c in cold)})",
        f"- Peak RSS (VmHWM) after the `/api/v1/apps` load: **{r['peak_rss_kb'] * 1024 / 1e6:.1f} MB** "
        f"(peer, all processes: {r['peer_peak_rss_kb'] * 1024 / 1e6:.1f} MB)",
        "",
        "## Targets",
        "",
        "| goal | measured | |",
        "| --- | ---: | --- |",
    ]
    lines += [f"| {goal} | {value} | {'met' if met else '**missed**'} |" for goal, value, met in targets(r)]
    lines += faith_jar_lines(r)
    lines += miga_lines(r)
    lines += walkworthy_lines(r)
    lines += accounts_lines(r)
    lines += dangdai_lines(r)
    lines += wearbloom_lines(r)
    if any(r["results"][key]["errors"] for key, _ in TARGETS):
        lines += ["", "**Some requests failed (see errors above): the figures of that target are not valid.**"]
    return "\n".join(lines) + "\n"


# An upload's server time, from its last byte to the stored garment: the spec wants a garment in
# the wardrobe seconds after the photo, and the try-on render alone takes 5-10 s.
UPLOAD_MS = 300
# A thumbnail is a file read for its owner: it should cost little more than the framework itself.
THUMBNAIL_OF_CEILING = 0.6
# Try On with the local preview, from the request to the completed render, on the server.
TRYON_MS = 1500
# What a render's job adds to its provider's own time.
RENDER_OVERHEAD_MS = 50


def wearbloom_tryon_lines(w: dict, checks: list) -> list:
    """Try On: the local preview through the API, the job's own overhead, credits under load."""
    lines = []
    tryon = w.get("tryon")
    if tryon:
        failures = f", {tryon['failed']} failed" if tryon["failed"] else ""
        lines += [
            "",
            f"Try On through the API with the local preview (`bench/wearbloom_tryon.py`): {tryon['runs']} renders "
            "requested one at a time, each drawn by the job worker (woken by the request), its result stored, its "
            "credit captured. From the request to the completed render, by the server's own timestamps: p50 "
            f"**{tryon['server_p50_ms']:.0f} ms**, p95 **{tryon['server_p95_ms']:.0f} ms**; as the client saw it "
            f"(asking every 10 ms): p50 {tryon['client_p50_ms']:.0f} ms, p95 {tryon['client_p95_ms']:.0f} ms{failures}.",
        ]
        checks.append((f"Try On with the local preview, request → completed p95 < {TRYON_MS:,} ms on the server",
                       f"{tryon['server_p95_ms']:.0f} ms", tryon["server_p95_ms"] < TRYON_MS and not tryon["failed"]))
    overhead = w.get("render_overhead")
    if overhead:
        lines += [
            "",
            "A render's job beyond its provider (`orchard-bench wearbloom-render-overhead`, release build): a "
            "provider answering at once with a 1200 px JPEG, renders requested one after another through the "
            "service, the time from request to completion by the server's clock less the provider's own: the "
            "queue, the worker waking, reading the pictures, storing the result and the two transactions.",
            "",
            "| engine | runs | p50 ms | p95 ms |",
            "| --- | ---: | ---: | ---: |",
        ]
        for engine, o in overhead.items():
            lines.append(f"| {engine} | {o['runs']} | {o['overhead_p50_ms']:.1f} | {o['overhead_p95_ms']:.1f} |")
            checks.append((f"a render job's overhead over its provider p95 < {RENDER_OVERHEAD_MS} ms ({engine})",
                           f"{o['overhead_p95_ms']:.1f} ms", o["overhead_p95_ms"] < RENDER_OVERHEAD_MS))
    credits = w.get("credits")
    if credits:
        lines += [
            "",
            "Credits held and spent (`orchard-bench wearbloom-credits`, release build): 16 tasks at once, each for its "
            "own account, reserving a credit for a render and capturing it (two transactions, each writing the "
            "balance row and a ledger line), beside the engine's ceiling for one small write transaction at the "
            "same concurrency on the same database, in the same run:",
            "",
            "| engine | reserve + capture /s | their transactions /s | ceiling transactions /s | of ceiling | ledger |",
            "| --- | ---: | ---: | ---: | ---: | --- |",
        ]
        for engine, c in credits.items():
            lines.append(
                f"| {engine} | {c['reserve_capture_per_s']:,.0f} | {c['transactions_per_s']:,.0f} | "
                f"{c['ceiling_transactions_per_s']:,.0f} | "
                f"{c['transactions_per_s'] / c['ceiling_transactions_per_s']:.0%} | "
                f"{'exact' if c['ledger_exact'] else '**does not add up**'} |")
            checks.append((f"credits: every balance equals its ledger after the load ({engine})",
                           "exact" if c["ledger_exact"] else "not exact", c["ledger_exact"]))
    return lines


# The web version: the wardrobe's first screen drawn from the service worker's copy, the first
# try-on after a first visit (NFR3 allows 60 s; the target is 15 s), a Try On tap to the result on
# screen with the local preview, and the first screen's bytes with its fonts.
GRID_WARM_MS = 300
ONBOARDING_MS = 15_000
TAP_MS = 1500
FIRST_VISIT_BYTES = 150_000


def wearbloom_browser_lines(w: dict, checks: list) -> list:
    """The web version in Chromium: a first visit, onboarding, the grid cold and warm, Try On."""
    b = w.get("browser")
    if not b:
        return []
    checks += [
        (f"wardrobe grid of {b['wardrobe']} garments, warm, visually complete p95 < {GRID_WARM_MS} ms",
         f"{b['grid_warm_p95_ms']:.0f} ms", b["grid_warm_p95_ms"] < GRID_WARM_MS and b["grid_warm_controlled"]),
        (f"first visit to the first try-on's result < {ONBOARDING_MS // 1000} s (NFR3: 60 s)",
         f"{b['onboarding_ms'] / 1000:.1f} s", b["onboarding_ms"] < ONBOARDING_MS),
        (f"Try On tap → result visible p95 < {TAP_MS:,} ms (local preview)", f"{b['tap_p95_ms']:.0f} ms",
         b["tap_p95_ms"] < TAP_MS),
        (f"first visit < {FIRST_VISIT_BYTES // 1000} KB, fonts included", f"{b['first_visit_bytes'] / 1000:.0f} KB",
         b["first_visit_bytes"] < FIRST_VISIT_BYTES),
    ]
    return [
        "",
        "The web version in Chromium at 390×844, 3× (`bench/wearbloom_browser.py`):",
        "",
        f"- A first visit with an empty browser: **{b['first_visit_bytes'] / 1000:.0f} KB** in "
        f"{b['first_visit_requests']} requests ({b['first_visit_font_bytes'] / 1000:.0f} KB of it the two fonts), "
        f"loaded in {b['first_visit_load_ms']:.0f} ms.",
        f"- From that first visit to the first try-on's result on screen, with the examples and the local "
        f"preview: **{b['onboarding_ms'] / 1000:.1f} s**.",
        f"- A wardrobe of {b['wardrobe']} garments (CC0 photos uploaded through the web form, cut out by the job "
        f"worker), its first screen ({b['grid_images_in_view']} thumbnails) visually complete from the navigation's "
        f"start: cold (no cache, no service worker) **{b['grid_cold_ms']:.0f} ms** for "
        f"{b['grid_cold_bytes'] / 1000:.0f} KB; warm, {b['grid_warm_runs']} loads from the service worker's "
        f"caches: p50 **{b['grid_warm_p50_ms']:.0f} ms**, p95 **{b['grid_warm_p95_ms']:.0f} ms**.",
        f"- Try On, from the tap on the sheet's button to the result on screen, {b['tap_runs']} taps: p50 "
        f"**{b['tap_p50_ms']:.0f} ms**, p95 **{b['tap_p95_ms']:.0f} ms**.",
    ]


def wearbloom_api_lines(w: dict, ceiling: dict, megapixels: float, checks: list) -> list:
    """The API's figures: uploads one at a time, then the wardrobe and a thumbnail under load."""
    api = w["api"]
    wardrobe, through, ready = api["wardrobe"], api["upload"], api["cutout_ready"]
    removals = ", ".join(f"{count} {outcome}" for outcome, count in sorted(wardrobe["removals"].items()))
    lines = [
        f"Through the API (`bench/wearbloom.py`): a {megapixels}-megapixel camera JPEG "
        f"({through['photo_bytes']:,} bytes, sequential as cameras write it) posted as multipart to "
        "`POST /wearbloom/api/v1/garments`, one at a time: its type checked against its bytes, its size read from "
        "its header, made into every form (a 1200 px JPEG and thumbnails of 280 and 800 px in WebP and JPEG) and "
        "stored, each file fsynced, with its garment and its background-removal job in one transaction. Timed on "
        f"loopback from the first byte sent to the answer, {through['runs']} uploads: p50 "
        f"**{through['p50_ms']:.0f} ms**, p99 **{through['p99_ms']:.0f} ms**. Its cutout was ready (the job worker "
        f"took the job, removed the background and stored the cutout) {ready['p50_ms'] / 1000:.1f} s after the "
        "upload began (p50).",
        "",
        f"A wardrobe of {wardrobe['own']} garments made from the CC0 garment photos through the same call (their "
        f"backgrounds removed by the job worker: {removals}), listed with the "
        f"{wardrobe['garments'] - wardrobe['own']} stock garments after them ({wardrobe['list_bytes'] / 1000:.0f} KB "
        f"of JSON), and one of its thumbnails (280 px WebP, {wardrobe['thumbnail_bytes']:,} bytes, read from the "
        "store for its owner), against `/healthz` measured just before the thumbnail:",
        "",
        "| target | req/s | p50 ms | p99 ms | errors | of ceiling |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for label, t in ((f"`GET garments`, {wardrobe['garments']} garments", w["list"]), ("a thumbnail", w["thumbnail"])):
        lines.append(f"| {label} | {t['rps']:,.0f} | {t['p50_ms']:.2f} | {t['p99_ms']:.2f} | {t['errors']} "
                     f"| {t['rps'] / ceiling['rps']:.0%} |")
    checks.append((f"upload of a 12 MP JPEG through the API, stored with thumbnails, p99 < {UPLOAD_MS} ms",
                   f"{through['p99_ms']:.0f} ms", through["p99_ms"] < UPLOAD_MS))
    steady = w.get("list_steady")
    if steady:
        lines += [
            "",
            "At full pace wrk's latency is the wait behind the other 63 connections (64 ÷ the rate); the list's "
            f"latency is measured at a stated pace, {steady['rate_asked']:,.0f} lists a second over "
            f"{steady['connections']} connections, each timed from when it was due (`bench/open_loop.py`):",
            "",
            "| pace | reached /s | p50 ms | p90 ms | p99 ms | max ms | not 2xx |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
            f"| {steady['rate_asked']:,.0f} lists/s, {steady['connections']} connections | "
            f"{steady['rate_reached']:,.0f} | {steady['p50_ms']:.2f} | {steady['p90_ms']:.2f} | "
            f"{steady['p99_ms']:.2f} | {steady['max_ms']:.2f} | {steady['not_2xx']} |",
        ]
        kept = steady["rate_reached"] >= 0.95 * steady["rate_asked"] and not steady["not_2xx"]
        checks.append((f"wardrobe list of 200 garments p99 < 10 ms at 64 connections, {steady['rate_asked']:,.0f} /s",
                       f"{steady['p99_ms']:.2f} ms", kept and steady["p99_ms"] < 10))
    else:
        checks.append(("wardrobe list of 200 garments p99 < 10 ms at 64 connections",
                       f"{w['list']['p99_ms']:.2f} ms", w["list"]["p99_ms"] < 10))
    share = w["thumbnail"]["rps"] / ceiling["rps"]
    checks.append((f"a thumbnail served ≥ {THUMBNAIL_OF_CEILING:.0%} of `/healthz`", f"{share:.0%}",
                   share >= THUMBNAIL_OF_CEILING))
    return lines + [""]


def wearbloom_lines(r: dict) -> list:
    w = r.get("wearbloom")
    if not w:
        return []
    upload, bomb, api = w["upload"], w["bomb"], w.get("api")
    lines = ["", "## Wearbloom", ""]
    checks = []
    if api:
        lines += wearbloom_api_lines(w, ceiling_for(r, "wearbloom-thumbnail"), upload["megapixels"], checks)
    lines += wearbloom_tryon_lines(w, checks)
    lines += wearbloom_browser_lines(w, checks) + [""]
    lines += [
        f"The same photo made into every form in the core alone (`orchard-bench wearbloom-images`, release build, "
        f"no network and no store, {upload['runs']} runs; {upload['stored_bytes']:,} bytes stored in all): p50 "
        f"**{upload['p50_ms']:.0f} ms**, p99 **{upload['p99_ms']:.0f} ms**.",
        "",
        f"A {bomb['side']:,} × {bomb['side']:,} PNG bomb ({bomb['file_bytes']:,} bytes that decode to "
        f"{bomb['decoded_bytes'] / 1e6:,.0f} MB) refused in {bomb['refused_ms']:.1f} ms from its header; the "
        f"process's peak memory grew by {bomb['peak_rss_growth_bytes'] / 1e6:.1f} MB.",
    ]
    if not api:
        checks.append((f"upload of a 12 MP JPEG, stored with thumbnails, p99 < {UPLOAD_MS} ms",
                       f"{upload['p99_ms']:.0f} ms", upload["p99_ms"] < UPLOAD_MS))
    checks.append(("a 20,000 × 20,000 PNG bomb refused without decoding (peak memory grows < 16 MB)",
                   f"{bomb['peak_rss_growth_bytes'] / 1e6:.1f} MB",
                   bomb["refused"] and bomb["peak_rss_growth_bytes"] < 16e6))
    cutouts = w.get("cutouts")
    if cutouts:
        lines += [
            "",
            f"Local background removal over the {cutouts['photos']} CC0 garment photos, each already decoded at "
            f"1200 px (`orchard-bench cutouts`): median **{cutouts['p50_ms']:.1f} ms**, p95 "
            f"**{cutouts['p95_ms']:.1f} ms**; {cutouts['cutouts']} cutouts kept, the others refused by the quality "
            "check (contact sheet: `docs/wearbloom/cutouts.jpg`).",
        ]
    lines += ["", "| goal | measured | |", "| --- | ---: | --- |"]
    lines += [f"| {goal} | {value} | {'met' if met else '**missed**'} |" for goal, value, met in checks]
    if api and (w["list"]["errors"] or w["thumbnail"]["errors"]):
        lines += ["", "**Some Wearbloom requests failed (see errors above): those figures are not valid.**"]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("directory")
    c.add_argument("--duration", required=True)
    c.add_argument("--standin", action="store_true")
    sub.add_parser("render").add_argument("results")
    args = parser.parse_args()
    if args.cmd == "collect":
        json.dump(collect(args.directory, args.duration, args.standin), sys.stdout, indent=2)
        print()
    else:
        with open(args.results) as f:
            sys.stdout.write(render(json.load(f)))


if __name__ == "__main__":
    main()
