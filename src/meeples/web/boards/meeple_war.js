// Meeple War in SVG: the territory map (tiles, troops, trees, upgrades, gates, villages), and
// each player's village with its buildings and worker paths. No rule here: what can be clicked
// comes from the legal action strings the server sent; the code reads only their notation
// ("q,r>q2,r2:k" a move, "explore@q,r", "w2>a" a worker branch, "s3:..." a building action).

import { actionPanel, panel, phraseTranslator } from "./generic.js";
import { el, h, hexPoints } from "./dom.js";

const R = 40;
export const COLORS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e"];
const KIND_FILL = {
  stone_tower: "#9e9e9e", wooden_tower: "#a1887f", mine: "#6d5d4b", blank: "#c5d9a0",
  shields_forge: "#90a4ae", weapons_forge: "#8d6e63", workshop: "#d7b56d", village: "#e6c79c",
  druid_hut: "#81c784", cavern: "#5d4e6d", altar: "#b39ddb",
};
const HEX = "-?\\d{1,2},-?\\d{1,2}";
const MOVE = new RegExp(`^(${HEX})>(${HEX}):(\\d+)$`);
const FRIGHT = new RegExp(`^fr:\\d@(${HEX})>(${HEX})$`);
const AT_HEX = new RegExp(`(?:@|^bonus:|^tree:)(${HEX})`);
const WORKER = /^w([1-4])>(\w+)$/;
const SLOT_ACTION = /^s([1-4]):/;
const BOMB = /:bomb@(\d+)\.(\d+)</;
const BUILD = /^s[1-4]:build:(\w+)@([1-4])$/;

let COMPONENTS = { buildings: {}, tiles: {}, kinds: {}, tokens: {}, actions: {} };
try {
  const response = await fetch("/api/games/meeple_war/components");
  if (response.ok) COMPONENTS = await response.json();
} catch {
  // Without the component data the board still draws, with codes instead of names.
}

export function seatName(seat, t) {
  return t("player.n", { n: seat + 1 });
}

// The score shown next to a player on the end-of-game screen.
export function score(view, seat, t) {
  return t("mw.vp", { n: view.vp[seat] });
}

export function seatColor(seat) {
  return COLORS[seat % COLORS.length];
}

// The engine's English descriptions, phrase by phrase, in French and Spanish (building and
// token names stay as printed).
export const translateText = phraseTranslator({
  fr: [
    [/^Bomb a Building on player (\d+)'s slot (\d+)/, "Bombarder un bâtiment : joueur $1, emplacement $2"],
    [/\(meeple from (\S+)\)/, "(meeple venant de $1)"],
    [/^Burn an Opponent's Army on (\S+)/, "Brûler une armée adverse en $1"],
    [/^Conversion on player (\d+)'s slot (\d+), replacing player (\d+)'s meeple/, "Conversion : joueur $1, emplacement $2, à la place du meeple du joueur $3"],
    [/^Deploy One Meeple bonus of (\S+): (\d+) meeple to (\S+)/, "Bonus Déployer un meeple de $1 : $2 meeple vers $3"],
    [/^Deploy Troops: (\d+) meeples?$/, "Déployer des troupes : $1 meeple(s)"],
    [/^Flying Troops: (\d+) meeple to (\S+)/, "Troupes volantes : $1 meeple vers $2"],
    [/^Flying Troops$/, "Troupes volantes"],
    [/^Frightened Opponent Troops$/, "Effrayer les troupes adverses"],
    [/^Meeple Assembly bonus of (\S+): (\d+) meeple to the Depot/, "Bonus Assemblage de $1 : $2 meeple au dépôt"],
    [/^Meeple Assembly: (\d+) meeples?$/, "Assemblage : $1 meeple(s)"],
    [/^Productivity: worker of slot (\d+) one extra step to (\w+)/, "Productivité : l'ouvrier de l'emplacement $1 avance d'une case de plus vers $2"],
    [/^Reinforcement: (\d+) meeples? to (\S+)/, "Renfort : $1 meeple(s) vers $2"],
    [/^Stealth Flying Troops on (\S+)/, "Troupes volantes furtives en $1"],
    [/^Territory Upgrade: take the (.+) token/, "Amélioration de territoire : prendre le jeton $1"],
    [/^altar: destroy (\d+) meeple of player (\d+) on (\S+)/, "autel : détruire $1 meeple du joueur $2 en $3"],
    [/^build the (.+) on slot (\d+)/, "construire $1 sur l'emplacement $2"],
    [/^done \(end this step\)/, "terminé (fin de cette étape)"],
    [/^explore (\S+) \(draw a tile\)/, "explorer $1 (tirer une tuile)"],
    [/^frighten (\d+) meeples? of player (\d+) from (\S+) to (\S+)/, "effrayer $1 meeple(s) du joueur $2 de $3 vers $4"],
    [/^move (\d+) meeples? from (\S+) to (\S+)/, "déplacer $1 meeple(s) de $2 vers $3"],
    [/\(attack player (\d+)'s (.+)\)$/, "(attaque : $2 du joueur $1)"],
    [/\(battle\)$/, "(bataille)"],
    [/\(explore\)$/, "(exploration)"],
    [/^place your Tree on side (\S+) \(forest cleared\)/, "poser votre Arbre sur le côté $1 (forêt dégagée)"],
    [/^resolve the battle on (\S+)/, "résoudre la bataille en $1"],
    [/^rotate the new tile by (\d+) sixth\(s\) of a turn/, "tourner la nouvelle tuile de $1 sixième(s) de tour"],
    [/^upgrade the blank tile (\S+) with (.+)$/, "améliorer la tuile vierge $1 avec $2"],
    [/^worker of slot (\d+) goes to (\w+)/, "l'ouvrier de l'emplacement $1 va en $2"],
    [/ through the tunnel/, " par le tunnel"],
    [/ through the cavern/, " par la caverne"],
    [/, up to (\d+)\)$/, ", jusqu'à $1)"],
    [/^bravery VP: the meeple on (\S+) goes to your Reputation Mountain$/, "PV de bravoure : le meeple en $1 rejoint votre Montagne de la réputation"],
    [/round limit \((\d+) rounds\)/, "limite de manches ($1 manches)"],
    [/(\d+) victory points/, "$1 points de victoire"],
  ],
  es: [
    [/^Bomb a Building on player (\d+)'s slot (\d+)/, "Bombardear un edificio: jugador $1, espacio $2"],
    [/\(meeple from (\S+)\)/, "(meeple desde $1)"],
    [/^Burn an Opponent's Army on (\S+)/, "Quemar un ejército rival en $1"],
    [/^Conversion on player (\d+)'s slot (\d+), replacing player (\d+)'s meeple/, "Conversión: jugador $1, espacio $2, en lugar del meeple del jugador $3"],
    [/^Deploy One Meeple bonus of (\S+): (\d+) meeple to (\S+)/, "Bonificación Desplegar un meeple de $1: $2 meeple a $3"],
    [/^Deploy Troops: (\d+) meeples?$/, "Desplegar tropas: $1 meeple(s)"],
    [/^Flying Troops: (\d+) meeple to (\S+)/, "Tropas voladoras: $1 meeple a $2"],
    [/^Flying Troops$/, "Tropas voladoras"],
    [/^Frightened Opponent Troops$/, "Asustar tropas rivales"],
    [/^Meeple Assembly bonus of (\S+): (\d+) meeple to the Depot/, "Bonificación Ensamblaje de $1: $2 meeple al depósito"],
    [/^Meeple Assembly: (\d+) meeples?$/, "Ensamblaje: $1 meeple(s)"],
    [/^Productivity: worker of slot (\d+) one extra step to (\w+)/, "Productividad: el trabajador del espacio $1 avanza un paso más a $2"],
    [/^Reinforcement: (\d+) meeples? to (\S+)/, "Refuerzo: $1 meeple(s) a $2"],
    [/^Stealth Flying Troops on (\S+)/, "Tropas voladoras sigilosas en $1"],
    [/^Territory Upgrade: take the (.+) token/, "Mejora de territorio: tomar la ficha $1"],
    [/^altar: destroy (\d+) meeple of player (\d+) on (\S+)/, "altar: destruir $1 meeple del jugador $2 en $3"],
    [/^build the (.+) on slot (\d+)/, "construir $1 en el espacio $2"],
    [/^done \(end this step\)/, "hecho (fin de este paso)"],
    [/^explore (\S+) \(draw a tile\)/, "explorar $1 (robar una loseta)"],
    [/^frighten (\d+) meeples? of player (\d+) from (\S+) to (\S+)/, "asustar $1 meeple(s) del jugador $2 de $3 a $4"],
    [/^move (\d+) meeples? from (\S+) to (\S+)/, "mover $1 meeple(s) de $2 a $3"],
    [/\(attack player (\d+)'s (.+)\)$/, "(ataque: $2 del jugador $1)"],
    [/\(battle\)$/, "(batalla)"],
    [/\(explore\)$/, "(exploración)"],
    [/^place your Tree on side (\S+) \(forest cleared\)/, "poner tu Árbol en el lado $1 (bosque despejado)"],
    [/^resolve the battle on (\S+)/, "resolver la batalla en $1"],
    [/^rotate the new tile by (\d+) sixth\(s\) of a turn/, "girar la loseta nueva $1 sexto(s) de vuelta"],
    [/^upgrade the blank tile (\S+) with (.+)$/, "mejorar la loseta vacía $1 con $2"],
    [/^worker of slot (\d+) goes to (\w+)/, "el trabajador del espacio $1 va a $2"],
    [/ through the tunnel/, " por el túnel"],
    [/ through the cavern/, " por la caverna"],
    [/, up to (\d+)\)$/, ", hasta $1)"],
    [/^bravery VP: the meeple on (\S+) goes to your Reputation Mountain$/, "PV de valentía: el meeple de $1 va a tu Montaña de la reputación"],
    [/round limit \((\d+) rounds\)/, "límite de rondas ($1 rondas)"],
    [/(\d+) victory points/, "$1 puntos de victoria"],
  ],
});

function coords(name) {
  const [q, r] = name.split(",").map(Number);
  return [R * Math.sqrt(3) * (q + r / 2), R * 1.5 * r];
}

function meeple(parent, x, y, color, count) {
  const g = el("g", { transform: `translate(${x} ${y})`, class: "meeple" }, parent);
  el("circle", { cx: 0, cy: -6, r: 4, fill: color, stroke: "#222", "stroke-width": 0.8 }, g);
  el("path", { d: "M-6 7 L-4.5 -2 L4.5 -2 L6 7 Z", fill: color, stroke: "#222", "stroke-width": 0.8 }, g);
  if (count > 1) el("text", { x: 8, y: 5, class: "count" }, g).textContent = `×${count}`;
}

// The defense spaces of a building: one circle per space, filled with the colour of the
// meeple on it (defense[] lists their owners). On the construction side the circles are squares.
function defenseDots(parent, cx, cy, capacity, defense, built, size = 4.2) {
  if (!capacity) return null;
  const g = el("g", { class: "defense" }, parent);
  const perRow = Math.min(capacity, 4);
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

function parseLegal(legal) {
  const moves = new Map(); // from -> Map(to -> [items])
  const atHex = new Map();
  const workers = new Map(); // "slot:node" -> item
  const slots = new Map(); // slot -> [items]
  const other = [];
  for (const item of legal) {
    const a = item.action;
    const move = MOVE.exec(a) || FRIGHT.exec(a);
    const worker = WORKER.exec(a);
    const slot = SLOT_ACTION.exec(a);
    const at = AT_HEX.exec(a);
    if (move) {
      if (!moves.has(move[1])) moves.set(move[1], new Map());
      const targets = moves.get(move[1]);
      if (!targets.has(move[2])) targets.set(move[2], []);
      targets.get(move[2]).push(item);
    } else if (worker) {
      workers.set(`${worker[1]}:${worker[2]}`, item);
    } else if (slot && !at) {
      if (!slots.has(slot[1])) slots.set(slot[1], []);
      slots.get(slot[1]).push(item);
    } else if (at) {
      if (!atHex.has(at[1])) atHex.set(at[1], []);
      atHex.get(at[1]).push(item);
    } else {
      other.push(item);
    }
  }
  return { moves, atHex, workers, slots, other };
}

const selections = new WeakMap();

export function render(container, ctx) {
  const { view, t } = ctx;
  const legal = parseLegal(ctx.interactive ? ctx.legal : []);
  // A bombing names a building: its village hex on the map is a target too.
  for (const items of legal.slots.values()) {
    for (const item of items) {
      const bomb = BOMB.exec(item.action);
      const hex = bomb ? view.villages[Number(bomb[1])]?.[Number(bomb[2]) - 1] : null;
      if (!hex) continue;
      if (!legal.atHex.has(hex)) legal.atHex.set(hex, []);
      legal.atHex.get(hex).push(item);
    }
  }
  let sel = selections.get(container) || { hex: null, target: null };
  if (sel.hex && !legal.moves.has(sel.hex) && !legal.atHex.has(sel.hex)) sel = { hex: null, target: null };
  selections.set(container, sel);
  const targets = sel.hex && legal.moves.has(sel.hex) ? legal.moves.get(sel.hex) : new Map();

  container.replaceChildren();
  const wrap = h("div", "mw");
  container.appendChild(wrap);
  wrap.appendChild(stepBanner(view, ctx));

  // Every hex worth drawing: tiles, village slots, and empty hexes named by a legal action.
  const hexes = new Map();
  for (const [name, tile, rotation] of view.tiles) hexes.set(name, { name, tile, rotation });
  view.villages.forEach((slots, seat) => slots.forEach((name, index) => {
    hexes.set(name, { name, village: seat, slot: index });
  }));
  for (const name of [...legal.atHex.keys(), ...legal.moves.keys(),
    ...[...legal.moves.values()].flatMap((m) => [...m.keys()])]) {
    if (!hexes.has(name)) hexes.set(name, { name, empty: true });
  }
  const points = [...hexes.keys()].map(coords);
  const pad = R + 4;
  const minX = Math.min(...points.map((p) => p[0])) - pad;
  const minY = Math.min(...points.map((p) => p[1])) - pad;
  const width = Math.max(...points.map((p) => p[0])) - minX + pad;
  const height = Math.max(...points.map((p) => p[1])) - minY + pad;
  // On a phone the map keeps a size fit for fingers and scrolls sideways.
  const scroller = h("div", "mw-map");
  wrap.appendChild(scroller);
  const svg = el("svg", { viewBox: `${minX} ${minY} ${width} ${height}`, class: "board mw-board",
    role: "img", "aria-label": "Meeple War map" }, scroller);

  const gates = new Map(view.gates.map((name, seat) => [name, seat]));
  const upgrades = new Map(view.upgrades.map(([name, token]) => [name, token]));
  const last = ctx.lastAction || "";
  for (const hex of hexes.values()) {
    const [cx, cy] = coords(hex.name);
    const classes = ["hex"];
    if (hex.empty) classes.push("empty");
    if (legal.moves.has(hex.name) || legal.atHex.has(hex.name)) classes.push("actionable");
    if (hex.name === sel.hex) classes.push("selected");
    if (targets.has(hex.name)) classes.push("target");
    if (hex.name === sel.target) classes.push("chosen");
    const g = el("g", { class: classes.join(" "), "data-hex": hex.name }, svg);
    let fill = "#f4efe6";
    let label = "";
    if (hex.tile) {
      const info = COMPONENTS.tiles[hex.tile] || {};
      fill = KIND_FILL[info.kind] || "#ddd";
      label = COMPONENTS.kinds[info.kind] || hex.tile;
      if (info.vp) label += ` ${info.vp}★`;
    } else if (hex.village !== undefined) {
      const slot = view.seats[hex.village].slots[hex.slot];
      fill = "#fff4e0";
      label = slot ? slot[0] : `V${hex.slot + 1}`;
    }
    // Hexes of radius R tile exactly; a thin line of the page colour separates them.
    el("polygon", { points: hexPoints(cx, cy, R), fill, class: "hex-shape" }, g);
    if (hex.village !== undefined) {
      el("polygon", { points: hexPoints(cx, cy, R - 3), class: "owner",
        stroke: seatColor(hex.village) }, g);
      const slot = view.seats[hex.village].slots[hex.slot];
      if (slot) defenseDots(g, cx, cy + 6, view.capacity[hex.village][hex.slot], slot[3], slot[1]);
    }
    el("polygon", { points: hexPoints(cx, cy, R - 5), class: "hex-ring" }, g);
    if (gates.has(hex.name)) {
      el("polygon", { points: hexPoints(cx, cy, R - 3), class: "gate", stroke: seatColor(gates.get(hex.name)) }, g);
    }
    if (last.includes(hex.name)) el("polygon", { points: hexPoints(cx, cy, R - 8), class: "hex-last" }, g);
    // A long name goes on two lines, so it stays inside its hex.
    const words = label.split(" ");
    let cut = 1;
    while (cut < words.length && words.slice(0, cut + 1).join(" ").length <= 9) cut += 1;
    if (label.length <= 10) cut = words.length;
    const lines = [words.slice(0, cut).join(" "), words.slice(cut).join(" ")].filter(Boolean);
    lines.forEach((line, i) => {
      el("text", { x: cx, y: cy - R * (lines.length > 1 ? 0.55 : 0.45) + i * 9,
        class: "hex-label" }, g).textContent = line;
    });
    el("text", { x: cx, y: cy + R * 0.78, class: "hex-coord" }, g).textContent = hex.name;
    if (upgrades.has(hex.name)) {
      el("text", { x: cx, y: cy - R * 0.15, class: "hex-upgrade" }, g).textContent =
        COMPONENTS.tokens[upgrades.get(hex.name)] || upgrades.get(hex.name);
    }
    const troops = view.troops.filter(([name]) => name === hex.name);
    troops.forEach(([, owner, count], i) => {
      meeple(g, cx - (troops.length - 1) * 12 + i * 24 - 4, cy + 14, seatColor(owner), count);
    });
    el("title", {}, g).textContent = [hex.name, label, targets.has(hex.name)
      ? targets.get(hex.name).map((item) => item.text).join("\n") : ""].filter(Boolean).join("\n");
  }
  for (const tree of view.trees) {
    const [name, side] = tree.split("/");
    const [cx, cy] = coords(name);
    const angle = (-60 * Number(side) * Math.PI) / 180;
    const x = cx + Math.cos(angle) * R * 0.8;
    const y = cy + Math.sin(angle) * R * 0.8;
    el("path", { d: `M${x} ${y - 9} l7 12 h-14 z`, class: "tree" }, svg);
  }

  const hint = h("p", "hint");
  if (ctx.interactive && (legal.moves.size || legal.atHex.size)) {
    hint.textContent = sel.hex && targets.size ? t("mw.choose_target") : t("mw.choose_hex");
  }
  wrap.appendChild(hint);

  if (sel.hex && sel.target && targets.has(sel.target)) {
    wrap.appendChild(actionPanel(targets.get(sel.target), ctx, `${sel.hex} → ${sel.target}`));
  } else if (sel.hex && legal.atHex.has(sel.hex)) {
    wrap.appendChild(actionPanel(legal.atHex.get(sel.hex), ctx, t("rot.on_hex", { hex: sel.hex })));
  }
  if (legal.other.length) wrap.appendChild(actionPanel(legal.other, ctx));

  const villages = h("div", "mw-villages");
  view.seats.forEach((seat, index) => villages.appendChild(village(view, seat, index, legal, ctx)));
  wrap.appendChild(villages);

  svg.addEventListener("click", (event) => {
    if (!ctx.interactive) return;
    const node = event.target.closest("[data-hex]");
    const name = node ? node.dataset.hex : null;
    if (name && targets.has(name)) {
      const items = targets.get(name);
      if (items.length === 1) {
        selections.set(container, { hex: null, target: null });
        ctx.onAct(items[0].action);
        return;
      }
      selections.set(container, { hex: sel.hex, target: name });
    } else if (name && name !== sel.hex && (legal.moves.has(name) || legal.atHex.has(name))) {
      const only = legal.atHex.get(name) || [];
      if (!legal.moves.has(name) && only.length === 1) {
        ctx.onAct(only[0].action);
        return;
      }
      selections.set(container, { hex: name, target: null });
    } else {
      selections.set(container, { hex: null, target: null });
    }
    render(container, ctx);
  });
}

// What the player to move is choosing now, in words (the step of the turn).
function stepBanner(view, ctx) {
  const { t } = ctx;
  const banner = h("p", `step-banner${ctx.interactive ? " mine" : ""}`);
  if (view.to_move === null || view.to_move === undefined) return banner;
  const step = t(`mw.step.${view.step}`);
  banner.textContent = ctx.interactive ? t("board.step_mine", { step })
    : t("board.step_of", { seat: seatName(view.to_move, t), step });
  return banner;
}

function village(view, seat, index, legal, ctx) {
  const { t } = ctx;
  const box = h("section", "panel mw-village");
  const title = h("h3", "");
  const swatch = h("span", "swatch");
  swatch.style.background = seatColor(index);
  title.append(swatch, `${seatName(index, t)} — ${t("mw.vp", { n: view.vp[index] })}`);
  box.appendChild(title);
  const stats = [
    [t("mw.stock"), seat.stock], [t("mw.depot"), seat.depot], [t("mw.ladder"), seat.ladder],
    [t("mw.mountain"), seat.mountain], [t("mw.shields"), seat.shields],
    [t("mw.tokens"), seat.tokens.map((k) => COMPONENTS.tokens[k] || k).join(", ") || "–"],
  ];
  box.appendChild(h("p", "small muted", stats.map(([k, v]) => `${k}: ${v}`).join(" · ")));
  // Worker branches and building actions belong to the player to move only.
  const acting = ctx.interactive && view.to_move === index;
  const none = { workers: new Map(), slots: new Map() };
  const slots = h("div", "mw-slots");
  seat.slots.forEach((slot, i) => {
    const card = h("div", "mw-slot");
    const n = String(i + 1);
    if (!slot) {
      card.appendChild(h("p", "muted small", t("mw.empty_slot", { n })));
    } else {
      const [code, built, node, tokens] = slot;
      const building = COMPONENTS.buildings[code];
      const name = building ? building.name : code;
      card.appendChild(h("strong", "", `${n}. ${name}`));
      const detail = built ? t("mw.defense", { n: building ? building.defense : "?" })
        : t("mw.under_construction", { n: building ? building.construction_length : "?" });
      card.appendChild(h("div", "small muted", detail));
      const capacity = view.capacity[index][i];
      if (capacity) {
        const across = Math.min(capacity, 4);
        const width = across * 12.5 + 4;
        const height = Math.ceil(capacity / 4) * 12.5 + 4;
        const label = t("mw.defense_spaces", { n: capacity, taken: tokens.length });
        const spaces = el("svg", { class: "mw-defense", width: width * 1.4, height: height * 1.4,
          viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label });
        defenseDots(spaces, width / 2, 8.25, capacity, tokens, built, 5);
        el("title", {}, spaces).textContent = label;
        card.appendChild(spaces);
      }
      card.appendChild(pathDiagram(building, built, node, n, acting ? legal : none, ctx));
      if (tokens.length) {
        const names = tokens.map((owner) => seatName(owner, t)).join(", ");
        card.appendChild(h("div", "small", `${t("mw.defenders")}: ${names}`));
      }
    }
    const actions = acting ? legal.slots.get(n) : null;
    if (actions && actions.length) card.appendChild(slotActions(actions, ctx));
    slots.appendChild(card);
  });
  box.appendChild(slots);
  if (seat.available?.length) {
    const names = seat.available.map((code) => COMPONENTS.buildings[code]?.name || code);
    box.appendChild(h("p", "small muted", `${t("mw.available")}: ${names.join(", ")}`));
  }
  return box;
}

// A building slot's actions as buttons. Constructions (often dozens: every building on every
// free slot) show as one row per building with a button per slot it may go on.
function slotActions(actions, ctx) {
  const { t } = ctx;
  const builds = actions.filter((item) => BUILD.test(item.action));
  const others = actions.filter((item) => !BUILD.test(item.action));
  if (builds.length < 4) return actionPanel(actions, ctx, t("mw.slot_actions"));
  const box = others.length ? actionPanel(others, ctx, t("mw.slot_actions"))
    : h("section", "panel actions-panel");
  if (!others.length) box.appendChild(h("h3", "", t("mw.slot_actions")));
  const group = h("fieldset", "build-rows");
  group.appendChild(h("legend", "", t("mw.build_rows")));
  const rows = new Map();
  for (const item of builds) {
    const [, code, slot] = BUILD.exec(item.action);
    if (!rows.has(code)) {
      const row = h("div", "build-row");
      row.appendChild(h("span", "build-name", COMPONENTS.buildings[code]?.name || code));
      rows.set(code, row);
      group.appendChild(row);
    }
    const button = h("button", "", t("mw.slot_n", { n: slot }));
    button.dataset.action = item.action;
    button.title = ctx.translate ? ctx.translate(item.text) : item.text;
    button.onclick = () => ctx.onAct(item.action);
    rows.get(code).appendChild(button);
  }
  box.appendChild(group);
  return box;
}

// The worker's path through a building (S, then branches a, b, c, to the leaves L1..L3), or the
// construction track (c1..cN) of a building still being built.
function pathDiagram(building, built, node, slot, legal, ctx) {
  const nodes = [];
  const edges = [];
  if (!building) return h("span", "", node);
  if (built) {
    // A tree drawn depth-first: each leaf on its own row, a branch on its first child's row.
    let row = 0;
    const seen = new Set();
    const place = (name, depth) => {
      seen.add(name);
      const children = (building.path[name] || []).filter((c) => !seen.has(c));
      const y = 12 + row * 22;
      nodes.push({ name, x: 12 + depth * 40, y });
      if (!children.length) row += 1;
      for (const child of children) {
        edges.push([name, child]);
        place(child, depth + 1);
      }
    };
    place("S", 0);
  } else {
    const track = ["S"];
    for (let i = 1; i <= building.construction_length; i++) track.push(`c${i}`);
    track.forEach((name, i) => {
      nodes.push({ name, x: 14 + i * 40, y: 14 });
      if (i > 0) edges.push([track[i - 1], name]);
    });
  }
  const width = Math.max(...nodes.map((n) => n.x + (built && building.leaves[n.name] ? 150 : 14)));
  const height = Math.max(...nodes.map((n) => n.y)) + 16;
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, class: "mw-path",
    width: Math.round(width * 1.35), height: Math.round(height * 1.35) });
  const at = new Map(nodes.map((n) => [n.name, n]));
  for (const [from, to] of edges) {
    const a = at.get(from);
    const b = at.get(to);
    el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "edge" }, svg);
  }
  for (const n of nodes) {
    const item = legal.workers.get(`${slot}:${n.name}`);
    const g = el("g", { class: `node${n.name === node ? " worker" : ""}${item ? " target" : ""}`,
      "data-worker": `${slot}:${n.name}` }, svg);
    const leaf = built ? building.leaves[n.name] : null;
    const label = leaf ? `${COMPONENTS.actions[leaf[0]] || leaf[0]}${leaf[1] ? ` ${leaf[1]}` : ""}` : "";
    // A transparent hit area over the node and its label: the whole of it is clickable.
    el("rect", { x: n.x - 11, y: n.y - 11, width: 22 + label.length * 4.6, height: 22,
      class: "hit" }, g);
    el("circle", { cx: n.x, cy: n.y, r: 9 }, g);
    el("text", { x: n.x, y: n.y + 3.5, class: "node-name" }, g).textContent = n.name;
    if (label) el("text", { x: n.x + 12, y: n.y + 4, class: "leaf" }, g).textContent = label;
    if (item) {
      el("title", {}, g).textContent = item.text;
      g.addEventListener("click", () => ctx.onAct(item.action));
    }
  }
  return svg;
}

export function renderInfo(container, ctx) {
  const { view, t } = ctx;
  container.textContent = t("mw.turn_info", { turn: view.turn, pile: view.pile_count });
}

export { panel };
