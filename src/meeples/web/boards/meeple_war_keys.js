// Meeple War's board by keyboard and on a small screen: the arrow keys over the hexes (one tab
// stop for the whole map, the focus roving from hex to hex), the focus kept on the same hex or
// control when the board is drawn again, and the map brought into view, its choices clear of the
// decision sheet at the bottom of a phone's screen.

import { coords } from "./meeple_war_draw.js";

// The hex an arrow key leads to. Left and Right go along the row; Up and Down go to the row
// above or below, to the hex nearest to the column the vertical moves started from (so that
// Up, Up goes straight up, zigzagging between the hexes, and Down comes back the same way).
// Home and End go to the row's ends; Page Down and Page Up to the next or previous hex that can
// be chosen (in reading order). Returns {name, column} or null.
export function step(order, from, key, column, choosable) {
  const at = new Map(order.map((name) => [name, coords(name)]));
  if (!at.has(from)) return order.length ? { name: order[0], column: null } : null;
  const [x, y] = at.get(from);
  const row = (wanted) => order.filter((name) => at.get(name)[1] === wanted)
    .sort((a, b) => at.get(a)[0] - at.get(b)[0]);
  if (key === "ArrowLeft" || key === "ArrowRight" || key === "Home" || key === "End") {
    const here = row(y);
    const i = here.indexOf(from);
    const j = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: here.length - 1 }[key];
    return j >= 0 && j < here.length ? { name: here[j], column: null } : null;
  }
  if (key === "ArrowUp" || key === "ArrowDown") {
    const ys = [...new Set([...at.values()].map((p) => p[1]))].sort((a, b) => a - b);
    const next = key === "ArrowUp" ? ys.filter((v) => v < y).pop() : ys.find((v) => v > y);
    if (next === undefined) return null;
    const want = column ?? x;
    // The nearest; of two as near (a zigzag), the one on the left.
    const best = row(next).reduce((a, b) => (Math.abs(at.get(b)[0] - want) < Math.abs(at.get(a)[0] - want) - 0.01 ? b : a));
    return { name: best, column: want };
  }
  if (key === "PageDown" || key === "PageUp") {
    const list = order.filter((name) => choosable.has(name));
    if (!list.length) return null;
    const i = order.indexOf(from);
    const after = key === "PageDown" ? list.find((name) => order.indexOf(name) > i) || list[0]
      : [...list].reverse().find((name) => order.indexOf(name) < i) || list[list.length - 1];
    return { name: after, column: null };
  }
  return null;
}

// What the board remembers of a container between its drawings: the control that had the focus
// (by its data-key), the decision the map was last brought into view for, the motion played.
const memories = new WeakMap();

export function memory(container) {
  if (!memories.has(container)) {
    const kept = { focusKey: null, panKey: null, animated: null };
    memories.set(container, kept);
    // The container stays across redraws (the page draws the board into the same element).
    container.addEventListener("focusin", (event) => {
      const keyed = event.target.closest("[data-key]");
      kept.focusKey = keyed && container.contains(keyed) ? keyed.dataset.key : null;
    });
    container.addEventListener("focusout", (event) => {
      // Focus leaving for another part of the page lets go; a control removed by a redraw
      // (no related target, the element gone) keeps its key, to be found again.
      if (event.relatedTarget && !container.contains(event.relatedTarget)) kept.focusKey = null;
      else if (!event.relatedTarget) {
        const target = event.target;
        queueMicrotask(() => { if (target.isConnected) kept.focusKey = null; });
      }
    });
  }
  return memories.get(container);
}

// Put the focus back where it was after a drawing (once the page has placed the board), else,
// when that control is gone, on the next thing to decide: a hex to choose, else the panel's
// first button.
export function restoreFocus(container, kept, fallback) {
  const key = kept.focusKey;
  if (!key) return;
  const run = () => {
    if (!container.isConnected) return;
    const active = document.activeElement;
    if (active && active !== document.body && !container.contains(active)) return;
    const same = [...container.querySelectorAll("[data-key]")].find((node) => node.dataset.key === key);
    const found = same && !same.disabled ? same : fallback();
    if (found && found !== active) found.focus({ preventScroll: true });
  };
  queueMicrotask(run);
}

// Bring the choices of the decision into view once per decision: the map's own scroll (zoomed,
// or a phone's map wider than the screen) centres them, and on a narrow screen the page scrolls
// so that none is under the decision sheet pinned at the bottom.
export function bringIntoView(container, kept, map, sheet) {
  const wanted = [...map.svg.querySelectorAll(".hex.actionable, .hex.target, .hex.selected, .mw-edge-choice")];
  if (!wanted.length) return;
  const key = wanted.map((node) => node.dataset.hex || node.dataset.edge).join(" ");
  if (kept.panKey === key) return;
  requestAnimationFrame(() => {
    if (!container.isConnected) return;
    kept.panKey = key;
    const union = () => wanted.map((node) => node.getBoundingClientRect()).reduce((a, b) => ({
      left: Math.min(a.left, b.left), right: Math.max(a.right, b.right),
      top: Math.min(a.top, b.top), bottom: Math.max(a.bottom, b.bottom) }));
    const scroller = map.svg.parentElement;
    const box = scroller.getBoundingClientRect();
    let u = union();
    const shift = (low, high, from, to) => {
      if (high - low > to - from) return low - from; // too wide to fit: its start in view
      if (low < from) return low - from;
      if (high > to) return high - to;
      return 0;
    };
    const dx = shift(u.left, u.right, box.left + 8, box.right - 8);
    const dy = shift(u.top, u.bottom, box.top + 8, box.bottom - 8);
    if (dx || dy) scroller.scrollBy({ left: dx, top: dy, behavior: "instant" });
    if (!window.matchMedia("(max-width: 1149px)").matches || !sheet) return;
    u = union();
    const bottom = window.innerHeight - sheet.offsetHeight - 8;
    // The map first: its top at the top of the screen when its choices then all show above the
    // sheet; else the least scroll that shows them.
    const top = map.svg.closest(".mw-map-box").getBoundingClientRect().top - 4;
    const down = u.top - top >= 0 && u.bottom - top <= bottom ? top : shift(u.top, u.bottom, 8, bottom);
    if (down) window.scrollBy({ top: down, behavior: "instant" });
  });
}
