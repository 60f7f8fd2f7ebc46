// The fallback board for any registered game: the view as readable panels, and the legal
// actions as buttons grouped by their first word. A game plays at once, before its SVG board.

const PALETTE = ["#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#5d6d7e"];

export function seatName(seat, t) {
  return t("player.n", { n: seat + 1 });
}

export function seatColor(seat) {
  return PALETTE[seat % PALETTE.length];
}

// An action's words: its message in the page's language.
export function actionWords(item, ctx) {
  return ctx.tm(item.msg);
}

// A verb's name: the game's catalogue key "<prefix>.verb.<verb>", else the core's
// "core.verb.<verb>" (verbs every game shares, such as done), else the verb itself.
function verbName(verb, ctx) {
  for (const key of [ctx.prefix ? `${ctx.prefix}.verb.${verb}` : null, `core.verb.${verb}`]) {
    const named = key ? ctx.t(key) : null;
    if (named && named !== key) return named;
  }
  return label(verb);
}

function label(key) {
  return String(key).replace(/_/g, " ");
}

function isScalar(value) {
  return value === null || typeof value !== "object";
}

function scalarText(value) {
  if (value === null || value === undefined) return "–";
  if (typeof value === "boolean") return value ? "✓" : "✗";
  return String(value);
}

// Render any JSON value as nested tables and lists.
export function renderValue(value, depth = 0) {
  if (isScalar(value)) {
    const span = document.createElement("span");
    span.textContent = scalarText(value);
    return span;
  }
  if (Array.isArray(value)) {
    if (value.every(isScalar)) {
      const span = document.createElement("span");
      span.className = "list";
      span.textContent = value.length ? value.map(scalarText).join(", ") : "–";
      return span;
    }
    const list = document.createElement("ol");
    list.start = 0;
    for (const item of value) {
      const li = document.createElement("li");
      li.appendChild(renderValue(item, depth + 1));
      list.appendChild(li);
    }
    return list;
  }
  const table = document.createElement("table");
  table.className = "kv";
  for (const [key, item] of Object.entries(value)) {
    const row = table.insertRow();
    const th = document.createElement("th");
    th.textContent = label(key);
    row.appendChild(th);
    row.insertCell().appendChild(renderValue(item, depth + 1));
  }
  return table;
}

export function render(container, ctx) {
  const { view, t } = ctx;
  container.replaceChildren();
  const wrap = document.createElement("div");
  wrap.className = "generic";
  container.appendChild(wrap);

  if (ctx.interactive && ctx.legal.length) wrap.appendChild(actionPanel(ctx.legal, ctx));

  const panels = document.createElement("div");
  panels.className = "view-panels";
  const summary = {};
  for (const [key, value] of Object.entries(view)) {
    if (isScalar(value) || (Array.isArray(value) && value.every(isScalar))) {
      summary[key] = value;
      continue;
    }
    panels.appendChild(panel(label(key), renderValue(value)));
  }
  wrap.insertBefore(panel(t("match.view"), renderValue(summary)), wrap.firstChild?.nextSibling ?? null);
  wrap.appendChild(panels);
}

// A panel of buttons, one per legal action, grouped by verb, with a filter when there are many.
export function actionPanel(items, ctx, title = null) {
  const { t } = ctx;
  const box = document.createElement("section");
  box.className = "panel actions-panel";
  const heading = document.createElement("h3");
  heading.textContent = title || t("match.actions");
  box.appendChild(heading);
  let filter = null;
  if (items.length > 24) {
    filter = document.createElement("input");
    filter.type = "search";
    filter.placeholder = t("match.filter");
    filter.setAttribute("aria-label", t("match.filter"));
    box.appendChild(filter);
  }
  const groups = new Map();
  for (const item of items) {
    const kind = item.parts?.verb ?? "…";
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(item);
  }
  const buttons = [];
  for (const [kind, members] of groups) {
    const group = document.createElement("fieldset");
    group.className = "action-group";
    // Grouped by the verb of the actions' parts.
    const legend = document.createElement("legend");
    legend.textContent = `${verbName(kind, ctx)} (${members.length})`;
    group.appendChild(legend);
    for (const item of members) {
      const button = document.createElement("button");
      button.dataset.action = item.action;
      button.textContent = actionWords(item, ctx);
      button.title = item.action;
      button.onclick = () => ctx.onAct(item.action);
      group.appendChild(button);
      buttons.push(button);
    }
    box.appendChild(group);
  }
  if (filter) {
    filter.oninput = () => {
      const needle = filter.value.toLowerCase();
      for (const button of buttons) {
        const hay = `${button.textContent} ${button.title}`.toLowerCase();
        button.hidden = needle !== "" && !hay.includes(needle);
      }
    };
  }
  return box;
}

export function panel(title, body) {
  const section = document.createElement("section");
  section.className = "panel";
  const heading = document.createElement("h3");
  heading.textContent = title;
  section.appendChild(heading);
  section.appendChild(body);
  return section;
}
