// Faith Jar in the browser: what the plain HTML pages cannot do by themselves.
// Every feature here has a working fallback without JavaScript (forms and links).

const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

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

/** "Another verse" swaps the verse in place with the spec's cross-fade: 200 ms out, 300 ms in. */
function enhanceAnotherVerse() {
  const form = document.querySelector("form.another-verse");
  const article = document.querySelector("article.verse");
  if (!form || !article) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button");
    button.disabled = true;
    try {
      const request = fetch(form.action, { method: "POST", credentials: "same-origin", redirect: "follow" });
      const [response] = await Promise.all([request, fade(article, "is-faded", 200)]);
      if (!response.ok || !response.url.includes("/faith-jar/verse/")) throw new Error("unexpected answer");
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      for (const selector of ["article.verse", ".verse-tools", ".support-link"]) {
        const fresh = page.querySelector(selector);
        const current = document.querySelector(selector);
        if (fresh && current) current.replaceWith(fresh);
      }
      document.title = page.title;
      const next = document.querySelector("article.verse");
      next.classList.add("is-faded", "no-entrance");
      next.getBoundingClientRect();
      enhanceVerseTools();
      await fade(next, "is-fading-in", 300);
      next.querySelector(".verse-text").focus({ preventScroll: true });
    } catch {
      form.submit(); // the page version always works
    } finally {
      button.disabled = false;
    }
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
          status.textContent = "Copied to the clipboard.";
        }
      } catch (error) {
        if (error.name !== "AbortError") status.textContent = "Sharing is not available here.";
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
        listen.querySelector(".label").textContent = "Listen";
      };
      listen.setAttribute("aria-pressed", "true");
      listen.querySelector(".label").textContent = "Stop";
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

enhanceAnotherVerse();
enhanceVerseTools();
enhanceOnboarding();
