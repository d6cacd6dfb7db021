// Wearbloom's service worker: keeps the wardrobe for offline browsing (FR9, FR26, NFR4). The
// wardrobe's page, each garment's sheet and the profile are asked of the network first and kept;
// offline, the kept copy opens at once.
// Thumbnails and the hashed assets never change, so they are served from the cache once kept.
// Signing out or deleting the account empties the cache. Paths come from the server, in self.orchard.

const settings = self.orchard;
// What is the user's own (the wardrobe's page, their pictures) is kept apart from the assets
// every visitor shares, so forgetting it forgets nothing else.
const CACHE = "wearbloom-wardrobe";
const ASSETS = "wearbloom-assets";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// The wardrobe, a garment's sheet (garments/<id>, its first segment alone) and the profile.
const kept = (url) => url.pathname === settings.wardrobe || url.pathname === settings.profile
  || (url.pathname.startsWith(settings.garments) && /^[^/]+$/.test(url.pathname.slice(settings.garments.length)));

const forgets = (url) => url.pathname.endsWith("/account/sign-out") || url.pathname.endsWith("/profile/delete");

// The cache is opened only to keep something: a visit that keeps nothing leaves no cache behind.
// Any other page of the app (the start page a home-screen launch opens, say) is not kept, but
// with no connection it opens on the kept wardrobe too.
async function networkFirst(request, keep = true) {
  try {
    const response = await fetch(request);
    if (keep && response.ok && !response.redirected) await (await caches.open(CACHE)).put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await caches.match(request, { ignoreVary: true, cacheName: CACHE });
    if (kept) return kept;
    const wardrobe = await caches.match(settings.offline, { ignoreVary: true, cacheName: CACHE });
    if (wardrobe && request.mode === "navigate") return wardrobe;
    throw error;
  }
}

async function cacheFirst(request, name) {
  const kept = await caches.match(request, { ignoreVary: true, cacheName: name });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(name)).put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && forgets(url)) {
    event.waitUntil(caches.delete(CACHE));
    return;
  }
  if (request.method !== "GET") return;
  if (kept(url)) {
    event.respondWith(networkFirst(request));
  } else if (request.mode === "navigate" && url.pathname.startsWith(settings.scope)) {
    event.respondWith(networkFirst(request, false));
  } else if (url.pathname.startsWith(settings.images)) {
    event.respondWith(cacheFirst(request, CACHE));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request, ASSETS));
  }
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "forget") event.waitUntil(caches.delete(CACHE));
});
