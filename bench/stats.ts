/** Order statistics for bench figures (medians of interleaved runs, tail latencies). */
export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.floor((s.length - 1) / 2)] as number);
};
export const p99 = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.min(s.length - 1, Math.floor(0.99 * s.length))] as number);
};
export const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;
