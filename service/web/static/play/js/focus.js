// Where a keyboard user is on the match screen, found again after a redraw (another seat's move,
// a refusal): the same move control or a kind's line; else the first control in sight.

// A move control: one that posts a move (data-move), or a form's button, which may have none yet.
export const MOVE_CONTROL = ":is([data-move], form.template [type=submit])";

/** Where the focus is: a selector that finds it again. */
export function focusPlace(node) {
  if (node.dataset && node.dataset.move) return { key: `.moves [data-move="${CSS.escape(node.dataset.move)}"]` };
  const kind = node.closest("details.kind");
  return { key: kind ? `.moves details.kind[data-kind="${CSS.escape(kind.dataset.kind)}"] > summary` : null };
}

/** The focus back where focusPlace() found it, if that is in sight, else on the first move control
 *  in sight (the first move may sit in a closed kind), else on the page. */
export function focusAgain(root, { key }) {
  const seen = (node) => node && node.checkVisibility();
  const again = key ? root.querySelector(key) : null;
  const first = [...root.querySelectorAll(`.moves ${MOVE_CONTROL}, .moves details.kind > summary`)].find(seen);
  (seen(again) ? again : first || root).focus({ preventScroll: true });
}
