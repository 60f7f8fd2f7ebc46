// Rise of Tribes: the hex map in SVG, played by pointer or by keyboard, and named for screen
// readers. The map is one tab stop (a roving tabindex over its hexes); arrow keys move over the
// hexes, a hex's letter jumps to it, Enter or Space act as a click, Escape cancels (handled by
// the board). Every hex is named in the page's language: terrain, members of each player,
// villages, elders, invaders, tokens, a population over the limit, and its part in the decision.
// What can be chosen comes from the parts of the legal actions (sorted by the board), nothing
// else: no rule here.

import { el, h, hexPoints } from "./dom.js";
import {
  INVADER_COLOR, R, center, colour, countOffset, invaderShape, legendIcon, seatMarkIcon,
  seatShape, villageMark,
} from "./rise_of_tribes_marks.js";

const TERRAIN = { forest: "#5f9a4a", lake: "#5b9bd5", mountain: "#a39a8f" };

// Where the marks of a hex go: a row of two, a two-by-two grid, or rows of three.
function badgeSpots(count) {
  if (count <= 1) return [[0, 14]];
  if (count === 2) return [[-15, 14], [15, 14]];
  if (count === 3) return [[-15, 4], [15, 4], [0, 28]];
  if (count === 4) return [[-15, 4], [15, 4], [-15, 28], [15, 28]];
  return [[-25, 4], [0, 4], [25, 4], [-25, 28], [0, 28], [25, 28], [0, -8]];
}

/** Return the marks drawn in a hex, in order: each player's members, the invaders, the
 * Mammoth and the Tiger; each with a key that stays the same from view to view. */
export function hexMarks(hex, w) {
  const marks = [];
  hex.members.forEach((n, seat) => {
    if (n > 0) {
      marks.push({ kind: "seat", key: `seat${seat}`, seat, n,
        label: w.say("rot.ui.members_of", { n, player: w.player(seat) }) });
    }
  });
  if (hex.invaders) {
    marks.push({ kind: "invaders", key: "invaders", n: hex.invaders,
      label: w.say("rot.ui.invaders_n", { n: hex.invaders }) });
  }
  for (const [here, id] of [[hex.mammoth, "MA"], [hex.tiger, "ST"]]) {
    if (!here) continue;
    const card = w.component("rot.event", id);
    marks.push({ kind: "token", key: id, id, letter: card.name.slice(0, 1), name: card.name,
      label: `${card.name}: ${card.effect}` });
  }
  return marks;
}

/** Return where each mark of a hex sits, by its key: [x, y] in the map's units. */
export function markSpots(hex, marks) {
  const [cx, cy] = center(hex);
  const spots = badgeSpots(marks.length);
  return new Map(marks.map((mark, i) => [mark.key, [cx + spots[i][0], cy + spots[i][1]]]));
}

/** Draw a mark (a count in its owner's shape, or a token) at (x, y); its body is the part
 * that motion scales. */
export function drawMark(parent, mark, x, y) {
  const g = el("g", { transform: `translate(${x} ${y})`, class: `rot-badge ${mark.kind}`,
    "data-mark": mark.key }, parent);
  const body = el("g", { class: "rot-badge-body" }, g);
  if (mark.kind === "seat") {
    seatShape(body, mark.seat, 11.5, { fill: colour(mark.seat), class: "rot-badge-disc" });
    el("text", { y: countOffset(mark.seat), class: "rot-badge-count" }, body).textContent = String(mark.n);
  } else if (mark.kind === "invaders") {
    invaderShape(body, 11.5, { fill: INVADER_COLOR, class: "rot-badge-disc" });
    el("text", { y: 0.5, class: "rot-badge-count" }, body).textContent = String(mark.n);
  } else {
    el("circle", { r: 11.5, class: "rot-token-shape" }, body);
    el("text", { y: 0.5, class: "rot-token-letter" }, body).textContent = mark.letter;
  }
  return g;
}

// A label that keeps inside its hex: squeezed when longer than the hex is wide.
function label(parent, x, y, className, text, room) {
  const node = el("text", { x, y, class: className }, parent);
  node.textContent = text;
  if (text.length * 5.4 > room) {
    node.setAttribute("textLength", room);
    node.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return node;
}

/** Return the members and invaders in a hex (all that count against its population limit). */
function population(hex) {
  return hex.members.reduce((sum, n) => sum + n, 0) + (hex.invaders || 0);
}

/** Return whether a hex holds more than its population limit (the number the view gives). */
export function isOverLimit(hex) {
  return hex.limit != null && population(hex) > hex.limit;
}

// What a hex is in the decision at hand: a target of the selected hex, the selected hex, a hex
// with actions (one, or several), or nothing. Read from the sorted legal actions.
function partOf(name, legal, selected, targets, w) {
  if (targets.has(name)) return { kind: "target", words: w.say("rot.ui.target", { action: w.tm(targets.get(name).msg) }) };
  const here = legal.atHex.get(name) || [];
  const from = legal.pairs.get(name);
  if (name === selected) return { kind: "selected", words: w.say("rot.ui.selected") };
  if (!from && here.length === 1) return { kind: "act", words: w.say("rot.ui.choice", { action: w.tm(here[0].msg) }) };
  if (from || here.length) {
    return { kind: "act", words: w.say("rot.ui.choices", { n: (from ? from.size : 0) + here.length }) };
  }
  return null;
}

/** Return what a hex is, in the page's language, item by item: its accessible name (joined by
 * commas) and its tooltip (a line each), the same words, so that the name holds all the text
 * inside the button (WCAG 2.5.3). The limit is told on every hex (a tile or Drought changes it). */
function hexWords(hex, w, part, isLast) {
  const words = [w.say("rot.ui.hex", { hex: hex.name })];
  const ground = hex.terrain == null ? w.say("rot.ui.undealt") : w.component("rot.terrain", hex.terrain).name;
  words.push(hex.tile_id ? w.say("rot.ui.tile_on", { tile: w.component("rot.tile", hex.tile_id).name, terrain: ground })
    : ground);
  for (const mark of hexMarks(hex, w)) words.push(mark.kind === "token" ? mark.name : mark.label);
  if (hex.village != null) words.push(w.say("rot.ui.village_of", { player: w.player(hex.village) }));
  if (hex.elder != null) words.push(w.say("rot.ui.elder_of", { player: w.player(hex.elder) }));
  if (isOverLimit(hex)) words.push(w.say("rot.ui.over_limit", { limit: hex.limit }));
  else if (hex.limit != null) words.push(w.say("rot.ui.limit", { n: hex.limit }));
  if (hex.tile_id) {
    const tile = w.component("rot.tile", hex.tile_id);
    words.push(`${tile.name}: ${tile.effect}`);
  }
  if (isLast) words.push(w.say("rot.ui.last_move"));
  if (part) words.push(part.words);
  return words;
}

/**
 * Draw the map: its hexes, the volcano and the slots it may go to, with the map's instructions
 * and legend; return the box. `board` holds what survives redraws (the selected hex, the hex
 * with the tab stop) and `redraw` draws the board again after a choice that sends nothing.
 */
export function drawMap(ctx, w, legal, board, last, redraw) {
  const { view } = ctx;
  const selected = board.selected;
  const targets = selected && legal.pairs.has(selected) ? legal.pairs.get(selected) : new Map();
  const slots = [...legal.vents].map(([slot, item]) => {
    const [q, r] = view.volcano_slots?.[slot] || [];
    return q === undefined ? null : [{ q, r, slot }, item];
  }).filter(Boolean);
  const volcano = view.volcano ? { q: view.volcano[0], r: view.volcano[1] } : null;
  const centers = [...view.hexes, ...slots.map(([hex]) => hex), ...(volcano ? [volcano] : [])].map(center);
  const xs = centers.map((c) => c[0]);
  const ys = centers.map((c) => c[1]);
  const pad = R + 4;
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  const width = Math.max(...xs) - Math.min(...xs) + 2 * pad;
  const height = Math.max(...ys) - Math.min(...ys) + 2 * pad;

  const box = h("div", "rot-map-box");
  const keys = h("p", "rot-keys", w.say("rot.ui.map_keys"));
  keys.id = "rot-map-keys";
  const svg = el("svg", { viewBox: `${minX} ${minY} ${width} ${height}`, class: "board rot-board",
    role: "group", "aria-label": w.say("rot.ui.map"), "aria-describedby": "rot-map-keys", tabindex: -1 });
  box.append(svg);
  const defs = el("defs", {}, svg);
  const hatch = el("pattern", { id: "rot-hatch", width: 9, height: 9, patternUnits: "userSpaceOnUse",
    patternTransform: "rotate(45)" }, defs);
  el("rect", { width: 4, height: 9, class: "rot-hatch-light" }, hatch);
  el("rect", { x: 4, width: 1.6, height: 9, class: "rot-hatch-dark" }, hatch);

  const actions = new Map(); // key -> what a click or Enter on it does
  // The words and marks drawn on the hexes lie in a layer of their own above them, outside the
  // hexes' buttons: a button's name then need not contain its drawing's text (WCAG 2.5.3, label
  // in name), and a neighbour never covers a hex's marks.
  const overlay = [];
  for (const hex of view.hexes) {
    const [cx, cy] = center(hex);
    const name = hex.name;
    const part = partOf(name, legal, selected, targets, w);
    const isLast = last.hexes.has(name);
    const said = hexWords(hex, w, part, isLast);
    const classes = ["hex", hex.terrain];
    if (legal.pairs.has(name) || legal.atHex.has(name)) classes.push("actionable");
    if (name === selected) classes.push("selected");
    if (targets.has(name)) classes.push("target");
    if (isLast) classes.push("last");
    const key = `hex:${name}`;
    const g = el("g", { class: classes.join(" "), "data-hex": name, "data-key": key, "data-x": cx, "data-y": cy,
      role: "button", tabindex: -1, "aria-label": said.join(", ") }, svg);
    if (!part) g.setAttribute("aria-disabled", "true");
    else g.dataset.decision = "";
    actions.set(key, name);
    const art = el("g", { "aria-hidden": "true" }, g);
    el("polygon", { points: hexPoints(cx, cy, R - 1.5), fill: TERRAIN[hex.terrain] || "#ccc", class: "hex-shape" }, art);
    if (hex.tile_id) el("polygon", { points: hexPoints(cx, cy, R - 7), class: "hex-tile" }, art);
    if (targets.has(name)) el("polygon", { points: hexPoints(cx, cy, R - 4), class: "hex-hatch", fill: "url(#rot-hatch)" }, art);
    if (isLast) {
      el("polygon", { points: hexPoints(cx, cy, R - 12), class: "hex-last-shade" }, art);
      el("polygon", { points: hexPoints(cx, cy, R - 12), class: "hex-last" }, art);
    }
    el("polygon", { points: hexPoints(cx, cy, R - 6), class: "hex-ring-dark" }, art);
    el("polygon", { points: hexPoints(cx, cy, R - 6), class: "hex-ring" }, art);
    const marksOf = el("g", { class: "hex-marks", "data-marks-for": name });
    overlay.push(marksOf);
    el("text", { x: cx, y: cy - 26, class: "hex-name" }, marksOf).textContent = name;
    // While the setup is being dealt (a replay's first steps) a hex has no terrain yet.
    const ground = hex.terrain == null ? { name: w.say("rot.ui.undealt") } : w.component("rot.terrain", hex.terrain);
    const tile = hex.tile_id ? w.component("rot.tile", hex.tile_id) : null;
    label(marksOf, cx, cy - 14, "hex-terrain", tile ? tile.name : ground.name, 66);

    const marks = hexMarks(hex, w);
    const spots = markSpots(hex, marks);
    for (const mark of marks) drawMark(marksOf, mark, ...spots.get(mark.key));
    if (hex.village != null) villageMark(marksOf, cx + 30, cy - 3, hex.village);
    if (hex.elder != null) {
      const elder = el("g", { transform: `translate(${cx + 31} ${cy + 15})`, class: "elder" }, marksOf);
      seatShape(elder, hex.elder, 4.2, { fill: colour(hex.elder) });
    }
    // Over the population limit: members / limit on a tag by the hex's name.
    if (isOverLimit(hex)) {
      const tag = el("g", { class: "hex-over", transform: `translate(${cx + 17} ${cy - 29})` }, marksOf);
      el("rect", { x: -10.5, y: -6.5, width: 21, height: 13, rx: 3, class: "hex-over-tag" }, tag);
      el("text", { y: 0.5, class: "hex-over-text" }, tag).textContent = `${population(hex)}/${hex.limit}`;
    }

    el("title", {}, art).textContent = said.join("\n");
  }
  if (volcano) {
    const [cx, cy] = center(volcano);
    const g = drawVolcano(svg, volcano, "volcano", w.say("rot.ui.volcano"), overlay);
    Object.assign(g.dataset, { key: "volcano", x: cx, y: cy });
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", -1);
    g.setAttribute("aria-disabled", "true");
    g.setAttribute("aria-label", w.say("rot.ui.volcano"));
  }
  for (const [hex, item] of slots) {
    const [cx, cy] = center(hex);
    const g = drawVolcano(svg, hex, "volcano-slot actionable", w.say("rot.ui.volcano_here"), overlay);
    const key = `vent:${hex.slot}`;
    Object.assign(g.dataset, { action: item.action, key, x: cx, y: cy, decision: "" });
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", -1);
    g.setAttribute("aria-label", w.tm(item.msg));
    el("title", {}, g).textContent = w.tm(item.msg);
    actions.set(key, item);
  }

  const marksLayer = el("g", { class: "rot-map-marks", "aria-hidden": "true" }, svg);
  marksLayer.append(...overlay);

  // The focus ring: drawn last, so that no neighbour covers it, on the hex that has focus.
  const ring = el("g", { class: "rot-focus-ring", "aria-hidden": "true" }, svg);
  el("polygon", { points: hexPoints(0, 0, R + 2), class: "rot-focus-dark" }, ring);
  el("polygon", { points: hexPoints(0, 0, R + 2), class: "rot-focus-light" }, ring);
  // Whatever puts focus on a hex (a key, a click, the board after a redraw) makes it the tab stop.
  svg.addEventListener("focusin", (event) => {
    const node = event.target.closest?.("[data-key]");
    if (!node) return;
    ring.setAttribute("transform", `translate(${node.dataset.x} ${node.dataset.y})`);
    for (const other of svg.querySelectorAll('[data-key][tabindex="0"]')) other.setAttribute("tabindex", -1);
    node.setAttribute("tabindex", 0);
  });

  // The tab stop: the hex that had it, else the selected hex, a target, a hex to act on, the first.
  const stop = [board.focus && svg.querySelector(`[data-key="${CSS.escape(board.focus)}"]`), svg.querySelector(".selected"),
    svg.querySelector(".target"), svg.querySelector("[data-decision]"), svg.querySelector("[data-key]")].find(Boolean);
  if (stop) stop.setAttribute("tabindex", 0);

  function act(key) {
    if (!ctx.interactive || !actions.has(key)) return;
    const what = actions.get(key);
    if (typeof what !== "string") {
      ctx.onAct(what.action);
      return;
    }
    const name = what;
    if (targets.has(name)) {
      board.selected = null;
      ctx.onAct(targets.get(name).action);
      return;
    }
    if (name !== selected && (legal.pairs.has(name) || legal.atHex.has(name))) {
      const only = legal.atHex.get(name) || [];
      if (!legal.pairs.has(name) && only.length === 1) {
        ctx.onAct(only[0].action);
        return;
      }
      board.selected = name;
    } else {
      board.selected = null;
    }
    redraw();
  }

  svg.addEventListener("click", (event) => {
    const node = event.target.closest("[data-key]");
    if (node) board.focus = node.dataset.key;
    if (node) act(node.dataset.key);
    else if (ctx.interactive && board.selected) {
      board.selected = null;
      redraw();
    }
  });
  svg.addEventListener("keydown", (event) => {
    const node = event.target.closest?.("[data-key]");
    if (!node || event.altKey || event.ctrlKey || event.metaKey) return;
    let next = null;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act(node.dataset.key);
      return;
    }
    if (event.key.startsWith("Arrow")) next = neighbour(svg, node, event.key);
    else if (event.key.length === 1 && event.key.toLowerCase() >= "a" && event.key.toLowerCase() <= "z") {
      next = svg.querySelector(`[data-key="hex:${event.key.toLowerCase()}"]`);
    } else return;
    // The arrows are the map's here, not the page's (a replay steps with them elsewhere).
    event.preventDefault();
    event.stopPropagation();
    if (next) moveFocus(next, board);
  });

  box.append(keys, legend(view, w));
  return box;
}

// Focus a hex (which makes it the tab stop).
function moveFocus(node, board) {
  board.focus = node.dataset.key;
  node.focus();
}

// The hex an arrow key leads to: left and right along the row; up and down to the nearest row
// above or below, to the hex nearest across (up leans left and down leans right, so that up then
// down comes back).
function neighbour(svg, node, key) {
  const x = Number(node.dataset.x);
  const y = Number(node.dataset.y);
  const items = [...svg.querySelectorAll("[data-key]")].filter((item) => item !== node)
    .map((item) => ({ item, x: Number(item.dataset.x), y: Number(item.dataset.y) }));
  const along = (sign) => items.filter((o) => Math.abs(o.y - y) < 1 && sign * (o.x - x) > 0)
    .sort((a, b) => Math.abs(a.x - x) - Math.abs(b.x - x))[0];
  const across = (sign) => {
    const ahead = items.filter((o) => sign * (o.y - y) > 1);
    if (!ahead.length) return null;
    const row = Math.min(...ahead.map((o) => Math.abs(o.y - y)));
    return ahead.filter((o) => Math.abs(Math.abs(o.y - y) - row) < 1)
      .sort((a, b) => Math.abs(a.x - x) - Math.abs(b.x - x) || sign * (a.x - b.x))[0];
  };
  const found = { ArrowLeft: () => along(-1), ArrowRight: () => along(1), ArrowUp: () => across(-1),
    ArrowDown: () => across(1) }[key];
  return found ? found()?.item || null : null;
}

// A hex beside the map: the volcano, or a slot it may go to (a dashed outline to tap).
function drawVolcano(svg, hex, classes, words, overlay) {
  const [cx, cy] = center(hex);
  const g = el("g", { class: `hex ${classes}` }, svg);
  const art = el("g", { "aria-hidden": "true" }, g);
  el("polygon", { points: hexPoints(cx, cy, R - 1.5), class: "hex-shape" }, art);
  el("polygon", { points: hexPoints(cx, cy, R - 6), class: "hex-ring-dark" }, art);
  el("polygon", { points: hexPoints(cx, cy, R - 6), class: "hex-ring" }, art);
  el("path", { d: `M${cx - 16} ${cy + 6} L${cx - 5} ${cy - 12} L${cx + 5} ${cy - 12} L${cx + 16} ${cy + 6} Z`,
    class: "volcano-cone" }, art);
  const label = el("g", { class: `volcano-words${classes === "volcano" ? " placed" : ""}` });
  el("text", { x: cx, y: cy + 22, class: "volcano-label" }, label).textContent = words;
  overlay.push(label);
  return g;
}

// The key of the map: each player's mark, and the invaders, villages, tokens and population tags
// when the map shows some.
function legend(view, w) {
  const list = h("ul", "rot-legend");
  const item = (icon, text) => {
    const li = h("li", "");
    li.append(icon, h("span", "", text));
    list.appendChild(li);
  };
  for (const row of view.table) item(seatMarkIcon(row.seat), w.tm({ key: "rot.ui.player", params: { player: w.player(row.seat) } }));
  if (view.hexes.some((hex) => hex.invaders)) item(legendIcon("invaders"), w.say("rot.ui.invaders"));
  if (view.hexes.some((hex) => hex.village != null)) item(legendIcon("village"), w.say("rot.ui.village_mark"));
  if (view.hexes.some(isOverLimit)) item(legendIcon("over"), w.say("rot.ui.over_mark"));
  list.setAttribute("aria-label", w.say("rot.ui.legend"));
  return list;
}
