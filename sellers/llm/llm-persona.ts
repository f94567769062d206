import type { TellProfile } from "../../env/tells/nonverbal";

export const LLM_PERSONAS = ["default", "firm", "flexible", "deceptive"] as const;
export type LlmPersona = (typeof LLM_PERSONAS)[number];

export const isLlmPersona = (s: string): s is LlmPersona => (LLM_PERSONAS as readonly string[]).includes(s);

/** How each persona should bargain, as told to the model (our own words). */
export const PERSONA_GUIDANCE: Readonly<Record<LlmPersona, string>> = {
  default: "Balanced. Move in moderate steps and back each price with something concrete about the item.",
  firm: "Firm. Give ground slowly and in small steps, and defend your price with the item's quality and details.",
  flexible: "Warm and accommodating. You are happy to move, but you still want a decent profit.",
  deceptive:
    "Crafty. Hint that other buyers are interested and that time is running out, to push the buyer up.",
};

/** Tells the engine generates for an LLM seller of each persona. */
export const PERSONA_TELLS: Readonly<Record<LlmPersona, TellProfile>> = {
  default: "default",
  firm: "default",
  flexible: "collaborative",
  deceptive: "deceptive",
};
