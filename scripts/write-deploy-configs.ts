/**
 * Regenerate deploy/haproxy.cfg and deploy/k8s/haproxy.yaml's ConfigMap from
 * src/cli/deploy-configs.ts (tsx scripts/write-deploy-configs.ts); a test checks they match.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { composeHaproxyCfg, k8sHaproxyCfg } from "../src/cli/deploy-configs";

const root = new URL("..", import.meta.url).pathname;
writeFileSync(`${root}deploy/haproxy.cfg`, composeHaproxyCfg());
const path = `${root}deploy/k8s/haproxy.yaml`;
const yaml = readFileSync(path, "utf8");
const head = "  haproxy.cfg: |\n";
const start = yaml.indexOf(head) + head.length;
const end = yaml.indexOf("\n---", start);
const block = k8sHaproxyCfg()
  .trimEnd()
  .split("\n")
  .map((l) => (l === "" ? "" : `    ${l}`))
  .join("\n");
writeFileSync(path, `${yaml.slice(0, start)}${block}${yaml.slice(end)}`);
