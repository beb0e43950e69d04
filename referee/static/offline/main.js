// Offline first, exactly once: every page loads this module (base.html).

import * as counted from "./counted.js";
import * as keep from "./keep.js";
import { showUnsent } from "./list.js";
import { register } from "./pages.js";
import { onChange, sendSoon } from "./send.js";
import * as stale from "./stale.js";

const script = document.querySelector("script[data-service-worker]");

// The list of kept hands first: the notice of what they leave out goes above it.
async function showKept() {
  await showUnsent();
  await counted.showUncounted();
}

keep.listen();
stale.listen();
counted.listen();
onChange(showKept);
showKept();
sendSoon();
window.addEventListener("online", sendSoon);
register(script?.dataset.serviceWorker);
