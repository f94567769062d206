/** Prices as a bazaar writes them: whole rupees plainly, paise only when there are some. */
export function rupees(price: number): string {
  const rounded = Math.round(price * 100) / 100;
  const text = Number.isInteger(rounded)
    ? rounded.toLocaleString("en-IN")
    : rounded.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `₹${text}`;
}

/** A 0..1 share as a whole percentage. */
export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}
