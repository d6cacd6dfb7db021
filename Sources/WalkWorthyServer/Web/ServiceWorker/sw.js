// WalkWorthy's service worker: shows the notifications the app plans (the test notification, an
// encouragement from a refresh) when their moment comes, even after the page that asked has closed;
// and keeps the pages last seen, so a launch with no connection opens on the verse card last shown
// (the page then says it is offline). Pages are asked of the network first; the hashed assets never
// change, so once kept they are served from the cache. Paths and the cache's name come from the
// server, in self.orchard.

const settings = self.orchard;

self.addEventListener("install", (event) => {
  // The start page is kept at once, so even a first launch after installing opens offline.
  event.waitUntil(caches.open(settings.cache).then((cache) => keep(cache, settings.home)).catch(() => undefined)
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("walkworthy-") && key !== settings.cache).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** Keeps a page and the hashed assets it links. */
async function keep(cache, url) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok || response.redirected) return;
  const html = await response.clone().text();
  await cache.put(url, response);
  const assets = [...new Set(html.match(/\/assets\/[^"'\s)]+/g) || [])];
  await Promise.all(assets.map((asset) => cache.match(asset).then((kept) => kept || cache.add(asset)).catch(() => undefined)));
}

async function page(request) {
  const cache = await caches.open(settings.cache);
  try {
    const response = await fetch(request);
    // Only a whole page of the app is kept: never a redirect (the welcome), an error or a query.
    if (response.ok && !response.redirected && !new URL(request.url).search) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = (await cache.match(request, { ignoreVary: true })) || (await cache.match(settings.home, { ignoreVary: true }));
    if (kept) return kept;
    throw error;
  }
}

async function asset(request) {
  const cache = await caches.open(settings.cache);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || request.method !== "GET") return;
  if (request.mode === "navigate" && url.pathname.startsWith(settings.home)) {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(asset(request));
  }
});

const wait = (seconds) => new Promise((resolve) => setTimeout(resolve, Math.max(0, seconds) * 1000));

self.addEventListener("message", (event) => {
  const note = event.data;
  if (!note || note.type !== "notify" || typeof note.title !== "string") return;
  event.waitUntil(
    wait(Number(note.delay) || 0).then(() =>
      self.registration.showNotification(note.title, {
        body: String(note.body || ""),
        tag: String(note.id || "walkworthy"),
        data: { url: settings.home },
      })),
  );
});

// The day's encouragement, sent by the server as a Web Push at the daily time ("Notify me"): its
// title, words and the page a tap opens come in the message.
self.addEventListener("push", (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    return; // not one of ours
  }
  if (!message || typeof message.title !== "string") return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: String(message.body || ""),
      tag: String(message.tag || "walkworthy"),
      data: { url: typeof message.url === "string" && message.url.startsWith(settings.home) ? message.url : settings.home },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || settings.home;
  event.waitUntil(
    self.clients.matchAll({ type: "window" }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith(settings.home));
      return open ? open.navigate(url).then((client) => (client || open).focus()) : self.clients.openWindow(url);
    }),
  );
});
