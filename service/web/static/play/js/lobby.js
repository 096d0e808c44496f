// The lobby: the server's listed matches (where it has a lobby), this browser's matches,
// a form to create a match of any game (players, options, a bot or a person per seat),
// and join-by-id.

import * as api from "./api.js";
import { el, humanize } from "./words.js";
import { keep, recent } from "./store.js";

export async function renderLobby(root, catalogue, go) {
  const error = el("p", { class: "error", role: "alert" });
  const fail = (err) => (error.textContent = problemText(err));
  const parts = [el("h1", {}, "Play"), error, createForm(catalogue, go, fail), joinForm(go, fail), mine(catalogue)];
  root.replaceChildren(...parts.filter(Boolean), el("section", { id: "listed", "aria-label": "Open matches" }));
  const listed = await api.lobby().catch(() => null);
  const box = root.querySelector("#listed");
  if (listed && box) {
    const items = listed.matches || listed.items || (Array.isArray(listed) ? listed : []);
    box.append(el("h2", {}, "Open matches"), items.length ? el("ul", {}, items.map((m) => el("li", {},
      `${titleOf(catalogue, m.game)} · ${m.players} players${m.open_seats ? ` · open seats ${m.open_seats.join(", ")}` : ""} `,
      el("button", { type: "button", class: "link", onclick: () => joinMatch(m.id, null, go, fail) }, "Join"),
      " ",
      el("a", { href: `#match=${encodeURIComponent(m.id)}` }, "Watch")))) : el("p", { class: "muted" }, "None right now."));
  }
}

export function problemText(err) {
  if (!err || !err.body) return String(err);
  const fields = err.body.errors ? ` ${JSON.stringify(err.body.errors)}` : "";
  return `${err.body.detail || err.message}${fields}`;
}

const titleOf = (catalogue, id) => catalogue.find((g) => g.id === id)?.title || id;

function mine(catalogue) {
  const items = recent();
  if (!items.length) return null;
  return el("section", { "aria-label": "Your matches" }, el("h2", {}, "Your matches"), el("ul", {}, items.map((m) => el("li", {},
    el("a", { href: `#match=${encodeURIComponent(m.id)}&seat=${Object.keys(m.seats)[0]}` }, `${titleOf(catalogue, m.game)} ${m.id}`),
    ` · seats ${Object.keys(m.seats).join(", ")}`))));
}

async function joinMatch(id, seat, go, fail) {
  try {
    const joined = await api.join(id, seat);
    const game = (await api.match(id)).game;
    keep(id, game, joined.seat, joined.token);
    go(id, joined.seat);
  } catch (err) {
    fail(err);
  }
}

function joinForm(go, fail) {
  const input = el("input", { id: "join-id", required: true, autocomplete: "off", spellcheck: "false" });
  return el("form", {
    class: "card-form", "aria-label": "Join a match",
    onsubmit: (e) => { e.preventDefault(); joinMatch(input.value.trim(), null, go, fail); },
  }, el("h2", {}, "Join by id"), el("label", { for: "join-id" }, "Match id "), input, el("button", { type: "submit" }, "Join"));
}

function createForm(catalogue, go, fail) {
  const game = el("select", { id: "game" }, catalogue.map((g) => el("option", { value: g.id }, g.title || g.id)));
  const players = el("input", { id: "players", type: "number", required: true });
  const options = el("div", { class: "options" });
  const seats = el("div", { class: "seat-choices" });
  const clock = el("input", { id: "clock", type: "number", min: 0, value: 0 });
  const entry = () => catalogue.find((g) => g.id === game.value);

  function drawSeats() {
    const n = Number(players.value) || entry().min_players;
    seats.replaceChildren(...Array.from({ length: n }, (_, s) => {
      const kind = el("select", { id: `seat-${s}`, name: `seat-${s}` },
        el("option", { value: "me" }, "me (this browser)"),
        entry().bots.map((b) => el("option", { value: `bot:${b}`, selected: s > 0 && b === entry().bots[0] }, `server bot: ${b}`)),
        // `seats: "one"` hands the creator seat 0's token, so seat 0 is never left open.
        s > 0 ? el("option", { value: "open" }, "open (someone joins)") : null);
      const name = el("input", { id: `name-${s}`, placeholder: "name (optional)", maxlength: 40 });
      return el("div", { class: "seat-choice" }, el("label", { for: `seat-${s}` }, `Seat ${s}`), kind, el("label", { for: `name-${s}`, class: "sr-only" }, `Seat ${s} name`), name);
    }));
  }
  function drawGame() {
    const g = entry();
    Object.assign(players, { min: g.min_players, max: g.max_players, value: g.min_players });
    options.replaceChildren(...Object.entries(g.options?.properties || {}).map(([key, schema]) => optionInput(key, schema)));
    drawSeats();
  }
  game.addEventListener("change", drawGame);
  players.addEventListener("change", drawSeats);
  drawGame();

  return el("form", {
    class: "card-form", id: "create", "aria-label": "New match",
    onsubmit: async (e) => {
      e.preventDefault();
      try {
        const created = await createMatch(entry(), Number(players.value), options, seats, Number(clock.value));
        go(created.id, created.seat);
      } catch (err) {
        fail(err);
      }
    },
  },
  el("h2", {}, "New match"),
  el("div", { class: "field" }, el("label", { for: "game" }, "Game "), game),
  el("div", { class: "field" }, el("label", { for: "players" }, "Players "), players),
  options, seats,
  el("div", { class: "field" }, el("label", { for: "clock" }, "Clock, seconds per move (0: none) "), clock),
  el("button", { type: "submit", class: "primary" }, "Create and play"));
}

function optionInput(key, schema) {
  const id = `opt-${key}`;
  let input;
  if (schema.enum) input = el("select", { id, "data-option": key }, schema.enum.map((v) => el("option", { value: v, selected: v === schema.default }, v)));
  else if (schema.type === "boolean") input = el("input", { id, type: "checkbox", "data-option": key, checked: !!schema.default });
  else input = el("input", { id, type: schema.type === "integer" ? "number" : "text", "data-option": key, value: schema.default ?? "" });
  return el("div", { class: "field" }, el("label", { for: id, title: schema.description || "" }, `${humanize(key)} `), input,
    schema.description ? el("small", { class: "muted" }, ` ${schema.description}`) : null);
}

async function createMatch(game, players, optionsBox, seatsBox, clockSeconds) {
  const options = {};
  for (const input of optionsBox.querySelectorAll("[data-option]")) {
    const key = input.dataset.option;
    options[key] = input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value) : input.value;
  }
  const kinds = Array.from({ length: players }, (_, s) => seatsBox.querySelector(`#seat-${s}`).value);
  const names = Array.from({ length: players }, (_, s) => seatsBox.querySelector(`#name-${s}`).value.trim());
  const mine = kinds.flatMap((k, s) => (k === "me" ? [s] : []));
  const bots = Object.fromEntries(kinds.flatMap((k, s) => (k.startsWith("bot:") ? [[String(s), k.slice(4)]] : [])));
  const anyOpen = kinds.includes("open");
  const body = { game: game.id, players, options, bots, seats: anyOpen ? "one" : "all" };
  // Names and a clock are newer parts of the API: sent only when asked for, dropped if refused.
  const extras = {};
  if (names.some(Boolean)) extras.names = Object.fromEntries(names.flatMap((n, s) => (n ? [[String(s), n]] : [])));
  if (clockSeconds > 0) extras.clock = { seconds: clockSeconds };
  let created;
  try {
    created = await api.create({ ...body, ...extras });
  } catch (err) {
    const refused = err.body?.errors && Object.keys(extras).some((k) => k in err.body.errors);
    if (!refused) throw err;
    created = await api.create(body);
  }
  const tokens = Object.fromEntries(created.seats.map((s) => [s.seat, s.token]));
  for (const seat of mine) {
    if (!tokens[seat]) tokens[seat] = (await api.join(created.id, seat)).token;
    keep(created.id, game.id, seat, tokens[seat]);
  }
  return { id: created.id, seat: mine.length ? mine[0] : null };
}
