// MIGA in the browser: a live countdown and the settings preview (the browser's time zone is
// js/browser-zone.js, shared by every app).
// Every screen works without this file: forms post, and the pause page reloads itself at zero.

const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

/** The gateway's countdown: the ring drains, Proceed opens at zero, and a screen reader hears
 *  only the milestones (start, the moment the page names, zero), never every second. */
function runCountdown() {
  const gateway = document.querySelector(".gateway[data-remaining]");
  if (!gateway) return;
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
    setTimeout(tick, 250);
  };
  if (startRemaining > 0) tick();
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
