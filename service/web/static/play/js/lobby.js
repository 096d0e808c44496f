// The lobby: the server's listed matches (GET /v1/matches), this browser's matches, a form to
// create a match of any game (players, options, a bot or a person per seat, names, clock,
// listed or not, undo or not), and join-by-id.

import * as api from "./api.js";
import { el, humanize, botName, listed, seatName, seatsSaid } from "./words.js";
import { keep, recent, forgetGone } from "./store.js";
import { t } from "./i18n.js";

const NAME_MAX = 32; // the server's limit for a display name (1 to 32 printable characters)
const CLOCK_MIN = 10; // the server's smallest clock, in seconds per decision
const SHOWN = { open: t("open: seats to join"), active: t("being played"), finished: t("finished") };
const SEAT_STATUS = { open: t("open"), taken: t("taken"), reserved: t("reserved") };

export async function renderLobby(root, catalogue, go) {
  const name = el("input", { id: "join-name", autocomplete: "nickname", maxlength: NAME_MAX, placeholder: t("optional") });
  const joinAs = { name: () => name.value.trim() };
  const listed = el("section", { id: "listed", "aria-label": t("Listed matches") });
  // A returning player's matches first: on a phone they sat below the whole form and the list.
  const parts = [el("h1", {}, t("Play")), mine(catalogue), createForm(catalogue, go), joinForm(go, name, joinAs), listed];
  root.replaceChildren(...parts.filter(Boolean));
  await drawListed(listed, catalogue, go, joinAs, "open");
}

/**
 * The lobby's matches of one status; Join buttons only for seats the server says are open. A
 * refused Join (the seat taken meanwhile) draws the list again with the server's words at its head:
 * said at the top of the lobby, a screen above the button on a phone, the tap seemed to do nothing.
 */
async function drawListed(box, catalogue, go, joinAs, status, refusal = "") {
  const again = (next, said = "") => drawListed(box, catalogue, go, joinAs, next, said);
  const fail = (err) => again(status, problemText(err));
  const pick = el("select", { id: "listed-status", onchange: () => again(pick.value) },
    Object.entries(SHOWN).map(([value, text]) => el("option", { value, selected: value === status }, text)));
  // The heading on a line of its own: beside it, "Show" sat on the heading's line and its list below.
  // The list is read once: a match listed since (the friend who just created it) shows on a tap.
  const refresh = el("button", { type: "button", class: "small", id: "listed-refresh", onclick: () => again(pick.value) }, t("Refresh"));
  const head = [el("h2", {}, t("Listed matches")), el("div", { class: "field" }, el("label", { for: "listed-status" }, t("Show"), " "), pick, " ", refresh),
    refusal ? el("p", { class: "error", id: "listed-error", role: "alert" }, refusal) : ""];
  let page;
  try {
    page = await api.lobby({ status });
  } catch (err) {
    box.replaceChildren(...head, el("p", { class: "error" }, problemText(err)));
    return;
  }
  const items = page.matches || [];
  box.replaceChildren(...head, items.length ? el("ul", { class: "listed" }, items.map((m) => listedMatch(m, catalogue, go, fail, joinAs)))
    : el("p", { class: "muted" }, t("None right now.")));
}

function listedMatch(m, catalogue, go, fail, joinAs) {
  const seats = m.seats.map((s) => {
    const who = s.name || (s.status === "bot" ? t("{bot} bot", { bot: botName(s.bot) }) : SEAT_STATUS[s.status] || s.status);
    const open = s.status === "open";
    return el("li", { class: open ? "seat open" : "seat" }, t("Seat {seat}: {who}", { seat: s.seat, who }),
      open ? el("button", { type: "button", class: "small", "data-join": `${m.id}:${s.seat}`, onclick: () => joinMatch(m.id, s.seat, go, fail, joinAs.name()) }, t("Join as seat {seat}", { seat: s.seat })) : null);
  });
  const clock = !m.clock ? ""
    : m.clock.on_timeout === "forfeit" ? ` · ${t("{seconds} s a move (then forfeit)", { seconds: m.clock.seconds })}`
    : ` · ${t("{seconds} s a move (then a bot plays)", { seconds: m.clock.seconds })}`;
  return el("li", { class: "listed-match" },
    el("strong", {}, titleOf(catalogue, m.game)), ` · ${t("{n} players", { n: m.players })}${clock} · `,
    el("a", { href: `#match=${encodeURIComponent(m.id)}` }, m.status === "finished" ? t("See the end") : t("Watch")),
    el("ul", { class: "seat-list", "aria-label": t("Seats") }, seats));
}

/** A problem (RFC 9457) in words: its detail, then each field's errors. */
export function problemText(err) {
  if (!err || !err.body) return String(err);
  // Each field's words a sentence of their own ("… 1 and 5. get: …", not "… 1 and 5.; get: …").
  const sentence = (text) => (/[.!?…]$/.test(text) ? text : `${text}.`);
  const fields = err.body.errors ? flatten(err.body.errors).map(([field, text]) => ` ${field}: ${sentence(text.trim())}`).join("") : "";
  return `${err.body.detail || err.message}${fields}`;
}

function flatten(errors, prefix = "") {
  if (Array.isArray(errors)) return [[prefix || "request", errors.map(String).join(" ")]];
  if (errors && typeof errors === "object") {
    return Object.entries(errors).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  }
  return [[prefix || "request", String(errors)]];
}

const titleOf = (catalogue, id) => catalogue.find((g) => g.id === id)?.title || id;

/** This browser's matches, each with its state as its seat reads it (finished, your move, whom it
 *  waits for): the list said nothing of it, and a player opened each match to find the one to play.
 *  One the server no longer has (expired) is taken off, and said once above the list: kept, it
 *  said "no longer on the server" at every visit and held one of the 20 places. */
function mine(catalogue) {
  const items = recent();
  if (!items.length) return null;
  const gone = el("div", { id: "mine-gone", role: "status" });
  return el("section", { "aria-label": t("Your matches") }, el("h2", {}, t("Your matches")), gone, el("ul", { class: "mine" }, items.map((m) => {
    const link = el("a", { href: `#match=${encodeURIComponent(m.id)}&seat=${Object.keys(m.seats)[0]}` }, `${titleOf(catalogue, m.game)} ${m.id}`);
    const state = el("span", { class: "match-state" });
    const item = el("li", {}, link, ` · ${seatsHeld(Object.keys(m.seats))} `, state);
    matchState(m, link, state, () => {
      item.remove();
      gone.append(el("p", { class: "muted" }, t("The {game} match {id} is no longer on the server: taken off your matches.", { game: titleOf(catalogue, m.game), id: m.id })));
    });
    return item;
  })));
}

/** A held match read with one of its tokens (filled in once it answers: the lobby does not wait);
 *  a match the browser holds several seats of opens on the seat to act; one the server no longer
 *  has is forgotten, and `onGone` says so. */
async function matchState(m, link, state, onGone) {
  const held = Object.keys(m.seats).map(Number);
  let r;
  try {
    r = await api.match(m.id, m.seats[held[0]]);
  } catch (err) {
    if (forgetGone(m.id, err)) onGone(); // else unreachable: the lobby says so elsewhere; the link stays
    return;
  }
  const toAct = held.filter((s) => r.to_act.includes(s));
  const finished = r.status === "finished";
  const key = finished ? "finished" : toAct.length ? "your-move" : "waiting";
  state.dataset.state = key;
  state.textContent = `· ${finished ? t("Finished") : toAct.length ? t("Your move")
    : t("Waiting for {seats}", { seats: seatsSaid(r.to_act, (s) => seatName(r, s)) || t("nobody") })}`;
  if (!finished && toAct.length) link.href = `#match=${encodeURIComponent(m.id)}&seat=${toAct[0]}`;
}

function seatsHeld(seats) {
  return seats.length === 1 ? t("seat {seats}", { seats: seats[0] }) : t("seats {seats}", { seats: listed(seats) });
}

async function joinMatch(id, seat, go, fail, name) {
  try {
    const joined = await api.join(id, seat, name);
    const game = (await api.match(id)).game;
    keep(id, game, joined.seat, joined.token);
    go(id, joined.seat);
  } catch (err) {
    fail(err);
  }
}

/** Join by id; a refusal is said under its button (the top of the lobby was out of sight on a phone). */
function joinForm(go, name, joinAs) {
  const input = el("input", { id: "join-id", required: true, autocomplete: "off", spellcheck: "false" });
  const error = el("p", { class: "error", id: "join-error", role: "alert" });
  return el("form", {
    class: "card-form", "aria-label": t("Join a match"),
    onsubmit: (e) => {
      e.preventDefault();
      error.textContent = "";
      joinMatch(input.value.trim(), null, go, (err) => (error.textContent = problemText(err)), joinAs.name());
    },
  }, el("h2", {}, t("Join")),
  el("div", { class: "field" }, el("label", { for: "join-name" }, t("Your name"), " "), name),
  el("div", { class: "field" }, el("label", { for: "join-id" }, t("Match id"), " "), input, el("button", { type: "submit" }, t("Join"))),
  error,
  el("p", { class: "muted" }, t("Or join an open seat of a listed match below (the name above goes with it).")));
}

function createForm(catalogue, go) {
  const error = el("p", { class: "error", id: "create-error", role: "alert" });
  const game = el("select", { id: "game" }, catalogue.map((g) => el("option", { value: g.id }, g.title || g.id)));
  const players = el("input", { id: "players", type: "number", required: true });
  const options = el("div", { class: "options" });
  const seats = el("div", { class: "seat-choices" });
  const clock = el("input", { id: "clock", type: "number", min: 0, max: 604800, value: 0 });
  const onTimeout = el("select", { id: "on-timeout" },
    el("option", { value: "bot" }, t("a bot plays the late seat's move")),
    el("option", { value: "forfeit" }, t("the late seat forfeits")));
  const listed = el("input", { id: "list-in-lobby", type: "checkbox" });
  const undo = el("input", { id: "undo-own-move", type: "checkbox" });
  const entry = () => catalogue.find((g) => g.id === game.value);

  /**
   * The seat rows for the number of players: rows added or removed at the end, those that stay
   * left as they are. Drawn anew, they lost what was typed; and "Players" changes when it loses the
   * focus, so the seat box tapped next was replaced under the finger: the name typed went nowhere.
   */
  function drawSeats() {
    const n = Math.min(Number(players.value) || entry().min_players, entry().max_players);
    const rows = seats.querySelectorAll(".seat-choice");
    for (let s = rows.length; s < n; s++) seats.append(seatRow(s));
    for (let s = rows.length - 1; s >= n; s--) rows[s].remove();
  }
  function seatRow(s) {
    const kind = el("select", { id: `seat-${s}`, name: `seat-${s}` },
      el("option", { value: "me" }, t("me (this browser)")),
      entry().bots.map((b) => el("option", { value: `bot:${b}`, selected: s > 0 && b === entry().bots[0] }, t("server bot: {bot}", { bot: botName(b) }))),
      // `seats: "one"` hands the creator seat 0's token, so seat 0 is never left open.
      s > 0 ? el("option", { value: "open" }, t("open (someone joins)")) : null);
    const name = el("input", { id: `name-${s}`, placeholder: t("name (optional)"), maxlength: NAME_MAX });
    return el("div", { class: "seat-choice" }, el("label", { for: `seat-${s}` }, t("Seat {seat}", { seat: s })), kind,
      el("label", { for: `name-${s}`, class: "sr-only" }, t("Seat {seat} name", { seat: s })), name);
  }
  function drawGame() {
    const g = entry();
    Object.assign(players, { min: g.min_players, max: g.max_players, value: g.min_players });
    options.replaceChildren(...Object.entries(g.options?.properties || {}).map(([key, schema]) => optionInput(key, schema)));
    seats.replaceChildren(); // another game: its own bots
    drawSeats();
  }
  game.addEventListener("change", drawGame);
  players.addEventListener("change", drawSeats);
  drawGame();

  return el("form", {
    class: "card-form", id: "create", "aria-label": t("New match"),
    onsubmit: async (e) => {
      e.preventDefault();
      error.textContent = "";
      const clockSeconds = Number(clock.value);
      const form = { players: Number(players.value), listed: listed.checked, undo: undo.checked, clock: clockSeconds > 0 ? { seconds: clockSeconds, on_timeout: onTimeout.value } : null };
      try {
        const created = await createMatch(entry(), form, options, seats);
        go(created.id, created.seat);
      } catch (err) {
        error.textContent = problemText(err);
      }
    },
  },
  el("h2", {}, t("New match")),
  el("div", { class: "field" }, el("label", { for: "game" }, t("Game"), " "), game),
  el("div", { class: "field" }, el("label", { for: "players" }, t("Players"), " "), players),
  options, seats,
  el("div", { class: "field" }, el("label", { for: "clock" }, t("Clock, seconds per decision (0: none; at least {min})", { min: CLOCK_MIN }), " "), clock),
  el("div", { class: "field" }, el("label", { for: "on-timeout" }, t("When a clock runs out"), " "), onTimeout),
  el("div", { class: "field check" }, el("label", { for: "list-in-lobby" }, listed, t("List in the lobby (anyone may find it, watch it and join its open seats)"))),
  el("div", { class: "field check" }, el("label", { for: "undo-own-move" }, undo, t("Undo: each player may take back their own last move (not a roll or a draw)"))),
  el("button", { type: "submit", class: "primary" }, t("Create and play")),
  error);
}

function optionInput(key, schema) {
  const id = `opt-${key}`;
  let input;
  // Each choice in the server's words (`x-labels`, « débutant » for "beginner"); the value is what is sent.
  const said = (v) => (schema["x-labels"] || {})[v] ?? v;
  if (schema.enum) input = el("select", { id, "data-option": key }, schema.enum.map((v) => el("option", { value: v, selected: v === schema.default }, said(v))));
  else if (schema.type === "boolean") input = el("input", { id, type: "checkbox", "data-option": key, checked: !!schema.default });
  else input = el("input", { id, type: schema.type === "integer" ? "number" : "text", "data-option": key, value: schema.default ?? "" });
  return el("div", { class: "field" }, el("label", { for: id, title: schema.description || "" }, `${schema.title || humanize(key)} `), input,
    schema.description ? el("small", { class: "muted" }, ` ${schema.description}`) : null);
}

/** One POST /v1/matches with everything asked for; a refusal (422) is the server's to explain. */
async function createMatch(game, form, optionsBox, seatsBox) {
  const { players } = form;
  const options = {};
  for (const input of optionsBox.querySelectorAll("[data-option]")) {
    const key = input.dataset.option;
    options[key] = input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value) : input.value;
  }
  const kinds = Array.from({ length: players }, (_, s) => seatsBox.querySelector(`#seat-${s}`).value);
  const names = Array.from({ length: players }, (_, s) => seatsBox.querySelector(`#name-${s}`).value.trim());
  const mine = kinds.flatMap((k, s) => (k === "me" ? [s] : []));
  const bots = Object.fromEntries(kinds.flatMap((k, s) => (k.startsWith("bot:") ? [[String(s), k.slice(4)]] : [])));
  const body = { game: game.id, players, options, bots, seats: kinds.includes("open") ? "one" : "all", listed: form.listed };
  if (names.some(Boolean)) body.names = Object.fromEntries(names.flatMap((n, s) => (n ? [[String(s), n]] : [])));
  if (form.clock) body.clock = form.clock;
  if (form.undo) body.undo = "own_move";
  const created = await api.create(body);
  const tokens = Object.fromEntries(created.seats.map((s) => [s.seat, s.token]));
  for (const seat of mine) {
    if (!tokens[seat]) tokens[seat] = (await api.join(created.id, seat)).token;
    keep(created.id, game.id, seat, tokens[seat]);
  }
  return { id: created.id, seat: mine.length ? mine[0] : null };
}
