// Speicherstadt: the row of cards on the water with the workers queued above each and a
// ship's cubes; each seat's coins, contracts (goods placed), warehouse, market hall and ship.

import { el, SEAT_COLOURS, humanize, nameOrYou } from "../words.js";
import { moveButton } from "../moves.js";
import { t } from "../i18n.js";

const GOOD = { coffee: "#6d4c41", tea: "#2e7d32", saffron: "#f9a825", rubber: "#212121", carpet: "#c62828" };
// The goods in the page's language (the French is the server's catalogue's).
const GOOD_WORDS = { coffee: t("coffee"), tea: t("tea"), saffron: t("saffron"), rubber: t("rubber"), carpet: t("carpet") };
const good = (name) => GOOD_WORDS[name] || name;
// The cards and their kinds in the server's words (its catalogue's French): "contract_a1" reads
// "contract A1", as in the log.
const CARD_WORDS = {
  contract: t("contract"), fireman: t("fireman"), fire: t("fire"), office: t("office"), ship: t("ship"),
  coffee_roaster: t("coffee roaster"), tea_taster: t("tea taster"), spice_trader: t("spice trader"), carpet_trader: t("carpet trader"),
  vulcanizer: t("vulcanizer"), warehouse: t("warehouse"), bank: t("bank"), chamber_of_commerce: t("chamber of commerce"),
  boatmen_church: t("boatmen church"), st_michaelis: t("St Michaelis"), port: t("port"),
};
const KIND_WORDS = { ...CARD_WORDS, trader: t("trader"), chamber: t("chamber of commerce"), church: t("church") };
const PHASE_WORDS = { supply: t("supply"), demand: t("demand"), purchase: t("purchase"), shipping: t("shipping"), over: t("over") };
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
export function cardName(card) {
  const found = /^(contract|fireman|fire|office|ship)_([a-e]?\d?)$/.exec(card);
  return capital(found ? `${CARD_WORDS[found[1]]} ${found[2].toUpperCase()}` : CARD_WORDS[card] || humanize(card));
}
export const boardTypes = new Set(["place_worker"]);
/** The kinds of moves in the page's words: shipping's long list folds each kind to one line
 *  (moves.js), which else was named by the move type, in English on a French page ("Sell (3)").
 *  Each note says what the move brings: "Sell carpet, coffee from your market hall" said no price,
 *  "Decline the card" not that the next worker's owner then has it cheaper,
 *  and "End your shipping" did not say that the cubes left on the ship are lost. */
export const kinds = {
  decline: { note: t("If you decline, your worker comes back and the next worker's owner, if any, may buy the card for 1 coin less.") },
  deliver: { name: t("Deliver to a contract") },
  sell: { name: t("Sell to your trader"), note: t("Your trader pays 1 coin a cube.") },
  store: { name: t("Store in your warehouse"), note: t("At most 4 cubes in your warehouse; they wait there for a later shipping.") },
  to_market: { name: t("Put on your market hall"), note: t("On your market hall, 2 cubes sell for 1 coin and 3 trade for 1 of your choice; 1 cube may stay there.") },
  market_sell: { name: t("Sell from your market hall"), note: t("2 cubes for 1 coin.") },
  convert: { name: t("Convert goods"), note: t("3 cubes for 1 of your choice from the supply.") },
  done: { note: t("When you end your shipping, the cubes still on your ship go to the supply (lost); your market hall keeps at most 1 cube for a later round.") },
};

const cube = (g) => el("span", { class: "cube", role: "img", style: `background:${GOOD[g] || "#999"}`, title: good(g), "aria-label": good(g) });
const worker = (seat, name) => el("span", { class: "worker", style: `background:${SEAT_COLOURS[seat]}`, title: name });

export function render(resource, ctx) {
  const view = resource.view;
  const legal = resource.legal_moves || [];
  const labels = resource.move_labels || [];
  const row = el("ol", { class: "row", "aria-label": t("The row of cards") });
  view.row.forEach((slot, position) => {
    if (!slot) {
      row.append(el("li", { class: "card gone" }, t("(taken)")));
      return;
    }
    const index = legal.findIndex((m) => m.type === "place_worker" && m.card === position);
    const offered = view.offer && view.offer.position === position;
    const use = cardUse(slot);
    row.append(el("li", { class: `card ${slot.kind}${offered ? " offered" : ""}` },
      el("div", { class: "workers", role: "img", "aria-label": slot.workers.length
        ? t("workers: {seats}", { seats: slot.workers.map(ctx.seatName).join(", ") }) : t("no workers") },
        slot.workers.map((s) => worker(s, ctx.seatName(s)))),
      el("strong", {}, cardName(slot.card)),
      el("span", { class: "muted" }, t("{kind} · season {season}", { kind: capital(KIND_WORDS[slot.kind] || humanize(slot.kind)), season: slot.season })),
      cardDetail(slot),
      use ? el("span", { class: "card-use" }, use) : null,
      slot.cubes.length ? el("div", { class: "ship" }, t("Ship:"), " ", slot.cubes.map(cube)) : null,
      el("span", {}, t("Price {price}", { price: slot.price })),
      index >= 0 ? moveButton(legal[index], labels[index] || t("Place a worker here"), ctx.post, "move small") : null));
  });
  const round = { round: view.round, phase: PHASE_WORDS[view.phase] || humanize(view.phase), seat: nameOrYou(ctx, view.start_player) };
  const facts = el("p", {}, view.last_round ? t("Round {round} (last) · {phase} · start player {seat}", round)
    : t("Round {round} · {phase} · start player {seat}", round),
  view.offer ? ` · ${offered(view)}` : "");
  const supply = { deck: counted(view.deck, String), bag: counted(view.bag, good) };
  const deck = el("p", { class: "muted" }, t("Deck by season: {deck} · bag: {bag}", supply));
  const legend = el("p", { class: "legend", "aria-hidden": "true" }, Object.keys(GOOD).map((g) => el("span", {}, cube(g), ` ${good(g)}`)));
  const seats = el("div", { class: "seats" }, view.seats.map((s) => seatPanel(s, view, ctx)));
  return el("section", { class: "board speicherstadt", "aria-label": t("Board") }, facts, row, legend, deck, seats);
}

/** The card on offer by its name and price: "card 3 for 1" named a place the row does not number. */
const offered = (view) => t("on offer: {card} for {n} coins", { card: cardName(view.row[view.offer.position].card), n: view.offer.price });

/** Above "Buy the card" and "Decline the card": which card, at what price (a phone showed the row a
 *  screen below, the card on offer under the taken ones). */
export function lead(resource) {
  const types = new Set((resource.legal_moves || []).map((m) => m.type));
  const view = resource.view;
  if (!types.has("buy") || !view.offer || !view.row[view.offer.position]) return null;
  return t("Offered to you: {card} for {n} coins", { card: cardName(view.row[view.offer.position].card), n: view.offer.price });
}

/** Counts as "coffee 9, tea 7" (each key in words), or "empty" (« rien » read « sac : rien »). */
const counted = (counts, words) => Object.entries(counts).filter(([, n]) => n).map(([k, n]) => `${words(k)} ${n}`).join(", ") || t("empty");

/** What a card of this kind does for its buyer (the engine README's rules), said on the card. */
export function cardUse(slot) {
  switch (slot.kind) {
    case "contract": return t("Deliver its goods when unloading; complete, 2/3/4 goods score 5/8/11 VP.");
    case "fireman": return t("At each fire, the highest firemen's total gains the fire's value in VP, the lowest loses it.");
    case "office": return t("At the end, 1/2/3/4 offices score 2/5/9/14 VP.");
    case "ship": return t("Its 3 cubes are yours to unload this round.");
    case "trader": return t("Buys your cubes of its good at 1 coin each when unloading; 1 VP at the end.");
    case "warehouse": return t("Keeps up to 4 cubes for later rounds; 1 VP a cube in it at the end.");
    case "bank": return t("1 more coin of income each round.");
    case "chamber": return t("At the end, 1 VP a coin.");
    case "church": return t("{vp} VP at the end.", { vp: slot.vp });
    case "port": return t("At the end, 1 VP a ship you bought.");
    default: return null;
  }
}

function cardDetail(slot) {
  if (slot.goods) return el("span", {}, slot.goods.map(cube), slot.vp != null ? ` ${t("{vp} VP", { vp: slot.vp })}` : "");
  if (slot.good) return el("span", {}, cube(slot.good), slot.value != null ? ` ${t("value {value}", { value: slot.value })}` : "");
  if (slot.value != null) return el("span", {}, t("value {value}", { value: slot.value }));
  return null;
}

function seatPanel(s, view, ctx) {
  const me = s.seat === view.you;
  return el("article", { class: `seat-panel${me ? " me" : ""}`, style: `border-color:${SEAT_COLOURS[s.seat]}` },
    el("h3", {}, worker(s.seat, ctx.seatName(s.seat)), ` ${ctx.seatName(s.seat)}${me ? ` ${t("(you)")}` : ""}`),
    el("p", {}, [t("{n} coins", { n: s.coins }), t("{n} workers", { n: s.workers }),
      view.phase === "over" ? t("{n} points", { n: s.score }) : t("{n} points now", { n: s.score })].join(" · ")), // not "now" once counted
    s.contracts.length ? el("ul", { class: "contracts", "aria-label": t("Contracts") }, s.contracts.map((c) =>
      el("li", {}, t("{card} ({vp} VP):", { card: cardName(c.card), vp: c.vp ?? "?" }), " ",
        c.goods.map((g, i) => el("span", { class: i < c.placed.length ? "filled" : "open" }, cube(g))),
        ` ${c.placed.length}/${c.goods.length} (${c.goods.map(good).join(", ")})`))) : null,
    s.cards.length ? el("p", {}, t("Cards:"), " ", s.cards.map(cardName).join(", ")) : null,
    s.ship.length ? el("p", {}, t("Unloaded:"), " ", s.ship.map(cube)) : null,
    el("p", {}, t("Warehouse:"), " ", s.warehouse.length ? s.warehouse.map(cube) : t("empty"),
      ` · ${t("Market hall:")} `, s.market.length ? s.market.map(cube) : t("empty")));
}
