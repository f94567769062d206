import { describe, expect, it } from "vitest";
import { DEFAULT_CONFIG, loadConfig } from "../../config/config";
import { replicaEnv, replicaPlans, replicasProblem } from "./replica-argv";

const PG = "postgres://bazaar:pw@db:5432/bazaar";

describe("replica arguments", () => {
  it("each replica gets the user's flags minus the supervisor's, its id and a loopback port; the database goes in the environment", () => {
    const args = [
      "--replicas",
      "2",
      "--port=9000",
      "--host",
      "0.0.0.0",
      "--db",
      PG,
      "--drain-grace",
      "2",
      "--lease-ttl=5",
    ];
    const config = loadConfig(args, {});
    const plans = replicaPlans(args, config, [41001, 41002]);
    expect(plans).toEqual([
      {
        id: "r1",
        port: 41001,
        argv: [
          "--host",
          "127.0.0.1",
          "--port",
          "41001",
          "--replica-id",
          "r1",
          "--drain-grace",
          "2",
          "--lease-ttl=5",
        ],
      },
      {
        id: "r2",
        port: 41002,
        argv: [
          "--host",
          "127.0.0.1",
          "--port",
          "41002",
          "--replica-id",
          "r2",
          "--drain-grace",
          "2",
          "--lease-ttl=5",
        ],
      },
    ]);
    // Each replica's own config parses, with the database from its environment.
    const env = replicaEnv({ BAZAAR_REPLICAS: "2", PATH: "/bin" }, config);
    expect(env).toEqual({ BAZAAR_DB: PG, PATH: "/bin", BAZAAR_SUPERVISOR_PIPE: "1" });
    const child = loadConfig(plans[0]?.argv ?? [], env);
    expect(child).toMatchObject({ db: PG, replicaId: "r1", replicas: null, port: 41001, leaseTtlS: 5 });
  });

  it("needs Postgres and no --replica-id", () => {
    expect(replicasProblem({ ...DEFAULT_CONFIG, replicas: 2 })).toContain("--replicas needs Postgres");
    expect(replicasProblem({ ...DEFAULT_CONFIG, replicas: 2, db: PG, replicaId: "r1" })).toContain(
      "drop --replica-id",
    );
    expect(replicasProblem({ ...DEFAULT_CONFIG, replicas: 2, db: PG })).toBeNull();
    expect(() => replicaPlans([], { ...DEFAULT_CONFIG, replicas: 2 }, [1, 2])).toThrow(/needs Postgres/);
  });
});
