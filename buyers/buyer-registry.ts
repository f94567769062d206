import type { ChatModel } from "../env/chat-model";
import type { BuyerPolicy } from "./buyer-policy";
import { careerSmartBuyer } from "./career-buyer";
import { expectedValueBuyer } from "./expected-value-buyer";
import { type BuyerSampling, llmBuyer } from "./llm-buyer";
import { DEFAULT_PARAMS, paramBuyer, TELLS_READER_PARAMS } from "./param-buyer";
import { RULE_NAMES, type RuleName, ruleBuyer } from "./rule-buyers";
import { STRATEGY_NAMES, type StrategyName, strategyBuyer } from "./strategy-buyers";
import { TIME_BUYERS, type TimeBuyerName, timeBuyer } from "./time-based-buyers";

/**
 * Buyer specs the CLI accepts. Code buyers are built here; model buyers need a ChatModel,
 * which the shell builds from the spec (the domain never opens network connections).
 */
export const CODE_BUYER_SPECS: readonly string[] = [
  ...RULE_NAMES.flatMap((n) => [`rule:${n}`, `rule:${n}-legacy`]),
  ...Object.keys(TIME_BUYERS).map((n) => `time:${n}`),
  "ev:floor-model",
  ...STRATEGY_NAMES.map((n) => `strategy:${n}`),
  "param:default",
  "param:tells-reader",
  "career:smart",
];

export interface BuyerFactoryDeps {
  /** Builds the model for "ollama:<tag>" or "hf:<model|url>" (without a "+steer" suffix). */
  chatModel?: (modelSpec: string) => ChatModel;
  sampling?: Partial<BuyerSampling>;
  timeoutMs?: number;
}

export class UnknownBuyerError extends Error {
  constructor(readonly spec: string) {
    super(
      `Unknown buyer "${spec}". Code buyers: ${CODE_BUYER_SPECS.join(", ")}; ` +
        'model buyers: "ollama:<tag>", "hf:<model or endpoint url>" (append "+steer" for tell steering).',
    );
    this.name = "UnknownBuyerError";
  }
}

export const isModelSpec = (spec: string): boolean => /^(ollama|hf):/.test(spec.trim());

export function buyerFromSpec(spec: string, deps: BuyerFactoryDeps = {}): BuyerPolicy {
  const s = spec.trim();
  if (s.startsWith("rule:")) {
    const name = s.slice(5);
    const legacy = name.endsWith("-legacy");
    const base = (legacy ? name.slice(0, -7) : name) as RuleName;
    if (!RULE_NAMES.includes(base)) throw new UnknownBuyerError(spec);
    return ruleBuyer(base, { legacy });
  }
  if (s.startsWith("time:")) {
    const name = s.slice(5);
    if (!(name in TIME_BUYERS)) throw new UnknownBuyerError(spec);
    return timeBuyer(name as TimeBuyerName);
  }
  if (s === "ev" || s === "ev:floor-model") return expectedValueBuyer();
  if (s.startsWith("strategy:")) {
    const name = s.slice(9) as StrategyName;
    if (!STRATEGY_NAMES.includes(name)) throw new UnknownBuyerError(spec);
    return strategyBuyer(name);
  }
  if (s === "career:smart") return careerSmartBuyer();
  if (s === "param:default") return paramBuyer(DEFAULT_PARAMS, { id: s });
  if (s === "param:tells-reader") return paramBuyer(TELLS_READER_PARAMS, { id: s });
  if (isModelSpec(s)) {
    if (deps.chatModel === undefined) throw new UnknownBuyerError(spec);
    const steering = s.endsWith("+steer");
    const modelSpec = steering ? s.slice(0, -6) : s;
    return llmBuyer({
      model: deps.chatModel(modelSpec),
      steering,
      id: s,
      ...(deps.sampling ? { sampling: deps.sampling } : {}),
      ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
    });
  }
  throw new UnknownBuyerError(spec);
}
