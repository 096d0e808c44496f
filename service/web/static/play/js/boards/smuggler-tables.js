// Cornish Smuggler's tables and panels beside the map: the customs track, the sale prices, the
// seat's own boat hold, characters, secrets and warehouses (and the boats or warehouses to choose
// from), every seat's table, the characters for hire and the merchants' goods.

import { el, svg, SEAT_COLOURS, humanize, sideways } from "../words.js";
import { table } from "./generic.js";
import { t, lang } from "../i18n.js";
import { MERCHANT_COLOUR } from "./smuggler-map.js";
import {
  TRADE_WORDS, DECK_WORDS, SECRET_WORDS, SECRET_TEXT, WHEN_WORDS, ABILITY_WORDS, AMOUNT_WORDS, WAREHOUSE_WORDS,
  word, capital, seatOf, spaceName, placeName, boatName, cardName, kindName, warehouseInfo,
} from "./smuggler-words.js";

const kindOf = (view, sid) => view.goods[sid]?.kind;

// --- the customs track and the golden wheel ------------------------------------------

export function customs(view, data, ctx) {
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

/** The sale prices (gold / reputation) by the size paid for, a column per price row (its cost in
 * influence or reputation), and the towns that pay for that size at most. The headings are short,
 * "Row 2" over "pay 1", "Towns", their full words in their abbr's title: « Ligne de prix 2 (payer 1) »
 * stood five lines high on a 390 px phone. */
export function prices(view, data) {
  const rowCost = data.row_cost || [];
  const sizes = Object.keys(view.prices).map(Number).sort((a, b) => a - b);
  const towns = (size) => Object.values(data.land).filter((s) => s.size === size).map((s) => placeName(s.name)).join(", ");
  return el("div", { class: "smug-prices" }, sideways(el("table", {},
    el("caption", {}, t("Sale prices: gold / reputation")),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("Size")),
      rowCost.map((cost, row) => el("th", { scope: "col" }, el("abbr", { title: t("Price row {row}", { row: row + 1 }) }, t("Row {row}", { row: row + 1 })),
        el("span", { class: "cost" }, cost ? t("pay {n}", { n: cost }) : t("free")))),
      el("th", { scope: "col" }, el("abbr", { title: t("Towns of that size") }, t("Towns"))))),
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
  return el("span", { class: "shape", title: t("{kind} ({n} squares)", { kind: kindName(g.kind), n: cells.length }) },
    svg("svg", { width: cols * u, height: rows * u, viewBox: `0 0 ${cols * u} ${rows * u}`, "aria-hidden": "true" },
      cells.map(([r, c]) => svg("rect", { x: c * u + 0.5, y: r * u + 0.5, width: u - 1, height: u - 1, fill: MERCHANT_COLOUR[g.merchant] || "#777", stroke: "#000" }))),
    el("span", { class: "sr-only" }, t("{kind} {n} squares", { kind: kindName(g.kind), n: cells.length })));
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

/** Where the boat is, as the server's sentences say it ("In the waters off Cape Cornwall", "At the
 *  Irish trader": the static data's `where`, from the engine's words), else the place's name. */
const whereSaid = (data, space) => data.where?.[space]?.[lang] || spaceName(data, space);

// --- the seat's own things ------------------------------------------------------------

export function yours(me, view, data, ctx) {
  const inHold = Object.entries(view.goods).filter(([, g]) => g.where === "boat" && g.owner === me.seat).map(([sid]) => sid);
  const boat = me.boat?.hold ? data.boats[me.boat.hold] : null;
  const boatWords = boat ? boatName(data, me.boat.hold) : "";
  const holdBlock = el("div", { class: "mine-block" }, el("h4", {}, boat ? t("Your boat: {boat}", { boat: boatWords }) : t("Your boat: not chosen yet")),
    boat ? el("div", { class: "hold" }, grid(boat.hold, t("{boat}'s hold", { boat: boatWords })),
      el("p", {}, t("{where} · hold {used} of {size} squares used",
        { where: me.boat.space ? whereSaid(data, me.boat.space) : t("Not on the map yet"), used: squares(view, data, inHold), size: usable(boat.hold) })),
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
  if (c.warehouse) extras.push(t("warehouse: {name} at {space}", { name: word(WAREHOUSE_WORDS, c.warehouse.name), space: spaceName(data, c.warehouse.space) }));
  if (c.cove) extras.push(t("opens {space}", { space: spaceName(data, c.cove) }));
  if (c.mob) extras.push(t("mob"));
  return extras;
}

/** The boats or warehouses the seat is choosing among, each with its hold drawn: a name alone says
 *  nothing of the squares it takes (a player's review). */
export function choosing(legal, data) {
  const boats = legal.filter((m) => m.type === "choose_boat").map((m) => [boatName(data, m.boat), data.boats[m.boat]?.hold || []]);
  const houses = legal.filter((m) => m.type === "choose_warehouse").map((m) => { const w = warehouseInfo(data, m.warehouse); return [w.name, w.grid]; });
  return [[boats, t("Boats to choose from")], [houses, t("Warehouses to choose from")]].filter(([options]) => options.length).map(([options, title]) =>
    el("section", { class: "smug-choosing", "aria-label": title }, el("h3", {}, title),
      el("ul", { class: "cards" }, options.map(([name, rows]) => el("li", { class: "hold" },
        el("strong", {}, name), " ", el("span", { class: "muted" }, t("{n} squares", { n: usable(rows) })), el("div", {}, grid(rows, name)))))));
}

function characterCard(data, cid, motivated) {
  const c = data.characters[cid] || { name: humanize(cid) };
  const extras = characterExtras(data, c);
  return el("li", { class: "card-line" }, el("strong", {}, cardName(data, cid)), c.trade ? ` (${word(TRADE_WORDS, c.trade)}, ${t("deck: {deck}", { deck: word(DECK_WORDS, c.deck) })})` : "",
    extras.length ? t(": {list}", { list: extras.join("; ") }) : "", motivated ? el("span", { class: "muted" }, ` · ${t("used this round")}`) : null);
}

// --- everyone ------------------------------------------------------------------------

export function playersTable(view, data, ctx) {
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
      // A name is not broken between lines (no-break spaces): the list wraps between names.
      characters: p.characters.map((cid) => (data ? cardName(data, cid) : cid).replaceAll(" ", "\u00a0")).join(", ") || "–",
      secrets: p.secrets,
    };
  }), {
    seat: t("Seat"), score: t("Score"), gold: t("Gold"), influence: t("Influence"), reputation: t("Reputation"), boat: t("Boat"),
    goods: t("Goods"), pawns: t("Pawns"), characters: t("Characters"), secrets: t("Secrets"),
  }, { short: true, wraps: ["characters"] });
}

function boatAt(boat, data) {
  const name = data ? boatName(data, boat.hold) : boat.hold;
  return boat.space ? t("{boat} ({space})", { boat: name, space: data ? spaceName(data, boat.space) : boat.space }) : name;
}

export function market(view, data) {
  const decks = Object.entries(view.face_up).map(([deck, cid]) => el("li", {},
    el("strong", {}, t("{name}:", { name: capital(word(DECK_WORDS, deck)) })), " ", cid ? el("span", {}, characterLine(data, cid)) : t("none face up"),
    el("span", { class: "muted" }, ` · ${t("{n} in the deck", { n: view.deck_sizes[deck] ?? 0 })}`)));
  return el("div", { class: "smug-market" }, el("h3", {}, t("Characters for hire")), el("ul", {}, decks),
    el("p", { class: "muted" }, t("Secrets deck: {deck} · played: {played}", { deck: view.secrets_deck, played: view.secrets_played.length })));
}

function characterLine(data, cid) {
  const c = data.characters[cid];
  if (!c) return cid;
  const words = { name: cardName(data, cid), trade: word(TRADE_WORDS, c.trade), gold: c.gold, reputation: c.reputation };
  const line = c.mob ? t("{name}, {trade} ({gold} gold, {reputation} reputation, mob)", words) : t("{name}, {trade} ({gold} gold, {reputation} reputation)", words);
  const extras = characterExtras(data, c).filter((extra) => extra !== t("mob")); // the mob is said above
  return extras.length ? line + t(": {list}", { list: extras.join("; ") }) : line;  // what a hire brings
}

// A merchant's name in its colour, darker where the colour is too light to read on the page (the
// Dutch orange: 3.6:1 on the paper, where text needs 4.5:1).
const MERCHANT_INK = { ...MERCHANT_COLOUR, dutch: "#bf360c" };

export function merchants(view, data) {
  return el("div", { class: "smug-merchants" }, el("h3", {}, t("Goods at the merchants")),
    Object.entries(data.merchants).map(([id, m]) => {
      const left = Object.entries(view.goods).filter(([, g]) => g.where === "merchant" && g.merchant === id).map(([sid]) => sid);
      return el("p", {}, el("strong", { style: `color:${MERCHANT_INK[id] || "#333"}` }, t("{name}:", { name: placeName(m.name) })), " ",
        // Each numbered as the moves and the log name it ("Buy Irish trader #3"): counting from 0 was the player's job.
        left.length ? left.map((sid) => el("span", { class: "good", "data-good": sid }, `${t("#{n}", { n: sid.split("_").pop() })}\u00a0`, shapeIcon(view, data, sid))) : t("sold out"));
    }));
}
