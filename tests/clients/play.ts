// Plays one match through openapi-fetch with the types openapi-typescript generated from
// openapi/openapi.json (./schema.d.ts beside this file at test time): seat 0 is ours, the
// other seats are server bots. Checked with `tsc --noEmit --strict`: no cast anywhere.
// Usage: tsx play.ts BASE_URL GAME PLAYERS; prints one JSON line.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema";

type Schemas = components["schemas"];
const SEAT = 0;

// `taken`: keys a counts param may not use (given to another param of the same `disjoint` group).
function smallest(param: Schemas["MoveParam"], taken: Set<string>): number | number[] | Record<string, number> {
  if (param.kind === "integer") return param.min;
  if (param.kind === "seats") return param.of.slice(0, Math.max(param.min, 1));
  const counts: Record<string, number> = {};
  let need = param.min_total;
  for (const [key, most] of Object.entries(param.max)) {
    const take = taken.has(key) ? 0 : Math.min(most, need);
    if (take > 0) {
      counts[key] = take;
      need -= take;
    }
  }
  return counts;
}

function filled(template: Schemas["MoveTemplate"]): Schemas["FilledTemplate"] {
  if (!template.label) throw new Error(`a template without its label: ${JSON.stringify(template)}`);
  const move: Schemas["FilledTemplate"] = { ...template.move };
  const apart = new Set((template.disjoint ?? []).flat());
  const taken = new Set<string>();
  for (const [name, param] of Object.entries(template.params)) {
    const value = smallest(param, apart.has(name) ? taken : new Set());
    if (apart.has(name) && !Array.isArray(value) && typeof value === "object") Object.keys(value).forEach((key) => taken.add(key));
    move[name] = value;
  }
  return move;
}

// What the typed view says about the match, read without a cast once `game` is narrowed.
function summary(match: Schemas["Match"]): string {
  switch (match.game) {
    case "catan":
      // During set-up the view carries the board's geometry, typed as the static data's.
      return `turn ${match.view.turn_number}, phase ${match.view.phase}, ${match.view.topology?.nodes.length ?? 0} nodes shown`;
    case "medici":
      return `round ${match.view.round} of ${match.view.rounds}`;
    case "speicherstadt":
      return `round ${match.view.round}, phase ${match.view.phase}`;
    default:
      return `${match.game}, version ${match.version}`;
  }
}

// The game's static data, typed by its own operation, read without a cast (it was an untyped object):
// a Catan node's neighbours, a Smuggler price and sea link; a game without static data answers `{}`.
async function staticRead(baseUrl: string, game: string): Promise<string> {
  const anonymous = createClient<paths>({ baseUrl });
  if (game === "catan") {
    const { data, error } = await anonymous.GET("/v1/games/catan/static");
    if (!data) throw new Error(`catan static: ${JSON.stringify(error)}`);
    const nodes = data.topology.nodes;
    if (!nodes[0].nodes.every((n) => nodes[n].nodes.includes(nodes[0].id))) throw new Error("node 0's neighbours");
    return `node 0 beside ${nodes[0].nodes.join(", ")}`;
  }
  if (game === "smuggler") {
    const { data, error } = await anonymous.GET("/v1/games/smuggler/static");
    if (!data) throw new Error(`smuggler static: ${JSON.stringify(error)}`);
    const [gold, reputation] = data.prices["1"][0];
    const [from, to] = data.sea_links[0];
    if (!(gold > 0) || !(from in data.merchants || from in data.sea)) throw new Error(`prices, links: ${gold} ${from}`);
    return `size 1 sells for ${gold} gold and ${reputation} reputation; ${from} to ${to}`;
  }
  const { data, error } = await anonymous.GET("/v1/games/{game_id}/static", { params: { path: { game_id: game } } });
  if (!data || Object.keys(data).length > 0) throw new Error(`${game} static: ${JSON.stringify(data ?? error)}`);
  return "none";
}

// `game` names a registered game (CreateMatch's enum, taken from the server's catalogue).
function registered(game: string, catalogue: Schemas["Game"][]): game is Schemas["CreateMatch"]["game"] {
  return catalogue.some((entry) => entry.id === game);
}

// Each game's options, typed by `game`: what tsc refuses (each `@ts-expect-error` must find an error).
export const withOptions: Schemas["CreateMatch"][] = [
  { game: "catan", players: 3, options: { map: "beginner", trade_order: "strict", max_offers: 2 } },
  { game: "medici", players: 2, options: {} },
  // @ts-expect-error Medici has no `map`: Catan's option in another game's match
  { game: "medici", players: 2, options: { map: "beginner" } },
  // @ts-expect-error no such map
  { game: "catan", players: 3, options: { map: "moon" } },
  // @ts-expect-error no such option
  { game: "catan", players: 3, options: { robber: false } },
];

async function play(baseUrl: string, game: string, players: number): Promise<object> {
  const anonymous = createClient<paths>({ baseUrl });
  const staticData = await staticRead(baseUrl, game);
  const { data: catalogue } = await anonymous.GET("/v1/games", { params: { header: { "Accept-Language": "en" } } });
  if (!catalogue || !registered(game, catalogue)) throw new Error(`no game ${game} on ${baseUrl}`);
  const bots: Record<string, string> = {};
  for (let seat = 1; seat < players; seat++) bots[String(seat)] = "greedy";
  // A Catan match with an option of its own, typed as Catan's (`options` was any object).
  const body: Schemas["CreateMatch"] =
    game === "catan" ? { game, players, bots, listed: true, options: { map: "beginner" } } : { game, players, bots, listed: true };
  const created = await anonymous.POST("/v1/matches", { body });
  if (!created.data) throw new Error(`create: ${JSON.stringify(created.error)}`);
  const id = created.data.id;
  const { data: lobby } = await anonymous.GET("/v1/matches", { params: { query: { game, status: "active", limit: 100 } } });
  const listed = lobby?.matches.find((entry) => entry.id === id);
  if (!listed || (listed.game === "catan" && listed.options.map !== "beginner")) throw new Error(`lobby: ${JSON.stringify(listed)}`);
  const me = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${created.data.seats[SEAT].token}` } });
  const path = { params: { path: { match_id: id } } };
  // README: a 304 gives `error === ""` (no body) though its type says Problem | undefined; test the status.
  const first = await me.GET("/v1/matches/{match_id}", path);
  if (!first.data) throw new Error(`read: ${JSON.stringify(first.error)}`);
  const unchanged = await me.GET("/v1/matches/{match_id}", { ...path, headers: { "If-None-Match": `"${first.data.version}"` } });
  if (unchanged.response.status !== 304 || unchanged.data !== undefined || String(unchanged.error) !== "") {
    throw new Error(`If-None-Match: ${unchanged.response.status} ${JSON.stringify(unchanged.error)}`);
  }
  let posted = 0;
  let last = "";
  for (;;) {
    const { data: match, error, response } = await me.GET("/v1/matches/{match_id}", path);
    if (!match) throw new Error(`read: ${JSON.stringify(error)}`);
    last = summary(match);
    if (match.status === "finished") {
      return { game: match.game, moves: posted, version: match.version, winners: match.outcome?.winners, last, staticData };
    }
    if (!match.to_act.includes(SEAT)) {
      await me.GET("/v1/matches/{match_id}/events", { params: { path: { match_id: id }, query: { after: match.version, wait: 2 } } });
      continue;
    }
    const legal = match.legal_moves;
    const pick = Math.floor(Math.random() * (legal.length + match.move_templates.length));
    const body: Schemas["PostedMove"] = pick < legal.length ? legal[pick] : filled(match.move_templates[pick - legal.length]);
    const answer = await me.POST("/v1/matches/{match_id}/moves", { ...path, body, headers: { "If-Match": response.headers.get("ETag") ?? "" } });
    // A filled template has the shape right, and its `disjoint` keeps a trade's sides apart; the rules
    // may still refuse it for other reasons: draw again.
    const refused = answer.error?.code === "illegal_move" && answer.error.reason !== "like_for_like";
    if (!answer.data && pick >= legal.length && refused) continue;
    if (!answer.data) throw new Error(`move ${JSON.stringify(body)}: ${JSON.stringify(answer.error)}`);
    posted += 1;
  }
}

const [baseUrl, game, players] = process.argv.slice(2);
play(baseUrl, game, Number(players)).then(
  (result) => console.log(JSON.stringify(result)),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
