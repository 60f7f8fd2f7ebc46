// Rise of Tribes: the hex map in SVG, the action board with its dice queues, the events, the
// tribes with their goals, and a reference of every card in play with its effect.
// No rule and no reading of text here: what can be clicked comes from the parts of the legal
// actions the server sent (their table is in games/rise_of_tribes/notation.py), every word from
// the message catalogues (ctx.t, ctx.tm, ctx.component; keys rot.*).

import { el, h, hexPoints } from "./dom.js";
import { actionPanel } from "./generic.js";

const R = 48; // hex radius
export const COLORS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e"];
const INVADER_COLOR = "#4a4a4a";
const TERRAIN = { forest: "#5f9a4a", lake: "#5b9bd5", mountain: "#a39a8f" };
const FACE_LETTER = { sun: "S", moon: "M", blank: "B" };
const FACE_NAME = { S: "sun", M: "moon", B: "blank" };
const RESOURCES = [["w", "wood"], ["f", "food"], ["s", "stone"]];
const ROWS = ["grow", "move", "gather", "lead"];
const DEVELOPMENTS = new Set(["D1", "D2", "D3", "D4", "D5", "D6", "D7"]);

// The board's own stylesheet, next to this module, loaded once.
function ensureStyle() {
  if (document.getElementById("rot-style")) return;
  const link = document.createElement("link");
  link.id = "rot-style";
  link.rel = "stylesheet";
  link.href = new URL("./rise_of_tribes.css", import.meta.url).href;
  document.head.appendChild(link);
}

export function seatName(seat, t, view) {
  const tribe = view?.table?.[seat]?.tribe;
  return tribe ? `${tribe} (${t("player.n", { n: seat + 1 })})` : t("player.n", { n: seat + 1 });
}

// The score shown next to a player on the end-of-game screen (t words catalogue keys too).
const SCORE = "rot.ui.score_vp";
export function score(view, seat, t) {
  return t(SCORE, { n: view.table[seat].score });
}

export function seatColor(seat) {
  return COLORS[seat % COLORS.length];
}

// The words of the board: a catalogue message, a component, a player reference.
function words(ctx) {
  const tm = ctx.tm || ((message) => ctx.t(message.key, message.params));
  const say = (key, params = {}) => tm({ key, params });
  const component = (kind, id) => (ctx.component ? ctx.component(kind, id) : null) || { name: String(id), effect: "" };
  const player = (seat) => ({ ref: "player", id: seat });
  return { tm, say, component, player };
}

// "2 wood, 1 food and 1 stone" from {wood: 2, food: 1, stone: 1}, in the catalogue's words.
function amounts(counts) {
  const items = RESOURCES.filter(([, name]) => counts[name]).map(([letter, name]) => (
    { key: `rot.res.${letter}`, params: { n: counts[name] } }));
  if (!items.length) return { key: "rot.nothing", params: {} };
  const list = (rest) => (rest.length === 1 ? rest[0] : rest.length === 2
    ? { key: "rot.list.two", params: { first: rest[0], second: rest[1] } }
    : { key: "rot.list.more", params: { first: rest[0], rest: list(rest.slice(1)) } });
  return list(items);
}

// Sort the legal actions by what they act on, from their parts.
function sortLegal(legal) {
  const pairs = new Map(); // first hex -> Map(second hex -> item): MOVE, Evasion, a split start
  const atHex = new Map(); // hex -> [items]
  const dice = new Map(); // action row -> [items]: a die placed on that row
  const vents = new Map(); // volcano slot -> item
  const events = new Map(); // event id -> [items]: a die spent on it, or buying it
  const other = [];
  const add = (map, key, item) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(item);
  };
  for (const item of legal) {
    const p = item.parts || { verb: item.action };
    const second = p.to ?? p.second ?? null;
    const first = p.from ?? p.hex ?? null;
    if (p.verb === "place") add(dice, p.row, item);
    else if (p.verb === "vent") vents.set(p.slot, item);
    else if (first && second) {
      if (!pairs.has(first)) pairs.set(first, new Map());
      pairs.get(first).set(second, item);
    } else if (first) add(atHex, first, item);
    else if (p.event) add(events, p.event, item);
    else other.push(item);
  }
  return { pairs, atHex, dice, vents, events, other };
}

// The hexes, rows, goals and events the last move touched (from its parts).
function lastTouched(last) {
  const p = last?.parts || {};
  const hexes = new Set([p.hex, p.from, p.to, p.second].filter(Boolean));
  return { hexes, row: p.verb === "place" ? p.row : null, goal: p.goal || null,
    event: p.event || null, seat: last?.seat ?? null };
}

function center(hex) {
  return [R * Math.sqrt(3) * (hex.q + hex.r / 2), R * 1.5 * hex.r];
}

export function drawDie(parent, x, y, face, size = 22) {
  const g = el("g", { transform: `translate(${x} ${y})`, class: `die ${face}` }, parent);
  el("rect", { x: 0, y: 0, width: size, height: size, rx: 4, fill: "#fffdf5", stroke: "#5b4330", "stroke-width": 1.5 }, g);
  const c = size / 2;
  if (face === "sun") {
    el("circle", { cx: c, cy: c, r: size * 0.2, fill: "#f0a500" }, g);
    for (let i = 0; i < 8; i++) {
      const a = (Math.PI / 4) * i;
      el("line", { x1: c + Math.cos(a) * size * 0.27, y1: c + Math.sin(a) * size * 0.27,
        x2: c + Math.cos(a) * size * 0.4, y2: c + Math.sin(a) * size * 0.4,
        stroke: "#f0a500", "stroke-width": 1.6 }, g);
    }
  } else if (face === "moon") {
    el("circle", { cx: c, cy: c, r: size * 0.3, fill: "#4a5a8a" }, g);
    el("circle", { cx: c + size * 0.13, cy: c - size * 0.08, r: size * 0.26, fill: "#fffdf5" }, g);
  }
  return g;
}

// A die as a small standalone SVG (for HTML buttons and lists), named in the catalogue.
function dieIcon(face, w, size = 30) {
  const svg = el("svg", { viewBox: "-1 -1 24 24", width: size, height: size, class: "die-icon" });
  drawDie(svg, 0, 0, face, 22);
  el("title", {}, svg).textContent = w.component("rot.face", FACE_LETTER[face]).name;
  return svg;
}

const selections = new WeakMap();

export function render(container, ctx) {
  ensureStyle();
  const { view } = ctx;
  const w = words(ctx);
  const legal = sortLegal(ctx.interactive ? ctx.legal || [] : []);
  const last = lastTouched(ctx.last);
  let selected = selections.get(container) || null;
  if (selected && !legal.pairs.has(selected) && !legal.atHex.has(selected)) selected = null;
  selections.set(container, selected);

  container.replaceChildren();
  const wrap = h("div", "rot");
  container.appendChild(wrap);
  const popup = cardPopup(w);

  const top = h("div", "rot-top");
  wrap.appendChild(top);
  const mapColumn = h("div", "rot-map-column");
  const sideColumn = h("div", "rot-side-column");
  top.append(mapColumn, sideColumn);

  mapColumn.appendChild(map(container, ctx, w, legal, selected, last));
  const hint = h("p", "hint");
  if (legal.vents.size) hint.textContent = w.say("rot.ui.choose_volcano");
  else if (legal.pairs.size || legal.atHex.size) {
    hint.textContent = w.say(selected && legal.pairs.has(selected) ? "rot.ui.choose_target" : "rot.ui.choose_hex");
  }
  mapColumn.appendChild(hint);
  if (selected && legal.atHex.has(selected)) {
    const panel = actionPanel(legal.atHex.get(selected), ctx, w.say("rot.ui.on_hex", { hex: selected }));
    panel.classList.add("rot-hex-actions");
    mapColumn.appendChild(panel);
  }

  sideColumn.appendChild(actionBoard(view, w, legal, ctx, last, popup));
  sideColumn.appendChild(eventSlots(view, w, legal, ctx, last, popup));
  if (legal.other.length) {
    const panel = actionPanel(legal.other, ctx, w.say("rot.ui.other_actions"));
    panel.classList.add("rot-other-actions");
    sideColumn.appendChild(panel);
  }

  wrap.appendChild(tribes(view, w, ctx, last, popup));
  wrap.appendChild(cardsPanel(view, w));
  wrap.appendChild(popup.box);
}

// The box that shows a card's name and effect when its chip is tapped (hover shows the title).
function cardPopup(w) {
  const box = h("div", "rot-popup");
  box.hidden = true;
  box.setAttribute("role", "dialog");
  const name = h("strong", "rot-popup-name");
  const effect = h("p", "rot-popup-effect");
  const close = h("button", "rot-popup-close", w.say("rot.ui.close"));
  close.type = "button";
  close.onclick = () => { box.hidden = true; };
  box.append(name, effect, close);
  return {
    box,
    show(card) {
      name.textContent = card.name;
      effect.textContent = card.effect;
      box.hidden = false;
    },
  };
}

// A tappable chip naming a component: its effect on hover (title) and on tap (the popup).
function chip(w, popup, kind, id, extra = {}) {
  const card = w.component(kind, id);
  const button = h("button", `rot-chip ${extra.className || ""}`.trim());
  button.type = "button";
  button.dataset.kind = kind;
  button.dataset.id = id;
  button.appendChild(h("span", "rot-chip-name", `${extra.prefix || ""}${card.name}`));
  for (const line of extra.lines || []) if (line) button.appendChild(h("span", "rot-chip-line", line));
  button.title = `${card.name}: ${card.effect}`;
  button.onclick = () => popup.show(card);
  return button;
}

// --- the map ---------------------------------------------------------------------------------

// Where the badges of a hex go: a row of two, a two-by-two grid, or rows of three.
function badgeSpots(count) {
  if (count <= 1) return [[0, 14]];
  if (count === 2) return [[-15, 14], [15, 14]];
  if (count === 3) return [[-15, 4], [15, 4], [0, 28]];
  if (count === 4) return [[-15, 4], [15, 4], [-15, 28], [15, 28]];
  return [[-25, 4], [0, 4], [25, 4], [-25, 28], [0, 28], [25, 28], [0, -8]];
}

// A count on a disc of the seat's colour, or a token (Mammoth, Tiger) on a square.
function badge(parent, x, y, color, text, label, token = false) {
  const g = el("g", { transform: `translate(${x} ${y})`, class: `rot-badge${token ? " token" : ""}` }, parent);
  if (token) el("rect", { x: -11, y: -11, width: 22, height: 22, rx: 5, fill: color, class: "rot-badge-disc" }, g);
  else el("circle", { r: 11.5, fill: color, class: "rot-badge-disc" }, g);
  el("text", { y: 0.5, class: "rot-badge-count" }, g).textContent = text;
  el("title", {}, g).textContent = label;
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

function map(container, ctx, w, legal, selected, last) {
  const { view } = ctx;
  const targets = selected && legal.pairs.has(selected) ? legal.pairs.get(selected) : new Map();
  const slots = [...legal.vents].map(([slot, item]) => {
    const [q, r] = view.volcano_slots?.[slot] || [];
    return q === undefined ? null : [{ q, r }, item];
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
  const svg = el("svg", { viewBox: `${minX} ${minY} ${width} ${height}`, class: "board rot-board",
    role: "img", "aria-label": w.say("rot.ui.map") });

  for (const hex of view.hexes) {
    const [cx, cy] = center(hex);
    const classes = ["hex", hex.terrain];
    if (legal.pairs.has(hex.name) || legal.atHex.has(hex.name)) classes.push("actionable");
    if (hex.name === selected) classes.push("selected");
    if (targets.has(hex.name)) classes.push("target");
    if (last.hexes.has(hex.name)) classes.push("last");
    const g = el("g", { class: classes.join(" "), "data-hex": hex.name }, svg);
    el("polygon", { points: hexPoints(cx, cy, R - 1.5), fill: TERRAIN[hex.terrain] || "#ccc", class: "hex-shape" }, g);
    if (hex.tile_id) el("polygon", { points: hexPoints(cx, cy, R - 7), class: "hex-tile" }, g);
    el("polygon", { points: hexPoints(cx, cy, R - 5), class: "hex-ring" }, g);
    if (last.hexes.has(hex.name)) {
      el("polygon", { points: hexPoints(cx, cy, R - 10), class: "hex-last-shade" }, g);
      el("polygon", { points: hexPoints(cx, cy, R - 10), class: "hex-last" }, g);
    }
    el("text", { x: cx, y: cy - 26, class: "hex-name" }, g).textContent = hex.name;
    // While the setup is being dealt (a replay's first steps) a hex has no terrain yet.
    const ground = hex.terrain == null ? { name: w.say("rot.ui.undealt") } : w.component("rot.terrain", hex.terrain);
    const tile = hex.tile_id ? w.component("rot.tile", hex.tile_id) : null;
    label(g, cx, cy - 14, "hex-terrain", tile ? tile.name : ground.name, 66);

    const people = hex.members.map((n, seat) => [seat, n]).filter(([, n]) => n > 0);
    const who = people.map(([seat, n]) => [seatColor(seat), String(n),
      w.say("rot.ui.members_of", { n, player: w.player(seat) }), false]);
    if (hex.invaders) {
      who.push([INVADER_COLOR, String(hex.invaders), w.say("rot.ui.invaders_n", { n: hex.invaders }), false]);
    }
    // The Mammoth and the Tiger: a square token with the initial of their name.
    for (const [here, id, color] of [[hex.mammoth, "MA", "#6d4c41"], [hex.tiger, "ST", "#e65100"]]) {
      if (!here) continue;
      const card = w.component("rot.event", id);
      who.push([color, card.name.slice(0, 1), `${card.name}: ${card.effect}`, true]);
    }
    const spots = badgeSpots(who.length);
    who.forEach(([color, text, tip, token], i) => badge(g, cx + spots[i][0], cy + spots[i][1], color, text, tip, token));

    if (hex.village !== null && hex.village !== undefined) {
      el("path", { d: `M${cx + 25} ${cy - 2} l7 -7 l7 7 v8 h-14 z`, fill: seatColor(hex.village),
        class: "village" }, g);
    }
    if (hex.elder !== null && hex.elder !== undefined) {
      el("circle", { cx: cx + 32, cy: cy + 13, r: 4, fill: seatColor(hex.elder), class: "elder" }, g);
    }

    const tip = [`${w.say("rot.ui.hex", { hex: hex.name })}: ${ground.name}`];
    if (tile) tip.push(`${tile.name}: ${tile.effect}`);
    tip.push(w.say("rot.ui.limit", { n: hex.limit }));
    for (const [, , line] of who) tip.push(line);
    if (hex.village !== null && hex.village !== undefined) {
      tip.push(w.say("rot.ui.village_of", { player: w.player(hex.village) }));
    }
    if (hex.elder !== null && hex.elder !== undefined) tip.push(w.say("rot.ui.elder_of", { player: w.player(hex.elder) }));
    if (targets.has(hex.name)) tip.unshift(w.tm(targets.get(hex.name).msg));
    el("title", {}, g).textContent = tip.join("\n");
  }
  if (volcano) drawVolcano(svg, volcano, "volcano", w.say("rot.ui.volcano"));
  for (const [hex, item] of slots) {
    const g = drawVolcano(svg, hex, "volcano-slot actionable", w.say("rot.ui.volcano_here"));
    g.dataset.action = item.action;
    el("title", {}, g).textContent = w.tm(item.msg);
  }

  svg.addEventListener("click", (event) => {
    if (!ctx.interactive) return;
    const slot = event.target.closest(".volcano-slot[data-action]");
    if (slot) {
      ctx.onAct(slot.dataset.action);
      return;
    }
    const node = event.target.closest("[data-hex]");
    const name = node ? node.dataset.hex : null;
    if (name && targets.has(name)) {
      selections.set(container, null);
      ctx.onAct(targets.get(name).action);
      return;
    }
    if (name && name !== selected && (legal.pairs.has(name) || legal.atHex.has(name))) {
      const only = legal.atHex.get(name) || [];
      if (!legal.pairs.has(name) && only.length === 1) {
        ctx.onAct(only[0].action);
        return;
      }
      selections.set(container, name);
    } else {
      selections.set(container, null);
    }
    render(container, ctx);
  });
  return svg;
}

// A hex beside the map: the volcano, or a slot it may go to (a dashed outline to tap).
function drawVolcano(svg, hex, classes, label) {
  const [cx, cy] = center(hex);
  const g = el("g", { class: `hex ${classes}` }, svg);
  el("polygon", { points: hexPoints(cx, cy, R - 1.5), class: "hex-shape" }, g);
  el("polygon", { points: hexPoints(cx, cy, R - 5), class: "hex-ring" }, g);
  el("path", { d: `M${cx - 16} ${cy + 6} L${cx - 5} ${cy - 12} L${cx + 5} ${cy - 12} L${cx + 16} ${cy + 6} Z`,
    class: "volcano-cone" }, g);
  el("text", { x: cx, y: cy + 22, class: "volcano-label" }, g).textContent = label;
  return g;
}

// --- the action board --------------------------------------------------------------------------

// Each action row: its name (tap: its powers), its dice queue (slot 1 first), and, when the
// player places a die, the dice they may put there (a "!" marks Focused Effort).
function actionBoard(view, w, legal, ctx, last, popup) {
  const box = h("section", "panel rot-action-board");
  const rows = h("div", "rot-rows");
  for (const name of ROWS) {
    const choices = legal.dice.get(name) || [];
    const row = h("div", `rot-row${choices.length ? " playable" : ""}${last.row === name ? " last" : ""}`);
    row.dataset.row = name;
    row.appendChild(chip(w, popup, "rot.action", name, { className: "rot-row-title" }));
    const queue = h("div", "rot-queue");
    queue.title = w.say("rot.ui.queue");
    for (const face of view.rows[name] || []) queue.appendChild(dieIcon(face, w, 26));
    row.appendChild(queue);
    if (choices.length) {
      const picks = h("div", "rot-die-choices");
      for (const item of choices) {
        const face = FACE_NAME[item.parts.face];
        const button = h("button", `rot-die-choice die-choice${item.parts.focus ? " focus" : ""}`);
        button.type = "button";
        button.dataset.action = item.action;
        button.title = w.tm(item.msg);
        button.setAttribute("aria-label", button.title);
        button.appendChild(dieIcon(face, w, 30));
        if (item.parts.focus) button.appendChild(h("span", "rot-focus-mark", "!"));
        button.onclick = () => ctx.onAct(item.action);
        picks.appendChild(button);
      }
      row.appendChild(picks);
    }
    rows.appendChild(row);
  }
  box.appendChild(rows);
  const hand = h("div", "rot-hand");
  hand.appendChild(h("span", "rot-hand-label", w.say("rot.ui.hand")));
  for (const face of view.hand || []) hand.appendChild(dieIcon(face, w, 28));
  box.appendChild(hand);
  return box;
}

// The two event slots: each event's name (tap: its effect), its tokens, and the actions on it
// (a die spent on the Mammoth or the Tiger, buying it).
function eventSlots(view, w, legal, ctx, last, popup) {
  const box = h("section", "panel rot-events");
  box.appendChild(h("h3", "", w.say("rot.ui.events")));
  const slots = h("div", "rot-event-slots");
  for (const slot of view.events || []) {
    const card = h("div", `rot-event${slot.id && last.event === slot.id ? " last" : ""}`);
    if (!slot.id) {
      card.classList.add("empty");
      card.appendChild(h("span", "muted", w.say("rot.ui.no_event")));
    } else {
      card.appendChild(chip(w, popup, "rot.event", slot.id));
      if (Object.values(slot.tokens || {}).some((n) => n > 0)) {
        card.appendChild(h("small", "rot-tokens", w.say("rot.ui.tokens", { amounts: amounts(slot.tokens) })));
      }
      for (const item of legal.events.get(slot.id) || []) {
        const button = h("button", "rot-action", w.tm(item.msg));
        button.type = "button";
        button.dataset.action = item.action;
        button.onclick = () => ctx.onAct(item.action);
        card.appendChild(button);
      }
    }
    slots.appendChild(card);
  }
  box.appendChild(slots);
  box.appendChild(h("small", "muted", w.say("rot.ui.deck", { n: view.event_deck_size ?? 0 })));
  return box;
}

// --- the tribes ---------------------------------------------------------------------------------

function tribes(view, w, ctx, last, popup) {
  const box = h("section", "panel rot-tribes");
  box.appendChild(h("h3", "", w.say("rot.ui.tribes")));
  const grid = h("div", "rot-tribe-grid");
  for (const row of view.table) {
    const mine = view.player === row.seat;
    const card = h("div", `rot-tribe${mine ? " mine" : ""}${view.to_move === row.seat ? " to-move" : ""}`);
    card.dataset.seat = row.seat;
    card.style.setProperty("--seat", seatColor(row.seat));
    const head = h("div", "rot-tribe-head");
    const swatch = h("span", "swatch");
    swatch.style.background = seatColor(row.seat);
    // The player's name, unless it is the seat's own name (which already names the tribe).
    const named = w.say("rot.ui.player", { player: w.player(row.seat) });
    const who = named === seatName(row.seat, ctx.t, view) ? ctx.t("player.n", { n: row.seat + 1 }) : named;
    head.append(swatch, row.tribe == null
      ? h("span", "rot-tribe-name", `${who} · ${w.say("rot.ui.undealt")}`)
      : chip(w, popup, "rot.tribe", row.tribe, { className: "rot-tribe-name", prefix: `${who} · ` }));
    head.appendChild(h("strong", "rot-score", w.say("rot.ui.score_vp", { n: row.score })));
    card.appendChild(head);

    const stock = h("div", "rot-stock");
    for (const [letter, name] of RESOURCES) {
      const item = h("span", `rot-res ${name}`);
      item.append(h("b", "", String(row.resources[name])), ` ${w.component("rot.resource", letter).name}`);
      item.title = w.component("rot.resource", letter).effect;
      stock.appendChild(item);
    }
    stock.append(h("span", "rot-res", `${w.say("rot.ui.supply")} ${row.supply}`),
      h("span", "rot-res", `${w.say("rot.ui.villages")} ${row.villages}`));
    card.appendChild(stock);

    if ((row.powers || []).length) {
      const powers = h("div", "rot-chips");
      powers.appendChild(h("span", "rot-label", w.say("rot.ui.leader_powers")));
      for (const code of row.powers) powers.appendChild(chip(w, popup, "rot.power", code, { className: "power" }));
      card.appendChild(powers);
    }

    const goals = h("div", "rot-chips rot-goals");
    goals.appendChild(h("span", "rot-label", w.say("rot.ui.goals")));
    for (const goal of row.goals || []) {
      const lines = [w.say("rot.ui.goal_vp", { requirement: goal.requirement, n: goal.vp })];
      if (goal.progress) lines.push(w.tm(goal.progress));
      if (goal.ready) lines.push(w.say("rot.ui.ready"));
      const classes = ["goal", DEVELOPMENTS.has(goal.id) ? "development" : "achievement"];
      if (goal.done) classes.push("done");
      if (goal.ready) classes.push("ready");
      if (last.goal === goal.id && last.seat === row.seat) classes.push("last");
      goals.appendChild(chip(w, popup, "rot.goal", goal.id, { className: classes.join(" "),
        prefix: goal.done ? "✓ " : "", lines: goal.done ? [] : lines }));
    }
    if (!(row.goals || []).length) goals.appendChild(h("span", "muted", w.say("rot.ui.none")));
    goals.appendChild(h("small", "muted rot-deck", w.say("rot.ui.deck_size", { n: row.deck_size })));
    card.appendChild(goals);

    const owned = [...(row.acquired || [])];
    if (owned.length || row.tamed_mammoth) {
      const events = h("div", "rot-chips");
      events.appendChild(h("span", "rot-label", w.say("rot.ui.acquired")));
      for (const id of owned) events.appendChild(chip(w, popup, "rot.event", id, { className: "event" }));
      if (row.tamed_mammoth) events.appendChild(chip(w, popup, "rot.event", "MA", { className: "event",
        prefix: "✓ " }));
      card.appendChild(events);
    }
    grid.appendChild(card);
  }
  box.appendChild(grid);
  return box;
}

// --- the cards in play, with their effects -----------------------------------------------------

function cardsPanel(view, w) {
  const box = h("section", "panel rot-cards");
  box.appendChild(h("h3", "", w.say("rot.ui.cards")));
  const section = (title, entries) => {
    if (!entries.length) return;
    box.appendChild(h("h4", "", title));
    const list = h("dl", "rot-card-list");
    for (const [kind, id, owner] of entries) {
      const card = w.component(kind, id);
      const term = h("dt", "", owner ? `${card.name} (${owner})` : card.name);
      term.dataset.kind = kind;
      term.dataset.id = id;
      list.append(term, h("dd", "", card.effect));
    }
    box.appendChild(list);
  };
  const goals = new Set();
  for (const row of view.table) for (const goal of row.goals || []) goals.add(goal.id);
  section(w.say("rot.goal.title"), [...goals].sort().map((id) => ["rot.goal", id]));
  const events = (view.events || []).filter((slot) => slot.id).map((slot) => ["rot.event", slot.id]);
  for (const row of view.table) {
    for (const id of row.acquired || []) events.push(["rot.event", id, row.tribe]);
  }
  section(w.say("rot.event.title"), events);
  const powers = [];
  for (const row of view.table) for (const code of row.powers || []) powers.push(["rot.power", code, row.tribe]);
  section(w.say("rot.power.title"), powers);
  const tiles = [...new Set(view.hexes.map((hex) => hex.tile_id).filter(Boolean))].sort();
  section(w.say("rot.tile.title"), tiles.map((id) => ["rot.tile", id]));
  return box;
}

export function renderInfo(container, ctx) {
  const { view } = ctx;
  const round = { key: "rot.ui.round", params: { n: view.round } };
  container.textContent = ctx.tm ? ctx.tm(round) : ctx.t(round.key, round.params);
}
