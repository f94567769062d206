import { parseArgs } from "node:util";
import { leaderboardView, sellerLeaderboardView } from "../../boundary/leaderboard-view";
import {
  LeaderboardQuery,
  type LeaderboardResponse,
  type LeaderboardRow,
  SellerLeaderboardQuery,
  type SellerLeaderboardResponse,
  type SellerLeaderboardRow,
} from "../../wire/leaderboard";
import { type CommandIo, failed, processIo, UsageError } from "./command-io";
import { evalRuns } from "./stored-runs";

export const LEADERBOARD_HELP = `bazaar leaderboard — buyers ranked on the task score from stored eval runs

Usage: bazaar leaderboard [--db ./data/eval.db] [--task <id>] [--seller <id@version>] [--engine <version>] [--json]
       bazaar leaderboard --role seller [--db …] [--task <id>] [--buyer <id@version>] [--agent <id@version>] [--engine …] [--json]

The same tables as GET /leaderboard and /web/leaderboard: per task and overall (a buyer's units
pooled over the tasks of one run), mean task score with its 95 % bootstrap CI, the fraction of
the oracle's score where an oracle row measured the same tasks, seeds and sellers, and each row's
provenance. Only finished runs count; where two runs measured exactly the same thing the newer
one stands. --json prints the API's JSON instead.

--role seller ranks seller agents instead (GET /leaderboard?role=seller), from
\`bazaar eval --role seller\` runs: the seller-role task score per task and buyer, and overall.

Examples:
  bazaar leaderboard
  bazaar leaderboard --task single_deal --seller bazaar-default@1
  bazaar leaderboard --db /tmp/eval.db --json
  bazaar leaderboard --role seller --buyer rule-smart@1
`;

const pad = (s: string, n: number): string => (s.length >= n ? s : s + " ".repeat(n - s.length));
const f3 = (x: number): string => x.toFixed(3);

/** A titled text table, each column as wide as its widest cell. */
function textTable(title: string, head: readonly string[], body: readonly string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] as string).length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => pad(c, widths[i] as number))
      .join("  ")
      .trimEnd();
  return [title, line(head), ...body.map(line)].join("\n");
}

const ci = (c: readonly [number, number]): string => `[${f3(c[0])}, ${f3(c[1])}]`;
const idsOf = (pins: Record<string, string>): string =>
  [...new Set(Object.values(pins).flatMap((v) => v.split(",").map((s) => s.split("#")[0])))].join(",");

function table(title: string, rows: readonly LeaderboardRow[], warn: number): string {
  const head = [
    "#",
    "buyer",
    "task",
    "score",
    "95% CI",
    "of oracle",
    "seeds",
    "seller",
    "engine",
    "commit",
    "run",
  ];
  const body = rows.map((r) => [
    String(r.rank),
    r.buyer + (r.parse_error_rate > warn ? " (!)" : ""),
    r.task,
    f3(r.mean_task_score),
    ci(r.task_score_ci95),
    r.fraction_of_oracle === null ? "-" : `${(r.fraction_of_oracle * 100).toFixed(1)}%`,
    String(r.seeds),
    idsOf(r.sellers),
    r.engine_version,
    r.git_commit.slice(0, 10),
    r.run_id,
  ]);
  return textTable(title, head, body);
}

function sellerTable(title: string, rows: readonly SellerLeaderboardRow[], warn: number): string {
  const head = ["#", "agent", "task", "score", "95% CI", "seeds", "buyer", "engine", "commit", "run"];
  const body = rows.map((r) => [
    String(r.rank),
    r.agent + (r.parse_error_rate > warn ? " (!)" : ""),
    r.task,
    f3(r.mean_score),
    ci(r.score_ci95),
    String(r.seeds),
    idsOf(r.buyers),
    r.engine_version,
    r.git_commit.slice(0, 10),
    r.run_id,
  ]);
  return textTable(title, head, body);
}

/** The text `bazaar leaderboard --role seller` prints: what GET /leaderboard?role=seller answers. */
export function formatSellerLeaderboard(v: SellerLeaderboardResponse): string {
  if (v.per_task.length === 0 && v.overall.length === 0)
    return v.runs_considered === 0 ? v.how_to_add : "No stored seller eval run matches these filters.";
  const parts = [sellerTable("Per task and buyer (seller-role task score)", v.per_task, v.parse_error_warn)];
  if (v.overall.length > 0)
    parts.push(sellerTable("Overall (a run's tasks pooled)", v.overall, v.parse_error_warn));
  if ([...v.per_task, ...v.overall].some((r) => r.parse_error_rate > v.parse_error_warn))
    parts.push(
      `(!) more than ${v.parse_error_warn * 100}% of the agent's replies were unusable: the row mostly measures its fallback.`,
    );
  parts.push(`${v.runs_considered} finished seller run(s) considered. Bootstrap 95% CIs over seeds.`);
  return parts.join("\n\n");
}

/** The text `bazaar leaderboard` prints: what GET /leaderboard answers, as tables. */
export function formatLeaderboard(v: LeaderboardResponse): string {
  if (v.per_task.length === 0 && v.overall.length === 0) {
    return v.runs_considered === 0 ? v.how_to_add : "No stored eval run matches these filters.";
  }
  const parts = [table("Per task", v.per_task, v.parse_error_warn)];
  if (v.overall.length > 0)
    parts.push(table("Overall (a run's tasks pooled)", v.overall, v.parse_error_warn));
  const flagged = [...v.per_task, ...v.overall].some((r) => r.parse_error_rate > v.parse_error_warn);
  if (flagged)
    parts.push(
      `(!) more than ${v.parse_error_warn * 100}% of the buyer's replies were unreadable: the row mostly measures the fallback move.`,
    );
  parts.push(`${v.runs_considered} finished run(s) considered. Bootstrap 95% CIs over seeds.`);
  return parts.join("\n\n");
}

export async function leaderboardCommand(argv: string[], io: CommandIo = processIo): Promise<number> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        db: { type: "string", default: "./data/eval.db" },
        role: { type: "string", default: "buyer" },
        task: { type: "string" },
        buyer: { type: "string" },
        agent: { type: "string" },
        seller: { type: "string" },
        engine: { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (values.help) {
      io.out(LEADERBOARD_HELP);
      return 0;
    }
    if (values.role !== "buyer" && values.role !== "seller")
      throw new UsageError(`--role must be buyer or seller, not "${values.role}"`);
    const given = Object.fromEntries(
      (["task", "seller", "buyer", "agent", "engine"] as const)
        .filter((k) => values[k] !== undefined)
        .map((k) => [k, values[k]]),
    );
    const schema = values.role === "seller" ? SellerLeaderboardQuery : LeaderboardQuery;
    const filters = schema.safeParse(given);
    if (!filters.success) {
      const issue = filters.error.issues[0];
      const key = issue?.code === "unrecognized_keys" ? issue.keys[0] : issue?.path[0];
      const why =
        issue?.code === "unrecognized_keys" ? `not a filter of the ${values.role} board` : issue?.message;
      throw new UsageError(`--${String(key ?? "filter")}: ${why ?? "invalid"}`);
    }
    const runs = evalRuns(values.db);
    let text: string;
    if (values.role === "seller") {
      const v = sellerLeaderboardView(runs.finishedSellerRuns(), filters.data as SellerLeaderboardQuery);
      text = values.json ? JSON.stringify(v, null, 2) : formatSellerLeaderboard(v);
    } else {
      const v = leaderboardView(runs.finishedRuns(), filters.data as LeaderboardQuery);
      text = values.json ? JSON.stringify(v, null, 2) : formatLeaderboard(v);
    }
    io.out(`${text}\n`);
    return 0;
  } catch (e) {
    return failed(io, "leaderboard", e);
  }
}
