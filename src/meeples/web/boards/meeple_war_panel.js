// Meeple War's decision at hand: where each legal action is chosen on the map (from its parts),
// and the panel beside the map (a sheet at the bottom of a phone's screen) with the prompt, the
// actions of the selected hex, every action not chosen on the map, and the full list of the map's
// actions as buttons, the keyboard's and screen reader's way to every choice.

import { h } from "./dom.js";
import { edgeKey, groupName, label, rotationPicture } from "./meeple_war_draw.js";

// Verbs chosen on the map: by one hex, or from a hex to another.
const AT_HEX = new Set(["explore", "battle", "fly_to", "kill", "vp", "stealth", "burn", "rei",
  "upgrade", "bomb", "conv", "bonus", "dep"]);
const TWO_STEP = new Set(["move", "frighten"]);
// The order of the groups of buttons in the decision panel: Done always at the same place.
const GROUPS = ["done", "worker", "rotate", "build", "asm", "dep", "rei", "fly", "stealth",
  "fright", "burn", "bomb", "conv", "prod", "up", "bonus", "upgrade", "tree", "fly_to",
  "frighten", "explore", "battle", "kill", "vp", "move"];
// Up to this many map actions are also shown as buttons at once; more go into a folded list.
const FEW = 8;

// Where an action is chosen on the map: {at} a hex, {at, to} a move, {edge} a Tree; else null.
export function anchor(item, view) {
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

// The legal actions by place: hex -> [{item, to}], edge -> item, and those not reached by a target.
export function index(legal, view) {
  const at = new Map();
  const edges = new Map();
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

// The actions offered at a hex for the selection: those reaching it as a target, else its own.
export function offeredAt(found, targets, name) {
  return targets.get(name) || (found.at.get(name) || []).filter((x) => !x.to).map((x) => x.item);
}

export function decision(view, ctx, w, { found, sel, targets, rotations, set, note, map }) {
  const { t } = w;
  const box = h("section", "panel actions-panel mw-decision");
  box.setAttribute("aria-labelledby", "mw-prompt");
  // A level-2 heading: the board's parts come right after the page's title (h1).
  const prompt = h("h2", "mw-prompt", ctx.prompt ? w.tm(ctx.prompt) : "");
  prompt.id = "mw-prompt";
  // Where the focus waits while nothing is to be chosen (a bot's turn), read out when it comes.
  prompt.tabIndex = -1;
  prompt.dataset.key = "prompt";
  box.appendChild(prompt);
  if (!ctx.interactive) {
    box.classList.add("idle");
    return box;
  }
  const hints = [];
  if (found.at.size) hints.push(t(sel.at && targets.size ? "mw.ui.hint_target" : "mw.ui.hint_map"));
  if (found.edges.size) hints.push(t("mw.ui.hint_edge"));
  if (rotations.length) hints.push(t("mw.ui.hint_rotate"));
  if (hints.length) box.appendChild(h("p", "hint small muted", hints.join(" ")));

  // The actions of the selected hex (or of the chosen target), first.
  if (sel.at) {
    const chosen = sel.to && targets.has(sel.to) ? targets.get(sel.to)
      : (found.at.get(sel.at) || []).filter((x) => !x.to).map((x) => x.item);
    if (chosen.length) {
      const title = sel.to ? t("mw.ui.from_to", { from: sel.at, to: sel.to }) : t("mw.ui.on_hex", { hex: sel.at });
      box.appendChild(group(title, chosen, ctx, w, "mw-selected", "sel"));
    }
    const cancel = h("button", "mw-cancel", t("mw.ui.cancel"));
    cancel.type = "button";
    cancel.dataset.key = "cancel";
    cancel.onclick = () => set({ at: null, to: null, focus: "map" });
    box.appendChild(cancel);
  }

  // Every action not chosen on the map, grouped by verb; map actions too when they are few.
  const mapped = found.rest.filter((item) => anchor(item, view));
  const few = mapped.length <= FEW;
  const shown = found.rest.filter((item) => !anchor(item, view) || few);
  for (const [verb, items] of byVerb(shown)) {
    if (verb === "build") box.appendChild(buildRows(items, ctx, w, set, sel));
    else if (verb === "rotate") {
      box.appendChild(rotationChoices(items, view, ctx, w, { map, set, current: sel.preview }));
    } else box.appendChild(group(`${groupName(w, verb)} (${items.length})`, items, ctx, w, `verb-${verb}`, verb));
  }
  // Many map actions: all of them (moves with their targets too) in one folded list of buttons.
  const onMap = ctx.legal.filter((item) => anchor(item, view));
  if (!few || onMap.length > mapped.length) box.appendChild(allChoices(onMap, ctx, w, note, sel));
  return box;
}

function byVerb(items) {
  const groups = new Map();
  for (const item of items) {
    const verb = (item.parts && item.parts.verb) || "other";
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(item);
  }
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b));
}

function rank(verb) {
  const i = GROUPS.indexOf(verb);
  return i < 0 ? GROUPS.length : i;
}

// Every action chosen on the map, also as buttons: folded, opened by a click or a key.
function allChoices(items, ctx, w, note, sel) {
  const box = h("details", "mw-all");
  box.open = Boolean(sel.all);
  const summary = h("summary", "", w.t("mw.ui.all_choices", { n: items.length }));
  summary.dataset.key = "all";
  box.appendChild(summary);
  box.addEventListener("toggle", () => note({ all: box.open }));
  for (const [verb, list] of byVerb(items)) {
    box.appendChild(group(`${groupName(w, verb)} (${list.length})`, list, ctx, w, `verb-${verb}`, `all-${verb}`));
  }
  return box;
}

function group(title, items, ctx, w, cls, key) {
  const box = h("fieldset", `action-group ${cls}`);
  box.appendChild(h("legend", "", title));
  for (const item of items) box.appendChild(actionButton(item, ctx, w, null, key));
  return box;
}

export function actionButton(item, ctx, w, text = null, key = "") {
  const button = h("button", "", text || label(w, item));
  button.type = "button";
  button.dataset.action = item.action;
  button.dataset.key = `${key}:${item.action}`;
  // A short text ("slot 2") is said first, then the action in full (WCAG 2.5.3: the name holds
  // the visible words).
  if (text) button.setAttribute("aria-label", `${text}: ${label(w, item)}`);
  button.title = label(w, item);
  if (item.parts && item.parts.verb === "done") button.classList.add("mw-done");
  button.onclick = () => ctx.onAct(item.action);
  return button;
}

// A building's name as a button that opens (and closes) its effect under it: a tap shows what a
// hover's title shows; Escape closes it too.
export function buildingInfo(code, w, set, sel, key) {
  const open = sel.open === key;
  const box = h("span", "mw-building");
  const button = h("button", "mw-building-name build-name", w.name("mw.building", code));
  button.type = "button";
  button.dataset.key = `info:${key}`;
  button.title = w.effect("mw.building", code);
  button.setAttribute("aria-expanded", String(open));
  button.onclick = () => set({ open: open ? null : key });
  box.appendChild(button);
  if (open) {
    const effect = h("span", "mw-building-effect small", w.effect("mw.building", code));
    effect.id = `mw-effect-${key}`;
    button.setAttribute("aria-controls", effect.id);
    box.appendChild(effect);
  }
  return box;
}

// Constructions (often dozens: every building on every free slot): a row per building with a
// button per slot, the building's effect a tap away.
function buildRows(items, ctx, w, set, sel) {
  const box = h("fieldset", "build-rows action-group");
  box.appendChild(h("legend", "", `${groupName(w, "build")} (${items.length})`));
  box.appendChild(h("p", "small muted", w.t("mw.ui.build_rows")));
  const rows = new Map();
  for (const item of items) {
    const { building, spot } = item.parts;
    if (!rows.has(building)) {
      const row = h("div", "build-row");
      row.appendChild(buildingInfo(building, w, set, sel, `build-${building}`));
      rows.set(building, row);
      box.appendChild(row);
    }
    rows.get(building).appendChild(actionButton(item, ctx, w, w.t("mw.ui.slot", { n: spot }), "build"));
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
    button.type = "button";
    button.dataset.action = item.action;
    button.dataset.key = `rot:${item.action}`;
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
  next.type = "button";
  next.dataset.key = "next-rotation";
  next.onclick = () => set({ preview: (current + 1) % items.length });
  box.appendChild(next);
  return box;
}
