// Meeple War in SVG: the territory map (tiles by kind, forest edges, Trees, upgrade tokens,
// troops, gates, villages, unexplored spaces), the decision at hand beside it, a legend, and each
// player's village with its buildings and worker paths. No rule and no parsing here: every legal
// action arrives with its parts ({verb, hex, from, to, count, ...}); words come from messages
// (ctx.tm), component names and effects from the catalogues (ctx.component), labels from ctx.t.

import { el, h, hexPoints } from "./dom.js";

const R = 40;
export const COLORS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e"];
// Axial directions 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE (as the engine numbers them).
const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const KIND_FILL = {
  stone_tower: "#a9a9a9", wooden_tower: "#b89a7e", mine: "#7d6b58", blank: "#cfe0ad",
  shields_forge: "#9fb4bf", weapons_forge: "#b0806a", workshop: "#e3c37f", village: "#efd3a8",
  druid_hut: "#95cf8f", cavern: "#8a7a9c", altar: "#c9b6e8",
};
// The bonus a token gives is drawn with the icon of the structure that prints it.
const TOKEN_ICON = { asm: "workshop", dep: "village", nat: "druid_hut", wpn: "weapons_forge",
  shd: "shields_forge" };
// Verbs chosen on the map: by one hex, or from a hex to another.
const AT_HEX = new Set(["explore", "battle", "fly_to", "kill", "vp", "stealth", "burn", "rei",
  "upgrade", "bomb", "conv", "bonus", "dep"]);
const TWO_STEP = new Set(["move", "frighten"]);
// The order of the groups of buttons in the decision panel: Done always at the same place.
const GROUPS = ["done", "worker", "rotate", "build", "asm", "dep", "rei", "fly", "stealth",
  "fright", "burn", "bomb", "conv", "prod", "up", "bonus", "upgrade", "tree", "fly_to",
  "frighten", "explore", "battle", "kill", "vp", "move"];

let COMPONENTS = { buildings: {}, tiles: {} };
try {
  const response = await fetch("/api/games/meeple_war/components");
  if (response.ok) COMPONENTS = await response.json();
} catch {
  // Without the building paths the board still draws, without path diagrams.
}

// The board's own stylesheet, next to this module.
if (typeof document !== "undefined" && !document.getElementById("mw-style")) {
  const link = document.createElement("link");
  link.id = "mw-style";
  link.rel = "stylesheet";
  link.href = new URL("./meeple_war.css", import.meta.url).href;
  document.head.appendChild(link);
}

// The prompt stands above this board's controls (pinned with them on a phone), not in the
// turn card as well.
export const showsPrompt = true;

export function seatName(seat, t) {
  return t("player.n", { n: seat + 1 });
}

// The score shown next to a player on the end-of-game screen.
export function score(view, seat, t) {
  return t("mw.ui.vp", { n: view.vp[seat] });
}

export function seatColor(seat) {
  return COLORS[seat % COLORS.length];
}

export function renderInfo(container, ctx) {
  const { view, t } = ctx;
  container.textContent = t("mw.ui.pile", { pile: view.pile_count });
}

// ---------------------------------------------------------------- geometry

function split(name) {
  const comma = name.indexOf(",");
  return [Number(name.slice(0, comma)), Number(name.slice(comma + 1))];
}

function coords(name) {
  const [q, r] = split(name);
  return [R * Math.sqrt(3) * (q + r / 2), R * 1.5 * r];
}

function neighbour(name, d) {
  const [q, r] = split(name);
  return `${q + DIRS[d][0]},${r + DIRS[d][1]}`;
}

// The two corners of side d of a hex (radius r), corner i being at 60i - 30 degrees.
function edgeCorners(cx, cy, d, radius = R) {
  return [(6 - d) % 6, (7 - d) % 6].map((i) => {
    const a = (Math.PI / 180) * (60 * i - 30);
    return [cx + radius * Math.cos(a), cy + radius * Math.sin(a)];
  });
}

// An edge is named once, by the hex on its E, NE or NW side (as the view's trees are).
function edgeKey(name, d) {
  return d < 3 ? `${name}/${d}` : `${neighbour(name, d)}/${d - 3}`;
}

// ---------------------------------------------------------------- context helpers

function words(ctx) {
  const tm = ctx.tm || ((message) => (message && message.key) || "");
  const component = ctx.component || ((kind, id) => ({ name: String(id), effect: "" }));
  return { t: ctx.t, tm, name: (kind, id) => component(kind, id).name,
    effect: (kind, id) => component(kind, id).effect };
}

function label(w, item) {
  return item.msg ? w.tm(item.msg) : item.action;
}

// A verb's name (the catalogue key "mw.verb.<verb>"; a building action's is its printed name).
function groupName(w, verb) {
  const key = `mw.verb.${verb}`;
  const named = w.t(key);
  return named === key ? verb : named;
}

// Where an action is chosen on the map: {at} a hex, {at, to} a move, {edge} a Tree; else null.
function anchor(item, view) {
  const p = item.parts || {};
  if (TWO_STEP.has(p.verb)) return { at: p.from, to: p.to };
  // A Tree is placed by clicking its edge, or one of the two tiles it borders (then a button).
  if (p.verb === "tree") return { edge: edgeKey(p.hex, p.side), sides: [p.hex, p.other] };
  if (p.verb === "bomb" || p.verb === "conv") {
    const hex = view.villages[p.owner]?.[p.spot - 1];
    return hex ? { at: hex } : null;
  }
  if (p.verb === "dep") return view.gates[view.active] ? { at: view.gates[view.active] } : null;
  if (p.verb === "bonus" && p.to) return { at: p.hex, to: p.to };
  if (AT_HEX.has(p.verb) && p.hex) return { at: p.hex };
  return null;
}

function index(legal, view) {
  const at = new Map(); // hex -> items chosen there (with or without a target)
  const edges = new Map(); // edge key -> item
  const rest = [];
  const tiles = new Set(view.map.map((tile) => tile.hex));
  const put = (hex, item, to) => {
    if (!at.has(hex)) at.set(hex, []);
    at.get(hex).push({ item, to });
  };
  for (const item of legal) {
    const where = anchor(item, view);
    if (where && where.edge) {
      edges.set(where.edge, item);
      for (const hex of where.sides) if (tiles.has(hex)) put(hex, item, null);
    } else if (where && where.at) {
      put(where.at, item, where.to || null);
    }
    if (!where || !where.to) rest.push(item);
  }
  return { at, edges, rest };
}

const selections = new WeakMap();

// ---------------------------------------------------------------- render

export function render(container, ctx) {
  const { view } = ctx;
  const w = words(ctx);
  const legal = ctx.interactive ? ctx.legal || [] : [];
  const found = index(legal, view);
  let sel = selections.get(container) || { at: null, to: null, preview: 0, zoom: 1 };
  if (sel.at && !found.at.has(sel.at)) sel = { ...sel, at: null, to: null };
  selections.set(container, sel);
  const targets = new Map(); // target hex -> items, for the selected hex
  for (const { item, to } of (sel.at && found.at.get(sel.at)) || []) {
    if (!to) continue;
    if (!targets.has(to)) targets.set(to, []);
    targets.get(to).push(item);
  }
  const rotations = legal.filter((item) => item.parts && item.parts.verb === "rotate");
  if (sel.preview >= rotations.length) sel.preview = 0;

  container.replaceChildren();
  const wrap = h("div", "mw");
  container.appendChild(wrap);
  const redraw = () => render(container, ctx);
  const set = (changes) => { selections.set(container, { ...sel, ...changes }); redraw(); };

  const mapBox = h("div", "mw-map-box");
  wrap.appendChild(mapBox);
  const map = drawMap(view, ctx, w, { found, sel, targets, rotations });
  mapBox.appendChild(zoomBar(view, w, sel, set));
  const scroller = h("div", "mw-map");
  scroller.appendChild(map.svg);
  if (sel.zoom > 1) {
    map.svg.classList.add("zoomed");
    map.svg.style.width = `${Math.round(sel.zoom * 100)}%`;
  }
  mapBox.appendChild(scroller);

  // A replay has no decision at hand: the map then takes the whole width.
  if (ctx.interactive || ctx.prompt) {
    wrap.appendChild(decision(view, ctx, w, { found, sel, targets, rotations, set, map }));
  } else {
    wrap.classList.add("no-decision");
  }
  wrap.appendChild(legend(view, w));
  const villages = h("div", "mw-villages");
  view.seats.forEach((seat, i) => villages.appendChild(village(view, seat, i, legal, ctx, w)));
  wrap.appendChild(villages);

  map.svg.addEventListener("click", (event) => {
    if (!ctx.interactive) return;
    const edge = event.target.closest("[data-edge-action]");
    if (edge) {
      ctx.onAct(edge.dataset.edgeAction);
      return;
    }
    const node = event.target.closest("[data-hex]");
    const name = node ? node.dataset.hex : null;
    if (name && rotations.length && view.drawn_tile && name === view.drawn_tile.hex) {
      set({ preview: (sel.preview + 1) % rotations.length });
      return;
    }
    if (name && targets.has(name)) {
      const items = targets.get(name);
      if (items.length === 1) {
        selections.set(container, { ...sel, at: null, to: null });
        ctx.onAct(items[0].action);
        return;
      }
      set({ to: name });
    } else if (name && name !== sel.at && found.at.has(name)) {
      const here = found.at.get(name);
      if (here.length === 1 && !here[0].to) {
        ctx.onAct(here[0].item.action);
        return;
      }
      set({ at: name, to: null });
    } else {
      set({ at: null, to: null });
    }
  });
}

// Above the map: the zoom (the map scrolls when zoomed in). The round is in the turn card and the
// pile under the players: a phone shows the map first.
function zoomBar(view, w, sel, set) {
  const bar = h("div", "mw-zoom");
  const out = h("button", "mw-zoom-out", "−");
  out.title = w.t("mw.ui.zoom_out");
  out.setAttribute("aria-label", out.title);
  out.disabled = sel.zoom <= 1;
  out.onclick = () => set({ zoom: Math.max(1, sel.zoom / 1.5) });
  const inn = h("button", "mw-zoom-in", "+");
  inn.title = w.t("mw.ui.zoom_in");
  inn.setAttribute("aria-label", inn.title);
  inn.disabled = sel.zoom >= 3.3;
  inn.onclick = () => set({ zoom: Math.min(3.375, sel.zoom * 1.5) });
  bar.append(out, inn);
  return bar;
}

// ---------------------------------------------------------------- the map

function drawMap(view, ctx, w, { found, sel, targets, rotations }) {
  const tiles = new Map(view.map.map((tile) => [tile.hex, tile]));
  const villageAt = new Map();
  view.villages.forEach((hexes, seat) => hexes.forEach((name, i) => villageAt.set(name, [seat, i])));
  const drawn = view.drawn_tile || null;
  const hexes = new Set([...tiles.keys(), ...villageAt.keys()]);
  if (drawn) hexes.add(drawn.hex);
  const unexplored = new Set();
  for (const name of tiles.keys()) {
    for (let d = 0; d < 6; d++) {
      const next = neighbour(name, d);
      if (!hexes.has(next)) unexplored.add(next);
    }
  }
  for (const name of [...found.at.keys(), ...targets.keys()]) {
    if (!hexes.has(name)) unexplored.add(name);
  }
  const all = [...hexes, ...unexplored];
  const points = all.map(coords);
  const pad = R + 6;
  const minX = Math.min(...points.map((p) => p[0])) - pad;
  const minY = Math.min(...points.map((p) => p[1])) - pad;
  const width = Math.max(...points.map((p) => p[0])) - minX + pad;
  const height = Math.max(...points.map((p) => p[1])) - minY + pad;
  const svg = el("svg", { viewBox: `${minX.toFixed(0)} ${minY.toFixed(0)} ${width.toFixed(0)} ${height.toFixed(0)}`,
    class: "board mw-board", role: "img", "aria-label": w.t("mw.ui.map") });
  const defs = el("defs", {}, svg);
  const marker = el("marker", { id: "mw-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5,
    markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" }, defs);
  el("path", { d: "M0 0 L10 5 L0 10 z", class: "mw-arrow-head" }, marker);

  const last = lastPlaces(ctx.last, view);
  const gates = new Map(view.gates.map((name, seat) => [name, seat]));
  const upgrades = new Map(view.upgrades.map(([name, token]) => [name, token]));
  const trees = new Set(view.trees);
  const layers = { hexes: el("g", { class: "mw-hexes" }, svg) };
  layers.preview = el("g", { class: "mw-preview" }, svg);
  layers.forest = el("g", { class: "mw-forests" }, svg);
  layers.troops = el("g", { class: "mw-troops" }, svg);
  layers.edges = el("g", { class: "mw-edge-choices" }, svg);
  layers.last = el("g", { class: "mw-last" }, svg);

  for (const name of all) {
    const [cx, cy] = coords(name);
    const classes = ["hex"];
    const tile = tiles.get(name);
    const place = villageAt.get(name);
    if (!tile && !place) classes.push("empty");
    if (found.at.has(name)) classes.push("actionable");
    if (name === sel.at) classes.push("selected");
    if (targets.has(name)) classes.push("target");
    if (name === sel.to) classes.push("chosen");
    if (last.hexes.has(name)) classes.push("last");
    if (tile) classes.push(`kind-${tile.kind}`);
    if (drawn && name === drawn.hex && rotations.length) classes.push("cycle");
    const g = el("g", { class: classes.join(" "), "data-hex": name }, layers.hexes);
    const title = [];
    if (tile) {
      el("polygon", { points: hexPoints(cx, cy, R), fill: KIND_FILL[tile.kind] || "#ddd",
        class: "hex-shape" }, g);
      icon(g, tile.kind, cx, cy - R * 0.42, 1);
      if (tile.vp) el("text", { x: cx + 13, y: cy - R * 0.3, class: "hex-vp" }, g).textContent = `${tile.vp}★`;
      title.push(`${w.name("mw.kind", tile.kind)} — ${w.effect("mw.kind", tile.kind)}`);
      const token = upgrades.get(name);
      if (token) {
        const badge = el("g", { class: "mw-token" }, g);
        el("circle", { cx: cx - 15, cy: cy - R * 0.3, r: 8 }, badge);
        icon(badge, TOKEN_ICON[token], cx - 15, cy - R * 0.3, 0.6);
        title.push(`${w.name("mw.token", token)} — ${w.effect("mw.token", token)}`);
      }
      tile.forest.forEach((d) => {
        const key = edgeKey(name, d);
        const cleared = trees.has(key);
        const [a, b] = edgeCorners(cx, cy, d, R - 3.5);
        const line = el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1],
          class: `mw-forest${cleared ? " cleared" : ""}`, "data-edge": key }, layers.forest);
        el("title", {}, line).textContent = w.t(cleared ? "mw.ui.forest_cleared" : "mw.ui.forest");
      });
    } else if (place) {
      villageHex(g, view, w, place, cx, cy, title);
    } else if (drawn && name === drawn.hex) {
      el("polygon", { points: hexPoints(cx, cy, R), class: "hex-shape mw-drawn-spot" }, g);
    } else {
      el("polygon", { points: hexPoints(cx, cy, R), class: "hex-shape" }, g);
      title.push(w.t("mw.ui.unexplored"));
    }
    el("polygon", { points: hexPoints(cx, cy, R - 5), class: "hex-ring" }, g);
    if (gates.has(name)) {
      el("polygon", { points: hexPoints(cx, cy, R - 2.5), class: "gate",
        stroke: seatColor(gates.get(name)) }, g);
      title.push(w.t("mw.ui.gate", { player: playerName(ctx, gates.get(name)) }));
    }
    el("text", { x: cx, y: cy + R * 0.8, class: "hex-coord" }, g).textContent = name;
    const troops = view.troops.filter(([spot]) => spot === name);
    troops.forEach(([, owner, count], i) => {
      meeple(layers.troops, cx - (troops.length - 1) * 12 + i * 24 - 3, cy + 12, seatColor(owner), count);
      title.push(`${playerName(ctx, owner)}: ${count}`);
    });
    const offered = targets.get(name) || (found.at.get(name) || []).filter((x) => !x.to).map((x) => x.item);
    for (const item of offered.slice(0, 6)) title.push(`▸ ${label(w, item)}`);
    title.unshift(name);
    el("title", {}, g).textContent = title.join("\n");
  }
  for (const key of trees) {
    const [name, side] = key.split("/");
    const [cx, cy] = coords(name);
    const [a, b] = edgeCorners(cx, cy, Number(side));
    treeIcon(layers.forest, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2, w);
  }
  for (const [key, item] of found.edges) edgeChoice(layers.edges, key, item, w);
  drawLast(layers.last, last);
  const map = { svg, preview: layers.preview };
  map.showPreview = (rotation) => drawPreview(layers.preview, drawn, rotation, w);
  if (drawn && rotations.length) map.showPreview(rotations[sel.preview].parts.rotation);
  else if (drawn) map.showPreview(0);
  return map;
}

function playerName(ctx, seat) {
  return seatName(seat, ctx.t);
}

// A village slot on the map: the building's name, its defense spaces, the owner's colour.
function villageHex(g, view, w, [seat, i], cx, cy, title) {
  const slot = view.seats[seat].slots[i];
  el("polygon", { points: hexPoints(cx, cy, R), class: "hex-shape mw-slot-hex" }, g);
  el("polygon", { points: hexPoints(cx, cy, R - 3), class: `owner${slot && !slot[1] ? " site" : ""}`,
    stroke: seatColor(seat) }, g);
  if (!slot) {
    el("text", { x: cx, y: cy - 4, class: "hex-label muted" }, g).textContent = w.t("mw.ui.slot", { n: i + 1 });
    title.push(w.t("mw.ui.empty_slot", { n: i + 1 }));
    return;
  }
  const [code, built, node, defense] = slot;
  const name = w.name("mw.building", code);
  textLines(g, name, cx, cy - R * 0.52, 11, "hex-label");
  defenseDots(g, cx, cy + 2, view.capacity[seat][i], defense, built);
  title.push(`${name} — ${w.effect("mw.building", code)}`);
  const card = COMPONENTS.buildings[code];
  if (!built && card) {
    title.push(w.t("mw.ui.site", { i: Number(node.slice(1)), n: card.construction_length }));
  }
  title.push(w.t("mw.ui.defense", { taken: defense.length, n: view.capacity[seat][i] }));
}

// A name on one or two lines of at most `most` characters, centred.
function textLines(g, text, cx, y, most, cls) {
  const parts = text.split(" ");
  const lines = [];
  for (const part of parts) {
    if (lines.length && (lines[lines.length - 1] + " " + part).length <= most) lines[lines.length - 1] += ` ${part}`;
    else lines.push(part);
  }
  const shown = lines.length > 2 ? [lines[0], lines.slice(1).join(" ")] : lines;
  shown.forEach((line, k) => {
    el("text", { x: cx, y: y + k * 10, class: cls }, g).textContent = line;
  });
}

function meeple(parent, x, y, color, count) {
  const g = el("g", { transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`, class: "meeple" }, parent);
  el("circle", { cx: 0, cy: -6, r: 4.5, fill: color, stroke: "#222", "stroke-width": 0.8 }, g);
  el("path", { d: "M-6.5 7 L-5 -2 L5 -2 L6.5 7 Z", fill: color, stroke: "#222", "stroke-width": 0.8 }, g);
  if (count > 1) el("text", { x: 8, y: 6, class: "count" }, g).textContent = `×${count}`;
}

// The defense spaces of a building: circles on the built side, squares on the construction side,
// filled with the colour of the meeple on each.
function defenseDots(parent, cx, cy, capacity, defense, built, size = 4.2) {
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
  }
  return g;
}

// Small drawings of each kind of tile (and of the bonus of an upgrade token).
function icon(parent, kind, x, y, scale) {
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

function treeIcon(parent, x, y, w) {
  const g = el("g", { class: "tree", transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})` }, parent);
  el("path", { d: "M0 -9 L7 3 H-7 Z" }, g);
  el("rect", { x: -1.5, y: 3, width: 3, height: 5, class: "trunk" }, g);
  el("title", {}, g).textContent = `${w.name("mw.token", "tree")} — ${w.effect("mw.token", "tree")}`;
}

// A legal Tree edge: a thick highlight along the side and a wide hit area around it.
function edgeChoice(parent, key, item, w) {
  const [name, side] = key.split("/");
  const [cx, cy] = coords(name);
  const [a, b] = edgeCorners(cx, cy, Number(side));
  const mx = (a[0] + b[0]) / 2;
  const my = (a[1] + b[1]) / 2;
  const ux = (b[0] - a[0]) / R;
  const uy = (b[1] - a[1]) / R;
  // 1.2 R along and 1.2 R across: at a phone's scale (R ~ 37 px) a tap target of 40 px and
  // more both ways (0.6 R across was 22 px), short enough along the side to leave its corners
  // to the neighbouring sides.
  const half = R * 0.6;
  const thick = R * 0.6;
  const corners = [[half, thick], [half, -thick], [-half, -thick], [-half, thick]]
    .map(([s, n]) => `${(mx + ux * s - uy * n).toFixed(1)},${(my + uy * s + ux * n).toFixed(1)}`);
  const g = el("g", { class: "mw-edge-choice", "data-edge-action": item.action, "data-action": item.action,
    "data-edge": key }, parent);
  el("polygon", { points: corners.join(" "), class: "hit" }, g);
  el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "mark" }, g);
  el("title", {}, g).textContent = label(w, item);
}

// The hexes and arrow of the last action, from its parts (none when it names no place).
function lastPlaces(last, view) {
  const out = { hexes: new Set(), arrow: null };
  const p = last && last.parts;
  if (!p) return out;
  for (const field of ["hex", "from", "to", "other"]) if (p[field]) out.hexes.add(p[field]);
  if ((p.verb === "bomb" || p.verb === "conv") && view.villages[p.owner]) {
    out.hexes.add(view.villages[p.owner][p.spot - 1]);
  }
  if (p.from && p.to) out.arrow = [p.from, p.to];
  else if (p.verb === "bonus" && p.to) out.arrow = [p.hex, p.to];
  return out;
}

function drawLast(layer, last) {
  for (const name of last.hexes) {
    const [cx, cy] = coords(name);
    el("polygon", { points: hexPoints(cx, cy, R - 8), class: "hex-last" }, layer);
  }
  if (last.arrow) {
    const [a, b] = last.arrow.map(coords);
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    const cut = Math.min(R * 0.45, len / 3);
    el("line", { x1: a[0] + (dx / len) * cut, y1: a[1] + (dy / len) * cut, x2: b[0] - (dx / len) * cut,
      y2: b[1] - (dy / len) * cut, class: "mw-last-arrow", "marker-end": "url(#mw-arrow)" }, layer);
  }
}

// The drawn tile at its hex, laid in one rotation: its kind and its forest sides.
function drawPreview(layer, drawn, rotation, w) {
  layer.replaceChildren();
  if (!drawn) return;
  const [cx, cy] = coords(drawn.hex);
  const g = el("g", { class: "mw-drawn", "data-rotation": rotation }, layer);
  el("polygon", { points: hexPoints(cx, cy, R - 1), fill: KIND_FILL[drawn.kind] || "#ddd", class: "hex-shape" }, g);
  icon(g, drawn.kind, cx, cy - R * 0.42, 1);
  for (const d of drawn.forest[rotation] || []) {
    const [a, b] = edgeCorners(cx, cy, d, R - 4.5);
    el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "mw-forest preview" }, g);
  }
  el("polygon", { points: hexPoints(cx, cy, R - 5), class: "mw-drawn-ring" }, g);
  el("title", {}, g).textContent = `${w.name("mw.kind", drawn.kind)} — ${w.t("mw.ui.rotation", { n: rotation })}`;
}

// A small picture of the drawn tile in one rotation, for its button.
function rotationPicture(drawn, rotation) {
  const svg = el("svg", { viewBox: "-22 -22 44 44", class: "mw-rot-picture", width: 44, height: 44 });
  el("polygon", { points: hexPoints(0, 0, 20), fill: KIND_FILL[drawn.kind] || "#ddd", class: "hex-shape" }, svg);
  for (const d of drawn.forest[rotation] || []) {
    const [a, b] = edgeCorners(0, 0, d, 18);
    el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "mw-forest" }, svg);
  }
  return svg;
}

// ---------------------------------------------------------------- the decision at hand

function decision(view, ctx, w, { found, sel, targets, rotations, set, map }) {
  const { t } = w;
  const box = h("section", "panel actions-panel mw-decision");
  const prompt = h("h3", "mw-prompt", ctx.prompt ? w.tm(ctx.prompt) : "");
  box.appendChild(prompt);
  if (!ctx.interactive) {
    box.classList.add("idle");
    return box;
  }
  const hint = h("p", "hint small muted");
  const hints = [];
  if (found.at.size) hints.push(t(sel.at && targets.size ? "mw.ui.hint_target" : "mw.ui.hint_map"));
  if (found.edges.size) hints.push(t("mw.ui.hint_edge"));
  if (rotations.length) hints.push(t("mw.ui.hint_rotate"));
  hint.textContent = hints.join(" ");
  if (hints.length) box.appendChild(hint);

  // The actions of the selected hex (or of the chosen target), first.
  if (sel.at) {
    const chosen = sel.to && targets.has(sel.to) ? targets.get(sel.to)
      : (found.at.get(sel.at) || []).filter((x) => !x.to).map((x) => x.item);
    if (chosen.length) {
      const title = sel.to ? t("mw.ui.from_to", { from: sel.at, to: sel.to }) : t("mw.ui.on_hex", { hex: sel.at });
      box.appendChild(group(title, chosen, ctx, w, "mw-selected"));
    }
    const cancel = h("button", "mw-cancel", t("mw.ui.cancel"));
    cancel.onclick = () => set({ at: null, to: null });
    box.appendChild(cancel);
  }

  // Every action not chosen on the map, grouped by verb; map actions too when they are few.
  const mapped = found.rest.filter((item) => anchor(item, view));
  const few = mapped.length <= 8;
  const shown = found.rest.filter((item) => !anchor(item, view) || few);
  const byVerb = new Map();
  for (const item of shown) {
    const verb = (item.parts && item.parts.verb) || "other";
    if (!byVerb.has(verb)) byVerb.set(verb, []);
    byVerb.get(verb).push(item);
  }
  const order = [...byVerb.keys()].sort((a, b) => rank(a) - rank(b));
  for (const verb of order) {
    const items = byVerb.get(verb);
    if (verb === "build") box.appendChild(buildRows(items, ctx, w));
    else if (verb === "rotate") {
      box.appendChild(rotationChoices(items, view, ctx, w, { map, set, current: sel.preview }));
    }
    else box.appendChild(group(`${groupName(w, verb)} (${items.length})`, items, ctx, w, `verb-${verb}`));
  }
  return box;
}

function rank(verb) {
  const i = GROUPS.indexOf(verb);
  return i < 0 ? GROUPS.length : i;
}

function group(title, items, ctx, w, cls) {
  const box = h("fieldset", `action-group ${cls}`);
  box.appendChild(h("legend", "", title));
  for (const item of items) box.appendChild(actionButton(item, ctx, w));
  return box;
}

function actionButton(item, ctx, w, text = null) {
  const button = h("button", "", text || label(w, item));
  button.dataset.action = item.action;
  button.title = label(w, item);
  if (item.parts && item.parts.verb === "done") button.classList.add("mw-done");
  button.onclick = () => ctx.onAct(item.action);
  return button;
}

// Constructions (often dozens: every building on every free slot): a row per building with a
// button per slot, the building's effect on hover.
function buildRows(items, ctx, w) {
  const box = h("fieldset", "build-rows action-group");
  box.appendChild(h("legend", "", `${groupName(w, "build")} (${items.length})`));
  box.appendChild(h("p", "small muted", w.t("mw.ui.build_rows")));
  const rows = new Map();
  for (const item of items) {
    const { building, spot } = item.parts;
    if (!rows.has(building)) {
      const row = h("div", "build-row");
      const name = h("span", "build-name", w.name("mw.building", building));
      name.title = w.effect("mw.building", building);
      row.appendChild(name);
      rows.set(building, row);
      box.appendChild(row);
    }
    rows.get(building).appendChild(actionButton(item, ctx, w, w.t("mw.ui.slot", { n: spot })));
  }
  return box;
}

// One button per way of laying the drawn tile, each with its picture; pointing at one shows it
// on the map at the explored hex, as clicking that hex or "next" cycles through them.
function rotationChoices(items, view, ctx, w, { map, set, current }) {
  const box = h("fieldset", "action-group mw-rotations");
  const drawn = view.drawn_tile;
  box.appendChild(h("legend", "", drawn
    ? w.t("mw.ui.drawn", { kind: w.name("mw.kind", drawn.kind), hex: drawn.hex })
    : w.t("mw.verb.rotate")));
  items.forEach((item, i) => {
    const button = h("button", `mw-rot${i === current ? " previewed" : ""}`);
    button.dataset.action = item.action;
    button.title = label(w, item);
    if (drawn) button.appendChild(rotationPicture(drawn, item.parts.rotation));
    button.appendChild(h("span", "small", label(w, item)));
    button.onclick = () => ctx.onAct(item.action);
    const show = () => map.showPreview(item.parts.rotation);
    button.addEventListener("mouseenter", show);
    button.addEventListener("focus", show);
    button.addEventListener("mouseleave", () => map.showPreview(items[current].parts.rotation));
    box.appendChild(button);
  });
  const next = h("button", "mw-cycle", w.t("mw.ui.next_rotation"));
  next.onclick = () => set({ preview: (current + 1) % items.length });
  box.appendChild(next);
  return box;
}

// ---------------------------------------------------------------- legend

function legend(view, w) {
  const box = h("details", "panel mw-legend");
  box.open = typeof window !== "undefined" && window.matchMedia
    ? window.matchMedia("(min-width: 1150px)").matches : true;
  box.appendChild(h("summary", "", w.t("mw.ui.legend")));
  const list = h("ul", "mw-legend-list");
  const kinds = [...new Set([...view.map.map((tile) => tile.kind), ...(view.drawn_tile ? [view.drawn_tile.kind] : [])])];
  for (const kind of kinds) {
    const svg = el("svg", { viewBox: "-14 -14 28 28", width: 26, height: 26, class: "mw-legend-icon" });
    el("polygon", { points: hexPoints(0, 0, 13), fill: KIND_FILL[kind] || "#ddd" }, svg);
    icon(svg, kind, 0, 0, 0.9);
    list.appendChild(entry(svg, w.name("mw.kind", kind), w.effect("mw.kind", kind)));
  }
  for (const token of new Set(view.upgrades.map(([, code]) => code))) {
    const svg = el("svg", { viewBox: "-14 -14 28 28", width: 26, height: 26, class: "mw-legend-icon mw-token" });
    el("circle", { cx: 0, cy: 0, r: 11 }, svg);
    icon(svg, TOKEN_ICON[token], 0, 0, 0.8);
    list.appendChild(entry(svg, w.name("mw.token", token), w.effect("mw.token", token)));
  }
  if (view.map.some((tile) => tile.forest.length) || view.drawn_tile) {
    const svg = el("svg", { viewBox: "-14 -14 28 28", width: 26, height: 26, class: "mw-legend-icon" });
    el("line", { x1: -10, y1: 6, x2: 10, y2: 6, class: "mw-forest" }, svg);
    list.appendChild(entry(svg, w.t("mw.ui.forest"), w.t("mw.ui.legend_forest")));
  }
  if (view.trees.length || view.seats.some((seat) => seat.tree)) {
    const svg = el("svg", { viewBox: "-14 -14 28 28", width: 26, height: 26, class: "mw-legend-icon" });
    treeIcon(svg, 0, 2, w);
    list.appendChild(entry(svg, w.name("mw.token", "tree"), w.effect("mw.token", "tree")));
  }
  const svg = el("svg", { viewBox: "-14 -14 28 28", width: 26, height: 26, class: "mw-legend-icon" });
  el("polygon", { points: hexPoints(0, 0, 12), class: "unexplored" }, svg);
  list.appendChild(entry(svg, w.t("mw.ui.unexplored"), w.t("mw.ui.legend_unexplored")));
  box.appendChild(list);
  return box;
}

function entry(picture, name, effect) {
  const li = h("li", "");
  li.appendChild(picture);
  const text = h("span", "");
  text.appendChild(h("strong", "", name));
  text.appendChild(document.createTextNode(` — ${effect}`));
  li.appendChild(text);
  return li;
}

// ---------------------------------------------------------------- villages

// Which villages a person opened or folded (by seat), kept across redraws.
const folds = new Map();

function village(view, seat, index, legal, ctx, w) {
  const { t } = w;
  const box = h("section", "panel mw-village");
  const acting = view.to_move === index;
  const spectator = ctx.seat === null || ctx.seat === undefined;
  const open = folds.has(index) ? folds.get(index) : acting || index === ctx.seat || spectator;
  const head = h("button", "mw-village-head");
  head.type = "button";
  head.setAttribute("aria-expanded", String(open));
  const swatch = h("span", "swatch");
  swatch.style.background = seatColor(index);
  head.append(h("span", "mw-fold", open ? "▾" : "▸"), swatch,
    `${seatName(index, t)} — ${t("mw.ui.vp", { n: view.vp[index] })}`);
  box.appendChild(head);
  // Folded, the body is not rendered at all (hidden), so nothing in it takes room or clicks.
  const fold = h("div", "mw-village-body");
  fold.hidden = !open;
  head.onclick = () => {
    folds.set(index, fold.hidden);
    fold.hidden = !fold.hidden;
    head.setAttribute("aria-expanded", String(!fold.hidden));
    head.firstChild.textContent = fold.hidden ? "▸" : "▾";
  };
  const tokens = seat.tokens.map((code) => w.name("mw.token", code));
  if (seat.tree) tokens.push(w.name("mw.token", "tree"));
  const stats = [
    [t("mw.ui.stock"), seat.stock], [t("mw.ui.depot"), seat.depot], [t("mw.ui.bravery"), `${seat.ladder}/7`],
    [t("mw.ui.mountain"), seat.mountain], [t("mw.ui.shields"), seat.shields],
    [t("mw.ui.tokens"), tokens.join(", ") || t("mw.ui.none")],
  ];
  const list = h("dl", "mw-stats small");
  for (const [key, value] of stats) {
    const pair = h("div", "");
    pair.append(h("dt", "", key), h("dd", "", String(value)));
    list.appendChild(pair);
  }
  fold.appendChild(list);
  const workers = new Map();
  if (ctx.interactive && acting) {
    for (const item of legal) {
      const p = item.parts || {};
      if (p.verb === "worker") workers.set(`${p.slot}:${p.node}`, item);
      if (p.verb === "prod") workers.set(`${p.worker}:${p.node}`, item);
    }
  }
  const slots = h("div", "mw-slots");
  seat.slots.forEach((slot, i) => {
    const card = h("div", "mw-slot");
    const n = i + 1;
    if (!slot) {
      card.appendChild(h("p", "muted small", t("mw.ui.empty_slot", { n })));
    } else {
      const [code, built, node, defense] = slot;
      const head = h("strong", "", `${n}. ${w.name("mw.building", code)}`);
      head.title = w.effect("mw.building", code);
      card.appendChild(head);
      const building = COMPONENTS.buildings[code];
      const state = built ? t("mw.ui.built")
        : t("mw.ui.site", { i: Number(node.slice(1)), n: building ? building.construction_length : "?" });
      card.appendChild(h("div", "small muted",
        `${state} · ${t("mw.ui.defense", { taken: defense.length, n: view.capacity[index][i] })}`));
      if (building) card.appendChild(pathDiagram(building, built, node, n, workers, ctx, w));
      if (defense.length) {
        const names = defense.map((owner) => seatName(owner, t)).join(", ");
        card.appendChild(h("div", "small", t("mw.ui.defenders", { names })));
      }
    }
    slots.appendChild(card);
  });
  fold.appendChild(slots);
  if (seat.available?.length) {
    const names = seat.available.map((code) => w.name("mw.building", code));
    fold.appendChild(h("p", "small muted", `${t("mw.ui.available")}: ${names.join(", ")}`));
  }
  if (seat.boxed?.length) {
    const names = seat.boxed.map((code) => w.name("mw.building", code));
    fold.appendChild(h("p", "small muted", `${t("mw.ui.boxed")}: ${names.join(", ")}`));
  }
  box.appendChild(fold);
  return box;
}

// The worker's path through a building (S, then branches a, b, c, to the leaves L1..L3), or the
// construction track (c0..cN) of a building still being built; legal worker moves are clickable.
function pathDiagram(building, built, node, slot, workers, ctx, w) {
  const nodes = [];
  const edges = [];
  const step = 30;
  if (built) {
    let row = 0;
    const seen = new Set();
    const place = (name, depth) => {
      seen.add(name);
      const children = (building.path[name] || []).filter((c) => !seen.has(c));
      nodes.push({ name, x: 16 + depth * 46, y: 16 + row * step });
      if (!children.length) row += 1;
      for (const child of children) {
        edges.push([name, child]);
        place(child, depth + 1);
      }
    };
    place("S", 0);
  } else {
    const track = [];
    for (let i = 0; i <= building.construction_length; i++) track.push(`c${i}`);
    track.forEach((name, i) => {
      nodes.push({ name, x: 16 + i * 40, y: 16 });
      if (i > 0) edges.push([track[i - 1], name]);
    });
  }
  const leafLabel = (n) => {
    const leaf = built ? building.leaves[n.name] : null;
    if (!leaf) return "";
    return `${w.name("mw.action", leaf[0])}${leaf[1] ? ` ${leaf[1]}` : ""}`;
  };
  const width = Math.max(...nodes.map((n) => n.x + 16 + leafLabel(n).length * 5.2));
  const height = Math.max(...nodes.map((n) => n.y)) + 18;
  const svg = el("svg", { viewBox: `0 0 ${width.toFixed(0)} ${height}`, class: "mw-path",
    width: Math.round(width * 1.45), height: Math.round(height * 1.45) });
  const at = new Map(nodes.map((n) => [n.name, n]));
  for (const [from, to] of edges) {
    const a = at.get(from);
    const b = at.get(to);
    el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "edge" }, svg);
  }
  for (const n of nodes) {
    const item = workers.get(`${slot}:${n.name}`);
    const g = el("g", { class: `node${n.name === node ? " worker" : ""}${item ? " target" : ""}`,
      "data-worker": `${slot}:${n.name}` }, svg);
    const text = leafLabel(n);
    el("rect", { x: n.x - 14, y: n.y - 14, width: 28 + text.length * 5.2, height: 28, class: "hit" }, g);
    el("circle", { cx: n.x, cy: n.y, r: 10 }, g);
    el("text", { x: n.x, y: n.y + 3.5, class: "node-name" }, g).textContent = n.name === "S" ? "•" : n.name;
    if (text) el("text", { x: n.x + 13, y: n.y + 4, class: "leaf" }, g).textContent = text;
    if (item) {
      el("title", {}, g).textContent = label(w, item);
      g.dataset.action = item.action;
      g.addEventListener("click", () => ctx.onAct(item.action));
    }
  }
  return svg;
}
