// Speicherstadt: the row of cards on the water with the workers queued above each and a
// ship's cubes; each seat's coins, contracts (goods placed), warehouse, market hall and ship.

import { el, SEAT_COLOURS, humanize, summarize } from "../words.js";
import { moveButton } from "../moves.js";

const GOOD = { coffee: "#6d4c41", tea: "#2e7d32", saffron: "#f9a825", rubber: "#212121", carpet: "#c62828" };
export const boardTypes = new Set(["place_worker"]);

const cube = (good) => el("span", { class: "cube", style: `background:${GOOD[good] || "#999"}`, title: good, "aria-label": good });
const worker = (seat) => el("span", { class: "worker", style: `background:${SEAT_COLOURS[seat]}`, title: `seat ${seat}` });

export function render(resource, ctx) {
  const view = resource.view;
  const legal = resource.legal_moves || [];
  const labels = resource.move_labels || [];
  const row = el("ol", { class: "row", "aria-label": "The row of cards" });
  view.row.forEach((slot, position) => {
    if (!slot) {
      row.append(el("li", { class: "card gone" }, "(taken)"));
      return;
    }
    const index = legal.findIndex((m) => m.type === "place_worker" && m.card === position);
    const offered = view.offer && view.offer.position === position;
    row.append(el("li", { class: `card ${slot.kind}${offered ? " offered" : ""}` },
      el("div", { class: "workers", "aria-label": `workers: ${slot.workers.map((s) => `seat ${s}`).join(", ") || "none"}` }, slot.workers.map(worker)),
      el("strong", {}, humanize(slot.card)),
      el("span", { class: "muted" }, `${humanize(slot.kind)} · season ${slot.season}`),
      cardDetail(slot),
      slot.cubes.length ? el("div", { class: "ship" }, "Ship: ", slot.cubes.map(cube)) : null,
      el("span", {}, `Price ${slot.price}`),
      index >= 0 ? moveButton(legal[index], labels[index] || "Place a worker here", ctx.post, "move small") : null));
  });
  const facts = el("p", {}, `Round ${view.round}${view.last_round ? " (last)" : ""} · ${humanize(view.phase)} · start player seat ${view.start_player}`,
    view.offer ? ` · on offer: card ${view.offer.position + 1} for ${view.offer.price}` : "");
  const deck = el("p", { class: "muted" }, `Deck by season: ${summarize(view.deck)} · bag: ${summarize(view.bag)}`);
  const legend = el("p", { class: "legend", "aria-hidden": "true" }, Object.keys(GOOD).map((g) => el("span", {}, cube(g), ` ${g}`)));
  const seats = el("div", { class: "seats" }, view.seats.map((s) => seatPanel(s, view, ctx)));
  return el("section", { class: "board speicherstadt", "aria-label": "Board" }, facts, row, legend, deck, seats);
}

function cardDetail(slot) {
  if (slot.goods) return el("span", {}, slot.goods.map(cube), slot.vp != null ? ` ${slot.vp} VP` : "");
  if (slot.good) return el("span", {}, cube(slot.good), slot.value != null ? ` value ${slot.value}` : "");
  if (slot.value != null) return el("span", {}, `value ${slot.value}`);
  return null;
}

function seatPanel(s, view, ctx) {
  const me = s.seat === view.you;
  return el("article", { class: `seat-panel${me ? " me" : ""}`, style: `border-color:${SEAT_COLOURS[s.seat]}` },
    el("h3", {}, worker(s.seat), ` ${ctx.seatName(s.seat)}${me ? " (you)" : ""}`),
    el("p", {}, `${s.coins} coins · ${s.workers} workers · ${s.score} points now`),
    s.contracts.length ? el("ul", { class: "contracts", "aria-label": "Contracts" }, s.contracts.map((c) =>
      el("li", {}, `${humanize(c.card)} (${c.vp ?? "?"} VP): `, c.goods.map((g, i) => el("span", { class: i < c.placed.length ? "filled" : "open" }, cube(g))),
        ` ${c.placed.length}/${c.goods.length} (${c.goods.join(", ")})`))) : null,
    s.cards.length ? el("p", {}, "Cards: ", s.cards.map(humanize).join(", ")) : null,
    s.ship.length ? el("p", {}, "Unloaded: ", s.ship.map(cube)) : null,
    el("p", {}, "Warehouse: ", s.warehouse.length ? s.warehouse.map(cube) : "empty", " · Market hall: ", s.market.length ? s.market.map(cube) : "empty"));
}
