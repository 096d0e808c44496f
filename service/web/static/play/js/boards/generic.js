// Any game's view, condensed: scalars as a definition list, lists of records as tables.

import { el, humanize, sideways, summarize } from "../words.js";
import { t } from "../i18n.js";

const HIDDEN = new Set(["topology", "game"]);

export function renderGeneric(view) {
  const facts = el("dl", { class: "facts" });
  const tables = [];
  for (const [key, value] of Object.entries(view || {})) {
    if (HIDDEN.has(key)) continue;
    if (Array.isArray(value) && value.length && value.every(isRecord)) tables.push(table(key, value));
    else facts.append(el("dt", {}, humanize(key)), el("dd", {}, folded(summarize(value))));
  }
  return el("section", { class: "generic", "aria-label": t("Table") }, facts, tables);
}

/** A long line folded to its start; the whole opens on demand (a <details>, keyboard-usable). */
function folded(text, most = 160) {
  if (text.length <= most) return text;
  return el("details", {}, el("summary", {}, `${text.slice(0, most)}…`), text);
}

const isRecord = (v) => v && typeof v === "object" && !Array.isArray(v);

/** Rows as a table (scrolling sideways, with a cue, where it is too wide); a column's heading is `headings[key]` (the page's own words), else the key made readable.
 *  `short`: each cell a few words, kept on one line on a phone (the table scrolls already), but for
 *  the columns named in `wraps` (a list of names), wide enough there for a few words a line. */
export function table(caption, rows, headings = {}, { short = false, wraps = [] } = {}) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return sideways(
    el(
      "table",
      {},
      el("caption", {}, humanize(caption)),
      el("thead", {}, el("tr", {}, columns.map((c) => el("th", { scope: "col" }, headings[c] ?? humanize(c))))),
      el("tbody", {}, rows.map((r) => el("tr", {}, columns.map((c) => el("td", { class: wraps.includes(c) ? "wraps" : null }, summarize(r[c])))))),
    ),
    { cls: short ? "one-line" : "" },
  );
}
