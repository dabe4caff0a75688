/** Bring `target`, a move of a move list, into view by scrolling the list alone: never the
 * page (scrollIntoView would scroll every scrollable ancestor, the window included). With no
 * target the list goes back to its top. Both games' move lists use it. */
export function scrollListTo(list: HTMLElement, target: HTMLElement | null): void {
  if (!target) {
    list.scrollTop = 0;
    return;
  }
  const l = list.getBoundingClientRect();
  const r = target.getBoundingClientRect();
  if (r.top < l.top) list.scrollTop -= l.top - r.top + 4;
  else if (r.bottom > l.bottom) list.scrollTop += r.bottom - l.bottom + 4;
}
