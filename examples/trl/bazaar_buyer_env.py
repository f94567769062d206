"""A TRL `environment_factory` adapter: the buyer side of BazaarBATNA as tool calls.

Use with TRL's GRPO trainer (experimental `environment_factory`, transformers >= 5.2)::

    from datasets import Dataset
    from trl import GRPOConfig, GRPOTrainer
    from bazaar_buyer_env import BazaarBuyerEnv

    rows = [{"prompt": [{"role": "user", "content": "Buy the item for as little as you can."}],
             "seed": s, "task_id": "single_deal@3"} for s in range(256)]
    trainer = GRPOTrainer(model=..., train_dataset=Dataset.from_list(rows),
                          environment_factory=BazaarBuyerEnv,
                          args=GRPOConfig(max_completion_length=2048))

Put `seed` and `task_id` in the dataset: GRPO repeats each row `num_generations` times, and the
same seed gives every member of the group the same seller, so they differ only by their moves.
Use the current game's tasks (`single_deal@3`, `read_the_tells@3`, ...; `@2` is the same game as
first released, against a seller whose words could mark its floor): each seed draws its own economics
and a hidden seller type, and the sellers answer the buyer's moves (docs/game.md). A bare
`single_deal` is the frozen v1 task, kept so old numbers reproduce.

Settings come from the environment because TRL builds instances with no arguments:
BAZAAR_URL (default http://localhost:8000), BAZAAR_TASK (used when a row has no task_id;
default single_deal@3) and BAZAAR_REWARD_MODE (default "terminal"). On v2/v3 tasks both modes
return the task score over an episode: "terminal" pays it at the end, "shaped" credits each
seller concession on the way (potential-based, so the best policy is unchanged) and settles at
the end. `get_reward` returns the episode's summed reward, i.e. the score, in either mode.
"""

import math
import os
import time

import requests

BASE_URL = os.environ.get("BAZAAR_URL", "http://localhost:8000").rstrip("/")
REWARD_MODE = os.environ.get("BAZAAR_REWARD_MODE", "terminal")
DEFAULT_TASK = os.environ.get("BAZAAR_TASK", "single_deal@3")
CAPACITY_RETRIES = 5

_http = requests.Session()


class BazaarBuyerEnv:
    """One pooled buyer seat. TRL reuses instances across rollouts, so every reset starts clean."""

    def __init__(self):
        self.base_url = BASE_URL
        self.session_id = None
        self.done = False
        self.episode_return = 0.0
        self.reward = 0.0
        self._last_ask = None

    def reset(self, seed=None, task_id=None, **kwargs) -> str:
        """Start a negotiation; TRL passes the dataset row (including `prompt`) as kwargs."""
        self._close()
        body = {"reward_mode": REWARD_MODE, "task_id": task_id or DEFAULT_TASK}
        if seed is not None:
            body["seed"] = int(seed)
        for attempt in range(CAPACITY_RETRIES):
            res = _http.post(f"{self.base_url}/reset", json=body, timeout=60)
            if res.status_code != 503:
                break
            time.sleep(float(res.headers.get("Retry-After", 2 ** attempt)))
        data = self._checked(res)
        self.session_id = data["session_id"]
        self.done = False
        self.reward = 0.0
        self.episode_return = 0.0
        obs = data["observation"]
        self._last_ask = obs["opponent_last_offer"] or obs["seller_asking_price"]
        # TRL appends this string directly to the last user message, hence the leading blank line.
        return (
            "\n\nYou are the buyer in a bargaining game.\n"
            f"Item: {obs['item_name']}. Your private budget: {obs['own_private_budget']}. "
            f"You have {obs['max_rounds']} rounds.\n"
            f"The seller opens: {obs['message']}\n"
            "Make an offer with `offer`, take the seller's current price with `accept`, "
            "or end without a deal with `walk_away`. Pay as little as you can, never above budget."
        )

    def offer(self, price: float, message: str) -> str:
        """Offer the seller a price.

        Args:
            price: Your offer in the listing's currency.
            message: What you say to the seller alongside the offer.

        Returns:
            The seller's reply and the negotiation status.
        """
        price = float(price)
        if not math.isfinite(price):
            raise ValueError("The price must be a finite number.")
        return self._act({"type": "offer", "price": price, "message": message})

    def accept(self) -> str:
        """Accept the seller's current asking price and close the deal.

        Returns:
            The confirmation and the final status.
        """
        if self._last_ask is None:
            raise ValueError("There is no asking price to accept yet.")
        return self._act({"type": "accept"})

    def walk_away(self) -> str:
        """End the negotiation without a deal.

        Returns:
            The final status.
        """
        return self._act({"type": "walk"})

    def get_reward(self) -> float:
        """The episode's summed reward (its score on v2 tasks); the score so far when it never finished."""
        if not self.done and self.session_id is not None:
            res = _http.get(f"{self.base_url}/score", params={"session_id": self.session_id}, timeout=30)
            if res.status_code == 200:
                return float(res.json()["score"])
            return 0.0
        return float(self.episode_return)

    def _act(self, action: dict) -> str:
        if self.session_id is None:
            raise ValueError("No negotiation is running; it must be reset first.")
        if self.done:
            raise ValueError("The negotiation is over.")
        data = self._checked(
            _http.post(f"{self.base_url}/step", json={"session_id": self.session_id, "action": action}, timeout=60)
        )
        self.done = bool(data["done"])
        self.reward = float(data["reward"])
        self.episode_return += self.reward
        obs = data["observation"]
        self._last_ask = obs["opponent_last_offer"] or obs["seller_asking_price"]
        violations = data["info"].get("violations", [])
        if violations:
            raise ValueError(f"{obs['message']} (rule broken: {', '.join(violations)})")
        status = f"Round {obs['current_round']}/{obs['max_rounds']}; the seller asks {self._last_ask}."
        if self.done:
            outcome = obs["deal_outcome"]
            closed = f"deal at {obs['agreed_price']}" if outcome == "deal" else f"no deal ({outcome})"
            status += f" The negotiation is over: {closed}."
        return f"{obs['message']}\n{status}"

    def _checked(self, res) -> dict:
        if res.status_code == 200:
            return res.json()
        try:
            body = res.json()
            err = body["error"]
        except (ValueError, KeyError):
            raise ValueError(f"HTTP {res.status_code}: {res.text}") from None
        if res.status_code == 422 and isinstance(body.get("detail"), list):
            issues = "; ".join(f"{'.'.join(map(str, d['loc']))}: {d['msg']}" for d in body["detail"])
            raise ValueError(f"Invalid action: {issues}")
        if err.get("code") == "EPISODE_DONE":
            self.done = True
            raise ValueError("The negotiation is over.")
        raise ValueError(err.get("message", res.text))

    def _close(self):
        if self.session_id is not None:
            try:
                _http.post(f"{self.base_url}/close", json={"session_id": self.session_id}, timeout=10)
            except requests.RequestException:
                pass
        self.session_id = None
