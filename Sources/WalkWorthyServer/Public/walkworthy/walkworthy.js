// WalkWorthy in the browser: notifications through the service worker, and the
// pop-ups' swipe and arrow keys. Every screen works without this file: forms post and links load.
// Addresses, the delivery limit and every sentence come from the page (data-* on <body>).

document.documentElement.classList.add("js");
const page = document.body.dataset;

/** A sentence from the page with its {placeholders} filled in. */
const say = (template, values) => template.replace(/\{(\w+)\}/g, (_, name) => String(values[name]));

const haptic = (pattern) => {
  if (navigator.vibrate && !matchMedia("(prefers-reduced-motion: reduce)").matches) navigator.vibrate(pattern);
};

/** The translation picker changes the card in place, text and label together, and a screen
 *  reader hears which translation it now reads; if the change cannot be sent, the form posts. */
function translationPicker() {
  for (const form of document.querySelectorAll("form[data-translation-picker]")) {
    const card = form.closest(".verse-card");
    const status = form.querySelector("[data-translation-status]");
    form.elements.translation.addEventListener("change", async () => {
      let shown = null;
      try {
        const response = await fetch(form.action, {
          method: "POST", headers: { Accept: "application/json" }, body: new URLSearchParams(new FormData(form)),
        });
        if (response.ok) shown = await response.json();
      } catch {
        // Offline: the plain form post below says what happened.
      }
      if (!shown || shown.id !== card.dataset.card) {
        form.submit();
        return;
      }
      card.querySelector(".verse-ref").textContent = shown.ref;
      card.querySelector(".verse-text").textContent = shown.text;
      card.querySelector(".encouragement").textContent = shown.encouragement;
      const label = card.querySelector(".translation-label");
      label.textContent = shown.label;
      label.title = shown.name;
      status.textContent = say(form.dataset.textShown, { name: shown.name });
      haptic(10);
    });
  }
}

const worker = "serviceWorker" in navigator
  ? navigator.serviceWorker.register(page.worker, { scope: page.scope }).catch(() => null)
  : Promise.resolve(null);

const canNotify = () => "Notification" in window && Notification.permission === "granted";

/** Shows a planned notification after its delay: through the service worker when the browser
 *  allows it, otherwise in the page, saying why. Resolves with how it was shown. */
async function deliver(note, fallback) {
  // A worker is not kept alive for hours: one due later (after quiet hours) stays in the page.
  if (note.delay > Number(page.workerHold)) return "later";
  const registration = canNotify() ? await worker : null;
  const ready = registration ? await navigator.serviceWorker.ready : null;
  if (ready && ready.active) {
    ready.active.postMessage({ type: "notify", ...note });
    return "system";
  }
  setTimeout(() => {
    fallback.replaceChildren();
    const title = document.createElement("p");
    title.className = "notice-title";
    title.textContent = note.title;
    const body = document.createElement("p");
    body.textContent = note.body;
    const why = document.createElement("p");
    why.className = "hint";
    why.textContent = page.textBlocked;
    fallback.append(title, body, why);
    fallback.hidden = false;
    haptic([20, 60, 20]);
  }, note.delay * 1000);
  return "page";
}

/** Settings: "Send test notification (10 s)". */
function testNotification() {
  const form = document.querySelector("form[data-test-notification]");
  if (!form) return;
  const status = document.querySelector("#test-status");
  const fallback = document.querySelector("#test-fallback");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    haptic(10);
    if ("Notification" in window && Notification.permission === "default") {
      try {
        await Notification.requestPermission();
      } catch {
        // An old browser without the promise form: treated as not allowed.
      }
    }
    let note;
    try {
      const response = await fetch(form.action, { method: "POST", headers: { Accept: "application/json" } });
      note = await response.json();
    } catch {
      status.textContent = page.textSendFailed;
      return;
    }
    if (!note.scheduled) {
      status.textContent = page.textOff;
      return;
    }
    fallback.hidden = true;
    const how = await deliver(note, fallback);
    const values = { seconds: Math.round(note.delay) };
    status.textContent = say(how === "system" ? page.textSentSystem : page.textSentPage, values);
  });
}

/** Settings: each switch is saved the moment it is flipped, and says so in the action bar; a
 *  refused one flips back with the reason by its field. Save still sends the whole form. */
function switches() {
  const form = document.querySelector("form[data-switch-path]");
  if (!form) return;
  const status = form.querySelector("#switch-status");
  const times = ["daily", "quiet-start", "quiet-end"];

  const mark = (name, message) => {
    const input = form.elements[name];
    if (!input) return;
    const field = input.closest(".field");
    field.querySelector(".field-error")?.remove();
    field.classList.toggle("field--invalid", Boolean(message));
    if (!message) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
      return;
    }
    const problem = document.createElement("p");
    problem.className = "field-error";
    problem.id = `${name}-error`;
    problem.textContent = message;
    input.after(problem);
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", problem.id);
    input.focus();
  };

  for (const input of form.querySelectorAll('input[role="switch"]')) {
    input.addEventListener("change", async () => {
      haptic(10);
      const body = new URLSearchParams({ switch: input.name, on: input.checked ? "on" : "off" });
      for (const name of [...times, "zone"]) {
        if (form.elements[name]) body.set(name, form.elements[name].value);
      }
      status.textContent = "";
      let answer = null;
      try {
        const response = await fetch(form.dataset.switchPath, {
          method: "POST", headers: { Accept: "application/json" }, body,
        });
        answer = await response.json();
      } catch {
        // Offline or refused: the switch goes back, and the bar says so.
      }
      if (answer && answer.saved) {
        for (const name of times) mark(name, null);
        status.textContent = form.dataset.textSwitchSaved;
        return;
      }
      input.checked = !input.checked;
      if (answer && answer.field) mark(answer.field, answer.message);
      else status.textContent = form.dataset.textSwitchFailed;
    });
  }
}

/** The inbox: Dismiss removes a notification in place; without this, the form posts and the
 *  screen comes back without it. */
function inbox() {
  for (const form of document.querySelectorAll("form[data-dismiss]")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        const response = await fetch(form.action, {
          method: "POST", headers: { Accept: "application/json" }, body: new URLSearchParams(new FormData(form)),
        });
        if (!response.ok) throw new Error(String(response.status));
      } catch {
        form.submit();
        return;
      }
      haptic(10);
      const section = form.closest(".inbox");
      form.closest("li").remove();
      if (!section.querySelector("li")) section.remove();
    });
  }
}

/** Home, after Refresh scheduled one: shown once as a notification where allowed. */
async function refreshNotification() {
  const banner = document.querySelector("[data-notify]");
  if (!banner || !canNotify()) return;
  const key = `walkworthy.notified.${banner.dataset.notifyId}`;
  if (sessionStorage.getItem(key)) return;
  sessionStorage.setItem(key, "1");
  const note = {
    id: banner.dataset.notifyId, title: banner.dataset.notifyTitle, body: banner.dataset.notifyBody,
    delay: Number(banner.dataset.notifyDelay) || 0,
  };
  if ((await deliver(note, banner)) === "system") haptic([15, 40, 15]);
}

/** The pop-ups: swipe, arrow keys and buttons move through the stack without a page load; the
 *  status line is a live region, so a screen reader hears each new card. */
function popups() {
  const section = document.querySelector(".popups[data-count]");
  if (!section) return;
  const stack = section.querySelector(".popup-stack");
  const cards = [...stack.querySelectorAll(".popup-card")];
  const status = section.querySelector("#popup-status");
  const steps = [...section.querySelectorAll("[data-step]")];
  let current = Number(section.dataset.current);

  const go = (number) => {
    if (number < 1 || number > cards.length || number === current) return;
    current = number;
    for (const card of cards) {
      const offset = Number(card.dataset.number) - current;
      card.dataset.offset = String(Math.max(-1, Math.min(offset, 3)));
      card.style.transform = "";
      const on = offset === 0;
      card.toggleAttribute("inert", !on);
      if (on) card.removeAttribute("aria-hidden");
      else card.setAttribute("aria-hidden", "true");
    }
    const card = cards[current - 1];
    status.textContent = say(page.textCard, {
      number: current, count: cards.length, tag: card.dataset.tag, ref: card.querySelector(".verse-ref").textContent,
    });
    for (const button of steps) {
      const target = current + Number(button.dataset.step);
      button.disabled = target < 1 || target > cards.length;
      button.form.elements.card.value = String(target);
    }
    section.dataset.current = String(current);
    history.replaceState(null, "", `?card=${current}`);
    haptic(12);
    fetch(page.popupsSeen, {
      method: "POST", redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: `card=${current}`,
    }).catch(() => undefined);
  };

  for (const button of steps) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      go(current + Number(button.dataset.step));
    });
  }
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    // Left and right only: up and down still scroll a long card.
    if (event.key === "ArrowRight") go(current + 1);
    else if (event.key === "ArrowLeft") go(current - 1);
    else return;
    event.preventDefault();
  });

  let start = null;
  stack.addEventListener("pointerdown", (event) => {
    const card = cards[current - 1];
    if (!card.contains(event.target)) return;
    start = { x: event.clientX, y: event.clientY, card };
    card.classList.add("is-dragging");
  });
  stack.addEventListener("pointermove", (event) => {
    if (!start) return;
    const dx = event.clientX - start.x;
    start.card.style.transform = `translateX(${dx}px) rotate(${dx / 40}deg)`;
  });
  const release = (event) => {
    if (!start) return;
    const { card, x } = start;
    start = null;
    card.classList.remove("is-dragging");
    card.style.transform = "";
    const dx = event.clientX - x;
    if (dx < -60) go(current + 1);
    else if (dx > 60) go(current - 1);
  };
  stack.addEventListener("pointerup", release);
  stack.addEventListener("pointercancel", release);
}

/** A page opened with no connection is the worker's kept copy: it says so, until the network is back. */
function offlineNote() {
  const show = () => {
    if (navigator.onLine || document.querySelector("[data-offline-note]")) return;
    const note = document.createElement("p");
    note.className = "notice-banner";
    note.setAttribute("role", "status");
    note.dataset.offlineNote = "";
    note.textContent = page.textOffline;
    document.querySelector("main").prepend(note);
  };
  show();
  addEventListener("offline", show);
  addEventListener("online", () => document.querySelector("[data-offline-note]")?.remove());
}

/** "Notify me": the browser's permission is asked, it subscribes to pushes with the server's key,
 *  and the server keeps the subscription; it then sends the day's encouragement at the daily time. */
function pushNotifications() {
  const card = document.querySelector("[data-push]");
  if (!card) return;
  const subscribe = card.querySelector("[data-push-subscribe]");
  const unsubscribe = card.querySelector("[data-push-unsubscribe]");
  const status = card.querySelector("[data-push-status]");
  const shown = (on, text) => {
    subscribe.hidden = on;
    unsubscribe.hidden = !on;
    card.dataset.pushSubscribed = String(on);
    status.textContent = text;
  };
  const send = (method, body) => fetch(card.dataset.pushPath, {
    method, headers: { "Content-Type": "application/json", Accept: "application/json" }, body,
  }).then((response) => { if (!response.ok) throw new Error(String(response.status)); });
  subscribe.addEventListener("click", async () => {
    if (!("PushManager" in window) || !("Notification" in window)) {
      status.textContent = card.dataset.textUnsupported;
      return;
    }
    if (await Notification.requestPermission() !== "granted") {
      status.textContent = card.dataset.textBlocked;
      return;
    }
    try {
      const registration = await navigator.serviceWorker.ready;
      const key = Uint8Array.from(atob(card.dataset.pushKey.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      await send("POST", JSON.stringify(subscription));
      shown(true, card.dataset.textOn);
    } catch {
      status.textContent = card.dataset.textFailed;
    }
  });
  unsubscribe.addEventListener("click", async () => {
    try {
      const registration = await navigator.serviceWorker.ready;
      const subscription = registration.pushManager ? await registration.pushManager.getSubscription() : null;
      if (subscription) await subscription.unsubscribe();
      await send("DELETE");
      shown(false, card.dataset.textOff);
    } catch {
      status.textContent = card.dataset.textFailed;
    }
  });
}

offlineNote();
pushNotifications();
translationPicker();
switches();
inbox();
testNotification();
refreshNotification();
popups();
