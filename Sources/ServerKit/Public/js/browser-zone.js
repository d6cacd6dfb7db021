// Every Orchard app that counts days: the zone fields a page marks (data-browser-zone) get the
// browser's IANA zone, so a day ends where the person lives. The page marks a field only while it
// knows no zone of the person's own.

let zone = "";
try {
  zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
} catch {
  // A browser without time zone support keeps the server's default.
}
if (zone) {
  for (const field of document.querySelectorAll("input[data-browser-zone]")) field.value = zone;
}
