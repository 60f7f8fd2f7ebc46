// Sparta's board in SVG. No rule here: the highlighted pieces and squares come from the legal
// action strings the server sent; the code only reads their notation (b2-d4, e5=H, pass).
import { el } from "./dom.js";

const FILES = "abcdefghij";
const SIZE = 10;
const CELL = 52;
const MARGIN = 26;
export const COLORS = ["#e8b923", "#c0392b"];
const CITY_FILL = ["#f6e3a1", "#efb2a8"];

export function seatName(seat, t) {
  return seat === 0 ? t("sparta.south") : seat === 1 ? t("sparta.north") : "";
}

export function seatColor(seat) {
  return COLORS[seat] || "#888";
}

const PHRASES = {
  fr: [
    [/^promote the warrior on (\w+) to a hero$/, "promotion du guerrier en $1 en héros"],
    [/^pass \(no other action is possible\)$/, "passe (aucune autre action possible)"],
    [/^warrior (\w+) to (\w+)/, "guerrier $1 vers $2"],
    [/^hero (\w+) to (\w+)/, "héros $1 vers $2"],
    [/becomes a hero/, "devient héros"],
    [/conquers the city/, "conquiert la cité"],
    [/defeats (\d+) enemy and (\d+) own piece\(s\)/, "élimine $1 pièce(s) ennemie(s) et $2 des siennes"],
    [/^all cities$/, "toutes les cités"],
    [/one piece left/, "une seule pièce restante"],
    [/both sides down to two pieces/, "deux pièces ou moins de chaque côté"],
    [/both players passed/, "les deux joueurs ont passé"],
    [/threefold repetition/, "position répétée trois fois"],
    [/plies without progress/, "coups sans progrès"],
    [/equal cities: draw/, "autant de cités : nulle"],
    [/more cities/, "plus de cités"],
  ],
  es: [
    [/^promote the warrior on (\w+) to a hero$/, "ascenso del guerrero de $1 a héroe"],
    [/^pass \(no other action is possible\)$/, "pasa (no hay otra acción posible)"],
    [/^warrior (\w+) to (\w+)/, "guerrero $1 a $2"],
    [/^hero (\w+) to (\w+)/, "héroe $1 a $2"],
    [/becomes a hero/, "se convierte en héroe"],
    [/conquers the city/, "conquista la ciudad"],
    [/defeats (\d+) enemy and (\d+) own piece\(s\)/, "elimina $1 pieza(s) enemiga(s) y $2 propia(s)"],
    [/^all cities$/, "todas las ciudades"],
    [/one piece left/, "queda una sola pieza"],
    [/both sides down to two pieces/, "ambos bandos con dos piezas o menos"],
    [/both players passed/, "ambos jugadores pasaron"],
    [/threefold repetition/, "posición repetida tres veces"],
    [/plies without progress/, "jugadas sin progreso"],
    [/equal cities: draw/, "mismas ciudades: empate"],
    [/more cities/, "más ciudades"],
  ],
};

// Translate the engine's English descriptions (fixed phrases) into the interface language.
export function translateText(text, lang) {
  let out = text;
  for (const [pattern, replacement] of PHRASES[lang] || []) out = out.replace(pattern, replacement);
  return out;
}

function parseLegal(legal) {
  const moves = new Map();
  const promotions = new Map();
  let pass = null;
  for (const item of legal) {
    const action = item.action;
    if (action === "pass") {
      pass = item;
    } else if (action.endsWith("=H")) {
      promotions.set(action.slice(0, -2), item);
    } else {
      const [from, to] = action.split("-");
      if (!moves.has(from)) moves.set(from, new Map());
      moves.get(from).set(to, item);
    }
  }
  return { moves, promotions, pass };
}

function squareOf(action) {
  if (!action || action === "pass") return [];
  if (action.endsWith("=H")) return [action.slice(0, -2)];
  return action.split("-");
}

const selections = new WeakMap();

// Draw the board into container. ctx: view, legal, seat, interactive, onAct, t, lastAction.
export function render(container, ctx) {
  const { view, t } = ctx;
  const flipped = ctx.seat === 1;
  const legal = parseLegal(ctx.interactive ? ctx.legal : []);
  let selected = selections.get(container) || null;
  if (selected && !legal.moves.has(selected) && !legal.promotions.has(selected)) selected = null;
  selections.set(container, selected);

  const place = (square) => {
    const file = FILES.indexOf(square[0]);
    const rank = parseInt(square.slice(1), 10);
    const col = flipped ? SIZE - 1 - file : file;
    const row = flipped ? rank - 1 : SIZE - rank;
    return [MARGIN + col * CELL, MARGIN + row * CELL];
  };

  container.replaceChildren();
  const wrap = document.createElement("div");
  wrap.className = "sparta";
  container.appendChild(wrap);
  const full = MARGIN * 2 + SIZE * CELL;
  const svg = el("svg", { viewBox: `0 0 ${full} ${full}`, class: "board sparta-board",
    role: "img", "aria-label": "Sparta board" }, wrap);
  el("rect", { x: 0, y: 0, width: full, height: full, rx: 10, class: "frame" }, svg);

  for (let i = 0; i < SIZE; i++) {
    const fileLabel = FILES[flipped ? SIZE - 1 - i : i];
    const rankLabel = flipped ? i + 1 : SIZE - i;
    const x = MARGIN + i * CELL + CELL / 2;
    el("text", { x, y: MARGIN - 8, class: "coord" }, svg).textContent = fileLabel;
    el("text", { x, y: full - 9, class: "coord" }, svg).textContent = fileLabel;
    const y = MARGIN + i * CELL + CELL / 2 + 4;
    el("text", { x: MARGIN / 2, y, class: "coord" }, svg).textContent = rankLabel;
    el("text", { x: full - MARGIN / 2, y, class: "coord" }, svg).textContent = rankLabel;
  }

  const last = new Set(squareOf(ctx.lastAction));
  const targets = selected && legal.moves.has(selected) ? legal.moves.get(selected) : new Map();
  for (let rank = 1; rank <= SIZE; rank++) {
    for (let file = 0; file < SIZE; file++) {
      const square = `${FILES[file]}${rank}`;
      const [x, y] = place(square);
      const shade = (rank + file) % 2 ? "light" : "dark";
      el("rect", { x, y, width: CELL, height: CELL, class: `sq ${shade}`, "data-square": square }, svg);
      if (last.has(square)) {
        el("rect", { x, y, width: CELL, height: CELL, class: "lastmove" }, svg);
      }
      const owner = view.cities[square];
      if (owner !== undefined) drawCity(svg, x, y, owner);
    }
  }

  for (const [square, piece] of Object.entries(view.pieces)) {
    const [x, y] = place(square);
    const classes = ["piece", `owner${piece.owner}`, piece.kind];
    if (legal.moves.has(square) || legal.promotions.has(square)) classes.push("movable");
    if (square === selected) classes.push("selected");
    const g = el("g", { class: classes.join(" "), "data-piece": square,
      transform: `translate(${x + CELL / 2} ${y + CELL / 2})` }, svg);
    drawPiece(g, piece);
  }

  for (const [square, item] of targets) {
    const [x, y] = place(square);
    const g = el("g", { class: "target", "data-target": square }, svg);
    el("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 6, class: "target-area" }, g);
    el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 8, class: "target-dot" }, g);
    el("title", {}, g).textContent = translateText(item.text, ctx.lang);
  }

  const hint = document.createElement("p");
  hint.className = "hint";
  if (ctx.interactive && (legal.moves.size || legal.promotions.size)) {
    hint.textContent = selected ? t("match.select_target") : t("match.select_piece");
  }
  wrap.appendChild(hint);

  const buttons = document.createElement("div");
  buttons.className = "action-buttons";
  for (const [square, item] of legal.promotions) {
    const button = document.createElement("button");
    button.className = "promote" + (square === selected ? " primary" : "");
    button.dataset.action = item.action;
    button.textContent = t("match.promote", { square });
    button.title = translateText(item.text, ctx.lang);
    button.onclick = () => ctx.onAct(item.action);
    buttons.appendChild(button);
  }
  if (legal.pass) {
    const button = document.createElement("button");
    button.className = "primary";
    button.dataset.action = "pass";
    button.textContent = t("match.pass");
    button.title = translateText(legal.pass.text, ctx.lang);
    button.onclick = () => ctx.onAct("pass");
    buttons.appendChild(button);
  }
  wrap.appendChild(buttons);

  const rerender = () => render(container, ctx);
  svg.addEventListener("mouseover", (event) => {
    const target = event.target.closest("[data-target]");
    if (target && targets.has(target.dataset.target)) {
      hint.textContent = translateText(targets.get(target.dataset.target).text, ctx.lang);
    }
  });
  svg.addEventListener("click", (event) => {
    if (!ctx.interactive) return;
    const target = event.target.closest("[data-target]");
    if (target && targets.has(target.dataset.target)) {
      selections.set(container, null);
      ctx.onAct(targets.get(target.dataset.target).action);
      return;
    }
    const node = event.target.closest("[data-piece],[data-square]");
    const square = node ? node.dataset.piece || node.dataset.square : null;
    if (square && square !== selected && (legal.moves.has(square) || legal.promotions.has(square))) {
      selections.set(container, square);
    } else {
      selections.set(container, null);
    }
    rerender();
  });
}

function drawCity(svg, x, y, owner) {
  const g = el("g", { class: `city owner${owner}` }, svg);
  el("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 4,
    fill: CITY_FILL[owner], stroke: COLORS[owner], "stroke-width": 3 }, g);
  // A small crenellated wall in the corner marks the tile as a city.
  const wx = x + 7;
  const wy = y + CELL - 15;
  el("path", {
    d: `M${wx} ${wy + 9} v-9 h3 v3 h3 v-3 h3 v3 h3 v-3 h3 v9 z`,
    fill: COLORS[owner], opacity: 0.9,
  }, g);
}

function drawPiece(g, piece) {
  const color = COLORS[piece.owner];
  el("circle", { r: 19, cy: 2, fill: "rgba(0,0,0,0.25)" }, g);
  el("circle", { r: 18, fill: color, class: "body" }, g);
  if (piece.kind === "hero") {
    el("circle", { r: 13, fill: "none", stroke: "rgba(255,255,255,0.85)", "stroke-width": 2 }, g);
    el("path", {
      d: "M-9 4 L-9 -6 L-4.5 -1 L0 -8 L4.5 -1 L9 -6 L9 4 Z",
      fill: "#fff", stroke: "rgba(0,0,0,0.35)", "stroke-width": 1,
    }, g);
  } else {
    el("circle", { r: 6, fill: "rgba(255,255,255,0.75)" }, g);
  }
}

// The side panel: reserves, pieces and cities of each side.
export function renderInfo(container, ctx) {
  const { view, t } = ctx;
  const rows = [0, 1].map((seat) => `
    <tr><th><span class="swatch" style="background:${COLORS[seat]}"></span>${seatName(seat, t)}</th>
    <td>${view.on_board[seat]}</td><td>${view.reserves[seat]}</td><td>${view.city_count[seat]}</td></tr>`);
  container.innerHTML = `
    <table class="stats">
      <tr><th></th><th>${t("sparta.on_board")}</th><th>${t("sparta.reserve")}</th>
      <th>${t("sparta.cities")}</th></tr>
      ${rows.join("")}
    </table>
    <p class="muted small">${t("sparta.quiet", { n: view.quiet_plies })}</p>`;
}
