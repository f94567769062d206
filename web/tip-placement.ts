export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const GAP = 6;
const MARGIN = 8;

/**
 * Where a tooltip goes, in viewport pixels: under its anchor when it fits, else above; slid
 * sideways to stay inside the viewport. Pure, so the browser suite and unit tests agree.
 */
export function placeTip(
  anchor: Box,
  tip: { width: number; height: number },
  viewport: { width: number; height: number },
): { left: number; top: number } {
  const below = anchor.top + anchor.height + GAP;
  const above = anchor.top - GAP - tip.height;
  const top = below + tip.height <= viewport.height - MARGIN || above < MARGIN ? below : above;
  const maxLeft = Math.max(MARGIN, viewport.width - MARGIN - tip.width);
  const left = Math.min(Math.max(anchor.left, MARGIN), maxLeft);
  return { left: Math.round(left), top: Math.round(top) };
}
