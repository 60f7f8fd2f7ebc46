// Meeple War's map in SVG: tiles by kind, forest edges, Trees, upgrade tokens, troops (each stack
// in its owner's colour and letter), gates, village slots, unexplored spaces, the drawn tile, the
// last action and the choices of the decision at hand. Every hex is a button with a name in the
// page's language (what is there, whose, and its part in the decision); the map is one group
// that the keyboard enters once (meeple_war_keys.js moves over it).

import { el, hexPoints } from "./dom.js";
import {
  R, KIND_FILL, TOKEN_ICON, coords, neighbour, edgeCorners, edgeKey, stackAt, seatColor, seatLetter,
  label, meeple, defenseDots, fitName, icon, treeIcon,
} from "./meeple_war_draw.js";
import { offeredAt } from "./meeple_war_panel.js";

let COMPONENTS = { buildings: {}, tiles: {} };
try {
  const response = await fetch("/api/games/meeple_war/components");
  if (response.ok) COMPONENTS = await response.json();
} catch {
  // Without the building paths the board still draws, without path diagrams.
}

// A building's card as this match plays it: the printed one, its path and leaves replaced by
// the view's when the match's setup changes them (a quick-start setup's shorter cycle or other
// action).
export function buildingCard(code, view) {
  const printed = COMPONENTS.buildings[code];
  const changed = view && view.cards && view.cards[code];
  if (!printed || !changed) return printed;
  return { ...printed, path: changed.path, leaves: changed.leaves };
}

export function drawMap(view, ctx, w, { found, sel, targets, rotations }) {
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
  // Reading order, row by row: the order of the hexes for a screen reader and the arrow keys.
  const all = [...hexes, ...unexplored].map((name) => [name, ...coords(name)])
    .sort((a, b) => a[2] - b[2] || a[1] - b[1]).map(([name]) => name);
  const points = all.map(coords);
  const pad = R + 6;
  const minX = Math.min(...points.map((p) => p[0])) - pad;
  const minY = Math.min(...points.map((p) => p[1])) - pad;
  const width = Math.max(...points.map((p) => p[0])) - minX + pad;
  const height = Math.max(...points.map((p) => p[1])) - minY + pad;
  const svg = el("svg", { viewBox: `${minX.toFixed(0)} ${minY.toFixed(0)} ${width.toFixed(0)} ${height.toFixed(0)}`,
    class: "board mw-board", role: "group", "aria-label": w.t("mw.ui.map"),
    "aria-describedby": "mw-map-help" });
  // On a phone the map keeps its hexes 40 px wide or more, and scrolls (meeple_war.css).
  svg.style.setProperty("--mw-min-width", `${Math.ceil((width * 42) / (R * Math.sqrt(3)))}px`);
  const defs = el("defs", {}, svg);
  const marker = el("marker", { id: "mw-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5,
    markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" }, defs);
  el("path", { d: "M0 0 L10 5 L0 10 z", class: "mw-arrow-head" }, marker);

  const last = lastPlaces(ctx.last, view);
  const gates = new Map(view.gates.map((name, seat) => [name, seat]));
  const upgrades = new Map(view.upgrades.map(([name, token]) => [name, token]));
  const trees = new Set(view.trees);
  const hidden = { "aria-hidden": "true" };
  const layers = { hexes: el("g", { class: "mw-hexes" }, svg) };
  layers.preview = el("g", { class: "mw-preview", ...hidden }, svg);
  // The texts drawn on the hexes (coordinates, slot labels, building names, VP, letters): outside
  // the hex buttons, whose names say all of it in full (so that a button's visible text never
  // differs from its name, WCAG 2.5.3).
  layers.labels = el("g", { class: "mw-labels", ...hidden }, svg);
  layers.forest = el("g", { class: "mw-forests", ...hidden }, svg);
  layers.troops = el("g", { class: "mw-troops", ...hidden }, svg);
  layers.last = el("g", { class: "mw-last", ...hidden }, svg);
  layers.edges = el("g", { class: "mw-edge-choices" }, svg);
  layers.motion = el("g", { class: "mw-motion", ...hidden }, svg);
  // The keyboard's focus, over everything: a dark line inside a light one, around the whole hex.
  layers.focus = el("g", { class: "mw-focus", ...hidden }, svg);
  const ring = el("polygon", { class: "hex-focus", points: "" }, layers.focus);

  const map = { svg, layers, order: all, centre: new Map(), stacks: new Map(), info: new Map(),
    hex: new Map() };
  for (const name of all) {
    const [cx, cy] = coords(name);
    map.centre.set(name, [cx, cy]);
    const tile = tiles.get(name);
    const place = villageAt.get(name);
    const roles = {
      actionable: found.at.has(name), selected: name === sel.at, target: targets.has(name),
      chosen: name === sel.to, last: last.hexes.has(name),
      cycle: Boolean(drawn && name === drawn.hex && rotations.length),
    };
    const classes = ["hex", ...Object.keys(roles).filter((role) => roles[role])];
    if (!tile && !place) classes.push("empty");
    if (tile) classes.push(`kind-${tile.kind}`);
    const g = el("g", { class: classes.join(" "), "data-hex": name, role: "button",
      tabindex: "-1", "data-key": `hex:${name}` }, layers.hexes);
    map.hex.set(name, g);
    const said = [w.t("mw.ui.hex", { hex: name })]; // the accessible name, part by part
    const info = { heading: name, lines: [] }; // the panel a tap opens
    if (tile) {
      el("polygon", { points: hexPoints(cx, cy, R), fill: KIND_FILL[tile.kind] || "#ddd",
        class: "hex-shape" }, g);
      icon(g, tile.kind, cx, cy - R * 0.42, 1);
      if (tile.vp) el("text", { x: cx + 13, y: cy - R * 0.3, class: "hex-vp" }, layers.labels).textContent = `${tile.vp}★`;
      const kind = w.name("mw.kind", tile.kind);
      said.push(kind);
      info.heading = `${kind} (${name})`;
      info.lines.push(w.effect("mw.kind", tile.kind));
      if (tile.vp) said.push(w.t("mw.ui.vp", { n: tile.vp }));
      const token = upgrades.get(name);
      if (token) {
        const badge = el("g", { class: "mw-token" }, g);
        el("circle", { cx: cx - 15, cy: cy - R * 0.3, r: 8 }, badge);
        icon(badge, TOKEN_ICON[token], cx - 15, cy - R * 0.3, 0.6);
        said.push(w.t("mw.ui.token_on", { token: w.name("mw.token", token) }));
        info.lines.push(`${w.name("mw.token", token)} — ${w.effect("mw.token", token)}`);
      }
      tile.forest.forEach((d) => {
        const key = edgeKey(name, d);
        const cleared = trees.has(key);
        const [a, b] = edgeCorners(cx, cy, d, R - 3.5);
        const line = el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1],
          class: `mw-forest${cleared ? " cleared" : ""}`, "data-edge": key }, layers.forest);
        el("title", {}, line).textContent = w.t(cleared ? "mw.ui.forest_cleared" : "mw.ui.forest");
      });
      const sides = (list) => w.list(list.map((d) => w.t(`mw.ui.side.${d}`)));
      const forest = tile.forest.filter((d) => !trees.has(edgeKey(name, d)));
      if (forest.length) said.push(w.t("mw.ui.forest_on", { n: forest.length, sides: sides(forest) }));
      const treed = [0, 1, 2, 3, 4, 5].filter((d) => trees.has(edgeKey(name, d)));
      if (treed.length) said.push(w.t("mw.ui.tree_on", { n: treed.length, sides: sides(treed) }));
    } else if (place) {
      villageHex(g, layers.labels, view, w, place, cx, cy, said, info);
    } else if (drawn && name === drawn.hex) {
      el("polygon", { points: hexPoints(cx, cy, R), class: "hex-shape mw-drawn-spot" }, g);
      const rotation = rotations.length ? rotations[sel.preview].parts.rotation : 0;
      said.push(w.t("mw.ui.drawn_spot", { kind: w.name("mw.kind", drawn.kind), rotation }));
      info.heading = `${w.name("mw.kind", drawn.kind)} (${name})`;
      info.lines.push(w.effect("mw.kind", drawn.kind));
    } else {
      el("polygon", { points: hexPoints(cx, cy, R), class: "hex-shape" }, g);
      said.push(w.t("mw.ui.unexplored"));
      info.heading = `${w.t("mw.ui.unexplored")} (${name})`;
      info.lines.push(w.t("mw.ui.legend_unexplored"));
    }
    // The state of the hex in the decision: outlines told apart by shape, not colour alone.
    el("polygon", { points: hexPoints(cx, cy, R - 5), class: "hex-halo" }, g);
    el("polygon", { points: hexPoints(cx, cy, R - 5), class: "hex-ring" }, g);
    el("polygon", { points: hexPoints(cx, cy, R - 11), class: "hex-ring2" }, g);
    if (gates.has(name)) {
      const seat = gates.get(name);
      el("polygon", { points: hexPoints(cx, cy, R - 2.5), class: "gate", stroke: seatColor(seat) }, g);
      const gate = w.t("mw.ui.gate", { player: `${w.player(seat)} (${seatLetter(seat)})` });
      said.push(gate);
      info.lines.push(gate);
    }
    el("text", { x: cx, y: cy + R * 0.8, class: "hex-coord" }, layers.labels).textContent = name;
    const troops = view.troops.filter(([spot]) => spot === name);
    troops.forEach(([, owner, count], i) => {
      const [x, y] = stackAt(cx, cy, i, troops.length);
      map.stacks.set(`${name}|${owner}`, meeple(layers.troops, x, y, owner, count));
      const stack = w.t("mw.ui.meeples", { n: count, player: w.player(owner), letter: seatLetter(owner) });
      said.push(stack);
      info.lines.push(stack);
    });
    // Its part in the decision at hand, and what choosing it does when that is one thing.
    const offered = offeredAt(found, targets, name);
    if (roles.selected) said.push(w.t("mw.ui.role_selected"));
    if (roles.chosen) said.push(w.t("mw.ui.role_chosen"));
    else if (roles.target) said.push(w.t("mw.ui.role_target"));
    else if (roles.actionable && !roles.selected) said.push(w.t("mw.ui.role_actionable"));
    if (roles.cycle) said.push(w.t("mw.ui.role_cycle"));
    if (offered.length === 1 && (roles.target || roles.actionable)) said.push(label(w, offered[0]));
    else if (offered.length > 1 && !roles.selected) said.push(w.t("mw.ui.choices", { n: offered.length }));
    if (roles.last) said.push(w.t("mw.ui.role_last"));
    g.setAttribute("aria-label", said.join(", "));
    el("title", {}, g).textContent = [said.slice(1).join(", "), ...info.lines].join("\n");
    map.info.set(name, info);
  }
  for (const key of trees) {
    const [name, side] = key.split("/");
    const [cx, cy] = coords(name);
    const [a, b] = edgeCorners(cx, cy, Number(side));
    treeIcon(layers.forest, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2, w);
  }
  for (const [key, item] of found.edges) edgeChoice(layers.edges, key, item, w);
  drawLast(layers.last, last);
  map.showFocus = (name) => {
    const at = name && map.centre.get(name);
    ring.setAttribute("points", at ? hexPoints(at[0], at[1], R - 1.5) : "");
  };
  map.showPreview = (rotation) => drawPreview(layers.preview, drawn, rotation, w);
  if (drawn && rotations.length) map.showPreview(rotations[sel.preview].parts.rotation);
  else if (drawn) map.showPreview(0);
  return map;
}

// A village slot on the map: the building's name, its defense spaces, the owner's colour.
function villageHex(g, labels, view, w, [seat, i], cx, cy, said, info) {
  const slot = view.seats[seat].slots[i];
  el("polygon", { points: hexPoints(cx, cy, R), class: "hex-shape mw-slot-hex" }, g);
  el("polygon", { points: hexPoints(cx, cy, R - 3), class: `owner${slot && !slot[1] ? " site" : ""}`,
    stroke: seatColor(seat) }, g);
  el("text", { x: cx + R * 0.55, y: cy + R * 0.22, class: "owner-letter" }, labels).textContent = seatLetter(seat);
  const whose = w.t("mw.ui.slot_of", { n: i + 1, player: w.player(seat), letter: seatLetter(seat) });
  said.push(whose);
  if (!slot) {
    el("text", { x: cx, y: cy - 4, class: "hex-label muted" }, labels).textContent = w.t("mw.ui.slot", { n: i + 1 });
    said.push(w.t("mw.ui.empty"));
    info.heading = w.t("mw.ui.empty_slot", { n: i + 1 });
    info.lines.push(whose);
    return;
  }
  const [code, built, node, defense] = slot;
  const name = w.name("mw.building", code);
  fitName(labels, name, cx, cy - R * 0.42, "hex-label");
  defenseDots(labels, cx, cy + 3, view.capacity[seat][i], defense, built);
  const card = buildingCard(code, view);
  const state = built || !card ? w.t(built ? "mw.ui.built" : "mw.ui.site_short")
    : w.t("mw.ui.site", { i: Number(node.slice(1)), n: card.construction_length });
  const taken = w.t("mw.ui.defense", { taken: defense.length, n: view.capacity[seat][i] });
  said.push(name, state, taken);
  info.heading = name;
  info.lines.push(w.effect("mw.building", code), whose, state, taken);
  if (defense.length) {
    const names = w.list(defense.map((owner) => `${w.player(owner)} (${seatLetter(owner)})`));
    const on = w.t("mw.ui.defenders", { names });
    said.push(on);
    info.lines.push(on);
  }
}

// A legal Tree edge: a thick highlight along the side and a wide hit area around it, a button.
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
    "data-edge": key, role: "button", tabindex: "0", "aria-label": label(w, item),
    "data-key": `edge:${key}` }, parent);
  el("polygon", { points: corners.join(" "), class: "hit" }, g);
  el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "mark-halo" }, g);
  el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "mark" }, g);
  el("polygon", { points: corners.join(" "), class: "edge-focus" }, g);
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
    el("polygon", { points: hexPoints(cx, cy, R - 8), class: "hex-last-halo" }, layer);
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
