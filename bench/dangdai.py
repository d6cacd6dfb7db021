"""Dangdai under load, against a running orchard (scripts/bench): one learner with a history (quizzes
finished across lessons, so the dashboard has days, scores and a streak to work out), then open
quizzes whose answers wrk posts. A learner keeps at most 100 unfinished quizzes (Dangdai's quota),
so the open quizzes are spread over as many learners as they need, 100 each, the first being the
learner with the history. Writes OUT/dangdai-answers.lua (the answers, each posted once, under
fresh answer ids, each with its learner's access token) and OUT/dangdai-token (the first learner's
access token, for the dashboard), and prints one JSON object: how long starting a quiz took through
the API, and how many answers and learners were prepared.

    dangdai.py BASE_URL OUT_DIR [ANSWERS]
"""
import http.client
import json
import os
import sys
import time
import urllib.parse
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "wearbloom"))
import harness  # noqa: E402  (signs up and confirms from the mailed link: the server's /dev/mail page)

base, out = sys.argv[1], sys.argv[2]
wanted = int(sys.argv[3]) if len(sys.argv) > 3 else 40_000
host = urllib.parse.urlsplit(base)
api = "/dangdai/api/v1"
conn = http.client.HTTPConnection(host.hostname, host.port, timeout=60)


def call(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request(method, path, body=json.dumps(body).encode() if body is not None else None, headers=headers)
    response = conn.getresponse()
    payload = response.read()
    assert response.status < 300, (method, path, response.status, payload[:300])
    return json.loads(payload) if payload else None


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round((len(ordered) - 1) * p))]


def answer_body(question):
    """An answer of the shape the question takes (right or wrong, it is judged and stored alike)."""
    body = {"answer_id": uuid.uuid4().hex, "question": question["index"]}
    if question["kind"] == "character_to_pinyin":
        body["text"] = "ni3 hao3"
    elif question["kind"] == "word_order":
        body["order"] = list(range(len(question["options"])))
    else:
        body["choice"] = 0
    return body


# How many quizzes one learner may leave unfinished (DangdaiCore's QuizQuota.standard).
UNFINISHED_PER_LEARNER = 100


def sign_up():
    """A new learner, confirmed from the mailed link: its access token."""
    session = harness.sign_up(base, "dangdai", f"bench-{uuid.uuid4().hex[:12]}@bench.example",
                              "a meadow of quiet tulips", harness.Mailbox(base=base))
    call("PATCH", api + "/settings", {"time_zone": "Asia/Taipei", "language": "en"}, session["access_token"])
    return session["access_token"]


token = sign_up()

kinds = ["vocabulary", "grammar", "test"]
chapters = [book * 100 + n for book in (1, 2) for n in range(1, 16)]
started_ms = []

# A history: 60 quizzes finished over the lessons.
for index in range(60):
    started = time.perf_counter()
    quiz = call("POST", api + "/quizzes", {"chapter_id": chapters[index % 30], "quiz_type": kinds[index % 3]}, token)
    started_ms.append((time.perf_counter() - started) * 1000)
    for question in quiz["questions"]:
        call("POST", f"{api}/quizzes/{quiz['quiz_id']}/answers", answer_body(question), token)

# Open quizzes, whose answers wrk posts, each once: a new learner each time one holds as many
# unfinished quizzes as the quota lets them.
requests = []
learners, learner, opened = 1, token, 0
while len(requests) < wanted:
    if opened == UNFINISHED_PER_LEARNER:
        learner, opened, learners = sign_up(), 0, learners + 1
    index = len(started_ms)
    started = time.perf_counter()
    quiz = call("POST", api + "/quizzes", {"chapter_id": chapters[index % 30], "quiz_type": kinds[index % 3]}, learner)
    started_ms.append((time.perf_counter() - started) * 1000)
    opened += 1
    for question in quiz["questions"]:
        requests.append((f"{api}/quizzes/{quiz['quiz_id']}/answers", json.dumps(answer_body(question)), learner))

with open(os.path.join(out, "dangdai-token"), "w") as f:
    f.write(token)
with open(os.path.join(out, "dangdai-answers.lua"), "w") as f:
    # A Lua function holds at most 65,536 constants, so the table is built a chunk at a time.
    f.write("local requests = {}\n")
    f.write("local function add(chunk) for _, r in ipairs(chunk) do requests[#requests + 1] = r end end\n")
    for start in range(0, len(requests), 20_000):
        f.write("add((function() return {\n")
        for path, body, owner in requests[start:start + 20_000]:
            f.write(f"  {{{json.dumps(path)}, {json.dumps(body)}, {json.dumps(owner)}}},\n")
        f.write("} end)())\n")
    f.write("""
local threads = 0
function setup(thread)
  thread:set("first", threads)
  threads = threads + 1
end
local next_index
function request()
  -- Each thread takes every other answer, so no answer is posted twice while any is left.
  next_index = next_index or first
  local r = requests[(next_index % #requests) + 1]
  next_index = next_index + 2
  return wrk.format("POST", r[1], {["Authorization"] = "Bearer " .. r[3], ["Content-Type"] = "application/json"}, r[2])
end
""")

print(json.dumps({
    "answers_prepared": len(requests),
    "quizzes_started": len(started_ms),
    "learners": learners,
    "start_quiz_p50_ms": percentile(started_ms, 0.5),
    "start_quiz_p99_ms": percentile(started_ms, 0.99),
}))
