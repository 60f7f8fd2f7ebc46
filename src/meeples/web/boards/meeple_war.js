// Meeple War in SVG: the territory map, the decision at hand beside it (a sheet at the bottom of
// a phone's screen), a legend, and each player's village with its buildings and worker paths.
// Played by pointer or by keyboard alone (one tab stop for the map, arrow keys over its hexes,
// Enter or Space to choose, Escape to cancel), every hex named for screen readers, the actions
// just played animated. No rule and no parsing here: every legal action arrives with its parts
// ({verb, hex, from, to, count, ...}); words come from messages (ctx.tm), component names and
// effects from the catalogues (ctx.component), labels from ctx.t.
//
// The parts: meeple_war_draw.js (geometry, colours and letters, pieces), meeple_war_map.js (the
// map and its hexes' names), meeple_war_panel.js (where actions are chosen, the decision panel),
// meeple_war_villages.js (player boards, legend), meeple_war_keys.js (keyboard, focus, panning),
// meeple_war_motion.js (animation).

import { h } from "./dom.js";
import { COLORS, seatColor, seatLetter, words } from "./meeple_war_draw.js";
import { drawMap } from "./meeple_war_map.js";
import { decision, index } from "./meeple_war_panel.js";
import { legend, village } from "./meeple_war_villages.js";
import { bringIntoView, memory, restoreFocus, step } from "./meeple_war_keys.js";
import { animate } from "./meeple_war_motion.js";

export { COLORS, seatColor };

// A seat's mark beside its name in the page's lists: its letter on its colour, as on its stacks
// (the letter drawn by the stylesheet from data-letter, so it never joins the text it marks).
export function seatIcon(seat) {
  const mark = h("span", "mw-seat-icon");
  mark.dataset.letter = seatLetter(seat);
  mark.style.background = seatColor(seat);
  mark.setAttribute("aria-hidden", "true");
  return mark;
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

export function renderInfo(container, ctx) {
  const { view, t } = ctx;
  container.textContent = t("mw.ui.pile", { pile: view.pile_count });
}

// What a person has half chosen, per board container, across redraws: the selected hex and
// target, the previewed rotation, the zoom, the hex the keyboard is on (cursor), the hex whose
// info is open, the building whose effect is open, and where the focus goes next.
const selections = new WeakMap();
const BLANK = { at: null, to: null, preview: 0, zoom: 1, cursor: null, info: null, open: null,
  focus: null, all: false };

export function render(container, ctx) {
  const { view } = ctx;
  const w = words(ctx);
  const legal = ctx.interactive ? ctx.legal || [] : [];
  const found = index(legal, view);
  const kept = memory(container);
  let sel = { ...BLANK, ...(selections.get(container) || {}) };
  if (sel.at && !found.at.has(sel.at)) sel = { ...sel, at: null, to: null };
  const targets = new Map(); // target hex -> items, for the selected hex
  for (const { item, to } of (sel.at && found.at.get(sel.at)) || []) {
    if (!to) continue;
    if (!targets.has(to)) targets.set(to, []);
    targets.get(to).push(item);
  }
  const rotations = legal.filter((item) => item.parts && item.parts.verb === "rotate");
  if (sel.preview >= rotations.length) sel.preview = 0;
  const current = () => selections.get(container);
  const redraw = () => render(container, ctx);
  const note = (changes) => selections.set(container, { ...current(), ...changes });
  const set = (changes) => { note(changes); redraw(); };

  // An action chosen anywhere ends the half-made choice (the next decision starts afresh).
  const act = (action) => { note({ at: null, to: null }); ctx.onAct(action); };
  const board = { ...ctx, onAct: act };

  container.replaceChildren();
  const wrap = h("div", "mw");
  container.appendChild(wrap);
  const mapBox = h("div", "mw-map-box");
  wrap.appendChild(mapBox);
  const map = drawMap(view, ctx, w, { found, sel, targets, rotations });
  // The keyboard's one stop on the map: the hex it was on, else the selected one, else the
  // first that can be chosen, else the first.
  // Page Down and Page Up go over these: the targets of the selected hex, else the hexes to choose.
  const choosable = new Set(sel.at && targets.size ? [sel.at, ...targets.keys()] : found.at.keys());
  if (!sel.cursor || !map.hex.has(sel.cursor)) {
    sel.cursor = sel.at || map.order.find((name) => choosable.has(name)) || map.order[0] || null;
  }
  if (sel.info && !map.hex.has(sel.info)) sel.info = null;
  selections.set(container, sel);
  if (sel.cursor) map.hex.get(sel.cursor).setAttribute("tabindex", "0");
  mapBox.appendChild(zoomBar(w, sel, set));
  // The keys, in short while the map has the focus (in the zoom bar's row: nothing moves).
  const keys = h("span", "mw-map-keys small", w.t("mw.ui.map_keys"));
  keys.setAttribute("aria-hidden", "true");
  mapBox.lastChild.appendChild(keys);
  const scroller = h("div", "mw-map");
  scroller.appendChild(map.svg);
  if (sel.zoom > 1) {
    map.svg.classList.add("zoomed");
    map.svg.style.width = `${Math.round(sel.zoom * 100)}%`;
  }
  mapBox.appendChild(scroller);
  const help = h("p", "mw-map-help small", w.t("mw.ui.map_help"));
  help.id = "mw-map-help";
  mapBox.appendChild(help);
  if (sel.info) mapBox.appendChild(infoPanel(map.info.get(sel.info), w, set));

  // A replay has no decision at hand: the map then takes the whole width.
  let sheet = null;
  if (ctx.interactive || ctx.prompt) {
    sheet = decision(view, board, w, { found, sel, targets, rotations, set, note, map });
    wrap.appendChild(sheet);
  } else {
    wrap.classList.add("no-decision");
  }
  wrap.appendChild(legend(view, w));
  const villages = h("div", "mw-villages");
  view.seats.forEach((seat, i) => villages.appendChild(village(view, seat, i, legal, board, w, { set, sel })));
  wrap.appendChild(villages);

  // Choosing a hex: select it (its targets then show), then a target, then a count in the panel;
  // a hex with one action plays it; any other hex shows what it is.
  const press = (name) => {
    const now = current();
    if (!ctx.interactive) {
      set({ info: now.info === name ? null : name, cursor: name, focus: "info" });
      return;
    }
    if (rotations.length && view.drawn_tile && name === view.drawn_tile.hex) {
      set({ preview: (now.preview + 1) % rotations.length, cursor: name });
      return;
    }
    if (targets.has(name)) {
      const items = targets.get(name);
      if (items.length === 1) {
        note({ cursor: name });
        act(items[0].action);
        return;
      }
      set({ to: name, cursor: name, focus: "panel" });
    } else if (name !== now.at && found.at.has(name)) {
      const here = found.at.get(name);
      if (here.length === 1 && !here[0].to) {
        note({ cursor: name });
        act(here[0].item.action);
        return;
      }
      set({ at: name, to: null, cursor: name, info: null, focus: here.some((x) => x.to) ? null : "panel" });
    } else if (now.at) {
      set({ at: null, to: null, cursor: name });
    } else {
      set({ info: now.info === name ? null : name, cursor: name, focus: "info" });
    }
  };

  map.svg.addEventListener("click", (event) => {
    const edge = event.target.closest("[data-edge-action]");
    if (edge) {
      if (ctx.interactive) act(edge.dataset.edgeAction);
      return;
    }
    const node = event.target.closest("[data-hex]");
    if (node) press(node.dataset.hex);
    else if (current().at) set({ at: null, to: null });
  });
  map.svg.addEventListener("keydown", (event) => {
    const node = event.target.closest("[data-hex]");
    if (!node) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      press(node.dataset.hex);
      return;
    }
    const next = step(map.order, node.dataset.hex, event.key, kept.column, choosable);
    if (!next) return;
    event.preventDefault();
    kept.column = next.column;
    node.setAttribute("tabindex", "-1");
    const target = map.hex.get(next.name);
    target.setAttribute("tabindex", "0");
    selections.set(container, { ...current(), cursor: next.name });
    target.focus();
  });
  map.svg.addEventListener("focusin", (event) => {
    const node = event.target.closest("[data-hex]");
    map.showFocus(node && node.matches(":focus-visible") ? node.dataset.hex : null);
  });
  map.svg.addEventListener("focusout", () => map.showFocus(null));

  // Anywhere on the board: Escape closes what is open, else cancels the selection; Enter and
  // Space work the SVG buttons (Tree edges, worker steps) as a click does.
  wrap.addEventListener("keydown", (event) => {
    const now = current();
    if (event.key === "Escape") {
      if (now.info) set({ info: null, focus: "map" });
      else if (now.open) set({ open: null });
      else if (now.at) set({ at: null, to: null, focus: "map" });
      else return;
      event.preventDefault();
      return;
    }
    const button = event.target.closest("[data-action]");
    if ((event.key === "Enter" || event.key === " ") && button && button instanceof SVGElement) {
      event.preventDefault();
      if (ctx.interactive) act(button.dataset.action);
    }
  });
  wrap.addEventListener("click", (event) => {
    const worker = event.target.closest(".mw-path [data-action]");
    if (worker && ctx.interactive) act(worker.dataset.action);
  });

  // The actions just played, once per new state (not again when a selection redraws the board),
  // and those a redraw cut short, picked up where they were.
  const fresh = ctx.motion && kept.animated !== ctx.motion ? ctx.motion : null;
  if (fresh) kept.animated = fresh;
  animate(map, view, fresh, kept);
  placeFocus(container, kept, sel, map, sheet, choosable);
  if (ctx.interactive) bringIntoView(container, kept, map, sheet);
}

// Where the focus goes after this drawing: where a choice just sent it (the panel's actions for
// the hex, the map, the info panel), else where it was; when that control is gone, the next
// thing to decide: the first hex to choose, else the panel's first button, else the prompt.
function placeFocus(container, kept, sel, map, sheet, choosable) {
  const first = () => (sheet && sheet.querySelector(".mw-selected button, button")) || null;
  const cursor = () => (sel.cursor ? map.hex.get(sel.cursor) : null);
  const prompt = () => (sheet && sheet.querySelector(".mw-prompt")) || null;
  const fallback = () => {
    const hex = map.order.find((name) => choosable.has(name));
    if (!hex) return first() || prompt() || cursor();
    if (cursor()) cursor().setAttribute("tabindex", "-1");
    map.hex.get(hex).setAttribute("tabindex", "0");
    selections.set(container, { ...selections.get(container), cursor: hex });
    return map.hex.get(hex);
  };
  if (sel.focus) {
    const wanted = sel.focus;
    selections.set(container, { ...selections.get(container), focus: null });
    queueMicrotask(() => {
      const node = wanted === "panel" ? first()
        : wanted === "info" ? container.querySelector(".mw-info") || cursor() : cursor();
      if (node && node.isConnected) node.focus({ preventScroll: wanted !== "info" });
    });
    return;
  }
  restoreFocus(container, kept, fallback);
}

// Above the map: the zoom (the map scrolls when zoomed in). The round is in the turn card and the
// pile under the players: a phone shows the map first.
function zoomBar(w, sel, set) {
  const bar = h("div", "mw-zoom");
  const out = h("button", "mw-zoom-out", "−");
  out.type = "button";
  out.dataset.key = "zoom-out";
  out.title = w.t("mw.ui.zoom_out");
  out.setAttribute("aria-label", out.title);
  out.disabled = sel.zoom <= 1;
  out.onclick = () => set({ zoom: Math.max(1, sel.zoom / 1.5) });
  const inn = h("button", "mw-zoom-in", "+");
  inn.type = "button";
  inn.dataset.key = "zoom-in";
  inn.title = w.t("mw.ui.zoom_in");
  inn.setAttribute("aria-label", inn.title);
  inn.disabled = sel.zoom >= 3.3;
  inn.onclick = () => set({ zoom: Math.min(3.375, sel.zoom * 1.5) });
  bar.append(out, inn);
  return bar;
}

// What a hex is, opened by a tap or Enter on a hex with nothing to choose (a building's name and
// effect, a tile's, who stands there): a small dialog over the map, closed by × or Escape.
function infoPanel(info, w, set) {
  const box = h("section", "mw-info");
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-labelledby", "mw-info-title");
  box.tabIndex = -1;
  const title = h("h4", "", info.heading);
  title.id = "mw-info-title";
  const close = h("button", "mw-info-close", "×");
  close.type = "button";
  close.dataset.key = "info-close";
  close.setAttribute("aria-label", w.t("mw.ui.close"));
  close.onclick = () => set({ info: null, focus: "map" });
  box.append(close, title, ...info.lines.map((line) => h("p", "small", line)));
  return box;
}
