// Never a bare figure that leaves out a kept hand. A table's pages show what the server
// worked out, and the server has not seen the hands kept on this phone; nor can the phone
// count them in, since the house rules live on the server. So while the phone keeps hands
// of a table, its pages say at the top how many are not counted yet, and label each block
// the templates mark with `data-counted`: "figures" (the tally and its chart, settle-up's
// balances) and "deal" (the dealer, the pot, the run) read "Before the N kept hands";
// "payments" (settle-up's who pays whom) is folded away as not final; "dealer" (the
// header's, one row at 360 px) reads "Dealer: later"; "presumed" (a hand form's answer
// chosen for the table from the deal or the turn, which the kept hands moved on) is
// undone, its words with it, so the player is tapped instead.
//
// A label is never lowered in place: once a hand is sent its block leaves out one more
// than the phone keeps. The table page fetches its tally and deal again instead (the fresh
// copies are labelled with what is still kept), and any other page is loaded again.

import { element } from "./list.js";
import { POLL } from "./stale.js";
import { keptFor, thisTable } from "./store.js";
import { words } from "./words.js";

const BLOCKS = "[data-counted]";
const SETTLE = 500; // ms: the hands sent in one go are counted again in one go

let kept = 0; // this table's hands on the phone, as last counted
let timer = null;

function noted(block, lines) {
  let note = block.querySelector(":scope > .before-kept");
  if (!note) {
    note = element("div", "before-kept");
    block.prepend(note);
  }
  note.replaceChildren(...lines.map((line) => element("p", null, line)));
}

// Who pays whom, behind a tap, so that nobody pays from it by mistake.
function foldedAway(block, count) {
  let folded = block.querySelector(":scope > details.before-kept");
  if (!folded) {
    folded = element("details", "before-kept");
    folded.append(element("summary"), ...block.childNodes);
    block.append(folded);
  }
  folded.querySelector("summary").textContent = words("payments_before_kept", { count });
}

function undone(block) {
  block.querySelectorAll("input:checked").forEach((choice) => (choice.checked = false));
  block.querySelector(":scope > .hint")?.remove();
}

function label(block, count) {
  const before = words("before_kept", { count });
  const how = block.dataset.counted;
  if (how === "presumed") undone(block);
  else if (how === "dealer") block.textContent = words("header_dealer_kept");
  else if (how === "payments") foldedAway(block, count);
  else if (how === "deal") noted(block, [before, words("dealer_after_kept", { count })]);
  else noted(block, [before]);
  block.dataset.before = count;
}

function sayHowMany() {
  let notice = document.getElementById("uncounted");
  if (!kept) {
    notice?.remove();
    return;
  }
  if (!notice) {
    notice = element("p", "uncounted");
    notice.id = "uncounted";
    notice.setAttribute("role", "status");
  }
  notice.textContent = words("uncounted", { count: kept });
  const main = document.querySelector("main");
  // Below what was just said (#said, which a saved hand empties) and a page's heading.
  const above = [...main.querySelectorAll(":scope > #said, :scope > h1")].pop();
  if (above) above.after(notice);
  else main.prepend(notice);
}

// Hands were sent (or removed): the server's figures, now, in place of the ones shown.
function countAgain() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    const poll = document.querySelector(POLL);
    if (!poll) location.reload();
    else htmx.ajax("GET", poll.getAttribute("hx-get"), { target: poll, swap: "outerHTML" });
  }, SETTLE);
}

// Say how many of this table's hands the page leaves out, and label what leaves them out.
export async function showUncounted() {
  const table = thisTable();
  if (!table || !document.querySelector(BLOCKS)) return;
  const before = kept;
  kept = (await keptFor(table)).length;
  sayHowMany();
  if (kept < before) countAgain();
  else if (kept) document.querySelectorAll(BLOCKS).forEach((block) => label(block, kept));
}

// A tally or a deal swapped in by htmx is the server's: labelled with what is still kept.
export function listen() {
  document.body.addEventListener("htmx:afterSettle", () => {
    if (!kept) return;
    document.querySelectorAll(`${BLOCKS}:not([data-before])`).forEach((b) => label(b, kept));
  });
}
