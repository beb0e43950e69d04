// Keeping a hand on the phone when Check or Save cannot reach the server.
//
// The hand form's own fields are kept, as typed, with a one-time key made here (a form
// opened from the phone's copy of a page carries the key of that copy, which another hand
// may have used). The dealer is kept only when the scorekeeper changed it: the form's own
// choice is the deal as the copy saw it, and each hand kept before this one moved the deal
// on; left out, the server deals to whoever is next when the hand arrives.

import { keep } from "./store.js";
import { changed, sendSoon } from "./send.js";
import { words } from "./words.js";

const NOT_KEPT = new Set(["csrf_token", "previewed", "inline", "entry_key", "dealer"]);

function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_");
}

const text = (element) => (element ? element.textContent.replace(/\s+/g, " ").trim() : "");

// A question as it reads: each word of it that opens a meaning (macros.html `term`) is
// that word alone, without the meaning.
function question(legend) {
  if (!legend) return "";
  const copy = legend.cloneNode(true);
  for (const term of copy.querySelectorAll(".term")) {
    term.replaceWith(text(term.querySelector("summary")));
  }
  return text(copy);
}

// What was typed, in words, for the list of kept hands: the answers chosen, the totals.
function inWords(form) {
  const lines = [];
  for (const group of form.querySelectorAll("fieldset.choices")) {
    const chosen = [...group.querySelectorAll("input:checked")].map((i) => text(i.closest("label")));
    if (chosen.length) lines.push(`${question(group.querySelector("legend"))} ${chosen.join(", ")}`);
  }
  for (const box of form.querySelectorAll("input[inputmode=numeric]")) {
    if (box.value.trim()) lines.push(`${text(box.labels[0])}: ${box.value.trim()}`);
  }
  return lines;
}

function dealerChosen(form) {
  const dealer = form.elements.dealer;
  const proposed = dealer && [...dealer.options].find((option) => option.defaultSelected);
  return dealer && proposed && dealer.value !== proposed.value ? dealer.selectedOptions[0] : null;
}

async function keepHand(form) {
  const sendUrl = new URL(form.dataset.unsentSend, location.href);
  const fields = [...new FormData(form)].filter(([name]) => !NOT_KEPT.has(name));
  const dealer = dealerChosen(form);
  if (dealer) fields.push(["dealer", dealer.value]);
  fields.push(["entry_key", newKey()]);
  await keep({
    sendUrl: sendUrl.pathname,
    tokenUrl: new URL(".", sendUrl).pathname,
    fields,
    kind: form.dataset.unsentKind,
    words: inWords(form),
    dealer: dealer ? text(dealer) : null,
    kept: new Date().toISOString(),
    refused: null,
  });
  const done = document.createElement("p");
  done.className = "flash";
  done.setAttribute("role", "status");
  done.textContent = words("kept");
  form.replaceWith(done);
  changed();
  sendSoon();
}

// Offered in the form, above its button, once a request of the form failed to go out.
function offerToKeep(form) {
  if (form.querySelector(".keep-offline")) return;
  const offer = document.createElement("div");
  offer.className = "keep-offline";
  offer.setAttribute("role", "alert");
  const why = document.createElement("p");
  why.textContent = words("offer");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "primary";
  button.textContent = words("keep_it");
  button.addEventListener("click", () => {
    button.disabled = true; // one tap, one hand
    keepHand(form);
  });
  offer.append(why, button);
  const check = form.querySelector("button.primary");
  if (check) check.before(offer);
  else form.append(offer);
}

export function listen() {
  document.body.addEventListener("htmx:sendError", (event) => {
    const form = event.detail.elt.closest("form[data-unsent-send]");
    if (form) offerToKeep(form);
  });
}
