// Where a keyboard user is on the match screen, found again after a redraw (another seat's move,
// a refusal): the same move control, the same box of a form still offered (with what it held as
// typed), or a kind's line; else the first control in sight.

// A move control: one that posts a move (data-move), or a form's button, which may have none yet.
export const MOVE_CONTROL = ":is([data-move], form.template [type=submit])";

/** Where the focus is: a selector that finds it again, and what a form's number box holds. */
export function focusPlace(node) {
  const form = node.closest("form.template");
  const inForm = !form ? null : node.dataset.field ? `[data-field="${CSS.escape(node.dataset.field)}"]`
    : node.matches("[type=submit]") ? "[type=submit]" : null;
  if (inForm) {
    // The same template: its move and its params' names (moves.js), whatever its bounds now.
    const key = `.moves form.template[data-template="${CSS.escape(form.dataset.template)}"] ${inForm}`;
    return { key, text: node.type === "number" ? node.value : null };
  }
  if (node.dataset && node.dataset.move) return { key: `.moves [data-move="${CSS.escape(node.dataset.move)}"]` };
  const fold = node.closest("details.kind"); // a kind of moves, or a form, folded to one line
  if (!fold) return { key: null };
  const which = fold.dataset.form ? `[data-form="${CSS.escape(fold.dataset.form)}"]` : `[data-kind="${CSS.escape(fold.dataset.kind)}"]`;
  return { key: `.moves details.kind${which} > summary` };
}

/** The focus back where focusPlace() found it, if that is in sight, else on the first move control
 *  in sight (the first move may sit in a closed kind), else on the page. A box gets back the text
 *  it held (empty, or out of its bounds: the form keeps only the values it takes), the caret after it
 *  (a focus() alone put it before: a 1 typed, then a 2, made 21). */
export function focusAgain(root, { key, text = null }) {
  const seen = (node) => node && node.checkVisibility();
  const again = key ? root.querySelector(key) : null;
  const first = [...root.querySelectorAll(`.moves ${MOVE_CONTROL}, .moves details.kind > summary`)].find(seen);
  const target = seen(again) ? again : first || root;
  target.focus({ preventScroll: true });
  if (target !== again || text === null) return;
  const changed = again.value !== text;
  again.value = ""; // set anew, the text puts the caret after it, where the typing goes on
  again.value = text;
  if (changed) again.dispatchEvent(new Event("input"));
}
