// The words these scripts show, in the page's language: the server renders them into the
// page as a JSON data block (referee/web/script_words.py), since no script is inline.

const block = document.getElementById("words");
const WORDS = block ? JSON.parse(block.textContent) : {};
const plural = new Intl.PluralRules(document.documentElement.lang || "en");

// The words named, with each `{name}` filled from `values`; a count's words in the plural
// category of `values.count` in the page's language.
export function words(name, values = {}) {
  let said = WORDS[name] ?? name;
  if (typeof said === "object") said = said[plural.select(values.count)] ?? said.other;
  return said.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}
