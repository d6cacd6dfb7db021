// Dangdai in the browser: what needs a script on top of the plain forms. An answer is sent with
// fetch and its feedback swapped in (with a ding or a bonk); word tiles move on the page without
// a round trip; starting a quiz shows tips when it takes a moment, and says so when it fails; the
// result's points count up; a dropped connection is said at once; Chinese is said aloud where the
// device has a Mandarin voice. Every sentence comes from the
// page (data-text-*), every rule and timing from the server (data-*-ms).

const body = document.body;
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

// --- Sounds: our own, made on the spot (no files), off when the learner mutes them -------------

let audio;
function play(notes) {
  if (body.dataset.sound === "off") return;
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    for (const [frequency, at, length, type = "sine", volume = 0.18] of notes) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = type;
      oscillator.frequency.setValueAtTime(frequency, start + at);
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(volume, start + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + length + 0.02);
    }
  } catch {
    // No audio here: the page says it all anyway.
  }
}
const sounds = {
  right: () => play([[880, 0, 0.35], [1320, 0.06, 0.4, "sine", 0.1]]),
  wrong: () => play([[196, 0, 0.22, "triangle", 0.2], [147, 0.09, 0.28, "triangle", 0.16]]),
  mastered: () => play([[523, 0, 0.3], [659, 0.12, 0.3], [784, 0.24, 0.3], [1047, 0.36, 0.6]]),
};

// --- Speech: Chinese said aloud by the device's own Mandarin voice (Web Speech) ----------------
// Taiwan's voice first, else another Mandarin one (never Cantonese); with none, every speak button
// stays hidden, a listening question shows its reading instead, and quizzes ask for no listening.

const speech = { voice: null };

function chooseVoice() {
  const voices = globalThis.speechSynthesis?.getVoices() ?? [];
  const mandarin = (voice) => /^(zh|cmn)\b/i.test(voice.lang) && !/(yue|HK|MO)/i.test(voice.lang);
  speech.voice = voices.find((voice) => /^(zh|cmn)[-_](TW|Hant)/i.test(voice.lang))
    ?? voices.find((voice) => mandarin(voice) && /Hant|TW/i.test(voice.name))
    ?? voices.find(mandarin) ?? null;
  showSpeech();
}

// What the page offers depends on the voice: buttons, the listening field, a question's fallback.
function showSpeech() {
  const can = speech.voice !== null;
  for (const button of document.querySelectorAll("[data-speak]")) button.hidden = !can;
  for (const field of document.querySelectorAll("[data-voice-field]")) field.value = can ? "1" : "";
  for (const fallback of document.querySelectorAll("[data-listen-fallback]")) fallback.hidden = can;
}

function say(text) {
  if (!speech.voice || !text) return;
  speechSynthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.voice = speech.voice;
  utterance.lang = "zh-TW";
  utterance.rate = 0.9;
  speechSynthesis.speak(utterance);
}

if (globalThis.speechSynthesis) {
  chooseVoice();
  speechSynthesis.addEventListener?.("voiceschanged", chooseVoice);
}

document.addEventListener("click", (event) => {
  const button = event.target.closest?.("[data-speak]");
  if (!button) return;
  event.preventDefault();
  say(button.dataset.speak);
});

// --- Swapping the screen for the server's next one ---------------------------------------------

function swapIn(html) {
  const fresh = new DOMParser().parseFromString(html, "text/html");
  const main = fresh.querySelector("main");
  if (!main) return false;
  document.querySelector("main").replaceWith(main);
  document.title = fresh.title;
  body.className = fresh.body.className;
  enhance();
  return true;
}

async function post(form, submitter) {
  const data = new FormData(form);
  if (submitter?.name) data.append(submitter.name, submitter.value);
  const response = await fetch(form.action, {
    method: "POST", credentials: "same-origin", body: new URLSearchParams(data),
  });
  if (response.redirected) {
    location.assign(response.url);
    return true;
  }
  return swapIn(await response.text());
}

// --- Answers -----------------------------------------------------------------------------------

document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
  if (form.matches("[data-answer-form]")) {
    const submitter = event.submitter;
    // A tile tap moves the tile here; only Check goes to the server.
    if (form.matches("[data-tiles]") && submitter && submitter.name) {
      event.preventDefault();
      moveTile(form, submitter);
      return;
    }
    event.preventDefault();
    if (form.dataset.sending) return;
    form.dataset.sending = "1";
    submitter?.setAttribute("aria-pressed", "true");
    try {
      if (!(await post(form, submitter))) throw new Error("no page");
    } catch {
      delete form.dataset.sending;
      submitter?.removeAttribute("aria-pressed");
      if (!navigator.onLine) showOffline();
      else form.submit();
    }
    return;
  }
  if (form.matches("[data-start-quiz]")) {
    event.preventDefault();
    startQuiz(form);
  }
});

function moveTile(form, button) {
  const placedField = form.querySelector("[data-placed]");
  const placed = placedField.value ? placedField.value.split(",") : [];
  const placedList = form.querySelector("[data-placed-list]");
  const leftList = form.querySelector("[data-left-list]");
  if (button.name === "pick") {
    placed.push(button.value);
    const tile = document.createElement("span");
    tile.className = "tile tile--placed";
    tile.lang = "zh-Hant";
    tile.textContent = button.textContent;
    const item = document.createElement("li");
    item.append(tile);
    placedList.append(item);
    button.closest("li").hidden = true;
    // Focus stays among the tiles left (the next one, else the one before), then goes to Check.
    const left = [...leftList.querySelectorAll("li:not([hidden]) button")];
    const after = left.find((tile) => button.compareDocumentPosition(tile) & Node.DOCUMENT_POSITION_FOLLOWING);
    (after ?? left.at(-1) ?? form.querySelector("[data-check]")).focus();
  } else {
    const removed = button.name === "undo" ? placed.splice(-1) : placed.splice(0);
    for (const index of removed) {
      placedList.lastElementChild?.remove();
      const back = leftList.querySelector(`[data-tile="${index}"]`);
      if (back) back.closest("li").hidden = false;
    }
    if (button.name === "clear") placedList.replaceChildren();
  }
  placedField.value = placed.join(",");
  const complete = !leftList.querySelector("li:not([hidden])");
  form.querySelector("[data-check]").disabled = !complete;
  form.querySelector("[data-undo]").disabled = placed.length === 0;
  form.querySelector("[data-clear]").disabled = placed.length === 0;
  const hint = form.querySelector("[data-tiles-empty]");
  if (hint) hint.hidden = placed.length > 0;
  if (complete) form.querySelector("[data-check]").focus();
}

// --- Starting a quiz: tips while it is made, and a retry when it fails -------------------------

async function startQuiz(form) {
  let overlay;
  const slow = setTimeout(() => {
    overlay = loadingOverlay(form);
    document.body.append(overlay);
  }, Number(body.dataset.tipsAfterMs));
  try {
    const response = await fetch(form.action, {
      method: "POST", credentials: "same-origin", body: new URLSearchParams(new FormData(form)),
    });
    if (!response.ok && !response.redirected) {
      if (response.status >= 500) throw new Error(String(response.status));
      clearTimeout(slow);
      overlay?.remove();
      swapIn(await response.text());
      return;
    }
    location.assign(response.url);
  } catch {
    clearTimeout(slow);
    overlay ??= loadingOverlay(form);
    if (!overlay.isConnected) document.body.append(overlay);
    overlay.querySelector("[data-tip]").textContent = body.dataset.textLoadFailed;
    overlay.querySelector(".loading-mark").hidden = true;
    const retry = document.createElement("button");
    retry.className = "button";
    retry.type = "button";
    retry.textContent = body.dataset.textTryAgain;
    retry.addEventListener("click", () => {
      overlay.remove();
      startQuiz(form);
    });
    overlay.append(retry);
    retry.focus();
  }
}

function loadingOverlay(form) {
  const overlay = document.createElement("div");
  overlay.className = "loading-overlay";
  overlay.setAttribute("role", "status");
  const mark = document.createElement("p");
  mark.className = "loading-mark";
  mark.lang = "zh-Hant";
  mark.setAttribute("aria-hidden", "true");
  mark.textContent = "學";
  const tip = document.createElement("p");
  tip.dataset.tip = "";
  const tips = (body.dataset.tips ?? "").split("\n").filter(Boolean);
  let turn = 0;
  tip.textContent = tips[0] ?? "";
  const timer = setInterval(() => {
    if (!overlay.isConnected) return clearInterval(timer);
    if (overlay.querySelector("button")) return;
    turn = (turn + 1) % Math.max(tips.length, 1);
    tip.textContent = tips[turn] ?? "";
  }, Number(body.dataset.tipEveryMs));
  overlay.append(mark, tip);
  return overlay;
}

// --- Settings: kept as they change (Save stays, for a page without scripts) ----------------------

document.addEventListener("change", async (event) => {
  const form = event.target.closest?.(".settings-form");
  if (!form) return;
  try {
    const response = await fetch(form.action, {
      method: "POST", credentials: "same-origin", body: new URLSearchParams(new FormData(form)),
    });
    // A new language or look is the whole page's: it is shown anew; anything else in place.
    if (["language", "theme"].includes(event.target.name) || !swapIn(await response.text())) {
      location.assign(response.url);
    }
  } catch {
    if (!navigator.onLine) showOffline();
  }
});

// --- The network: said at once when it drops ---------------------------------------------------

function showOffline() {
  if (document.querySelector(".offline-banner")) return;
  const banner = document.createElement("p");
  banner.className = "offline-banner";
  banner.setAttribute("role", "alert");
  banner.textContent = body.dataset.textOffline;
  document.body.append(banner);
}
addEventListener("offline", showOffline);
addEventListener("online", () => document.querySelector(".offline-banner")?.remove());

// A launch with no connection gets Dangdai's own offline screen, kept by the service worker in
// every language; the worker is told which one these pages are in.
if ("serviceWorker" in navigator && body.dataset.worker) {
  navigator.serviceWorker.register(body.dataset.worker, { scope: body.dataset.scope }).catch(() => undefined);
  navigator.serviceWorker.ready
    .then((registration) => registration.active?.postMessage({ type: "language", language: document.documentElement.lang }))
    .catch(() => undefined);
}

// --- Each new screen ---------------------------------------------------------------------------

function countUp(element, from, to) {
  if (reducedMotion.matches || from === to) return;
  const template = element.textContent;
  const text = String(to);
  if (!template.includes(text)) return;
  const started = performance.now();
  const step = (now) => {
    const share = Math.min(1, (now - started) / Number(body.dataset.countUpMs));
    element.textContent = template.replace(text, String(Math.round(from + (to - from) * share)));
    if (share < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

// The next question comes in place (the address stays the quiz's); the result is a page of its
// own, so a reload shows it again.
async function go(href) {
  if (href.endsWith("/result")) return location.assign(href);
  try {
    const response = await fetch(href, { credentials: "same-origin" });
    if (response.redirected || !response.ok) return location.assign(response.url);
    if (!swapIn(await response.text())) return location.assign(href);
    document.querySelector("#instruction")?.focus();
  } catch {
    if (!navigator.onLine) showOffline();
    else location.assign(href);
  }
}

document.addEventListener("click", (event) => {
  const next = event.target.closest?.("[data-next]");
  if (!next || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
  event.preventDefault();
  clearTimeout(advance);
  go(next.href);
});

// Feedback the server marks with data-advance-ms (a right answer's) moves on by itself after that
// long; other feedback waits for the learner.
let advance;

function enhance() {
  clearTimeout(advance);
  const feedback = document.querySelector("[data-feedback]");
  if (feedback) {
    sounds[feedback.dataset.feedback]?.();
    const next = feedback.querySelector("[data-next]");
    next?.focus();
    if (next && feedback.dataset.advanceMs) {
      advance = setTimeout(() => go(next.href), Number(feedback.dataset.advanceMs));
    }
  }
  const result = document.querySelector("[data-points-earned]");
  if (result) {
    const earned = Number(result.dataset.pointsEarned);
    const points = result.querySelector("[data-count-up]");
    if (points) countUp(points, 0, earned);
  }
  if (document.querySelector("[data-celebration]")) sounds.mastered();
  if (!navigator.onLine) showOffline();
  showSpeech();
  // A listening question says its word as it comes in place (the learner has just tapped).
  const listen = document.querySelector(".question--listening_to_character [data-speak]");
  if (listen && navigator.userActivation?.hasBeenActive !== false) say(listen.dataset.speak);
}

enhance();
