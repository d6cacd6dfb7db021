// Small changes update the screen in place, in every app: a form marked `data-in-place` is sent
// with fetch, and the parts of the screen it names (CSS selectors, comma-separated) are taken from
// the page the server answers with. Without JavaScript, or when the answer is not that page (an
// error, a locked screen), the form posts as usual: the plain post is always the fallback.
//
//   data-in-place="#apps-setting,.settings-notice"  the parts to swap
//   data-expect="/miga/settings"                     the path the post must lead to (optional)
//   data-focus="#app-search"                         where focus goes after the swap (optional)
//
// After a swap the document hears `orchard:replaced`, so an app can enhance the new parts.

async function postInPlace(form) {
  const response = await fetch(form.action, {
    method: "POST", credentials: "same-origin", redirect: "follow",
    body: new URLSearchParams(new FormData(form)),
  });
  const returnTo = form.querySelector("input[name=return]")?.value;
  const expected = form.dataset.expect || (returnTo && new URL(returnTo, location.href).pathname);
  if (!response.ok || (expected && new URL(response.url).pathname !== expected)) return null;
  return new DOMParser().parseFromString(await response.text(), "text/html");
}

document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.inPlace || event.defaultPrevented) return;
  event.preventDefault();
  try {
    const fresh = await postInPlace(form);
    if (!fresh) throw new Error("not the page this form leads to");
    for (const selector of form.dataset.inPlace.split(",")) {
      const incoming = fresh.querySelector(selector);
      const current = document.querySelector(selector);
      if (incoming && current) current.replaceWith(incoming);
    }
    document.title = fresh.title;
    document.dispatchEvent(new CustomEvent("orchard:replaced"));
    const focus = form.dataset.focus && document.querySelector(form.dataset.focus);
    if (focus) focus.focus();
  } catch {
    form.submit();
  }
});
