// Offline first, exactly once: every page loads this module (base.html).

import * as keep from "./keep.js";
import { showUnsent } from "./list.js";
import { register } from "./pages.js";
import { onChange, sendSoon } from "./send.js";
import * as stale from "./stale.js";

const script = document.querySelector("script[data-service-worker]");
keep.listen();
stale.listen();
onChange(showUnsent);
showUnsent();
sendSoon();
window.addEventListener("online", sendSoon);
register(script?.dataset.serviceWorker);
