// The match's clocks: each seat to act and its time left, counted down by the page from the
// deadlines the server sent.

import { el } from "./words.js";
import { t } from "./i18n.js";

export function clocks(r, ctx) {
  if (!r.clock || !r.clock.deadlines || !Object.keys(r.clock.deadlines).length) return null;
  return el("p", { class: "clock", role: "timer", "aria-label": t("Time left") }, clockText(r, ctx.seatName));
}

/** Each seat to act and its time left to the deadline the server sent (unix seconds). */
export function clockText(r, name) {
  const now = Date.now() / 1000;
  return Object.entries((r.clock && r.clock.deadlines) || {}).map(([s, at]) => {
    const left = Math.max(0, Math.floor(at - now));
    const minutes = Math.floor(left / 60), hours = Math.floor(minutes / 60);
    const time = left < 60 ? t("{seconds} s", { seconds: left })
      : hours ? t("{hours} h {minutes} min", { hours, minutes: minutes % 60 })
      : t("{minutes} min {seconds} s", { minutes, seconds: String(left % 60).padStart(2, "0") });
    return t("{seat}: {time}", { seat: name(Number(s)), time });
  }).join(" · ");
}
