// Faith Jar's service worker: keeps the app readable with the network gone.
// Assets have content-hashed names, so a cached copy is always right (cache first). Pages change
// with every verse, so the network wins and the cache is the fallback (network first). Offline
// verses themselves come from the page script, which keeps the device's upcoming verses.

const CACHE = "faith-jar-v1";
const EMOTIONS = ["anxiety", "sadness", "joy", "loneliness", "anger", "gratitude"];
const SHELLS = ["/faith-jar/", ...EMOTIONS.map((e) => `/faith-jar/offline?emotion=${e}`)];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => Promise.all(SHELLS.map((url) => cache.add(url).catch(() => undefined))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** Pages and shells that helped once are kept, but never a redirect or an error. */
async function keep(request, response) {
  if (response.ok && !response.redirected && response.type === "basic") {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function assetFirstFromCache(request) {
  const cached = await caches.match(request);
  return cached || keep(request, await fetch(request));
}

async function pageFromNetwork(request) {
  try {
    return await keep(request, await fetch(request));
  } catch (error) {
    const cached = await caches.match(request, { ignoreVary: true });
    if (cached) return cached;
    const url = new URL(request.url);
    const emotion = url.pathname.match(/^\/faith-jar\/verse\/([a-z]+)/);
    const shell = emotion ? `/faith-jar/offline?emotion=${emotion[1]}` : "/faith-jar/";
    return (await caches.match(shell)) || Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(assetFirstFromCache(request));
  } else if (url.pathname.startsWith("/faith-jar/") && url.pathname !== "/faith-jar/offline.json") {
    event.respondWith(pageFromNetwork(request));
  }
});
