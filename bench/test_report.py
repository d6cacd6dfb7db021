"""Checks bench/report.py's wrk parsing and Markdown. Run: python3 -m unittest discover -s bench"""

import unittest

from report import parse_wrk, render, to_ms

WRK = """Running 30s test @ http://127.0.0.1:8080/api/v1/apps
  2 threads and 64 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   {p50}    5.75ms  1.20s    95.11%
    Req/Sec     6.69k   821.56     8.21k    75.00%
  Latency Distribution
     50%  {p50}
     75%    7.16ms
     90%    9.10ms
     99%  {p99}
  {requests} requests in 30.03s, 5.14MB read
{extra}Requests/sec:  {rps}
Transfer/sec:      1.70MB
"""


def wrk(p50="850.00us", p99="12.50ms", requests=399540, rps="13169.90", extra=""):
    return WRK.format(p50=p50, p99=p99, requests=requests, rps=rps, extra=extra)


def result(rps, p99_ms=1.0, errors=0):
    return {"rps": rps, "p50_ms": 0.5, "p99_ms": p99_ms, "requests": 1, "errors": errors}


def results(ours=40000.0, peer=10000.0, ceiling=48000.0, p99_ms=4.0, cold=(300, 200, 250, 900, 210), errors=0):
    return {
        "date": "2026-01-02",
        "standin": False,
        "command": "scripts/bench",
        "machine": {"nproc": 2, "cpu": "CPU", "ram_gib": 24.0, "os": "Debian", "swift": "Swift 6", "commit": "abc1234"},
        "wrk": {"threads": 2, "connections": 64, "duration": "30s"},
        "peer": "FastAPI",
        "results": {"ceiling": result(ceiling), "ours": result(ours, p99_ms, errors), "peer": result(peer)},
        "cold_start_ms": list(cold),
        "peak_rss_kb": 40000,
        "peer_peak_rss_kb": 140000,
    }


class ParseWrk(unittest.TestCase):
    def test_units_become_milliseconds(self):
        self.assertEqual([to_ms(v) for v in ("850.00us", "1.50ms", "1.20s", "2.00m")], [0.85, 1.5, 1200.0, 120000.0])

    def test_reads_throughput_percentiles_and_no_errors(self):
        parsed = parse_wrk(wrk())
        self.assertEqual(parsed, {"rps": 13169.9, "p50_ms": 0.85, "p99_ms": 12.5, "requests": 399540, "errors": 0})

    def test_errors_add_socket_errors_and_bad_statuses(self):
        extra = "  Socket errors: connect 1, read 2, write 3, timeout 4\n  Non-2xx or 3xx responses: 5\n"
        self.assertEqual(parse_wrk(wrk(extra=extra))["errors"], 15)

    def test_output_without_results_is_an_error(self):
        with self.assertRaises(ValueError):
            parse_wrk("unable to connect to 127.0.0.1:8080 Connection refused\n")


class Render(unittest.TestCase):
    def test_table_ratios_and_all_targets_met(self):
        md = render(results())
        self.assertIn("| orchard `GET /api/v1/apps` | 40,000 | 0.50 | 4.00 | 0 |", md)
        self.assertIn("ours / peer: **4.00×**; ours / ceiling: **83%**", md)
        self.assertIn("median of 5: **250 ms**", md)
        self.assertIn("**41.0 MB**", md)
        self.assertEqual(md.count("| met |"), 5)
        self.assertNotIn("missed", md)
        self.assertIn("same 2 cores", md)

    def test_each_target_can_be_missed(self):
        md = render(results(ours=19000.0, p99_ms=10.0, cold=(1000, 1200, 900)))
        self.assertEqual(md.count("**missed**"), 4)  # ratio to peer, ceiling, p99, cold start

    def test_errors_and_stand_in_are_called_out(self):
        r = results(errors=3)
        r["standin"] = True
        md = render(r)
        self.assertIn("Stand-in run", md)
        self.assertIn("Some requests failed", md)


def miga(delta_p99=2.0, sqlite=None, postgresql=None):
    return {
        "delta": result(30000.0, delta_p99),
        "not_modified": result(33000.0, 1.5),
        "ingest": {
            "sqlite": sqlite or {"clients": 2, "batch": 500, "batches": 400, "events_per_s": 25000.0,
                                 "batch_p50_ms": 38.0, "batch_p99_ms": 70.0},
            "postgresql": postgresql or {"skipped": "PostgreSQL is not installed"},
        },
    }


class RenderMIGA(unittest.TestCase):
    def test_absent_without_a_miga_run(self):
        self.assertNotIn("## MIGA", render(results()))

    def test_delta_304_ingestion_and_targets(self):
        r = results()
        r["miga"] = miga()
        md = render(r)
        self.assertIn("| empty delta | 30,000 | 0.50 | 2.00 | 0 | 62% |", md)
        self.assertIn("| 304 Not Modified | 33,000 | 0.50 | 1.50 | 0 | 69% |", md)
        self.assertIn("| SQLite (the default) | 25,000 | 38.0 | 70.0 |", md)
        self.assertIn("post 200 batches of 500 fresh events", md)
        self.assertIn("not measured: PostgreSQL is not installed", md)
        self.assertEqual(md.count("| met |"), 5 + 3)

    def test_slow_ingestion_and_delta_are_missed(self):
        r = results()
        r["miga"] = miga(delta_p99=12.0, sqlite={"clients": 2, "batch": 500, "batches": 400, "events_per_s": 9000.0,
                                                "batch_p50_ms": 100.0, "batch_p99_ms": 200.0})
        self.assertEqual(render(r).count("**missed**"), 2)

    def test_core_stats_and_gateway_bytes(self):
        r = results()
        r["miga"] = miga()
        r["miga"]["stats"] = {"events": 100000, "days": 556, "runs": 30, "stats_p50_ms": 7.0, "stats_p99_ms": 10.2,
                              "one_pass_p50_ms": 3.0}
        r["miga"]["browser"] = {"gateway_bytes": 54000, "gateway_load_ms": 110.0, "runs": 5}
        md = render(r)
        self.assertIn("| stats over 100,000 events < 50 ms | 10.2 ms (p99) | met |", md)
        self.assertIn("| gateway page bytes < 100 KB | 54 KB | met |", md)
        self.assertIn("(2.3× of it)", md)
        r["miga"]["browser"]["gateway_bytes"] = 120000
        self.assertIn("| gateway page bytes < 100 KB | 120 KB | **missed** |", render(r))

    def test_postgresql_figures_when_measured(self):
        r = results()
        r["miga"] = miga(postgresql={"clients": 2, "batch": 500, "batches": 400, "events_per_s": 8000.0,
                                     "batch_p50_ms": 120.0, "batch_p99_ms": 300.0})
        self.assertIn("| PostgreSQL (throwaway cluster, default durability) | 8,000 | 120.0 | 300.0 |", render(r))


class RenderWalkWorthy(unittest.TestCase):
    def test_absent_without_a_walkworthy_run(self):
        self.assertNotIn("## WalkWorthy", render(results()))

    def test_next_and_home_bytes(self):
        r = results()
        r["walkworthy"] = {"next": result(24000.0, 6.5),
                           "browser": {"home_bytes": 88000, "home_load_ms": 90.0, "runs": 5}}
        md = render(r)
        self.assertIn("| next encouragement | 24,000 | 0.50 | 6.50 | 0 | 50% |", md)
        self.assertIn("| next encouragement p99 < 10 ms at 64 connections | 6.50 ms | met |", md)
        self.assertIn("| home page bytes < 120 KB | 88 KB | met |", md)

    def test_slow_next_and_heavy_home_are_missed(self):
        r = results()
        r["walkworthy"] = {"next": result(9000.0, 14.0, errors=3),
                           "browser": {"home_bytes": 130000, "home_load_ms": 200.0, "runs": 5}}
        md = render(r)
        self.assertEqual(md.count("**missed**") - render(results()).count("**missed**"), 2)
        self.assertIn("Some WalkWorthy requests failed", md)


def account_run(page_rps=20000.0, unknown=30.0, wrong=31.0, after_kb=150000):
    return {
        "api": {"sign_in_p50_ms": 31.0, "sign_in_p99_ms": 45.0, "sign_ins": 200, "burst_p50_ms": 480.0,
                "burst_p99_ms": 520.0, "rss_before_kb": 120000, "rss_after_kb": after_kb, "hwm_kb": after_kb,
                "rotations_per_s": 900.0, "rotation_clients": 16, "unknown_p50_ms": unknown, "wrong_p50_ms": wrong,
                "timing_tries": 200},
        "page": result(page_rps, 3.0),
        "argon2": {"runs": 50, "parameters": "m=19456,t=2,p=1", "hash_p50_ms": 28.0, "hash_p99_ms": 40.0},
    }


class RenderAccounts(unittest.TestCase):
    def test_absent_without_an_accounts_run(self):
        self.assertNotIn("## Accounts", render(results()))

    def test_figures_and_goals_met(self):
        r = results()
        r["accounts"] = account_run()
        md = render(r)
        self.assertIn("| 31.0 / 45.0 ms |", md)
        self.assertIn("| 28.0 / 40.0 ms |", md)
        self.assertIn("| 900 /s |", md)
        self.assertIn("| account page | 20,000 | 0.50 | 3.00 | 0 | 42% |", md)
        self.assertIn("| unknown email and wrong password within 5 ms (medians) | 1.0 ms | met |", md)
        self.assertIn("| memory grows < 64 MB under 32 sign-ins at once | 30.7 MB | met |", md)

    def test_the_page_is_compared_with_healthz_measured_just_before_it(self):
        r = results(ceiling=48000.0)
        r["accounts"] = account_run(page_rps=20000.0)
        r["ceilings"] = {"account-page": result(22000.0)}
        md = render(r)
        self.assertIn("| account page | 20,000 | 0.50 | 3.00 | 0 | 91% |", md)
        self.assertIn("| session page ≥ 80 % of `/healthz` | 91% | met |", md)

    def test_slow_page_timing_gap_and_memory_are_missed(self):
        r = results()
        r["accounts"] = account_run(page_rps=10000.0, unknown=20.0, wrong=31.0, after_kb=200000)
        md = render(r)
        self.assertEqual(md.count("**missed**") - render(results()).count("**missed**"), 3)


def dangdai_run(board_p99=3.0, steady_p99=6.0, generation_p99=2.0, postgresql=True, reached=2000.0,
                start_p95=80.0, feedback_p95=40.0, ja_bytes=210_000):
    run = {
        "browser": {"runs": 6, "answers": 80, "start_p50_ms": 60.0, "start_p95_ms": start_p95, "start_max_ms": 90.0,
                    "feedback_p50_ms": 30.0, "feedback_p95_ms": feedback_p95, "feedback_max_ms": 60.0,
                    "dashboard_en_bytes": 76_000, "dashboard_en_font_bytes": 52_000,
                    "dashboard_ja_bytes": ja_bytes, "dashboard_ja_font_bytes": 186_000,
                    "dashboard_en_load_ms": 40.0, "dashboard_ja_load_ms": 45.0},
        "dashboard": result(9000.0, board_p99),
        "answers": result(3000.0, 21.0),
        "steady": {"connections": 64, "rate_asked": 2000.0, "rate_reached": reached, "requests": 20000,
                   "not_2xx": 0, "p50_ms": 2.0, "p90_ms": 4.0, "p99_ms": steady_p99, "max_ms": 12.0},
        "setup": {"answers_prepared": 40000, "quizzes_started": 3000, "start_quiz_p50_ms": 4.0,
                  "start_quiz_p99_ms": 9.0},
        "generation": {"lessons": 30, "seeds": 20, **{
            kind: {"quizzes": 600, "questions": 6000, "p50_ms": 0.8, "p99_ms": generation_p99, "max_ms": 3.0}
            for kind in ("vocabulary", "grammar", "test", "review")}},
    }
    if postgresql:
        run["answers_postgresql"] = result(1200.0, 20.0)
    return run


class RenderDangdai(unittest.TestCase):
    def test_absent_without_a_dangdai_run(self):
        self.assertNotIn("## Dangdai", render(results()))

    def test_figures_and_goals_met(self):
        r = results()
        r["dangdai"] = dangdai_run()
        md = render(r)
        self.assertIn("| vocabulary | 600 | 0.80 | 2.00 | 3.00 | 0.04% |", md)
        self.assertIn("| dashboard | 9,000 | 0.50 | 3.00 | 0 | 19% |", md)
        self.assertIn("| `POST` answers, PostgreSQL (fsync and synchronous commit on) | 1,200 |", md)
        self.assertIn("| test quiz generation p99 < 20 ms | 2.00 ms | met |", md)
        self.assertIn("| `POST` answers p99 < 10 ms at 64 connections, 2,000 /s | 6.00 ms | met |", md)
        self.assertIn("| 2,000 answers/s, 64 connections | 2,000 | 2.00 | 4.00 | 6.00 | 12.00 | 0 |", md)
        self.assertEqual(md.count("**missed**"), render(results()).count("**missed**"))

    def test_browser_figures_and_their_goals(self):
        r = results()
        r["dangdai"] = dangdai_run()
        md = render(r)
        self.assertIn("| chapter tap → first question | 60 ms | 80 ms | 90 ms |", md)
        self.assertIn("| Japanese | 210,000 | 186,000 | 45 ms |", md)
        self.assertIn("| dashboard cold load in Japanese < 250 KB, fonts included | 210.0 KB | met |", md)
        slow = results()
        slow["dangdai"] = dangdai_run(start_p95=350.0, feedback_p95=120.0, ja_bytes=260_000)
        self.assertEqual(render(slow).count("**missed**") - md.count("**missed**"), 3)

    def test_a_pace_not_kept_up_is_missed_however_quick(self):
        r = results()
        r["dangdai"] = dangdai_run(reached=1500.0)
        md = render(r)
        self.assertIn("| `POST` answers p99 < 10 ms at 64 connections, 2,000 /s | 6.00 ms | **missed** |", md)

    def test_slow_generation_dashboard_and_answers_are_missed(self):
        r = results()
        r["dangdai"] = dangdai_run(board_p99=12.0, steady_p99=15.0, generation_p99=25.0, postgresql=False)
        md = render(r)
        self.assertEqual(md.count("**missed**") - render(results()).count("**missed**"), 6)
        self.assertNotIn("PostgreSQL (fsync", md)


def wearbloom_run(upload_p99=240.0, growth=0, api=True, api_p99=280.0, list_p99=6.0, thumbnail_rps=30000.0):
    run = {
        "upload": {"runs": 20, "megapixels": 12.2, "photo_bytes": 4_192_224, "stored_bytes": 229_648,
                   "p50_ms": 210.0, "p99_ms": upload_p99, "max_ms": 250.0},
        "bomb": {"side": 20_000, "file_bytes": 388_871, "refused": True, "refused_ms": 0.5,
                 "decoded_bytes": 400_000_000, "peak_rss_growth_bytes": growth},
        "cutouts": {"photos": 108, "cutouts": 77, "p50_ms": 7.4, "p95_ms": 20.1, "max_ms": 24.0,
                    "rejected": {"FRAGMENTED": 14}},
    }
    if api:
        run["api"] = {
            "wardrobe": {"garments": 209, "own": 200, "list_bytes": 161_308, "thumbnail_bytes": 12_452,
                         "removals": {"completed": 143, "skipped": 57}},
            "upload": {"runs": 20, "photo_bytes": 4_488_877, "p50_ms": 200.0, "p99_ms": api_p99, "max_ms": 290.0},
            "cutout_ready": {"p50_ms": 1100.0, "max_ms": 1400.0},
        }
        run["list"] = result(900.0, 70.0)
        run["thumbnail"] = result(thumbnail_rps, 4.0)
        run["list_steady"] = {"connections": 64, "rate_asked": 500.0, "rate_reached": 500.0, "requests": 5000,
                              "not_2xx": 0, "p50_ms": 3.0, "p90_ms": 4.0, "p99_ms": list_p99, "max_ms": 12.0}
    return run


class RenderWearbloom(unittest.TestCase):
    def test_absent_without_a_wearbloom_run(self):
        self.assertNotIn("## Wearbloom", render(results()))

    def test_figures_and_goals_met(self):
        r = results()
        r["wearbloom"] = wearbloom_run()
        md = render(r)
        self.assertIn("p50 **210 ms**, p99 **240 ms**", md)
        self.assertIn("p50 **200 ms**, p99 **280 ms**", md)
        self.assertIn("| upload of a 12 MP JPEG through the API, stored with thumbnails, p99 < 300 ms | 280 ms | met |",
                      md)
        self.assertIn("| wardrobe list of 200 garments p99 < 10 ms at 64 connections, 500 /s | 6.00 ms | met |", md)
        self.assertIn("| a thumbnail served ≥ 60% of `/healthz` | 62% | met |", md)
        self.assertIn("143 completed, 57 skipped", md)
        self.assertIn("median **7.4 ms**, p95 **20.1 ms**; 77 cutouts kept", md)
        self.assertEqual(md.count("**missed**"), render(results()).count("**missed**"))

    def test_try_on_figures_and_goals(self):
        r = results()
        r["wearbloom"] = wearbloom_run()
        r["wearbloom"]["tryon"] = {"runs": 40, "failed": 0, "provider": "local-preview", "server_p50_ms": 80.0,
                                   "server_p95_ms": 140.0, "client_p50_ms": 90.0, "client_p95_ms": 150.0}
        r["wearbloom"]["render_overhead"] = {
            "sqlite": {"engine": "sqlite", "runs": 100, "overhead_p50_ms": 22.0, "overhead_p95_ms": 26.0},
            "postgresql": {"engine": "postgresql", "runs": 100, "overhead_p50_ms": 40.0, "overhead_p95_ms": 61.0}}
        r["wearbloom"]["credits"] = {
            "sqlite": {"reserve_capture_per_s": 900.0, "transactions_per_s": 1800.0,
                       "ceiling_transactions_per_s": 6000.0, "ledger_exact": True}}
        md = render(r)
        self.assertIn("p50 **80 ms**, p95 **140 ms**", md)
        self.assertIn("| Try On with the local preview, request → completed p95 < 1,500 ms on the server | 140 ms | met |",
                      md)
        self.assertIn("| a render job's overhead over its provider p95 < 50 ms (sqlite) | 26.0 ms | met |", md)
        self.assertIn("| a render job's overhead over its provider p95 < 50 ms (postgresql) | 61.0 ms | **missed** |", md)
        self.assertIn("| sqlite | 900 | 1,800 | 6,000 | 30% | exact |", md)

    def test_the_web_versions_figures_and_goals(self):
        r = results()
        r["wearbloom"] = wearbloom_run()
        r["wearbloom"]["browser"] = {
            "first_visit_bytes": 98_000, "first_visit_font_bytes": 70_000, "first_visit_requests": 8,
            "first_visit_load_ms": 120.0, "onboarding_ms": 4_200.0, "wardrobe": 200, "grid_cold_ms": 640.0,
            "grid_cold_bytes": 310_000, "grid_images_in_view": 8, "grid_warm_runs": 10, "grid_warm_p50_ms": 90.0,
            "grid_warm_p95_ms": 350.0, "grid_warm_max_ms": 400.0, "grid_warm_controlled": True, "tap_runs": 10,
            "tap_p50_ms": 300.0, "tap_p95_ms": 420.0, "tap_max_ms": 500.0}
        md = render(r)
        self.assertIn("A first visit with an empty browser: **98 KB** in 8 requests", md)
        self.assertIn("cold (no cache, no service worker) **640 ms**", md)
        self.assertIn("| wardrobe grid of 200 garments, warm, visually complete p95 < 300 ms | 350 ms | **missed** |", md)
        self.assertIn("| first visit to the first try-on's result < 15 s (NFR3: 60 s) | 4.2 s | met |", md)
        self.assertIn("| Try On tap → result visible p95 < 1,500 ms (local preview) | 420 ms | met |", md)
        self.assertIn("| first visit < 150 KB, fonts included | 98 KB | met |", md)

    def test_a_slow_upload_list_and_thumbnail_and_a_decoded_bomb_are_missed(self):
        r = results()
        r["wearbloom"] = wearbloom_run(growth=400_000_000, api_p99=320.0, list_p99=12.0, thumbnail_rps=20000.0)
        self.assertEqual(render(r).count("**missed**") - render(results()).count("**missed**"), 4)

    def test_without_the_api_run_the_core_upload_is_the_goal(self):
        r = results()
        r["wearbloom"] = wearbloom_run(upload_p99=320.0, api=False)
        md = render(r)
        self.assertIn("| upload of a 12 MP JPEG, stored with thumbnails, p99 < 300 ms | 320 ms | **missed** |", md)
        self.assertNotIn("Through the API", md)


if __name__ == "__main__":
    unittest.main()
