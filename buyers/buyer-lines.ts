import { formatRupees } from "../env/money";
import type { Rng } from "../env/prng";
import type { BuyerDecision } from "./steering";

export type LineBucket = "offer_low" | "offer_mid" | "offer_high" | "accept" | "walk";
export type Register = "polite" | "soft" | "firm" | "curt" | "final";

/** Short mixed Hindi/English buyer lines (REFERENCE §8.6 sizes); `{price}` becomes "₹1,099". */
export const BUYER_LINES: Readonly<Record<LineBucket, Readonly<Record<Register, readonly string[]>>>> = {
  offer_low: {
    polite: [
      "Bhaiya, thoda samjhiye — {price} tak hi budget hai mera.",
      "Bura mat maaniye, par {price} se shuru karte hain?",
      "Sir, market mein yahi cheez kam mein dikhi thi, {price} chalega?",
    ],
    soft: [
      "{price} mein de do na, regular customer ban jaunga.",
      "Itna zyada? {price} theek rahega, sochiye.",
      "Dekho bhai, {price} fair lagta hai mujhe.",
    ],
    firm: [
      "{price} — isse zyada ka budget nahi hai.",
      "Online yahi {price} ke aas-paas mil raha hai, bhai.",
      "Mera max {price} hai, seedhi baat.",
      "{price} pe baat karo toh aage badhein.",
    ],
    curt: ["{price}. Bas.", "{price}, aur kuch nahi."],
    final: ["Aakhri baar bol raha hoon: {price}.", "{price} mein karna hai toh bolo, warna chalta hoon."],
  },
  offer_mid: {
    polite: [
      "Chaliye beech ka rasta nikalte hain — {price}?",
      "Aapki baat bhi sahi, meri bhi — {price} kar lete hain?",
    ],
    soft: [
      "{price} pe lock karein? Dono khush.",
      "Thoda aap aao, thoda main — {price}.",
      "{price} mein done karte hain, kya kehte ho?",
    ],
    firm: [
      "{price} fair hai dono ke liye.",
      "Main {price} tak aa gaya, ab aap bhi aao.",
      "{price} — is se achha offer nahi milega.",
    ],
    curt: ["{price}, lock karo.", "{price}. Done?"],
    final: ["{price} final, haath milao.", "Last offer {price}, bolo haan ya na."],
  },
  offer_high: {
    polite: [
      "Aap reasonable ho, isliye {price} tak khinch raha hoon.",
      "Aapke liye stretch karke {price} de sakta hoon.",
    ],
    soft: ["Theek hai, {price} — ab aur mat kheencho.", "{price} tak aa gaya, bas itna hi."],
    firm: ["{price} meri limit hai, sach mein.", "Isse upar nahi jaunga: {price}."],
    curt: ["{price}. Limit hai.", "Max {price}."],
    final: ["{price}, yeh mera aakhri number hai.", "{price} pe done karo, warna rehne do."],
  },
  accept: {
    polite: ["Theek hai bhaiya, deal pakki.", "Chaliye, aapki baat maan li. Done."],
    soft: ["Okay, chalega. Le lete hain.", "Haan theek hai, pack kar do."],
    firm: ["Done. Deal.", "Pakka, le raha hoon.", "Sahi hai, deal."],
    curt: ["Done.", "Okay, deal."],
    final: ["Chalo, final — deal.", "Theek hai, yahin band karte hain."],
  },
  walk: {
    polite: [
      "Maaf kijiye, is baar nahi ho payega. Shukriya!",
      "Aapka time liya, thank you — par main pass karunga.",
    ],
    soft: ["Gap bahut bada hai, rehne do bhai.", "Nahi jamega, kahin aur dekhta hoon."],
    firm: ["Itne mein nahi lunga. Chalta hoon.", "Budget se bahar hai, sorry."],
    curt: ["Pass.", "Nahi, chhodo."],
    final: ["Bas, yahin khatam karte hain. Alvida.", "Nahi ho payega, namaste."],
  },
};

const REGISTERS: readonly Register[] = ["polite", "soft", "firm", "curt", "final"];

/** Offer bucket by how far the price is from the ask; no ask means the price itself is the ask. */
export function lineBucket(d: BuyerDecision, ask: number | null): LineBucket {
  if (d.type !== "offer") return d.type;
  const price = d.price ?? 0;
  const a = ask ?? price;
  if (a <= 0) return "offer_mid";
  const ratio = price / a;
  return ratio < 0.55 ? "offer_low" : ratio < 0.8 ? "offer_mid" : "offer_high";
}

/** Early turns are polite or soft, the middle firm or soft, the end curt or final. */
export function registerChoices(turnIndex: number, maxTurns: number): readonly [Register, Register] {
  const progress = turnIndex / Math.max(1, maxTurns);
  if (progress < 0.25) return ["polite", "soft"];
  if (progress < 0.65) return ["firm", "soft"];
  return ["curt", "final"];
}

/**
 * One buyer line for a decision (REFERENCE §8.6). Draws from `rng`: the register, then the
 * line. With `used` (templates or rendered lines already said), unused lines of the
 * register come first, then unused lines of the whole bucket, then the register again.
 * Offers always name their price (whole rupees, `formatRupees`).
 */
export function renderBuyerLine(
  d: BuyerDecision,
  ctx: { ask: number | null; turnIndex: number; maxTurns: number; rng: Rng; used?: ReadonlySet<string> },
): string {
  if (d.type === "offer" && (d.price === null || !Number.isFinite(d.price))) {
    throw new RangeError("an offer line needs a finite price");
  }
  const bank = BUYER_LINES[lineBucket(d, ctx.ask)];
  const register = ctx.rng.pick(registerChoices(ctx.turnIndex, ctx.maxTurns));
  const fill = (template: string): string =>
    d.price === null ? template : template.replaceAll("{price}", formatRupees(d.price));
  const used = ctx.used;
  const fresh = (t: string): boolean => used === undefined || !(used.has(t) || used.has(fill(t)));
  const inRegister = bank[register];
  let pool: readonly string[] = inRegister.filter(fresh);
  if (pool.length === 0) pool = REGISTERS.flatMap((r) => bank[r]).filter(fresh);
  if (pool.length === 0) pool = inRegister;
  return fill(ctx.rng.pick(pool));
}
