// Sparta's board in SVG. No rule here: the highlighted pieces and squares come from the legal
// actions the server sent, read through their parts (move from/to, promote square, pass); their
// descriptions are the server's messages, worded by ctx.tm.
import { el } from "./dom.js";

// The board's own stylesheet, next to this module.
if (typeof document !== "undefined" && !document.getElementById("sp-style")) {
  const link = document.createElement("link");
  link.id = "sp-style";
  link.rel = "stylesheet";
  link.href = new URL("./sparta.css", import.meta.url).href;
  document.head.appendChild(link);
}

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

// The legal actions by their parts: moves by origin then target, promotions by square, pass.
function parseLegal(legal) {
  const moves = new Map();
  const promotions = new Map();
  let pass = null;
  for (const item of legal) {
    const { verb } = item.parts;
    if (verb === "pass") {
      pass = item;
    } else if (verb === "promote") {
      promotions.set(item.parts.square, item);
    } else if (verb === "move") {
      if (!moves.has(item.parts.from)) moves.set(item.parts.from, new Map());
      moves.get(item.parts.from).set(item.parts.to, item);
    }
  }
  return { moves, promotions, pass };
}

// The squares the last action touched, from its parts.
function squaresOf(last) {
  const parts = last?.parts;
  if (!parts) return [];
  if (parts.verb === "promote") return [parts.square];
  if (parts.verb === "move") return [parts.from, parts.to];
  return [];
}

const selections = new WeakMap();

// Draw the board into container. ctx: view, legal, seat, interactive, onAct, t, tm, last.
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

  const last = new Set(squaresOf(ctx.last));
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
    el("title", {}, g).textContent = ctx.tm(item.msg);
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
    button.title = ctx.tm(item.msg);
    button.onclick = () => ctx.onAct(item.action);
    buttons.appendChild(button);
  }
  if (legal.pass) {
    const button = document.createElement("button");
    button.className = "primary";
    button.dataset.action = "pass";
    button.textContent = t("match.pass");
    button.title = ctx.tm(legal.pass.msg);
    button.onclick = () => ctx.onAct("pass");
    buttons.appendChild(button);
  }
  wrap.appendChild(buttons);

  const rerender = () => render(container, ctx);
  svg.addEventListener("mouseover", (event) => {
    const target = event.target.closest("[data-target]");
    if (target && targets.has(target.dataset.target)) {
      hint.textContent = ctx.tm(targets.get(target.dataset.target).msg);
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
