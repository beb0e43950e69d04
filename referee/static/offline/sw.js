// Tonk Referee's service worker: the pages a table uses open without a network.
//
// Network first, always: a page is fetched and its answer kept; only when the network
// fails is the kept copy shown (the table "as last seen"). Kept answers are matched with
// their Vary header, so the fragment htmx asked for (HX-Request) and the whole page at
// the same address never stand in for each other. Nothing is ever sent from here: a hand
// entered offline is kept and sent by the page (static/offline/keep.js, send.js).

const PAGES = "tonk-referee-pages-v1";
// What is shown offline for a page never kept: the server's page saying so, in the phone's
// language (referee/web/pages/offline.py), kept again whenever a page asks to keep its links.
const NO_COPY = "/offline";

// Never kept: what must be live (the watch poll, the sender's token and answers, the
// API, downloads, the picture of the night: offline it fails as the browser says, never
// answered by a page) and this script itself.
const LIVE = [
  /\/live$/,
  /\/hands\/queued\//,
  /^\/api\//,
  /\/export\.(json|csv)$/,
  /\/settle-up\/picture\.svg$/,
  /^\/sw\.js$/,
];

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  // Older versions' caches go; this worker serves the pages already open.
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== PAGES).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

function keepable(request) {
  const url = new URL(request.url);
  return (
    request.method === "GET" &&
    url.origin === self.location.origin &&
    !LIVE.some((pattern) => pattern.test(url.pathname))
  );
}

// A copy is kept only of a plain success that is not a redirect (a share link opens its
// table through one) and that the server allows to be stored.
function worthKeeping(response) {
  const control = response.headers.get("Cache-Control") || "";
  return response.status === 200 && !response.redirected && !control.includes("no-store");
}

async function fetchAndKeep(request) {
  const response = await fetch(request);
  if (worthKeeping(response)) {
    const pages = await caches.open(PAGES);
    await pages.put(request, response.clone());
  }
  return response;
}

async function fromNetworkOrKept(request) {
  try {
    return await fetchAndKeep(request);
  } catch (offline) {
    const kept = await caches.match(request);
    if (kept) return kept;
    const noCopy =
      request.mode === "navigate" && (await caches.match(NO_COPY, { ignoreVary: true }));
    if (!noCopy) throw offline; // the browser's own offline page, in its own language
    return new Response(noCopy.body, { status: 503, headers: noCopy.headers });
  }
}

self.addEventListener("fetch", (event) => {
  if (keepable(event.request)) event.respondWith(fromNetworkOrKept(event.request));
});

// A copy fetched only to keep is marked so: the server then leaves the messages of what just
// happened ("House rules saved") to the page the player opens, and sends no session cookie
// (this request's may be older than the page's): referee/web/security.py.
function keeping(htmx) {
  return htmx ? { "X-Keep-Copy": "1", "HX-Request": "true" } : { "X-Keep-Copy": "1" };
}

// A table page asks for the pages it links to be kept now (the rules sheet, the referee's
// pages, the outcome forms), so they open offline even if never visited; it is told when
// they are. A page that fails to come is skipped: the others are still worth keeping.
self.addEventListener("message", (event) => {
  const { keep } = event.data || {};
  if (!Array.isArray(keep)) return;
  const asked = [...keep, { url: NO_COPY, htmx: false }].map(({ url, htmx }) =>
    fetchAndKeep(new Request(url, { headers: keeping(htmx) })).catch(() => null),
  );
  event.waitUntil(Promise.all(asked).then(() => event.ports[0]?.postMessage("kept")));
});
