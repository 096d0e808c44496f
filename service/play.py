"""`portside play`: a command-line client for a running Portside service.

It creates a match of any game (or joins one), fills the seats with local
bots, server bots or people, follows the match with long-poll
(`/events?after=N&wait=S`) and prints the final scores with their breakdown.

It speaks only the public HTTP API, with the standard library's urllib, so it
is also the reference for scripted play. The one engine import is
`engine.bots`: a bot decides from a seat's view and legal moves, which is
exactly what `GET /v1/matches/{id}` returns to that seat. (Its words in French,
`--lang fr`, come from gettext catalogues read as the server reads them:
service/playwords.py.)

    portside play --url http://127.0.0.1:8000 --game catan --players 4 \\
        --seat 0=random --seat 1=server:random --seat 2=human --seed 7
    portside play --url http://127.0.0.1:8000 --join=MATCH_ID --token=TOKEN
    portside play --url http://127.0.0.1:8000 --resume=MATCH_ID --token=TOKEN --human-prompt --lang fr
    portside play --game medici --seat 0=human --seat 1=server:greedy --human-prompt --undo

Seat kinds: `NAME` (a local bot, e.g. `random`), `server:NAME` (the service
plays it), `human` (a person: the token is printed; with `--human-prompt`
this terminal shows the seat's table (service/playtext.py) and picks from the
numbered, labelled legal moves; when other seats are to act too, Enter waits for
them; in a match created with `--undo` (or the API's `undo: own_move`), `undo` takes the seat's
own last move back while the match says it may: service/playundo.py). Unnamed seats are local `random` bots.
Ctrl-C stops cleanly and prints how to resume each seat this process played.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Callable, TextIO, cast

from engine.bots import fallback_move, get_bot
from service import playlines, playprompt, playresume, playscore, playtext, playundo, playwords, versions

USER_AGENT = "portside-play/1"
t = playwords.t  # the terminal's words in its language


class ApiError(Exception):
    """A problem+json answer (or a transport failure, status 0)."""

    def __init__(self, status: int, body: dict):
        self.status, self.body = status, body
        self.code = body.get("code", "")
        errors = body.get("errors") or {}  # a 422's say what was wrong: the detail alone does not
        fields = errors.items() if isinstance(errors, dict) else [("errors", errors)]  # a proxy's may not
        said = "".join(f" {field}: {playtext.summarize(why)}" for field, why in fields)
        super().__init__(f"{status} {self.code}: {body.get('detail', body)}{said}")


class Client:
    """The public HTTP API, one method per call; JSON in, dicts out."""

    def __init__(self, base_url: str, timeout: float = 45.0, lang: str = playwords.DEFAULT):
        self.base = base_url.rstrip("/")
        self.timeout = timeout
        self.lang = lang  # the server words its labels, log lines and refusals in it

    def request(
        self,
        method: str,
        path: str,
        body: object = None,
        token: str | None = None,
        headers: dict | None = None,
        retries: int = 5,
    ) -> Any:
        data = None if body is None else json.dumps(body).encode()
        all_headers = {
            "Accept": "application/json",
            "Accept-Language": self.lang,
            "User-Agent": USER_AGENT,
            **(headers or {}),
        }
        if data is not None:
            all_headers["Content-Type"] = "application/json"
        if token:
            all_headers["Authorization"] = f"Bearer {token}"
        for attempt in range(retries + 1):
            req = urllib.request.Request(self.base + path, data=data, method=method, headers=all_headers)
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as response:
                    raw = response.read()
                    return json.loads(raw) if raw else {}
            except urllib.error.HTTPError as err:
                raw = err.read()
                try:
                    problem = json.loads(raw)
                except ValueError:
                    problem = {"detail": raw.decode(errors="replace")}
                if err.code in (429, 503) and attempt < retries:
                    time.sleep(min(float(err.headers.get("Retry-After") or 1), 60))
                    continue
                raise ApiError(err.code, problem) from None
            except (urllib.error.URLError, ConnectionError, TimeoutError) as err:
                if attempt < retries:  # a restarting server; moves carry an Idempotency-Key
                    time.sleep(0.2 * (attempt + 1))
                    continue
                why = str(getattr(err, "reason", err))  # `[Errno 111] Connection refused`, not `<urlopen error …>`
                raise ApiError(0, {"code": "unreachable", "detail": why}) from None
        raise AssertionError("unreachable")

    def games(self) -> list[dict]:
        return self.request("GET", "/v1/games")

    def create(
        self,
        game: str,
        players: int,
        seed: int | None = None,
        options: dict | None = None,
        bots: dict[int, str] | None = None,
        seats: str = "all",
        undo: bool = False,
    ) -> dict:
        body = {
            "game": game,
            "players": players,
            "options": options or {},
            "seats": seats,
            "bots": {str(s): name for s, name in (bots or {}).items()},
            "undo": "own_move" if undo else "never",
        }
        if seed is not None:
            body["seed"] = seed
        key = {"Idempotency-Key": str(uuid.uuid4())}  # a retry after a lost answer gets the same match
        return self.request("POST", "/v1/matches", body, headers=key)

    def static(self, game: str) -> dict:
        """The game's static data (Catan: the board's topology, which a view leaves out after set-up)."""
        return self.request("GET", f"/v1/games/{urllib.parse.quote(game)}/static")

    def join(self, match_id: str, seat: int | None = None) -> dict:
        """One key for the request and its retries: a retry after a lost answer gets the same seat."""
        key = {"Idempotency-Key": str(uuid.uuid4())}
        return self.request("POST", f"/v1/matches/{match_id}/join", {} if seat is None else {"seat": seat}, headers=key)

    def match(self, match_id: str, token: str | None = None) -> dict:
        return self.request("GET", f"/v1/matches/{match_id}", token=token)

    def move(self, match_id: str, token: str, move: dict, at: dict | None = None) -> dict:
        """`at`: the match as last read, whose version (and commit id) the move holds to (If-Match)."""
        headers = {"Idempotency-Key": uuid.uuid4().hex}
        if at is not None:
            headers["If-Match"] = versions.etag(at["version"], at.get("commit", ""))
        return self.request("POST", f"/v1/matches/{match_id}/moves", move, token=token, headers=headers)

    def events(self, match_id: str, after: int, wait: float = 0, token: str | None = None) -> dict:
        query = urllib.parse.urlencode({"after": after, "wait": wait})
        return self.request("GET", f"/v1/matches/{match_id}/events?{query}", token=token, retries=0 if wait else 5)


# --- seats -------------------------------------------------------------------


@dataclass
class SeatPlan:
    kind: str  # "local", "server" or "human"
    bot: str = ""

    def label(self) -> str:
        return {"local": f"local:{self.bot}", "server": f"server:{self.bot}"}.get(self.kind, "human")


def seat_kind(label: str) -> str:
    """A seat's label as the screen says it: `human` (played here), `person` (someone else's) and
    `open` in the terminal's language; a bot's (`server:greedy`) as typed on the command line. The
    JSON result (--json) keeps the labels themselves."""
    return {"human": t("human"), "person": t("person"), "open": t("open")}.get(label, label)


def parse_seat(spec: str) -> tuple[int, SeatPlan]:
    """`0=random`, `1=server:greedy`, `2=human` -> (seat, plan)."""
    seat, sep, what = spec.partition("=")
    if not sep or not seat.strip().isdigit() or not what.strip():
        raise argparse.ArgumentTypeError(f"--seat wants SEAT=KIND (0=random, 1=server:greedy, 2=human), not {spec!r}")
    what = what.strip()
    if what == "human":
        plan = SeatPlan("human")
    elif what.startswith("server:"):
        plan = SeatPlan("server", what.removeprefix("server:"))
    else:
        plan = SeatPlan("local", what.removeprefix("local:"))
    return int(seat), plan


Chooser = Callable[[dict, list, random.Random, Sequence[dict]], dict]


@dataclass
class Player:
    """The seats this process plays: seat -> (token, chooser, label)."""

    tokens: dict[int, str] = field(default_factory=dict)
    choosers: dict[int, Chooser] = field(default_factory=dict)
    labels: dict[int, str] = field(default_factory=dict)
    prompted: set[int] = field(default_factory=set)  # seats a person plays from this terminal


# --- the loop ------------------------------------------------------------------


class Session:
    """Follow one match and play this process's seats until the end."""

    def __init__(
        self,
        client: Client,
        match_id: str,
        player: Player,
        *,
        labels: dict[int, str] | None = None,
        wait: float = 20.0,
        seed: int | None = None,
        progress: TextIO | None = sys.stderr,
        deadline: float | None = None,
        screen: TextIO | None = None,
    ):
        self.client, self.match_id, self.player = client, match_id, player
        self.screen = screen or sys.stderr  # where the prompts go
        self.labels = {**(labels or {}), **player.labels}
        self.wait, self.progress, self.deadline = wait, progress, deadline
        self.rng = random.Random(seed)
        self.after = 0
        self.moves_posted = 0
        self.waiting: dict[int, int] = {}  # prompted seat -> the version at which its person chose to wait
        self.statics: dict[str, dict] = {}  # game -> its static data, read once, for the prompt's table
        # The parts of a table last printed on this terminal (a map), whichever seat's: with two seats
        # prompted here, "as printed above" named the other seat's "your network".
        self.shown: dict[str, str] = {}
        # The last lines said since the last prompt: said again under a map printed anew.
        self.said: deque[str] = deque(maxlen=playprompt.SAID_AGAIN)
        self.seat_names: dict[int, list[str]] | None = None

    def say(self, text: str) -> None:
        if self.progress is not None:
            print(text, file=self.progress, flush=True)
            self.said.append(text)

    def follow(self, wait: float) -> None:
        """Read the log after `self.after` (blocking up to `wait` s) and print one line per version."""
        self.show(self.read_log(wait))

    def read_log(self, wait: float) -> dict | None:
        """The log's page after `self.after` (blocking up to `wait` s); None if a long-poll ran out."""
        try:
            return self.client.events(self.match_id, self.after, wait)
        except ApiError as err:
            # A long-poll that ends in 503 (e.g. the server's Redis read timed out while
            # waiting) only means "nothing yet": the loop reads the match again.
            if not wait or err.status != 503:
                raise
            return None

    def show(self, page: dict | None) -> None:
        """One line per version of the log's page; what follows it is read next."""
        if page is None:
            return
        for entry in page["entries"]:
            label = self.labels.get(entry["seat"], "")
            who = f"server:{entry['bot']}" if "bot" in entry else label
            said = playtext.entry_text(entry["events"]) or t("(hidden)")
            if playprompt.is_terminal(self.progress):  # a script reading the lines keeps every field
                names = [t("seat {seat}", seat=entry["seat"]), *self.names().get(entry["seat"], [])]
                head = playtext.terminal_head(entry, said, names, "" if who == label else who)
            else:
                head = playtext.entry_head(entry, seat_kind(who))
            self.say(playtext.log_line(head, said, playprompt.terminal_width(self.progress, 160)))
        self.after = page["version"]

    def names(self) -> dict[int, list[str]]:
        """What the log's texts may call each seat beside `seat N`: its given name, its house's (read once)."""
        if self.seat_names is None:
            self.seat_names = playtext.seat_names(self.client.match(self.match_id))
        return self.seat_names

    def play_ready(self, to_act: list[int]) -> bool:
        """Play one move for every local seat in to_act; True if any move was applied."""
        moved = False
        for seat in to_act:
            if seat not in self.player.choosers and seat not in self.player.prompted:
                continue
            token = self.player.tokens[seat]
            mine = self.client.match(self.match_id, token)
            legal, templates = mine["legal_moves"], mine.get("move_templates", [])
            if seat not in mine["to_act"] or mine["status"] != "active" or not (legal or templates):
                continue
            if seat in self.player.prompted:
                if self.waiting.get(seat) == mine["version"]:
                    continue  # waiting for the others: asked again once someone moves
                if mine["game"] not in self.statics:
                    self.statics[mine["game"]] = self.client.static(mine["game"])
                static, may_wait, said = self.statics[mine["game"]], len(mine["to_act"]) > 1, list(self.said)
                self.said.clear()
                chosen = playprompt.choose_prompt(
                    mine, out=self.screen, may_wait=may_wait, static=static, shown=self.shown, said=said
                )
                if chosen is None:
                    self.waiting[seat] = mine["version"]
                    continue
                if chosen is playprompt.UNDO:
                    playundo.take_back(self.client, self.match_id, seat, token, mine, self.say)
                    moved = True  # read again at once: the log's line, then this seat's prompt
                    continue
                move = chosen
            else:
                move = self.player.choosers[seat](mine["view"], legal, self.rng, templates)
            try:
                self.client.move(self.match_id, token, move, at=mine)
            except ApiError as err:
                if err.code in ("stale_version", "not_your_turn", "match_finished"):
                    continue  # someone moved first: re-read on the next round
                if err.code == "illegal_move":  # a local bot's bug must not stop the match
                    self.say(
                        t(
                            "seat {seat}: {move} refused ({why}); playing a listed move instead",
                            seat=seat,
                            move=move,
                            why=err,
                        )
                    )
                    move = fallback_move(legal, templates, self.rng)
                    try:
                        self.client.move(self.match_id, token, move, at=mine)
                    except ApiError as again:
                        if again.code not in ("stale_version", "not_your_turn", "match_finished"):
                            raise
                        continue
                else:
                    raise
            self.moves_posted += 1
            moved = True
        return moved

    def run(self) -> dict:
        """Play until the end; returns the final match resource (a spectator's)."""
        waiting_for = None
        while True:
            # The log first, then the match: the long-poll below starts from `self.after`, which is
            # then never past the version whose `to_act` we act on, so a move made in between
            # wakes it at once instead of being slept through.
            self.follow(0)
            state = self.client.match(self.match_id)
            if state["status"] == "finished":
                self.follow(0)
                return state
            if self.play_ready(state["to_act"]):
                waiting_for = None
                continue
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise TimeoutError(f"match {self.match_id} did not finish in time (at v{state['version']})")
            undoable = playundo.undoable(self.client, self.match_id, self.player, state)
            if state["to_act"] != waiting_for:
                waiting_for = state["to_act"]
                # A seat of this terminal's that chose to wait is not one it waits for.
                others = [s for s in state["to_act"] if self.waiting.get(s) != state["version"]] or state["to_act"]
                said = ", ".join(f"{s} ({seat_kind(self.labels.get(s, '?'))})" for s in others)
                self.say(f"v{state['version']:<4} " + t("waiting for seat {seats}", seats=said))
                if undoable:
                    hint = "  " + t("(undo + Enter takes back your last move, while no one else has moved)")
                    for line in playtext.fit([hint], playprompt.terminal_width(self.progress)):
                        self.say(line)
            if undoable:  # long-poll while reading the terminal: `undo` is taken at once
                self.show(playundo.wait_reading(self, undoable))
            else:
                self.follow(self.wait)  # long-poll: returns as soon as anyone moves


# --- the command ---------------------------------------------------------------


def _take_seat(player: Player, game: str, plan: SeatPlan, seat: int, token: str, prompt: bool) -> bool:
    """Play `seat` from this process (a local bot, or a person at this terminal); False if not."""
    if plan.kind == "local":
        player.choosers[seat] = get_bot(game, plan.bot).choose
    elif plan.kind == "human" and prompt:
        player.prompted.add(seat)
    else:
        return False
    player.tokens[seat], player.labels[seat] = token, plan.label()
    return True


def _create(client: Client, args: argparse.Namespace, out: TextIO) -> tuple[str, Player, dict[int, str]]:
    catalogue = {g["id"]: g for g in client.games()}
    if args.game not in catalogue:
        there = ", ".join(sorted(catalogue))
        raise SystemExit(
            t("no game {game} on {url}; there are: {games}", game=repr(args.game), url=client.base, games=there)
        )
    entry = catalogue[args.game]
    players = args.players or entry["min_players"]
    plans = {s: SeatPlan("local", "random") for s in range(players)}
    for seat, plan in args.seat:
        if seat >= players:
            raise SystemExit(
                t("--seat {seat}: a {n}-player match has seats 0-{last}", seat=seat, n=players, last=players - 1)
            )
        plans[seat] = plan
    for seat, plan in plans.items():
        if plan.kind == "server" and plan.bot not in entry["bots"]:
            offered = ", ".join(entry["bots"])
            raise SystemExit(
                t("seat {seat}: the server offers {bots} for {game}", seat=seat, bots=offered, game=args.game)
            )
        if plan.kind == "local":
            try:
                get_bot(args.game, plan.bot)
            except KeyError:
                raise SystemExit(
                    t("seat {seat}: no local bot {bot} for {game}", seat=seat, bot=repr(plan.bot), game=args.game)
                ) from None
    created = client.create(
        args.game,
        players,
        args.seed,
        json.loads(args.options),
        {s: p.bot for s, p in plans.items() if p.kind == "server"},
        undo=args.undo,
    )
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    player = Player()
    labels = {s: p.label() for s, p in plans.items()}
    width = playprompt.terminal_width(out, sys.maxsize)  # a script reading the lines finds each whole
    # `0=human, 1=server:greedy` as typed after --seat (a script reads it); French says each kind in its words.
    seats = ", ".join(t("{seat}={kind}", seat=s, kind=seat_kind(labels[s])) for s in range(players))
    said = t("Match {id}: {n}-player {game}, seats: {seats}", id=created["id"], n=players, game=args.game, seats=seats)
    print(*playtext.fit([said], width), sep="\n", file=out)
    for seat, plan in sorted(plans.items()):
        if plan.kind == "server":
            continue
        if _take_seat(player, args.game, plan, seat, tokens[seat], args.human_prompt):
            if seat in player.prompted:
                said = "  " + t("seat {seat} is yours, played here: token {token}", seat=seat, token=tokens[seat])
                print(*playtext.fit([said], width), sep="\n", file=out)
        elif plan.kind == "human":
            lines = playresume.person_lines(client.base, created["id"], seat, tokens[seat], width)
            print(*lines, sep="\n", file=out)
    out.flush()  # whoever reads this (a person, a script) needs the tokens before the match can go on
    return created["id"], player, labels


def _join(client: Client, args: argparse.Namespace, out: TextIO) -> tuple[str, Player, dict[int, str]]:
    match_id = args.join
    spectator = client.match(match_id)
    game = spectator["game"]
    playwords.use(playwords.lang(), game)  # its terms: the match's game is known now
    player = Player()
    tokens = list(args.token)
    if not tokens:
        joined = client.join(match_id, args.join_seat)
        said = t(
            "Joined match {id} as seat {seat}: token {token}", id=match_id, seat=joined["seat"], token=joined["token"]
        )
        print(said, file=out, flush=True)
        tokens = [joined["token"]]
    plan = SeatPlan("human") if args.human_prompt else SeatPlan("local", args.bot)
    for token in tokens:
        try:
            seat = client.match(match_id, token)["seat"]
        except ApiError as problem:
            raise SystemExit(t("that token is not a seat of match {id}", id=match_id) + f" ({problem})") from None
        if seat is None:
            raise SystemExit(t("that token is not a seat of match {id}", id=match_id))
        _take_seat(player, game, plan, seat, token, True)
    labels = {
        s["seat"]: f"server:{s['bot']}" if s["status"] == "bot" else "person" if s["status"] == "taken" else "open"
        for s in spectator["seats"]
    }
    return match_id, player, labels


def run(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    lang = playwords.language(args.lang)
    client = Client(args.url, timeout=args.wait + 15, lang=lang)
    playwords.use(lang, args.game)
    match_id, player = "", Player()
    try:
        match_id, player, labels = (_join if args.join else _create)(client, args, out)
        session = Session(
            client,
            match_id,
            player,
            labels=labels,
            wait=args.wait,
            seed=args.seed,
            progress=None if args.quiet else err,
            deadline=time.monotonic() + args.timeout if args.timeout else None,
            screen=err,
        )
        final = session.run()
    except (KeyboardInterrupt, playprompt.Quit):
        if not match_id:
            print("\nportside play: " + t("stopped before the match began"), file=err)
            return 130
        print("\n" + resumed(client, match_id, player, err), file=err)
        return 130
    except ApiError as problem:  # broken between words to the terminal: a refused match broke at 80 in « playe|rs »
        width = playprompt.terminal_width(err, sys.maxsize)
        if problem.status == 0 and match_id:  # the server went away: how to go on once it is back
            gone = "portside play: " + t(
                "the server at {url} does not answer ({why})", url=client.base, why=problem.body["detail"]
            )
            print("", *playtext.fit([gone], width), resumed(client, match_id, player, err), sep="\n", file=err)
        else:
            print(*playtext.fit([f"portside play: {problem}"], width), sep="\n", file=err)
        return 1
    except TimeoutError as late:
        print(f"portside play: {late}", file=err)
        return 2
    if args.json:
        print(playscore.as_json(final, labels), file=out)
    else:
        width = playprompt.terminal_width(out, sys.maxsize)
        said = {seat: seat_kind(label) for seat, label in {**labels, **player.labels}.items()}
        print(playscore.format_outcome(final, said, width), file=out)
    return 0


def resumed(client: Client, match_id: str, player: Player, err: TextIO) -> str:
    """The seats played here, their tokens and the commands that go on with them (Ctrl-C, a lost server)."""
    width = playprompt.terminal_width(err, sys.maxsize)
    return playresume.resume_text(client.base, match_id, player, width, client.lang)


def main(args: argparse.Namespace) -> int:
    args.token += [token for token in os.environ.get("PORTSIDE_TOKEN", "").replace(" ", "").split(",") if token]
    if args.resume:
        if not args.token:
            raise SystemExit("portside play: --resume needs the --token (or PORTSIDE_TOKEN) of each seat to continue")
        args.join = args.resume
    if not args.join and not args.game:
        raise SystemExit("portside play: --game is needed (or --join MATCH_ID, or --resume MATCH_ID --token T)")
    out, err = (cast(TextIO, playlines.PlainSpaces(stream)) for stream in (sys.stdout, sys.stderr))
    return run(args, out, err)
