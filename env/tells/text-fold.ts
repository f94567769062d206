/**
 * How a word is folded so that spellings of one word meet (text-features.ts): NFKC, lowercase,
 * digits to 0 (Devanagari too), nukta and chandrabindu folded, and for Roman script the common
 * Hinglish variants (ee→i, oo→u, ph→f, w→v, z→j, q→k, doubled letters once). A skeleton drops
 * vowels and h (Roman) so "jaldi / jldi / jaldee" share a feature.
 */

const ASCII_ONLY = /^[\x20-\x7e]*$/;
const DROP = /[\p{Cf}'’\u093c]/gu;
const DEVANAGARI_DIGIT = /[\u0966-\u096f]/g;
const DIGITS = /\p{Nd}/gu;
const ROMAN = /[a-z]/;
const REPEAT = /(.)\1+/g;
const ROMAN_SKELETON_DROP = /[aeiouyh]/g;
const MARKS = /\p{M}/gu;
const DEVANAGARI = /[\u0900-\u097f]/;

/** Fold one raw token; "" when nothing readable is left (a run of zero-width characters). */
export function foldToken(raw: string): string {
  let t = ASCII_ONLY.test(raw) ? raw.toLowerCase() : raw.normalize("NFKC").toLowerCase();
  t = t
    .replace(DROP, "")
    .replace(/\u0901/g, "\u0902")
    .replace(DEVANAGARI_DIGIT, "0")
    .replace(DIGITS, "0");
  if (ROMAN.test(t)) {
    t = t
      .replace(/ee/g, "i")
      .replace(/oo/g, "u")
      .replace(/ph/g, "f")
      .replace(/w/g, "v")
      .replace(/z/g, "j")
      .replace(/q/g, "k")
      .replace(REPEAT, "$1");
  }
  return t;
}

const romanSkeleton = (w: string): string =>
  (w[0] + w.slice(1).replace(ROMAN_SKELETON_DROP, "")).replace(REPEAT, "$1");

/** tells-features/3: Roman skeleton, or a Devanagari word without its vowel signs. */
export function skeletonOf(folded: string): string {
  if (folded.length <= 1) return folded;
  if (ROMAN.test(folded)) return romanSkeleton(folded);
  return folded.replace(MARKS, "");
}

// Consonants as a Roman Hinglish writer spells them (after folding: ph→f, w→v); independent
// vowels by their first letter's sound; vowel signs and the virama are dropped (the skeleton
// drops vowels anyway); anusvara and chandrabindu (already folded to it) are the "n" writers type.
const DEVA_LATIN: ReadonlyMap<string, string> = new Map(
  "अ:a आ:a इ:i ई:i उ:u ऊ:u ऋ:ri ए:e ऐ:ai ओ:o औ:au क:k ख:kh ग:g घ:gh ङ:n च:ch छ:chh ज:j झ:jh ञ:n ट:t ठ:th ड:d ढ:dh ण:n त:t थ:th द:d ध:dh न:n प:p फ:f ब:b भ:bh म:m य:y र:r ल:l व:v श:sh ष:sh स:s ह:h ं:n ः:h"
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

/**
 * tells-features/4: a Devanagari word's skeleton is the Roman skeleton of its transliteration,
 * so "जल्दी" and "jaldi" (both "jld"), "किराया" and "kiraya" share the skeleton and skeleton
 * bigram features: hi-Deva and hi-Latn rows teach each other.
 */
export function latinSkeletonOf(folded: string): string {
  if (folded.length <= 1 || !DEVANAGARI.test(folded)) return skeletonOf(folded);
  let latin = "";
  for (const ch of folded) latin += DEVA_LATIN.get(ch) ?? (DEVANAGARI.test(ch) ? "" : ch);
  return latin.length <= 1 ? latin : romanSkeleton(latin);
}
