// Cornish Smuggler: the map of West Cornwall drawn from GET /v1/games/smuggler/static (spaces,
// their x/y, links, merchants) and the view (officers, network pawns, boats, goods, warehouses),
// the customs track, every seat's table, and the seat's own boat hold, characters and secrets.
// Nothing here decides a move: the moves are the listed ones, as buttons beside the board.

import { el, svg, SEAT_COLOURS, humanize, sideways, moveText, target } from "../words.js";
import { moveButton } from "../moves.js";
import { table } from "./generic.js";
import { t } from "../i18n.js";

export const boardTypes = new Set();

/** A landing template's goods (`irish_3`) as the server's texts say them: "Irish trader #3". */
export function term(sid, ctx) {
  const [, merchant, n] = /^(.*)_(\d+)$/.exec(sid) || [];
  const name = merchant && ctx.static && ctx.static.merchants && ctx.static.merchants[merchant]?.name;
  return name ? `${name} #${n}` : sid;
}

/** The kinds of moves in the page's words: a long list folds each kind to one line (moves.js);
 * a note says what a move leads to where nothing else on the page does (a player's walkthrough:
 * a hire went straight to placing a pawn, and a secret discovered ended the turn, unannounced). */
export const kinds = {
  move_boat: { name: t("Sail your boat") },
  move_goods: { name: t("Move goods") },
  move_pawn: { name: t("Move a network pawn") },
  move_both: { name: t("Move goods with a pawn") },
  move_officer: { name: t("Move an officer") },
  buy_goods: { name: t("Buy goods") },
  sell: { name: t("Sell goods"), note: t("The nearest officer steps toward the town, and every other player draws a secret.") },
  discover_secret: { name: t("Discover a secret"), note: t("You draw a secret that only you see. It is your turn's one action: free moves only after it.") },
  hire: { name: t("Hire a character"), note: t("Then you place the new character's network pawn on the map.") },
  bribe: { name: t("Bribe an officer") },
  stash: { name: t("Put goods in a warehouse") },
  unstash: { name: t("Take goods out of a warehouse") },
  claim: { name: t("Claim abandoned goods") },
  motivate_boat: { name: t("A character sails your boat") },
  motivate_goods: { name: t("A character moves your goods") },
  motivate_officer: { name: t("A character moves an officer") },
  motivate_secret: { name: t("A character finds you a secret") },
  play_cove: { name: t("Play a secret cove") },
  play_decoy: { name: t("Play a false trail") },
  play_informer: { name: t("Play an informer") },
  play_turncoat: { name: t("Play a turncoat") },
};

/** A line above the moves: what the seat is deciding, when its moves alone do not say it. */
export function lead(resource, ctx) {
  const view = resource.view;
  if (view.phase !== "play") return null;
  if (view.deciding in ASKED) return ASKED[view.deciding](ctx.seatName(view.active), resource.legal_moves || []);
  if (view.deciding === "place_pawn") return t("Place the network pawn of the character you hired.");
  if (view.deciding === "end_turn") return t("Your action is done: make free moves, or end your turn.");
  if (view.deciding == null && view.active === view.seat) {
    return t("Choose your turn's one action. Characters' abilities, secrets and warehouses are free moves, before it and after.");
  }
  return null;
}

/** Decisions asked of a seat in another's turn: "Play a Tip-off: yes" alone said nothing of why. */
const ASKED = {
  tipoff: (active, legal) => (legal.some((m) => m.play)
    ? t("{seat} is landing goods. A Tip-off adds 2 to the landing's risk: officers come nearer the port. Play one, or pass.", { seat: active })
    : t("{seat} is landing goods. A Tip-off adds 2 to the landing's risk: officers come nearer the port. You hold none to play: pass.", { seat: active })),
  choose_officer: () => t("As the poorest player, you choose which officer moves toward the landing or the sale."),
  choose_path: () => t("As the poorest player, you choose the way the officer takes."),
  place_officer: () => t("As the poorest player, you place the new officer: it seizes the goods lying where it stands."),
};

const S = 10; // map units per grid step (the content's grid is 100 x 64)
const MERCHANT_COLOUR = { irish: "#2e7d32", dutch: "#e65100", roscoff: "#6a1b9a" };
const LAND = "#e8dfbd", SEA = "#a9cfe8", INK = "#3b2f1e";
const OFFICER = "#0d2f5e";

// The game's words the view sends as keys, in the page's language (the French of decks, secret
// kinds and endings is the server's catalogue's; names of places and characters stay as they are).
const PHASE_WORDS = { setup: t("setup"), play: t("play"), over: t("over") };
const DECIDING_WORDS = {
  choose_boat: t("choose a boat"), choose_warehouse: t("choose a warehouse"), draw_characters: t("draw characters"),
  keep_character: t("keep a character"), place_pawn: t("place a network pawn"), place_boat: t("place the boat"),
  choose_officer: t("choose an officer to move"), choose_path: t("choose the officer's way"), place_officer: t("place the new officer"),
  remove_pawn: t("remove a pawn"), tipoff: t("play a Tip-off or not"), witch: t("the Witch of St Levan"), end_turn: t("free moves or end the turn"),
  raid_card: t("the raid: a mob card"), raid_shape: t("the raid: goods to recover"),
};
const ENDING_WORDS = {
  customs_track: t("the customs track reached its end"), last_goods: t("the last goods were bought"), round_limit: t("the last round was played"),
};
// The characters' trades (the static data's `trade`) in the page's words; a name stays as it is.
const TRADE_WORDS = {
  "Almoner": t("Almoner"),
  "Bal maiden": t("Bal maiden"),
  "Banker": t("Banker"),
  "Bell-ringer": t("Bell-ringer"),
  "Carter": t("Carter"),
  "Chandler": t("Chandler"),
  "Coroner": t("Coroner"),
  "Curate": t("Curate"),
  "Excise clerk": t("Excise clerk"),
  "Farmhand": t("Farmhand"),
  "Fisherman": t("Fisherman"),
  "Fishwife": t("Fishwife"),
  "Harbourmaster of St Ives": t("Harbourmaster of St Ives"),
  "Innkeeper of Penzance": t("Innkeeper of Penzance"),
  "King of Prussia Cove": t("King of Prussia Cove"),
  "Lord of the manor": t("Lord of the manor"),
  "Magistrate": t("Magistrate"),
  "Marazion merchant": t("Marazion merchant"),
  "Mayor of St Just": t("Mayor of St Just"),
  "Methodist preacher": t("Methodist preacher"),
  "Miner": t("Miner"),
  "Parish constable": t("Parish constable"),
  "Sexton of Breage": t("Sexton of Breage"),
  "Shipwright of Porthleven": t("Shipwright of Porthleven"),
  "Tinner": t("Tinner"),
  "Vicar of Madron": t("Vicar of Madron"),
  "Wise woman": t("Wise woman"),
  "Wrecker": t("Wrecker"),
};
const DECK_WORDS = { religious: t("religious"), commerce: t("commerce"), unskilled: t("unskilled"), officials: t("officials") };
const SECRET_WORDS = { cove: t("secret cove"), decoy: t("false trail"), informer: t("informer"), turncoat: t("turncoat"), favour: t("favour owed"), tipoff: t("Tip-off") };
const SECRET_TEXT = {
  cove: t("A secret cove of your choice is open to you for the rest of the game"),
  decoy: t("Move any customs officer one space"),
  informer: t("Take one secret at random from another player"),
  turncoat: t("An officer bribed by another player is bribed by you instead"),
  favour: t("Gain 2 influence"),
  tipoff: t("When another player lands goods, add 2 to the landing risk"),
};
const WHEN_WORDS = { "your turn": t("your turn"), "another's landing": t("another's landing") };
const ABILITY_WORDS = { boat: t("sails your boat"), goods: t("moves goods"), officer: t("moves an officer"), secret: t("finds a secret"), witch: t("takes goods at sea") };
const AMOUNT_WORDS = { gold: t("gold"), influence: t("influence"), reputation: t("reputation") };
const word = (words, key) => (key == null ? "" : (Object.hasOwn(words, key) && words[key]) || humanize(key));
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

const seatOf = (ctx, s) => (s == null ? t("nobody") : ctx.seatName(s));
const mapOf = (data) => data && data.land && data.sea ? data : null;

export function render(resource, ctx) {
  const view = resource.view;
  const data = mapOf(ctx.static);
  const wrap = el("section", { class: "board smuggler", "aria-label": t("Board") });
  wrap.append(facts(view, ctx));
  const me = view.seat != null ? view.players[view.seat] : null;
  if (me && data) wrap.append(...choosing(resource.legal_moves || [], data)); // under the moves they explain
  if (data) {
    const spots = me ? spotsOf(resource, data) : new Map();
    // A marked place with several moves (a boat's way paid in influence or in gold) asks which, here.
    const choice = el("div", { class: "spot-choice", "aria-live": "polite" });
    const drawn = map(view, data, ctx, spots, choice);
    const scroller = sideways(drawn, { hint: t("More of the map: scroll sideways →"), cls: "map-scroll", label: t("The map (scrolls sideways on a narrow screen)") });
    // (append() writes a null as the word "null": the note goes in only when it is there)
    if (spots.size) wrap.append(el("p", { class: "map-note" }, t("A dashed ring marks where a move of yours goes: tap it to play it.")));
    wrap.append(scroller, choice, customs(view, data, ctx), legend(), whereList(view, data, ctx), prices(view, data));
    keepInSight(scroller.querySelector(".map-scroll"), [...drawn.querySelectorAll(".spot")], resource.id);
  }
  if (me && data) wrap.append(yours(me, view, data, ctx));
  wrap.append(playersTable(view, data, ctx));
  if (data) wrap.append(market(view, data), merchants(view, data));
  return wrap;
}

// --- words -------------------------------------------------------------------------

function facts(view, ctx) {
  const parts = [t("Round {round}", { round: view.round }), capital(word(PHASE_WORDS, view.phase)), t("first player {seat}", { seat: seatOf(ctx, view.first) })];
  if (view.phase !== "setup" && view.active != null) parts.push(t("turn of {seat}", { seat: seatOf(ctx, view.active) }));
  if (view.deciding) parts.push(t("deciding: {what}", { what: word(DECIDING_WORDS, view.deciding) }));
  if (view.ending) parts.push(t("last round ({why})", { why: word(ENDING_WORDS, view.ending) }));
  return el("p", { class: "smug-facts" }, parts.join(" · "));
}

const spaceName = (data, id) => (data.land[id] || data.sea[id] || data.merchants[id] || { name: humanize(id) }).name;
const cardName = (data, cid) => data.characters[cid]?.name || humanize(cid);
const kindOf = (view, sid) => view.goods[sid]?.kind;

function warehouseInfo(data, wid) {
  if (data.start_warehouses[wid]) return data.start_warehouses[wid];
  const card = data.characters[wid.replace(/^w_/, "")];
  return card && card.warehouse ? { name: `${card.warehouse.name} (${card.name})`, grid: card.warehouse.grid } : { name: humanize(wid), grid: [] };
}

// --- the customs track and the golden wheel ------------------------------------------

function customs(view, data, ctx) {
  const c = view.customs;
  const waiting = view.officers.filter((o) => o.space == null);
  // Only the steps up to this table's end (the track is printed for five players).
  const steps = data.track.discovery.slice(0, c.track_end + 1).map((discovery, i) => {
    const here = i === c.track;
    const arriving = waiting.filter((o) => o.waits_at_step === i);
    return el("li", { class: `cstep${here ? " here" : ""}${i === c.track_end ? " end" : ""}`, "aria-current": here ? "step" : null },
      el("span", { class: "n" }, i === c.track_end ? t("end") : String(i)),
      el("span", {}, t("find {n}", { n: discovery })), el("span", {}, t("bribe {n}", { n: data.track.bribe[i] })),
      arriving.length ? el("span", { class: "waits", title: t("A new officer enters here") }, t("+ officer")) : null);
  });
  const seized = Object.entries(view.goods).filter(([, g]) => g.where === "customs");
  return el("div", { class: "customs", role: "group", "aria-label": t("Customs") },
    el("h3", {}, t("Customs track")),
    el("ol", { class: "track-steps" }, steps),
    el("p", { class: "muted" },
      t("Discovery {discovery} · bribe {bribe} · golden wheel {wheel}/{spaces} ({sold} gold sold) · poorest: {seat}",
        { discovery: c.discovery, bribe: c.bribe, wheel: c.wheel, spaces: data.wheel_spaces, sold: c.gold_sold, seat: seatOf(ctx, c.poorest) }),
      seized.length ? ` · ${t("seized at the customs house: {n}", { n: seized.length })}` : ""));
}

// --- the map -----------------------------------------------------------------------

/** The legal moves that go to a place on the map, by that place (a pawn, a boat, an officer, a cove). */
function spotsOf(resource, data) {
  const spots = new Map();
  const labels = resource.move_labels || [];
  (resource.legal_moves || []).forEach((move, i) => {
    const space = move.space ?? move.to ?? move.cove;
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
function keepInSight(box, marks, matchId) {
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

function map(view, data, ctx, spots, choice) {
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
    add(p.boat.space, boatGlyph(p.seat, p.boat.hold ? t("{seat}'s boat ({boat})", { seat, boat: data.boats[p.boat.hold]?.name || p.boat.hold }) : t("{seat}'s boat", { seat })));
  });
  view.officers.forEach((o) => {
    if (!o.space) return;
    const n = o.officer + 1;
    add(o.space, officerGlyph(o, o.bribed_by != null ? t("Customs officer {n}, bribed by {seat}", { n, seat: seatOf(ctx, o.bribed_by) }) : t("Customs officer {n}", { n })));
  });
  view.players.forEach((p) => p.pawns.forEach((space) => add(space, pawnGlyph(p.seat, t("{seat}'s network pawn", { seat: seatOf(ctx, p.seat) })))));
  for (const [sid, g] of Object.entries(view.goods)) {
    if (g.where !== "board") continue;
    add(g.space, goodsGlyph(g, t("{kind} goods ({n} squares) of {seat}", { kind: humanize(g.kind), n: data.shapes[g.kind]?.length ?? "?", seat: seatOf(ctx, g.owner) }), sid));
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
  const x = s.x * S, y = s.y * S;
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
  const words = [s.name, s.kind === "town" || s.kind === "inland" ? t("sells up to size {size}", { size: s.size }) : word({ village: t("village"), cove: t("secret cove") }, s.kind),
    s.risk != null ? t("port risk {risk}", { risk: s.risk }) : null];
  const space = spaceOf(id, s.kind, x, y, r, glyphs, [svg("title", {}, words.filter(Boolean).join(", ")), mark, port], s.name, "space-name");
  if (port.length) [space.box[0], space.box[3]] = [x - r - 16, y + r + 8];
  return space;
}

function seaSpace(id, s, glyphs = []) {
  const x = s.x * S, y = s.y * S;
  return spaceOf(id, "sea", x, y, 12, glyphs, [svg("title", {}, t("{name} (sea)", { name: s.name })), svg("circle", { cx: x, cy: y, r: 12, class: "sea-space" })], s.name, "sea-name", 17);
}

function merchantSpace(id, m, view, glyphs = []) {
  const x = m.x * S, y = m.y * S;
  const left = Object.values(view.goods).filter((g) => g.where === "merchant" && g.merchant === id).length;
  const colour = MERCHANT_COLOUR[id] || "#555";
  const space = spaceOf(id, "merchant", x, y, 14, glyphs, [svg("title", {}, t("{name}: {n} goods left to buy", { name: m.name, n: left })),
    svg("rect", { x: x - 22, y: y - 14, width: 44, height: 28, rx: 14, fill: colour, stroke: "#fff", "stroke-width": 3 }),
    svg("text", { x, y: y + 6, "text-anchor": "middle", class: "merchant-count" }, String(left))], m.name, "merchant-name");
  space.box[0] = x - 24;
  space.box[2] = x + 24;
  return space;
}

function legend() {
  const key = (cls, text) => el("span", {}, el("span", { class: `key ${cls}`, "aria-hidden": "true" }), ` ${text}`);
  return el("p", { class: "legend smug-legend" },
    key("town", t("town (the number: largest goods it buys)")), key("village", t("village")), key("cove", t("secret cove")),
    key("risk", t("port (its landing risk)")), key("sea", t("sea space")), key("officer", t("customs officer (border: who bribed him)")),
    key("goods", t("goods (colour: merchant; border: owner)")), key("wh", t("warehouse")), key("merchant", t("merchant (goods left)")),
    el("span", {}, t("— land link, ┄ sea link")));
}

/** The same pieces in words, space by space: what a screen reader (or a small screen) reads. */
function whereList(view, data, ctx) {
  const lines = {};
  const add = (space, text) => space && (lines[space] = lines[space] || []).push(text);
  view.players.forEach((p) => p.boat?.space && add(p.boat.space, t("{seat}'s boat", { seat: seatOf(ctx, p.seat) })));
  view.officers.forEach((o) => o.space && add(o.space, o.bribed_by != null
    ? t("officer {n} (bribed by {seat})", { n: o.officer + 1, seat: seatOf(ctx, o.bribed_by) }) : t("officer {n}", { n: o.officer + 1 })));
  view.players.forEach((p) => p.pawns.forEach((space) => add(space, t("{seat}'s pawn", { seat: seatOf(ctx, p.seat) }))));
  for (const g of Object.values(view.goods)) if (g.where === "board") add(g.space, t("{kind} goods of {seat}", { kind: humanize(g.kind), seat: seatOf(ctx, g.owner) }));
  for (const [wid, w] of Object.entries(view.warehouses)) {
    if (w.space && w.owner != null) add(w.space, t("{seat}'s {warehouse}", { seat: seatOf(ctx, w.owner), warehouse: warehouseInfo(data, wid).name }));
  }
  const rows = Object.entries(lines).sort(([a], [b]) => spaceName(data, a).localeCompare(spaceName(data, b)));
  return el("details", { class: "where" }, el("summary", {}, t("On the map, in words ({n} spaces)", { n: rows.length })),
    el("ul", {}, rows.map(([space, what]) => el("li", {}, el("strong", {}, t("{name}:", { name: spaceName(data, space) })), ` ${what.join(", ")}`))));
}

/** The sale prices (gold / reputation) by the size paid for, a column per price row (its cost in
 * influence or reputation), and the towns that pay for that size at most. */
function prices(view, data) {
  const rowCost = data.row_cost || [];
  const sizes = Object.keys(view.prices).map(Number).sort((a, b) => a - b);
  const towns = (size) => Object.values(data.land).filter((s) => s.size === size).map((s) => s.name).join(", ");
  return el("div", { class: "smug-prices" }, sideways(el("table", {},
    el("caption", {}, t("Sale prices: gold / reputation")),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("Size")),
      rowCost.map((cost, row) => el("th", { scope: "col" }, cost ? t("Price row {row} (pay {n})", { row: row + 1, n: cost }) : t("Price row {row} (free)", { row: row + 1 }))),
      el("th", { scope: "col" }, t("Towns of that size")))),
    el("tbody", {}, sizes.map((size) => el("tr", {}, el("th", { scope: "row" }, String(size)),
      view.prices[size].map(([gold, reputation]) => el("td", {}, `${gold} / ${reputation}`)),
      el("td", {}, towns(size) || "–")))))),
  el("p", { class: "muted" }, t("Goods sell at their size in squares, at most the town's size. A row's cost is paid in influence or reputation.")));
}

// --- shapes and grids ---------------------------------------------------------------

/** A goods shape as its squares, in its merchant's colour. */
function shapeIcon(view, data, sid) {
  const g = view.goods[sid];
  const cells = data.shapes[g.kind] || [[0, 0]];
  const rows = Math.max(...cells.map((c) => c[0])) + 1, cols = Math.max(...cells.map((c) => c[1])) + 1;
  const u = 14;
  return el("span", { class: "shape", title: t("{kind} ({n} squares)", { kind: humanize(g.kind), n: cells.length }) },
    svg("svg", { width: cols * u, height: rows * u, viewBox: `0 0 ${cols * u} ${rows * u}`, "aria-hidden": "true" },
      cells.map(([r, c]) => svg("rect", { x: c * u + 0.5, y: r * u + 0.5, width: u - 1, height: u - 1, fill: MERCHANT_COLOUR[g.merchant] || "#777", stroke: "#000" }))),
    el("span", { class: "sr-only" }, t("{kind} {n} squares", { kind: g.kind, n: cells.length })));
}

/** A hold or warehouse grid: usable cells light, blocked cells dark. */
function grid(rows, caption) {
  const u = 20;
  const width = Math.max(0, ...rows.map((r) => r.length));
  return svg("svg", { class: "grid", width: width * u, height: rows.length * u, viewBox: `0 0 ${width * u} ${rows.length * u}`, role: "img", "aria-label": caption },
    rows.flatMap((line, r) => [...line].map((cell, c) => svg("rect", { x: c * u + 0.5, y: r * u + 0.5, width: u - 1, height: u - 1, fill: cell === "#" ? "#5d4a35" : "#fff", stroke: "#8d7b60" }))));
}

const usable = (rows) => rows.join("").split("").filter((c) => c === ".").length;
const squares = (view, data, sids) => sids.reduce((n, sid) => n + (data.shapes[kindOf(view, sid)]?.length || 0), 0);

// --- the seat's own things ------------------------------------------------------------

function yours(me, view, data, ctx) {
  const inHold = Object.entries(view.goods).filter(([, g]) => g.where === "boat" && g.owner === me.seat).map(([sid]) => sid);
  const boat = me.boat?.hold ? data.boats[me.boat.hold] : null;
  const holdBlock = el("div", { class: "mine-block" }, el("h4", {}, boat ? t("Your boat: {boat}", { boat: boat.name }) : t("Your boat: not chosen yet")),
    boat ? el("div", { class: "hold" }, grid(boat.hold, t("{boat}'s hold", { boat: boat.name })),
      el("p", {}, t("At {space} · hold {used} of {size} squares used",
        { space: me.boat.space ? spaceName(data, me.boat.space) : t("(not on the map yet)"), used: squares(view, data, inHold), size: usable(boat.hold) })),
      inHold.length ? el("p", { class: "shapes" }, inHold.map((sid) => shapeIcon(view, data, sid))) : el("p", { class: "muted" }, t("Empty hold."))) : null);
  const characters = el("div", { class: "mine-block" }, el("h4", {}, t("Your characters")),
    me.characters.length ? el("ul", { class: "cards" }, me.characters.map((cid) => characterCard(data, cid, view.motivated.includes(cid)))) : el("p", { class: "muted" }, t("None yet.")),
    // Each drawn card as a card, its ability and what it brings said: the choice is made on them.
    Array.isArray(me.setup_draw) && me.setup_draw.length ? [el("p", {}, el("strong", {}, t("Drawn, to keep one:"))),
      el("ul", { class: "cards drawn" }, me.setup_draw.map((cid) => characterCard(data, cid, false)))] : null);
  const secrets = el("div", { class: "mine-block" }, el("h4", {}, t("Your secrets")),
    me.hand && me.hand.length ? el("ul", { class: "cards" }, me.hand.map((h) => el("li", { class: "card-line" },
      el("strong", {}, capital(word(SECRET_WORDS, h.kind))), t(": {list}", { list: SECRET_TEXT[h.kind] || data.secrets[h.kind]?.text || "" }),
      data.secrets[h.kind]?.when ? el("span", { class: "muted" }, ` (${word(WHEN_WORDS, data.secrets[h.kind].when)})`) : null)))
      : el("p", { class: "muted" }, t("None.")));
  const mine = Object.entries(view.warehouses).filter(([, w]) => w.owner === me.seat);
  const warehouses = el("div", { class: "mine-block" }, el("h4", {}, t("Your warehouses")),
    mine.length ? mine.map(([wid, w]) => {
      const info = warehouseInfo(data, wid);
      const inside = Object.entries(view.goods).filter(([, g]) => g.where === "warehouse" && g.warehouse === wid).map(([sid]) => sid);
      const words = { name: info.name, used: squares(view, data, inside), size: usable(info.grid) };
      return el("div", { class: "hold" }, grid(info.grid, info.name),
        el("p", {}, w.space ? t("{name} at {space} · {used} of {size} squares", { ...words, space: spaceName(data, w.space) })
          : t("{name} (not placed yet: it goes where you first store goods) · {used} of {size} squares", words)),
        inside.length ? el("p", { class: "shapes" }, inside.map((sid) => shapeIcon(view, data, sid))) : null);
    }) : el("p", { class: "muted" }, t("None.")));
  const coves = me.open_coves.length ? el("p", {}, el("strong", {}, t("Coves open to you:")), " ", me.open_coves.map((c) => spaceName(data, c)).join(", ")) : null;
  return el("section", { class: "yours", "aria-label": t("Yours"), style: `border-color:${SEAT_COLOURS[me.seat]}` },
    el("h3", {}, t("Yours ({seat}): {gold} gold · {influence} influence · {reputation} reputation",
      { seat: seatOf(ctx, me.seat), gold: me.gold, influence: me.influence, reputation: me.reputation })),
    el("div", { class: "mine-grid" }, holdBlock, characters, secrets, warehouses), coves);
}

/** What a character brings, in words: influence, its ability and cost, a warehouse, a cove, the mob. */
function characterExtras(data, c) {
  const extras = [];
  if (c.influence) extras.push(t("+{n} influence a round", { n: c.influence }));
  if (c.ability) {
    const cost = Object.entries(c.ability.cost || {}).map(([k, v]) => `${v} ${word(AMOUNT_WORDS, k)}`).join(", ");
    const kind = word(ABILITY_WORDS, c.ability.kind);
    extras.push(cost ? t("ability: {kind} ({cost})", { kind, cost }) : t("ability: {kind} (free)", { kind }));
  }
  if (c.warehouse) extras.push(t("warehouse: {name} at {space}", { name: c.warehouse.name, space: spaceName(data, c.warehouse.space) }));
  if (c.cove) extras.push(t("opens {space}", { space: spaceName(data, c.cove) }));
  if (c.mob) extras.push(t("mob"));
  return extras;
}

/** The boats or warehouses the seat is choosing among, each with its hold drawn: a name alone says
 *  nothing of the squares it takes (a player's review). */
function choosing(legal, data) {
  const boats = legal.filter((m) => m.type === "choose_boat").map((m) => [data.boats[m.boat]?.name || humanize(m.boat), data.boats[m.boat]?.hold || []]);
  const houses = legal.filter((m) => m.type === "choose_warehouse").map((m) => { const w = warehouseInfo(data, m.warehouse); return [w.name, w.grid]; });
  return [[boats, t("Boats to choose from")], [houses, t("Warehouses to choose from")]].filter(([options]) => options.length).map(([options, title]) =>
    el("section", { class: "smug-choosing", "aria-label": title }, el("h3", {}, title),
      el("ul", { class: "cards" }, options.map(([name, rows]) => el("li", { class: "hold" },
        el("strong", {}, name), " ", el("span", { class: "muted" }, t("{n} squares", { n: usable(rows) })), el("div", {}, grid(rows, name)))))));
}

function characterCard(data, cid, motivated) {
  const c = data.characters[cid] || { name: humanize(cid) };
  const extras = characterExtras(data, c);
  return el("li", { class: "card-line" }, el("strong", {}, c.name), c.trade ? ` (${word(TRADE_WORDS, c.trade)}, ${t("deck: {deck}", { deck: word(DECK_WORDS, c.deck) })})` : "",
    extras.length ? t(": {list}", { list: extras.join("; ") }) : "", motivated ? el("span", { class: "muted" }, ` · ${t("used this round")}`) : null);
}

// --- everyone ------------------------------------------------------------------------

function playersTable(view, data, ctx) {
  return table(t("Players"), view.players.map((p) => {
    const onBoard = Object.values(view.goods).filter((g) => g.owner === p.seat && g.where === "board").length;
    const inHold = Object.values(view.goods).filter((g) => g.owner === p.seat && g.where === "boat").length;
    const stored = Object.values(view.goods).filter((g) => g.owner === p.seat && g.where === "warehouse").length;
    return {
      seat: `${seatOf(ctx, p.seat)}${p.seat === view.seat ? ` ${t("(you)")}` : ""}${p.passed ? ` · ${t("passed")}` : ""}`,
      score: p.score, gold: p.gold, influence: p.influence, reputation: p.reputation,
      boat: p.boat?.hold ? boatAt(p.boat, data) : "–",
      goods: t("{hold} in hold, {ashore} ashore, {stored} in warehouses", { hold: inHold, ashore: onBoard, stored }),
      pawns: p.pawns.length,
      characters: p.characters.map((cid) => (data ? cardName(data, cid) : cid)).join(", ") || "–",
      secrets: p.secrets,
    };
  }), {
    seat: t("Seat"), score: t("Score"), gold: t("Gold"), influence: t("Influence"), reputation: t("Reputation"), boat: t("Boat"),
    goods: t("Goods"), pawns: t("Pawns"), characters: t("Characters"), secrets: t("Secrets"),
  });
}

function boatAt(boat, data) {
  const name = data ? data.boats[boat.hold]?.name || boat.hold : boat.hold;
  return boat.space ? t("{boat} at {space}", { boat: name, space: data ? spaceName(data, boat.space) : boat.space }) : name;
}

function market(view, data) {
  const decks = Object.entries(view.face_up).map(([deck, cid]) => el("li", {},
    el("strong", {}, t("{name}:", { name: capital(word(DECK_WORDS, deck)) })), " ", cid ? el("span", {}, characterLine(data, cid)) : t("none face up"),
    el("span", { class: "muted" }, ` · ${t("{n} in the deck", { n: view.deck_sizes[deck] ?? 0 })}`)));
  return el("div", { class: "smug-market" }, el("h3", {}, t("Characters for hire")), el("ul", {}, decks),
    el("p", { class: "muted" }, t("Secrets deck: {deck} · played: {played}", { deck: view.secrets_deck, played: view.secrets_played.length })));
}

function characterLine(data, cid) {
  const c = data.characters[cid];
  if (!c) return cid;
  const words = { name: c.name, trade: word(TRADE_WORDS, c.trade), gold: c.gold, reputation: c.reputation };
  const line = c.mob ? t("{name}, {trade} ({gold} gold, {reputation} reputation, mob)", words) : t("{name}, {trade} ({gold} gold, {reputation} reputation)", words);
  const extras = characterExtras(data, c).filter((extra) => extra !== t("mob")); // the mob is said above
  return extras.length ? line + t(": {list}", { list: extras.join("; ") }) : line;  // what a hire brings
}

function merchants(view, data) {
  return el("div", { class: "smug-merchants" }, el("h3", {}, t("Goods at the merchants")),
    Object.entries(data.merchants).map(([id, m]) => {
      const left = Object.entries(view.goods).filter(([, g]) => g.where === "merchant" && g.merchant === id).map(([sid]) => sid);
      return el("p", {}, el("strong", { style: `color:${MERCHANT_COLOUR[id] || "#333"}` }, t("{name}:", { name: m.name })), " ",
        // Each numbered as the moves and the log name it ("Buy Irish trader #3"): counting from 0 was the player's job.
        left.length ? left.map((sid) => el("span", { class: "good", "data-good": sid }, `#${sid.split("_").pop()}\u00a0`, shapeIcon(view, data, sid))) : t("sold out"));
    }));
}
