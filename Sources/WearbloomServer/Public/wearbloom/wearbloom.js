// Wearbloom in the browser: what the server-rendered pages cannot do alone. Photos are compressed
// before they are sent (and kept for later when offline), the garment sheet opens over the grid,
// the render view waits with its timed sentences and cross-fades to the result, toasts come and
// go, and the service worker keeps the wardrobe for offline browsing. Every sentence, path and
// number comes from the page's data-* attributes: the server's, decided by the core.

const data = document.body.dataset;
const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
document.documentElement.classList.add("js");

// ---------------------------------------------------------------------------------------------
// Toasts: success for 2 s, errors for 4 s, information for 3 s (the durations are the core's).

const toastRegion = document.querySelector("[data-toasts]");
const durations = { success: +data.toastSuccessMs, error: +data.toastErrorMs, info: +data.toastInfoMs };

function dismissLater(toast) {
  const kind = toast.dataset.toast || "info";
  let timer;
  const leave = () => {
    toast.classList.add("is-leaving");
    setTimeout(() => toast.remove(), reducedMotion() ? 0 : 200);
  };
  // One with a link or a button lasts long enough for it to be reached.
  const lasts = Math.max(durations[kind] || durations.info, toast.querySelector(".toast-action") ? +data.toastActionMs : 0);
  const start = () => { timer = setTimeout(leave, lasts); };
  // A toast with links stays while a finger or the keyboard is on it.
  toast.addEventListener("focusin", () => clearTimeout(timer));
  toast.addEventListener("focusout", start);
  start();
}

function toast(kind, text) {
  if (!toastRegion) return;
  const element = document.createElement("div");
  element.className = `toast toast--${kind}`;
  element.dataset.toast = kind;
  const paragraph = document.createElement("p");
  paragraph.textContent = text;
  element.append(paragraph);
  toastRegion.append(element);
  dismissLater(element);
}

document.querySelectorAll("[data-toast]").forEach(dismissLater);
// A toast the server was asked for by the address is shown once: a reload or a shared link does
// not show it again.
if (new URLSearchParams(location.search).has("toast")) {
  const address = new URL(location.href);
  address.searchParams.delete("toast");
  history.replaceState(history.state, "", address.pathname + address.search + address.hash);
}

// ---------------------------------------------------------------------------------------------
// The service worker keeps the wardrobe; it is told to forget it when the account goes.

if ("serviceWorker" in navigator && data.serviceWorker) {
  navigator.serviceWorker.register(data.serviceWorker, { scope: data.scope, type: "classic" }).catch(() => {});
}

// ---------------------------------------------------------------------------------------------
// Photos: brought to about 1200 px on the long edge as an 80 % JPEG, then sent with their form.

async function compress(file) {
  const longEdge = +data.uploadLongEdge;
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const scale = Math.min(1, longEdge / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff"; // a transparent PNG becomes a photo on white, not on black
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, data.uploadType, +data.uploadQuality));
  if (!blob) throw new Error("compression failed");
  return new File([blob], "photo.jpg", { type: data.uploadType });
}

// The uploads waiting for the network, in IndexedDB.
const queueStore = () => new Promise((resolve, reject) => {
  const open = indexedDB.open("wearbloom", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("uploads", { autoIncrement: true });
  open.onsuccess = () => resolve(open.result);
  open.onerror = () => reject(open.error);
});

async function queueUpload(file, fields) {
  const database = await queueStore();
  await new Promise((resolve, reject) => {
    const transaction = database.transaction("uploads", "readwrite");
    transaction.objectStore("uploads").add({ file, fields, url: data.uploadUrl });
    transaction.oncomplete = resolve;
    transaction.onerror = () => reject(transaction.error);
  });
  database.close();
}

async function sendQueued() {
  const database = await queueStore();
  const entries = await new Promise((resolve, reject) => {
    const request = database.transaction("uploads").objectStore("uploads").openCursor();
    const found = [];
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve(found);
      found.push({ key: cursor.key, value: cursor.value });
      cursor.continue();
    };
    request.onerror = () => reject(request.error);
  });
  let sent = 0;
  for (const { key, value } of entries) {
    const body = new FormData();
    for (const [name, fieldValue] of Object.entries(value.fields)) body.append(name, fieldValue);
    body.append("photo", value.file, "photo.jpg");
    const response = await fetch(value.url, { method: "POST", body, credentials: "same-origin" });
    // A refusal (not a photo we can read) will not change on a retry: it is dropped like a sent one.
    if (response.status >= 500) continue;
    await new Promise((resolve) => {
      const transaction = database.transaction("uploads", "readwrite");
      transaction.objectStore("uploads").delete(key);
      transaction.oncomplete = resolve;
    });
    sent += 1;
  }
  database.close();
  return sent;
}

function enhancePhotoForm(form) {
  const inputs = form.querySelectorAll("[data-photo-input]");
  inputs.forEach((input) => input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    const status = document.querySelector("[data-upload-status]");
    if (status) { status.hidden = false; status.textContent = data.textUploading; }
    form.setAttribute("aria-busy", "true");
    let photo;
    try {
      photo = await compress(file);
    } catch {
      photo = file; // the server checks it and says what is wrong
    }
    if (!navigator.onLine && form.hasAttribute("data-queue-offline")) {
      const fields = {};
      for (const [name, value] of new FormData(form)) if (typeof value === "string") fields[name] = value;
      await queueUpload(photo, fields);
      form.removeAttribute("aria-busy");
      if (status) status.hidden = true;
      input.value = "";
      toast("info", data.textQueued);
      return;
    }
    // The compressed photo takes the chosen one's place; the other input is emptied.
    inputs.forEach((other) => { if (other !== input) other.value = ""; });
    const transfer = new DataTransfer();
    transfer.items.add(photo);
    input.files = transfer.files;
    form.submit();
  }));
}

document.querySelectorAll("[data-photo-form]").forEach(enhancePhotoForm);

// At the terms, nobody is signed in: an upload still waiting belonged to someone who signed out or
// deleted their account, and goes.
const atTheDoor = document.body.classList.contains("page-consent");
if (atTheDoor) indexedDB.deleteDatabase("wearbloom");

async function flushQueue() {
  if (atTheDoor) return;
  try {
    // Only a browser that queued something has the database: opening it would make one.
    const known = indexedDB.databases ? await indexedDB.databases() : [{ name: "wearbloom" }];
    if (!known.some((database) => database.name === "wearbloom")) return;
    const sent = await sendQueued();
    if (sent > 0 && document.body.classList.contains("page-wardrobe")) {
      location.reload();
    }
  } catch {
    // Still unreachable: the next reconnection tries again.
  }
}

addEventListener("online", async () => {
  toast("success", data.textBackOnline);
  document.querySelectorAll("[data-offline-note]").forEach((note) => { note.hidden = true; });
  await flushQueue();
});
addEventListener("offline", () => {
  document.querySelectorAll("[data-offline-note]").forEach((note) => { note.hidden = false; });
});
if (navigator.onLine) flushQueue();
else document.querySelectorAll("[data-offline-note]").forEach((note) => { note.hidden = false; });

// ---------------------------------------------------------------------------------------------
// Try On needs the network.

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form.matches("[data-try-on]") && !navigator.onLine) {
    event.preventDefault();
    toast("error", data.textNeedsInternet);
  }
  if (form.matches("[data-delete-form]")) {
    const button = form.querySelector("button");
    button.setAttribute("aria-busy", "true");
    button.querySelector(".button-text").textContent = button.dataset.busyText;
    setTimeout(() => { button.disabled = true; }); // after the form has taken its value
  }
  // Signing out or deleting the account leaves nothing of the user's in this browser: neither
  // the service worker's copy of the wardrobe nor an upload still waiting for the network.
  if (form.matches("[data-delete-form], form[action$='/account/sign-out']")) {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({ type: "forget" });
    }
    indexedDB.deleteDatabase("wearbloom");
  }
});

// ---------------------------------------------------------------------------------------------
// A question that guards a deletion opens where it can be seen and answered, even at the foot of
// a small screen.

document.addEventListener("toggle", (event) => {
  const question = event.target;
  if (!question.matches?.("details[data-delete], details.confirm-delete") || !question.open) return;
  const panel = question.querySelector(".confirm, .confirm-delete-panel") || question;
  panel.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
}, true);

// ---------------------------------------------------------------------------------------------
// Removing a garment, once asked in its sheet: the card leaves the grid at once and the toast
// offers Undo for the core's window; only then is the removal sent (at once if the page is left
// meanwhile). One that fails puts the card back and says so.

const removals = new Map();

function markRemovals() { document.body.toggleAttribute("data-removing", removals.size > 0); }

async function sendRemoval(form) {
  const response = await fetch(form.action, {
    method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin", redirect: "manual" });
  if (response.type !== "opaqueredirect" && !response.ok) throw new Error(`status ${response.status}`);
}

function removeLater(form) {
  const id = form.dataset.removeGarment;
  const cell = document.querySelector(`a[data-garment="${CSS.escape(id)}"]`)?.closest("li");
  const layer = form.closest("[data-sheet-layer]");
  if (layer) closeSheet(layer, false);
  if (cell) cell.hidden = true;
  const note = document.createElement("div");
  note.className = "toast toast--success";
  note.dataset.toast = "success";
  note.dataset.removal = id;
  const paragraph = document.createElement("p");
  paragraph.textContent = data.textRemoved;
  const undo = document.createElement("button");
  undo.type = "button";
  undo.className = "toast-action";
  undo.textContent = data.textRemoveUndo;
  note.append(paragraph, undo);
  toastRegion?.append(note);
  const settle = () => { removals.delete(id); markRemovals(); note.remove(); };
  const removal = {
    form,
    timer: setTimeout(async () => {
      // No longer undoable, but the page stays marked as removing until the server has answered.
      removals.delete(id);
      note.remove();
      try {
        await sendRemoval(form);
        cell?.remove();
      } catch {
        if (cell) cell.hidden = false;
        toast("error", data.textRemoveFailed);
      } finally {
        markRemovals();
      }
    }, +data.removeUndoMs),
  };
  undo.addEventListener("click", () => {
    clearTimeout(removal.timer);
    settle();
    if (cell) { cell.hidden = false; cell.querySelector("a")?.focus(); }
  });
  removals.set(id, removal);
  markRemovals();
  undo.focus();
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!form.matches("[data-remove-form]") || !toastRegion) return;
  event.preventDefault();
  if (!navigator.onLine) { toast("error", data.textNeedsInternet); return; }
  removeLater(form);
});
// Leaving with a removal still undoable sends it: the person asked for it, and did not undo it.
addEventListener("pagehide", () => {
  for (const [id, removal] of removals) {
    clearTimeout(removal.timer);
    navigator.sendBeacon(removal.form.action, new URLSearchParams(new FormData(removal.form)));
    removals.delete(id);
  }
});

// ---------------------------------------------------------------------------------------------
// The garment sheet: opens over the grid at 60 %, drawn up to 90 %, dismissed by a drag down, a
// tap outside, its close button or Escape; the handle's button toggles the height by keyboard.

let openedFrom = null;

function closeSheet(layer, viaHistory) {
  layer.remove();
  document.body.classList.remove("sheet-open");
  if (!viaHistory) {
    const close = layer.querySelector(".sheet-close");
    history.replaceState(null, "", close ? close.getAttribute("href") : location.pathname);
  }
  if (openedFrom) openedFrom.focus();
  openedFrom = null;
}

// Opened by a tap, its first control takes the focus without a ring; by the keyboard, with one.
function enhanceSheet(layer, byPointer = false) {
  const sheet = layer.querySelector("[data-sheet]");
  const handle = layer.querySelector("[data-sheet-handle]");
  document.body.classList.add("sheet-open");
  const setExpanded = (expanded) => {
    sheet.classList.toggle("is-expanded", expanded);
    handle.setAttribute("aria-expanded", String(expanded));
  };
  handle.addEventListener("click", () => setExpanded(!sheet.classList.contains("is-expanded")));
  layer.querySelectorAll("[data-sheet-close]").forEach((link) => link.addEventListener("click", (event) => {
    event.preventDefault();
    closeSheet(layer, false);
  }));
  layer.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { event.preventDefault(); closeSheet(layer, false); return; }
    if (event.key !== "Tab") return;
    const focusable = [...sheet.querySelectorAll("a[href], button:not([disabled]), input, summary")];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
    else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
  });
  // Dragging the handle: up to draw it to 90 %, down to let it back to 60 % or away.
  let startY = null;
  let moved = 0;
  handle.addEventListener("pointerdown", (event) => {
    startY = event.clientY;
    moved = 0;
    handle.setPointerCapture(event.pointerId);
    sheet.style.transition = "none";
  });
  handle.addEventListener("pointermove", (event) => {
    if (startY === null) return;
    moved = event.clientY - startY;
    if (moved > 0) sheet.style.transform = `translateY(${moved}px)`;
  });
  const release = () => {
    if (startY === null) return;
    startY = null;
    sheet.style.transition = "";
    sheet.style.transform = "";
    const expanded = sheet.classList.contains("is-expanded");
    if (moved < -40) setExpanded(true);
    else if (moved > 80) {
      if (expanded) setExpanded(false);
      else closeSheet(layer, false);
    }
  };
  handle.addEventListener("pointerup", release);
  handle.addEventListener("pointercancel", release);
  handle.addEventListener("click", (event) => { if (Math.abs(moved) > 8) event.stopImmediatePropagation(); }, true);
  (layer.querySelector("[data-try-on] button") || handle).focus({ focusVisible: !byPointer });
}

async function openSheet(card, byPointer) {
  const response = await fetch(card.href, { credentials: "same-origin" });
  if (!response.ok) { location.href = card.href; return; }
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const layer = page.querySelector("[data-sheet-layer]");
  if (!layer) { location.href = card.href; return; }
  document.querySelectorAll("[data-sheet-layer]").forEach((old) => old.remove());
  openedFrom = card;
  document.querySelector("main").append(layer);
  history.pushState({ sheet: card.href }, "", card.href);
  enhanceSheet(layer, byPointer);
}

document.addEventListener("click", (event) => {
  const card = event.target.closest("a[data-garment]");
  if (!card || event.metaKey || event.ctrlKey || event.shiftKey || !navigator.onLine) return;
  event.preventDefault();
  openSheet(card, event.detail > 0).catch(() => { location.href = card.href; });
});
addEventListener("popstate", () => {
  const layer = document.querySelector("[data-sheet-layer]");
  if (layer) closeSheet(layer, true);
});
const shownSheet = document.querySelector("[data-sheet-layer]");
if (shownSheet) enhanceSheet(shownSheet, true);

// ---------------------------------------------------------------------------------------------
// Pull to refresh, where the platform allows it (a touch screen, the grid at its top).

const grid = document.querySelector("[data-grid]");
const hint = document.querySelector("[data-refresh-hint]");
if (grid && hint && "ontouchstart" in window) {
  let startY = null;
  let pulled = 0;
  addEventListener("touchstart", (event) => {
    startY = scrollY === 0 && !document.body.classList.contains("sheet-open") ? event.touches[0].clientY : null;
  }, { passive: true });
  addEventListener("touchmove", (event) => {
    if (startY === null) return;
    pulled = event.touches[0].clientY - startY;
    hint.classList.toggle("is-pulling", pulled > 24);
  }, { passive: true });
  addEventListener("touchend", () => {
    if (startY !== null && pulled > 72 && navigator.onLine) location.reload();
    hint.classList.remove("is-pulling");
    startY = null;
    pulled = 0;
  });
}

// ---------------------------------------------------------------------------------------------
// The render view: the sentence for each moment of the wait, the garment floating in at its
// moment, and the result cross-faded in (swapped at once under reduced motion).

function waitForRender(section) {
  const steps = data.renderSteps.split("|").map((step) => {
    const colon = step.indexOf(":");
    return { after: +step.slice(0, colon), message: step.slice(colon + 1) };
  });
  const opened = performance.now() - (+section.dataset.elapsedMs || 0);
  const message = section.querySelector("[data-render-message] .motion-text");
  const garment = section.querySelector("[data-render-garment]");
  const pace = () => {
    const elapsed = performance.now() - opened;
    const reached = steps.filter((step) => step.after <= elapsed);
    const spoken = reached.filter((step) => step.message).pop();
    if (spoken && message && message.textContent !== spoken.message) message.textContent = spoken.message;
    if (garment && reached.some((step) => !step.message)) garment.classList.add("is-shown");
  };
  const pacing = setInterval(pace, 100);
  pace();
  const poll = async () => {
    try {
      const response = await fetch(section.dataset.statusUrl, { credentials: "same-origin", cache: "no-store" });
      const { status } = await response.json();
      if (status === "completed" || status === "failed") {
        clearInterval(pacing);
        await showFinished(section);
        return;
      }
    } catch {
      // A dropped poll is tried again.
    }
    setTimeout(poll, +data.renderPollMs);
  };
  setTimeout(poll, +data.renderPollMs);
}

async function showFinished(section) {
  const response = await fetch(location.href, { credentials: "same-origin", cache: "no-store" });
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const finished = page.querySelector("[data-render]");
  if (!finished) { location.reload(); return; }
  const result = finished.querySelector("[data-render-result]");
  if (result) {
    // The result is decoded before it is shown, so the cross-fade starts on a whole picture.
    const image = new Image();
    image.src = result.getAttribute("src");
    try { await image.decode(); } catch { /* shown as it loads */ }
    result.style.setProperty("--wb-fade", `${reducedMotion() ? 0 : +data.renderFadeMs}ms`);
  }
  document.title = page.title;
  section.replaceWith(finished);
  startFeedbackFade(finished);
  // A screen reader hears the result's heading; the keyboard goes on from the top of the view.
  finished.focus({ preventScroll: true });
}

function startFeedbackFade(section) {
  const feedback = section.querySelector("[data-feedback]");
  if (feedback) setTimeout(() => feedback.classList.add("is-faded"), +data.feedbackFadeMs);
}

const renderSection = document.querySelector("[data-render]");
if (renderSection) {
  const status = renderSection.dataset.render;
  if (status === "pending" || status === "processing") waitForRender(renderSection);
  else startFeedbackFade(renderSection);
}

// ---------------------------------------------------------------------------------------------
// The cutout under review appears when the background is gone.

if (data.cutoutPending === "yes") {
  const check = async () => {
    try {
      const response = await fetch(location.href, { credentials: "same-origin", cache: "no-store" });
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      if (page.body.dataset.cutoutPending === "no") {
        document.querySelector("[data-cutout]").replaceWith(page.querySelector("[data-cutout]"));
        const note = document.querySelector("p[data-cutout-note]");
        const fresh = page.querySelector(".cutout-note");
        if (note) { if (fresh) note.replaceWith(fresh); else note.remove(); }
        return;
      }
    } catch {
      // Tried again below.
    }
    setTimeout(check, +data.cutoutCheckMs);
  };
  setTimeout(check, +data.cutoutCheckMs);
}
