// The match's log: its last lines, newest first, each with its seat's colour; a move an undo took
// back is struck through and says so; a line naming a place the map does not number can be shown there.

import { el, entryText, SEAT_COLOURS, undoneIn } from "./words.js";
import { held, t } from "./i18n.js";

const LOG_SHOWN = 150;

/** One log entry in words (a seat's private entry, seen by another, says only that it moved). */
export const logLine = (entry, seatName) => (entry.events.length ? entryText(entry.events) : `${seatName(entry.seat)} ${t("(something you cannot see)")}`);

export function logBox(log, board, seatName, showOnBoard) {
  const undone = undoneIn(log);
  const place = (entry) => (board && board.located && !undone.has(entry.version) ? board.located(entry.events) : null);
  const items = log.slice(-LOG_SHOWN).reverse().map((entry) => el("li", { value: entry.version, class: undone.has(entry.version) ? "undone" : null },
    // The seat's colour only: the server's lines name the seat already ("Ana took the Cutter"). An
    // entry of no seat (the set-up's, a rematch) has none.
    entry.seat === null ? null : [el("span", { class: "who", style: `color:${SEAT_COLOURS[entry.seat] || "#333"}`, title: seatName(entry.seat), "aria-hidden": "true" }, "●"), " "],
    undone.has(entry.version) ? [el("s", {}, held(logLine(entry, seatName))), " ", t("(taken back)")] : held(logLine(entry, seatName)),
    place(entry) ? [" ", el("button", { type: "button", class: "small quiet locate", onclick: () => showOnBoard(place(entry)) }, t("Show on the map"))] : null));
  // Focusable: a keyboard scrolls a long log (its lines hold no control, but in Catan's).
  // A new match's log says it is empty: an empty list was drawn as a bare line under its heading.
  const list = items.length ? el("ol", { reversed: true, tabindex: 0 }, items) : el("p", { class: "muted" }, t("Nothing played yet."));
  return el("section", { class: "log", "aria-label": t("Log") }, el("h2", {}, t("Log")), list);
}
