// Words: the server's own (move labels, event texts, seat names) where it sends them, a readable
// fallback for anything it sends without words (JSON keys and values as they are, in English);
// the seat colours; small DOM and SVG helpers.

import { t, lang } from "./i18n.js";

export const SEAT_COLOURS = ["#c62828", "#1565c0", "#e65100", "#2e7d32", "#6a1b9a"];

export function humanize(name) {
  const text = String(name).replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The server's bots by name (GET /v1/games/{game}: bots): the name is an id, the words the page's.
const BOT_WORDS = { greedy: t("greedy"), random: t("random"), random_bounded: t("random bounded") };
export const botName = (bot) => (Object.hasOwn(BOT_WORDS, bot) ? BOT_WORDS[bot] : bot);

/** The versions of a log's entries that an undo took back. */
export const undoneIn = (log) => new Set(log.filter((entry) => entry.kind === "undo").map((entry) => entry.undoes));

/** A short readable line for any JSON value (objects as "key value, …"). */
export function summarize(value, depth = 0) {
  if (value === null || value === undefined) return "–";
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  if (typeof value !== "object") return String(value).replaceAll("_", " ");
  if (depth > 2) return "…";
  if (Array.isArray(value)) return value.length ? value.map((v) => summarize(v, depth + 1)).join(", ") : t("none");
  if (typeof value.kind === "string" && "value" in value) return `${value.kind} ${value.value}`; // a tile or a card
  const parts = Object.entries(value)
    .filter(([k, v]) => v !== 0 && v !== null && v !== false && !(Array.isArray(v) && !v.length) && !(depth && k === "id"))
    .map(([k, v]) => `${k.replaceAll("_", " ")} ${summarize(v, depth + 1)}`);
  return parts.length ? parts.join(", ") : t("none");
}

/** A move as words: the server's label when it sends one, else its JSON made readable. */
export function moveText(move, label) {
  if (label) return label;
  const { type, ...rest } = move;
  const details = Object.entries(rest).map(([k, v]) => `${k.replaceAll("_", " ")} ${summarize(v)}`);
  return details.length ? `${humanize(type)}: ${details.join(", ")}` : humanize(type);
}

/** One event as words: its `text` when the server sends one. */
export function eventText(ev) {
  if (ev.text) return ev.text;
  const { type, ...rest } = ev;
  const details = Object.entries(rest).map(([k, v]) => `${k.replaceAll("_", " ")} ${summarize(v)}`);
  return details.length ? `${humanize(type)} (${details.join(", ")})` : humanize(type);
}

/** A log entry's events in one line. A seat that sees a private event beside the public one it
 *  details ("Ana drew a secret", then "Ana drew a secret: favour owed") reads the detailed one only. */
export function entryText(events) {
  const texts = events.map(eventText);
  return texts.filter((text, i) => {
    const then = texts[i + 1] || "";
    return !(then.length > text.length && then.startsWith(text));
  }).join(". "); // each event's text is a sentence of its own (it starts with a capital)
}

export function seatName(resource, seat) {
  const entry = (resource.seats || []).find((s) => s.seat === seat);
  if (entry && entry.name) return entry.name;
  // A game that names its seats (Medici's houses) is called so in the server's texts too.
  const house = ((resource.view || {}).players || [])[seat];
  const bot = entry && entry.status === "bot" ? botName(entry.bot) : null;
  if (house && house.name) return bot ? `${house.name} (${t("{bot} bot", { bot })})` : house.name;
  if (bot) return t("Seat {seat} ({bot} bot)", { seat, bot });
  return t("Seat {seat}", { seat });
}

// British English, as the page writes ("harbours", "colour"): "you, Ana and seat 2", no comma before "and".
const AND = new Intl.ListFormat(lang === "fr" ? "fr" : "en-GB", { type: "conjunction" });
/** Things as one phrase in the page's language: "0, 1 and 2", « 0, 1 et 2 ». */
export const listed = (items) => AND.format(items.map(String));

/**
 * Seats as one phrase: each by its name ("Ana and Bruno"), those with none grouped as one says them,
 * "seats 0 and 2" (« sièges 0 et 2 »; they read "Seat 0, Seat 2", a list of labels). `after`: the
 * French preposition the phrase comes after, said again before each further item as French does
 * (« à Ana et au siège 2 »); t() contracts it with a seat's article (« aux sièges 0 et 2 »). `lead`:
 * words said first ("you and seats 0 and 2").
 */
export function seatsSaid(seats, name, after = "", lead = []) {
  const unnamed = (seat) => { // "2 (greedy bot)" of "Seat 2 (greedy bot)"; null for a name
    const said = name(seat), bare = t("Seat {seat}", { seat });
    return said === bare || said.startsWith(`${bare} (`) ? said.slice(bare.length - String(seat).length) : null;
  };
  // Grouped when each says its kind or none does: "seats 0 and 2 (greedy bot)" read as two bots.
  const plain = seats.filter((seat) => unnamed(seat) !== null);
  const alike = new Set(plain.map((seat) => unnamed(seat).includes(" "))).size < 2;
  const phrases = [...lead, ...seats.flatMap((seat) => (plain.length < 2 || !alike || !plain.includes(seat) ? [name(seat)]
    : seat === plain[0] ? [t("seats {seats}", { seats: listed(plain.map(unnamed)) })] : []))];
  if (lang !== "fr" || !after) return listed(phrases);
  const again = (phrase) => (after === "de" && /^[aeiouyàâäéèêëîïôöùûüÿæœ]/iu.test(phrase) ? `d'${phrase}` : `${after} ${phrase}`);
  return listed(phrases.map((phrase, i) => (i ? again(phrase) : phrase)));
}

/** A seat's name, the reader's followed by "(you)" as in the players' tables: a phone's status line
 *  read "turn of Seat 0", and the player looked up to the tab for which seat was theirs. */
export const nameOrYou = (ctx, seat) => (seat === ctx.seat && seat != null ? `${ctx.seatName(seat)} ${t("(you)")}` : ctx.seatName(seat));

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SVG = "http://www.w3.org/2000/svg";
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A place to tap on a map: a button for the keyboard too. `move` null: the tap asks more. */
export function target(label, move, shape, act, attrs = {}) {
  const g = svg("g", {
    tabindex: 0, role: "button", "aria-label": label, "data-move": move ? JSON.stringify(move) : null, ...attrs,
    onclick: () => act(g),
    onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(g); } },
  }, shape, svg("title", {}, label));
  return g;
}

/**
 * A box that scrolls sideways on a narrow screen (a wide table), with a cue while it hides some of
 * it: "More columns: scroll sideways →" above it, and a shadow on each edge that has more beyond it.
 * Both follow the box's size and scroll (a ResizeObserver: a window turned or widened, a redraw).
 */
export function sideways(content, { hint = t("More columns: scroll sideways →"), cls = "", label = null } = {}) {
  const box = el("div", { class: `scroll ${cls}`.trim(), "aria-label": label }, content);
  const wrap = el("div", { class: "scroll-wrap" },
    el("p", { class: "scroll-hint", "aria-hidden": "true" }, hint),
    el("div", { class: "scroll-frame" }, box, el("span", { class: "shade left" }), el("span", { class: "shade right" })));
  const update = () => {
    const hidden = box.scrollWidth - box.clientWidth;
    const over = hidden > 1;
    wrap.classList.toggle("overflows", over);
    wrap.classList.toggle("more-left", over && box.scrollLeft > 1);
    wrap.classList.toggle("more-right", over && box.scrollLeft < hidden - 1);
    if (over) box.tabIndex = 0; // a keyboard scrolls it too
    else box.removeAttribute("tabindex");
  };
  box.addEventListener("scroll", update, { passive: true });
  if (typeof ResizeObserver === "function") {
    const watch = new ResizeObserver(update);
    watch.observe(box);
    if (content instanceof Element) watch.observe(content);
  }
  return wrap;
}
