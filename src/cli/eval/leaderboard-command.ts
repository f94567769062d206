import { parseArgs } from "node:util";
import { leaderboardView } from "../../boundary/leaderboard-view";
import { LeaderboardQuery, type LeaderboardResponse, type LeaderboardRow } from "../../wire/leaderboard";
import { type CommandIo, failed, processIo, UsageError } from "./command-io";
import { evalRuns } from "./stored-runs";

export const LEADERBOARD_HELP = `bazaar leaderboard — buyers ranked on the task score from stored eval runs

Usage: bazaar leaderboard [--db ./data/eval.db] [--task <id>] [--seller <id@version>] [--engine <version>] [--json]

The same tables as GET /leaderboard and /web/leaderboard: per task and overall (a buyer's units
pooled over the tasks of one run), mean task score with its 95 % bootstrap CI, the fraction of
the oracle's score where an oracle row measured the same tasks, seeds and sellers, and each row's
provenance. Only finished runs count; where two runs measured exactly the same thing the newer
one stands. --json prints the API's JSON instead.

Examples:
  bazaar leaderboard
  bazaar leaderboard --task single_deal --seller bazaar-default@1
  bazaar leaderboard --db /tmp/eval.db --json
`;

const pad = (s: string, n: number): string => (s.length >= n ? s : s + " ".repeat(n - s.length));
const f3 = (x: number): string => x.toFixed(3);

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
    `[${f3(r.task_score_ci95[0])}, ${f3(r.task_score_ci95[1])}]`,
    r.fraction_of_oracle === null ? "-" : `${(r.fraction_of_oracle * 100).toFixed(1)}%`,
    String(r.seeds),
    [...new Set(Object.values(r.sellers).map((s) => s.split("#")[0]))].join(","),
    r.engine_version,
    r.git_commit.slice(0, 10),
    r.run_id,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] as string).length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => pad(c, widths[i] as number))
      .join("  ")
      .trimEnd();
  return [title, line(head), ...body.map(line)].join("\n");
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
        task: { type: "string" },
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
    const filters = LeaderboardQuery.safeParse({
      ...(values.task !== undefined ? { task: values.task } : {}),
      ...(values.seller !== undefined ? { seller: values.seller } : {}),
      ...(values.engine !== undefined ? { engine: values.engine } : {}),
    });
    if (!filters.success) {
      const issue = filters.error.issues[0];
      throw new UsageError(`--${String(issue?.path[0] ?? "filter")}: ${issue?.message ?? "invalid"}`);
    }
    const view = leaderboardView(evalRuns(values.db).finishedRuns(), filters.data);
    io.out(values.json ? `${JSON.stringify(view, null, 2)}\n` : `${formatLeaderboard(view)}\n`);
    return 0;
  } catch (e) {
    return failed(io, "leaderboard", e);
  }
}
