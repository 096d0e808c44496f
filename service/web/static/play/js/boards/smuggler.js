// Cornish Smuggler: the map of West Cornwall drawn from GET /v1/games/smuggler/static (spaces,
// their x/y, links, merchants) and the view (officers, network pawns, boats, goods, warehouses),
// the customs track, every seat's table, and the seat's own boat hold, characters and secrets.
// Nothing here decides a move: the moves are the listed ones, as buttons beside the board.

import { el, sideways, nameOrYou } from "../words.js";
import { t } from "../i18n.js";
import { PHASE_WORDS, DECIDING_WORDS, ENDING_WORDS, GOODS_WORDS, word, seatOf } from "./smuggler-words.js";
import { spotsOf, keepInSight, map, legend, whereList } from "./smuggler-map.js";
import { customs, prices, yours, choosing, playersTable, market, merchants } from "./smuggler-tables.js";

export const boardTypes = new Set();

/** A landing template's goods (`irish_3`) as the server's texts say them: "Irish trader #3",
 *  « forme irlandaise n° 3 ». */
export function term(sid) {
  const [, merchant, n] = /^(.*)_(\d+)$/.exec(sid) || [];
  return merchant && Object.hasOwn(GOODS_WORDS, merchant) ? GOODS_WORDS[merchant](n) : sid;
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

const mapOf = (data) => data && data.land && data.sea ? data : null;

export function render(resource, ctx) {
  const view = resource.view;
  const data = mapOf(ctx.static);
  const wrap = el("section", { class: "board smuggler", "aria-label": t("Board") });
  wrap.append(facts(view, ctx, resource.status === "finished"));
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

function facts(view, ctx, finished) {
  // The phase in lower case, as the other games' status lines say theirs (« Manche 1 · demande »).
  const parts = [t("Round {round}", { round: view.round }), word(PHASE_WORDS, view.phase), t("first player {seat}", { seat: view.first == null ? seatOf(ctx, null) : nameOrYou(ctx, view.first) })];
  // Whose turn it is while the match goes on: an ended match (its rules, or a resignation) has none.
  if (view.phase === "play" && !finished && view.active != null) parts.push(t("turn of {seat}", { seat: nameOrYou(ctx, view.active) }));
  if (view.deciding) parts.push(t("deciding: {what}", { what: word(DECIDING_WORDS, view.deciding) }));
  if (view.ending) parts.push(t("last round ({why})", { why: word(ENDING_WORDS, view.ending) }));
  return el("p", { class: "smug-facts" }, parts.join(" · "));
}
