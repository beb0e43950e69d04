// The hands kept on this phone until the server has them: IndexedDB, which every tab of
// the app shares and which outlives reloads and closed tabs. A hand leaves it only when the
// server has answered with its number (or when the scorekeeper removes it).

const DB = "tonk-referee";
const UNSENT = "unsent";

function opened() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () =>
      request.result.createObjectStore(UNSENT, { keyPath: "id", autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

// One transaction on the store; resolves with the request's result once it is committed.
async function inStore(mode, act) {
  const db = await opened();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(UNSENT, mode);
    const request = act(transaction.objectStore(UNSENT));
    transaction.oncomplete = () => {
      db.close();
      resolve(request.result);
    };
    transaction.onerror = () => reject(transaction.error);
  });
}

// Every hand kept, in the order it was entered (the keys count up).
export const unsent = () => inStore("readonly", (store) => store.getAll());
export const keep = (hand) => inStore("readwrite", (store) => store.add(hand));
export const update = (hand) => inStore("readwrite", (store) => store.put(hand));
export const forget = (id) => inStore("readwrite", (store) => store.delete(id));

// The table whose page this is ("/t/5"), or undefined off a table's pages.
export const thisTable = () => location.pathname.match(/^\/t\/\d+/)?.[0];

// The hands kept for that table, in order.
export async function keptFor(table) {
  return (await unsent()).filter((hand) => hand.tokenUrl.startsWith(`${table}/`));
}
