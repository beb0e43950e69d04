// The hands kept on this phone, shown on their table's page and in its history as "not
// sent yet": what was entered, in words, and that the payout is worked out when it is sent
// (the house rules live on the server); a refused one with the server's words, to fix.

import { forget, keptFor, thisTable, update } from "./store.js";
import { changed, sendSoon } from "./send.js";
import { words as said } from "./words.js";

export function element(tag, className, words) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (words) made.textContent = words;
  return made;
}

function button(words, act) {
  const made = element("button", "small", words);
  made.type = "button";
  made.addEventListener("click", async () => {
    made.disabled = true;
    await act();
    changed();
  });
  return made;
}

function keptAt(hand) {
  return new Date(hand.kept).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function item(hand, behindRefused) {
  const line = element("li", "unsent-hand");
  const title = element("p");
  title.append(element("b", null, hand.kind), ` · ${said("kept_at", { time: keptAt(hand) })}`);
  const dealt = hand.dealer ? said("dealer", { dealer: hand.dealer }) : said("dealer_next");
  line.append(title, element("p", null, [...hand.words, dealt].join(" · ")));
  if (hand.refused) {
    for (const words of Object.values(hand.refused)) {
      line.append(element("p", "error", said("not_taken", { why: words })));
    }
    line.lastChild.setAttribute("role", "alert");
    const again = button(said("send_again"), async () => {
      await update({ ...hand, refused: null });
      sendSoon();
    });
    const remove = button(said("remove_it"), async () => {
      if (confirm(said("remove_ask", { kind: hand.kind.toLowerCase() }))) {
        await forget(hand.id);
        sendSoon(); // the hands waiting behind it may go now
      }
    });
    line.append(again, remove);
  } else {
    line.append(element("p", "muted", said("payout_later")));
  }
  if (behindRefused) line.append(element("p", "muted", said("waits")));
  return line;
}

function placed() {
  let section = document.getElementById("unsent");
  if (section) return section;
  section = element("section", "card unsent");
  section.id = "unsent";
  section.setAttribute("aria-label", said("not_sent"));
  const tally = document.getElementById("tally");
  if (tally) tally.before(section);
  else document.querySelector("main h1")?.after(section);
  return section;
}

// Show this table's kept hands (on its table page and its history), or nothing.
export async function showUnsent() {
  const table = thisTable();
  if (!table || ![table, `${table}/hands/`].includes(location.pathname)) return;
  const hands = await keptFor(table);
  if (!hands.length) {
    document.getElementById("unsent")?.remove();
    return;
  }
  const section = placed();
  const list = element("ol", "hands");
  let refusedAbove = false;
  for (const hand of hands) {
    list.append(item(hand, refusedAbove && !hand.refused));
    refusedAbove ||= Boolean(hand.refused);
  }
  section.replaceChildren(
    element("h2", null, said("not_sent_heading", { count: hands.length })),
    element("p", "muted", said("kept_here")),
    list,
  );
}
