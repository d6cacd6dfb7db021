// Faith Jar in the browser: what the plain HTML pages cannot do by themselves.
// Every feature here has a working fallback without JavaScript (forms and links).
// Addresses, how long kept verses stay fresh, the cross-fade's timings and every sentence come
// from the page (data-*).

const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
const page = document.body.dataset;
const OFFLINE_KEY = "faith-jar-offline";
const FADE_OUT_MS = Number(page.fadeOutMs);
const FADE_IN_MS = Number(page.fadeInMs);
// The stylesheet's transitions take the same timings (CSSOM, so no inline style is needed).
document.documentElement.style.setProperty("--fj-fade-out", `${FADE_OUT_MS}ms`);
document.documentElement.style.setProperty("--fj-fade-in", `${FADE_IN_MS}ms`);

// --- Offline reading ---------------------------------------------------------------------------
// While online, the page keeps this device's upcoming verses (dealt ahead by the server's deck) in
// local storage; with the network gone they keep coming, in the same order, never back to back.

function offlineVerses() {
  try {
    return JSON.parse(localStorage.getItem(OFFLINE_KEY));
  } catch {
    return null;
  }
}

function currentTranslation() {
  const select = document.querySelector("#translation");
  return select ? select.value : null;
}

async function keepVersesForOffline() {
  if (!navigator.onLine || !document.querySelector(".emotions, article.verse[data-verse-id]:not([data-verse-id=''])")) return;
  const stored = offlineVerses();
  // Kept before the verse on screen was dealt (a feeling first opened, say), the queue previews a
  // deck the server has since moved on from: offline it would bring verses out of the deck's order,
  // even this one again. A new one is kept.
  const onScreen = document.querySelector("article.verse[data-verse-id]")?.dataset.verseId;
  const emotion = emotionOfPage();
  const aligned = !onScreen || !emotion || stored?.shown?.[emotion] === onScreen;
  const fresh = stored && aligned && Date.now() - stored.savedAt < Number(page.freshFor) * 1000 &&
    stored.translation === currentTranslation();
  if (fresh) return;
  try {
    const response = await fetch(page.offlineVerses, { credentials: "same-origin" });
    if (!response.ok) return;
    const data = await response.json();
    data.savedAt = Date.now();
    // Reads not yet reported stay until the server has them.
    data.reads = offlineVerses()?.reads || {};
    localStorage.setItem(OFFLINE_KEY, JSON.stringify(data));
  } catch {
    // Offline already: keep what we have.
  }
}

// Verses read offline are reported once the network is back, so the server's decks carry on after
// them and "another verse" online never brings one of them straight back.
let readsReport = Promise.resolve();

function reportOfflineReads() {
  const pending = offlineVerses()?.reads;
  if (!pending || Object.keys(pending).length === 0) return readsReport;
  readsReport = readsReport.then(async () => {
    // Read when this report's turn comes: an earlier report may have sent them already.
    const reads = offlineVerses()?.reads;
    if (!reads || Object.keys(reads).length === 0) return;
    try {
      const response = await fetch(page.offlineReads, {
        method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ reads }),
      });
      // A refusal (4xx) will not change by sending again; only a server error is retried.
      if (response.status >= 500) return;
      const latest = offlineVerses();
      for (const [emotion, ids] of Object.entries(reads)) {
        const left = (latest.reads[emotion] || []).slice(ids.length);
        if (left.length) latest.reads[emotion] = left;
        else delete latest.reads[emotion];
      }
      latest.savedAt = 0; // the kept queue was dealt before these reads: fetch a new one
      localStorage.setItem(OFFLINE_KEY, JSON.stringify(latest));
    } catch {
      // Still offline: the reads wait for the next chance.
    }
  });
  return readsReport;
}

function hasUnreportedReads() {
  const reads = offlineVerses()?.reads;
  return Boolean(reads && Object.keys(reads).length > 0);
}

function emotionOfPage() {
  const form = document.querySelector("form.another-verse");
  return form ? form.dataset.emotion : null;
}

/** The next verse for a feeling from the kept queue, never the one on screen. */
function dealOffline(emotion) {
  const data = offlineVerses();
  if (!data || !data.queue[emotion]) return null;
  const queue = data.queue[emotion];
  const onScreen = document.querySelector("article.verse")?.dataset.verseId || "";
  // Verses read online since the queue was kept are already behind us: skip through the one on screen.
  if (onScreen && onScreen !== data.shown[emotion]) {
    const seen = queue.indexOf(onScreen);
    if (seen >= 0) queue.splice(0, seen + 1);
    data.shown[emotion] = onScreen;
  }
  // Never the verse on screen, nor one read offline and not yet reported (while the queue still
  // holds another): a queue kept before those reads may have taken the stored one's place.
  const unreported = new Set(data.reads?.[emotion] || []);
  const avoid = (id) => id === onScreen || unreported.has(id);
  const skippable = queue.some((id) => !avoid(id)) ? avoid : (id) => id === onScreen;
  while (queue.length && skippable(queue[0])) queue.shift();
  const id = queue.shift();
  if (!id) return null;
  data.shown[emotion] = id;
  data.reads = data.reads || {};
  (data.reads[emotion] = data.reads[emotion] || []).push(id);
  localStorage.setItem(OFFLINE_KEY, JSON.stringify(data));
  return { id, ...data.verses[id], translation: data.translation, abbreviation: data.abbreviation, name: data.name };
}

/** Writes a verse into the page's verse elements (text only: nothing is parsed as markup). */
function fill(article, verse) {
  article.dataset.verseId = verse.id;
  article.querySelector(".verse-text p").textContent = verse.text;
  article.querySelector(".verse-reference .reference").textContent = verse.reference;
  const abbr = article.querySelector(".verse-reference abbr");
  abbr.textContent = verse.abbreviation;
  abbr.title = verse.name;
  article.querySelector(".explanation").textContent = verse.explanation;
  document.title = `${verse.reference.replace(/^\u2014 /, "")} · Faith Jar`;
}

function enhanceOfflineShell() {
  if (!document.body.classList.contains("offline-verse")) return;
  const verse = dealOffline(emotionOfPage());
  const article = document.querySelector("article.verse");
  if (verse) {
    fill(article, verse);
  } else {
    document.querySelector(".offline-note").textContent = page.textNothingKept;
  }
}

function enhanceEmotionTaps() {
  for (const form of document.querySelectorAll(".emotions form")) {
    form.addEventListener("submit", (event) => {
      if (navigator.onLine) return;
      event.preventDefault();
      window.location.assign(form.dataset.offline);
    });
  }
}

/** Resolves after an element's CSS transition, or at once when motion is reduced. */
function fade(element, className, duration) {
  if (reducedMotion.matches) {
    element.classList.toggle("is-faded", className === "is-faded");
    return Promise.resolve();
  }
  element.classList.remove("is-faded", "is-fading-in");
  element.classList.add(className);
  return new Promise((resolve) => setTimeout(resolve, duration));
}

/** Fetches a page the way its form would post, and gives the parsed page, or null when the answer
 * is not the page the form leads to (a locked trial, an error: the plain post shows those). */
async function postForPage(form, expectedPath) {
  const response = await fetch(form.action, {
    method: "POST", credentials: "same-origin", redirect: "follow",
    body: new URLSearchParams(new FormData(form)),
  });
  if (!response.ok || (expectedPath && new URL(response.url).pathname !== expectedPath)) return null;
  return new DOMParser().parseFromString(await response.text(), "text/html");
}

/** Puts the parts named by `selectors` from `fresh` in place of the page's own. */
function replaceParts(fresh, selectors) {
  for (const selector of selectors) {
    const incoming = fresh.querySelector(selector);
    const current = document.querySelector(selector);
    if (incoming && current) current.replaceWith(incoming);
  }
  document.title = fresh.title;
}

/** One "another verse": fade out, the next verse in place, fade in. False when the page version
 * must take over. */
async function swapVerse(form) {
  try {
    await reportOfflineReads();
    // The server deals only once it knows every verse read offline; until a report gets through
    // (the network can come back a moment after the browser says so), the kept verses are dealt.
    if (hasUnreportedReads()) throw new TypeError("verses read offline are not reported yet");
    const [fresh] = await Promise.all([
      postForPage(form, form.dataset.verse), fade(document.querySelector("article.verse"), "is-faded", FADE_OUT_MS)]);
    if (!fresh) return false;
    replaceParts(fresh, ["article.verse", ".verse-tools", ".support-link"]);
    const next = document.querySelector("article.verse");
    next.classList.add("is-faded", "no-entrance");
    next.getBoundingClientRect();
    enhanceVerseTools();
    await fade(next, "is-fading-in", FADE_IN_MS);
    next.querySelector(".verse-text").focus({ preventScroll: true });
    return true;
  } catch (error) {
    // Only a failed connection reads from the kept verses; any answer from the server (a locked
    // trial, an error page) goes through the page version instead.
    const verse = error instanceof TypeError ? dealOffline(emotionOfPage()) : null;
    if (!verse) return false;
    const current = document.querySelector("article.verse");
    fill(current, verse);
    await fade(current, "is-fading-in", FADE_IN_MS);
    return true;
  }
}

/** "Another verse" swaps the verse in place with the spec's cross-fade (its timings from the page).
 * The button is never disabled: a tap while a verse is still fading in is counted, and brings the
 * next verse as soon as that one is in. */
function enhanceAnotherVerse() {
  const form = document.querySelector("form.another-verse");
  if (!form || !document.querySelector("article.verse")) return;
  let waiting = 0;
  let swapping = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    waiting += 1;
    form.dataset.taps = String(Number(form.dataset.taps || 0) + 1);
    if (swapping) return;
    swapping = true;
    document.querySelector("main").setAttribute("aria-busy", "true");
    while (waiting > 0) {
      waiting -= 1;
      if (!(await swapVerse(form))) {
        form.submit(); // the page version always works
        return;
      }
    }
    swapping = false;
    document.querySelector("main").removeAttribute("aria-busy");
  });
}

/** Share and Listen appear only where the browser can do them. */
function enhanceVerseTools() {
  const tools = document.querySelector(".verse-tools");
  if (!tools) return;
  const status = tools.querySelector(".tool-status");
  const share = tools.querySelector("button.share");
  if (share && (navigator.share || navigator.clipboard)) {
    share.hidden = false;
    share.addEventListener("click", async () => {
      const text = share.dataset.shareText;
      try {
        if (navigator.share) {
          await navigator.share({ text });
        } else {
          await navigator.clipboard.writeText(text);
          status.textContent = page.textCopied;
        }
      } catch (error) {
        if (error.name !== "AbortError") status.textContent = page.textNoShare;
      }
    });
  }
  const listen = tools.querySelector("button.listen");
  if (listen && "speechSynthesis" in window) {
    listen.hidden = false;
    listen.addEventListener("click", () => {
      if (speechSynthesis.speaking) {
        speechSynthesis.cancel();
        return;
      }
      const utterance = new SpeechSynthesisUtterance(listen.dataset.speech);
      utterance.rate = 0.92;
      utterance.onend = utterance.oncancel = () => {
        listen.setAttribute("aria-pressed", "false");
        listen.querySelector(".label").textContent = page.textListen;
      };
      listen.setAttribute("aria-pressed", "true");
      listen.querySelector(".label").textContent = page.textStop;
      speechSynthesis.speak(utterance);
    });
  }
}

/** Onboarding pages follow a swipe or the arrow keys, as well as their buttons and dots. */
function enhanceOnboarding() {
  const onboarding = document.querySelector(".onboarding");
  if (!onboarding) return;
  const go = (direction) => {
    const target = direction > 0 ? onboarding.dataset.next : onboarding.dataset.previous;
    if (target) window.location.assign(target);
  };
  let startX = null;
  onboarding.addEventListener("touchstart", (event) => { startX = event.touches[0].clientX; }, { passive: true });
  onboarding.addEventListener("touchend", (event) => {
    if (startX === null) return;
    const distance = event.changedTouches[0].clientX - startX;
    startX = null;
    if (Math.abs(distance) > 50) go(distance < 0 ? 1 : -1);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") go(1);
    if (event.key === "ArrowLeft") go(-1);
  });
}

// Reading aloud stops when the reader leaves the verse.
window.addEventListener("pagehide", () => { if ("speechSynthesis" in window) speechSynthesis.cancel(); });

enhanceOfflineShell();
enhanceAnotherVerse();
// A favourite or a translation changed in place (js/in-place.js) brings new verse tools.
document.addEventListener("orchard:replaced", enhanceVerseTools);
enhanceVerseTools();
enhanceOnboarding();
enhanceEmotionTaps();
reportOfflineReads().then(keepVersesForOffline);
window.addEventListener("online", () => reportOfflineReads().then(keepVersesForOffline));
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register(page.worker, { scope: page.scope }).catch(() => undefined);
}
