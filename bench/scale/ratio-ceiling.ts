/**
 * The most "2 replicas ÷ 1 replica" can be on a box, from what one step costs each part.
 *
 * A replica is one Node thread, so alone it serves at most 1/r steps per second (r: its CPU
 * seconds per step). Everything else a step needs — Postgres, the balancer, the load client —
 * costs s more on the same cores, so no number of replicas serves more than C/(r+s) on C cores.
 * Between those two roofs the ratio is C·r/(r+s): on two cores it reaches 1.3 only while
 * s ≤ 0.54·r, and when s ≥ r the box is full before one replica is, so the ratio cannot pass 1.0
 * however the replicas themselves are built.
 *
 * It is an upper bound: it assumes a step costs each part the same with two replicas as with one,
 * and measured costs rise when two replicas share two cores (smaller commit groups, more switches).
 */
export interface StepCosts {
  /** Cores the box gives busy processes side by side (box-ceiling.ts: ~2.0 on two idle cores). */
  cores: number;
  /** CPU seconds one step costs the replica serving it. */
  replica: number;
  /** CPU seconds one step costs everything else on the box (database, balancer, load client). */
  others: number;
}

export function ratioCeiling({ cores, replica, others }: StepCosts): number {
  if (!(cores > 0 && replica > 0 && others >= 0)) return Number.NaN;
  const roof = cores / (replica + others);
  const one = Math.min(1 / replica, roof);
  const two = Math.min(2 / replica, roof);
  return two / one;
}
