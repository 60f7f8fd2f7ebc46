// The rules page: each game's numbered rules in our own words (from its catalogues: the same
// rules every refusal, prompt and effect links to, #/rules/GAME/ID), and every component.

import { app, h, loadGames } from "./shared.js";
import { component, componentIds, componentKinds, gameRules, lang, loadCatalogue, t } from "./i18n.js";

export function rulesPage(game, chosen = null) {
  const root = h("div", { className: "rules" });
  app.replaceChildren(root);
  async function draw() {
    // The rules are drawn in one language: a language just chosen waits for its catalogue (a
    // page opened with the switch was drawn in English first, then again in French).
    await loadCatalogue(lang());
    const games = await loadGames().catch(() => []);
    const nav = h("nav", { className: "row" }, games.map((g) =>
      h("a", { className: `button ${g.name === game ? "primary" : ""}`, href: `#/rules/${g.name}` }, g.title)));
    const rules = game ? gameRules(game) : [];
    const body = h("section", { className: "card rule-text" });
    if (!game) body.textContent = t("rules.choose");
    else if (rules.length) body.append(...rules.map(ruleSection));
    else body.textContent = t("rules.missing");
    root.replaceChildren(h("h1", {}, t("rules.title")), nav, body);
    if (game) root.appendChild(componentsSection(game));
    const target = chosen && root.querySelector(`[data-rule="${CSS.escape(chosen)}"]`);
    if (target) {
      target.classList.add("chosen");
      target.scrollIntoView({ block: "start" });
      target.querySelector("h3").focus({ preventScroll: true });
    }
  }
  draw();
  return { destroy() {}, rerender: draw };
}

// One numbered rule: its title and its text (paragraphs split by blank lines; lines starting
// "- " make a list).
function ruleSection(rule) {
  const blocks = rule.text.split("\n\n").map((block) => {
    const lines = block.split("\n").map((line) => line.trim()).filter(Boolean);
    if (lines.every((line) => line.startsWith("- "))) {
      return h("ul", {}, lines.map((line) => h("li", {}, line.slice(2))));
    }
    return h("p", {}, lines.join(" "));
  });
  return h("section", { className: `rule ${rule.id.includes(".") ? "sub" : ""}`,
    id: `rule-${rule.id}`, "data-rule": rule.id },
  h("h3", { tabindex: "-1" }, `§${rule.id} ${rule.title}`), ...blocks);
}

// Every component of a game's catalogue, kind by kind: its name and its effect (the rules
// themselves, also components, are shown above).
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
