"""Play one BazaarBATNA negotiation over plain HTTP with `requests`.

Usage:
    python3 examples/python/episode.py [BASE_URL]

BASE_URL defaults to $BAZAAR_URL or http://localhost:8000 (start the server with `npm start`).
The buyer here is a simple rule: open at half the seller's ask, climb toward 80 % of the
budget, and accept once the seller's ask is within 5 % of the last offer. It plays the current
game (BAZAAR_TASK, default single_deal@3), whose seller says prices exactly as `rupees` prints them.
"""

import os
import sys

try:
    import requests
except ImportError:
    print("requests is not installed; run `pip install requests` to try this example.")
    sys.exit(0)


TASK = os.environ.get("BAZAAR_TASK", "single_deal@3")


def rupees(price: float) -> str:
    """A price as the game writes it (env/money.ts formatMoney): whole rupees plainly, paise
    when there are some, Indian digit grouping ("₹3,499", "₹42.50", "₹1,23,456")."""
    paise = round(abs(price) * 100)
    whole, rest = divmod(paise, 100)
    digits = str(whole)
    head, groups = digits[:-3], [digits[-3:]]
    while head:
        groups.insert(0, head[-2:])
        head = head[:-2]
    sign = "-" if price < 0 and paise else ""
    return f"{sign}₹{','.join(groups)}" + (f".{rest:02d}" if rest else "")


def main() -> int:
    base = (sys.argv[1] if len(sys.argv) > 1 else os.environ.get("BAZAAR_URL", "http://localhost:8000")).rstrip("/")
    http = requests.Session()

    def post(path: str, body: dict) -> dict:
        res = http.post(f"{base}{path}", json=body, timeout=30)
        if res.status_code != 200:
            raise SystemExit(f"{path} failed with {res.status_code}: {res.text}")
        return res.json()

    first = post("/reset", {"task_id": TASK, "seed": 42})
    session_id = first["session_id"]
    obs = first["observation"]
    print(f"session {session_id}: buying {obs['item_name']} (budget {rupees(obs['own_private_budget'])})")
    print(f"seller: {obs['message']}")

    offer = round(obs["seller_asking_price"] * 0.5, 2)
    target = obs["own_private_budget"] * 0.8
    result = first
    while not result["done"]:
        obs = result["observation"]
        ask = obs["opponent_last_offer"] or obs["seller_asking_price"]
        if obs["own_last_offer"] is not None and ask <= obs["own_last_offer"] * 1.05:
            action = {"type": "accept"}
        else:
            action = {"type": "offer", "price": offer, "message": f"I can pay {rupees(offer)}."}
            remaining = max(obs["rounds_remaining"], 1)
            offer = round(offer + (target - offer) / remaining, 2)
        result = post("/step", {"session_id": session_id, "action": action})
        obs = result["observation"]
        said = rupees(action["price"]) if "price" in action else action["type"]
        print(f"round {obs['current_round']}: buyer {said} -> reward {result['reward']:.4f}; seller: {obs['message']}")

    obs = result["observation"]
    agreed = "no price" if obs["agreed_price"] is None else rupees(obs["agreed_price"])
    print(f"outcome: {obs['deal_outcome']} at {agreed}")
    score = http.get(f"{base}/score", params={"session_id": session_id}, timeout=30).json()
    print(f"score: {score['score']} (success: {score['success']})")
    post("/close", {"session_id": session_id})
    return 0


if __name__ == "__main__":
    sys.exit(main())
