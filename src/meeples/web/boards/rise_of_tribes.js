// Rise of Tribes: the board. The hex map (rise_of_tribes_map.js) beside the decision at hand (its
// prompt, the actions on the selected hex, the other actions), the
// action board with its dice queues, the events, the tribes and the cards in play
// (rise_of_tribes_panels.js); the actions just played are animated (rise_of_tribes_motion.js).
// Played by pointer or by keyboard alone: focus stays on the same hex or control across
// redraws, Escape cancels a half-made choice. On a narrow screen the decision is a sheet at the
// bottom of the screen and the page scrolls to show every target of a new decision above it.
// No rule and no reading of text here: what can be chosen comes from the parts of the legal
// actions the server sent (their table is in games/rise_of_tribes/notation.py), every word from
// the message catalogues (ctx.t, ctx.tm, ctx.component; keys rot.*).

import { h } from "./dom.js";
import { actionPanel } from "./generic.js";
import { COLORS, colour, seatMarkIcon, words } from "./rise_of_tribes_marks.js";
import { drawMap } from "./rise_of_tribes_map.js";
import { animate } from "./rise_of_tribes_motion.js";
import { actionBoard, cardPopup, cardsPanel, drawDie, eventSlots, tribes } from "./rise_of_tribes_panels.js";

export { COLORS, drawDie };

// A seat's mark beside its name in the page's lists: its shape in its colour (colour never alone).
export function seatIcon(seat) {
  return seatMarkIcon(seat, 16);
}

// The board shows the prompt in its decision sheet, beside the choices it asks for.
export const showsPrompt = true;

// The board's own stylesheet, next to this module, loaded once; settles once it applies (the
// layout that scrolling to the targets measures depends on it).
let styled = null;
function ensureStyle() {
  if (styled) return styled;
  let link = document.getElementById("rot-style");
  if (link) return (styled = Promise.resolve());
  link = document.createElement("link");
  link.id = "rot-style";
  link.rel = "stylesheet";
  link.href = new URL("./rise_of_tribes.css", import.meta.url).href;
  styled = new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
  });
  document.head.appendChild(link);
  return styled;
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
  return colour(seat);
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

// --- what survives redraws: the selected hex, where focus was, the decision last shown ---------

const boards = new WeakMap();
let current = null; // the board on the page (one at a time)

// A pointer press outside the board means the person moved on: focus is not brought back.
document.addEventListener("pointerdown", (event) => {
  if (current && !current.container.contains(event.target)) current.inside = false;
}, true);

// The key a focusable element of the board is found by again after a redraw.
function keyOf(node) {
  const keyed = node?.closest?.("[data-key], [data-action]");
  if (!keyed) return null;
  return keyed.dataset.key || `act:${keyed.dataset.action}`;
}

function boardOf(container) {
  let board = boards.get(container);
  if (board) return board;
  board = { container, selected: null, focus: null, inside: false, decision: null, redraw: null };
  boards.set(container, board);
  container.addEventListener("focusin", (event) => {
    board.inside = true;
    board.focus = keyOf(event.target) || board.focus;
  });
  container.addEventListener("focusout", (event) => {
    if (event.relatedTarget && !container.contains(event.relatedTarget)) board.inside = false;
  });
  container.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !board.selected || !board.redraw) return;
    event.preventDefault();
    board.selected = null;
    board.redraw();
  });
  return board;
}

// Put focus back where it was before the redraw (the same hex or control), or, when that control
// is gone (its action was played), on the first control of the decision now asked, else on the
// map. Run after the match page has put the board back in the page.
function keepFocus(container, board) {
  queueMicrotask(() => {
    if (!board.inside || !board.focus) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const find = (key) => [...container.querySelectorAll("[data-key], [data-action]")].find((node) => keyOf(node) === key);
    const map = container.querySelector('.rot-board [tabindex="0"]');
    const onMap = board.focus.startsWith("hex:") || board.focus.startsWith("vent:");
    const next = find(board.focus) || (onMap ? map : container.querySelector("[data-decision]") || map);
    if (next) next.focus({ preventScroll: true });
  });
}

// Scroll the page so that every target of a new decision (hexes, dice, buttons), or when all
// its choices are in the sheet the hexes of the last move, shows between the top of the screen
// (or the effects banner) and the top of the decision sheet.
function showTargets(container, wrap) {
  ensureStyle().then(() => requestAnimationFrame(() => {
    if (!wrap.isConnected) return;
    const sheet = wrap.querySelector(".rot-decision");
    const outside = (nodes) => [...nodes].filter((node) => !sheet?.contains(node))
      .map((node) => node.getBoundingClientRect()).filter((rect) => rect.width > 0);
    // When every choice is in the sheet, the hexes the last move touched (a conflict there).
    let rects = outside(wrap.querySelectorAll("[data-decision]"));
    if (!rects.length) rects = outside(wrap.querySelectorAll(".rot-board .hex.last"));
    if (!rects.length) return;
    const top = Math.min(...rects.map((rect) => rect.top));
    const bottom = Math.max(...rects.map((rect) => rect.bottom));
    const banner = document.querySelector("#effects-banner.show");
    const ceiling = (banner ? banner.getBoundingClientRect().bottom : 0) + 8;
    const stuck = sheet && getComputedStyle(sheet).position === "sticky";
    const floor = window.innerHeight - (stuck ? sheet.getBoundingClientRect().height : 0) - 8;
    if (top >= ceiling && bottom <= floor) return;
    const fits = bottom - top <= floor - ceiling;
    window.scrollBy({ top: fits && bottom > floor ? bottom - floor : top - ceiling, behavior: "instant" });
  }));
}

// --- the board -----------------------------------------------------------------------------------

export function render(container, ctx) {
  ensureStyle();
  const board = boardOf(container);
  current = board;
  board.redraw = () => render(container, ctx);
  const { view } = ctx;
  const w = words(ctx);
  const legal = sortLegal(ctx.interactive ? ctx.legal || [] : []);
  const last = lastTouched(ctx.last);
  if (board.selected && !legal.pairs.has(board.selected) && !legal.atHex.has(board.selected)) board.selected = null;

  container.replaceChildren();
  const wrap = h("div", "rot");
  const popup = cardPopup(w);
  // The popup is fixed to the screen: outside .rot, whose container query would hold it.
  container.append(wrap, popup.box);

  const top = h("div", "rot-top");
  wrap.appendChild(top);
  const mapColumn = h("div", "rot-map-column");
  mapColumn.appendChild(drawMap(ctx, w, legal, board, last, board.redraw));
  top.appendChild(mapColumn);
  const sheet = decision(ctx, w, legal, board);
  if (sheet) top.appendChild(sheet);
  const sideColumn = h("div", "rot-side-column");
  top.appendChild(sideColumn);
  sideColumn.appendChild(actionBoard(view, w, legal, ctx, last, popup));
  sideColumn.appendChild(eventSlots(view, w, legal, ctx, last, popup));

  wrap.appendChild(tribes(view, w, ctx, last, popup, seatName));
  const cards = cardsPanel(view, w);
  if (cards) wrap.appendChild(cards);

  if (ctx.motion) animate(wrap, wrap.querySelector(".rot-board"), ctx.motion, view, w);
  keepFocus(container, board);
  // A new decision (not the same one drawn again) brings its targets into view.
  const asked = ctx.interactive ? `${(ctx.legal || []).map((item) => item.action).join("|")} ${board.selected}` : null;
  if (asked && asked !== board.decision) showTargets(container, wrap);
  board.decision = asked;
}

// The decision at hand: the prompt, what to tap, the actions on the selected hex and the other
// actions (the match page lists every choice as well). Nothing when the player has nothing to
// decide.
function decision(ctx, w, legal, board) {
  const items = ctx.legal || [];
  if (!items.length) return null;
  const box = h("section", "panel rot-decision");
  box.setAttribute("aria-label", w.say("rot.ui.decision"));
  if (ctx.prompt) {
    const prompt = h("h2", "rot-prompt", w.tm(ctx.prompt)); // the board's first heading
    prompt.id = "rot-prompt";
    box.appendChild(prompt);
  }
  if (!ctx.interactive) return box;
  const selected = board.selected;
  let hint = null;
  if (legal.vents.size) hint = "rot.ui.choose_volcano";
  else if (legal.pairs.size || legal.atHex.size) {
    hint = selected && legal.pairs.has(selected) ? "rot.ui.choose_target" : "rot.ui.choose_hex";
  } else if (legal.dice.size) hint = "rot.ui.choose_die";
  if (hint) box.appendChild(h("p", "hint", w.say(hint)));
  const panel = (list, title, className) => {
    const node = actionPanel(list, ctx, title);
    node.classList.add(className);
    for (const button of node.querySelectorAll("button")) button.dataset.decision = "";
    box.appendChild(node);
  };
  if (selected && legal.atHex.has(selected)) {
    panel(legal.atHex.get(selected), w.say("rot.ui.on_hex", { hex: selected }), "rot-hex-actions");
  }
  if (legal.other.length) panel(legal.other, w.say("rot.ui.other_actions"), "rot-other-actions");
  return box;
}

export function renderInfo(container, ctx) {
  const { view } = ctx;
  const round = { key: "rot.ui.round", params: { n: view.round } };
  container.textContent = ctx.tm ? ctx.tm(round) : ctx.t(round.key, round.params);
}
