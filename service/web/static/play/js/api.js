// The public HTTP API, and nothing else: every call here is one any client can make.

import { t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body, retryAfter = 0) {
    super(body.detail || body.title || `HTTP ${status}`);
    this.status = status;
    this.code = body.code || "";
    this.body = body;
    this.retryAfter = retryAfter; // seconds the server asked to wait (Retry-After), 0 if it did not say
  }
}

export async function call(method, path, { token, body, headers = {} } = {}) {
  // A match's resource and log differ by seat (the token), but the server's ETag is the version
  // alone: Chromium revalidates its cached copy (another seat's view) with If-None-Match, gets a
  // 304 and serves that copy despite `Vary: Authorization`. Match reads bypass the HTTP cache;
  // the catalogue and static data (the same for everyone) keep it.
  const init = { method, headers: { Accept: "application/json", ...headers } };
  if (path.startsWith("/v1/matches")) init.cache = "no-store";
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, { code: "unreachable", detail: t("The server cannot be reached.") });
  }
  if (response.status === 304) return null;
  const text = await response.text();
  let data = {};
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    data = { detail: text };
  }
  if (!response.ok) throw new ApiError(response.status, data, Number(response.headers.get("Retry-After")) || 0);
  return data;
}

export const games = () => call("GET", "/v1/games");
export const staticData = (game) => call("GET", `/v1/games/${game}/static`);
export const match = (id, token) => call("GET", `/v1/matches/${id}`, { token });
/** The log so far, as the seat whose token it is sees it. */
export const history = (id, token) => call("GET", `/v1/matches/${id}/events?after=0`, { token });
/** An Idempotency-Key (a creation's or a join's is the bearer of its seats): 128 bits of the browser's
 *  cryptographic generator, which pages served over plain HTTP have too (crypto.randomUUID is HTTPS only). */
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
let unanswered = null; // the last creation or join not answered: asked again as it was, it keeps its key

/** A POST whose answer the network lost (status 0) is sent again, up to `tries` times, with the same
 *  Idempotency-Key: the server applies it once and answers each copy as it answered the first. */
async function resent(path, { token, body, headers = {}, key = newKey(), tries = 3 } = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call("POST", path, { token, body, headers: { ...headers, "Idempotency-Key": key } });
    } catch (err) {
      if (err.status !== 0 || attempt === tries) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** A creation or a join whose answer was lost, sent again or tapped again, gets the same match, seat
 *  and tokens back, not a second match or seat: a tap again keeps the unanswered request's key. */
async function keyed(path, body) {
  const asked = JSON.stringify([path, body]);
  if (!unanswered || unanswered.asked !== asked) unanswered = { asked, key: newKey() };
  const answer = await resent(path, { body, key: unanswered.key });
  unanswered = null;
  return answer;
}

export const create = (body) => keyed("/v1/matches", body);
let joining = null; // the join under way: a second click waits for it instead of taking another seat

export function join(id, seat, name) {
  if (joining) return joining;
  const body = {};
  if (seat != null) body.seat = seat;
  if (name) body.name = name;
  joining = keyed(`/v1/matches/${id}/join`, body).finally(() => { joining = null; });
  return joining;
}
/** The match resource's ETag: its version and that version's commit id, so that a move is refused
 *  (409) if storage lost the moves this page shows and the match reached the number again. */
export const tagOf = (resource) => (resource.commit ? `${resource.version}.${resource.commit}` : `${resource.version}`);

/** resign, abort, undo, rematch; an undo sends the version it saw (If-Match: `tagOf`), as a move does. */
export const operation = (id, name, token, tag) => resent(`/v1/matches/${id}/${name}`,
  { token, body: {}, headers: tag == null ? {} : { "If-Match": `"${tag}"` } });

export const move = (id, token, body, tag) => resent(`/v1/matches/${id}/moves`,
  { token, body, headers: tag == null ? {} : { "If-Match": `"${tag}"` } });

/**
 * Listed matches, newest first: up to `limit`; `status` is open, active or finished (null: all).
 * A page looks at a bounded number of listed matches whatever the filter, so it may come back
 * short with a `next` cursor: follow it, up to `pages` requests.
 */
export async function lobby({ status = "open", game = null, limit = 20, pages = 5 } = {}) {
  const matches = [];
  let cursor = null;
  for (let i = 0; i < pages && matches.length < limit; i++) {
    const query = new URLSearchParams({ limit: String(limit - matches.length) });
    if (status) query.set("status", status);
    if (game) query.set("game", game);
    if (cursor) query.set("cursor", cursor);
    const page = await call("GET", `/v1/matches?${query}`);
    matches.push(...page.matches);
    cursor = page.next;
    if (!cursor) break;
  }
  return { matches, next: cursor };
}

/**
 * Follow a match's log from version `after` (written by commit `commit`): Server-Sent Events when
 * the server offers stream tickets, else long-poll. Calls onEntry(entry) per log entry, onMode(text)
 * on changes, onResync() when the server no longer has the log this page holds (storage lost its
 * last moves: read the match again), onGone(err) once if the match is no more (expired: asking
 * again would never find it). Returns a stop() function.
 */
export function follow(id, token, after, commit, { onEntry, onMode, onEnd, onGone, onResync }) {
  let stopped = false;
  let source = null;
  let last = after;
  let failures = 0;
  // Each resume names the commit of the last entry it has: a rewritten log answers with a resync.
  const from = () => `after=${last}${commit ? `&commit=${commit}` : ""}`;
  const seen = (entry) => {
    if (stopped || entry.version <= last) return;
    last = entry.version;
    commit = entry.commit || "";
    onEntry(entry);
  };
  const resync = (page) => {
    if (stopped) return;
    last = page.version;
    commit = page.commit || "";
    onResync();
  };

  async function openStream() {
    let ticket;
    try {
      ticket = await call("POST", `/v1/matches/${id}/stream-ticket`, { token, body: {} });
    } catch (err) {
      if (err.code === "unknown_match") return gone(err);
      if ([404, 405, 501].includes(err.status)) return longPoll();
      return retry(openStream, err);
    }
    if (stopped) return;
    source = new EventSource(`/v1/matches/${id}/stream?ticket=${encodeURIComponent(ticket.ticket)}&${from()}`);
    source.onopen = () => {
      failures = 0;
      onMode(t("live (stream)"));
    };
    source.onmessage = (msg) => seen(JSON.parse(msg.data));
    source.addEventListener("resync", (msg) => resync(JSON.parse(msg.data)));
    source.addEventListener("end", () => {
      source.close();
      onEnd();
    });
    // A ticket is good for one connection: reconnect by hand with a fresh one.
    source.onerror = () => {
      source.close();
      if (!stopped) retry(openStream);
    };
  }

  async function longPoll() {
    onMode(t("live (long-poll)"));
    while (!stopped) {
      try {
        const page = await call("GET", `/v1/matches/${id}/events?${from()}&wait=25`, { token });
        failures = 0;
        if (page.resync) {
          resync(page);
          continue;
        }
        page.entries.forEach(seen);
        if (page.version > last) [last, commit] = [page.version, page.commit || ""];
      } catch (err) {
        if (err.code === "unknown_match") return gone(err);
        onMode(t("reconnecting…"));
        await backOff(err);
      }
    }
  }

  function gone(err) {
    stopped = true;
    onGone(err);
  }

  // What the server asked for (Retry-After), plus a random share of a doubling delay: when a
  // server stops or its storage is down, the thousands of pages it served do not all ask again
  // in the same instant, nor as fast as it answers.
  const backOff = (err) =>
    sleep(1000 * (err?.retryAfter || 0) + Math.random() * Math.min(1000 * 2 ** failures++, 15000));

  async function retry(again, err) {
    onMode(t("reconnecting…"));
    await backOff(err);
    if (!stopped) again();
  }

  openStream();
  return () => {
    stopped = true;
    if (source) source.close();
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
