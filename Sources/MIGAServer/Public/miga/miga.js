// MIGA in the browser: a live countdown, the settings preview, and the pause with no connection
// (the browser's time zone is js/browser-zone.js, shared by every app).
// Every screen works without this file: forms post, and the pause page reloads itself at zero.
// Addresses and the batch size come from the page (data-*), the offline pause's length, quotes and
// sentences from its section.

const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
const page = document.body.dataset;

/** The gateway's countdown: the ring drains, Proceed opens at zero, and a screen reader hears
 *  only the milestones (start, the moment the page names, zero), never every second. Returns a
 *  function that stops it (the offline pause starts a new one at Read Next). */
function startCountdown(gateway) {
  let stopped = false;
  const seconds = Number(gateway.dataset.seconds);
  const startRemaining = Number(gateway.dataset.remaining);
  const ring = gateway.querySelector(".countdown-ring");
  const number = gateway.querySelector(".countdown-number");
  const caption = gateway.querySelector(".countdown-status");
  const announcer = gateway.querySelector("[data-announcer]");
  const captions = JSON.parse(gateway.dataset.captions);
  const proceed = gateway.querySelector(".button--proceed");
  const circumference = Number(ring.getAttribute("stroke-dasharray"));
  const started = performance.now();
  const announceAt = Number(gateway.dataset.announceAt);
  let announced = startRemaining <= announceAt;
  let last = null;
  const tick = () => {
    const elapsed = (performance.now() - started) / 1000;
    const remaining = Math.max(0, Math.ceil(startRemaining - elapsed));
    if (remaining !== last) {
      last = remaining;
      number.textContent = String(remaining);
      ring.setAttribute("stroke-dashoffset", String((circumference * remaining) / seconds));
      gateway.dataset.remaining = String(remaining);
      caption.textContent = captions[remaining];
      if (remaining === announceAt && !announced) {
        announced = true;
        announcer.textContent = captions[remaining];
      }
    }
    if (remaining === 0) {
      proceed.disabled = false;
      announcer.textContent = captions[0];
      return;
    }
    setTimeout(() => { if (!stopped) tick(); }, 250);
  };
  if (startRemaining > 0) tick();
  return () => { stopped = true; };
}

function runCountdown() {
  const gateway = document.querySelector(".gateway[data-remaining]:not([data-offline-pause])");
  if (gateway) startCountdown(gateway);
}

// --- The pause with no connection ---------------------------------------------------------------
// The service worker keeps the offline pause's page, with what the core chose for this device. Its
// steps wait in local storage, each with its own id, and go to the server once the connection is
// back; the server replays them into the events an online pause records, and counts a step sent
// twice once.

const STEPS_KEY = "miga-offline-steps";
const QUOTES_KEY = "miga-offline-quotes";
/** The pause on screen: its steps stay queued until it ends, since the server replays a pause
 *  from its open. */
let pauseOnScreen = null;

function stored(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key)) ?? fallback;
  } catch {
    return fallback;
  }
}

function randomID() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

let sending = Promise.resolve();

/** Sends the queued steps (whole pauses, at most a batch) and forgets those the server answered
 *  for: recorded now, recorded before, or refused for good. Kept on a network error, a rate limit
 *  or a server error, for the next chance. */
function sendSteps() {
  sending = sending.then(async () => {
    const steps = stored(STEPS_KEY, []);
    if (steps.length === 0 || !navigator.onLine) return;
    const limit = Number(page.offlineBatch);
    let batch = steps.slice(0, limit);
    if (steps.length > limit) {
      const whole = batch.filter((step) => step.pause !== steps[limit].pause);
      if (whole.length) batch = whole;
    }
    let response;
    try {
      response = await fetch(page.offlinePauses, {
        method: "POST", credentials: "same-origin", keepalive: true,
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ steps: batch }),
      });
    } catch {
      return;
    }
    if (response.status === 429 || response.status >= 500) return;
    let answered = batch.map((step) => step.id);
    if (response.ok) {
      const receipt = await response.json();
      answered = [...receipt.accepted, ...receipt.duplicates, ...receipt.rejected.map((refusal) => refusal.id)];
    }
    const done = new Set(answered);
    localStorage.setItem(STEPS_KEY, JSON.stringify(
      stored(STEPS_KEY, []).filter((step) => !done.has(step.id) || step.pause === pauseOnScreen)));
    keepShells();
  });
  return sending;
}

/** Asks the service worker to keep the hub and the offline pause again: the next quotes move on. */
function keepShells() {
  if (navigator.onLine && navigator.serviceWorker?.controller) {
    navigator.serviceWorker.controller.postMessage({ type: "keep-shells" });
  }
}

/** The next of the kept quotes, going on from where the last offline pause stopped. */
function nextQuote(quotes, onScreen) {
  const batch = quotes.map((quote) => quote.id).join(" ");
  const cursor = stored(QUOTES_KEY, {});
  let next = cursor.batch === batch ? cursor.next : 0;
  if (quotes.length > 1 && quotes[next % quotes.length].id === onScreen) next += 1;
  localStorage.setItem(QUOTES_KEY, JSON.stringify({ batch, next: next + 1 }));
  return quotes[next % quotes.length];
}

function showQuote(gateway, quote) {
  const blockquote = gateway.querySelector(".reading blockquote");
  blockquote.replaceChildren(...quote.paragraphs.map((text) => {
    const paragraph = document.createElement("p");
    paragraph.textContent = text;
    return paragraph;
  }));
  const cite = document.createElement("cite");
  cite.textContent = quote.work;
  gateway.querySelector(".reading figcaption").replaceChildren(quote.lead, cite, quote.rest);
}

/** Runs the kept pause in front of the app its address names; each step is queued, then the
 *  screen goes on as online: Exit to the hub, Read Next to the next quote, Proceed to the app. */
function offlinePause() {
  const gateway = document.querySelector(".gateway[data-offline-pause]");
  if (!gateway) return;
  const apps = JSON.parse(gateway.dataset.apps);
  const quotes = JSON.parse(gateway.dataset.quotes);
  const appID = new URLSearchParams(location.search).get("app");
  const app = Object.hasOwn(apps, appID) ? apps[appID] : null;
  if (!app || quotes.length === 0) {
    location.replace(page.scope);
    return;
  }
  const seconds = Number(gateway.dataset.seconds);
  const title = gateway.querySelector(".gateway-app");
  document.title = document.title.replace(title.textContent, app.title);
  title.textContent = app.title;
  const proceed = gateway.querySelector(".button--proceed");
  proceed.textContent = app.proceed;
  pauseOnScreen = randomID();
  const record = (outcome, details = {}) => {
    const steps = stored(STEPS_KEY, []);
    steps.push({ id: randomID(), pause: pauseOnScreen, app: appID, outcome, at: new Date().toISOString(), ...details });
    localStorage.setItem(STEPS_KEY, JSON.stringify(steps));
  };
  let quote = nextQuote(quotes, null);
  showQuote(gateway, quote);
  record("open", { content: quote.id, seconds });
  let stop = startCountdown(gateway);
  const on = (step, action) => gateway.querySelector(`form[data-step="${step}"]`).addEventListener("submit", (event) => {
    event.preventDefault();
    action();
  });
  on("exit", () => {
    record("exit");
    pauseOnScreen = null;
    sendSteps();
    location.assign(page.scope);
  });
  on("next", () => {
    quote = nextQuote(quotes, quote.id);
    stop();
    showQuote(gateway, quote);
    record("next", { content: quote.id });
    proceed.disabled = true;
    gateway.dataset.remaining = String(seconds);
    stop = startCountdown(gateway);
  });
  on("proceed", () => {
    if (proceed.disabled) return;
    const intention = gateway.querySelector("input[name=intention]:checked");
    record("proceed", intention ? { intention: intention.value } : {});
    pauseOnScreen = null;
    sendSteps();
    location.assign(app.url);
  });
}

/** With no connection, an app's open goes straight to the offline pause (the service worker also
 *  sends there an open whose post finds no network). */
function openOffline() {
  for (const form of document.querySelectorAll(`form[action^="${page.opening}"]`)) {
    form.addEventListener("submit", (event) => {
      if (navigator.onLine) return;
      event.preventDefault();
      const app = new URL(form.action).pathname.slice(page.opening.length);
      location.assign(`${page.offlineGateway}?app=${encodeURIComponent(app)}`);
    });
  }
}

/** Erasing the device's data forgets the steps not yet sent too. */
function forgetOnErase() {
  const erase = document.querySelector("form.erase");
  if (erase) erase.addEventListener("submit", () => localStorage.removeItem(STEPS_KEY));
}

/** The settings page's pause preview: a ring that drains over the chosen length. */
function pausePreview() {
  const select = document.querySelector("#pause-seconds");
  const preview = document.querySelector(".pause-preview");
  if (!select || !preview) return;
  const number = preview.querySelector(".pause-preview-number");
  const play = () => {
    number.textContent = select.value;
    preview.style.setProperty("--preview-seconds", `${select.value}s`);
    preview.classList.remove("is-playing");
    if (reducedMotion.matches) return;
    preview.getBoundingClientRect();
    preview.classList.add("is-playing");
  };
  select.addEventListener("change", play);
}

/** Sliders show their value as they move. */
function sliderOutputs() {
  for (const input of document.querySelectorAll("input[type=range]")) {
    const output = document.querySelector(`output[for="${input.id}"]`);
    if (output) input.addEventListener("input", () => { output.textContent = input.value; });
  }
}

/** A form shown again with a problem: the field at fault gets the focus, so its message is read. */
function focusProblem() {
  const field = document.querySelector("[aria-invalid='true']");
  if (field) field.focus();
}

runCountdown();
focusProblem();
pausePreview();
sliderOutputs();
offlinePause();
openOffline();
forgetOnErase();
sendSteps();
window.addEventListener("online", () => sendSteps());
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register(page.worker, { scope: page.scope }).catch(() => undefined);
  if (document.querySelector(".app-grid")) keepShells();
}
