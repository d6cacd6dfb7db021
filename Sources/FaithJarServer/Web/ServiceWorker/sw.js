// Faith Jar's service worker: keeps the app readable with the network gone.
// Assets have content-hashed names, so a cached copy is always right (cache first). Pages change
// with every verse, so the network wins and the cache is the fallback (network first). Offline
// verses themselves come from the page script, which keeps the device's upcoming verses.
// What to keep and where each feeling's shell lives come from the server, in self.orchard.

const settings = self.orchard;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(settings.cache)
      .then((cache) => Promise.all(settings.shells.map((url) => cache.add(url).catch(() => undefined))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      // Every app of the origin keeps caches of its own: only Faith Jar's older copies go.
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("faith-jar-") && key !== settings.cache).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** Pages and shells that helped once are kept, but never a redirect or an error. */
async function keep(request, response) {
  if (response.ok && !response.redirected && response.type === "basic") {
    const cache = await caches.open(settings.cache);
    await cache.put(request, response.clone());
  }
  return response;
}

async function assetFirstFromCache(request) {
  const cached = await caches.match(request);
  return cached || keep(request, await fetch(request));
}

/** The shell that stands in for a page: its feeling's verse shell, or the app's first page. */
function shellFor(pathname) {
  const verse = settings.verses.find((entry) => pathname === entry.page || pathname.startsWith(entry.page + "/"));
  return verse ? verse.shell : settings.scope;
}

async function pageFromNetwork(request) {
  try {
    return await keep(request, await fetch(request));
  } catch (error) {
    const cached = await caches.match(request, { ignoreVary: true });
    if (cached) return cached;
    return (await caches.match(shellFor(new URL(request.url).pathname))) || Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(assetFirstFromCache(request));
  } else if (url.pathname.startsWith(settings.scope) && url.pathname !== settings.offlineVerses) {
    event.respondWith(pageFromNetwork(request));
  }
});
