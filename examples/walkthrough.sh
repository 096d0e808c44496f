#!/usr/bin/env bash
# A curl walkthrough of the Portside API: list the games, create a
# Speicherstadt match, read a seat's view and legal moves, post a move, see
# the error for a bad one, and wait (long-poll) for the next change.
#
#     bash examples/walkthrough.sh http://127.0.0.1:8000
#
# Needs curl and python3 (for picking fields out of JSON; jq works too).
set -euo pipefail
BASE="${1:-http://127.0.0.1:8000}"
BASE="${BASE%/}"

# json EXPR: evaluate a Python expression on the JSON read from stdin (as `d`).
json() { python3 -c "import json, sys; d = json.load(sys.stdin); print($1)"; }
step() { printf '\n== %s\n' "$*"; }

step "1. The games this server hosts"
curl -sS "$BASE/v1/games" | json '"\n".join("{id}: {title}, {min_players}-{max_players} players, bots {bots}".format(**g) for g in d)'

step "2. Create a 3-player Speicherstadt match (every seat's token comes back, once)"
CREATED=$(curl -sS -X POST "$BASE/v1/matches" -H 'Content-Type: application/json' \
  -d '{"game": "speicherstadt", "players": 3}')
ID=$(echo "$CREATED" | json 'd["id"]')
read -r -a TOKENS <<< "$(echo "$CREATED" | json '" ".join(s["token"] for s in d["seats"])')"
token() { echo "${TOKENS[$1]}"; }  # token SEAT: that seat's token
echo "match $ID; seat 0's token starts $(token 0 | cut -c1-12)..."

step "3. Who is to act? (no token: the spectator's view)"
curl -sS "$BASE/v1/matches/$ID" | json '"version {version}, to_act {to_act}".format(**d)'
SEAT=$(curl -sS "$BASE/v1/matches/$ID" | json 'd["to_act"][0]')

step "4. Seat $SEAT's own view and legal moves (Authorization: Bearer <its token>)"
MINE=$(curl -sS "$BASE/v1/matches/$ID" -H "Authorization: Bearer $(token "$SEAT")")
echo "$MINE" | json '"seat {seat} at version {version}; view keys: ".format(**d) + ", ".join(sorted(d["view"]))'
echo "$MINE" | json '"\n".join("  legal: " + json.dumps(m) for m in d["legal_moves"][:5])'

step "5. Post the first legal move as is (If-Match: only if the match is still at this version)"
MOVE=$(echo "$MINE" | json 'json.dumps(d["legal_moves"][0])')
VERSION=$(echo "$MINE" | json 'd["version"]')
curl -sS -X POST "$BASE/v1/matches/$ID/moves" -H "Authorization: Bearer $(token "$SEAT")" \
  -H 'Content-Type: application/json' -H "If-Match: \"$VERSION\"" -d "$MOVE" \
  | json '"now at version {version}; events: {events}".format(**d)'

step "6. A bad move: problem+json with a stable code, and the match unchanged"
STATE=$(curl -sS "$BASE/v1/matches/$ID")
NEXT=$(echo "$STATE" | json 'd["to_act"][0]')
curl -sS -X POST "$BASE/v1/matches/$ID/moves" -H "Authorization: Bearer $(token "$NEXT")" \
  -H 'Content-Type: application/json' -d '{"type": "fly_to_the_moon"}' -w '\nHTTP %{http_code}\n'

step "7. Wait for the next change: a long-poll parks until someone moves"
AFTER=$(echo "$STATE" | json 'd["version"]')
POLL_OUT=$(mktemp)
trap 'rm -f "$POLL_OUT"' EXIT
curl -sS "$BASE/v1/matches/$ID/events?after=$AFTER&wait=10" > "$POLL_OUT" &
POLL=$!
sleep 0.5  # the request above is now waiting; seat $NEXT moves:
NEXT_MOVE=$(curl -sS "$BASE/v1/matches/$ID" -H "Authorization: Bearer $(token "$NEXT")" \
  | json 'json.dumps(d["legal_moves"][0])')
curl -sS -o /dev/null -X POST "$BASE/v1/matches/$ID/moves" -H "Authorization: Bearer $(token "$NEXT")" \
  -H 'Content-Type: application/json' -d "$NEXT_MOVE" -w "seat $NEXT moved: HTTP %{http_code}\n"
wait "$POLL"
echo "the waiting request answered: $(cat "$POLL_OUT")"
json '"\n".join("version {version}: seat {seat}, events ".format(**e) + str([ev["type"] for ev in e["events"]]) for e in d["entries"])' < "$POLL_OUT"

step "Done. Keep going with GET /v1/matches/$ID and your token, or see examples/play_match.py."
