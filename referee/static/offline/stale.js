// The tally polls the server every 2 s (partials/tally.html). While the polls fail, the
// tally shown is the last one received: say so, and since when, until a poll succeeds.

import { words } from "./words.js";

// What polls: the table page's tally (a page without it is loaded again to be current).
export const POLL = "[hx-trigger^='every']";
let lastFresh = new Date();

function sayStale(tally) {
  let notice = document.getElementById("tally-stale");
  if (!notice) {
    notice = document.createElement("p");
    notice.id = "tally-stale";
    notice.className = "stale-tally";
    notice.setAttribute("role", "status");
    tally.before(notice);
  }
  const since = lastFresh.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  notice.textContent = words("stale", { time: since });
}

export function listen() {
  document.body.addEventListener("htmx:afterRequest", (event) => {
    const tally = event.detail.elt;
    if (!tally.matches?.(POLL)) return;
    if (event.detail.successful) {
      lastFresh = new Date();
      document.getElementById("tally-stale")?.remove();
    } else {
      sayStale(tally);
    }
  });
}
