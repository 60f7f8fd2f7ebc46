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

/** Animate the fresh entries over the map just drawn; return how many things move. */
export function animate(map, view, motion) {
  const { previous, fresh } = motion;
  if (!previous || !fresh || !fresh.length) return 0;
  const layer = map.layers.motion;
  const before = counts(previous);
  const after = counts(view);
  const moves = movesNamed(fresh, view);
  const flow = new Map(); // "hex|owner" -> meeples in minus meeples out, by the moves named
  for (const move of moves) {
    flow.set(`${move.to}|${move.owner}`, (flow.get(`${move.to}|${move.owner}`) || 0) + move.count);
    flow.set(`${move.from}|${move.owner}`, (flow.get(`${move.from}|${move.owner}`) || 0) - move.count);
  }
  let shown = 0;
  const end = (node, ms) => setTimeout(() => node.remove(), ms + 60);

  // Stacks sliding along the moves.
  for (const move of moves) {
    if (!map.centre.has(move.from) || !map.centre.has(move.to)) continue;
    const [x0, y0] = standing(previous, move.from, move.owner);
    const [x1, y1] = standing(view, move.to, move.owner);
    slide(layer, move.owner, move.count, [x0, y0], [x1, y1], move.step * STAGGER_MS, end);
    hideUntil(map.stacks.get(`${move.to}|${move.owner}`), before.get(`${move.to}|${move.owner}`),
      move.step * STAGGER_MS + SLIDE_MS);
    shown += 1;
  }
  // Meeples that appear without a named move: from the slot of the building that placed them
  // (its slot in the entry's parts), else dropped in place.
  const told = lossesTold(fresh);
  for (const [key, count] of after) {
    const gained = count - (before.get(key) || 0) - (flow.get(key) || 0);
    if (gained <= 0) continue;
    const [hex, owner] = [key.slice(0, key.lastIndexOf("|")), Number(key.slice(key.lastIndexOf("|") + 1))];
    const k = fresh.findIndex((entry) => entry.seat === owner && entry.parts && entry.parts.slot);
    const from = k >= 0 ? previous.villages[owner]?.[fresh[k].parts.slot - 1] : null;
    const to = standing(view, hex, owner);
    const delay = Math.max(0, k) * STAGGER_MS;
    if (from && map.centre.has(from)) {
      const [cx, cy] = coords(from);
      slide(layer, owner, gained, [cx - 3, cy], to, delay, end);
      hideUntil(map.stacks.get(key), before.get(key), delay + SLIDE_MS);
    } else {
      const drop = el("g", { class: "mw-drop", style: `--delay:${delay}ms` }, layer);
      meeple(drop, to[0], to[1], owner, gained);
      end(drop, delay + SLIDE_MS);
      hideUntil(map.stacks.get(key), before.get(key), delay + SLIDE_MS);
    }
    shown += 1;
  }
  // Losses: what the effects say, else what the views say went missing; after the moves.
  const settle = moves.length ? (Math.max(...moves.map((m) => m.step)) * STAGGER_MS + SLIDE_MS) : 0;
  const gone = new Map(told);
  for (const [key, count] of before) {
    const missing = count + (flow.get(key) || 0) - (after.get(key) || 0);
    if (missing > 0 && !gone.has(key)) gone.set(key, missing);
  }
  for (const [key, n] of gone) {
    const [hex, owner] = [key.slice(0, key.lastIndexOf("|")), Number(key.slice(key.lastIndexOf("|") + 1))];
    if (!map.centre.has(hex) || n <= 0) continue;
    const [x, y] = standing(previous.troops.some(([spot, who]) => spot === hex && who === owner) ? previous : view,
      hex, owner);
    const ghost = el("g", { class: "mw-ghost", style: `--delay:${settle}ms` }, layer);
    meeple(ghost, x, y, owner, n);
    end(ghost, settle + FADE_MS);
    const count = el("text", { x: x + 2, y: y - 14, class: "mw-loss", style: `--delay:${settle}ms` }, layer);
    count.textContent = `−${n} ${seatLetter(owner)}`;
    end(count, settle + COUNT_MS);
    shown += 1;
  }
  // Tiles laid since.
  const had = new Set(previous.map.map((tile) => tile.hex));
  for (const tile of view.map) {
    if (had.has(tile.hex) || !map.hex.has(tile.hex)) continue;
    map.hex.get(tile.hex).classList.add("mw-appear");
    shown += 1;
  }
  if (shown) map.svg.dataset.motion = String(shown);
  return shown;
}

function slide(layer, owner, count, [x0, y0], [x1, y1], delay, end) {
  const g = el("g", { class: "mw-travel",
    style: `--dx:${(x0 - x1).toFixed(1)}px;--dy:${(y0 - y1).toFixed(1)}px;--delay:${delay}ms` }, layer);
  meeple(g, x1, y1, owner, count);
  end(g, delay + SLIDE_MS);
}

// The stack drawn at its destination shows once the travelling one arrives (when the owner had
// none there before; a stack that grows stays in sight).
function hideUntil(stack, had, ms) {
  if (!stack || had) return;
  stack.classList.add("mw-arriving");
  stack.style.setProperty("--delay", `${ms}ms`);
}
