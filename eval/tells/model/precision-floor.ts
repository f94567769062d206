/**
 * Among candidates in order, the one whose predictions have the best F1 among those whose
 * precision reaches the floor; the best F1 overall when none does. Ties keep the first.
 * `predicted(c, i)` says whether candidate c calls item i positive.
 */
export function bestUnderPrecisionFloor<C>(
  candidates: readonly C[],
  gold: readonly boolean[],
  predicted: (c: C, i: number) => boolean,
  floor: number,
): C {
  let best: { f1: number; c: C } | undefined;
  let floored: { f1: number; c: C } | undefined;
  for (const c of candidates) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    gold.forEach((g, i) => {
      const yes = predicted(c, i);
      if (yes && g) tp++;
      else if (yes) fp++;
      else if (g) fn++;
    });
    const f1 = tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
    const precision = tp === 0 ? 0 : tp / (tp + fp);
    if (best === undefined || f1 > best.f1) best = { f1, c };
    if (precision >= floor && (floored === undefined || f1 > floored.f1)) floored = { f1, c };
  }
  const chosen = floored ?? best;
  if (chosen === undefined) throw new Error("no candidates to choose from");
  return chosen.c;
}
