"""Wearbloom through its API, for scripts/bench.

usage: wearbloom.py BASE WORK PHOTO GARMENTS RUNS

One account builds a wardrobe of 200 garments from the CC0 garment photos in GARMENTS (each
uploaded as multipart and its background removed by the server's job worker), for wrk to list it
and to fetch a thumbnail: its token goes to WORK/wearbloom-token, a thumbnail's path to
WORK/wearbloom-thumbnail. A second account then uploads PHOTO (a 12-megapixel camera JPEG) RUNS
times, one at a time, each timed from its first byte sent to its answer on loopback, waiting for
each garment's background removal to finish before the next (as one person adding photos would).
Prints JSON.
"""

import glob
import json
import os
import statistics
import sys
import time
import urllib.error
import urllib.request
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "wearbloom"))
import harness  # noqa: E402  (signs up and confirms from the mailed link: the server's /dev/mail page)

CATEGORIES = {
    "t-shirt": "tops", "longsleeve": "tops", "shirt": "tops", "pants": "bottoms", "shorts": "bottoms",
    "skirt": "bottoms", "dress": "dresses", "outwear": "outerwear", "shoes": "shoes",
}
WARDROBE = 200


def request(base, method, path, token=None, body=None, headers=None):
    req = urllib.request.Request(base + path, data=body, method=method, headers=headers or {})
    if token:
        req.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(req) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def sign_up(base):
    """A new account, confirmed from the mailed link: its access token."""
    return harness.sign_up(base, "wearbloom", f"wardrobe-{uuid.uuid4().hex[:10]}@bench.example",
                           "a meadow of quiet tulips", harness.Mailbox(base=base))["access_token"]


def form(photo, category):
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"category\"\r\n\r\n{category}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"photo.jpg\"\r\n"
            "Content-Type: image/jpeg\r\n\r\n").encode() + photo + f"\r\n--{boundary}--\r\n".encode()
    return body, {"Content-Type": f"multipart/form-data; boundary={boundary}"}


def upload(base, token, photo, category):
    body, headers = form(photo, category)
    started = time.perf_counter()
    status, answer = request(base, "POST", "/wearbloom/api/v1/garments", token, body, headers)
    elapsed = (time.perf_counter() - started) * 1000
    assert status == 201, (status, answer[:300])
    return elapsed, json.loads(answer)


def removal_done(base, token, garment_id, timeout=60):
    """Waits until the garment's background removal has finished; returns its status."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status, answer = request(base, "GET", f"/wearbloom/api/v1/garments/{garment_id}", token)
        assert status == 200, (status, answer)
        removal = json.loads(answer)["backgroundRemoval"]
        if removal != "pending":
            return removal
        time.sleep(0.02)
    raise SystemExit(f"garment {garment_id} still pending after {timeout} s")


def main():
    base, work, photo_path, garments_dir, runs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])

    # The wardrobe: 200 real photos (the dataset's 108, cycled), removed by the job worker.
    token = sign_up(base)
    photos = sorted(glob.glob(os.path.join(garments_dir, "*", "*.jpg")))
    ids = []
    for index in range(WARDROBE):
        path = photos[index % len(photos)]
        category = CATEGORIES[os.path.basename(os.path.dirname(path))]
        with open(path, "rb") as f:
            ids.append(upload(base, token, f.read(), category)[1]["id"])
    outcomes = [removal_done(base, token, garment_id) for garment_id in ids]
    status, answer = request(base, "GET", "/wearbloom/api/v1/garments", token)
    listed = json.loads(answer)["garments"]
    thumbnail = listed[0]["image"]["thumbnailSmall"]
    with open(os.path.join(work, "wearbloom-token"), "w") as f:
        f.write(token)
    with open(os.path.join(work, "wearbloom-thumbnail"), "w") as f:
        f.write(thumbnail)
    _, thumb = request(base, "GET", thumbnail, token, headers={"Accept": "image/webp"})

    # A 12-megapixel photo, one at a time.
    with open(photo_path, "rb") as f:
        photo = f.read()
    uploader = sign_up(base)
    times, removals = [], []
    for _ in range(runs):
        elapsed, garment = upload(base, uploader, photo, "tops")
        started = time.perf_counter()
        removal_done(base, uploader, garment["id"])
        times.append(elapsed)
        removals.append((time.perf_counter() - started) * 1000 + elapsed)
    times.sort()
    removals.sort()
    print(json.dumps({
        "wardrobe": {"garments": len(listed), "own": WARDROBE, "list_bytes": len(answer),
                     "thumbnail_bytes": len(thumb),
                     "removals": {o: outcomes.count(o) for o in sorted(set(outcomes))}},
        "upload": {"runs": runs, "photo_bytes": len(photo), "p50_ms": statistics.median(times),
                   "p99_ms": times[min(len(times) - 1, round(0.99 * (len(times) - 1)))], "max_ms": times[-1]},
        "cutout_ready": {"p50_ms": statistics.median(removals),
                         "p95_ms": removals[min(len(removals) - 1, round(0.95 * (len(removals) - 1)))],
                         "max_ms": removals[-1]},
    }, indent=2))


if __name__ == "__main__":
    main()
