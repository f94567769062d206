import type { GameReport } from "./game-bars";

const f = (x: number): string => x.toFixed(3);

/** The bars report as markdown: buyer × task score (fraction of oracle, std), correlations, tells CI, bars. */
export function gameMarkdown(r: GameReport): string {
  const buyers = r.tasks[0]?.cells.map((c) => c.buyer) ?? [];
  const out: string[] = [];
  out.push(
    `Game v2 bars — ${r.seeds} seeds per cell, engine ${r.engine_version}, commit ${r.git_commit}`,
    "",
  );
  out.push(`Sellers: ${r.tasks.map((t) => `${t.task} → ${t.seller}`).join("; ")}`, "");
  const fields = r.tasks.filter((t) => t.field !== null);
  if (fields.length > 0)
    out.push(`Rival fields: ${fields.map((t) => `${t.task} → ${t.field}`).join("; ")}`, "");
  out.push("Score (fraction of oracle) ± std across seeds", "");
  out.push(`| buyer | ${r.tasks.map((t) => t.task).join(" | ")} |`);
  out.push(`|---|${r.tasks.map(() => "---").join("|")}|`);
  for (const b of buyers) {
    const cells = r.tasks.map((t) => {
      const c = t.cells.find((x) => x.buyer === b);
      return c === undefined
        ? "–"
        : `${f(c.mean)} (${f(c.fraction_of_oracle)}) ±${f(c.std)}${c.zero_variance ? " ⚠" : ""}`;
    });
    out.push(`| ${b} | ${cells.join(" | ")} |`);
  }
  out.push(
    "",
    "| task | oracle | best scripted | headroom | max one-liner | Spearman(shaped return, score) |",
  );
  out.push("|---|---|---|---|---|---|");
  for (const t of r.tasks)
    out.push(
      `| ${t.task} | ${f(t.oracle)} | ${t.best_scripted.buyer} ${f(t.best_scripted.mean)} | ${f(t.headroom)} | ${f(t.floor_max)} | ${f(t.spearman)} |`,
    );
  if (r.tells.length > 0) {
    out.push("", "| tells task | buyer | tells on | tells off | on − off | paired bootstrap 95 % CI |");
    out.push("|---|---|---|---|---|---|");
    for (const t of r.tells)
      out.push(
        `| ${t.task} | ${t.buyer} | ${f(t.tells_on)} | ${f(t.tells_off)} | ${f(t.diff)} | [${f(t.ci[0])}, ${f(t.ci[1])}] |`,
      );
  }
  if (r.market.length > 0) {
    out.push(
      "",
      "| market task | buyer | reading the market | ignoring it | difference | paired bootstrap 95 % CI |",
    );
    out.push("|---|---|---|---|---|---|");
    for (const t of r.market)
      out.push(
        `| ${t.task} | ${t.buyer} | ${f(t.reading)} | ${f(t.ignoring)} | ${f(t.diff)} | [${f(t.ci[0])}, ${f(t.ci[1])}] |`,
      );
  }
  out.push("", "| bar | value | pass |", "|---|---|---|");
  for (const [k, v] of Object.entries(r.bars)) out.push(`| ${k} | ${v.value} | ${v.pass ? "yes" : "NO"} |`);
  return out.join("\n");
}
