// Meeple War's motion: the actions just played, animated from the view drawn before to the one
// drawn now (ctx.motion = {previous, fresh}). A stack slides from where it was to where it went,
// meeples arriving from a building slide from its slot, losses fade with a "−N" count, a tile
// laid appears. What moved is read from the fresh entries' parts and effects and from the
// difference of the two views: no rule. The board shows the final position underneath; the
// animation (CSS, switched off by prefers-reduced-motion) only runs over it, for 350 ms a step.

import { el } from "./dom.js";
import { coords, meeple, seatLetter, stackAt } from "./meeple_war_draw.js";

const SLIDE_MS = 350;
const STAGGER_MS = 250; // between the steps of several actions drawn at once
const FADE_MS = 400;
const COUNT_MS = 1000; // the "−N" stays a little longer, long enough to be read

function counts(view) {
  const out = new Map();
  for (const [hex, owner, count] of view.troops) out.set(`${hex}|${owner}`, count);
  return out;
}

// Where a stack stood in a view: its place among the stacks of its hex.
function standing(view, hex, owner) {
  const here = view.troops.filter(([spot]) => spot === hex);
  const i = Math.max(0, here.findIndex(([, who]) => who === owner));
  const [cx, cy] = coords(hex);
  return stackAt(cx, cy, i, Math.max(1, here.length));
}

// The meeples each effect says were lost, by hex and owner ("hex|owner" -> n): a battle's
// losses, the altar's, a burn's, read from the messages' parameters.
function lossesTold(entries) {
  const lost = new Map();
  const walk = (message, hex) => {
    if (!message || typeof message !== "object") return;
    const params = message.params || {};
    const here = typeof params.hex === "string" ? params.hex : hex;
    const who = params.player && params.player.ref === "player" ? params.player.id : null;
    if (here && who !== null && ["mw.fx.loses", "mw.fx.killed", "mw.fx.burnt", "mw.fx.sacrifice"].includes(message.key)) {
      const key = `${here}|${who}`;
      lost.set(key, (lost.get(key) || 0) + (typeof params.n === "number" ? params.n : 1));
    }
    for (const value of Object.values(params)) if (value && value.key) walk(value, here);
  };
  for (const entry of entries) for (const effect of entry.effects || []) walk(effect, null);
  return lost;
}

// The moves the entries name: {step, from, to, owner, count}.
function movesNamed(entries, view) {
  const moves = [];
  entries.forEach((entry, step) => {
    const p = entry.parts || {};
    if (p.from && p.to) {
      moves.push({ step, from: p.from, to: p.to, owner: p.verb === "frighten" ? p.player : entry.seat,
        count: p.count || 1 });
    } else if (p.verb === "bonus" && p.to) {
      moves.push({ step, from: p.hex, to: p.to, owner: entry.seat, count: 1 });
    }
  });
  return moves;
}

// What the fresh entries make move, as marks in the map's coordinates, each with its start and
// length (a stack sliding, meeples dropped in, a lost stack fading, its "−N" count), and the
// stacks to hide until their meeples arrive.
function marksOf(map, view, motion, now) {
  const { previous, fresh } = motion;
  const marks = [];
  const before = counts(previous);
  const after = counts(view);
  const moves = movesNamed(fresh, view);
  const flow = new Map(); // "hex|owner" -> meeples in minus meeples out, by the moves named
  for (const move of moves) {
    flow.set(`${move.to}|${move.owner}`, (flow.get(`${move.to}|${move.owner}`) || 0) + move.count);
    flow.set(`${move.from}|${move.owner}`, (flow.get(`${move.from}|${move.owner}`) || 0) - move.count);
  }
  const arrive = (key, delay) => (before.get(key) ? null : { key, until: now + delay + SLIDE_MS });
  // Stacks sliding along the moves.
  for (const move of moves) {
    if (!map.centre.has(move.from) || !map.centre.has(move.to)) continue;
    const key = `${move.to}|${move.owner}`;
    marks.push({ kind: "mw-travel", owner: move.owner, count: move.count, ms: SLIDE_MS,
      at: now + move.step * STAGGER_MS, from: standing(previous, move.from, move.owner),
      to: standing(view, move.to, move.owner), hide: arrive(key, move.step * STAGGER_MS) });
  }
  // Meeples that appear without a named move: from the slot of the building that placed them
  // (its slot in the entry's parts), else dropped in place.
  for (const [key, count] of after) {
    const gained = count - (before.get(key) || 0) - (flow.get(key) || 0);
    if (gained <= 0) continue;
    const [hex, owner] = unkey(key);
    const k = fresh.findIndex((entry) => entry.seat === owner && entry.parts && entry.parts.slot);
    const from = k >= 0 ? previous.villages[owner]?.[fresh[k].parts.slot - 1] : null;
    const delay = Math.max(0, k) * STAGGER_MS;
    const to = standing(view, hex, owner);
    const start = from && map.centre.has(from) ? [coords(from)[0] - 3, coords(from)[1]] : null;
    marks.push({ kind: start ? "mw-travel" : "mw-drop", owner, count: gained, ms: SLIDE_MS,
      at: now + delay, from: start || to, to, hide: arrive(key, delay) });
  }
  // Losses: what the effects say, else what the views say went missing; after the moves.
  const settle = moves.length ? Math.max(...moves.map((m) => m.step)) * STAGGER_MS + SLIDE_MS : 0;
  const gone = new Map(lossesTold(fresh));
  for (const [key, count] of before) {
    const missing = count + (flow.get(key) || 0) - (after.get(key) || 0);
    if (missing > 0 && !gone.has(key)) gone.set(key, missing);
  }
  const labels = new Map(); // hex -> counts shown there, stacked one above the other
  for (const [key, n] of gone) {
    const [hex, owner] = unkey(key);
    if (!map.centre.has(hex) || n <= 0) continue;
    const was = previous.troops.some(([spot, who]) => spot === hex && who === owner);
    const [x, y] = standing(was ? previous : view, hex, owner);
    marks.push({ kind: "mw-ghost", owner, count: n, ms: FADE_MS, at: now + settle, from: [x, y], to: [x, y] });
    const above = labels.get(hex) || 0;
    labels.set(hex, above + 1);
    marks.push({ kind: "mw-loss", owner, count: n, ms: COUNT_MS, at: now + settle,
      from: [coords(hex)[0], y - 15 - above * 13] });
  }
  return marks;
}

function unkey(key) {
  const bar = key.lastIndexOf("|");
  return [key.slice(0, bar), Number(key.slice(bar + 1))];
}

/** Animate the fresh entries over the map just drawn, and go on with those a redraw cut short
 * (kept.marks); return how many things move. */
export function animate(map, view, motion, kept) {
  const now = performance.now();
  kept.marks = (kept.marks || []).filter((mark) => mark.at + mark.ms > now);
  if (motion && motion.previous && motion.fresh && motion.fresh.length) {
    kept.marks.push(...marksOf(map, view, motion, now));
    // Tiles laid since.
    const had = new Set(motion.previous.map.map((tile) => tile.hex));
    for (const tile of view.map) {
      if (!had.has(tile.hex) && map.hex.has(tile.hex)) map.hex.get(tile.hex).classList.add("mw-appear");
    }
  }
  for (const mark of kept.marks) draw(map, mark, now);
  if (kept.marks.length) map.svg.dataset.motion = String(kept.marks.length);
  return kept.marks.length;
}

// One mark, from where it is at `now` (a negative delay picks an animation up where a redraw
// cut it), removed once over.
function draw(map, mark, now) {
  const delay = mark.at - now;
  const style = `--delay:${delay.toFixed(0)}ms`;
  let node;
  if (mark.kind === "mw-loss") {
    node = el("text", { x: mark.from[0], y: mark.from[1], class: "mw-loss", style }, map.layers.motion);
    node.textContent = `−${mark.count} ${seatLetter(mark.owner)}`;
  } else {
    const [x0, y0] = mark.from;
    const [x1, y1] = mark.to;
    node = el("g", { class: mark.kind,
      style: `--dx:${(x0 - x1).toFixed(1)}px;--dy:${(y0 - y1).toFixed(1)}px;${style}` }, map.layers.motion);
    meeple(node, x1, y1, mark.owner, mark.count);
  }
  setTimeout(() => node.remove(), Math.max(0, delay + mark.ms) + 60);
  // The stack drawn at its destination shows once the travelling one arrives (when the owner
  // had none there before; a stack that grows stays in sight).
  const stack = mark.hide && mark.hide.until > now ? map.stacks.get(mark.hide.key) : null;
  if (stack) {
    stack.classList.add("mw-arriving");
    stack.style.setProperty("--delay", `${(mark.hide.until - now).toFixed(0)}ms`);
  }
}
