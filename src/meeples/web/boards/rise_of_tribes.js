// Rise of Tribes in SVG: the hex map, the action board with its dice rows, the tribes, events.
// No rule here: what can be clicked comes from the legal action strings the server sent; the
// code only reads their notation (hexes a..o, "c-d" a move, "add c", "c=ww" a gather...).

import { actionPanel, panel, phraseTranslator } from "./generic.js";
import { el, h, hexPoints } from "./dom.js";
import { LEADER_POWER } from "../reasons.js";

const R = 48; // hex radius
export const COLORS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e"];
const TERRAIN = { forest: "#5f9a4a", lake: "#5b9bd5", mountain: "#a39a8f" };
const HEX = "[a-o]";
const SINGLE = new RegExp(`^(?:start|add|fight|site|lose|settle|village|altar) (${HEX})(?:\\+(${HEX}))?\\b`);
const GATHER = new RegExp(`^(${HEX})=`);
const MOVE = new RegExp(`^(?:evade )?(${HEX})-(${HEX})$`);
const ROW = /^(grow|move|gather|lead) ([BMS])$/;
const VENT = /^vent (\d+)$/;
const FACE = { B: "blank", M: "moon", S: "sun" };

let COMPONENTS = { goals: {}, events: {}, volcano_slots: {} };
try {
  const response = await fetch("/api/games/rise_of_tribes/components");
  if (response.ok) COMPONENTS = await response.json();
} catch {
  // Without the component data goals and events show by their codes.
}

export function seatName(seat, t, view) {
  const tribe = view?.table?.[seat]?.tribe;
  return tribe ? `${tribe} (${t("player.n", { n: seat + 1 })})` : t("player.n", { n: seat + 1 });
}

// The score shown next to a player on the end-of-game screen.
export function score(view, seat, t) {
  return t("rot.points", { n: view.table[seat].score });
}

export function seatColor(seat) {
  return COLORS[seat % COLORS.length];
}

const WORDS = {
  fr: { GROW: "CROÎTRE", MOVE: "DÉPLACER", GATHER: "RÉCOLTER", LEAD: "DIRIGER", sun: "soleil",
    moon: "lune", blank: "blanc", wood: "bois", food: "nourriture", stone: "pierre",
    mammoth: "le mammouth", tiger: "le tigre", hunt: "chasser", tame: "apprivoiser" },
  es: { GROW: "CRECER", MOVE: "MOVER", GATHER: "RECOLECTAR", LEAD: "LIDERAR", sun: "sol",
    moon: "luna", blank: "vacío", wood: "madera", food: "comida", stone: "piedra",
    mammoth: "el mamut", tiger: "el tigre", hunt: "cazar", tame: "domar" },
};
const word = (lang) => (w) => WORDS[lang][w] || w;
const words = (lang) => (list) => list.split(", ").map(word(lang)).join(", ");
const NUMBERS = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const AND = { fr: "et", es: "y" };
// "one wood, one food and one stone" -> "1 bois, 1 nourriture et 1 pierre".
const amounts = (lang) => (text) => text
  .replace(/\b(one|two|three|four|five|six) (\w+)/g, (_, n, r) => `${NUMBERS[n]} ${word(lang)(r)}`)
  .replace(/ and /g, ` ${AND[lang]} `);

// The engine's English descriptions, phrase by phrase, in French and Spanish.
export const translateText = phraseTranslator({
  fr: [
    [/^(GROW|MOVE|GATHER|LEAD) with a die showing (\w+)$/, (_, a, f) => `${word("fr")(a)} avec un dé ${word("fr")(f)}`],
    [/^(hunt|tame) the (mammoth|tiger) with a die showing (\w+)$/, (_, v, b, f) => `${word("fr")(v)} ${word("fr")(b)} avec un dé ${word("fr")(f)}`],
    [/^Basketry: take one (\w+)$/, (_, r) => `Vannerie : prendre 1 ${word("fr")(r)}`],
    [/^Pottery: trade (\S+)$/, "Poterie : échanger $1"],
    [/^Pottery: trade (\w+ \w+) for (\w+ \w+)$/, (_, a, b) => `Poterie : échanger ${amounts("fr")(a)} contre ${amounts("fr")(b)}`],
    [/^buy the event (.+)$/, "acheter l'événement $1"],
    [/^keep the leader power (.+) for the whole game$/, (_, p) => `garder le pouvoir de chef ${LEADER_POWER.fr[p] || p} pour toute la partie`],
    [/^place the starting tribe: (\d+) members on (\S+) and (\d+) on (\S+)$/, "placer la tribu de départ : $1 membres en $2 et $3 en $4"],
    [/^put the volcano next to (\S+) and (\S+)$/, "poser le volcan à côté de $1 et $2"],
    [/^sacrifice a member in (\S+) and (.+) at the Altar$/, (_, x, c) => `sacrifier un membre en ${x} et ${amounts("fr")(c)} à l'Autel`],
    [/^shoot with the Bow at an invader$/, "tirer à l'arc sur un envahisseur"],
    [/^take (one \w+) from Discovery$/, (_, r) => `prendre ${amounts("fr")(r)} de la Découverte`],
    [/^Shared Knowledge: pay one (\w+)$/, (_, r) => `Savoir partagé : payer 1 ${word("fr")(r)}`],
    [/^add a member to (\S+)$/, "ajouter un membre en $1"],
    [/^bid (\d+)$/, "enchérir $1"],
    [/^build a village in (\S+)$/, "bâtir un village en $1"],
    [/^build an abandoned village in (\S+)$/, "bâtir le village abandonné en $1"],
    [/^complete goal (\w+)$/, "réaliser l'objectif $1"],
    [/^draw goals$/, "piocher des objectifs"],
    [/^end the turn$/, "finir le tour"],
    [/^gather (.+) from (\S+)$/, (_, r, x) => `récolter ${words("fr")(r)} en ${x}`],
    [/^give player (\d+) (\w+)$/, (_, p, r) => `donner ${word("fr")(r)} au joueur ${p}`],
    [/^lose a member in (\S+)$/, "perdre un membre en $1"],
    [/^move a member from (\S+) to (\S+)$/, "déplacer un membre de $1 vers $2"],
    [/^pass$/, "passer"],
    [/^place the starting tribe on (\S+)$/, "placer la tribu de départ en $1"],
    [/^put the event on (\S+)$/, "poser l'événement en $1"],
    [/^put the volcano on slot (\d+)$/, "poser le volcan sur l'emplacement $1"],
    [/^recycle goal (\w+)$/, "recycler l'objectif $1"],
    [/^resolve the conflict in (\S+)$/, "résoudre le conflit en $1"],
    [/^sacrifice at the Altar in (\S+) (\w+)$/, "sacrifier à l'Autel en $1 ($2)"],
    [/^shoot with the Bow at player (\w+)$/, "tirer à l'arc sur le joueur $1"],
    [/^stop the action$/, "arrêter l'action"],
    [/^take from Discovery one (\w+)$/, (_, r) => `prendre 1 ${word("fr")(r)} de la Découverte`],
    [/^take one (\w+)$/, (_, r) => `prendre 1 ${word("fr")(r)}`],
    [/(\d+) victory points/, "$1 points de victoire"],
  ],
  es: [
    [/^(GROW|MOVE|GATHER|LEAD) with a die showing (\w+)$/, (_, a, f) => `${word("es")(a)} con un dado ${word("es")(f)}`],
    [/^(hunt|tame) the (mammoth|tiger) with a die showing (\w+)$/, (_, v, b, f) => `${word("es")(v)} ${word("es")(b)} con un dado ${word("es")(f)}`],
    [/^Basketry: take one (\w+)$/, (_, r) => `Cestería: tomar 1 ${word("es")(r)}`],
    [/^Pottery: trade (\S+)$/, "Alfarería: cambiar $1"],
    [/^Pottery: trade (\w+ \w+) for (\w+ \w+)$/, (_, a, b) => `Alfarería: cambiar ${amounts("es")(a)} por ${amounts("es")(b)}`],
    [/^buy the event (.+)$/, "comprar el evento $1"],
    [/^keep the leader power (.+) for the whole game$/, (_, p) => `conservar el poder de líder ${LEADER_POWER.es[p] || p} toda la partida`],
    [/^place the starting tribe: (\d+) members on (\S+) and (\d+) on (\S+)$/, "colocar la tribu inicial: $1 miembros en $2 y $3 en $4"],
    [/^put the volcano next to (\S+) and (\S+)$/, "poner el volcán junto a $1 y $2"],
    [/^sacrifice a member in (\S+) and (.+) at the Altar$/, (_, x, c) => `sacrificar un miembro en ${x} y ${amounts("es")(c)} en el Altar`],
    [/^shoot with the Bow at an invader$/, "disparar con el arco a un invasor"],
    [/^take (one \w+) from Discovery$/, (_, r) => `tomar ${amounts("es")(r)} del Descubrimiento`],
    [/^Shared Knowledge: pay one (\w+)$/, (_, r) => `Conocimiento compartido: pagar 1 ${word("es")(r)}`],
    [/^add a member to (\S+)$/, "añadir un miembro en $1"],
    [/^bid (\d+)$/, "pujar $1"],
    [/^build a village in (\S+)$/, "construir una aldea en $1"],
    [/^build an abandoned village in (\S+)$/, "construir la aldea abandonada en $1"],
    [/^complete goal (\w+)$/, "cumplir el objetivo $1"],
    [/^draw goals$/, "robar objetivos"],
    [/^end the turn$/, "terminar el turno"],
    [/^gather (.+) from (\S+)$/, (_, r, x) => `recolectar ${words("es")(r)} en ${x}`],
    [/^give player (\d+) (\w+)$/, (_, p, r) => `dar ${word("es")(r)} al jugador ${p}`],
    [/^lose a member in (\S+)$/, "perder un miembro en $1"],
    [/^move a member from (\S+) to (\S+)$/, "mover un miembro de $1 a $2"],
    [/^pass$/, "pasar"],
    [/^place the starting tribe on (\S+)$/, "colocar la tribu inicial en $1"],
    [/^put the event on (\S+)$/, "poner el evento en $1"],
    [/^put the volcano on slot (\d+)$/, "poner el volcán en el espacio $1"],
    [/^recycle goal (\w+)$/, "reciclar el objetivo $1"],
    [/^resolve the conflict in (\S+)$/, "resolver el conflicto en $1"],
    [/^sacrifice at the Altar in (\S+) (\w+)$/, "sacrificar en el Altar de $1 ($2)"],
    [/^shoot with the Bow at player (\w+)$/, "disparar con el arco al jugador $1"],
    [/^stop the action$/, "detener la acción"],
    [/^take from Discovery one (\w+)$/, (_, r) => `tomar 1 ${word("es")(r)} del Descubrimiento`],
    [/^take one (\w+)$/, (_, r) => `tomar 1 ${word("es")(r)}`],
    [/(\d+) victory points/, "$1 puntos de victoria"],
  ],
});

// Sort the legal actions by the hexes their notation names.
function parseLegal(legal, playerCount) {
  const moves = new Map(); // from -> Map(to -> item)
  const atHex = new Map(); // hex -> [items]
  const rows = new Map(); // action row -> [[face, item]]: a die placed on that row
  const vents = new Map(); // volcano slot number -> item: drawn as a hex beside the map
  const other = [];
  for (const item of legal) {
    const vent = VENT.exec(item.action);
    if (vent && slotAt(Number(vent[1]), playerCount)) {
      vents.set(Number(vent[1]), item);
      continue;
    }
    const move = MOVE.exec(item.action);
    const single = SINGLE.exec(item.action) || GATHER.exec(item.action);
    const row = ROW.exec(item.action);
    if (row) {
      if (!rows.has(row[1])) rows.set(row[1], []);
      rows.get(row[1]).push([FACE[row[2]], item]);
    } else if (move) {
      if (!moves.has(move[1])) moves.set(move[1], new Map());
      moves.get(move[1]).set(move[2], item);
    } else if (single) {
      if (!atHex.has(single[1])) atHex.set(single[1], []);
      atHex.get(single[1]).push(item);
    } else {
      other.push(item);
    }
  }
  return { moves, atHex, rows, vents, other };
}

// The axial coordinates of a volcano slot beside the map of this many players (component data).
function slotAt(slot, playerCount) {
  const [q, r] = COMPONENTS.volcano_slots?.[String(playerCount)]?.[slot] || [];
  return q === undefined ? null : { q, r };
}

function center(hex) {
  return [R * Math.sqrt(3) * (hex.q + hex.r / 2), R * 1.5 * hex.r];
}

function meeple(parent, x, y, color, count) {
  const g = el("g", { transform: `translate(${x} ${y})`, class: "meeple" }, parent);
  el("circle", { cx: 0, cy: -7, r: 4.5, fill: color, stroke: "#222", "stroke-width": 0.8 }, g);
  el("path", { d: "M-7 8 L-5 -2 L5 -2 L7 8 Z", fill: color, stroke: "#222", "stroke-width": 0.8 }, g);
  if (count > 1) {
    el("text", { x: 9, y: 6, class: "count" }, g).textContent = `×${count}`;
  }
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
  el("title", {}, g).textContent = face;
  return g;
}

const selections = new WeakMap();

// What the player to move is choosing now, in words (the phase of the turn).
function stepBanner(view, ctx) {
  const { t } = ctx;
  const banner = h("p", `step-banner${ctx.interactive ? " mine" : ""}`);
  if (view.to_move === null || view.to_move === undefined) return banner;
  const step = t(`rot.phase.${view.phase}`);
  banner.textContent = ctx.interactive ? t("board.step_mine", { step })
    : t("board.step_of", { seat: seatName(view.to_move, t, view), step });
  return banner;
}

export function render(container, ctx) {
  const { view, t } = ctx;
  const legal = parseLegal(ctx.interactive ? ctx.legal : [], view.players);
  let selected = selections.get(container) || null;
  if (selected && !legal.moves.has(selected) && !legal.atHex.has(selected)) selected = null;
  selections.set(container, selected);
  const targets = selected && legal.moves.has(selected) ? legal.moves.get(selected) : new Map();

  container.replaceChildren();
  const wrap = h("div", "rot");
  wrap.appendChild(stepBanner(ctx.view, ctx));
  container.appendChild(wrap);

  // The volcano, once placed, and the slots it may go to now lie beside the map.
  const volcano = view.volcano ? { q: view.volcano[0], r: view.volcano[1] } : null;
  const slots = [...legal.vents].map(([slot, item]) => [slotAt(slot, view.players), item]);
  const centers = [...view.hexes, ...slots.map(([hex]) => hex), ...(volcano ? [volcano] : [])]
    .map(center);
  const xs = centers.map((c) => c[0]);
  const ys = centers.map((c) => c[1]);
  const pad = R + 6;
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  const width = Math.max(...xs) - Math.min(...xs) + 2 * pad;
  const height = Math.max(...ys) - Math.min(...ys) + 2 * pad;
  const svg = el("svg", { viewBox: `${minX} ${minY} ${width} ${height}`, class: "board rot-board",
    role: "img", "aria-label": "Rise of Tribes map" }, wrap);

  const last = ctx.lastAction || "";
  for (const hex of view.hexes) {
    const [cx, cy] = center(hex);
    const classes = ["hex", hex.terrain];
    const actionable = legal.moves.has(hex.name) || legal.atHex.has(hex.name);
    if (actionable) classes.push("actionable");
    if (hex.name === selected) classes.push("selected");
    if (targets.has(hex.name)) classes.push("target");
    const g = el("g", { class: classes.join(" "), "data-hex": hex.name }, svg);
    el("polygon", { points: hexPoints(cx, cy, R - 1.5), fill: TERRAIN[hex.terrain] || "#ccc", class: "hex-shape" }, g);
    el("polygon", { points: hexPoints(cx, cy, R - 5), class: "hex-ring" }, g);
    if (new RegExp(`(^|[^a-z])${hex.name}([^a-z]|$)`).test(last) && /^[a-o]/.test(last)) {
      el("polygon", { points: hexPoints(cx, cy, R - 6), class: "hex-last" }, g);
    }
    el("text", { x: cx, y: cy - R * 0.55, class: "hex-name" }, g).textContent = hex.name;
    const terrainLabel = hex.tile || t(`rot.${hex.terrain}`);
    el("text", { x: cx, y: cy - R * 0.3, class: "hex-terrain" }, g).textContent = terrainLabel;
    const people = hex.members.map((n, seat) => [seat, n]).filter(([, n]) => n > 0);
    people.forEach(([seat, n], i) => {
      const x = cx - (people.length - 1) * 13 + i * 26 - 4;
      meeple(g, x, cy + 8, seatColor(seat), n);
    });
    if (hex.invaders) meeple(g, cx - 20, cy + 30, "#555", hex.invaders);
    if (hex.village !== null && hex.village !== undefined) {
      el("path", { d: `M${cx + 18} ${cy - 4} l9 -8 l9 8 v9 h-18 z`, fill: seatColor(hex.village),
        stroke: "#222", "stroke-width": 1, class: "village" }, g);
    }
    const badges = [];
    if (hex.mammoth) badges.push(t("rot.mammoth"));
    if (hex.tiger) badges.push(t("rot.tiger"));
    if (hex.elder !== null && hex.elder !== undefined) badges.push(t("rot.elder"));
    if (badges.length) {
      el("text", { x: cx, y: cy + R * 0.72, class: "hex-badge" }, g).textContent = badges.join(" · ");
    }
    const tip = [`${hex.name}: ${terrainLabel}`, `${t("rot.limit")} ${hex.limit}`];
    if (targets.has(hex.name)) tip.unshift(targets.get(hex.name).text);
    el("title", {}, g).textContent = tip.join("\n");
  }
  if (volcano) drawVolcano(svg, volcano, "volcano", t("rot.volcano"));
  for (const [hex, item] of slots) {
    const g = drawVolcano(svg, hex, "volcano-slot actionable", t("rot.volcano_here"));
    g.dataset.action = item.action;
    el("title", {}, g).textContent = ctx.translate ? ctx.translate(item.text) : item.text;
  }

  const hint = h("p", "hint");
  if (ctx.interactive && legal.vents.size) {
    hint.textContent = t("rot.choose_volcano");
  } else if (ctx.interactive && (legal.moves.size || legal.atHex.size)) {
    hint.textContent = selected ? t("rot.choose_target") : t("rot.choose_hex");
  }
  wrap.appendChild(hint);

  wrap.appendChild(actionBoard(view, t, legal, ctx));
  if (selected && legal.atHex.has(selected)) {
    wrap.appendChild(actionPanel(legal.atHex.get(selected), ctx, t("rot.on_hex", { hex: selected })));
  }
  if (legal.other.length) wrap.appendChild(actionPanel(legal.other, ctx));

  wrap.appendChild(tribes(view, t, ctx.lang));

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
    if (name && name !== selected && (legal.moves.has(name) || legal.atHex.has(name))) {
      const only = legal.atHex.get(name) || [];
      if (!legal.moves.has(name) && only.length === 1) {
        ctx.onAct(only[0].action);
        return;
      }
      selections.set(container, name);
    } else {
      selections.set(container, null);
    }
    render(container, ctx);
  });
}

// A hex beside the map: the volcano, or a slot it may be put on (a dashed outline to click).
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

// The action board: each row's dice queue. When the player places a die, each die they may
// place shows under the row it would go to, and a click on it places it.
function actionBoard(view, t, legal, ctx) {
  const box = h("div", "rot-action-board");
  const width = 560;
  const placing = legal.rows.size > 0;
  const height = placing ? 186 : 150;
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, class: "rot-rows" }, box);
  const rows = Object.entries(view.rows);
  rows.forEach(([name, faces], i) => {
    const x = 8 + i * 138;
    const choices = legal.rows.get(name) || [];
    el("rect", { x, y: 6, width: 130, height: placing ? 136 : 100, rx: 8,
      class: `row-card row-${name}${choices.length ? " playable" : ""}` }, svg);
    el("text", { x: x + 65, y: 28, class: "row-title" }, svg).textContent = t(`rot.${name}`);
    faces.forEach((face, j) => drawDie(svg, x + 14 + j * 36, 44, face, 28));
    el("text", { x: x + 65, y: 96, class: "row-note" }, svg).textContent = t("rot.queue");
    choices.forEach(([face, item], j) => {
      const die = drawDie(svg, x + 65 - (choices.length * 32 - 4) / 2 + j * 32, 104, face, 28);
      die.classList.add("die-choice");
      die.dataset.action = item.action;
      die.querySelector("title").textContent = ctx.translate ? ctx.translate(item.text) : item.text;
      die.addEventListener("click", () => ctx.onAct(item.action));
    });
  });
  const base = placing ? 36 : 0;
  // The hand's dice start after its label and the events after the dice, whatever the language
  // (about 8 px a character of the bold label).
  const handLabel = t("rot.hand");
  el("text", { x: 8, y: 132 + base, class: "row-title left" }, svg).textContent = handLabel;
  const hand = view.hand || [];
  const diceX = Math.max(120, 20 + handLabel.length * 8);
  hand.forEach((face, j) => drawDie(svg, diceX + j * 34, 116 + base, face, 26));
  const events = (view.events || []).map((slot) => slot.event || "–").join(" · ");
  el("text", { x: Math.max(220, diceX + hand.length * 34 + 14), y: 134 + base, class: "row-note left" },
    svg).textContent = `${t("rot.events")}: ${events}`;
  return box;
}

function tribes(view, t, lang) {
  const table = document.createElement("table");
  table.className = "stats rot-table";
  const head = table.insertRow();
  for (const key of ["", "rot.score", "rot.wood", "rot.food", "rot.stone", "rot.supply", "rot.villages", "rot.goals"]) {
    const th = document.createElement("th");
    th.textContent = key ? t(key) : "";
    head.appendChild(th);
  }
  for (const row of view.table) {
    const tr = table.insertRow();
    const name = document.createElement("th");
    const swatch = h("span", "swatch");
    swatch.style.background = seatColor(row.seat);
    name.append(swatch, row.tribe);
    // Option leader_powers "pick" (Q18): the one leader power this tribe kept, public.
    if (row.leader_choice) {
      name.append(" ", h("span", "chip", LEADER_POWER[lang]?.[row.leader_choice] || row.leader_choice));
    }
    tr.appendChild(name);
    for (const value of [row.score, row.resources.wood, row.resources.food, row.resources.stone,
      row.supply, row.villages]) {
      tr.insertCell().textContent = String(value);
    }
    // Goal and event codes with their printed names on hover; completed goals ticked.
    const goals = tr.insertCell();
    goals.className = "goals";
    const chips = [
      ...row.in_progress.map((code) => [code, COMPONENTS.goals[code], ""]),
      ...row.completed.map((code) => [code, COMPONENTS.goals[code], " done"]),
      ...row.acquired.map((code) => [code, COMPONENTS.events[code], " event"]),
    ];
    for (const [code, name, kind] of chips) {
      const chip = h("span", `chip${kind}`, kind === " done" ? `${code}✓` : code);
      chip.title = name || code;
      goals.append(chip, " ");
    }
    if (!chips.length) goals.textContent = "–";
  }
  const box = h("div", "rot-tribes");
  box.append(panel(t("rot.tribes"), table));
  return box;
}

export function renderInfo(container, ctx) {
  const { view, t } = ctx;
  container.textContent = t("rot.round_info", { round: view.round });
}
