import { REDONE_ON_REQUEST, RELEASED_TRAININGS, retrain } from "./released-trainings";

/**
 * `npm run test:released [-- --all]`: retrains the released tells models `npm test` leaves out
 * (each shares its training options with a release npm test redoes; released-trainings.ts), or
 * with --all every released model, and checks each file comes out byte for byte as it shipped.
 * Minutes of CPU, which is why it is a suite of its own. One line per model, then JSON; exit 1
 * on any difference.
 */
const all = process.argv.includes("--all");
const trainings = all ? RELEASED_TRAININGS : REDONE_ON_REQUEST;
const failed: string[] = [];
const redone: string[] = [];
for (const t of trainings) {
  const started = Date.now();
  const { rows, files } = retrain(t);
  for (const f of files) {
    const same = rows === t.rows && f.now === f.shipped;
    redone.push(f.version);
    if (!same) failed.push(f.version);
    const why = rows === t.rows ? "file differs" : `read ${rows} rows, shipped from ${t.rows}`;
    console.log(`${same ? "ok" : "not ok"} - ${f.version} from ${rows} rows${same ? "" : `: ${why}`}`);
  }
  console.log(`  (${t.names}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log(JSON.stringify({ ok: failed.length === 0, all, redone, failed }));
process.exitCode = failed.length === 0 ? 0 : 1;
