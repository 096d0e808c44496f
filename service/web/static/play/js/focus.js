// Where a keyboard user is on the match screen, found again after a redraw (another seat's move,
// a refusal, the seat's own move): the same move control, the same box of a form still offered
// (with what it held as typed), or a kind's line; on a board (a place on a map, a card's button),
// the same place, else the nearest place still to play there; else the first control in sight.

// A move control: one that posts a move (data-move), or a form's button, which may have none yet.
export const MOVE_CONTROL = ":is([data-move], form.template [type=submit])";
// A place to play on a board: a button, or a place on its picture (words.js target()), whose
// move may be several (a tap lists them).
const BOARD_CONTROL = ".board :is([data-move], [role=button][tabindex])";

/** Where the focus is: a selector that finds it again, and what a form's number box holds. */
export function focusPlace(node) {
  if (node.matches(BOARD_CONTROL)) {
    const key = node.dataset.move ? `.board [data-move="${CSS.escape(node.dataset.move)}"]` : null;
    return { key, near: middle(node) };
  }
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

/** The focus back where focusPlace() found it, if that is in sight; else, from a board, on the
 *  board's place still to play nearest to it (a settlement built: the roads from it); else on the
 *  first move control in sight (the first move may sit in a closed kind); else on the page. A box
 *  gets back the text it held (empty, or out of its bounds: the form keeps only the values it
 *  takes), the caret after it (a focus() alone put it before: a 1 typed, then a 2, made 21). */
export function focusAgain(root, { key, text = null, near = null }) {
  const seen = (node) => node && node.checkVisibility();
  const again = key ? root.querySelector(key) : null;
  const first = [...root.querySelectorAll(`.moves ${MOVE_CONTROL}, .moves details.kind > summary`)].find(seen);
  const target = seen(again) ? again : (near && nearest(root, near)) || first || root;
  target.focus({ preventScroll: true });
  if (target !== again || text === null) return;
  const changed = again.value !== text;
  again.value = ""; // set anew, the text puts the caret after it, where the typing goes on
  again.value = text;
  if (changed) again.dispatchEvent(new Event("input"));
}

const middle = (node) => {
  const box = node.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
};

/** The board's place still to play nearest to a point (the place played), if any. */
function nearest(root, [x, y]) {
  const away = (node) => Math.hypot(middle(node)[0] - x, middle(node)[1] - y);
  const places = [...root.querySelectorAll(BOARD_CONTROL)].filter((node) => node.checkVisibility());
  return places.sort((a, b) => away(a) - away(b))[0] || null;
}

/**
 * After a move, the next moves to tap in the list are brought into view if they are out of the
 * screen (on a phone they are above the board; on a wide screen a long list may have left the
 * page scrolled far below them), with what stands above them and says what they answer: a
 * hot-seat's "pass the device", Catan's trade on the table (both were left above the screen).
 * Moves that are all on the board keep the page where it is. Whether there were moves to bring.
 */
export function movesIntoView(root) {
  const first = root.querySelector(`.side .moves ${MOVE_CONTROL}`);
  if (!first) return false;
  const heading = root.querySelector(".side h2") || first;
  const above = [...heading.parentNode.children].slice(0, [...heading.parentNode.children].indexOf(heading));
  const top = above.find((node) => node.textContent.trim()) || heading;
  const box = heading.getBoundingClientRect();
  if (top.getBoundingClientRect().top < 0 || box.top > window.innerHeight - 80) top.scrollIntoView({ block: "start" });
  return true;
}
