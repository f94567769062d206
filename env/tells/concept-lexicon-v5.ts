import { CONCEPT_WORDS_V4 } from "./concept-lexicon-v4";

/**
 * The concept lexicon of feature set tells-features/5 (tells-model@5): the frozen v4 lexicon
 * (concept-lexicon-v4.ts) with word lists cut out or added, written from general knowledge of
 * how sellers talk, each about an idea that carries across voices:
 * - REPAIR: what the item needs done ("needs a new battery", "badalni padegi", "gas bharwani
 *   hai", "screen replace karwani hai", "needs adjusting"). The repair words leave WEAR
 *   (where "replace" and "repair" sat among scratches and dents) and open the condition gate.
 * - WARRANTY: the warranty words leave PAPERS (bills, chargers, RC, which stay logistics) and
 *   open the condition gate too: "warranty baaki hai" is about the item's state.
 * - DEMAND: demand told as speed of sale ("these go fast", "haath-o-haath bik jaata hai",
 *   "flying off the shelves", "uth jaata hai"). With NOW as a pair ("go … fast") it can lean
 *   to deception, where the labelling rules put it, instead of to urgency.
 * - RARITY and FIND: scarcity told as a fact about the market ("almost never come up",
 *   "milta hi nahi", "hard to find", "मिलना मुश्किल"): how seldom (RARITY) and the verb of
 *   finding or turning up (FIND), so the pair carries what neither word does alone.
 * - FIRST: the race among buyers ("first come first served", "pehle aao pehle pao"),
 *   urgency with no clock word.
 * - REDUCE gains the inflections it lacked ("negotiating", "bargaining", "lowering").
 * - ARRIVED: fresh stock ("abhi abhi aaya", "just restocked", "new arrivals"): "now" next to
 *   an arrival verb is recency, not pressure.
 * The gate's concepts must sit below the 31st (the clause mask is 32 bits), so the order is
 * v4's with GREET, QUESTION, TIME and CONSEQUENCE moved after REPAIR and WARRANTY; a model
 * of this set only ever reads with this order.
 */
const REPAIR_WORDS =
  "repair repairs repaired repairing repairable replace replaced replacement replacing badalni badalna badalne badalwani badalwana badalwa badalvana बदलनी बदलना बदलने बदलवानी बदलवाना बदलवा marammat मरम्मत रिपेयर overhaul overhauling servicing mechanic mistri मिस्त्री adjusting adjustment alignment tuning bharwani bharwana bharvani भरवानी भरवाना lagwani lagwana lagvani लगवानी लगवाना karwani karvani करवानी regas refill recharge rewiring rewire reupholster resole welding soldering fixing fixable mend mending needs";

const WARRANTY_WORDS = "warranty waranty warrenty guarantee gaaranti garanti गारंटी वारंटी applecare";

const warrantyOnly = new Set(WARRANTY_WORDS.split(" "));
const repairOnly = new Set(REPAIR_WORDS.split(" "));

const without = (list: string, drop: ReadonlySet<string>): string =>
  list
    .split(" ")
    .filter((w) => !drop.has(w))
    .join(" ");

const MOVED_LATER = ["GREET", "QUESTION", "TIME", "CONSEQUENCE"];

const v4 = CONCEPT_WORDS_V4 as Readonly<Record<string, string>>;
const early = Object.fromEntries(Object.entries(v4).filter(([name]) => !MOVED_LATER.includes(name)));
const later = Object.fromEntries(MOVED_LATER.map((name) => [name, v4[name] as string]));

export const CONCEPT_WORDS_V5: Readonly<Record<string, string>> = {
  ...early,
  WEAR: without(v4.WEAR as string, repairOnly),
  REDUCE: `${v4.REDUCE as string} negotiating negotiations bargaining haggled lowering lowered reduction reductions`,
  PAPERS: without(v4.PAPERS as string, warrantyOnly),
  REPAIR: REPAIR_WORDS,
  WARRANTY: WARRANTY_WORDS,
  ...later,
  DEMAND:
    "demand demanded popular popularity hot hotcakes bestseller bestselling trending viral craze rage favourite favorite fastmoving hathon haathon haatho hathohath snapped snap grabbed grab flying flies fly go goes went gone uth utha uthta uthti uthte uth bik bika biki bikta bikti bikte bikega bikjata बिक बिका बिकी बिकता बिकती बिकते बिकेगा हाथों हाथ उठ उठता उठती डिमांड माँग मांग लोकप्रिय sellout sellouts",
  RARITY:
    "hardly seldom rarely rare never barely almost mushkil muskil mushkl kathin difficult hard tough impossible scarce nayab durlabh मुश्किल कठिन दुर्लभ नायाब असंभव kabhi kabhar कभी शायद",
  FIND: "find finding found finds come comes came turn turns turned surface surfaces appear appears available availability milta milti milte milna milega milegi milenge mile मिलता मिलती मिलते मिलना मिलेगा मिलेगी मिलेंगे मिले aata aati aate आता आती आते",
  FIRST:
    "first firstcome pehle pehla pehli pahle pahla pahli पहले पहला पहली whoever whichever whoevers served serve",
  ARRIVED:
    "arrived arrival arrivals arriving restocked restock landed incoming shipment consignment aaya aayi aaye aya ayi aye aai आया आई आए आये आयी recently recent newly freshly haal हाल",
};
