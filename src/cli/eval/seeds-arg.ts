/** "1..30", "1,2,5", "1..5,9,20..22" → sorted unique non-negative integers. */
export function parseSeeds(text: string): number[] {
  const out = new Set<number>();
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "")) {
    const range = /^(\d+)\.\.(\d+)$/.exec(part);
    if (range) {
      const lo = Number(range[1]);
      const hi = Number(range[2]);
      if (hi < lo) throw new Error(`seed range "${part}" runs backwards`);
      if (hi - lo > 100_000) throw new Error(`seed range "${part}" is too large`);
      for (let s = lo; s <= hi; s++) out.add(s);
    } else if (/^\d+$/.test(part)) {
      out.add(Number(part));
    } else {
      throw new Error(`bad seed "${part}": use 1..30, 1,2,5 or a mix`);
    }
  }
  if (out.size === 0) throw new Error("no seeds given");
  return [...out].sort((a, b) => a - b);
}
