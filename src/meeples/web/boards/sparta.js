// Sparta's board in SVG. No rule here: the highlighted pieces and squares come from the legal
// actions the server sent, read through their parts (move from/to, promote square, pass); their
// descriptions are the server's messages, worded by ctx.tm.
//
// The drawing is one layer hidden from assistive technology; above it lies a grid of 100 named,
// transparent squares (ARIA grid, rows in the order the player sees them) that carries the
// keyboard: one tab stop, the arrow keys move over the squares, Enter or Space does what a click
// does, Escape cancels a selection.
import { el, h } from "./dom.js";
import { seatColour } from "./palette.js";

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
const FULL = MARGIN * 2 + SIZE * CELL;
const SQUARES = new Set([...FILES].flatMap((file) => Array.from({ length: SIZE }, (_, i) => `${file}${i + 1}`)));
export const COLORS = ["#e8b923", "#c0392b"];
// How much of the owner's colour tints a city tile (the rest is white).
const CITY_TINT = 0.45;

export function seatName(seat, t) {
  return seat === 0 ? t("sp.ui.south") : seat === 1 ? t("sp.ui.north") : "";
}

export function seatColor(seat) {
  return seat === 0 || seat === 1 ? seatColour(COLORS, seat) : "#888";
}

// A side's mark beside its name in the page's lists: its shape (South round, North a diamond) in
// its colour, as its pieces are drawn.
export function seatIcon(seat) {
  const svg = el("svg", { viewBox: "-12 -12 24 24", width: 16, height: 16, class: "sp-seat-icon",
    "aria-hidden": "true", focusable: "false" });
  const [name, attrs] = shape(seat, 9);
  el(name, { ...attrs, fill: seatColor(seat), stroke: "#2b2118", "stroke-width": 1.5 }, svg);
  return svg;
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

// What the last action did on each square it touched, from its parts: "from", "to", "promoted".
function lastMarks(last) {
  const parts = last?.parts;
  const marks = new Map();
  if (parts?.verb === "promote") marks.set(parts.square, "promoted");
  if (parts?.verb === "move") marks.set(parts.from, "from").set(parts.to, "to");
  return marks;
}

// What the actions played since the previous view did to its pieces, from their parts and the
// two views: which piece slid from where (following one piece through several moves), which
// changed kind on the way (a promotion), and which left the board (where it was last seen).
function motionOf(motion, view) {
  if (!motion?.previous?.pieces || !motion.fresh?.length) return null;
  const before = motion.previous.pieces;
  const cameFrom = new Map(); // square now → square the piece stood on in the previous view
  for (const entry of motion.fresh) {
    const parts = entry.parts || {};
    if (parts.verb !== "move" || !parts.from || !parts.to) continue;
    const origin = cameFrom.has(parts.from) ? cameFrom.get(parts.from) : parts.from;
    cameFrom.delete(parts.from);
    cameFrom.set(parts.to, origin);
  }
  const slides = new Map();
  const changed = new Set();
  const stayed = new Set();
  for (const [square, piece] of Object.entries(view.pieces)) {
    const origin = cameFrom.has(square) ? cameFrom.get(square) : square;
    const was = before[origin];
    if (!was) continue;
    stayed.add(origin);
    if (origin !== square) slides.set(square, origin);
    if (was.kind !== piece.kind) changed.add(square);
  }
  const lastSeen = new Map([...cameFrom].map(([now, origin]) => [origin, now]));
  const fallen = Object.entries(before)
    .filter(([square]) => !stayed.has(square))
    .map(([square, piece]) => ({ square: lastSeen.get(square) || square, piece }));
  return { before, slides, changed, fallen };
}

// Per board container: the selected piece, the square holding the tab stop, and whether the
// keyboard focus was in the board (so that a redraw puts it back on the same square).
const boards = new WeakMap();
let described = 0;

function boardState(container) {
  if (!boards.has(container)) boards.set(container, { selected: null, focus: null, focused: false });
  return boards.get(container);
}

/** Mix a #rrggbb colour with white: the share of the colour kept is `amount`. */
function tint(colour, amount) {
  const channels = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  const mixed = channels.map((c) => Math.round(c * amount + 255 * (1 - amount)));
  return `rgb(${mixed.join(", ")})`;
}

// Draw the board into container. ctx: view, legal, seat, interactive, onAct, t, tm, last, motion.
export function render(container, ctx) {
  const { view, t } = ctx;
  const flipped = ctx.seat === 1;
  const legal = parseLegal(ctx.interactive ? ctx.legal : []);
  const state = boardState(container);
  if (state.selected && !legal.moves.has(state.selected) && !legal.promotions.has(state.selected)) {
    state.selected = null;
  }
  const selected = state.selected;
  const colours = [seatColor(0), seatColor(1)];
  const targets = selected && legal.moves.has(selected) ? legal.moves.get(selected) : new Map();
  const last = lastMarks(ctx.last);
  const moved = motionOf(ctx.motion, view);

  // The squares as the player sees them: row 0 at the top, North's board turned around.
  const squareAt = (row, col) => `${FILES[flipped ? SIZE - 1 - col : col]}${flipped ? row + 1 : SIZE - row}`;
  const cellOf = (square) => {
    const file = FILES.indexOf(square[0]);
    const rank = parseInt(square.slice(1), 10);
    return flipped ? [rank - 1, SIZE - 1 - file] : [SIZE - rank, file];
  };
  const place = (square) => {
    const [row, col] = cellOf(square);
    return [MARGIN + col * CELL, MARGIN + row * CELL];
  };
  const centre = (square) => place(square).map((v) => v + CELL / 2);
  const isMovable = (square) => legal.moves.has(square) || legal.promotions.has(square);

  container.replaceChildren();
  const wrap = h("div", "sparta");
  container.appendChild(wrap);

  // Above the board, where it is seen without scrolling: what to do now, the promotion and pass
  // buttons.
  const bar = h("div", "sparta-bar");
  const hint = h("p", "hint");
  const help = ctx.interactive && (legal.moves.size || legal.promotions.size)
    ? t(selected ? "sp.ui.select_target" : "sp.ui.select_piece") : "";
  hint.textContent = help;
  const buttons = h("div", "action-buttons");
  for (const [square, item] of legal.promotions) {
    const button = h("button", "promote" + (square === selected ? " primary" : ""), t("match.promote", { square }));
    button.dataset.action = item.action;
    button.dataset.square = square;
    button.title = ctx.tm(item.msg);
    button.onclick = () => ctx.onAct(item.action);
    buttons.appendChild(button);
  }
  if (legal.pass) {
    const button = h("button", "primary", t("match.pass"));
    button.dataset.action = "pass";
    button.title = ctx.tm(legal.pass.msg);
    button.onclick = () => ctx.onAct("pass");
    buttons.appendChild(button);
  }
  bar.append(hint, buttons);
  wrap.appendChild(bar);

  const keysId = `sp-keys-${++described}`;
  const svg = el("svg", { viewBox: `0 0 ${FULL} ${FULL}`, class: "board sparta-board", role: "grid",
    "aria-label": t(`sp.ui.board.${flipped ? 1 : 0}`), "aria-describedby": keysId }, wrap);
  const keys = h("p", "sr-only", t("sp.ui.keys"));
  keys.id = keysId;
  wrap.appendChild(keys);

  // The drawing: seen, not read (the grid above names every square).
  const drawing = el("g", { "aria-hidden": "true" }, svg);
  el("rect", { x: 0, y: 0, width: FULL, height: FULL, rx: 10, class: "frame" }, drawing);
  for (let i = 0; i < SIZE; i++) {
    const file = squareAt(0, i)[0];
    const rank = squareAt(i, 0).slice(1);
    const x = MARGIN + i * CELL + CELL / 2;
    el("text", { x, y: MARGIN - 8, class: "coord" }, drawing).textContent = file;
    el("text", { x, y: FULL - 9, class: "coord" }, drawing).textContent = file;
    const y = MARGIN + i * CELL + CELL / 2 + 4;
    el("text", { x: MARGIN / 2, y, class: "coord" }, drawing).textContent = rank;
    el("text", { x: FULL - MARGIN / 2, y, class: "coord" }, drawing).textContent = rank;
  }
  for (let row = 0; row < SIZE; row++) {
    for (let col = 0; col < SIZE; col++) {
      const square = squareAt(row, col);
      const [x, y] = place(square);
      const shade = (FILES.indexOf(square[0]) + parseInt(square.slice(1), 10)) % 2 ? "light" : "dark";
      el("rect", { x, y, width: CELL, height: CELL, class: `sq ${shade}`, "data-square": square }, drawing);
    }
  }
  for (const [square, owner] of Object.entries(view.cities)) drawCity(drawing, place(square), owner, colours);
  for (const [square, mark] of last) drawLastMark(drawing, place(square), mark);

  // The pieces; those that slide are drawn last, above the others.
  const order = Object.entries(view.pieces)
    .sort(([a], [b]) => Number(moved?.slides.has(a) || false) - Number(moved?.slides.has(b) || false));
  for (const [square, piece] of order) {
    const [cx, cy] = centre(square);
    const classes = ["piece", `owner${piece.owner}`, piece.kind];
    if (isMovable(square)) classes.push("movable");
    if (square === selected) classes.push("selected");
    const g = el("g", { class: classes.join(" "), "data-piece": square, transform: `translate(${cx} ${cy})` }, drawing);
    let body = g;
    if (moved?.slides.has(square)) {
      const [fx, fy] = centre(moved.slides.get(square));
      body = el("g", { class: "slide" }, g);
      body.style.setProperty("--dx", `${fx - cx}px`);
      body.style.setProperty("--dy", `${fy - cy}px`);
    }
    drawPiece(body, piece, colours);
    if (moved?.changed.has(square)) {
      // A promotion: the warrior it was fades into the hero it became, with a ring.
      const was = moved.before[moved.slides.get(square) || square];
      drawPiece(el("g", { class: "was" }, body), was, colours);
      el("circle", { r: 20, class: "promo-ring" }, body);
    }
  }

  for (const [square, item] of targets) {
    const [x, y] = place(square);
    const g = el("g", { class: "target", "data-target": square }, drawing);
    el("rect", { x: x + 7, y: y + 7, width: CELL - 14, height: CELL - 14, rx: 5, class: "target-area" }, g);
    el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 7, class: "target-dot" }, g);
    el("title", {}, g).textContent = ctx.tm(item.msg);
  }

  // Pieces that left the board fade where they were, with each side's loss counted once.
  if (moved?.fallen.length) {
    const layer = el("g", { class: "motion" }, drawing);
    const counted = new Set();
    for (const { square, piece } of moved.fallen) {
      const [cx, cy] = centre(square);
      const ghost = el("g", { transform: `translate(${cx} ${cy})` }, layer);
      drawPiece(el("g", { class: "fallen" }, ghost), piece, colours);
      ghost.addEventListener("animationend", () => ghost.remove(), { once: true });
      if (counted.has(piece.owner)) continue;
      counted.add(piece.owner);
      const n = moved.fallen.filter((f) => f.piece.owner === piece.owner).length;
      const label = el("g", { transform: `translate(${cx + 14} ${cy - 16})` }, layer);
      el("text", { class: "loss" }, label).textContent = `−${n}`;
      label.addEventListener("animationend", () => label.remove(), { once: true });
    }
  }

  // The grid: one named, focusable square per square, in rows as the player sees them.
  const nameOf = (square) => {
    const words = [square];
    const city = view.cities[square];
    if (city !== undefined) words.push(t(`sp.ui.city.${city}`));
    const piece = view.pieces[square];
    words.push(piece ? t(`sp.ui.${piece.kind}.${piece.owner}`) : t("sp.ui.empty"));
    if (square === selected) words.push(t("sp.ui.selected"));
    else if (legal.moves.has(square)) words.push(t("sp.ui.can_move"));
    if (legal.promotions.has(square)) words.push(t("sp.ui.can_promote"));
    if (targets.has(square)) words.push(t("sp.ui.target", { action: ctx.tm(targets.get(square).msg) }));
    if (last.has(square)) words.push(t(`sp.ui.last.${last.get(square)}`));
    // The three languages list these clauses with commas.
    return words.join(", ");
  };
  const firstMovable = () => {
    for (let row = 0; row < SIZE; row++) {
      for (let col = 0; col < SIZE; col++) if (isMovable(squareAt(row, col))) return squareAt(row, col);
    }
    return null;
  };
  if (!SQUARES.has(state.focus)) {
    state.focus = selected || firstMovable() || [...last.keys()].pop() || squareAt(0, 0);
  }
  const cells = new Map();
  const grid = el("g", { class: "cells" }, svg);
  for (let row = 0; row < SIZE; row++) {
    const line = el("g", { role: "row", "aria-label": t("sp.ui.rank", { rank: squareAt(row, 0).slice(1) }) }, grid);
    for (let col = 0; col < SIZE; col++) {
      const square = squareAt(row, col);
      const [x, y] = place(square);
      const cell = el("g", { role: "gridcell", class: "cell", "data-cell": square,
        tabindex: square === state.focus ? "0" : "-1", "aria-label": nameOf(square) }, line);
      el("rect", { x, y, width: CELL, height: CELL, class: "cell-area" }, cell);
      el("rect", { x: x + 2.5, y: y + 2.5, width: CELL - 5, height: CELL - 5, rx: 4, class: "focus-ring" }, cell);
      el("rect", { x: x + 5.5, y: y + 5.5, width: CELL - 11, height: CELL - 11, rx: 2, class: "focus-ring-inner" }, cell);
      cells.set(square, cell);
    }
  }

  // Hovering or focusing a target tells what playing there does.
  const tell = (square) => {
    hint.textContent = targets.has(square) ? ctx.tm(targets.get(square).msg) : help;
  };
  const redraw = () => render(container, { ...ctx, motion: null });
  // Enter, Space or a click on a square: play the target, select a piece that can act, or drop
  // the selection.
  const choose = (square) => {
    if (!ctx.interactive) return;
    if (targets.has(square)) {
      state.selected = null;
      ctx.onAct(targets.get(square).action);
      return;
    }
    state.selected = square !== selected && isMovable(square) ? square : null;
    redraw();
  };
  const moveFocus = (square) => {
    const from = cells.get(state.focus);
    const to = cells.get(square);
    if (from) from.setAttribute("tabindex", "-1");
    to.setAttribute("tabindex", "0");
    state.focus = square;
    to.focus();
  };

  svg.addEventListener("mouseover", (event) => {
    const target = event.target.closest("[data-target]");
    if (target) tell(target.dataset.target);
  });
  svg.addEventListener("click", (event) => {
    const node = event.target.closest("[data-target],[data-piece],[data-square]");
    if (!node || !ctx.interactive) return;
    const square = node.dataset.target || node.dataset.piece || node.dataset.square;
    state.focus = square;
    choose(square);
  });
  svg.addEventListener("keydown", (event) => {
    const cell = event.target.closest("[data-cell]");
    if (!cell) return;
    const square = cell.dataset.cell;
    let [row, col] = cellOf(square);
    switch (event.key) {
      case "ArrowUp": row -= 1; break;
      case "ArrowDown": row += 1; break;
      case "ArrowLeft": col -= 1; break;
      case "ArrowRight": col += 1; break;
      case "Home": col = 0; if (event.ctrlKey) row = 0; break;
      case "End": col = SIZE - 1; if (event.ctrlKey) row = SIZE - 1; break;
      case "Enter":
      case " ":
        event.preventDefault();
        choose(square);
        return;
      case "Escape":
        if (!state.selected) return;
        event.preventDefault();
        event.stopPropagation();
        state.selected = null;
        redraw();
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
    moveFocus(squareAt(Math.min(SIZE - 1, Math.max(0, row)), Math.min(SIZE - 1, Math.max(0, col))));
  });

  // Where the keyboard focus is: a square (or a promotion button: its square), kept across
  // redraws. Focus that leaves for another element is let go; focus lost because the board was
  // redrawn under it comes back.
  wrap.addEventListener("focusin", (event) => {
    const node = event.target.closest("[data-cell],[data-square]");
    state.focused = true;
    if (node) state.focus = node.dataset.cell || node.dataset.square;
    if (node?.dataset.cell) tell(node.dataset.cell);
  });
  wrap.addEventListener("focusout", (event) => {
    const next = event.relatedTarget;
    if (next && wrap.contains(next)) return;
    if (next) {
      state.focused = false;
      return;
    }
    const left = event.target;
    setTimeout(() => {
      if (left.isConnected && !container.contains(document.activeElement)) state.focused = false;
    }, 0);
  });
  if (state.focused) {
    // After the page has put the board in place (match.js moves it after this call); never
    // behind a dialog that covers the board (the end of the game, passing the device).
    queueMicrotask(() => {
      const cell = cells.get(state.focus);
      const active = document.activeElement;
      if (!cell?.isConnected) return;
      const covered = document.querySelector("[aria-modal='true'], .overlay");
      if (covered || (active && active !== document.body && !container.contains(active))) {
        state.focused = false;
        return;
      }
      if (active !== cell) cell.focus({ preventScroll: true });
    });
  }
}

// A city: a tile tinted by its owner, with a wall in one corner and the owner's token shape in
// the other (the owner is told by shape as well as colour).
function drawCity(parent, [x, y], owner, colours) {
  const g = el("g", { class: `city owner${owner}` }, parent);
  el("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 4,
    fill: tint(colours[owner], CITY_TINT), stroke: colours[owner], "stroke-width": 3, class: "city-tile" }, g);
  const wx = x + 7;
  const wy = y + CELL - 15;
  el("path", { d: `M${wx} ${wy + 9} v-9 h3 v3 h3 v-3 h3 v3 h3 v-3 h3 v9 z`, fill: colours[owner],
    class: "wall" }, g);
  const mark = el("g", { transform: `translate(${x + CELL - 12} ${y + CELL - 11})` }, g);
  el(...shape(owner, 5), mark).setAttribute("fill", colours[owner]);
}

/** A side's token shape of radius r as [element name, attributes]: South round, North a diamond. */
function shape(seat, r) {
  return seat === 0 ? ["circle", { r, class: "shape" }] : ["path", { d: diamond(r * 1.15), class: "shape" }];
}

/** The path of a diamond (a square on its corner) of half-diagonal r, centred on 0,0. */
function diamond(r) {
  return `M0 ${-r} L${r} 0 L0 ${r} L${-r} 0 Z`;
}

// What the last action did on a square: corner brackets, unlike the targets' dashed outline.
function drawLastMark(parent, [x, y], mark) {
  const a = 3;
  const b = CELL - 3;
  const l = 13;
  el("path", { class: `lastmove ${mark}`, d: [
    `M${x + a} ${y + a + l} V${y + a} H${x + a + l}`,
    `M${x + b - l} ${y + a} H${x + b} V${y + a + l}`,
    `M${x + b} ${y + b - l} V${y + b} H${x + b - l}`,
    `M${x + a + l} ${y + b} H${x + a} V${y + b - l}`,
  ].join(" ") }, parent);
}

// A piece, centred on 0,0: South's round, North's a diamond, in the side's colour; a hero wears
// a crown, a warrior a small mark of its side's shape. A ring around it shows it can move.
function drawPiece(g, piece, colours) {
  const colour = colours[piece.owner];
  const round = piece.owner === 0;
  el("circle", { r: 23.5, class: "halo" }, g);
  if (round) {
    el("circle", { r: 19, cy: 2, class: "shadow" }, g);
    el("circle", { r: 18, fill: colour, class: "body" }, g);
  } else {
    el("path", { d: diamond(21), transform: "translate(0 2)", class: "shadow" }, g);
    el("path", { d: diamond(21), fill: colour, class: "body" }, g);
  }
  if (piece.kind === "hero") {
    el("path", { d: "M-9 5 L-9 -5 L-4.5 0 L0 -7 L4.5 0 L9 -5 L9 5 Z", class: "crown" }, g);
  } else if (round) {
    el("circle", { r: 6, class: "mark" }, g);
  } else {
    el("path", { d: diamond(7), class: "mark" }, g);
  }
}

// A small token of a side's shape and colour, for the side panel.
function token(seat) {
  const svg = el("svg", { viewBox: "-12 -12 24 24", class: "sp-token", "aria-hidden": "true" });
  el(...shape(seat, 9.5), svg).setAttribute("fill", seatColor(seat));
  return svg;
}

// The side panel: reserves, pieces and cities of each side.
export function renderInfo(container, ctx) {
  const { view, t } = ctx;
  const table = h("table", "stats");
  const head = table.insertRow();
  head.append(h("th"), h("th", "", t("sp.ui.on_board")), h("th", "", t("sp.ui.reserve")),
    h("th", "", t("sp.ui.cities")));
  for (const seat of [0, 1]) {
    const row = table.insertRow();
    const name = h("th");
    name.append(token(seat), seatName(seat, t));
    row.append(name, h("td", "", String(view.on_board[seat])), h("td", "", String(view.reserves[seat])),
      h("td", "", String(view.city_count[seat])));
  }
  container.replaceChildren(table, h("p", "muted small", t("sp.ui.quiet", { n: view.quiet_plies })));
}
