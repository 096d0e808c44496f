// Medici vs Strozzi: the lot on auction, the three harbours with each side's ships and
// cargo, and the eight monopoly tracks (marker position, which side it favours, its bonus).

import { el, SEAT_COLOURS, humanize } from "../words.js";
import { table } from "./generic.js";

export const boardTypes = new Set();
const GOOD = { dye: "#6a1b9a", fur: "#795548", spice: "#e65100", cloth: "#1565c0", gold: "#f9a825" };

const tile = (t) => el("span", { class: "tile", style: `background:${GOOD[t.kind] || "#777"}`, title: `${t.kind} ${t.value}` }, `${t.kind} ${t.value}`);

export function render(resource, ctx) {
  const v = resource.view;
  const lot = el("div", { class: "lot" }, el("strong", {}, "Lot: "), v.lot.length ? v.lot.map(tile) : "empty",
    v.price != null ? ` · price ${v.price}` : "", v.lot_limit ? ` (at most ${v.lot_limit} tiles)` : "");
  const status = el("p", {}, `Round ${v.round} of ${v.rounds} · ${humanize(v.phase)}`, v.drawer != null ? ` · drawer ${ctx.seatName(v.drawer)}` : "",
    ` · bag ${v.bag.count} · bank ${v.bank}`);
  const money = table("players", v.players.map((p) => ({ seat: `${p.name} (${ctx.seatName(p.seat)})`, money: p.money, credit: p.credit, ...p.earned })));
  const harbours = el("div", { class: "harbours" }, v.harbours.map((h) => harbour(h, v)));
  const tracks = el("div", { class: "tracks", "aria-label": "Monopoly tracks" }, el("h3", {}, "Monopoly tracks"),
    el("p", { class: "muted track-ends" }, el("span", {}, `◀ ${v.players[0].name}`), el("span", {}, `${v.players[1].name} ▶`)), v.markers.map((m) => track(m, v)));
  return el("section", { class: "board medici", "aria-label": "Board" }, status, lot, money, harbours, tracks);
}

function harbour(h, v) {
  const ships = v.players.flatMap((p) => p.ships.filter((s) => s.harbour === h.harbour).map((s) => ({ p, s })));
  return el("article", { class: "harbour" },
    el("h3", {}, `${h.name}: ${h.goods.join(", ")}`),
    el("p", { class: "muted" }, `Cargo value: ${v.players.map((p) => `${p.name} ${h.totals[p.seat]}`).join(" · ")}`),
    ships.length ? ships.map(({ p, s }) => ship(p, s)) : el("p", { class: "muted" }, "No ship yet"),
  );
}

function ship(p, s) {
  return el("div", { class: "ship-row", style: `border-left-color:${SEAT_COLOURS[p.seat]}` },
    `${p.name} ship ${s.ship + 1} (${s.tiles.length}/${s.capacity}): `, s.tiles.map(tile), ` value ${s.value}`);
}

function track(m, v) {
  // A tug of war: the centre is 0, Medici's (seat 0) side to the left, Strozzi's to the right.
  const cells = [];
  for (let i = -v.track_steps; i <= v.track_steps; i++) {
    const bonus = v.step_bonus[Math.abs(i)];
    const cls = `step${i === m.position ? " marker" : ""}${i === 0 ? " centre" : ""}${bonus ? " paid" : ""}`;
    cells.push(el("span", { class: cls, "aria-hidden": "true" }, i === m.position ? "●" : bonus ? String(bonus) : ""));
  }
  const side = m.side == null ? "even" : `${v.players[m.side]?.name ?? `seat ${m.side}`}${m.bonus ? ` +${m.bonus}` : ""}`;
  return el("div", { class: "track", role: "group", "aria-label": `${v.harbours[m.harbour].name} ${m.good}: ${Math.abs(m.position)} towards ${side}` },
    el("span", { class: "track-name" }, `${v.harbours[m.harbour].name} · ${m.good}`),
    el("span", { class: "steps" }, cells),
    el("span", {}, side));
}
