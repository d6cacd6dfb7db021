// Dangdai's service worker: a launch with no connection shows Dangdai's own "You're offline"
// screen, in the language the learner's pages were last in, never the browser's error page.
// Quizzes are made and checked by the server, so nothing else is kept. Paths, languages and the
// cache's name come from the server, in self.orchard.

const settings = self.orchard;
// The language the learner's pages were last in, as a page told the worker (a worker has no
// storage of its own but its caches).
const LANGUAGE = settings.scope + "offline/language";

const offlineURL = (language) => `${settings.offline}?lang=${encodeURIComponent(language)}`;

/** Keeps a page and the hashed assets it links, so it shows whole with the network gone. */
async function keepWithAssets(cache, url) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const html = await response.clone().text();
  await cache.put(url, response);
  const assets = [...new Set(html.match(/\/assets\/[^"'\s)]+/g) || [])];
  await Promise.all(assets.map((asset) => cache.add(asset).catch(() => undefined)));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(settings.cache)
      .then((cache) => Promise.all(settings.languages.map((language) => keepWithAssets(cache, offlineURL(language)))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("dangdai-offline-") && key !== settings.cache).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  const language = event.data && event.data.type === "language" ? String(event.data.language) : null;
  if (!language || !settings.languages.includes(language)) return;
  event.waitUntil(caches.open(settings.cache).then((cache) => cache.put(LANGUAGE, new Response(language))));
});

/** The language to say "You're offline" in: the pages' last, else the device's, else the first. */
async function language() {
  const told = await caches.match(LANGUAGE, { cacheName: settings.cache });
  if (told) return told.text();
  const device = (self.navigator.language || "").split("-")[0];
  return settings.languages.includes(device) ? device : settings.languages[0];
}

async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(offlineURL(await language()), { cacheName: settings.cache });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || request.method !== "GET") return;
  if (request.mode === "navigate" && url.pathname.startsWith(settings.scope)) {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith("/assets/")) {
    // Only what the offline screen keeps is answered from the cache; the rest goes as it would.
    event.respondWith(caches.match(request, { cacheName: settings.cache }).then((kept) => kept || fetch(request)));
  }
});
