// The end-of-game summary: each player's score by source, from the score sheet the server sends
// with the final state ("summary": lines of {label, points per seat, counted} and the total).
// A table with the players as columns and the sources as rows: the counted sources, the total
// row, then the facts shown beside it (tie-breaks, or in a game without points what decided it),
// the winners' columns marked. Every word comes from the catalogues (labels are messages).

import { t, tm } from "./i18n.js";

function cell(tag, text, className = null) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== null && text !== undefined) node.textContent = String(text);
  return node;
}

function row(label, values, className, winners) {
  const tr = cell("tr", null, className);
  tr.appendChild(cell("th", label)).setAttribute("scope", "row");
  values.forEach((value, seat) => {
    tr.appendChild(cell("td", value, winners.has(seat) ? "won" : null));
  });
  return tr;
}

// Return the summary as an element: `summary` as the server sends it, `seats` the number of
// players, `head(seat)` the header content of a seat's column (a node), `winners` the winning
// seats, `names(seat)` a player's name for the labels that name players.
export function summaryTable(summary, { seats, head, winners = [], names = null }) {
  const won = new Set(winners);
  const table = cell("table", null, "summary-table");
  const caption = cell("caption", t(summary.total ? "core.summary.title" : "core.summary.title_facts"));
  table.appendChild(caption);
  const thead = cell("thead");
  const top = cell("tr");
  top.appendChild(cell("th", t("core.summary.source"))).setAttribute("scope", "col");
  for (let seat = 0; seat < seats; seat++) {
    const th = cell("th", null, won.has(seat) ? "won" : null);
    th.setAttribute("scope", "col");
    th.appendChild(head(seat));
    if (won.has(seat)) th.appendChild(cell("div", t("core.summary.winner"), "badge"));
    top.appendChild(th);
  }
  thead.appendChild(top);
  table.appendChild(thead);
  const body = cell("tbody");
  const label = (message) => tm(message, names);
  for (const line of summary.lines.filter((l) => l.counted)) {
    body.appendChild(row(label(line.label), line.points, "source", won));
  }
  if (summary.total) {
    body.appendChild(row(label(summary.total.label), summary.total.points, "total", won));
  }
  for (const line of summary.lines.filter((l) => !l.counted)) {
    // beside a total, a fact is set apart; in a game without points the facts are the table
    body.appendChild(row(label(line.label), line.points, summary.total ? "fact" : "source", won));
  }
  table.appendChild(body);
  const wrap = cell("div", null, "summary");
  wrap.id = "summary";
  wrap.appendChild(table);
  return wrap;
}
