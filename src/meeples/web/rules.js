// The rules page: each game's rules and every component of its catalogue.

import { app, h, loadGames } from "./shared.js";
import { component, componentIds, componentKinds, lang, t } from "./i18n.js";
import { HELP } from "./help.js";

export function rulesPage(game) {
  const root = h("div", { className: "rules" });
  app.replaceChildren(root);
  async function draw() {
    const games = await loadGames().catch(() => []);
    const nav = h("nav", { className: "row" }, games.map((g) =>
      h("a", { className: `button ${g.name === game ? "primary" : ""}`, href: `#/rules/${g.name}` }, g.title)));
    const body = h("section", { className: "card rule-text" });
    if (!game) body.textContent = t("rules.choose");
    else if (HELP[game]) body.innerHTML = HELP[game][lang()] || HELP[game].en;
    else body.textContent = t("rules.missing");
    root.replaceChildren(h("h1", {}, t("rules.title")), nav, body);
    if (game) root.appendChild(componentsSection(game));
  }
  draw();
  return { destroy() {}, rerender: draw };
}

// Every component of a game's catalogue, kind by kind: its name and its effect.
function componentsSection(game) {
  const kinds = componentKinds(game);
  const section = h("section", { className: "card components", id: "components" },
    h("h2", {}, t("rules.components")));
  for (const kind of kinds) {
    const titleKey = `${kind}.title`;
    const title = t(titleKey);
    const entries = [];
    for (const id of componentIds(kind)) {
      const { name, effect } = component(kind, id);
      entries.push(h("dt", { "data-component": `${kind}:${id}` }, name), h("dd", {}, effect || "–"));
    }
    section.appendChild(h("h3", {}, title === titleKey ? kind : title));
    section.appendChild(h("dl", { className: "component-list" }, entries));
  }
  return section;
}
