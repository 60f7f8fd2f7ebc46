// Rise of Tribes: what the board's modules share: the words of the board (a catalogue message, a
// component, a player reference), the geometry of the hex map, and the marks of the owners.
// Colour is never the only sign of an owner (issue 31): each seat has a shape as well (circle,
// square, diamond, triangle), on its member counts, villages, elders and in the legend.

import { el } from "./dom.js";
import { seatColour } from "./palette.js";

export const R = 48; // hex radius, in the map's units
export const COLORS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e"];
export const INVADER_COLOR = "#3d3d3d";
export const SHAPES = ["circle", "square", "diamond", "triangle"];

/** Return a seat's colour: the board's own, or the colour-blind-safe palette when chosen. */
export function colour(seat) {
  return seatColour(COLORS, seat);
}

/** Return the centre of a hex (axial q, r; pointy top) in the map's units. */
export function center(hex) {
  return [R * Math.sqrt(3) * (hex.q + hex.r / 2), R * 1.5 * hex.r];
}

/** Return the board's words: ctx.tm over a message, say(key, params), a component, a player. */
export function words(ctx) {
  const tm = ctx.tm || ((message) => ctx.t(message.key, message.params));
  const say = (key, params = {}) => tm({ key, params });
  const component = (kind, id) => (ctx.component ? ctx.component(kind, id) : null) || { name: String(id), effect: "" };
  const player = (seat) => ({ ref: "player", id: seat });
  return { tm, say, component, player };
}

/** Draw a seat's shape of about `size` radius centred on (0, 0) in parent. */
export function seatShape(parent, seat, size, attrs = {}) {
  const shape = SHAPES[seat % SHAPES.length];
  const s = size;
  if (shape === "circle") return el("circle", { r: s, ...attrs }, parent);
  if (shape === "square") {
    return el("rect", { x: -s * 0.9, y: -s * 0.9, width: s * 1.8, height: s * 1.8, rx: s * 0.2, ...attrs }, parent);
  }
  if (shape === "diamond") {
    return el("path", { d: `M0 ${-s * 1.22} L${s * 1.22} 0 L0 ${s * 1.22} L${-s * 1.22} 0 Z`, ...attrs }, parent);
  }
  // A triangle pointing up, a little larger so that its count still fits.
  const t = s * 1.35;
  return el("path", { d: `M0 ${-t} L${t * 1.1} ${t * 0.72} L${-t * 1.1} ${t * 0.72} Z`,
    "stroke-linejoin": "round", ...attrs }, parent);
}

/** Where a count sits in a seat's shape (a triangle's is lower). */
export function countOffset(seat) {
  return SHAPES[seat % SHAPES.length] === "triangle" ? 3.5 : 0.5;
}

/** Draw the invaders' mark (an octagon) of about `size` radius centred on (0, 0). */
export function invaderShape(parent, size, attrs = {}) {
  const points = [];
  for (let i = 0; i < 8; i++) {
    const angle = (Math.PI / 4) * i + Math.PI / 8;
    points.push(`${(size * 1.08 * Math.cos(angle)).toFixed(1)},${(size * 1.08 * Math.sin(angle)).toFixed(1)}`);
  }
  return el("polygon", { points: points.join(" "), ...attrs }, parent);
}

/** Draw a village (a house in the owner's colour, the owner's shape on it) at (x, y). */
export function villageMark(parent, x, y, seat, scale = 1) {
  const g = el("g", { transform: `translate(${x} ${y}) scale(${scale})`, class: "village" }, parent);
  el("path", { d: "M-10 -1 L0 -11 L10 -1 V10 H-10 Z", fill: colour(seat), class: "village-house" }, g);
  const mark = el("g", { transform: "translate(0 3.5)" }, g);
  seatShape(mark, seat, 3.6, { class: "village-owner" });
  return g;
}

/** Return a small standalone SVG of a seat's mark (its shape in its colour), hidden from
 * assistive technology: the name beside it says whose it is. */
export function seatMarkIcon(seat, size = 18) {
  const svg = el("svg", { viewBox: "-12 -12 24 24", width: size, height: size, class: "rot-mark",
    "aria-hidden": "true", focusable: "false" });
  seatShape(svg, seat, 8.5, { fill: colour(seat), class: "rot-mark-shape" });
  return svg;
}

/** The same for the invaders, a village and a token of the map's legend. */
export function legendIcon(kind, seat = 0, size = 18) {
  const svg = el("svg", { viewBox: "-12 -12 24 24", width: size, height: size, class: "rot-mark",
    "aria-hidden": "true", focusable: "false" });
  if (kind === "invaders") invaderShape(svg, 8.5, { fill: INVADER_COLOR, class: "rot-mark-shape" });
  else if (kind === "village") villageMark(svg, 0, 0, seat, 0.95);
  else if (kind === "over") {
    el("rect", { x: -11, y: -7, width: 22, height: 14, rx: 3, class: "hex-over-tag" }, svg);
  } else {
    el("circle", { r: 9, class: "rot-token-shape" }, svg);
  }
  return svg;
}
