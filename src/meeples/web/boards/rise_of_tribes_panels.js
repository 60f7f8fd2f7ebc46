// Rise of Tribes: the panels beside the map: the action board with its dice queues, the events,
// the tribes with their goals, the cards in play with their effects, and the box that shows a
// card's effect when its chip is tapped. Every control is a button (reached by Tab), keyed so
// that the board can put focus back on it after a redraw; every word from the catalogues.

import { el, h } from "./dom.js";
import { colour, seatMarkIcon } from "./rise_of_tribes_marks.js";

const FACE_LETTER = { sun: "S", moon: "M", blank: "B" };
const FACE_NAME = { S: "sun", M: "moon", B: "blank" };
const RESOURCES = [["w", "wood"], ["f", "food"], ["s", "stone"]];
const ROWS = ["grow", "move", "gather", "lead"];
const DEVELOPMENTS = new Set(["D1", "D2", "D3", "D4", "D5", "D6", "D7"]);

/** Return "2 wood, 1 food and 1 stone" from {wood: 2, food: 1, stone: 1} as a message. */
function amounts(counts) {
  const items = RESOURCES.filter(([, name]) => counts[name]).map(([letter, name]) => (
    { key: `rot.res.${letter}`, params: { n: counts[name] } }));
  if (!items.length) return { key: "rot.nothing", params: {} };
  const list = (rest) => (rest.length === 1 ? rest[0] : rest.length === 2
    ? { key: "rot.list.two", params: { first: rest[0], second: rest[1] } }
    : { key: "rot.list.more", params: { first: rest[0], rest: list(rest.slice(1)) } });
  return list(items);
}

/** Draw a die: a raised cube face with its symbol; the blank face is marked blank (a short bar),
 * so that it never reads as an empty slot. */
export function drawDie(parent, x, y, face, size = 22) {
  const g = el("g", { transform: `translate(${x} ${y})`, class: `die ${face}` }, parent);
  el("rect", { x: 0, y: 1.5, width: size, height: size, rx: 4, class: "die-edge" }, g);
  el("rect", { x: 0, y: 0, width: size, height: size - 1, rx: 4, class: "die-face" }, g);
  const c = size / 2;
  if (face === "sun") {
    el("circle", { cx: c, cy: c, r: size * 0.2, fill: "#c77c00" }, g);
    for (let i = 0; i < 8; i++) {
      const a = (Math.PI / 4) * i;
      el("line", { x1: c + Math.cos(a) * size * 0.27, y1: c + Math.sin(a) * size * 0.27,
        x2: c + Math.cos(a) * size * 0.4, y2: c + Math.sin(a) * size * 0.4,
        stroke: "#c77c00", "stroke-width": 1.6 }, g);
    }
  } else if (face === "moon") {
    el("circle", { cx: c, cy: c, r: size * 0.3, fill: "#4a5a8a" }, g);
    el("circle", { cx: c + size * 0.13, cy: c - size * 0.08, r: size * 0.26, class: "die-face-cut" }, g);
  } else {
    el("line", { x1: c - size * 0.2, y1: c, x2: c + size * 0.2, y2: c, class: "die-blank" }, g);
  }
  return g;
}

// A die as a small standalone SVG, hidden from assistive technology (its group is named).
function dieIcon(face, size = 30) {
  const svg = el("svg", { viewBox: "-1 -1 24 25", width: size, height: size, class: "die-icon",
    "aria-hidden": "true", focusable: "false" });
  drawDie(svg, 0, 0, face, 22);
  return svg;
}

// A row of dice named as a whole ("dice queue, slot 1 first: sun, moon, blank").
function diceRow(faces, w, className, key) {
  const row = h("div", className);
  const names = faces.map((face) => w.component("rot.face", FACE_LETTER[face]).name);
  row.setAttribute("role", "img");
  row.setAttribute("aria-label", w.say(key, { faces: names.length ? names.join(", ") : w.say("rot.ui.none") }));
  row.title = row.getAttribute("aria-label");
  for (const face of faces) row.appendChild(dieIcon(face, className === "rot-queue" ? 26 : 28));
  return row;
}

/** Return the box that shows a card's name and effect when its chip is tapped; it takes focus,
 * Escape or Close shut it and focus goes back to the chip. */
export function cardPopup(w) {
  const box = h("div", "rot-popup");
  box.hidden = true;
  box.id = "rot-popup";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-labelledby", "rot-popup-name");
  const name = h("strong", "rot-popup-name");
  name.id = "rot-popup-name";
  const effect = h("p", "rot-popup-effect");
  const close = h("button", "rot-popup-close", w.say("rot.ui.close"));
  close.type = "button";
  close.dataset.key = "popup-close";
  let opener = null;
  const shut = () => {
    box.hidden = true;
    if (opener?.isConnected) opener.focus();
  };
  close.onclick = shut;
  box.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      shut();
    }
  });
  box.append(name, effect, close);
  return {
    box,
    show(card, from) {
      opener = from;
      name.textContent = card.name;
      effect.textContent = card.effect;
      box.hidden = false;
      close.focus();
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
  button.dataset.key = `chip:${kind}:${id}:${extra.seat ?? ""}`;
  button.appendChild(h("span", "rot-chip-name", extra.text || `${extra.prefix || ""}${card.name}`));
  for (const line of extra.lines || []) if (line) button.appendChild(h("span", "rot-chip-line", line));
  button.title = `${card.name}: ${card.effect}`;
  button.setAttribute("aria-haspopup", "dialog");
  button.onclick = () => popup.show(card, button);
  return button;
}

// A button for one legal action, keyed by its action so that focus can come back to it.
function actionButton(item, ctx, className, content) {
  const button = h("button", className);
  button.type = "button";
  button.dataset.action = item.action;
  button.dataset.decision = "";
  button.onclick = () => ctx.onAct(item.action);
  if (typeof content === "string") button.textContent = content;
  else button.appendChild(content);
  return button;
}

/** The action board: each row's name (tap: its powers), its dice queue (slot 1 first), and,
 * when the player places a die, the dice they may put there (a "!" marks Focused Effort). */
export function actionBoard(view, w, legal, ctx, last, popup) {
  const box = h("section", "panel rot-action-board");
  box.setAttribute("aria-label", w.say("rot.action.title"));
  const rows = h("div", "rot-rows");
  for (const name of ROWS) {
    const choices = legal.dice.get(name) || [];
    const row = h("div", `rot-row${choices.length ? " playable" : ""}${last.row === name ? " last" : ""}`);
    row.dataset.row = name;
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", w.component("rot.action", name).name);
    // Tab reaches the row's name, which also reads its dice queue.
    const title = chip(w, popup, "rot.action", name, { className: "rot-row-title" });
    const queue = diceRow(view.rows[name] || [], w, "rot-queue", "rot.ui.queue_faces");
    queue.id = `rot-queue-${name}`;
    title.setAttribute("aria-describedby", queue.id);
    row.append(title, queue);
    if (choices.length) {
      const picks = h("div", "rot-die-choices");
      for (const item of choices) {
        const face = FACE_NAME[item.parts.face];
        const button = actionButton(item, ctx, `rot-die-choice die-choice${item.parts.focus ? " focus" : ""}`, dieIcon(face, 30));
        button.title = w.tm(item.msg);
        button.setAttribute("aria-label", button.title);
        if (item.parts.focus) button.appendChild(h("span", "rot-focus-mark", "!"));
        picks.appendChild(button);
      }
      row.appendChild(picks);
    }
    rows.appendChild(row);
  }
  box.appendChild(rows);
  const hand = h("div", "rot-hand");
  hand.appendChild(h("span", "rot-hand-label", w.say("rot.ui.hand")));
  hand.appendChild(diceRow(view.hand || [], w, "rot-hand-dice", "rot.ui.hand_faces"));
  box.appendChild(hand);
  return box;
}

/** The two event slots: each event's name (tap: its effect), its tokens, and the actions on it
 * (a die spent on the Mammoth or the Tiger, buying it). */
export function eventSlots(view, w, legal, ctx, last, popup) {
  const box = h("section", "panel rot-events");
  box.appendChild(h("h2", "", w.say("rot.ui.events")));
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
      for (const item of legal.events.get(slot.id) || []) card.appendChild(actionButton(item, ctx, "rot-action", w.tm(item.msg)));
    }
    slots.appendChild(card);
  }
  box.appendChild(slots);
  box.appendChild(h("small", "muted", w.say("rot.ui.deck", { n: view.event_deck_size ?? 0 })));
  return box;
}

/** The tribes: each player's mark and name with their tribe, score, stock, powers, goals and
 * events owned. */
export function tribes(view, w, ctx, last, popup, seatName) {
  const box = h("section", "panel rot-tribes");
  box.appendChild(h("h2", "", w.say("rot.ui.tribes")));
  const grid = h("div", "rot-tribe-grid");
  for (const row of view.table) {
    const mine = view.player === row.seat;
    const card = h("div", `rot-tribe${mine ? " mine" : ""}${view.to_move === row.seat ? " to-move" : ""}`);
    card.dataset.seat = row.seat;
    card.style.setProperty("--seat", colour(row.seat));
    const head = h("div", "rot-tribe-head");
    // The player as the page names them ("Alba", or the seat's name, which names the tribe).
    const named = w.tm({ key: "rot.ui.player", params: { player: w.player(row.seat) } });
    const own = named === seatName(row.seat, ctx.t, view);
    head.append(seatMarkIcon(row.seat, 20), row.tribe == null
      ? h("span", "rot-tribe-name", `${named} · ${w.say("rot.ui.undealt")}`)
      : chip(w, popup, "rot.tribe", row.tribe, { className: "rot-tribe-name", seat: row.seat,
        text: own ? named : `${named} · ${w.component("rot.tribe", row.tribe).name}` }));
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
      for (const code of row.powers) powers.appendChild(chip(w, popup, "rot.power", code, { className: "power", seat: row.seat }));
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
      goals.appendChild(chip(w, popup, "rot.goal", goal.id, { className: classes.join(" "), seat: row.seat,
        prefix: goal.done ? "✓ " : "", lines: goal.done ? [] : lines }));
    }
    if (!(row.goals || []).length) goals.appendChild(h("span", "muted", w.say("rot.ui.none")));
    goals.appendChild(h("small", "muted rot-deck", w.say("rot.ui.deck_size", { n: row.deck_size })));
    card.appendChild(goals);

    const owned = [...(row.acquired || [])];
    if (owned.length || row.tamed_mammoth) {
      const events = h("div", "rot-chips");
      events.appendChild(h("span", "rot-label", w.say("rot.ui.acquired")));
      for (const id of owned) events.appendChild(chip(w, popup, "rot.event", id, { className: "event", seat: row.seat }));
      if (row.tamed_mammoth) events.appendChild(chip(w, popup, "rot.event", "MA", { className: "event",
        prefix: "✓ ", seat: row.seat }));
      card.appendChild(events);
    }
    grid.appendChild(card);
  }
  box.appendChild(grid);
  return box;
}

/** The cards in play with their effects, by kind; nothing (not even a heading) when none is. */
export function cardsPanel(view, w) {
  const box = h("section", "panel rot-cards");
  box.appendChild(h("h2", "", w.say("rot.ui.cards")));
  let shown = 0;
  const section = (title, entries) => {
    if (!entries.length) return;
    shown += entries.length;
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
  return shown ? box : null;
}
