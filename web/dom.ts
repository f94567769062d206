/// <reference lib="dom" />

/** The element with this id, checked to be of the expected kind: a missing one is a page bug, said loudly. */
export function byId<T extends HTMLElement>(id: string, kind: { new (): T }): T {
  const el = document.getElementById(id);
  if (!(el instanceof kind)) throw new Error(`The page lacks a ${kind.name} #${id}.`);
  return el;
}

/** Shows or hides with the `hidden` attribute, which the stylesheet and screen readers both respect. */
export function showIf(el: HTMLElement, visible: boolean): void {
  el.hidden = !visible;
}

/**
 * Sets markup that the pure render functions built. Those escape every server string, so
 * this is the one place innerHTML is written.
 */
export function setMarkup(el: Element, html: string): void {
  el.innerHTML = html;
}
