// MIGA's service worker: an installed MIGA opened with no connection shows its own screens.
// Assets have content-hashed names, so a kept copy is always right (cache first). MIGA's pages
// are asked of the network first and kept; offline, a page gets its kept copy, else the kept hub.
// An app's open (a POST) that finds no network leads to the offline pause, which the page script
// runs and whose steps it sends once the connection is back. Paths come from the server, in
// self.orchard.

const settings = self.orchard;

/** A page that helped once is kept, never a redirect, an error or another site's answer. */
function keepable(response) {
  return response.ok && !response.redirected && response.type === "basic";
}

/** Keeps a shell and every hashed asset it links, so it opens offline with its look and script. */
async function keepShell(cache, url) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!keepable(response)) return;
  const html = await response.clone().text();
  await cache.put(url, response);
  const assets = new Set(Array.from(html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g), (match) => match[1]));
  await Promise.all(Array.from(assets, async (asset) => {
    if (!(await cache.match(asset))) await cache.add(asset).catch(() => undefined);
  }));
}

async function keepShells() {
  const cache = await caches.open(settings.cache);
  await Promise.all(settings.shells.map((url) => keepShell(cache, url).catch(() => undefined)));
}

self.addEventListener("install", (event) => {
  event.waitUntil(keepShells().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith(settings.cachePrefix) && key !== settings.cache)
          .map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function assetFromCache(request) {
  const kept = await caches.match(request, { cacheName: settings.cache });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(settings.cache)).put(request, response.clone());
  return response;
}

async function kept(request) {
  const cache = await caches.open(settings.cache);
  const url = new URL(request.url);
  // The offline pause is one page whatever app its query names.
  const own = await cache.match(request, { ignoreVary: true, ignoreSearch: url.pathname === settings.offlineGateway });
  return own || cache.match(settings.hub, { ignoreVary: true });
}

async function page(request, keep) {
  try {
    const response = await fetch(request);
    if (keep && keepable(response)) await (await caches.open(settings.cache)).put(request, response.clone());
    return response;
  } catch (error) {
    if (request.mode !== "navigate") return (await caches.match(request, { cacheName: settings.cache })) || Response.error();
    return (await kept(request)) || Response.error();
  }
}

/** An app's open with no network: the offline pause, in front of the same app. */
async function open(request, url) {
  try {
    return await fetch(request);
  } catch (error) {
    const app = url.pathname.slice(settings.opening.length);
    return Response.redirect(`${settings.offlineGateway}?app=${encodeURIComponent(app)}`, 303);
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST") {
    if (url.pathname === settings.erase) event.waitUntil(caches.delete(settings.cache));
    else if (request.mode === "navigate" && url.pathname.startsWith(settings.opening)) {
      event.respondWith(open(request, url));
    }
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(assetFromCache(request));
  } else if (request.mode === "navigate" && url.pathname.startsWith(settings.scope)) {
    event.respondWith(page(request, !settings.neverKept.includes(url.pathname)));
  } else if (url.pathname === settings.manifest) {
    event.respondWith(page(request, true));
  }
});

// A page online asks for fresh shells: the offline pause's quotes move on with every pause.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "keep-shells") event.waitUntil(keepShells());
});
