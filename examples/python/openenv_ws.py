"""Play one negotiation over OpenEnv's WebSocket protocol, frame by frame.

Usage:
    python3 examples/python/openenv_ws.py [BASE_URL]

These are the frames OpenEnv's own Python client (`GenericEnvClient`) sends; any OpenEnv
client pointed at the server's base URL speaks the same protocol at /ws.
"""

import json
import os
import sys

try:
    from websockets.sync.client import connect
except ImportError:
    print("websockets is not installed; run `pip install websockets` to try this example.")
    sys.exit(0)


def main() -> int:
    base = (sys.argv[1] if len(sys.argv) > 1 else os.environ.get("BAZAAR_URL", "http://localhost:8000")).rstrip("/")
    url = base.replace("https://", "wss://").replace("http://", "ws://") + "/ws"

    with connect(url) as ws:

        def ask(frame: dict) -> dict:
            ws.send(json.dumps(frame))
            reply = json.loads(ws.recv())
            if reply["type"] == "error":
                raise SystemExit(f"server error: {reply['data']['message']} (code: {reply['data']['code']})")
            return reply["data"]

        data = ask({"type": "reset", "data": {"task_id": "single_deal", "seed": 42}})
        obs = data["observation"]
        print(f"buying {obs['item_name']}; seller: {obs['message']}")

        price = round(obs["seller_asking_price"] * 0.55, 2)
        while not data["done"]:
            data = ask({"type": "step", "data": {"type": "offer", "price": price, "message": f"{price}, final?"}})
            obs = data["observation"]
            print(f"round {obs['current_round']}: offered {price}, reward {data['reward']:.4f}; seller: {obs['message']}")
            price = round(price * 1.08, 2)

        state = ask({"type": "state"})
        print(f"outcome: {state['outcome']} at {state['agreed_price']} after {state['step_count']} steps")
        ws.send(json.dumps({"type": "close"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
