// Cornish Smuggler's words and names, shared by the board's parts (smuggler.js, smuggler-map.js,
// smuggler-tables.js): the game's keys in the page's language, and a seat, a place or a warehouse
// by its name.

import { humanize } from "../words.js";
import { t } from "../i18n.js";

// The game's words the view sends as keys, in the page's language (the French of decks, secret
// kinds and endings is the server's catalogue's; names of towns and characters stay as they are).
export const PHASE_WORDS = { setup: t("setup"), play: t("play"), over: t("over") };
export const DECIDING_WORDS = {
  choose_boat: t("choose a boat"), choose_warehouse: t("choose a warehouse"), draw_characters: t("draw characters"),
  keep_character: t("keep a character"), place_pawn: t("place a network pawn"), place_boat: t("place the boat"),
  choose_officer: t("choose an officer to move"), choose_path: t("choose the officer's way"), place_officer: t("place the new officer"),
  remove_pawn: t("remove a pawn"), tipoff: t("play a Tip-off or not"), witch: t("the Witch of St Levan"), end_turn: t("free moves or end the turn"),
  raid_card: t("the raid: a mob card"), raid_shape: t("the raid: goods to recover"),
};
export const ENDING_WORDS = {
  customs_track: t("the customs track reached its end"), last_goods: t("the last goods were bought"), round_limit: t("the last round was played"),
};
// The characters' trades (the static data's `trade`) in the page's words; a name stays as it is.
export const TRADE_WORDS = {
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
export const DECK_WORDS = { religious: t("religious"), commerce: t("commerce"), unskilled: t("unskilled"), officials: t("officials") };
export const SECRET_WORDS = { cove: t("secret cove"), decoy: t("false trail"), informer: t("informer"), turncoat: t("turncoat"), favour: t("favour owed"), tipoff: t("Tip-off") };
export const SECRET_TEXT = {
  cove: t("A secret cove of your choice is open to you for the rest of the game"),
  decoy: t("Move any customs officer one space"),
  informer: t("Take one secret at random from another player"),
  turncoat: t("An officer bribed by another player is bribed by you instead"),
  favour: t("Gain 2 influence"),
  tipoff: t("When another player lands goods, add 2 to the landing risk"),
};
export const WHEN_WORDS = { "your turn": t("your turn"), "another's landing": t("another's landing") };
export const ABILITY_WORDS = { boat: t("sails your boat"), goods: t("moves goods"), officer: t("moves an officer"), secret: t("finds a secret"), witch: t("takes goods at sea") };
export const AMOUNT_WORDS = { gold: t("gold"), influence: t("influence"), reputation: t("reputation") };
export const word = (words, key) => (key == null ? "" : (Object.hasOwn(words, key) && words[key]) || humanize(key));
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export const seatOf = (ctx, s) => (s == null ? t("nobody") : ctx.seatName(s));
// The names that say what their thing is, by their English name (the static data's, the same in
// every language), in the page's words, as titles: the rules' « Vers le Nord », « Au large du cap
// Cornwall », « Marchand irlandais » on the map (engine/smuggler/texts.py; a sentence of the
// server's says « au Nord », « le marchand irlandais »; engine/smuggler/README.md "Names in French").
// Towns, villages, coves, Mount's Bay and people keep their names.
export const PLACE_WORDS = {
  "To the North": t("To the North"),
  "Isles of Scilly": t("Isles of Scilly"),
  "Off the North Coast": t("Off the North Coast"),
  "Off Cape Cornwall": t("Off Cape Cornwall"),
  "Off St Levan": t("Off St Levan"),
  "Off Porthleven": t("Off Porthleven"),
  "Mount's Bay (west)": t("Mount's Bay (west)"),
  "St Ives Bay": t("St Ives Bay"),
  "Scilly Sound": t("Scilly Sound"),
  "Irish trader": t("Irish trader"),
  "Dutch merchantman": t("Dutch merchantman"),
  "Roscoff lugger": t("Roscoff lugger"),
};
export const BOAT_WORDS = {
  "Lugger": t("Lugger"), "Cutter": t("Cutter"), "Pilot gig": t("Pilot gig"), "Ketch": t("Ketch"), "Sloop": t("Sloop"),
  "Yawl": t("Yawl"), "Pinnace": t("Pinnace"), "Brig": t("Brig"), "Fishing smack": t("Fishing smack"), "Galley": t("Galley"),
};
export const WAREHOUSE_WORDS = {
  "Pub cellar": t("Pub cellar"), "Hay barn": t("Hay barn"), "Sea cave": t("Sea cave"), "Chapel loft": t("Chapel loft"),
  "Old mine adit": t("Old mine adit"), "Pigsty": t("Pigsty"),
  "Church crypt": t("Church crypt"), "Vestry": t("Vestry"), "Inn cellar": t("Inn cellar"), "Manor stables": t("Manor stables"),
};
// The characters whose card names no person (engine/smuggler/texts.py DESCRIBED_CARDS).
export const CARD_WORDS = { "The Witch of St Levan": t("The Witch of St Levan") };
// A goods shape's kind: the keg a word, the others letters (I2, L3), the same in French; in running
// words a lower-case word (« marchandises tonnelet de Zoé », it read « marchandises Tonnelet »).
export const KIND_WORDS = { keg: t("Keg") };
const KIND_RUNNING = { keg: t("keg") };
// The goods by merchant and number, as a landing's boxes name them (the server: « la forme irlandaise n° 3 »).
export const GOODS_WORDS = {
  irish: (n) => t("Irish trader #{n}", { n }),
  dutch: (n) => t("Dutch merchantman #{n}", { n }),
  roscoff: (n) => t("Roscoff lugger #{n}", { n }),
};
const named = (words, name) => (Object.hasOwn(words, name) ? words[name] : name);
export const placeName = (name) => named(PLACE_WORDS, name);
export const spaceName = (data, id) => placeName((data.land[id] || data.sea[id] || data.merchants[id] || { name: humanize(id) }).name);
export const boatName = (data, bid) => named(BOAT_WORDS, data.boats[bid]?.name || humanize(bid));
export const cardName = (data, cid) => named(CARD_WORDS, data.characters[cid]?.name || humanize(cid));
export const kindName = (kind) => word(KIND_WORDS, kind);
export const kindWord = (kind) => word(KIND_RUNNING, kind);

export function warehouseInfo(data, wid) {
  const start = data.start_warehouses[wid];
  if (start) return { ...start, name: named(WAREHOUSE_WORDS, start.name) };
  const cid = wid.replace(/^w_/, "");
  const house = data.characters[cid]?.warehouse;
  return house ? { name: `${named(WAREHOUSE_WORDS, house.name)} (${cardName(data, cid)})`, grid: house.grid } : { name: humanize(wid), grid: [] };
}
