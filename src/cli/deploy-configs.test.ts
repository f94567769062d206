import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMPOSE_HAPROXY, composeHaproxyCfg, DEPLOY_REPLICAS, k8sHaproxyCfg } from "./deploy-configs";
import { haproxyConfig } from "./haproxy-config";

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

/** The haproxy.cfg block of the ConfigMap, un-indented. */
function configMapCfg(yaml: string): string {
  const start = yaml.indexOf("  haproxy.cfg: |\n") + "  haproxy.cfg: |\n".length;
  const end = yaml.indexOf("\n---", start);
  return `${yaml
    .slice(start, end)
    .split("\n")
    .map((l) => l.replace(/^ {4}/, ""))
    .join("\n")}\n`;
}

describe("deployment files", () => {
  it("deploy/haproxy.cfg and the Kubernetes ConfigMap are exactly what the generator writes", () => {
    expect(read("deploy/haproxy.cfg")).toBe(composeHaproxyCfg());
    expect(configMapCfg(read("deploy/k8s/haproxy.yaml"))).toBe(k8sHaproxyCfg());
  });

  it("compose runs one service per replica id in the HAProxy config, each with its own BAZAAR_REPLICA_ID", () => {
    const compose = read("deploy/compose.yaml");
    for (const r of COMPOSE_HAPROXY.replicas) {
      expect(compose).toContain(`  ${r.address.split(":")[0]}:\n`);
      expect(compose).toContain(`BAZAAR_REPLICA_ID: ${r.id}\n`);
    }
    expect(read("deploy/k8s/bazaar.yaml")).toContain(`replicas: ${DEPLOY_REPLICAS} `);
  });

  it("routes a session to the replica named by its id prefix, and checks health on /ready", () => {
    const cfg = haproxyConfig({ bind: ":1", replicas: [{ id: "r7", address: "h:2" }] });
    expect(cfg).toContain("use-server r7 if { var(txn.replica) -m str r7 }");
    expect(cfg).toContain("server r7 h:2");
    expect(cfg).toContain("option httpchk GET /ready");
    expect(cfg).toContain("json_query('$.session_id')");
    expect(cfg).not.toContain("resolvers");
  });
});
