// The end of a match: the winners, the final scores by each game's categories, how it ended.

import { el, humanize, seatsSaid } from "./words.js";
import { table } from "./boards/generic.js";
import { t } from "./i18n.js";

/** The outcome's categories in the page's words (each game's breakdown keys). */
const CATEGORIES = {
  forfeit: t("Won by forfeit"), // 1 for the seat the other left to ("Forfeit 1" read as the winner forfeiting)
  // Catan
  settlements: t("Settlements"), cities: t("Cities"), longest_road: t("Longest road"), largest_army: t("Largest army"),
  victory_point_cards: t("Victory point cards"),
  // Speicherstadt
  fires: t("Fires"), contracts: t("Contracts"), offices: t("Offices"), warehouse: t("Warehouse"), traders: t("Traders"),
  churches: t("Churches"), chamber: t("Chamber of commerce"), port: t("Port"),
  // Medici
  start: t("Start"), purchases: t("Purchases"), harbours: t("Harbours"), monopolies: t("Monopolies"), bonuses: t("Bonuses"),
  // Cornish Smuggler
  gold: t("Gold"), reputation: t("Reputation"),
};
const TIEBREAKS = { "most coins among tied scores": t("most coins among tied scores"), "most gold": t("most gold") };

export function outcome(r, ctx) {
  const o = r.outcome;
  if (!o) {
    const why = r.ended && r.ended.reason === "too_long"
      ? t("The match reached the most log entries a match may hold: no scores.") : t("The match was aborted: no scores.");
    return el("section", { class: "outcome", "aria-label": t("Final scores") }, el("h2", {}, why));
  }
  const categories = [...new Set(o.breakdown.flatMap((b) => Object.keys(b)))];
  const rows = o.scores.map((score, s) => ({
    seat: `${ctx.seatName(s)}${s === ctx.seat ? ` ${t("(you)")}` : ""}`, rank: o.ranks[s], score,
    ...Object.fromEntries(categories.map((c) => [`_${c}`, o.breakdown[s][c] ?? ""])),
  }));
  const headings = Object.fromEntries(categories.map((c) => [`_${c}`, CATEGORIES[c] || humanize(c)]));
  // A seat that left (resigned, ran out of time): said with its name, not the engine's "Seat 0".
  const left = r.ended && r.ended.seat != null && r.ended.reason !== "abort"
    ? t("{seat} left the game.", { seat: ctx.seatName(r.ended.seat) }) : null;
  const how = left || (o.tiebreak ? t("Tie-break: {how}", { how: TIEBREAKS[o.tiebreak] || o.tiebreak }) : null);
  const winners = seatsSaid(o.winners, ctx.seatName); // "seats 0 and 2", « sièges 0 et 2 »
  return el("section", { class: "outcome", "aria-label": t("Final scores") },
    el("h2", {}, o.winners.length > 1 ? t("Winners: {seats}", { seats: winners }) : t("Winner: {seats}", { seats: winners })),
    table(t("Final scores"), rows, { seat: t("Seat"), rank: t("Rank"), score: t("Score"), ...headings }, { short: true }),
    addsUp(o, categories) ? el("p", { class: "muted" }, t("Each score is the sum of the columns after it.")) : null,
    how ? el("p", {}, how) : null);
}

/** Whether every score is the sum of its breakdown: then the columns are its parts, and the page
 *  says so (Catan's "Cities 4" read as four cities, where it is the 4 points of two). */
function addsUp(o, categories) {
  return categories.length > 1 && o.scores.every((score, s) => Object.values(o.breakdown[s]).reduce((a, b) => a + b, 0) === score);
}
