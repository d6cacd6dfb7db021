// WalkWorthy's service worker: shows the notifications the app plans (the test notification, an
// encouragement from a refresh) when their moment comes, even after the page that asked has closed.
// Where a notification leads comes from the server, in self.orchard.

const settings = self.orchard;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

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

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: "window" }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith(settings.home));
      return open ? open.focus() : self.clients.openWindow(settings.home);
    }),
  );
});
