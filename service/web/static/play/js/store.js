// Seat tokens kept in this browser, so a reload (or a later visit) resumes the seat.
// Several seats of one match may be kept: hot-seat play from one device.

const KEY = "portside.seats";

function all() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || {};
  } catch {
    return {};
  }
}

export function seatsOf(matchId) {
  return all()[matchId]?.seats || {};
}

export function keep(matchId, game, seat, token) {
  const every = all();
  const entry = every[matchId] || { game, seats: {}, at: Date.now() };
  entry.seats[seat] = token;
  entry.at = Date.now();
  every[matchId] = entry;
  localStorage.setItem(KEY, JSON.stringify(every));
}

export function forget(matchId) {
  const every = all();
  delete every[matchId];
  localStorage.setItem(KEY, JSON.stringify(every));
}

/** Forgets a kept match the server says it no longer has (404 unknown_match: expired); true if one was kept. */
export function forgetGone(matchId, err) {
  if (err?.code !== "unknown_match" || !all()[matchId]) return false;
  forget(matchId);
  return true;
}

/** The matches this browser holds seats in, newest first. */
export function recent() {
  return Object.entries(all())
    .map(([id, entry]) => ({ id, ...entry }))
    .sort((a, b) => b.at - a.at)
    .slice(0, 20);
}
