// Sending the kept hands, once each, in the order they were entered.
//
// Exactly once rests on the hand's one-time key: the server enters a key once and answers a
// resend of it with the same hand, so a send whose answer was lost (the network dropped, the
// server answered 500, the tab was closed) is simply sent again. A hand leaves the phone only
// once the server has answered with its number. One tab sends at a time (the Web Locks API),
// so tabs do not race each other for the same hands; a refused hand stays, with the words of
// the refusal, and the later hands of its table wait behind it, their order kept.

import { forget, unsent, update } from "./store.js";
import { words } from "./words.js";

const LOCK = "tonk-referee-sending";
const FIRST_WAIT = 2000; // ms before trying again after a failed send, doubled up to...
const LONGEST_WAIT = 30000;
const NO_ACCESS = { form: words("no_access") };

// Told whenever the kept hands change, in this tab and in every other tab of the app.
const others = new BroadcastChannel("tonk-referee-unsent");
const listeners = [];
export function onChange(listener) {
  listeners.push(listener);
  others.addEventListener("message", listener);
}
export function changed() {
  listeners.forEach((listener) => listener());
  others.postMessage("changed");
}

// The network is down, or the server failed: nothing to tell the scorekeeper, try later.
class NotNow extends Error {}

// An answer that is not our server's JSON (a captive Wi-Fi portal's page, say) is no answer.
function jsonOf(answer) {
  return answer.json().catch(() => {
    throw new NotNow("the answer was not the server's");
  });
}

// What the server's answer means for a kept hand: its number, or a refusal to show on it.
async function answered(answer) {
  if (answer.status === 200) return { no: (await jsonOf(answer)).no };
  if (answer.status === 422) return { refused: (await jsonOf(answer)).refused };
  if (answer.status === 403 || answer.status === 404) return { refused: NO_ACCESS };
  if (answer.status >= 500) throw new NotNow(`the server answered ${answer.status}`);
  return { refused: { form: words("not_taken_status", { status: answer.status }) } };
}

// A CSRF token asked for now: the page's own may have run out while the hand waited.
async function freshToken(hand) {
  const answer = await fetch(hand.tokenUrl, { headers: { Accept: "application/json" } });
  if (answer.status !== 200) return answered(answer);
  return { token: (await jsonOf(answer)).csrf_token };
}

async function sendOne(hand, token) {
  const answer = await fetch(hand.sendUrl, {
    method: "POST",
    headers: { "X-CSRFToken": token, Accept: "application/json" },
    body: new URLSearchParams(hand.fields),
  });
  return answered(answer);
}

// Every kept hand that may go, in order; true when the lock was elsewhere (try again later).
async function sendKept() {
  const stopped = new Set(); // tables whose next hand was refused: the rest wait behind it
  const tokens = new Map();
  for (const hand of await unsent()) {
    if (hand.refused) stopped.add(hand.tokenUrl);
    if (stopped.has(hand.tokenUrl)) continue;
    if (!tokens.has(hand.tokenUrl)) tokens.set(hand.tokenUrl, await freshToken(hand));
    const { token, refused } = tokens.get(hand.tokenUrl);
    const answer = refused ? { refused } : await sendOne(hand, token);
    if (answer.refused) {
      await update({ ...hand, refused: answer.refused });
      stopped.add(hand.tokenUrl);
    } else {
      await forget(hand.id);
    }
    changed();
  }
  return false;
}

function withLock(task) {
  if (!navigator.locks) return task(); // the server's keys still keep each hand single
  return navigator.locks.request(LOCK, { ifAvailable: true }, (lock) => (lock ? task() : true));
}

let wait = FIRST_WAIT;
let timer = null;

// Send now, and again later while hands wait for the network or the server.
export async function sendSoon() {
  clearTimeout(timer);
  let again;
  try {
    again = await withLock(sendKept);
    wait = FIRST_WAIT;
  } catch (error) {
    if (!(error instanceof NotNow || error instanceof TypeError)) throw error; // TypeError: offline
    again = true;
    wait = Math.min(wait * 2, LONGEST_WAIT);
  }
  if (again) timer = setTimeout(sendSoon, wait);
}
