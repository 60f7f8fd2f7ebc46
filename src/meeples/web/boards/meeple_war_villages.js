// Meeple War's player boards (each player's village: stock, Depot, bravery, tokens, buildings
// with their worker paths, whose legal steps are buttons) and the legend of the map (the players'
// letters, the tiles, tokens, forests and Trees on it).

import { el, h, hexPoints } from "./dom.js";
import { KIND_FILL, TOKEN_ICON, icon, label, meeple, seatColor, seatLetter, treeIcon } from "./meeple_war_draw.js";
import { buildingCard } from "./meeple_war_map.js";
import { buildingInfo } from "./meeple_war_panel.js";

// ---------------------------------------------------------------- legend

export function legend(view, w) {
  const box = h("details", "panel mw-legend");
  box.open = typeof window !== "undefined" && window.matchMedia
    ? window.matchMedia("(min-width: 1150px)").matches : true;
  const summary = h("summary", "", w.t("mw.ui.legend"));
  summary.dataset.key = "legend";
  box.appendChild(summary);
  const list = h("ul", "mw-legend-list");
  view.seats.forEach((_, seat) => {
    const svg = picture();
    meeple(svg, 0, -1, seat, 1);
    list.appendChild(entry(svg, `${seatLetter(seat)} — ${w.player(seat)}`, w.t("mw.ui.legend_player")));
  });
  const kinds = [...new Set([...view.map.map((tile) => tile.kind), ...(view.drawn_tile ? [view.drawn_tile.kind] : [])])];
  for (const kind of kinds) {
    const svg = picture();
    el("polygon", { points: hexPoints(0, 0, 13), fill: KIND_FILL[kind] || "#ddd" }, svg);
    icon(svg, kind, 0, 0, 0.9);
    list.appendChild(entry(svg, w.name("mw.kind", kind), w.effect("mw.kind", kind)));
  }
  for (const token of new Set(view.upgrades.map(([, code]) => code))) {
    const svg = picture("mw-token");
    el("circle", { cx: 0, cy: 0, r: 11 }, svg);
    icon(svg, TOKEN_ICON[token], 0, 0, 0.8);
    list.appendChild(entry(svg, w.name("mw.token", token), w.effect("mw.token", token)));
  }
  if (view.map.some((tile) => tile.forest.length) || view.drawn_tile) {
    const svg = picture();
    el("line", { x1: -10, y1: 6, x2: 10, y2: 6, class: "mw-forest" }, svg);
    list.appendChild(entry(svg, w.t("mw.ui.forest"), w.t("mw.ui.legend_forest")));
  }
  if (view.trees.length || view.seats.some((seat) => seat.tree)) {
    const svg = picture();
    treeIcon(svg, 0, 2, w);
    list.appendChild(entry(svg, w.name("mw.token", "tree"), w.effect("mw.token", "tree")));
  }
  const svg = picture();
  el("polygon", { points: hexPoints(0, 0, 12), class: "unexplored" }, svg);
  list.appendChild(entry(svg, w.t("mw.ui.unexplored"), w.t("mw.ui.legend_unexplored")));
  box.appendChild(list);
  return box;
}

function picture(cls = "") {
  return el("svg", { viewBox: "-14 -14 28 28", width: 26, height: 26, class: `mw-legend-icon ${cls}`,
    "aria-hidden": "true" });
}

function entry(svg, name, effect) {
  const li = h("li", "");
  li.appendChild(svg);
  const text = h("span", "");
  text.appendChild(h("strong", "", name));
  text.appendChild(document.createTextNode(` — ${effect}`));
  li.appendChild(text);
  return li;
}

// ---------------------------------------------------------------- villages

// Which villages a person opened or folded (by seat), kept across redraws.
const folds = new Map();

export function village(view, seat, index, legal, ctx, w, { set, sel }) {
  const { t } = w;
  const box = h("section", "panel mw-village");
  const acting = view.to_move === index;
  const spectator = ctx.seat === null || ctx.seat === undefined;
  const open = folds.has(index) ? folds.get(index) : acting || index === ctx.seat || spectator;
  const head = h("button", "mw-village-head");
  head.type = "button";
  head.dataset.key = `village:${index}`;
  head.setAttribute("aria-expanded", String(open));
  const fold = h("span", "mw-fold", open ? "▾" : "▸");
  fold.setAttribute("aria-hidden", "true");
  const swatch = h("span", "swatch mw-swatch", seatLetter(index));
  swatch.style.background = seatColor(index);
  swatch.setAttribute("aria-hidden", "true");
  head.append(fold, swatch, h("span", "mw-village-name",
    `${w.player(index)} (${seatLetter(index)}) — ${t("mw.ui.vp", { n: view.vp[index] })}`));
  box.appendChild(head);
  // Folded, the body is not rendered at all (hidden), so nothing in it takes room or clicks.
  const body = h("div", "mw-village-body");
  body.hidden = !open;
  body.id = `mw-village-${index}`;
  head.setAttribute("aria-controls", body.id);
  head.onclick = () => {
    folds.set(index, body.hidden);
    body.hidden = !body.hidden;
    head.setAttribute("aria-expanded", String(!body.hidden));
    fold.textContent = body.hidden ? "▸" : "▾";
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
  body.appendChild(list);
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
      const title = h("div", "mw-slot-title");
      title.append(h("strong", "", `${n}.`), buildingInfo(code, w, set, sel, `slot-${index}-${n}`));
      card.appendChild(title);
      const building = buildingCard(code, view);
      const state = built ? t("mw.ui.built")
        : t("mw.ui.site", { i: Number(node.slice(1)), n: building ? building.construction_length : "?" });
      card.appendChild(h("div", "small muted",
        `${state} · ${t("mw.ui.defense", { taken: defense.length, n: view.capacity[index][i] })}`));
      if (building) card.appendChild(pathDiagram(code, building, built, node, n, workers, w));
      if (defense.length) {
        const names = w.list(defense.map((owner) => `${w.player(owner)} (${seatLetter(owner)})`));
        card.appendChild(h("div", "small", t("mw.ui.defenders", { names })));
      }
    }
    slots.appendChild(card);
  });
  body.appendChild(slots);
  if (seat.available?.length) {
    const names = seat.available.map((code) => w.name("mw.building", code));
    body.appendChild(h("p", "small muted", `${t("mw.ui.available")}: ${names.join(", ")}`));
  }
  if (seat.boxed?.length) {
    const names = seat.boxed.map((code) => w.name("mw.building", code));
    body.appendChild(h("p", "small muted", `${t("mw.ui.boxed")}: ${names.join(", ")}`));
  }
  box.appendChild(body);
  return box;
}

// The worker's path through a building (S, then branches a, b, c, to the leaves L1..L3), or the
// construction track (c0..cN) of a building still being built; legal worker moves are buttons
// (a click, or Enter or Space: meeple_war.js).
function pathDiagram(code, building, built, node, slot, workers, w) {
  const nodes = [];
  const edges = [];
  const step = 30;
  if (built) {
    let row = 0;
    const seen = new Set();
    const place = (name, depth) => {
      seen.add(name);
      const children = (building.path[name] || []).filter((c) => !seen.has(c));
      nodes.push({ name, x: 16 + depth * 40, y: 16 + row * step });
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
  // A leaf's action on lines of at most 12 characters (broken between words), so the deepest
  // leaf of any card fits a phone's card without shrinking the 40 px nodes.
  const leafLines = (n) => {
    const lines = [];
    for (const word of leafLabel(n).split(" ").filter(Boolean)) {
      const last = lines.length - 1;
      if (last >= 0 && lines[last].length + 1 + word.length <= 12) lines[last] += ` ${word}`;
      else lines.push(word);
    }
    return lines;
  };
  const longest = (n) => Math.max(0, ...leafLines(n).map((line) => line.length));
  const width = Math.max(...nodes.map((n) => n.x + 16 + longest(n) * 5.2));
  const height = Math.max(...nodes.map((n) => n.y)) + 18;
  const svg = el("svg", { viewBox: `0 0 ${width.toFixed(0)} ${height}`, class: "mw-path",
    width: Math.round(width * 1.45), height: Math.round(height * 1.45), role: "group",
    "aria-label": w.t(built ? "mw.ui.path" : "mw.ui.track", { building: w.name("mw.building", code) }) });
  const at = new Map(nodes.map((n) => [n.name, n]));
  // The node names and leaf actions, drawn over the nodes but outside their buttons (whose names
  // say them in full), clicks going through to the node beneath.
  const labels = el("g", { class: "labels", "aria-hidden": "true" });
  for (const [from, to] of edges) {
    const a = at.get(from);
    const b = at.get(to);
    el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "edge", "aria-hidden": "true" }, svg);
  }
  for (const n of nodes) {
    const item = workers.get(`${slot}:${n.name}`);
    const g = el("g", { class: `node${n.name === node ? " worker" : ""}${item ? " target" : ""}`,
      "data-worker": `${slot}:${n.name}` }, svg);
    const lines = leafLines(n);
    el("rect", { x: n.x - 14, y: n.y - 14, width: 28 + longest(n) * 5.2, height: 28, class: "hit" }, g);
    el("circle", { cx: n.x, cy: n.y, r: 10 }, g);
    el("text", { x: n.x, y: n.y + 3.5, class: "node-name" }, labels).textContent = n.name === "S" ? "•" : n.name;
    if (lines.length) {
      // Centred on the node, 9 units a line; each line but the last keeps its space, so the
      // text reads as one phrase (the label's textContent).
      const text = el("text", { x: n.x + 13, y: n.y + 4 - (lines.length - 1) * 4.5, class: "leaf" }, labels);
      lines.forEach((line, i) => {
        el("tspan", { x: n.x + 13, dy: i ? 9 : 0 }, text).textContent = i < lines.length - 1 ? `${line} ` : line;
      });
    }
    if (item) {
      el("title", {}, g).textContent = label(w, item);
      g.dataset.action = item.action;
      g.dataset.key = `worker:${item.action}`;
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("aria-label", label(w, item));
    } else if (n.name === node) {
      g.setAttribute("role", "img");
      g.setAttribute("aria-label", w.t("mw.ui.worker_at", { node: n.name === "S" ? "•" : n.name }));
    } else {
      g.setAttribute("aria-hidden", "true");
    }
  }
  svg.appendChild(labels);
  return svg;
}
