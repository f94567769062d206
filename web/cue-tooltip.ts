/// <reference lib="dom" />
import { placeTip } from "./tip-placement";

/**
 * One tooltip for every cue on the page, fixed to the viewport and appended to <body>, so a
 * chat's scroll box can never clip it (a CSS ::after inside the box was cut to a sliver).
 * Shown on hover and keyboard focus, hidden on leave, blur, Escape and scroll.
 */
export function attachCueTooltips(root: HTMLElement): void {
  const tip = document.createElement("div");
  tip.id = "cue-tip";
  tip.className = "cue-tip";
  tip.setAttribute("role", "tooltip");
  tip.hidden = true;
  document.body.append(tip);
  let current: HTMLElement | null = null;

  const hide = (): void => {
    current?.removeAttribute("aria-describedby");
    current = null;
    tip.hidden = true;
  };
  const show = (mark: HTMLElement): void => {
    const text = mark.dataset.tip;
    if (text === undefined || text === "") return;
    current?.removeAttribute("aria-describedby");
    current = mark;
    tip.textContent = text;
    tip.hidden = false;
    mark.setAttribute("aria-describedby", tip.id);
    const at = placeTip(
      mark.getBoundingClientRect(),
      { width: tip.offsetWidth, height: tip.offsetHeight },
      { width: document.documentElement.clientWidth, height: window.innerHeight },
    );
    tip.style.left = `${at.left}px`;
    tip.style.top = `${at.top}px`;
  };
  const cueOf = (t: EventTarget | null): HTMLElement | null =>
    t instanceof Element ? (t.closest("mark.cue") as HTMLElement | null) : null;

  root.addEventListener("mouseover", (e) => {
    const mark = cueOf(e.target);
    if (mark !== null && mark !== current) show(mark);
  });
  root.addEventListener("mouseout", (e) => {
    if (cueOf(e.target) !== null && cueOf(e.relatedTarget) !== current) hide();
  });
  root.addEventListener("focusin", (e) => {
    const mark = cueOf(e.target);
    if (mark !== null) show(mark);
  });
  root.addEventListener("focusout", hide);
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") hide();
  });
  // A moved anchor would leave the tip floating elsewhere: scrolling hides it.
  document.addEventListener("scroll", hide, { capture: true, passive: true });
}
