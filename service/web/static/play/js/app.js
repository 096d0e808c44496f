// Portside's reference web client: the lobby and the match screen, over the public API only.
// Test hook: #match=ID&token=T opens that seat; every control that posts a move has data-move,
// the JSON it posts (a form's button has none while a box it needs is empty, as Medici's price
// starts: a click says what to type; nor has a place on a board with several moves, which lists
// them); the element with data-status says active / finished.

import * as api from "./api.js";
import { renderLobby, problemText } from "./lobby.js";
import { renderMoves, forgetTyped, onlyEndTurn, holdControls } from "./moves.js";
import { renderGeneric } from "./boards/generic.js";
import { outcome } from "./outcome.js";
import { el, listed, seatName, seatsSaid, SEAT_COLOURS } from "./words.js";
import { logBox, logLine } from "./log.js";
import { keep, seatsOf, forgetGone } from "./store.js";
import { t } from "./i18n.js";
import { focusPlace, focusAgain, movesIntoView } from "./focus.js";
import { clocks, clockText } from "./clocks.js";

const BOARDS = {
  catan: () => import("./boards/catan.js"),
  speicherstadt: () => import("./boards/speicherstadt.js"),
  medici: () => import("./boards/medici.js"),
  smuggler: () => import("./boards/smuggler.js"),
};
const REMATCH_POLL = 5000; // a finished match sends no more events: its rematch is read this often

const root = document.getElementById("app");
const conn = document.getElementById("conn");
const news = document.getElementById("news"); // a polite live region: each move and the turn, said once
root.replaceChildren(el("p", {}, t("Loading…")));
let catalogue = null;
let screen = null; // the open match screen, stopped when another opens
let shown; // the match shown (null: the lobby), to scroll to the top when another page opens

function params() {
  return new URLSearchParams(location.hash.slice(1));
}

function go(matchId, seat) {
  location.hash = seat == null ? `match=${encodeURIComponent(matchId)}` : `match=${encodeURIComponent(matchId)}&seat=${seat}`;
}

async function route() {
  if (screen) screen.stop();
  screen = null;
  conn.textContent = "";
  const p = params();
  // Another match or the lobby: its top, not the scroll of the page before (a form at the bottom).
  if (shown !== undefined && (p.get("match") || null) !== shown) window.scrollTo(0, 0);
  shown = p.get("match") || null;
  catalogue = catalogue || (await api.games());
  if (!p.get("match")) return renderLobby(root, catalogue, go);
  screen = new MatchScreen(p.get("match"));
  try {
    await screen.open(p.get("token"), p.get("seat"));
  } catch (err) {
    const off = forgetGone(p.get("match"), err) ? ` ${t("Taken off your matches.")}` : ""; // said once: forgotten now
    root.replaceChildren(el("h1", {}, t("Match")), el("p", { class: "error", role: "alert" }, problemText(err) + off), el("a", { href: "#" }, t("Back to the lobby")));
  }
}

class MatchScreen {
  constructor(id) {
    this.id = id;
    forgetTyped(); // another match: no form keeps another's values
    this.log = [];
    this.busy = false;
    this.stopFollow = () => {};
    this.refreshing = null;
    this.ticker = setInterval(() => this.tick(), 1000);
  }

  async open(token, seat) {
    if (token) {
      // Keep the token, then take it out of the address bar (and history); storage resumes the seat.
      const mine = await api.match(this.id, token);
      if (mine.seat == null) throw new Error(t("That token is not a seat of this match."));
      keep(this.id, mine.game, mine.seat, token);
      history.replaceState(null, "", `#match=${encodeURIComponent(this.id)}&seat=${mine.seat}`);
      seat = mine.seat;
    }
    const seats = seatsOf(this.id);
    this.seat = seat != null && seats[seat] ? Number(seat) : Object.keys(seats).length ? Number(Object.keys(seats)[0]) : null;
    this.resource = await api.match(this.id, this.token());
    this.entry = catalogue.find((g) => g.id === this.resource.game) || { id: this.resource.game, title: this.resource.game };
    this.board = BOARDS[this.resource.game] ? await BOARDS[this.resource.game]() : null;
    this.static = this.entry.static ? await api.staticData(this.resource.game).catch(() => null) : null;
    const history_ = await api.history(this.id, this.token());
    this.log = history_.entries;
    this.told = this.log.length; // what was there on opening is on the page to read, not news
    await this.recallUndo();
    if (this.handOver()) return; // hot-seat: opened on a seat that waits while another held seat acts
    this.draw();
    if (this.seat != null) history.replaceState(null, "", `#match=${encodeURIComponent(this.id)}&seat=${this.seat}`);
    this.startFollowing(history_.version, history_.commit);
  }

  token() {
    return this.seat == null ? undefined : seatsOf(this.id)[this.seat];
  }

  stop() {
    this.stopped = true;
    this.stopFollow();
    clearInterval(this.ticker);
    clearTimeout(this.polling);
  }

  /** The clocks count down once a second, from the deadlines of the resource shown. */
  tick() {
    const line = root.querySelector(".clock");
    if (line && this.resource) line.textContent = clockText(this.resource, (s) => seatName(this.resource, s));
  }

  /**
   * A finished match sends no more events, so another former seat's rematch offer comes by no
   * stream: while this seat's page shows a finished match with no rematch, it is re-read now and
   * then, and drawn again once it names its rematch ("Join the rematch").
   */
  pollRematch() {
    clearTimeout(this.polling);
    const r = this.resource;
    if (this.stopped || r.status !== "finished" || r.rematch || !this.token()) return;
    this.polling = setTimeout(async () => {
      try {
        const fresh = await api.match(this.id, this.token());
        if (fresh && fresh.rematch && !this.stopped) return this.show(fresh, true);
      } catch (err) {
        if (err.code === "unknown_match") return this.gone(err);
        // a lost read: the next one comes
      }
      this.pollRematch();
    }, REMATCH_POLL);
  }

  startFollowing(after, commit) {
    this.stopFollow();
    this.stopFollow = api.follow(this.id, this.token(), after, commit, {
      onEntry: (entry) => {
        this.log.push(entry);
        this.refresh();
      },
      onMode: (text) => (conn.textContent = text),
      onEnd: () => {
        conn.textContent = t("match over");
        this.refresh();
      },
      onGone: (err) => this.gone(err),
      onResync: () => this.switchTo(this.seat, t("The table changed first; here it is now.")),
    });
  }

  /** The match expired (a finished one after a day): nothing will come, so the page stops asking. */
  gone(err) {
    this.stop();
    conn.textContent = t("match gone");
    this.say(problemText(err) + (forgetGone(this.id, err) ? ` ${t("Taken off your matches.")}` : ""));
  }

  /** Re-read the match resource (coalesced: one request in flight, one queued at most). */
  refresh() {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.again = false;
        try {
          const fresh = await api.match(this.id, this.token());
          const force = this.redraw;
          this.redraw = false;
          if (fresh && !this.stopped) this.show(fresh, force);
        } catch (err) {
          this.say(problemText(err));
        }
      } while (this.again && !this.stopped);
      this.refreshing = null;
    })();
    return this.refreshing;
  }

  /**
   * Draw a fresh resource. A response for another seat than the one shown is dropped: after a
   * hot-seat switch, a request made with the previous seat's token may still answer, and its view
   * (that seat's hand, its moves) must not be drawn under the new seat. A log entry that brings no
   * new version redraws the log alone, so the move controls stay where they are.
   */
  show(resource, force = false) {
    if (resource.seat !== this.seat) return;
    const same = resource.seat === this.resource.seat;
    if (same && resource.version < this.resource.version) return;
    if (same && resource.version === this.resource.version && !force) {
      if (this.drawnLog !== this.log.length) this.drawLog();
      return; // keep the focus and the controls as they are
    }
    this.resource = resource;
    if (this.handOver()) return;
    this.draw();
  }

  /** Hot-seat: when another seat this browser holds is to act and this one is not, switch to it. */
  handOver() {
    const held = Object.keys(seatsOf(this.id)).map(Number);
    const next = held.find((s) => this.resource.to_act.includes(s));
    if (held.length < 2 || this.resource.to_act.includes(this.seat) || next === undefined) return false;
    const name = this.nameOf(next);
    this.switchTo(next, name ? t("Seat {seat} ({name}) to play: pass the device.", { seat: next, name })
      : t("Seat {seat} to play: pass the device.", { seat: next }));
    return true;
  }

  /**
   * Show another seat this browser holds. The seat changes at once (so a late answer for the
   * previous seat is dropped by show()); its resource and its log are read with its own token
   * (a log entry's events are filtered per seat); the address names the seat once it is drawn.
   */
  async switchTo(seat, message) {
    this.seat = seat;
    this.notice = message || "";
    this.handedOver = this.notice; // news, not an error: tell() draws it in the news style
    this.stopFollow();
    let fresh, history_;
    try {
      [fresh, history_] = await Promise.all([api.match(this.id, this.token()), api.history(this.id, this.token())]);
    } catch (err) {
      if (this.seat === seat) this.say(problemText(err));
      return;
    }
    if (this.stopped || this.seat !== seat) return; // another switch came first
    if (fresh.seat !== seat) return this.say(t("The server answered for seat {got}, not seat {seat}; reload the page.", { got: fresh.seat, seat }));
    this.resource = fresh;
    this.log = history_.entries;
    this.told = this.log.length;
    this.draw();
    if (seat != null) history.replaceState(null, "", `#match=${encodeURIComponent(this.id)}&seat=${seat}`);
    this.startFollowing(history_.version, history_.commit);
  }

  /** After any move, the next moves in the list are brought into view once they come (a tap on
   *  the board on a phone, or a button low in a long list, left them out of the screen). */
  async post(move) {
    if (this.busy) return;
    this.busy = true;
    this.notice = "";
    this.toMoves = true;
    this.holdMoves();
    try {
      const answer = await api.move(this.id, this.token(), move, api.tagOf(this.resource));
      this.busy = false;
      forgetTyped(); // taken: a form shows its first values again (a refused one kept what was typed)
      this.noteUndo(answer.match);
      // Handed over before this answer came (the stream told of the move first): offer its undo there.
      if (answer.match.seat !== this.seat && this.resource.seat === this.seat) this.draw();
      this.show(answer.match);
      this.holdMoves(false); // drawn while the move was under way (the stream's news came first)
    } catch (err) {
      this.busy = false;
      this.redraw = true; // redraw even if nothing changed: the controls were disabled
      await this.refresh();
      this.say(err.code === "stale_version" ? t("The table changed first; here it is now.") : problemText(err));
    }
  }

  /** The moves shown as taking no tap while one is under way (post ignores them), or taps again. */
  holdMoves(held = true) {
    holdControls(root, held);
  }

  /** A message that stays until the next move (redraws keep it). */
  say(text) {
    this.notice = text;
    this.tell();
  }

  /** The message box says the notice; its words are set only when they change: a screen reader
   *  says an alert again at each change (and at each redraw, when it was drawn anew). */
  tell() {
    this.message = this.message || el("p", { id: "message", class: "message", role: "alert" });
    if (this.message.textContent !== (this.notice || "")) this.message.textContent = this.notice || "";
    this.message.classList.toggle("news", Boolean(this.notice) && this.notice === this.handedOver);
    return this.message;
  }

  /**
   * The screen drawn anew but for its message box, which stays in the page: the header, the side
   * column after the box, the board and the log replaced. The moves column comes first, as it
   * shows first: above the board on a phone, left of it on a wide screen (style.css), so Tab
   * reaches the moves before the map's places, then the log.
   */
  place(header, side, main, log) {
    const box = this.tell();
    const column = box.parentNode;
    if (!column || !root.contains(column)) {
      root.replaceChildren(header, el("div", { class: "layout" }, el("div", { class: "side" }, box, side), main, log));
      return;
    }
    while (box.nextSibling) box.nextSibling.remove();
    box.after(...side.flat(Infinity).filter(Boolean));
    root.firstElementChild.replaceWith(header);
    column.parentNode.querySelector(":scope > .board-column").replaceWith(main);
    column.parentNode.querySelector(":scope > .log").replaceWith(log);
  }

  /** What a board draws with: the seat, its names, the static data, the log, how to post a move. */
  context() {
    const r = this.resource;
    return { post: (m) => this.post(m), seatName: (s) => seatName(r, s), static: this.static, seat: this.seat, log: this.log };
  }

  /** The board alone drawn again (a log line shown on the map), the moves left as they are. */
  showOnBoard(place) {
    this.board.locate(place, this.log);
    const old = root.querySelector(".board-column > .board");
    if (!old) return;
    const board = this.board.render(this.resource, this.context());
    old.replaceWith(board);
    (board.querySelector("svg") || board).scrollIntoView({ block: "nearest" });
  }

  draw() {
    const r = this.resource;
    const ctx = this.context();
    const finished = r.status === "finished";
    const mineToAct = this.seat != null && r.to_act.includes(this.seat) && !finished;
    if (!mineToAct) forgetTyped(); // no moves shown: a form offered again later starts afresh
    const header = el("div", { class: "match-head" },
      el("h1", {}, this.entry.title || r.game),
      el("p", { class: "muted" }, t("Match {id} · version {version}", { id: r.id, version: r.version })),
      el("p", { class: `status ${r.status}`, "data-status": r.status },
        finished ? t("Finished") : mineToAct ? t("Your move") : t("Waiting for {seats}", { seats: seatsSaid(r.to_act, ctx.seatName) || t("nobody") })),
      this.seatTabs(), clocks(r, ctx));
    const open = finished ? [] : (r.seats || []).filter((s) => s.status === "open").map((s) => s.seat);
    const board = this.board ? this.board.render(r, ctx) : renderGeneric(r.view);
    const side = [
      this.board && this.board.aside ? this.board.aside(r, ctx) : null, // what the moves answer (Catan's trade)
      mineToAct ? el("h2", {}, t("Your moves")) : null,
      open.length ? this.openSeats(open) : null,
      mineToAct ? renderMoves(r, (m) => this.post(m), {
        skip: this.board ? this.board.boardTypes : new Set(), seatName: ctx.seatName, say: (text) => this.say(text),
        term: this.board && this.board.term ? (key) => this.board.term(key, ctx) : null,
        kinds: (this.board && this.board.kinds) || {}, lead: this.board && this.board.lead ? this.board.lead(r, ctx) : null,
        typedFirst: (this.board && this.board.typedFirst) || new Set(), foldForms: (this.board && this.board.foldForms) || new Set(),
      }) : null,
      this.operations(r)];
    // Redrawing replaces the controls: a keyboard user who was on one (or typing in a form's box)
    // lands on it again if it is still there, else on the first control in sight (focus.js).
    const hadFocus = root.contains(document.activeElement) && document.activeElement !== root;
    const was = hadFocus ? focusPlace(document.activeElement) : null;
    // A heading for the board, read by a screen reader: the boards' own headings are h3.
    const main = el("div", { class: "board-column" }, finished ? outcome(r, ctx) : null, el("h2", { class: "sr-only" }, t("Board")), board);
    this.place(header, side, main, this.logBox(ctx));
    this.holdMoves(this.busy); // drawn anew (the stream's news) while a move is under way, or not
    this.drawnLog = this.log.length;
    this.announce(mineToAct);
    if (hadFocus) focusAgain(root, was);
    if (this.toMoves && mineToAct) this.toMoves = !movesIntoView(root);
    if (mineToAct && onlyEndTurn(r) && this.autoEnded !== r.version) {
      this.autoEnded = r.version;  // once per version: a redraw must not post it twice
      const seat = this.seat;
      setTimeout(() => {  // unless the player ended it first, or another seat's tab is shown now
        if (!this.busy && this.seat === seat && this.resource.version === r.version) this.post(r.legal_moves[0]);
      }, 400);
    }
    this.pollRematch();
  }

  /** Seats still open: how someone joins (the address to share), and a Join button for a spectator. */
  openSeats(open) {
    const seats = open.length === 1 ? t("Seat {seat}", { seat: open[0] }) : listed(open); // "Seats 1 and 2 are open"
    const address = `${location.origin}${location.pathname}#match=${encodeURIComponent(this.id)}`;
    const box = el("section", { class: "note open-seats", "aria-label": t("Open seats") },
      el("p", {}, open.length === 1 ? t("{seats} is open: share this match's address to let someone join.", { seats })
        : t("Seats {seats} are open: share this match's address to let someone join.", { seats })),
      el("input", { class: "share", readonly: true, value: address, "aria-label": t("This match's address"), onfocus: (e) => e.target.select() }));
    if (this.token()) return box;
    const name = el("input", { id: "open-seat-name", autocomplete: "nickname", maxlength: 32, placeholder: t("optional") });
    box.append(el("div", { class: "field" }, el("label", { for: "open-seat-name" }, t("Your name"), " "), name),
      el("div", { class: "move-group" }, open.map((seat) => el("button", {
        type: "button", class: "primary", "data-join": `${this.id}:${seat}`, onclick: () => this.join(seat, name.value.trim()),
      }, t("Join as seat {seat}", { seat })))));
    return box;
  }

  /** A spectator takes an open seat: its token is kept and the page opens on it. */
  async join(seat, name) {
    if (this.joining) return;  // a double-click's second click, even once the first join has answered
    this.joining = true;
    try {
      const joined = await api.join(this.id, seat, name);
      keep(this.id, this.resource.game, joined.seat, joined.token);
      go(this.id, joined.seat);
    } catch (err) {
      this.joining = false;
      this.say(problemText(err));
    }
  }

  /** The log alone, redrawn in place (a new entry of a version already drawn). */
  drawLog() {
    const box = root.querySelector(".log");
    if (!box) return this.draw();
    const r = this.resource;
    box.replaceWith(this.logBox({ seatName: (s) => seatName(r, s) }));
    this.drawnLog = this.log.length;
    this.announce(this.myTurn);
  }

  /**
   * What a screen reader says of the match as it goes, politely and once: each new log line, then
   * "Your move" when the turn comes to this seat (the log is no live region: it would be read whole
   * at each redraw). Nothing on opening: the page is there to read.
   */
  announce(mineToAct) {
    const name = (s) => seatName(this.resource, s);
    const lines = this.log.slice(this.told).map((entry) => logLine(entry, name));
    this.told = this.log.length;
    if (mineToAct && this.myTurn === false) lines.push(t("Your move"));
    this.myTurn = mineToAct;
    const said = lines.map((line) => (/[.!?…]$/.test(line) ? line : `${line}.`)).join(" ");
    if (said) news.replaceChildren(el("span", {}, said)); // a new node: the same words are said again too
  }

  seatTabs() {
    const held = Object.keys(seatsOf(this.id)).map(Number);
    if (!held.length) return el("p", { class: "muted" }, t("Watching (no seat in this browser)."));
    // Each tab with the name typed for its seat, as the board and the log say it ("Ana buys the lot"):
    // "Seat 1 •" alone left two people on one phone to work out whose turn it was; a lone seat's read
    // "Seat 0 (you)" where the log and the other players' pages said Ana.
    const tab = (s) => [t("Seat {seat}", { seat: s }), this.nameOf(s)].filter(Boolean).join(" · ");
    if (held.length === 1) {
      return el("p", { class: "tab current lone", style: `border-bottom-color:${SEAT_COLOURS[held[0]]}` }, `${tab(held[0])} ${t("(you)")}`);
    }
    return el("nav", { class: "tabs", "aria-label": t("Your seats") }, held.map((s) => el("button", {
      type: "button", class: s === this.seat ? "tab current" : "tab", "aria-pressed": String(s === this.seat),
      style: `border-bottom-color:${SEAT_COLOURS[s]}`, onclick: () => this.switchTo(s),
    }, `${tab(s)}${this.resource.to_act.includes(s) ? " •" : ""}`)));
  }

  /** The name a person gave a seat, if any. */
  nameOf(seat) {
    return ((this.resource.seats || []).find((s) => s.seat === seat) || {}).name || "";
  }

  operations(r) {
    const box = el("div", { class: "operations" });
    const token = this.token();
    if (token && r.status === "finished") {
      // The rematch: each former seat holder claims its own seat of it with its own token.
      const claimed = r.rematch && Object.keys(seatsOf(r.rematch)).length;
      if (claimed) box.append(el("a", { href: `#match=${encodeURIComponent(r.rematch)}` }, t("Go to the rematch")));
      else box.append(el("button", { type: "button", id: "rematch", onclick: () => this.rematch() }, r.rematch ? t("Join the rematch") : t("Offer a rematch")));
    } else if (token) {
      const undoing = this.undoSeat(r);
      if (undoing != null) box.append(el("button", { type: "button", id: "undo", onclick: () => this.undo(undoing) }, undoing === this.seat ? t("Undo my last move")
        : t("Undo the last move of {seat}", { seat: this.nameOf(undoing) || t("Seat {seat}", { seat: undoing }) })));
      box.append(el("button", { type: "button", class: "quiet", onclick: () => this.resign() }, t("Resign")));
    }
    box.append(el("a", { href: "#" }, t("Lobby")));
    return box;
  }

  /**
   * POST /rematch once per seat this browser holds (hot-seat: several), each with that seat's
   * token: the answer is the rematch's id and the caller's new seat and token (seats rotate, so
   * the seat number changes). The new tokens are kept; the page opens the shown seat's new seat.
   */
  async rematch() {
    if (this.rematching) return;
    this.rematching = true;
    const held = Object.entries(seatsOf(this.id)).map(([s, t]) => [Number(s), t]);
    held.sort(([a], [b]) => (a === this.seat ? -1 : b === this.seat ? 1 : a - b)); // the seat shown first
    let next = null;
    let open = null;
    const refused = [];
    for (const [seat, token] of held) {
      try {
        const answer = await api.operation(this.id, "rematch", token);
        keep(answer.id, this.resource.game, answer.seat, answer.token);
        next = answer.id;
        if (open == null) open = answer.seat;
      } catch (err) {
        refused.push(t("Seat {seat}: {problem}", { seat, problem: problemText(err) }));
      }
    }
    this.rematching = false;
    if (next == null) return this.say(refused.join(" ") || t("No seat of this match is held here."));
    go(next, open);
  }

  /** Whose last move the page offers to take back: the seat shown's (can_undo), else, on a hot-seat
   *  page, the held seat that moved here last (the page then shows the next seat) while the match
   *  is still at the version whose answer said it could. */
  undoSeat(r) {
    if (r.can_undo) return this.seat;
    const last = this.undoable;
    return last && last.version === r.version && seatsOf(this.id)[last.seat] ? last.seat : null;
  }

  noteUndo(mine) {
    this.undoable = mine.can_undo ? { seat: mine.seat, version: mine.version } : null;
  }

  /** On opening a hot-seat page (a reload), the undo its last move's answer offered: the seat that
   *  moved last, if held here, says whether its undo would still be taken. */
  async recallUndo() {
    const held = seatsOf(this.id), last = this.log.at(-1);
    if (!last || !held[last.seat] || Object.keys(held).length < 2) return;
    this.noteUndo(last.seat === this.seat ? this.resource : await api.match(this.id, held[last.seat]).catch(() => ({})));
  }

  /** The undo posted with the token of the seat whose move it takes back; a hot-seat page then
   *  hands the device back to that seat (its turn again). */
  async undo(seat) {
    if (this.busy) return;
    this.busy = true;
    try {
      const answer = await api.operation(this.id, "undo", seatsOf(this.id)[seat], api.tagOf(this.resource));
      this.noteUndo(answer.match);
      this.notice = "";
    } catch (err) {
      this.notice = err.code === "stale_version" ? t("The table changed first; here it is now.") : problemText(err);
    }
    this.busy = false;
    this.redraw = true;
    await this.refresh();
    this.tell();
  }

  logBox(ctx) {
    return logBox(this.log, this.board, ctx.seatName, (place) => this.showOnBoard(place));
  }

  async resign() {
    if (!confirm(t("Resign this match?"))) return;
    this.notice = ""; // as a move: a hot-seat's "pass the device" stayed over the final scores
    try {
      await api.operation(this.id, "resign", this.token());
      await this.refresh();
    } catch (err) {
      this.say(problemText(err));
    }
  }

}

window.addEventListener("hashchange", route);
route();
