// The page's own words in the browser's language, English or French, chosen as the server chooses
// from Accept-Language (the first of navigator.languages whose primary tag is fr or en, else English;
// <html lang> follows). t("English text {name}", { name }): the French keyed by the English text
// (js/fr.js; tests/browser/test_play_i18n.py checks both ways). The server's words come in its language as they are.

import { FR } from "./fr.js";

/** The language to write in: the first of `languages` whose primary tag is fr or en, else en. */
export function choose(languages) {
  for (const tag of languages || []) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (primary === "fr" || primary === "en") return primary;
  }
  return "en";
}

export const lang = choose(navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]);
const words = lang === "fr" ? FR : {};

/**
 * The text in the page's language, each {name} replaced by values[name]. An entry given as
 * [one, more] has a count, values.n: French takes the first for 0 and 1 (as the server's
 * Plural-Forms). English texts are their own keys, written for more than one: for 1, the word
 * after {n} loses its s ("1 coins" read on every Speicherstadt seat holding one coin).
 */
export function t(text, values = {}) {
  const entry = words[text] ?? (lang === "en" && values.n === 1 ? text.replace(/\{n\} ([a-z]+)s\b/, "{n} $1") : text);
  const more = lang === "fr" ? values.n > 1 : values.n !== 1; // French: 0 and 1 are singular
  return (Array.isArray(entry) ? entry[more ? 1 : 0] : entry).replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

document.documentElement.lang = lang;
document.title = t("Portside · play");
