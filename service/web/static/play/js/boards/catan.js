// Catan's hex map, drawn from GET /v1/games/catan/static (the topology) and the view
// (terrain, numbers, harbours, pieces, robber). Legal builds are clickable on the map.

import { el, svg, SEAT_COLOURS, humanize, summarize, moveText, target, undoneIn, seatsSaid, nameOrYou } from "../words.js";
import { moveButton } from "../moves.js";
import { table } from "./generic.js";
import { t, lang } from "../i18n.js";

const TERRAIN = {
  forest: "#2f6b34", hills: "#b5562c", pasture: "#8bc34a", fields: "#e8c547",
  mountains: "#7d7f86", desert: "#d9c38f",
};
const RESOURCE_TERRAIN = { lumber: "forest", brick: "hills", wool: "pasture", grain: "fields", ore: "mountains" };
// The resources in the page's language (the French is the server's catalogue's).
const RESOURCE_WORDS = { lumber: t("lumber"), brick: t("brick"), wool: t("wool"), grain: t("grain"), ore: t("ore") };
export const term = (name) => RESOURCE_WORDS[name] || String(name).replaceAll("_", " ");
const TERRAIN_WORDS = { forest: t("forest"), hills: t("hills"), pasture: t("pasture"), fields: t("fields"), mountains: t("mountains"), desert: t("desert") };
// The development cards by their titles, as the server's catalogue names them (« une carte Chevalier »)
// and the French rules a card (« Route la Plus Longue »): "1 knight" beside "1 Road Building" mixed case.
const DEV_WORDS = { knight: t("Knight"), victory_point: t("Victory Point"), road_building: t("Road Building"), year_of_plenty: t("Year of Plenty"), monopoly: t("Monopoly") };
const PHASE_WORDS = {
  setup: t("setup"), roll: t("roll the dice"), main: t("build and trade"), robber: t("move the robber"), discard: t("discard"),
  trade: t("trade"), road_building: t("Road Building"), over: t("over"),
};
// A count of cards in the page's language, in the form its count takes: French « 2 briques », where
// "2 ${t("brick")}" read « 2 brique » (as the server's catalogue counts them).
const COUNTED = {
  lumber: (n) => t("{n} lumber", { n }), brick: (n) => t("{n} brick", { n }), wool: (n) => t("{n} wool", { n }),
  grain: (n) => t("{n} grain", { n }), ore: (n) => t("{n} ore", { n }),
  // t() takes the s off a lower-case word ("1 wools"), not off a title's: each count says both.
  knight: (n) => (n === 1 ? t("{n} Knight", { n }) : t("{n} Knights", { n })),
  victory_point: (n) => (n === 1 ? t("{n} Victory Point", { n }) : t("{n} Victory Points", { n })),
  road_building: (n) => t("{n} Road Building", { n }), year_of_plenty: (n) => t("{n} Year of Plenty", { n }),
  monopoly: (n) => t("{n} Monopoly", { n }),
};
/** Counted cards as words: "1 wool, 2 ore"; none: `nothing` (« Votre main : rien » read oddly). */
const cards = (counts, words = term, nothing = t("empty")) => Object.entries(counts || {}).filter(([, n]) => n)
  .map(([k, n]) => (COUNTED[k] ? COUNTED[k](n) : `${n} ${words(k)}`)).join(", ") || nothing;
const devCard = (name) => DEV_WORDS[name] || humanize(name);
const K = Math.sqrt(3) / 2;
const at = (p) => [p.x * K * 40, (p.y / 2) * 40];

export const boardTypes = new Set(["build_settlement", "build_city", "build_road", "move_robber"]);
/** The trade offer's form and the counter-proposal's of a seat asked, one line until tapped: on a
 *  phone each came above the map, a screen long. */
export const foldForms = new Set(["offer_trade", "propose_trade"]);
/** The kinds of moves in the page's words, for a long list folded by kind (moves.js): the bank's
 *  trades share only "Trade", and the fold fell back on the move type in English ("Maritime trade").
 *  Ending the turn comes last (the rules list it first): on a phone it stood above every other move. */
export const kinds = {
  maritime_trade: { name: t("Trade with the bank") }, play_monopoly: { name: t("Play Monopoly") },
  play_year_of_plenty: { name: t("Play Year of Plenty") }, accept_proposal: { name: t("Accept a proposal") },
  confirm_trade: { name: t("Trade with a player") }, end_turn: { last: true },
};

/** A line above the moves when every move is a place on the map: which piece goes there (a set-up's
 *  "54 of your moves are on the board" said neither a settlement nor a road, nor the robber's); the
 *  seat's hand above a discard's form, a trade's and the bank's trades. */
const LEADS = {
  build_settlement: t("Place a settlement: tap a marked intersection on the map. A road beside it comes next."),
  build_road: t("Place a road: tap a marked path on the map."),
  move_robber: t("Move the robber: tap a marked hex on the map. You then take a card at random from a seat with a building beside it."),
};

/** The forms and moves that give cards away: a discard, a trade offer, a counter-proposal. */
const HAND_FORMS = new Set(["discard", "offer_trade", "propose_trade"]);

export function lead(resource) {
  const templates = resource.move_templates || [];
  if (templates.some((tmpl) => HAND_FORMS.has(tmpl.move.type))
    || (resource.legal_moves || []).some((move) => move.type === "maritime_trade")) {
    // They ask which cards: on a phone the hand was under the map, a screen and more below.
    return `${t("Your hand:")} ${cards(resource.view.you.hand)}`;
  }
  const types = new Set((resource.legal_moves || []).map((m) => m.type));
  return types.size === 1 && !(resource.move_templates || []).length ? LEADS[[...types][0]] || null : null;
}

/**
 * The log names a road by the intersections at its ends ("between intersections 12 and 13") and a
 * settlement or a city by its intersection, numbers the map does not show (54 of them would bury
 * it). So the map marks one such place at a time, in yellow, with its intersections' numbers: the
 * latest built, or the one of a log line whose "Show on the map" was tapped, until a newer build.
 */
export function located(events) {
  for (const ev of [...events].reverse()) {
    if (ev.type === "road_built" && Number.isInteger(ev.edge)) return { edge: ev.edge };
    if ((ev.type === "settlement_built" || ev.type === "city_built") && Number.isInteger(ev.node)) return { node: ev.node };
  }
  return null;
}

let asked = null; // { place, log, at }: a log line's place, asked for when that log had `at` entries

/** Mark a log line's place on the map (app.js draws the board again). */
export function locate(place, log) {
  asked = { place, log, at: log.length };
}

/** The place to mark: the latest built, unless a log line asked for another since. */
function spotlight(log) {
  const undone = undoneIn(log); // an undone build is off the map: not the latest built
  const last = log.findLastIndex((entry) => !undone.has(entry.version) && located(entry.events));
  if (asked && asked.log === log && asked.at > last) return asked.place;
  return last >= 0 ? located(log[last].events) : null;
}

export function render(resource, ctx) {
  const view = resource.view;
  const topo = (ctx.static && ctx.static.topology) || view.topology;
  const wrap = el("section", { class: "board catan", "aria-label": t("Board") });
  // A hex the robber may go to with several seats to rob there: the choice shows here once tapped.
  const choice = el("div", { class: "robber-choice", "aria-live": "polite" });
  const place = topo ? spotlight(ctx.log || []) : null;
  if (topo) wrap.append(map(view, topo, resource, ctx, choice, place), choice);
  if (place) {
    const [a, b] = place.edge != null ? topo.edges[place.edge].nodes : [place.node];
    wrap.append(el("p", { class: "spotlight-note" }, el("span", { class: "key", "aria-hidden": "true" }), " ", b == null
      ? t("Marked in yellow on the map: intersection {node}.", { node: a })
      : t("Marked in yellow on the map: the road between intersections {a} and {b}.", { a: Math.min(a, b), b: Math.max(a, b) })));
  }
  wrap.append(players(view, ctx), you(view, ctx));
  return wrap;
}

/** The trade on the table (an offer, proposals, who owes an answer), shown beside the moves. */
export function aside(resource, ctx) {
  const trade = resource.view.trade;
  if (!trade || (!trade.offer && !trade.proposals.length && !trade.asked.length)) return null;
  // "to seats 0 and 2", « aux sièges 0 et 2 », « à Ana et au siège 2 » (they read "to Seat 0, Seat 2");
  // the reader first as "you" (« aux sièges 0 et 2 (robot glouton) » read as if seat 0 were a bot too).
  const said = (list, after) => seatsSaid(list.filter((s) => s !== ctx.seat), ctx.seatName, after, list.includes(ctx.seat) ? [t("you")] : []);
  const to = (list) => seatsSaid(list, ctx.seatName, "à");
  const offer = trade.offer, you = resource.view.you;
  return el("section", { class: "note trade", "aria-label": t("Trade on the table") },
    el("h3", {}, t("Trade on the table")),
    offer ? el("p", { class: "offer" }, t("{seat} offers {give} for {get} to {to}",
      { seat: ctx.seatName(offer.from), give: cards(offer.give), get: cards(offer.get), to: said(offer.to, "à") }),
    offer.accepted.length ? ` · ${t("accepted by {seats}", { seats: said(offer.accepted, "par") })}` : "",
    trade.asked.includes(ctx.seat) && lacking(you, offer.get)) : null,
    trade.proposals.map((p) => el("p", { class: "proposal" }, t("{seat} proposes {give} for {get} to {partner}",
      { seat: ctx.seatName(p.from), give: cards(p.give), get: cards(p.get), partner: to([resource.view.turn]) }),
    you && you.seat === resource.view.turn && lacking(you, p.get))),
    trade.asked.length ? el("p", { class: "muted" }, waitingFor(trade.asked, ctx)) : null);
}

/** Why a trade this seat is asked about has no Accept: " · you do not hold 1 grain" (it had none, unsaid). */
function lacking(you, wanted) {
  const short = you && Object.entries(wanted).some(([k, n]) => (you.hand[k] || 0) < n);
  return short ? ` · ${t("you do not hold {cards}", { cards: cards(wanted) })}` : "";
}

/**
 * Who owes an answer, the reader named as "you" (a seat asked read "Waiting for an answer from Seat 0");
 * the seat that offered to two seats reads "answers" (it read « Réponse attendue de : Siège 1, Siège 2 »),
 * « Réponses attendues de vous et du siège 2 », "from seats 1 and 2".
 */
function waitingFor(asked, ctx) {
  const others = asked.filter((s) => s !== ctx.seat);
  const seats = seatsSaid(others, ctx.seatName, "de", asked.includes(ctx.seat) ? [t("you")] : []);
  if (others.length === 0) return t("Waiting for your answer");
  return asked.length > 1 ? t("Waiting for answers from {seats}", { seats }) : t("Waiting for an answer from {seats}", { seats });
}

function map(view, topo, resource, ctx, choice, place) {
  const legal = resource.legal_moves || [];
  const labels = resource.move_labels || [];
  const board = view.board;
  const node = (id) => at(topo.nodes[id]);
  const hexName = (h) => `${TERRAIN_WORDS[board.terrain[h]] || humanize(board.terrain[h])}${board.numbers[h] ? ` ${board.numbers[h]}` : ""}`;
  // A build's place in words, for a screen reader (the map numbers no intersection): the hexes it touches.
  const around = (nodes) => topo.hexes.flatMap((hex, h) => (nodes.every((n) => hex.nodes.includes(n)) ? [hexName(h)] : [])).join(", ");
  const items = [];
  topo.hexes.forEach((hex, h) => {
    const [cx, cy] = at(hex);
    const corners = hex.nodes.map((n) => node(n).join(",")).join(" ");
    const terrain = board.terrain[h];
    items.push(svg("polygon", { points: corners, fill: TERRAIN[terrain] || "#ccc", stroke: "#5b4a2f", "stroke-width": 2 }, svg("title", {}, hexName(h))));
    if (board.numbers[h]) {
      const hot = board.numbers[h] === 6 || board.numbers[h] === 8;
      items.push(svg("circle", { cx, cy, r: 13, fill: "#fdf6e3", stroke: "#333" }),
        svg("text", { x: cx, y: cy + 5.5, "text-anchor": "middle", class: hot ? "num hot" : "num" }, board.numbers[h]));
    }
    if (board.robber === h) items.push(svg("circle", { cx: cx + 14, cy: cy - 14, r: 8, fill: "#222" }, svg("title", {}, t("Robber"))));
    // The log names a hex by its number ("moved the robber to hex 7"): the map says which is which.
    items.push(svg("text", { x: cx, y: cy + 28, "text-anchor": "middle", class: "hex-id" }, `#${h}`));
  });
  const harbours = [], discs = []; // discs: each harbour's [x, y, radius], for the numbers to clear
  board.harbours.forEach((harbour) => {
    const [a, b] = harbour.nodes.map(node);
    const mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
    const len = Math.hypot(mx, my) || 1;
    const hx = mx + (mx / len) * 24, hy = my + (my / len) * 24;
    const generic = harbour.kind === "any";
    discs.push([hx, hy, generic ? 17 : 22]);
    // A 2:1 harbour: a ring in its resource's colour round a white disc with the ratio and the
    // resource; a long word is squeezed to the disc's width rather than spill onto the ring.
    const word = generic ? "" : term(harbour.kind);
    items.push(svg("line", { x1: a[0], y1: a[1], x2: hx, y2: hy, stroke: "#8d6e63", "stroke-width": 3 }),
      svg("line", { x1: b[0], y1: b[1], x2: hx, y2: hy, stroke: "#8d6e63", "stroke-width": 3 }));
    harbours.push(svg("g", { class: "harbour" }, svg("title", {}, generic ? t("Harbour: {ratio}:1 any resource", { ratio: harbour.ratio }) : t("Harbour: {ratio}:1 {kind}", { ratio: harbour.ratio, kind: word })),
        svg("circle", { cx: hx, cy: hy, r: generic ? 17 : 22, fill: generic ? "#fff" : TERRAIN[RESOURCE_TERRAIN[harbour.kind]], stroke: "#3e2723", "stroke-width": 1.5 }),
        generic ? null : svg("circle", { cx: hx, cy: hy, r: 18.5, fill: "#fff" }),
        svg("text", { x: hx, y: generic ? hy + 4 : hy - 1, "text-anchor": "middle", class: "port" }, `${harbour.ratio}:1`),
        generic ? null : svg("text", { x: hx, y: hy + 10, "text-anchor": "middle", class: "port-kind",
          ...(word.length > 4 ? { textLength: 30, lengthAdjust: "spacingAndGlyphs" } : {}) }, word)));
  });
  // The place the log names, in yellow under its piece (numbered at its intersections further on).
  const marked = place == null ? [] : place.edge != null ? topo.edges[place.edge].nodes : [place.node];
  if (place && place.edge != null) {
    const [a, b] = marked.map(node);
    items.push(svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "spotlight" }));
  } else if (place) {
    const [x, y] = node(place.node);
    items.push(svg("circle", { cx: x, cy: y, r: 15, class: "spotlight" }));
  }
  for (const [e, seat] of view.roads) {
    const [a, b] = topo.edges[e].nodes.map(node);
    items.push(svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: SEAT_COLOURS[seat], "stroke-width": 7, "stroke-linecap": "round" }));
  }
  for (const [n, seat] of view.settlements) {
    const [x, y] = node(n);
    items.push(svg("circle", { cx: x, cy: y, r: 8, fill: SEAT_COLOURS[seat], stroke: "#fff", "stroke-width": 2 }, svg("title", {}, t("Settlement, seat {seat}", { seat }))));
  }
  for (const [n, seat] of view.cities) {
    const [x, y] = node(n);
    items.push(svg("rect", { x: x - 10, y: y - 10, width: 20, height: 20, fill: SEAT_COLOURS[seat], stroke: "#fff", "stroke-width": 2 }, svg("title", {}, t("City, seat {seat}", { seat }))));
  }
  // What may be built: roads (each a wide invisible diamond to tap), then spots above them (a wide
  // invisible ring round each, taking the ends of the roads that meet there).
  const builds = legal.map((move, i) => [move, labels[i]]).filter(([move]) => move.type !== "move_robber" && boardTypes.has(move.type));
  builds.sort(([a], [b]) => (b.type === "build_road") - (a.type === "build_road"));
  for (const [move, text] of builds) {
    const label = text || `${humanize(move.type)} ${move.node ?? move.edge}`;
    let shape;
    if (move.type === "build_road") {
      const ends = topo.edges[move.edge].nodes.map(node);
      shape = [svg("polygon", { points: diamond(...ends), class: "hit" }), svg("polygon", { points: strip(...ends), class: "target road" })];
    } else {
      const [x, y] = node(move.node);
      shape = [svg("circle", { cx: x, cy: y, r: 17, class: "hit" }), svg("circle", { cx: x, cy: y, r: 11, class: "target spot" })];
    }
    const near = around(move.type === "build_road" ? topo.edges[move.edge].nodes : [move.node]);
    const id = `near-${move.type}-${move.node ?? move.edge}`; // Chromium reads no <desc> beside an aria-label
    if (near) shape.push(svg("desc", { id }, t("Next to {hexes}", { hexes: near })));
    items.push(target(label, move, shape, () => ctx.post(move), { "aria-describedby": near ? id : null }));
  }
  // Where the robber may go: each hex, tapped; a hex with several seats to rob asks whom, below the map.
  const robber = new Map();
  legal.forEach((move, i) => {
    if (move.type !== "move_robber") return;
    if (!robber.has(move.hex)) robber.set(move.hex, []);
    robber.get(move.hex).push([move, labels[i] || moveText(move)]);
  });
  for (const [h, moves] of robber) {
    const corners = topo.hexes[h].nodes.map((n) => node(n).join(",")).join(" ");
    const shape = svg("polygon", { points: corners, class: "target hex" });
    if (moves.length === 1) {
      const [[move, label]] = moves;
      items.push(target(label, move, shape, () => ctx.post(move)));
    } else {
      const label = t("Move the robber here ({terrain} {number}): choose whom to rob", { terrain: TERRAIN_WORDS[board.terrain[h]] || board.terrain[h], number: board.numbers[h] || "–" });
      items.push(target(label, null, shape, (g) => {
        g.parentNode.querySelectorAll(".chosen").forEach((other) => other.classList.remove("chosen"));
        g.classList.add("chosen");
        choice.replaceChildren(el("h3", {}, t("Whom to rob?")), el("div", { class: "move-group" }, moves.map(([move, text]) => moveButton(move, text, ctx.post))));
        choice.scrollIntoView({ block: "nearest" });
        choice.querySelector("button").focus({ preventScroll: true });
      }, { "data-hex": h }));
    }
  }
  items.push(...harbours); // above the markers: a harbour's ratio and resource stay readable (taps pass through)
  // The marked place's intersections by number, each just beyond its end of the road (above a lone one),
  // else turned a quarter at a time until clear of every harbour (a « 1 » hid a harbour's « 3:1 »).
  const middle = marked.map(node).reduce(([x, y], [u, v]) => [x + u / marked.length, y + v / marked.length], [0, 0]);
  for (const n of marked) {
    const [x, y] = node(n);
    const [dx, dy] = marked.length > 1 ? [x - middle[0], y - middle[1]] : [0, -1];
    const len = Math.hypot(dx, dy) || 1;
    const ways = [[dx / len, dy / len], [-dy / len, dx / len], [dy / len, -dx / len], [-dx / len, -dy / len]];
    const spots = ways.map(([ux, uy]) => [x + ux * 17, y + uy * 17]);
    const clear = ([bx, by]) => discs.every(([hx, hy, r]) => Math.hypot(bx - hx, by - hy) > r + 14); // 14: the badge's half-diagonal
    const [bx, by] = spots.find(clear) || spots[0];
    items.push(svg("g", { class: "node-id", "data-node": n }, svg("title", {}, t("Intersection {node}", { node: n })),
      svg("rect", { x: bx - 11, y: by - 8, width: 22, height: 16, rx: 4 }),
      svg("text", { x: bx, y: by + 4, "text-anchor": "middle" }, String(n))));
  }
  const xs = topo.nodes.map((n) => at(n)[0]), ys = topo.nodes.map((n) => at(n)[1]);
  const pad = 60; // room for the harbours beyond the outer nodes
  const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad];
  return svg("svg", { viewBox: box.join(" "), class: "map", role: "group", "aria-label": t("The island") }, svg("rect", { x: box[0], y: box[1], width: box[2], height: box[3], fill: "#6fa8dc" }), items);
}

/**
 * A road's tappable area: a diamond from one end of the road to the other, ACROSS map units wide.
 * A strip along the road was some 13 by 16 px on a phone (the island fits 375 px at about 0.74 px
 * a unit): the diamond's box is 25 px and more each way there. The diamonds of two roads never
 * overlap: at a shared end each spans 50° either side of its road, and roads meet at 120°; all lie
 * inside the tiling of the island by the road-to-hex-centre diamonds (69 units wide).
 */
const ACROSS = 48;
function diamond(a, b) {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len = Math.hypot(dx, dy);
  const [mx, my, nx, ny] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (-dy / len) * (ACROSS / 2), (dx / len) * (ACROSS / 2)];
  return [a, [mx + nx, my + ny], b, [mx - nx, my - ny]].map((c) => c.join(",")).join(" ");
}

/** A road's marker: a strip along the path, short of both ends (a line alone has no area). */
function strip(a, b, half = 5) {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len = Math.hypot(dx, dy);
  const [ux, uy, nx, ny] = [dx / len, dy / len, (-dy / len) * half, (dx / len) * half];
  const p = [a[0] + ux * 9, a[1] + uy * 9], q = [b[0] - ux * 9, b[1] - uy * 9];
  return [[p[0] + nx, p[1] + ny], [q[0] + nx, q[1] + ny], [q[0] - nx, q[1] - ny], [p[0] - nx, p[1] - ny]].map((c) => c.join(",")).join(" ");
}

/** A seat's points; its own counting its hidden victory point cards, which the others' tables do not. */
function points(view, p) {
  const hidden = view.you && view.you.seat === p.seat && view.you.points !== p.points;
  return hidden ? t("{n} (others see {shown})", { n: view.you.points, shown: p.points }) : p.points;
}

function players(view, ctx) {
  return table(t("Players"), view.players.map((p) => ({
    seat: `${ctx.seatName(p.seat)}${p.seat === ctx.seat ? ` ${t("(you)")}` : ""}`, points: points(view, p), cards: p.cards, dev_cards: p.development_cards,
    knights: p.knights, road: p.road_length + (p.longest_road ? ` ${t("(longest)")}` : ""), army: p.largest_army ? t("largest") : "",
  })), {
    seat: t("Seat"), points: t("Points"), cards: t("Cards"), dev_cards: t("Dev cards"), knights: t("Knights"), road: t("Road"), army: t("Army"),
  }, { short: true }); // « la plus / grande » and « 7 (la plus / longue) » stood two lines high at a match's end
}

function you(view, ctx) {
  const lines = [
    el("p", {}, t("Phase: {phase}", { phase: PHASE_WORDS[view.phase] || humanize(view.phase) }), view.dice ? ` · ${t("dice {dice}", { dice: summarize(view.dice) })}` : "",
      // by its name, as the table and the log say it; none once over (« terminée · au tour du siège 1 »)
      view.phase === "over" ? "" : ` · ${t("turn of {seat}", { seat: nameOrYou(ctx, view.turn) })}`),
  ];
  if (view.you) {
    lines.push(el("p", {}, el("strong", {}, t("Your hand:")), " ", cards(view.you.hand)),
      el("p", {}, el("strong", {}, t("Development cards:")), " ", cards(view.you.development_cards, devCard, t("none in hand"))),
      el("p", {}, el("strong", {}, t("Trade ratios:")), " ", Object.entries(view.you.trade_ratios).map(([k, v]) => `${term(k)} ${v}:1`).join(", ")));
  }
  lines.push(el("p", { class: "muted" }, t("Bank: {bank} · development deck {deck}", { bank: cards(view.bank), deck: view.development_deck })));
  return el("div", { class: "facts-block" }, lines);
}
