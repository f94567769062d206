import { createHash } from "node:crypto";
import { readCuesWithModel } from "../../../env/tells/model-cues";
import type { TellsModel } from "../../../env/tells/tells-model";
import { loadCorpus } from "../corpus/corpus-row";

/**
 * The 47 families of the corpus when tells-model@4 shipped (commit 0ed7161). A released
 * model's readings are pinned over their rows only, in corpus order, so that new families
 * (appended by later passes) and label fixes (which leave texts alone) keep the digests valid:
 * what is pinned is the model, not the corpus.
 */
export const FROZEN_FAMILIES: readonly string[] = [
  "bazaar_en",
  "olx_en",
  "craigslist_us",
  "ecommerce_formal",
  "bazaar_hinglish",
  "olx_hinglish",
  "whatsapp",
  "hindi_shop",
  "hindi_chat",
  "code_mixed",
  "indian_english_idioms",
  "llm_seller_en",
  "llm_seller_hinglish",
  "auto_dealer_hinglish",
  "reseller_en",
  "hindi_listing",
  "bookseller_en",
  "electronics_market_hinglish",
  "furniture_chat_devanagari",
  "electronics_resale_en",
  "vegetable_cart_hinglish",
  "instagram_shop_dm",
  "customer_care_formal",
  "elderly_seller_devanagari",
  "hard_sell_hawker",
  "move_out_sale_mixed",
  "handicraft_stall_en",
  "sneaker_resale_genz_en",
  "uk_marketplace_en",
  "cattle_fair_devanagari",
  "saree_shop_hinglish",
  "phone_repair_counter_chat",
  "llm_seller_markdown_en",
  "llm_seller_devanagari",
  "south_indian_english",
  "antique_dealer_en",
  "wholesale_trader_mixed",
  "sarcastic_seller_en",
  "hand_en",
  "hand_hinglish",
  "hand_devanagari",
  "hand2_en",
  "hand2_hinglish",
  "untouched3_en",
  "untouched3_hinglish",
  "untouched3_devanagari",
  "untouched3_mixed",
];

/** sha256 over the model's reading of every frozen-family row, and how many rows it read. */
export function frozenReadingsDigest(model: TellsModel): { rows: number; sha256: string } {
  const keep = new Set(FROZEN_FAMILIES);
  const rows = loadCorpus().filter((r) => keep.has(r.family));
  const h = createHash("sha256");
  for (const r of rows) h.update(JSON.stringify(readCuesWithModel(model, r.text)));
  return { rows: rows.length, sha256: h.digest("hex") };
}
