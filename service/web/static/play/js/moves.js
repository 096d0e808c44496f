// The move controls: the listed legal moves as buttons (labelled with the server's words),
// templates as small forms. Each control that posts a move carries data-move, the JSON a click
// posts; a form's button has none while its values make no move (it says what they lack).

import { el, humanize, moveText } from "./words.js";
import { t } from "./i18n.js";
import { MOVE_CONTROL } from "./focus.js";

const LIST_AT_MOST = 10; // more moves of one type than this: a chooser plus one button
const FOLD_ABOVE = 8; // more controls than this, of several kinds: each kind folds to one line

/** A template's parameters in the page's words (the server sends their names only). */
const PARAM_WORDS = {
  give: t("You give"), get: t("You get"), to: t("Offered to"), cards: t("Cards to discard"), price: t("Price"),
  shapes: t("Goods"), hide: t("Points to hide"), stash: t("Into your warehouse"),
};
const paramWord = (name) => PARAM_WORDS[name] || humanize(name);

/**
 * `skip`: move types played on the board; `term` (a board's): a key of a counts template (a
 * resource) in the page's language; `seatName`: a seat's name (a template's `seats` param);
 * `say(text)`: the page's message line (a form clears it when it is sent again); `kinds` (a
 * board's): by move type, `name` (the kind in words), `note` (what the move does or what comes
 * after it) and `last` (after every other move and form: Catan's "End your turn", which came
 * first, before what a player scrolls for on a phone); `lead`: a line above the moves (what the seat is deciding now); `typedFirst` (a
 * board's): the integer params a form shows empty, to be typed before it posts (Medici's price:
 * shown at its smallest, 0, one tap gave the lot away); `foldForms` (a board's): the move types whose
 * form is one line that opens on a tap (Catan's trade offer and counter-proposal: on a phone their
 * forms, fieldsets of number boxes, pushed the map a screen down).
 *
 * A long list of several kinds (more than FOLD_ABOVE controls, two kinds or more of several moves)
 * folds each kind of several moves into one line that opens on a tap, one at a time: on a phone
 * the moves come above the board, and 28 buttons pushed the table a screen and more down the page.
 */
export function renderMoves(resource, post, {
  skip: skipTypes = new Set(), term = null, seatName = (seat) => t("Seat {seat}", { seat }), say = () => {},
  kinds = {}, lead = null, typedFirst = new Set(), foldForms = new Set(),
} = {}) {
  const legal = resource.legal_moves || [];
  const labels = resource.move_labels || [];
  const box = el("section", { class: "moves", "aria-label": t("Your moves") });
  const groups = new Map();
  legal.forEach((move, i) => {
    if (skipTypes.has(move.type)) return;
    if (!groups.has(move.type)) groups.set(move.type, []);
    groups.get(move.type).push({ move, label: moveText(move, labels[i]) });
  });
  const controls = [...groups.values()].reduce((n, items) => n + (items.length > LIST_AT_MOST ? 2 : items.length), 0);
  // Folding lets a player pick a kind, then a move: with one kind of several moves (Medici's ship to
  // load, beside "Discard the lot") it only hid the choice to make behind a tap.
  const several = [...groups.values()].filter((items) => items.length > 1).length;
  const fold = several > 1 && controls > FOLD_ABOVE;
  if (lead) box.append(el("p", { class: "lead" }, lead));
  const last = document.createDocumentFragment(); // the kinds a board puts after every other move
  for (const [type, items] of groups) {
    const kind = kinds[type] || {};
    const note = kind.note ? el("p", { class: "kind-note" }, kind.note) : null;
    const list = items.length <= LIST_AT_MOST ? buttons(items, post) : chooser(type, items, post);
    if (!fold || items.length === 1) {
      (kind.last ? last : box).append(...(note ? [note, list] : [list]));
      continue;
    }
    const shared = sharedWords(items.map((item) => item.label));
    const name = kind.name || (shared ? `${shared} …` : humanize(type));
    const folded = el("details", { class: "kind", name: "kinds", open: opened === type, "data-kind": type },
      el("summary", {}, `${name} (${items.length})`), note, list);
    folded.addEventListener("toggle", () => {
      if (folded.open) opened = type;
      else if (opened === type) opened = null;
    });
    box.append(folded);
  }
  const templates = resource.move_templates || [];
  const offered = new Set(templates.map((tmpl) => typedKey(resource.seat, tmpl)));
  [...typed.keys()].filter((key) => !offered.has(key)).forEach((key) => typed.delete(key)); // no longer offered
  for (const tmpl of templates) {
    const form = templateForm(tmpl, post, { term, seatName, say, typedFirst, seat: resource.seat });
    if (!foldForms.has(tmpl.move.type)) {
      box.append(form);
      continue;
    }
    const type = tmpl.move.type;
    const folded = el("details", { class: "kind form-fold", open: openedForms.has(type), "data-form": type },
      el("summary", {}, tmpl.label || moveText(tmpl.move)), form);
    folded.addEventListener("toggle", () => (folded.open ? openedForms.add(type) : openedForms.delete(type)));
    box.append(folded);
  }
  box.append(last);
  const onBoard = legal.filter((move) => skipTypes.has(move.type)).length;
  if (onBoard) {
    // Else a Catan setup shows an empty list here: every move is a spot on the map.
    const hint = onBoard === 1 ? t("1 of your moves is on the board: choose a marked place there.")
      : t("{n} of your moves are on the board: choose a marked place there.", { n: onBoard });
    box.prepend(el("p", { class: "hint", "data-on-board": String(onBoard) }, hint));
  }
  return box;
}

/**
 * A few moves of one type, a button each. Labels that say what they share before a colon (« Piocher
 * des personnages dans les pioches : religieux, commerce ») say it once above buttons that say the
 * rest: ten buttons of three lines each repeated it on a phone. Each button keeps its whole label
 * as its accessible name.
 */
function buttons(items, post) {
  const shared = items.length > 1 ? sharedWords(items.map((item) => item.label)) : "";
  const after = (label) => /^[\s\u00a0]*:[\s\u00a0]*/.exec(label.slice(shared.length));
  if (!shared || !items.every(({ label }) => after(label))) {
    return el("div", { class: "move-group" }, items.map(({ move, label }) => moveButton(move, label, post)));
  }
  const said = items[0].label.slice(0, shared.length + after(items[0].label)[0].length).trim();
  return el("div", { class: "move-group", role: "group", "aria-label": said }, el("p", { class: "kind-note" }, said),
    items.map(({ move, label }) => {
      const button = moveButton(move, label.slice(shared.length + after(label)[0].length), post);
      button.setAttribute("aria-label", label);
      return button;
    }));
}

export function moveButton(move, label, post, cls = "move") {
  return el("button", { type: "button", class: cls, "data-move": JSON.stringify(move), onclick: () => post(move) }, label);
}

/**
 * Many moves of one type: a list to pick from and a button that says the move it plays. The
 * heading is the words the server's labels share ("Place a network pawn at …"), else a count.
 */
function chooser(type, items, post) {
  const id = `choose-${type}`;
  const select = el("select", { id }, items.map(({ label }, i) => el("option", { value: String(i) }, label)));
  // Its own button, not moveButton's: that one would also post the first move, whatever is chosen.
  const button = el("button", {
    type: "button", class: "move", "data-move": JSON.stringify(items[0].move),
    onclick: () => post(JSON.parse(button.dataset.move)),
  }, items[0].label);
  select.addEventListener("change", () => {
    const { move, label } = items[Number(select.value)];
    button.dataset.move = JSON.stringify(move);
    button.textContent = label;
  });
  const shared = sharedWords(items.map((item) => item.label));
  const heading = shared ? `${shared} … (${items.length})` : t("{n} choices", { n: items.length });
  return el("div", { class: "move-group chooser" }, el("label", { for: id }, heading), select, button);
}

/** The words every label starts with (at least two words, else ""): what the choices share. */
export function sharedWords(labels) {
  const split = labels.map((label) => label.split(/(?<=[ \u00a0])/)); // each word with its space, no-break or not
  const first = split[0] || [];
  let n = 0;
  while (n < first.length && split.every((words) => words.length > n + 1 && words[n] === first[n])) n++;
  return n >= 2 ? first.slice(0, n).join("").replace(/[\s:,(]+$/, "") : "";
}

/** A template's first values: counts at zero and no seat ticked (a player typing the cards he meant
 *  also offered the card shown first: "2 wool for 1 ore" went as "1 brick, 2 wool for 1 lumber,
 *  1 ore"), unless the shape leaves one value only (Smuggler's one good to land, a trade's one card
 *  held to give: a box to fill with the only number it takes); an integer at its smallest, or none
 *  for one in `typedFirst` (its box starts empty). */
function firstValues(tmpl, typedFirst) {
  const values = {};
  for (const [name, param] of Object.entries(tmpl.params)) {
    if (param.kind === "counts") values[name] = onlyCounts(param) || {};
    else if (param.kind === "seats") values[name] = param.of.length === param.min ? [...param.of] : [];
    else if (!typedFirst.has(name)) values[name] = param.min;
  }
  return values;
}

/** A counts param's one value, when its least total takes every card it allows; else null. */
function onlyCounts(param) {
  const all = Object.entries(param.max).filter(([, most]) => most > 0);
  return all.reduce((sum, [, most]) => sum + most, 0) === param.min_total && param.min_total > 0 ? Object.fromEntries(all) : null;
}

/**
 * A template's values as typed, by seat and template (its move and its params' names), from the
 * first thing typed: the same template drawn again (after another seat's move, or after the server
 * refused them) shows them, not its first values, though its bounds may have changed. A template no
 * longer offered, or a move taken, forgets them (app.js calls forgetTyped()).
 */
const typed = new Map();
const typedKey = (seat, tmpl) => JSON.stringify([seat, tmpl.move, Object.keys(tmpl.params)]);
let opened = null; // the kind of moves unfolded, kept open by a redraw until a move is taken
const openedForms = new Set(); // the folded forms opened (by move type), the same
let forms = 0; // forms drawn: each its own id for the line that says what it lacks
let moving = false; // a move under way (app.js): every control shown as taking no tap
export function forgetTyped() {
  typed.clear();
  opened = null;
  openedForms.clear();
}

/**
 * A template as a small form. From its first drawing it says in words what its values still lack
 * to make a move the template's shape allows (each param's bounds, a counts param's total, its
 * `disjoint` groups), on a line its button is described by; the button has no move and takes no
 * tap (aria-disabled, still in reach) until they make one. A tap on it then marks the boxes at
 * fault and says the line again. The browser's own checks (bubbles in the browser's language)
 * are off.
 */
function templateForm(tmpl, post, { term, seatName, say, typedFirst, seat }) {
  const key = typedKey(seat, tmpl);
  const values = typed.has(key) ? fitted(typed.get(key), tmpl) : firstValues(tmpl, typedFirst);
  const current = () => ({ ...tmpl.move, ...values });
  const keyWord = (k) => (term ? term(k) : String(k).replaceAll("_", " "));
  const lacking = el("p", { class: "form-problem", role: "status", id: `form-lacks-${++forms}` });
  const button = el("button", { type: "submit", class: "move", "aria-describedby": lacking.id }, tmpl.label || moveText(tmpl.move));
  const checks = []; // one per param: what it lacks, in words, with the node to mark, or []
  const update = () => {
    const wrong = [...checks.flatMap((check) => check()), ...overlaps(tmpl, values, keyWord)];
    form.querySelectorAll("[aria-invalid]").forEach((node) => node.removeAttribute("aria-invalid"));
    if (form.classList.contains("tried")) wrong.forEach(({ at }) => at && invalid(at));
    lacking.textContent = wrong.map(({ said }) => said).join("\n"); // one line each
    if (wrong.length) delete button.dataset.move;
    else button.dataset.move = JSON.stringify(current());
    markHeld(button);
    return wrong;
  };
  const sync = () => { // a value typed: kept for the next redraw
    typed.set(key, structuredClone(values));
    update();
  };
  const form = el(
    "form",
    {
      class: "template",
      "data-template": JSON.stringify([tmpl.move, Object.keys(tmpl.params)]), // app.js finds a box again by it
      novalidate: true,
      onsubmit: (e) => {
        e.preventDefault();
        say(""); // an earlier attempt's message (a refusal) is stale now
        form.classList.add("tried"); // from now on the boxes at fault are marked, the line in red
        if (!update().length) return post(current());
        const text = lacking.textContent; // said again to a screen reader, which says only a change
        lacking.textContent = "";
        requestAnimationFrame(() => {
          if (!lacking.textContent && !button.dataset.move) lacking.textContent = text;
        });
      },
    },
    Object.entries(tmpl.params).map(([name, param]) => paramInputs(name, param, values, sync, checks, keyWord, seatName)),
    button,
    lacking,
  );
  update();
  return form;
}

/** Values typed for a template drawn again, within its params now: a counts param keeps the keys it
 *  still has a box for, a seats param the seats it still offers (bounds are checked on sending). */
function fitted(values, tmpl) {
  const fit = {};
  for (const [name, param] of Object.entries(tmpl.params)) {
    const value = values[name];
    if (value === undefined) continue; // an integer box left empty
    if (param.kind === "counts") fit[name] = Object.fromEntries(Object.entries(value).filter(([k]) => k in param.max));
    else if (param.kind === "seats") fit[name] = value.filter((s) => param.of.includes(s));
    else fit[name] = value;
  }
  return fit;
}

/** A number box's whole number, else null (empty, not a number, a fraction). */
function wholeNumber(input, empty = null) {
  if (input.validity.badInput) return null;
  if (input.value.trim() === "") return empty;
  const n = Number(input.value);
  return Number.isInteger(n) ? n : null;
}

const invalid = (node) => node.setAttribute("aria-invalid", "true");

/** What a counts or seats param lacks, in the page's words by param name (else the words of its
 *  shape, "{name}: choose at least {n} in all (now {total})."): `least` (none chosen yet), `more`
 *  and `fewer` (an exact total: `n` short of it, or over it). */
const LACKS = {
  give: { least: (n) => t("Give at least {n} cards.", { n }) },
  get: { least: (n) => t("Ask for at least {n} cards.", { n }) },
  to: { least: (n) => t("Offer it to at least {n} players.", { n }) },
  cards: {
    more: (n) => t("Still {n} cards to discard.", { n }),
    fewer: (n, owed) => t("{n} cards too many: discard {owed}.", { n, owed }),
  },
  shapes: { least: (n) => t("Choose the goods to land (at least {n}).", { n }) },
};

/** Each box has data-field (its param, and its key or seat): app.js puts the focus back in it. */
function paramInputs(name, param, values, sync, checks, keyWord, seatName) {
  const word = paramWord(name);
  const lacks = LACKS[name] || {};
  if (param.kind === "integer") {
    const id = `param-${name}`;
    const input = el("input", { id, type: "number", min: param.min, max: param.max, step: 1, value: values[name] ?? "", required: true, "data-field": name });
    input.addEventListener("input", () => {
      if (input.value === "") delete values[name];
      else if (input.checkValidity()) values[name] = Number(input.value);
      sync();
    });
    checks.push(() => {
      const n = wholeNumber(input);
      if (n !== null && n >= param.min && n <= param.max) return [];
      return [{ at: input, said: t("{name}: enter a whole number from {min} to {max}.", { name: word, min: param.min, max: param.max }) }];
    });
    return el("label", { for: id, class: "param" }, `${word} (${param.min}–${param.max}) `, input);
  }
  if (param.kind === "seats") {
    const box = el(
      "fieldset",
      { class: "param" },
      el("legend", {}, word),
      param.of.map((seat) => {
        const tick = el("input", { type: "checkbox", checked: values[name].includes(seat), "data-field": `${name}:${seat}` });
        tick.addEventListener("change", () => {
          values[name] = param.of.filter((s) => (s === seat ? tick.checked : values[name].includes(s)));
          sync();
        });
        return el("label", {}, tick, ` ${seatName(seat)}`);
      }),
    );
    checks.push(() => {
      const n = values[name].length;
      if (n >= param.min && n <= param.max) return [];
      const said = n > param.max ? t("{name}: tick at most {n}.", { name: word, n: param.max })
        : lacks.least ? lacks.least(param.min) : t("{name}: tick at least {n}.", { name: word, n: param.min });
      return [{ at: box, said }];
    });
    return box;
  }
  const { min_total: low, max_total: high } = param;
  const boxes = Object.entries(param.max).map(([key, most]) => {
    const input = el("input", { type: "number", min: 0, max: most, step: 1, value: values[name][key] || 0, "data-field": `${name}:${key}` });
    input.addEventListener("input", () => {
      const n = Number(input.value);
      const next = { ...values[name] };
      if (n > 0) next[key] = n;
      else delete next[key];
      values[name] = next;
      sync();
    });
    return { key, most, input };
  });
  const box = el(
    "fieldset",
    { class: "param" },
    el("legend", {}, low === high ? t("{name} ({n} in all)", { name: word, n: low }) : t("{name} ({min}–{max} in all)", { name: word, min: low, max: high })),
    boxes.map(({ key, input }) => el("label", {}, `${humanize(keyWord(key))} `, input)),
  );
  checks.push(() => {
    const wrong = [];
    let total = 0;
    for (const { key, most, input } of boxes) {
      const n = wholeNumber(input, 0); // an empty box is none
      if (n !== null && n >= 0 && n <= most) total += n;
      else {
        wrong.push({ at: input, said: n !== null && n > most ? t("{name}: at most {n} {key} (now {count}).", { name: word, n: most, key: keyWord(key), count: n })
          : t("{name}: enter a whole number from 0 to {n} for {key}.", { name: word, n: most, key: keyWord(key) }) });
      }
    }
    if (wrong.length || (total >= low && total <= high)) return wrong;
    return [{ at: box, said: totalLacking(word, lacks, { low, high, total }) }];
  });
  return box;
}

/** What a counts param's total lacks, in words: `lacks`' own (LACKS), else its shape's. */
function totalLacking(name, lacks, { low, high, total }) {
  if (low === high && total < low && lacks.more) return lacks.more(low - total);
  if (low === high && total > high && lacks.fewer) return lacks.fewer(total - high, high);
  if (total === 0 && lacks.least) return lacks.least(low);
  const said = { name, n: total < low ? low : high, total };
  if (low === high) return t("{name}: choose exactly {n} in all (now {total}).", said);
  return total < low ? t("{name}: choose at least {n} in all (now {total}).", said) : t("{name}: choose at most {n} in all (now {total}).", said);
}

/** A key given a count in two params that the template keeps apart (a trade's two sides), in words. */
function overlaps(tmpl, values, keyWord) {
  const wrong = [];
  for (const group of tmpl.disjoint || []) {
    const seen = new Map(); // key -> the param that gives it a count
    for (const name of group) {
      for (const [key, n] of Object.entries(values[name] || {})) {
        if (!n) continue;
        if (!seen.has(key)) seen.set(key, name);
        else wrong.push({ said: t("{key} cannot be both in “{a}” and in “{b}”.", { key: humanize(keyWord(key)), a: paramWord(seen.get(key)), b: paramWord(name) }) });
      }
    }
  }
  return wrong;
}

/** Every move control shown as taking no tap while a move is under way (app.js post() ignores it),
 *  or taking taps again: all but a form's button whose values make no move yet. */
export function holdControls(root, held) {
  moving = held;
  root.querySelectorAll(MOVE_CONTROL).forEach(markHeld);
}

function markHeld(control) {
  if (moving || !control.dataset.move) control.setAttribute("aria-disabled", "true");
  else control.removeAttribute("aria-disabled");
}

/** Nothing left to do but end the turn (Cornish Smuggler asks it of whoever holds a secret, so that
 *  being asked tells the table nothing): the page ends it without asking the player. */
export function onlyEndTurn(r) {
  return r.legal_moves.length === 1 && r.legal_moves[0].type === "end_turn" && !(r.move_templates || []).length;
}
