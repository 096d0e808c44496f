// The page's own words in the browser's language, English or French, chosen as the server chooses
// from Accept-Language (the first of navigator.languages whose primary tag is fr or en, else English;
// <html lang> follows). t("English text {name}", { name }): the French keyed by the English text
// (js/fr.js and fr-smuggler.js; tests/browser/test_play_i18n.py checks both ways). The server's words come in its language as they are.

import { FR } from "./fr.js";
import { FR_SMUGGLER } from "./fr-smuggler.js";

/** The language to write in: the first of `languages` whose primary tag is fr or en, else en. */
export function choose(languages) {
  for (const tag of languages || []) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (primary === "fr" || primary === "en") return primary;
  }
  return "en";
}

export const lang = choose(navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]);
const words = lang === "fr" ? { ...FR, ...FR_SMUGGLER } : {};

// An unnamed seat reads « Siège 2 » ("Seat {seat}"), which is no name but « le siège 2 »: after a
// preposition French says its article as the server's texts do (engine/i18n.py sentence()),
// « bateau du siège 2 », « soudoyé par le siège 2 », « au tour du siège 2 » (they read « de Siège 2 »,
// « par Siège 2 »); a named seat stays as it is (« bateau de Zoé »).
const ARTICLE = { "à": "au", de: "du", avec: "avec le", contre: "contre le", par: "par le", pour: "pour le" };
const SEAT_AFTER = /(^|[\s(«])(à|de|avec|contre|par|pour) Siège[ \u00a0](\d)/g;
// Several seats likewise take theirs, « aux sièges 0 et 2 », « par les sièges 1 et 2 » (words.js seatsSaid).
const ARTICLES = { "à": "aux", de: "des", avec: "avec les", contre: "contre les", par: "par les", pour: "pour les" };
const SEATS_AFTER = /(^|[\s(«])(à|de|avec|contre|par|pour) sièges[ \u00a0](?=\d)/g;
// French elides « de » and « que » before a vowel, as the server's texts do (engine/i18n.py
// elidable): « au tour d'Ana », « bateau d'Émile » (they read « de Ana »). Only the word just before a
// placeholder, for the value put there; a template's own words and a name's inside stay as written.
const PLACEHOLDER = /(?:(?<!\p{L})((d|qu|lorsqu|puisqu)e) )?\{(\w+)\}/giu;
const VOWEL = /^[aeiouyàâäéèêëîïôöùûüÿæœ]/iu;
// The spaces French never breaks at become no-break ones (U+00A0), as the server's texts do
// (engine/i18n.py typeset): before « : ; ! ? », inside « », between a thing and its short code
// (« contrat A3 », « ligne de prix 2 », « n° 3 »). A phone showed « premier joueur » then « : Ana » on the next line.
const NO_BREAK = / (?=[:;!?»])|(?<=«) |(?<=\p{L}) (?=[A-Z]\d{1,2}(?![\p{L}\p{N}_]))|(?<=n°) (?=\d)/gu;
// Nor between a thing and its number (« siège 2 »), nor a count and what it counts (« 2 briques »).
const NUMBERED = /(?<!\p{L})((?:siège|manche|tour|ligne|prix|position|hexagone|intersection|officier|chemin|port|navire|force)s?) (?=\d)/giu;
const COUNT = /(?<![\u00a0\d])(\d+) (?!(?:et|ou|à)(?!\p{L}))(?=\p{L})/gu;
// English holds a thing to its number too ("Seat 0", "intersection 9"), and a count to what it counts
// ("1 lumber"): a table read « Seat / 0 / (you) », a log line « … on intersection / 9 », « collected 1 /
// lumber ». The server's English comes as it is (it sets French only): the log holds it with `held`.
// The same words as the terminal's (service/playlines.py).
const NUMBERED_EN = /(?<!\p{L})((?:seat|round|row|price|position|hex|intersection|path|vertex|edge|officer|harbour|ship|bag|bank|strength)s?) (?=\d)/giu;
const COUNT_EN = /(?<![\u00a0\d])(\d+) (?!(?:and|or|to|in|of|at|for|on|by|from)(?!\p{L}))(?=\p{L})/gu;
export const held = (text) => (lang === "en" ? String(text).replace(NUMBERED_EN, "$1\u00a0").replace(COUNT_EN, "$1\u00a0") : text);

/**
 * The text in the page's language, each {name} replaced by values[name]. An entry given as
 * [one, more] has a count, values.n: French takes the first under 2 either side of 0 (as the
 * server's Plural-Forms for 0 and 1; « -6 point » read on a seat the fires had cost 6). English texts are their own keys, written for more than one: for 1, the word
 * after {n} loses its s ("1 coins" read on every Speicherstadt seat holding one coin).
 */
export function t(text, values = {}) {
  const entry = words[text] ?? (lang === "en" && values.n === 1 ? text.replace(/\{n\} ([a-z]+)s\b/, "{n} $1") : text);
  const more = lang === "fr" ? Math.abs(values.n) > 1 : values.n !== 1; // French: -1, 0 and 1 are singular
  const said = (Array.isArray(entry) ? entry[more ? 1 : 0] : entry).replace(PLACEHOLDER, (all, word, stem, name) => {
    if (!(name in values)) return all;
    const value = String(values[name]);
    if (!word) return value;
    return lang === "fr" && VOWEL.test(value) ? `${stem}'${value}` : `${word} ${value}`;
  });
  if (lang !== "fr") return held(said);
  const seats = said.replace(SEAT_AFTER, (all, before, word, n) => `${before}${ARTICLE[word]} siège ${n}`)
    .replace(SEATS_AFTER, (all, before, word) => `${before}${ARTICLES[word]} sièges `);
  return seats.replace(NO_BREAK, "\u00a0").replace(NUMBERED, "$1\u00a0").replace(COUNT, "$1\u00a0");
}

document.documentElement.lang = lang;
document.title = t("Portside · play");
