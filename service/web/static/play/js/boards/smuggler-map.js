// Cornish Smuggler's map of West Cornwall, drawn from GET /v1/games/smuggler/static (spaces,
// their x/y, links, merchants) and the view (officers, network pawns, boats, goods, warehouses),
// with the dashed rings where the seat's moves go, its legend and the same pieces in words.

import { el, svg, SEAT_COLOURS, moveText, target } from "../words.js";
import { moveButton } from "../moves.js";
import { t } from "../i18n.js";
import { word, capital, seatOf, spaceName, placeName, boatName, kindWord, warehouseInfo } from "./smuggler-words.js";

const S = 10; // map units per grid step (the content's grid is 100 x 64)
export const MERCHANT_COLOUR = { irish: "#2e7d32", dutch: "#e65100", roscoff: "#6a1b9a" };
const LAND = "#e8dfbd", SEA = "#a9cfe8", INK = "#3b2f1e";
const OFFICER = "#0d2f5e";

/** The legal moves that go to a place on the map, by that place (a pawn, a boat, an officer, a cove). */
export function spotsOf(resource, data) {
  const spots = new Map();
  const labels = resource.move_labels || [];
  (resource.legal_moves || []).forEach((move, i) => {
    // The customs' "which officer" is asked where each officer stands (the map marked neither).
    const officer = move.type === "choose_officer" ? resource.view?.officers?.[move.officer]?.space : undefined;
    const space = move.space ?? move.to ?? move.cove ?? officer;
    if (!space || !(data.land[space] || data.sea[space] || data.merchants[space])) return;
    if (!spots.has(space)) spots.set(space, []);
    spots.get(space).push([move, moveText(move, labels[i])]);
  });
  return spots;
}

/**
 * Each match's map keeps its sideways scroll across redraws (each draws a new map); and when no
 * marked place is in sight, the nearest one is brought to the middle (on a phone the map shows
 * half its width: a hire's pawn may only go to the far side).
 */
const mapLeft = new Map(); // match id -> scrollLeft
export function keepInSight(box, marks, matchId) {
  requestAnimationFrame(() => {
    if (!box || !box.isConnected) return;
    box.scrollLeft = mapLeft.get(matchId) || 0;
    box.addEventListener("scroll", () => mapLeft.set(matchId, box.scrollLeft), { passive: true });
    const view = box.getBoundingClientRect();
    const rings = marks.map((mark) => mark.getBoundingClientRect());
    if (!rings.length || rings.some((r) => r.left >= view.left && r.right <= view.right)) return;
    const middle = view.left + view.width / 2;
    const near = rings.reduce((a, b) => (Math.abs(b.left - middle) < Math.abs(a.left - middle) ? b : a));
    box.scrollLeft += near.left + near.width / 2 - middle;
  });
}

export function map(view, data, ctx, spots, choice) {
  const at = (id) => {
    const p = data.land[id] || data.sea[id] || data.merchants[id];
    return p ? [p.x * S, p.y * S] : null;
  };
  const items = [];
  // The land: a soft blob around the land spaces and their links (a sketch, not a coastline).
  const mainland = Object.entries(data.land).filter(([id]) => data.land_links.some((l) => l.includes(id)));
  const islands = Object.entries(data.land).filter(([id]) => !data.land_links.some((l) => l.includes(id)));
  items.push(svg("defs", {}, svg("filter", { id: "smug-coast", x: "-10%", y: "-10%", width: "120%", height: "120%" },
    svg("feGaussianBlur", { in: "SourceGraphic", stdDeviation: 18, result: "b" }),
    svg("feColorMatrix", { in: "b", type: "matrix", values: "1 0 0 0 0  0 1 0 0 0  0 0 1 0 0  0 0 0 30 -12" }))));
  items.push(svg("g", { filter: "url(#smug-coast)", fill: LAND, stroke: LAND },
    mainland.map(([, p]) => svg("circle", { cx: p.x * S, cy: p.y * S, r: 62 })),
    data.land_links.map(([a, b]) => svg("line", { x1: at(a)[0], y1: at(a)[1], x2: at(b)[0], y2: at(b)[1], "stroke-width": 100, "stroke-linecap": "round" })),
    islands.map(([, p]) => svg("circle", { cx: p.x * S, cy: p.y * S, r: 48 }))));
  // Links: boats go by sea (dashed), pawns, goods and officers by land (solid).
  for (const [a, b] of data.sea_links) {
    const [p, q] = [at(a), at(b)];
    if (p && q) items.push(svg("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], class: "sea-link" }));
  }
  for (const [a, b] of data.land_links) {
    const [p, q] = [at(a), at(b)];
    if (p && q) items.push(svg("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], class: "land-link" }));
  }
  // What lies on each space, then every name where it collides with no marker and no other name.
  const pieces = piecesBySpace(view, data, ctx);
  const labels = new Labels();
  const spaces = [
    ...Object.entries(data.land).map(([id, s]) => landSpace(id, s, pieces[id])),
    ...Object.entries(data.sea).map(([id, s]) => seaSpace(id, s, pieces[id])),
    ...Object.entries(data.merchants).map(([id, m]) => merchantSpace(id, m, view, pieces[id])),
  ];
  spaces.forEach((sp) => labels.block(sp.box));
  spaces.forEach((sp) => sp.node.append(labels.place(sp)));
  items.push(...spaces.map((sp) => sp.node));
  // Where the seat's moves go: a dashed ring round each place, a tap plays the move there (or,
  // with several, lists them under the map).
  const byId = Object.fromEntries(spaces.map((sp) => [sp.id, sp]));
  for (const [space, moves] of spots) {
    const { x, y, r } = byId[space];
    const ring = data.merchants[space] ? 30 : r + 8;
    const name = spaceName(data, space);
    const shape = [svg("circle", { cx: x, cy: y, r: Math.max(ring, 24), class: "hit" }), svg("circle", { cx: x, cy: y, r: ring, class: "target spot" })];
    const label = moves.length === 1 ? moves[0][1] : t("{name}: {n} moves, listed under the map", { name, n: moves.length });
    items.push(target(label, moves.length === 1 ? moves[0][0] : null, shape, (g) => {
      if (moves.length === 1) return ctx.post(moves[0][0]);
      g.parentNode.querySelectorAll(".chosen").forEach((other) => other.classList.remove("chosen"));
      g.classList.add("chosen");
      choice.replaceChildren(el("h3", {}, t("{name}:", { name })), el("div", { class: "move-group" }, moves.map(([move, text]) => moveButton(move, text, ctx.post))));
      choice.scrollIntoView({ block: "nearest" });
      choice.querySelector("button").focus({ preventScroll: true });
    }, { "data-spot": space }));
  }
  const [x0, y0, x1, y1] = labels.bounds(10);
  return svg("svg", { viewBox: [x0, y0, x1 - x0, y1 - y0].join(" "), class: "smug-map", role: "group", "aria-label": t("The map of West Cornwall with every piece (listed in words below)") },
    svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, fill: SEA }), items);
}

/** A greedy label placer: each name goes below its space, else right, left or above, wherever
 * it overlaps no marker, no piece and no name placed before; where every place overlaps
 * something, the one that hides least (a marker or a piece counts thrice a name). The map's
 * bounds follow. */
class Labels {
  constructor() {
    this.taken = [];
  }

  block(box) {
    this.taken.push({ box, weight: 3 });
  }

  place({ x, y, r, up, text, cls, size }) {
    const w = textWidth(text, cls, size) + 10, h = size + 2; // the rendered width, with its halo
    const candidates = [
      [x, y + r + size + 1, "middle"],
      [x + r + 6, y + size * 0.35, "start"],
      [x - r - 6, y + size * 0.35, "end"],
      [x + r - 2, y + r + size, "start"],
      [x - r + 2, y + r + size, "end"],
      [x, y - up - 6, "middle"],
      [x + r - 2, y - r - 4, "start"],
      [x - r + 2, y - r - 4, "end"],
      [x, y + r + 2 * size + 4, "middle"],
      [x + r + 6, y + r + 2 * size + 4, "start"],
      [x - r - 6, y + r + 2 * size + 4, "end"],
    ];
    const boxOf = ([lx, ly, anchor]) => {
      const left = anchor === "middle" ? lx - w / 2 : anchor === "start" ? lx : lx - w;
      return [left, ly - h * 0.8, left + w, ly + h * 0.25];
    };
    const hidden = (c) => this.taken.reduce((sum, { box, weight }) => sum + weight * overlap(boxOf(c), box), 0);
    let best = candidates.find((c) => hidden(c) === 0);
    if (!best) best = candidates.reduce((a, b) => (hidden(b) < hidden(a) ? b : a));
    this.taken.push({ box: boxOf(best), weight: 1 });
    return svg("text", { x: best[0], y: best[1], "text-anchor": best[2], class: cls }, text);
  }

  bounds(pad) {
    const b = [Infinity, Infinity, -Infinity, -Infinity];
    for (const { box: [a, c, d, e] } of this.taken) {
      b[0] = Math.min(b[0], a); b[1] = Math.min(b[1], c); b[2] = Math.max(b[2], d); b[3] = Math.max(b[3], e);
    }
    return [b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad];
  }
}

/** The area two boxes share ([left, top, right, bottom]). */
const overlap = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));

/** A name's width as the map draws it (style.css: the font of .space-name, .sea-name, .merchant-name). */
const FONT = { "sea-name": "italic 500", "space-name": "600", "merchant-name": "600" };
let measure = null;
function textWidth(text, cls, size) {
  measure = measure || document.createElement("canvas").getContext("2d");
  measure.font = `${FONT[cls] || "600"} ${size}px system-ui, sans-serif`;
  return measure.measureText(text).width || text.length * size * 0.7;
}


/** Every piece on the map, as glyphs grouped by space (boats, officers, pawns, goods, warehouses). */
function piecesBySpace(view, data, ctx) {
  const by = {};
  const add = (space, glyph) => space && (by[space] = by[space] || []).push(glyph);
  view.players.forEach((p) => {
    if (!p.boat || !p.boat.space) return;
    const seat = seatOf(ctx, p.seat);
    add(p.boat.space, boatGlyph(p.seat, p.boat.hold ? t("{seat}'s boat ({boat})", { seat, boat: boatName(data, p.boat.hold) }) : t("{seat}'s boat", { seat })));
  });
  view.officers.forEach((o) => {
    if (!o.space) return;
    const n = o.officer + 1;
    add(o.space, officerGlyph(o, o.bribed_by != null ? t("Customs officer {n}, bribed by {seat}", { n, seat: seatOf(ctx, o.bribed_by) }) : t("Customs officer {n}", { n })));
  });
  view.players.forEach((p) => p.pawns.forEach((space) => add(space, pawnGlyph(p.seat, t("{seat}'s network pawn", { seat: seatOf(ctx, p.seat) })))));
  for (const [sid, g] of Object.entries(view.goods)) {
    if (g.where !== "board") continue;
    add(g.space, goodsGlyph(g, capital(t("{kind} goods ({n} squares) of {seat}", { kind: kindWord(g.kind), n: data.shapes[g.kind]?.length ?? "?", seat: seatOf(ctx, g.owner) })), sid));
  }
  for (const [wid, w] of Object.entries(view.warehouses)) {
    if (!w.space || (w.owner == null && !w.fixed)) continue;
    const name = warehouseInfo(data, wid).name;
    add(w.space, warehouseGlyph(w, w.owner != null ? t("{warehouse}, {seat}'s", { warehouse: name, seat: seatOf(ctx, w.owner) }) : t("{warehouse}, nobody's yet", { warehouse: name })));
  }
  return by;
}

const boatGlyph = (seat, title) => ({ w: 30, draw: (x, y) => svg("g", {}, svg("title", {}, title),
  svg("path", { d: `M${x - 15},${y - 3} L${x + 15},${y - 3} L${x + 9},${y + 8} L${x - 9},${y + 8} Z`, fill: SEAT_COLOURS[seat], stroke: "#fff", "stroke-width": 2 }),
  svg("path", { d: `M${x},${y - 3} L${x},${y - 18} L${x + 10},${y - 6} Z`, fill: "#fff", stroke: SEAT_COLOURS[seat], "stroke-width": 2 })) });

const officerGlyph = (o, title) => ({ w: 24, draw: (x, y) => svg("g", {}, svg("title", {}, title),
  svg("rect", { x: x - 10, y: y - 10, width: 20, height: 20, rx: 3, fill: OFFICER, stroke: o.bribed_by != null ? SEAT_COLOURS[o.bribed_by] : "#fff", "stroke-width": o.bribed_by != null ? 4 : 2 }),
  svg("text", { x, y: y + 5, "text-anchor": "middle", class: "glyph-text" }, String(o.officer + 1))) });

const pawnGlyph = (seat, title) => ({ w: 20, draw: (x, y) => svg("g", {}, svg("title", {}, title),
  svg("circle", { cx: x, cy: y - 6, r: 5.5, fill: SEAT_COLOURS[seat], stroke: "#fff", "stroke-width": 1.5 }),
  svg("path", { d: `M${x - 8},${y + 10} L${x - 4},${y - 1} L${x + 4},${y - 1} L${x + 8},${y + 10} Z`, fill: SEAT_COLOURS[seat], stroke: "#fff", "stroke-width": 1.5 })) });

const goodsGlyph = (g, title) => ({ w: 18, draw: (x, y) => svg("g", {}, svg("title", {}, title),
  svg("rect", { x: x - 8, y: y - 8, width: 16, height: 16, fill: MERCHANT_COLOUR[g.merchant] || "#777", stroke: g.owner != null ? SEAT_COLOURS[g.owner] : "#000", "stroke-width": 3 })) });

const warehouseGlyph = (w, title) => ({ w: 24, draw: (x, y) => svg("g", {}, svg("title", {}, title),
  svg("path", { d: `M${x - 10},${y + 9} L${x - 10},${y - 3} L${x},${y - 12} L${x + 10},${y - 3} L${x + 10},${y + 9} Z`,
    fill: w.owner != null ? SEAT_COLOURS[w.owner] : "#fff", stroke: INK, "stroke-width": 2, "stroke-dasharray": w.owner != null ? null : "3 2" })) });

/** Glyphs in rows of five, centred on x, rising from y; and the height they take. */
function placeGlyphs(glyphs, x, y) {
  const out = [];
  for (let row = 0; row * 5 < glyphs.length; row++) {
    const line = glyphs.slice(row * 5, row * 5 + 5);
    const width = line.reduce((sum, g) => sum + g.w, 0);
    let left = x - width / 2;
    for (const g of line) {
      out.push(g.draw(left + g.w / 2, y - row * 26));
      left += g.w;
    }
  }
  return out;
}
const glyphRows = (glyphs) => Math.ceil(glyphs.length / 5);

/** A space on the map: its node (the name is added by the placer), its box and its name. */
function spaceOf(id, cls, x, y, r, glyphs, parts, text, nameCls, size = 18) {
  const up = r + 14 + glyphRows(glyphs) * 26;
  const width = Math.max(2 * r, ...Array.from({ length: glyphRows(glyphs) }, (_, i) => glyphs.slice(i * 5, i * 5 + 5).reduce((n, g) => n + g.w, 0)));
  const node = svg("g", { class: `space on-${cls}`, "data-space": id }, parts, placeGlyphs(glyphs, x, y - r - 14));
  return { id, node, x, y, r, up, text, cls: nameCls, size, box: [x - width / 2, y - up + 6, x + width / 2, y + r] };
}

function landSpace(id, s, glyphs = []) {
  const x = s.x * S, y = s.y * S, name = placeName(s.name);
  let mark;
  let r = 11;
  if (s.kind === "town") {
    r = 17;
    mark = [svg("circle", { cx: x, cy: y, r, class: "town" }), svg("text", { x, y: y + 6, "text-anchor": "middle", class: "size" }, String(s.size))];
  } else if (s.kind === "cove") {
    r = 14;
    mark = [svg("path", { d: `M${x},${y - r} L${x + r},${y} L${x},${y + r} L${x - r},${y} Z`, class: "cove" })];
  } else if (s.kind === "inland") {
    r = 17;
    mark = [svg("rect", { x: x - 22, y: y - r, width: 44, height: 2 * r, rx: 6, class: "town" }), svg("text", { x, y: y + 6, "text-anchor": "middle", class: "size" }, `↑${s.size}`)];
  } else {
    mark = [svg("circle", { cx: x, cy: y, r, class: "village" })];
  }
  const port = s.risk != null && s.kind !== "cove"
    ? [svg("circle", { cx: x - r - 6, cy: y + r - 2, r: 10, class: "risk" }), svg("text", { x: x - r - 6, y: y + r + 3, "text-anchor": "middle", class: "risk-text" }, String(s.risk))]
    : [];
  const words = [name, s.kind === "town" || s.kind === "inland" ? t("sells up to size {size}", { size: s.size }) : word({ village: t("village"), cove: t("secret cove") }, s.kind),
    s.risk != null ? t("port risk {risk}", { risk: s.risk }) : null];
  const space = spaceOf(id, s.kind, x, y, r, glyphs, [svg("title", {}, words.filter(Boolean).join(", ")), mark, port], name, "space-name");
  if (port.length) [space.box[0], space.box[3]] = [x - r - 16, y + r + 8];
  return space;
}

function seaSpace(id, s, glyphs = []) {
  const x = s.x * S, y = s.y * S, name = placeName(s.name);
  return spaceOf(id, "sea", x, y, 12, glyphs, [svg("title", {}, t("{name} (sea)", { name })), svg("circle", { cx: x, cy: y, r: 12, class: "sea-space" })], name, "sea-name", 17);
}

function merchantSpace(id, m, view, glyphs = []) {
  const x = m.x * S, y = m.y * S, name = placeName(m.name);
  const left = Object.values(view.goods).filter((g) => g.where === "merchant" && g.merchant === id).length;
  const colour = MERCHANT_COLOUR[id] || "#555";
  const space = spaceOf(id, "merchant", x, y, 14, glyphs, [svg("title", {}, t("{name}: {n} goods left to buy", { name, n: left })),
    svg("rect", { x: x - 22, y: y - 14, width: 44, height: 28, rx: 14, fill: colour, stroke: "#fff", "stroke-width": 3 }),
    svg("text", { x, y: y + 6, "text-anchor": "middle", class: "merchant-count" }, String(left))], name, "merchant-name");
  space.box[0] = x - 24;
  space.box[2] = x + 24;
  return space;
}

export function legend() {
  const key = (cls, text) => el("span", {}, el("span", { class: `key ${cls}`, "aria-hidden": "true" }), ` ${text}`);
  return el("p", { class: "legend smug-legend" },
    key("town", t("town (the number: largest goods it buys)")), key("village", t("village")), key("cove", t("secret cove")),
    key("risk", t("port (its landing risk)")), key("sea", t("sea space")), key("officer", t("customs officer (border: who bribed him)")),
    key("goods", t("goods (colour: merchant; border: owner)")), key("wh", t("warehouse")), key("merchant", t("merchant (goods left)")),
    el("span", {}, t("— land link, ┄ sea link")));
}

/** The same pieces in words, space by space: what a screen reader (or a small screen) reads. */
export function whereList(view, data, ctx) {
  const lines = {};
  const add = (space, text) => space && (lines[space] = lines[space] || []).push(text);
  view.players.forEach((p) => p.boat?.space && add(p.boat.space, t("{seat}'s boat", { seat: seatOf(ctx, p.seat) })));
  view.officers.forEach((o) => o.space && add(o.space, o.bribed_by != null
    ? t("officer {n} (bribed by {seat})", { n: o.officer + 1, seat: seatOf(ctx, o.bribed_by) }) : t("officer {n}", { n: o.officer + 1 })));
  view.players.forEach((p) => p.pawns.forEach((space) => add(space, t("{seat}'s pawn", { seat: seatOf(ctx, p.seat) }))));
  for (const g of Object.values(view.goods)) if (g.where === "board") add(g.space, t("{kind} goods of {seat}", { kind: kindWord(g.kind), seat: seatOf(ctx, g.owner) }));
  for (const [wid, w] of Object.entries(view.warehouses)) {
    if (w.space && w.owner != null) add(w.space, t("{seat}'s {warehouse}", { seat: seatOf(ctx, w.owner), warehouse: warehouseInfo(data, wid).name }));
  }
  const rows = Object.entries(lines).sort(([a], [b]) => spaceName(data, a).localeCompare(spaceName(data, b)));
  return el("details", { class: "where" }, el("summary", {}, t("On the map, in words ({n} spaces)", { n: rows.length })),
    el("ul", {}, rows.map(([space, what]) => el("li", {}, el("strong", {}, t("{name}:", { name: spaceName(data, space) })), ` ${what.join(", ")}`))));
}
