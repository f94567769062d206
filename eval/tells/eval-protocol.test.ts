import { describe, expect, it } from "vitest";
import { evalProtocol, FULL_FOLDS } from "./eval-protocol";

const shipped = { thresholds: [0.2, 0.3, 0.7, 0.3, 0.35], ruleVeto: [0.1, 0.1, 0.05, 0.05, 0.4] };

describe("the eval protocol and its cheaper proxies", () => {
  it("is the full protocol when nothing is asked for", () => {
    const p = evalProtocol({}, shipped);
    expect(p.folds).toBe(FULL_FOLDS);
    expect(p.fixed).toBeUndefined();
    expect(p.name).not.toContain("PROXY");
  });

  it("fixes the shipped thresholds and vetoes with TELLS_EVAL_FAST=1, and says it is a proxy", () => {
    const p = evalProtocol({ TELLS_EVAL_FAST: "1", TELLS_EVAL_FOLDS: "3" }, shipped);
    expect(p.folds).toBe(3);
    expect(p.fixed).toEqual(shipped);
    expect(p.name).toContain("PROXY");
    expect(p.name).toContain("3-fold");
  });

  it("calls fewer folds a proxy even with thresholds chosen inside each fold", () => {
    const p = evalProtocol({ TELLS_EVAL_FOLDS: "3" }, shipped);
    expect(p.fixed).toBeUndefined();
    expect(p.name).toContain("PROXY");
  });

  it("rejects a fold count it cannot hold out by", () => {
    for (const bad of ["1", "11", "2.5", "x"])
      expect(() => evalProtocol({ TELLS_EVAL_FOLDS: bad }, shipped)).toThrow(/TELLS_EVAL_FOLDS/);
  });

  it("takes another fold placement as the full protocol, named in its title, and rejects a bad one", () => {
    expect(evalProtocol({}, shipped).placement).toBe(0);
    const p = evalProtocol({ TELLS_EVAL_PLACEMENT: "2" }, shipped);
    expect(p.placement).toBe(2);
    expect(p.fixed).toBeUndefined();
    expect(p.name).toBe("family-held-out grouped 5-fold, fold placement 2, message level");
    for (const bad of ["-1", "100", "1.5", "x"])
      expect(() => evalProtocol({ TELLS_EVAL_PLACEMENT: bad }, shipped)).toThrow(/TELLS_EVAL_PLACEMENT/);
  });

  it("trains with another feature set or precision floor when asked, names them, and rejects bad ones", () => {
    expect(evalProtocol({}, shipped).train).toEqual({});
    const p = evalProtocol(
      { TELLS_EVAL_FEATURES: "4", TELLS_EVAL_FLOOR: "0.78", TELLS_EVAL_PLACEMENT: "1" },
      shipped,
    );
    expect(p.train).toEqual({ featureSet: "tells-features/4", precisionFloor: 0.78 });
    expect(p.name).toBe(
      "family-held-out grouped 5-fold, fold placement 1, tells-features/4, precision floor 0.78, message level",
    );
    for (const bad of ["99", "x", "tells-features/5"])
      expect(() => evalProtocol({ TELLS_EVAL_FEATURES: bad }, shipped)).toThrow(/TELLS_EVAL_FEATURES/);
    for (const bad of ["-0.1", "1.5", "x"])
      expect(() => evalProtocol({ TELLS_EVAL_FLOOR: bad }, shipped)).toThrow(/TELLS_EVAL_FLOOR/);
  });
});
