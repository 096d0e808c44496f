"""The ceiling for the HTTP benchmark: the same stack doing only the storage work.

POST /bare/<key> with a small JSON body: validate it with marshmallow, read a
~5 KB state with its version from Redis, compare-and-set it back with a Lua
script, answer JSON. Everything the real move endpoint does minus the game.
Served by gunicorn with the same service/gunicorn_conf.py settings.
"""

import os

import orjson
import redis
from flask import Flask, Response, request
from marshmallow import Schema, fields

CAS = """
local v = redis.call('HGET', KEYS[1], 'v')
if v ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'state', ARGV[3])
return 1
"""


class BodySchema(Schema):
    type = fields.String(required=True)
    value = fields.Integer()


app = Flask(__name__)
client = redis.Redis.from_url(os.environ["REDIS_URL"])
cas = client.register_script(CAS)
schema = BodySchema()


@app.post("/bare/<key>")
def bare(key: str):
    schema.load(orjson.loads(request.get_data()))
    name = f"bare:{{{key}}}"
    raw = client.hgetall(name)
    version = int(raw.get(b"v", 0))
    state = orjson.loads(raw[b"state"]) if raw else {"filler": "x" * 5000}
    state["n"] = version + 1
    if not raw:
        client.hset(name, mapping={"v": 0, "state": orjson.dumps(state)})
    ok = cas(keys=[name], args=[version, version + 1, orjson.dumps(state)])
    return Response(orjson.dumps({"version": version + 1, "ok": bool(ok)}), mimetype="application/json")
