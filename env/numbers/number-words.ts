/**
 * Words that spell numbers, in English and in the romanised Hindi that bazaar talk mixes in
 * ("ikattis", "saade teen sau", "dhai hazaar"). Spellings vary, so each number lists the common
 * ones. A false hit costs little: a word only matters when its value sits on a hidden price.
 */
export type NumberWord =
  /** A count; `precision` is the step it is written to ("dhai" = 2.5 is written to halves). */
  | { kind: "count"; value: number; precision: number; tens: boolean; digit: boolean }
  | { kind: "hundred" }
  | { kind: "scale"; value: number }
  /** Hindi fraction prefixes: saade +½, sava +¼, paune −¼ of what follows. */
  | { kind: "adjust"; value: number };

export const ENGLISH_UNITS: readonly string[] = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
export const ENGLISH_TENS: readonly string[] = [
  "twenty",
  "thirty",
  "forty",
  "fifty",
  "sixty",
  "seventy",
  "eighty",
  "ninety",
];

// Hindi 1–99, index = value; "/" separates spellings. Hindi numbers are not built from tens and
// units in speech, so every one is its own word.
export const HINDI: readonly string[] = [
  "",
  "ek",
  "do",
  "teen",
  "char/chaar",
  "paanch/panch/paach",
  "chhe/chhah/chheh/chah",
  "saat/sat",
  "aath/aat",
  "nau/nao",
  "das/dus",
  "gyarah/gyaarah/gyara",
  "barah/baarah/bara",
  "terah/tera",
  "chaudah/chauda",
  "pandrah/pandra",
  "solah/sola",
  "satrah/satra",
  "atharah/attharah/athara",
  "unnis/unees",
  "bees/bis",
  "ikkis/ikkees",
  "bais/baees",
  "teis/teyis",
  "chaubis/chaubees",
  "pachis/pachchis/pachees",
  "chhabbis/chabbis",
  "sattais/sattaees",
  "atthais/athais",
  "untis/untees",
  "tees/tis",
  "ikattis/ikatis/iktees/iktis/ikatees",
  "battis/battees/batis",
  "taintis/tetis/taintees",
  "chauntis/chautis/chauntees",
  "paintis/paintees",
  "chhattis/chattis/chhattees",
  "saintis/saintees",
  "adtis/artis/adtees",
  "untalis/untaalis",
  "chalis/chaalis/chalees",
  "iktalis/iktaalis",
  "bayalis/bayaalis",
  "tentalis/taintalis",
  "chavalis/chauvalis/chauwalis",
  "paintalis/paintaalis",
  "chhiyalis/chiyalis",
  "saintalis/saintaalis",
  "adtalis/artalis",
  "unchas/unchaas",
  "pachas/pachaas",
  "ikyavan/ikyaavan",
  "bavan/baavan",
  "tirpan/tirepan",
  "chauvan/chauwan",
  "pachpan",
  "chhappan/chappan",
  "sattavan/sattaavan",
  "atthavan/athavan",
  "unsath",
  "saath",
  "iksath",
  "basath/baasath",
  "tirsath/tresath",
  "chausath",
  "painsath",
  "chhiyasath/chiyasath",
  "sarsath/sadsath",
  "adsath/arsath",
  "unhattar",
  "sattar",
  "ikhattar",
  "bahattar",
  "tihattar",
  "chauhattar",
  "pachhattar/pachattar",
  "chhihattar",
  "satattar/sathattar",
  "athattar",
  "unasi/unnasi",
  "assi",
  "ikyasi",
  "bayasi",
  "tirasi",
  "chaurasi",
  "pachasi",
  "chhiyasi",
  "sattasi",
  "athasi/atthasi",
  "nawasi/navasi",
  "nabbe/nabbey",
  "ikyanve",
  "banve",
  "tiranve",
  "chauranve",
  "pachanve",
  "chhiyanve",
  "sattanve",
  "atthanve",
  "ninyanve/ninyanave",
];

const SCALES: Record<string, number> = {
  thousand: 1e3,
  thousands: 1e3,
  k: 1e3,
  hazaar: 1e3,
  hazar: 1e3,
  hajar: 1e3,
  hazzar: 1e3,
  lakh: 1e5,
  lakhs: 1e5,
  laakh: 1e5,
  lac: 1e5,
  lacs: 1e5,
  l: 1e5,
  million: 1e6,
  millions: 1e6,
  mn: 1e6,
  mil: 1e6,
  m: 1e6,
  crore: 1e7,
  crores: 1e7,
  cr: 1e7,
  karod: 1e7,
  karor: 1e7,
  billion: 1e9,
  bn: 1e9,
};

// Spoken fractions: "dedh sau" = 150, "dhai hazaar" = 2,500, "half a lakh".
const FRACTIONS: Record<string, number> = {
  dedh: 1.5,
  derh: 1.5,
  dhai: 2.5,
  dhaai: 2.5,
  adhai: 2.5,
  arhai: 2.5,
  half: 0.5,
  quarter: 0.25,
};

const ADJUST: Record<string, number> = {
  saade: 0.5,
  sade: 0.5,
  sadhe: 0.5,
  saadhe: 0.5,
  sava: 0.25,
  sawa: 0.25,
  savaa: 0.25,
  paune: -0.25,
  pone: -0.25,
};

// The same words in Devanagari, as a model writing Hindi would ("३१ हज़ार", "ढाई सौ"). Keys are
// NFKC, as the reader sees them (ज़ becomes ज + nukta).
const DEVANAGARI: Record<string, NumberWord> = {
  सौ: { kind: "hundred" },
  हज़ार: { kind: "scale", value: 1e3 },
  हजार: { kind: "scale", value: 1e3 },
  लाख: { kind: "scale", value: 1e5 },
  करोड़: { kind: "scale", value: 1e7 },
  करोड: { kind: "scale", value: 1e7 },
  डेढ़: { kind: "count", value: 1.5, precision: 0.5, tens: false, digit: false },
  ढाई: { kind: "count", value: 2.5, precision: 0.5, tens: false, digit: false },
  साढ़े: { kind: "adjust", value: 0.5 },
  सवा: { kind: "adjust", value: 0.25 },
  पौने: { kind: "adjust", value: -0.25 },
};

function build(): Map<string, NumberWord> {
  const words = new Map<string, NumberWord>();
  const count = (w: string, value: number, precision = 1, tens = false): void => {
    words.set(w, { kind: "count", value, precision, tens, digit: !tens && value < 10 && precision === 1 });
  };
  ENGLISH_UNITS.forEach((w, v) => {
    count(w, v);
  });
  ENGLISH_TENS.forEach((w, i) => {
    count(w, 20 + 10 * i, 1, true);
  });
  HINDI.forEach((spellings, v) => {
    for (const w of spellings.split("/")) if (w !== "") count(w, v);
  });
  for (const [w, v] of Object.entries(FRACTIONS)) count(w, v, v % 1 === 0.5 ? 0.5 : 0.25);
  for (const w of ["hundred", "hundreds", "sau", "sao"]) words.set(w, { kind: "hundred" });
  for (const [w, v] of Object.entries(SCALES)) words.set(w, { kind: "scale", value: v });
  for (const [w, v] of Object.entries(ADJUST)) words.set(w, { kind: "adjust", value: v });
  for (const [w, entry] of Object.entries(DEVANAGARI)) words.set(w.normalize("NFKC"), entry);
  return words;
}

export const NUMBER_WORDS: ReadonlyMap<string, NumberWord> = build();

/** A word's length, first and last letter in one number, so most ordinary words are ruled out without slicing them. */
export const wordShape = (length: number, first: number, last: number): number =>
  (length << 16) | (first << 8) | last;

/** The shapes of all number words and connectors ("and", "a", "an", "point"). */
export const NUMBER_WORD_SHAPES: ReadonlySet<number> = new Set(
  [...NUMBER_WORDS.keys(), "and", "a", "an", "point"].map((w) =>
    wordShape(w.length, w.charCodeAt(0), w.charCodeAt(w.length - 1)),
  ),
);
