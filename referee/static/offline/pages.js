// The service worker (served at /sw.js) keeps the pages this phone opened; a table's page
// also asks it to keep the pages it links to (the rules sheet, the history, settle up, the
// referee's pages) and its outcome forms, so they open offline before ever being visited.
// Service workers need a secure context (HTTPS, or this computer): elsewhere the pages are
// simply not kept, and a hand entered offline is still kept and sent (keep.js, send.js).

function linked() {
  const pages = [...document.querySelectorAll("header nav a[href]")].map((a) => ({
    url: a.href,
    htmx: false,
  }));
  const forms = [...document.querySelectorAll(".outcomes a[hx-get]")].map((a) => ({
    url: new URL(a.getAttribute("hx-get"), location.href).href,
    htmx: true,
  }));
  return [{ url: location.href, htmx: false }, ...pages, ...forms];
}

function askToKeep(worker, pages) {
  return new Promise((resolve) => {
    const reply = new MessageChannel();
    reply.port1.onmessage = resolve;
    worker.postMessage({ keep: pages }, [reply.port2]);
  });
}

export async function register(script) {
  if (!("serviceWorker" in navigator) || !script) return;
  await navigator.serviceWorker.register(script);
  const { active } = await navigator.serviceWorker.ready;
  if (navigator.onLine) await askToKeep(active, linked());
  // Said on the page, for the browser tests and anyone curious: these pages open offline.
  document.documentElement.dataset.offline = "kept";
}
