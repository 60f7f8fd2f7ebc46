// Rise of Tribes: the actions just played, animated from the view drawn before (ctx.motion:
// {previous, fresh}) to the one drawn now, which is already in place underneath: members slide
// from hex to hex (the fresh entries' MOVE and Evasion parts), members that appear grow, losses
// fade with their count ("−2"), villages built grow and villages destroyed fade, a conflict's hex
// (named by the entries' effects) pulses, and the die placed drops into its row. What changed is
// read off the two views and the entries' parts and effects: no rule here. The animations live in
// rise_of_tribes.css (off under prefers-reduced-motion; the match page then passes no motion).

import { el, hexPoints } from "./dom.js";
import { R, center, villageMark } from "./rise_of_tribes_marks.js";
import { drawMark, hexMarks, markSpots } from "./rise_of_tribes_map.js";

// How long a member takes to go from hex to hex (rise_of_tribes.css: rot-slide).
const SLIDE_MS = 380;
// After this long every ghost is gone, even where an animation never ended.
const CLEAR_MS = 1500;

/** Return the members of a seat in a hex of a view (0 when absent). */
function members(hex, seat) {
  return hex?.members?.[seat] || 0;
}

/** Animate the fresh entries over the map just drawn; return how many things move. */
export function animate(container, svg, motion, view, w) {
  const before = new Map((motion.previous?.hexes || []).map((hex) => [hex.name, hex]));
  if (!before.size || !motion.fresh?.length) return 0;
  const after = new Map(view.hexes.map((hex) => [hex.name, hex]));
  // The layer of ghosts, marked with whose actions it shows.
  const layer = el("g", { class: "rot-motion-layer", "aria-hidden": "true",
    "data-seats": [...new Set(motion.fresh.map((entry) => entry.seat))].join(" ") }, svg);
  let count = 0;

  // What moved from hex to hex, and so is no growth nor loss: key `${hex} ${seat}` -> change.
  const moved = new Map();
  const shift = (name, seat, n) => moved.set(`${name} ${seat}`, (moved.get(`${name} ${seat}`) || 0) + n);
  const slides = [];
  for (const entry of motion.fresh) {
    const p = entry.parts || {};
    if ((p.verb !== "move" && p.verb !== "evade") || !p.from || !p.to || !(entry.seat >= 0)) continue;
    const seat = entry.seat;
    // A MOVE moves one member; an Evasion what left the hex for the other.
    const left = members(before.get(p.from), seat) - members(after.get(p.from), seat);
    const n = p.verb === "move" ? 1 : Math.max(1, left);
    shift(p.from, seat, -n);
    shift(p.to, seat, n);
    slides.push({ from: p.from, to: p.to, seat, n });
  }

  // Losses and conflicts wait for the members moving in to arrive.
  const later = slides.length ? `animation-delay: ${SLIDE_MS - 120}ms` : "";
  const marksNow = new Map(view.hexes.map((hex) => [hex.name, markSpots(hex, hexMarks(hex, w))]));
  const realMark = (name, key) => svg.querySelector(`[data-marks-for="${name}"] [data-mark="${key}"] .rot-badge-body`);
  const play = (node, className) => {
    if (!node) return;
    node.classList.add(className);
    count += 1;
  };

  for (const slide of slides) {
    const start = before.get(slide.from);
    const startSpot = start ? markSpots(start, hexMarks(start, w)).get(`seat${slide.seat}`) : null;
    // Where the member lands: its mark in that hex, or the middle of the hex when a conflict
    // there has already taken every member (the ghost then fades where it lands).
    const end = marksNow.get(slide.to)?.get(`seat${slide.seat}`) || (after.get(slide.to) && center(after.get(slide.to)));
    if (!end || !after.get(slide.from)) continue;
    const [fx, fy] = startSpot || center(after.get(slide.from));
    const ghost = el("g", { class: "rot-slide", style: `--dx: ${fx - end[0]}px; --dy: ${fy - end[1]}px` }, layer);
    drawMark(ghost, { kind: "seat", key: "slide", seat: slide.seat, n: slide.n, label: "" }, ...end);
    count += 1;
    const had = members(before.get(slide.to), slide.seat) > 0;
    play(realMark(slide.to, `seat${slide.seat}`), had ? "rot-bump" : "rot-arrive");
  }

  for (const [name, hex] of after) {
    const old = before.get(name);
    if (!old) continue;
    const oldMarks = hexMarks(old, w);
    const oldSpots = markSpots(old, oldMarks);
    const [cx, cy] = center(hex);
    const spotsNow = marksNow.get(name);
    for (const mark of oldMarks.concat(hexMarks(hex, w).filter((m) => !oldSpots.has(m.key)))) {
      if (mark.kind === "token") continue;
      const was = mark.kind === "seat" ? members(old, mark.seat) : old.invaders || 0;
      const is = mark.kind === "seat" ? members(hex, mark.seat) : hex.invaders || 0;
      const change = is - was - (mark.kind === "seat" ? moved.get(`${name} ${mark.seat}`) || 0 : 0);
      if (change > 0 && !slides.some((s) => s.to === name && s.seat === mark.seat)) {
        play(realMark(name, mark.key), "rot-grow");
      } else if (change < 0) {
        // A loss: the count ("−2") fades above the mark, and the mark itself when none is left;
        // after the members that came in have arrived.
        const [x, y] = oldSpots.get(mark.key) || spotsNow.get(mark.key) || [cx, cy];
        if (is === 0 && oldSpots.has(mark.key)) {
          const ghost = el("g", { class: "rot-fade", style: later }, layer);
          drawMark(ghost, { ...mark, label: "" }, x, y);
        }
        const text = el("text", { x, y: y - 14, class: "rot-loss", style: later }, layer);
        text.textContent = `−${-change}`;
        count += 1;
      }
    }
    if (old.village !== hex.village) {
      if (hex.village != null) play(svg.querySelector(`[data-marks-for="${name}"] .village`), "rot-grow");
      if (old.village != null) {
        villageMark(el("g", { class: "rot-fade rot-razed" }, layer), cx + 30, cy - 3, old.village);
        count += 1;
      }
    }
  }

  // The hexes where a conflict was fought, as the entries' effects name them.
  for (const entry of motion.fresh) {
    for (const effect of entry.effects || []) {
      const name = effect.key === "rot.fx.conflict" ? effect.params?.hex : null;
      const hex = name ? after.get(name) : null;
      if (!hex) continue;
      const [cx, cy] = center(hex);
      el("polygon", { points: hexPoints(cx, cy, R - 3), class: "rot-clash", style: later }, layer);
      count += 1;
    }
  }

  // The die just placed drops into slot 1 of its row.
  for (const entry of motion.fresh) {
    if (entry.parts?.verb !== "place") continue;
    play(container.querySelector(`.rot-row[data-row="${entry.parts.row}"] .rot-queue .die-icon`), "rot-die-in");
  }

  for (const node of layer.children) node.addEventListener("animationend", () => node.remove(), { once: true });
  setTimeout(() => layer.remove(), CLEAR_MS);
  svg.dataset.motion = String(count);
  return count;
}
