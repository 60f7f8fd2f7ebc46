// Meeple War's drawing kit, shared by the map, the decision panel and the player boards: the hex
// geometry (axial coordinates, pointy-top), the seat colours and letters, the tile icons, meeples
// and defense spaces, and the words a board takes from its context. No rule here.

import { el, hexPoints } from "./dom.js";
import { seatColour } from "./palette.js";

export const R = 40;
export const COLORS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e"];
// Owners are told apart by letter as well as colour, the letters the terminal writes (red, blue,
// green, yellow in the board's own colours); the legend and every name say whose each one is.
export const LETTERS = ["R", "B", "G", "Y"];
// Axial directions 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE (as the engine numbers them).
export const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
export const KIND_FILL = {
  stone_tower: "#a9a9a9", wooden_tower: "#b89a7e", mine: "#7d6b58", blank: "#cfe0ad",
  shields_forge: "#9fb4bf", weapons_forge: "#b0806a", workshop: "#e3c37f", village: "#efd3a8",
  druid_hut: "#95cf8f", cavern: "#8a7a9c", altar: "#c9b6e8",
};
// The bonus a token gives is drawn with the icon of the structure that prints it.
export const TOKEN_ICON = { asm: "workshop", dep: "village", nat: "druid_hut", wpn: "weapons_forge",
  shd: "shields_forge" };

export function seatColor(seat) {
  return seatColour(COLORS, seat);
}

export function seatLetter(seat) {
  return LETTERS[seat % LETTERS.length];
}

// ---------------------------------------------------------------- geometry

export function split(name) {
  const comma = name.indexOf(",");
  return [Number(name.slice(0, comma)), Number(name.slice(comma + 1))];
}

export function coords(name) {
  const [q, r] = split(name);
  return [R * Math.sqrt(3) * (q + r / 2), R * 1.5 * r];
}

export function neighbour(name, d) {
  const [q, r] = split(name);
  return `${q + DIRS[d][0]},${r + DIRS[d][1]}`;
}

// The two corners of side d of a hex (radius r), corner i being at 60i - 30 degrees.
export function edgeCorners(cx, cy, d, radius = R) {
  return [(6 - d) % 6, (7 - d) % 6].map((i) => {
    const a = (Math.PI / 180) * (60 * i - 30);
    return [cx + radius * Math.cos(a), cy + radius * Math.sin(a)];
  });
}

// An edge is named once, by the hex on its E, NE or NW side (as the view's trees are).
export function edgeKey(name, d) {
  return d < 3 ? `${name}/${d}` : `${neighbour(name, d)}/${d - 3}`;
}

// Where each owner's stack stands in a hex holding `count` stacks.
export function stackAt(cx, cy, i, count) {
  return [cx - (count - 1) * 12 + i * 24 - 3, cy + 12];
}

// ---------------------------------------------------------------- words

// What the board words things with: UI keys (t), messages (tm), components, and players named
// as the rest of the page names them (the name given in the lobby, else the seat's).
export function words(ctx) {
  const tm = ctx.tm || ((message) => (message && message.key) || "");
  const component = ctx.component || ((kind, id) => ({ name: String(id), effect: "" }));
  const t = ctx.t;
  const player = (seat) => {
    const named = ctx.tm ? ctx.tm({ key: "core.named", params: { name: { ref: "player", id: seat } } }) : "";
    return named && named !== "core.named" ? named : t("player.n", { n: seat + 1 });
  };
  // "a, b and c" in the page's language.
  const list = (items) => items.reduce((done, item, i) => (i === 0 ? item
    : t(i === items.length - 1 ? "mw.list_last" : "mw.list", { first: done, then: item })), "");
  // A building's printed effect, then what this match's setup changes on its card.
  const cards = (ctx.view && ctx.view.cards) || {};
  const effect = (kind, id) => {
    const printed = component(kind, id).effect;
    const changed = kind === "mw.building" && cards[id];
    return changed ? `${printed} ${tm(changed.changes)}` : printed;
  };
  return { t, tm, player, list, name: (kind, id) => component(kind, id).name, effect };
}

export function label(w, item) {
  return item.msg ? w.tm(item.msg) : item.action;
}

// A verb's name (the catalogue key "mw.verb.<verb>"; a building action's is its printed name).
export function groupName(w, verb) {
  const key = `mw.verb.${verb}`;
  const named = w.t(key);
  return named === key ? verb : named;
}

// ---------------------------------------------------------------- pieces

// A stack of meeples: the owner's colour, the owner's letter on its body, the count beside it.
export function meeple(parent, x, y, seat, count) {
  const color = seatColor(seat);
  const g = el("g", { transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`, class: "meeple",
    "data-owner": seat }, parent);
  el("circle", { cx: 0, cy: -7, r: 4.5, fill: color, class: "meeple-body" }, g);
  el("path", { d: "M-7.5 8 L-6 -2.5 L6 -2.5 L7.5 8 Z", fill: color, class: "meeple-body" }, g);
  el("text", { x: 0, y: 5.6, class: "meeple-letter" }, g).textContent = seatLetter(seat);
  if (count > 1) el("text", { x: 9, y: 7, class: "count" }, g).textContent = `×${count}`;
  return g;
}

// The defense spaces of a building: circles on the built side, squares on the construction side,
// each taken one filled with its meeple's colour and letter.
export function defenseDots(parent, cx, cy, capacity, defense, built, size = 4.6) {
  if (!capacity) return null;
  const g = el("g", { class: "defense" }, parent);
  const perRow = Math.min(capacity, 3);
  const gap = size * 2.5;
  for (let i = 0; i < capacity; i++) {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, capacity - row * perRow);
    const x = cx - ((inRow - 1) * gap) / 2 + (i % perRow) * gap;
    const y = cy + row * gap;
    const owner = defense[i];
    const fill = owner === undefined ? "#fffdf8" : seatColor(owner);
    if (built) el("circle", { cx: x, cy: y, r: size, fill, class: "space" }, g);
    else el("rect", { x: x - size, y: y - size, width: size * 2, height: size * 2, fill, class: "space" }, g);
    if (owner !== undefined) {
      el("text", { x, y: y + size * 0.62, class: "space-letter" }, g).textContent = seatLetter(owner);
    }
  }
  return g;
}

// A name on one line, or on two split where the longer line is shortest, in a font small enough
// for the hex's width (down to a floor, then squeezed): never spilling onto the neighbours. The
// full name is in the hex's accessible name, its title and its info panel.
export function fitName(g, text, cx, y, cls, width = R * 1.3, size = 9.5) {
  const em = 0.56; // the width of an average character, in font sizes
  let lines = [text];
  const words = text.split(" ");
  if (text.length * size * em > width && words.length > 1) {
    let best = null;
    for (let i = 1; i < words.length; i++) {
      const pair = [words.slice(0, i).join(" "), words.slice(i).join(" ")];
      const longest = Math.max(pair[0].length, pair[1].length);
      if (!best || longest < best.longest) best = { pair, longest };
    }
    lines = best.pair;
  }
  const longest = Math.max(...lines.map((line) => line.length));
  const fitted = Math.max(7.5, Math.min(size, width / (em * longest)));
  const top = y - ((lines.length - 1) * (fitted + 1)) / 2;
  lines.forEach((line, k) => {
    const node = el("text", { x: cx, y: top + k * (fitted + 1), class: cls,
      style: `font-size:${fitted.toFixed(1)}px` }, g);
    node.textContent = line;
    if (line.length * fitted * em > width) {
      node.setAttribute("textLength", width.toFixed(1));
      node.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  });
}

// Small drawings of each kind of tile (and of the bonus of an upgrade token).
export function icon(parent, kind, x, y, scale) {
  const g = el("g", { class: `mw-icon icon-${kind}`, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale})` }, parent);
  const path = (d, cls = "") => el("path", { d, class: cls }, g);
  switch (kind) {
    case "stone_tower":
    case "wooden_tower":
      path("M-6 8 V-3 H-6 V-8 H-3 V-5 H-1 V-8 H1 V-5 H3 V-8 H6 V-3 V8 Z", "solid");
      path("M-1.5 8 V3 A1.5 1.5 0 0 1 1.5 3 V8 Z", "hole");
      break;
    case "mine":
      path("M-8 7 V0 A8 8 0 0 1 8 0 V7 Z", "solid");
      path("M-4 7 V1 A4 4 0 0 1 4 1 V7 Z", "hole");
      break;
    case "cavern":
      path("M-9 6 Q-7 -7 0 -7 Q7 -7 9 6 Z", "solid");
      path("M-4 6 Q-3 -2 0 -2 Q3 -2 4 6 Z", "hole");
      break;
    case "shields_forge":
      path("M0 -8 L7 -5 V0 Q7 6 0 9 Q-7 6 -7 0 V-5 Z", "solid");
      break;
    case "weapons_forge":
      path("M-7 -7 L7 7 M7 -7 L-7 7", "stroke");
      path("M-8 3 L-3 8 M8 3 L3 8", "stroke");
      break;
    case "workshop":
      el("circle", { cx: 0, cy: 0, r: 5, class: "solid" }, g);
      path("M0 -8 V8 M-8 0 H8 M-5.6 -5.6 L5.6 5.6 M5.6 -5.6 L-5.6 5.6", "stroke");
      el("circle", { cx: 0, cy: 0, r: 2, class: "hole" }, g);
      break;
    case "village":
      path("M-7 8 V-1 L0 -8 L7 -1 V8 Z", "solid");
      path("M-2 8 V3 H2 V8 Z", "hole");
      break;
    case "druid_hut":
      path("M-8 8 V3 Q-8 -6 0 -6 Q8 -6 8 3 V8 Z", "solid");
      path("M-2 8 V3 Q0 1 2 3 V8 Z", "hole");
      path("M0 -6 Q3 -11 7 -9 Q5 -5 0 -6 Z", "leaf");
      break;
    case "altar":
      path("M-8 8 H8 V5 H5 V0 H-5 V5 H-8 Z", "solid");
      path("M0 -9 Q4 -4 0 -1 Q-4 -4 0 -9 Z", "flame");
      break;
    default:
      break;
  }
  return g;
}

export function treeIcon(parent, x, y, w) {
  const g = el("g", { class: "tree", transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})` }, parent);
  el("path", { d: "M0 -9 L7 3 H-7 Z" }, g);
  el("rect", { x: -1.5, y: 3, width: 3, height: 5, class: "trunk" }, g);
  el("title", {}, g).textContent = `${w.name("mw.token", "tree")} — ${w.effect("mw.token", "tree")}`;
  return g;
}

// A small picture of the drawn tile in one rotation, for its button.
export function rotationPicture(drawn, rotation) {
  const svg = el("svg", { viewBox: "-22 -22 44 44", class: "mw-rot-picture", width: 44, height: 44,
    "aria-hidden": "true" });
  el("polygon", { points: hexPoints(0, 0, 20), fill: KIND_FILL[drawn.kind] || "#ddd", class: "hex-shape" }, svg);
  for (const d of drawn.forest[rotation] || []) {
    const [a, b] = edgeCorners(0, 0, d, 18);
    el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "mw-forest" }, svg);
  }
  return svg;
}
