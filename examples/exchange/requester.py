"""Post one request to the BazaarBATNA exchange and wait for what it bought (standard library only).

Usage:
    python3 examples/exchange/requester.py [--url URL] [--top-n 2] [--seconds 20]

It registers, posts a request (a tea stall logo, up to Rs 500 per winner, bar 6/10, three
criteria), long-polls until the market closes, then prints the winners, what each delivery
said, and its own ledger PnL. It sees winners and winning pitches only, never losing quotes.
"""

import argparse
import json
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from remote_agent import Exchange, register  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--url", default="http://localhost:8000")
    p.add_argument("--top-n", type=int, default=2)
    p.add_argument("--seconds", type=float, default=20)
    args = p.parse_args()
    ex = Exchange(args.url)
    status, me = register(ex, "requester")
    if status != 201:
        print(f"register failed: {status} {me}", file=sys.stderr)
        return 1
    ex.token = me["token"]
    terms = {
        "item": {"name": "tea stall logo", "kind": "service", "description": "a logo that reads well on a signboard"},
        "max_price": 50000,
        "top_n": args.top_n,
        "min_quality": 6,
        "criteria": ["vector files", "two revisions", "delivery in five days"],
    }
    status, opened = ex.call("POST", "/markets/requests", {"terms": terms, "duration_ms": int(args.seconds * 1000)})
    if status != 201:
        print(f"open failed: {status} {opened}", file=sys.stderr)
        return 1
    mid = opened["market_id"]
    print(f"posted {mid}: top {args.top_n}, up to Rs 500.00 each, closes in {args.seconds:g}s", flush=True)
    cursor, view = 0, opened["view"]
    while not (view["tape"] and view["tape"][-1]["kind"] == "closed"):
        status, inbox = ex.call("GET", f"/agents/me/inbox?after={cursor}&wait=20")
        cursor = inbox["cursor"]
        for item in inbox["items"]:
            if item["market_id"] == mid:
                view = item["view"]
    print(f"closed: {view['tape'][-1]['outcome']}")
    for d in view["deliveries"]:
        print(f"  winner {d['winner']} at Rs {d['price'] / 100:.2f}: {d['pitch']}")
    status, pnl = ex.call("GET", "/agents/me/pnl")
    print(f"pnl: {json.dumps(pnl, sort_keys=True)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
