"""A remote agent for the BazaarBATNA exchange, using only Python's standard library.

Usage:
    python3 examples/exchange/remote_agent.py [--url URL] [--name NAME] [--share 0.8]
                                              [--skill 1.0] [--markets N]

It registers (the token is printed once and kept only in memory), then long-polls its inbox.
Request markets: it engages when the price is worth its time, quotes `share` x max_price and
writes a pitch covering a `skill` share of the criteria; if the judge's feedback names missing
criteria it revises once. Listing markets: it engages, opens at 60 % of the ask and climbs
toward 90 %, accepting when the seller comes within reach. It never sees other agents' quotes,
pitches or decisions: only its own view and the public tape.
"""

import argparse
import json
import math
import sys
import time
import urllib.error
import urllib.request


class Exchange:
    def __init__(self, url: str):
        self.url = url.rstrip("/")
        self.token = None

    def call(self, method: str, path: str, body=None, timeout: float = 70.0):
        data = None if body is None else json.dumps(body).encode("utf-8")
        req = urllib.request.Request(self.url + path, data=data, method=method)
        if data is not None:
            req.add_header("content-type", "application/json")
        if self.token is not None:
            req.add_header("x-agent-token", self.token)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as res:
                return res.status, json.loads(res.read().decode("utf-8"))
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read().decode("utf-8") or "null")

    def act(self, market_id: str, action: dict, key=None):
        body = {"market_id": market_id, "action": action}
        if key is not None:
            body["client_key"] = key
        return self.call("POST", "/markets/act", body)


WON = set()  # markets already reported as won, so each win is printed once


def pitch_for(view: dict, skill: float, missing=None) -> str:
    terms = view["tape"][0]["terms"]
    criteria = terms["criteria"]
    covered = criteria[: max(1, math.ceil(len(criteria) * skill))] if criteria else []
    if missing:
        covered = sorted(set(covered) | set(missing), key=criteria.index)
    return f"For your {terms['item']['name']}: " + ", ".join(covered) + ". Careful work, clear updates, on time."


def register(ex: Exchange, name: str, patience_s: float = 30.0):
    """POST /agents, waiting up to `patience_s` for a server that is still starting."""
    deadline = time.monotonic() + patience_s
    while True:
        try:
            return ex.call("POST", "/agents", {"name": name})
        except urllib.error.URLError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def handle_request(ex: Exchange, view: dict, args, log) -> None:
    mid = view["market_id"]
    me = view["me"]
    terms = view["tape"][0]["terms"]
    if me["decision"] is None:
        if terms["max_price"] * args.share < 100:  # under one rupee: not worth the work
            ex.act(mid, {"type": "pass", "reason": "negative_ev"})
            log(f"{mid}: pass (negative_ev)")
            return
        ex.act(mid, {"type": "engage"})
        price = max(1, int(terms["max_price"] * args.share))
        status, _ = ex.act(mid, {"type": "submit", "price": price, "pitch": pitch_for(view, args.skill)}, key="first")
        log(f"{mid}: engaged, quoted {price / 100:.2f} ({status})")
        return
    subs = me["submissions"]
    last = subs[-1] if subs else None
    if last and last["status"] == "failed" and me["revisions_left"] > 0 and last["feedback"]:
        missing = [c for c in terms["criteria"] if c in last["feedback"]]
        revision = pitch_for(view, args.skill, missing)
        status, _ = ex.act(mid, {"type": "submit", "price": last["price"], "pitch": revision}, key=f"rev{len(subs)}")
        log(f"{mid}: scored {last['score']}, revised ({status})")
    if me["won"] and mid not in WON:
        WON.add(mid)
        won_at = next(s["price"] for s in subs if s["status"] == "won")
        log(f"{mid}: WON at {won_at / 100:.2f}")


def handle_listing(ex: Exchange, view: dict, log) -> None:
    mid = view["market_id"]
    me = view["me"]
    ask = view["tape"][0]["ask"]
    if me["decision"] is None:
        ex.act(mid, {"type": "engage"})
        status, reply = ex.act(mid, {"type": "offer", "price": round(ask * 0.6, 2), "message": "Best I can do today."})
        log(f"{mid}: engaged, offered {ask * 0.6:.2f} ({status})")
        view = reply.get("view", view) if status == 200 else view
        me = view["me"]
    thread = me.get("thread")
    while thread and thread["status"] == "open":
        obs = thread["observation"]
        counter = obs["opponent_last_offer"] or ask
        mine = obs["own_last_offer"] or ask * 0.6
        if counter <= ask * 0.9 or obs["rounds_remaining"] <= 1:
            status, reply = ex.act(mid, {"type": "accept", "message": "Deal."})
            log(f"{mid}: accepted {counter:.2f} ({status})")
        else:
            nxt = round(min(ask * 0.9, mine + (counter - mine) / 3), 2)
            status, reply = ex.act(mid, {"type": "offer", "price": nxt, "message": "Meet me here."})
            log(f"{mid}: offered {nxt:.2f} ({status})")
        if status != 200:
            return
        thread = reply["view"]["me"]["thread"]
    if thread and thread["status"] == "deal" and mid not in WON:
        WON.add(mid)
        log(f"{mid}: DEAL at {thread['deal_price']:.2f}")


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--url", default="http://localhost:8000")
    p.add_argument("--name", default="py-agent")
    p.add_argument("--share", type=float, default=0.8, help="quote this share of max_price")
    p.add_argument("--skill", type=float, default=1.0, help="share of criteria the first pitch covers")
    p.add_argument("--markets", type=int, default=0, help="exit after this many markets closed (0: never)")
    args = p.parse_args()

    ex = Exchange(args.url)
    status, me = register(ex, args.name)
    if status != 201:
        print(f"register failed: {status} {me}", file=sys.stderr)
        return 1
    ex.token = me["token"]

    def log(line: str) -> None:
        print(f"[{args.name}] {line}", flush=True)

    log(f"registered as {me['agent_id']}; waiting for markets")
    cursor, closed = 0, set()
    while args.markets == 0 or len(closed) < args.markets:
        status, inbox = ex.call("GET", f"/agents/me/inbox?after={cursor}&wait=20")
        if status != 200:
            log(f"inbox: {status} {inbox}")
            return 1
        cursor = inbox["cursor"]
        for item in inbox["items"]:
            view = item["view"]
            if view["kind"] == "request":
                handle_request(ex, view, args, log)
            elif view["kind"] == "listing":
                handle_listing(ex, view, log)
            if view["tape"] and view["tape"][-1]["kind"] == "closed" and view["market_id"] not in closed:
                closed.add(view["market_id"])
                log(f"{view['market_id']}: closed ({view['tape'][-1]['outcome']})")
    status, pnl = ex.call("GET", "/agents/me/pnl")
    log(f"pnl: {json.dumps(pnl, sort_keys=True)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
