// Medici vs Strozzi: the lot on auction, the three harbours with each side's ships and
// cargo, and the eight monopoly tracks (marker position, which side it favours, its bonus).

import { el, SEAT_COLOURS, humanize } from "../words.js";
import { table } from "./generic.js";
import { t } from "../i18n.js";

export const boardTypes = new Set();
/** The price is typed before it is offered: a form showing 0 (the least the rules allow, a free lot)
 *  offered the lot for nothing on one tap. */
export const typedFirst = new Set(["price"]);

/** A line above the moves: what the seat's choice leads to ("Decline the lot at 37" did not say that
 *  the drawer must then buy it; "Load the lot on ship 3 in harbour 1" not that the ship stays there). */
export function lead(resource, ctx) {
  const v = resource.view;
  if (!(resource.legal_moves || []).length && !(resource.move_templates || []).length) return null;
  const other = ctx.seatName(1 - ctx.seat);
  if (v.phase === "draw") return t("{seat} buys the lot at the price you name, or declines it and you must buy it at that price.", { seat: other });
  // The lot answered or loaded, said first: on a phone its tiles were a screen down, under nine ships.
  const lot = t("The lot: {tiles}.", { tiles: v.lot.map((x) => `${good(x.kind)} ${x.value}`).join(", ") });
  if (v.phase === "answer") return `${lot} ${t("Buy at this price, or decline: {seat} must then buy the lot at that price.", { seat: other })}`;
  if (v.phase === "place") return `${lot} ${t("A ship stays in the harbour it is first loaded in until the round ends; then each harbour pays 20 to the higher cargo value.")}`;
  return null;
}
const GOOD = { dye: "#6a1b9a", fur: "#795548", spice: "#e65100", cloth: "#1565c0", gold: "#f9a825" };
// The goods in the page's language (the French is the server's catalogue's).
const GOOD_WORDS = { dye: t("dye"), fur: t("fur"), spice: t("spice"), cloth: t("cloth"), gold: t("gold") };
const good = (kind) => GOOD_WORDS[kind] || kind;
const PHASE_WORDS = { draw: t("draw tiles"), answer: t("answer the offer"), place: t("load the lot"), over: t("over") };
// What each side earned so far; purchases as the final scores give them, paid out ("Purchases 403"
// beside "Harbours 60" read as a gain).
const EARNED = { purchases: t("Purchases"), harbours: t("Harbours"), monopolies: t("Monopolies"), bonuses: t("Bonuses") };
/** A harbour by its number (the view's name is the English "Harbour 1"). */
const harbourName = (h) => t("Harbour {n}", { n: h.harbour + 1 });

// Gold is too light for white words (even shadowed, 4.2:1): its tiles are written in ink.
const tile = (x) => el("span", { class: `tile${x.kind === "gold" ? " light" : ""}`, style: `background:${GOOD[x.kind] || "#777"}`, title: `${good(x.kind)} ${x.value}` }, `${good(x.kind)} ${x.value}`);

export function render(resource, ctx) {
  const v = resource.view;
  const lot = el("div", { class: "lot" }, el("strong", {}, t("Lot:")), " ", v.lot.length ? v.lot.map(tile) : t("empty"),
    v.price != null ? ` · ${t("price {price}", { price: v.price })}` : "", v.lot_limit ? ` ${t("(at most {n} tiles)", { n: v.lot_limit })}` : "");
  const status = el("p", {}, t("Round {round} of {rounds} · {phase}", { round: v.round, rounds: v.rounds, phase: PHASE_WORDS[v.phase] || humanize(v.phase) }),
    v.drawer != null ? ` · ${t("lot drawn by {seat}", { seat: ctx.seatName(v.drawer) })}` : "",
    ` · ${t("bag {bag} · bank {bank}", { bag: v.bag.count, bank: v.bank })}`);
  const you = (seat) => (seat === ctx.seat ? ` ${t("(you)")}` : "");
  // A seat's name beside its house, unless it is the house's own ("Medici (Medici)" read twice); the
  // seat's own in the same brackets: "Medici (Ana, you)", where "Medici (Ana) (you)" read clumsily.
  const house = (p, name = ctx.seatName(p.seat)) => (name.startsWith(p.name) ? `${name}${you(p.seat)}`
    : p.seat === ctx.seat ? t("{house} ({name}, you)", { house: p.name, name }) : `${p.name} (${name})`);
  const money = table(t("Players"), v.players.map((p) => ({ seat: house(p), money: p.money, credit: p.credit, ...p.earned, purchases: -p.earned.purchases })),
    { seat: t("Seat"), money: t("Money"), credit: t("Credit"), ...EARNED }, { short: true });
  const harbours = el("div", { class: "harbours" }, v.harbours.map((h) => harbour(h, v)));
  const tracks = el("div", { class: "tracks", "aria-label": t("Monopoly tracks") }, el("h3", {}, t("Monopoly tracks")),
    el("div", { class: "track muted track-ends", "aria-hidden": "true" }, el("span", {}),
      el("span", { class: "steps" }, el("span", {}, `◀ ${v.players[0].name}${you(0)}`), el("span", {}, `${v.players[1].name}${you(1)} ▶`)), el("span", {})),
    v.markers.map((m) => track(m, v)));
  return el("section", { class: "board medici", "aria-label": t("Board") }, status, lot, v.players.map(fleet), money, harbours, tracks);
}

/** A side's three ships, moored or not, with their room: what a lot may be loaded on, before any sails. */
function fleet(p) {
  const where = (s) => (s.harbour == null ? t("{ship}: {tiles}/{capacity}", { ship: s.ship + 1, tiles: s.tiles.length, capacity: s.capacity })
    : t("{ship}: {tiles}/{capacity} in harbour {harbour}", { ship: s.ship + 1, tiles: s.tiles.length, capacity: s.capacity, harbour: s.harbour + 1 }));
  return el("p", { class: "fleet", "data-seat": p.seat }, el("strong", {}, t("{name}'s ships (tiles/room):", { name: p.name })), " ",
    p.ships.flatMap((s, i) => [i ? " · " : "", el("span", { class: "nowrap" }, where(s))]));
}

function harbour(h, v) {
  const ships = v.players.flatMap((p) => p.ships.filter((s) => s.harbour === h.harbour).map((s) => ({ p, s })));
  return el("article", { class: "harbour" },
    el("h3", {}, t("{name}: {goods}", { name: harbourName(h), goods: h.goods.map(good).join(", ") })),
    el("p", { class: "muted" }, t("Cargo value: {values}", { values: v.players.map((p) => `${p.name} ${h.totals[p.seat]}`).join(" · ") })),
    ships.length ? ships.map(({ p, s }) => ship(p, s)) : el("p", { class: "muted" }, t("No ship yet")),
  );
}

function ship(p, s) {
  return el("div", { class: "ship-row", style: `border-left-color:${SEAT_COLOURS[p.seat]}` },
    t("{name} ship {ship} ({tiles}/{capacity}):", { name: p.name, ship: s.ship + 1, tiles: s.tiles.length, capacity: s.capacity }), " ",
    s.tiles.map(tile), ` ${t("value {value}", { value: s.value })}`);
}

function track(m, v) {
  // A tug of war: the centre is 0, Medici's (seat 0) side to the left, Strozzi's to the right.
  const cells = [];
  for (let i = -v.track_steps; i <= v.track_steps; i++) {
    const bonus = v.step_bonus[Math.abs(i)];
    const cls = `step${i === m.position ? " marker" : ""}${i === 0 ? " centre" : ""}${bonus ? " paid" : ""}`;
    cells.push(el("span", { class: cls, "aria-hidden": "true" }, i === m.position ? "●" : bonus ? String(bonus) : ""));
  }
  const side = m.side == null ? t("even") : `${v.players[m.side]?.name ?? t("seat {seat}", { seat: m.side })}${m.bonus ? ` +${m.bonus}` : ""}`;
  const where = { harbour: harbourName(v.harbours[m.harbour]), good: good(m.good), steps: Math.abs(m.position), side };
  const label = m.side == null ? t("{harbour} {good}: {steps} towards even", where) : t("{harbour} {good}: {steps} towards {side}", where);
  return el("div", { class: "track", role: "group", "aria-label": label },
    el("span", { class: "track-name" }, `${harbourName(v.harbours[m.harbour])} · ${good(m.good)}`),
    el("span", { class: "steps" }, cells),
    el("span", {}, side));
}
