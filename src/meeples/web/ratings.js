// A game's leaderboard (#/ratings/GAME, docs/accounts.md): the players of rated games, best first,
// a page at a time, with the bot levels' fixed ratings beside for reference. Names and ratings
// only: the server sends nothing else of an account.

import { app, h, api, loadGames } from "./shared.js";
import { t } from "./i18n.js";
import { account, loadAccount } from "./account.js";

const PAGE = 50;

export function ratingsPage(game, offset = 0) {
  const root = h("div", { className: "ratings-page" });
  app.replaceChildren(root);
  let destroyed = false;
  let games = null;
  let board = null;
  let failed = null;

  const levelName = (level) => (level ? t(`level.${level}`) : "—");
  const ratingText = (row) => t(row.provisional ? "rating.provisional" : "rating.value",
    { rating: row.rating });

  function gameLinks() {
    return h("nav", { className: "row game-tabs", "aria-label": t("rating.leaderboards") },
      (games || []).map((g) => h("a", { className: `button${g.name === game ? " primary" : ""}`,
        href: `#/ratings/${g.name}`, "aria-current": g.name === game ? "page" : null }, g.title)));
  }

  function playersTable() {
    if (!board.players.length) {
      return h("p", { className: "muted", id: "no-ratings" }, t("rating.none", { game: board.title }));
    }
    return h("div", { className: "table-scroll" }, h("table", { className: "leaderboard", id: "leaderboard" },
      h("caption", { className: "sr-only" }, t("rating.leaderboard_of", { game: board.title })),
      h("thead", {}, h("tr", {},
        ["rating.rank", "rating.player", "rating.rating", "rating.games", "rating.about"]
          .map((key) => h("th", { scope: "col" }, t(key))))),
      h("tbody", {}, board.players.map((row) => h("tr", { "data-player": row.name },
        h("td", {}, String(row.rank)),
        h("th", { scope: "row" }, row.name),
        h("td", { title: row.provisional ? t("rating.provisional_detail",
          { n: row.games, level: levelName(row.about) }) : null }, ratingText(row)),
        h("td", {}, String(row.games)),
        h("td", {}, levelName(row.about)))))));
  }

  function botsTable() {
    if (!board.bots.length) return null;
    return h("section", { className: "card" }, h("h2", {}, t("rating.bots")),
      h("table", { className: "leaderboard bots", id: "bot-ratings" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("rating.level")),
          h("th", { scope: "col" }, t("rating.rating")))),
        h("tbody", {}, board.bots.map((bot) => h("tr", { "data-level": bot.level },
          h("th", { scope: "row" }, levelName(bot.level)), h("td", {}, String(bot.rating)))))));
  }

  function pager() {
    if (board.total <= board.limit) return null;
    const last = Math.min(board.offset + board.players.length, board.total);
    return h("div", { className: "row pager" },
      board.offset > 0 ? h("a", { className: "button",
        href: `#/ratings/${game}?offset=${Math.max(0, board.offset - PAGE)}` }, t("rating.previous")) : null,
      h("span", { className: "muted" }, t("rating.page", { from: board.offset + 1, to: last, total: board.total })),
      last < board.total ? h("a", { className: "button", href: `#/ratings/${game}?offset=${board.offset + PAGE}` },
        t("rating.next")) : null);
  }

  function draw() {
    if (destroyed) return;
    if (failed) {
      root.replaceChildren(h("p", { className: "card" }, failed));
      return;
    }
    if (!board) return;
    const mine = account()?.ratings?.[game];
    root.replaceChildren(
      h("h1", {}, t("rating.leaderboard_of", { game: board.title })),
      gameLinks(),
      h("section", { className: "card" },
        h("p", { className: "muted small" }, t("rating.help")),
        mine ? h("p", { id: "my-rating" }, t("rating.yours",
          { rating: ratingText(mine), level: levelName(mine.about) })) : null,
        playersTable(), pager()),
      botsTable(),
      h("p", {}, h("a", { href: "#/" }, t("match.back"))));
  }

  (async () => {
    try {
      games = await loadGames();
      game = game || games[0].name; // #/ratings alone: the first game's
      [board] = await Promise.all([
        api(`/api/ratings/${encodeURIComponent(game)}?offset=${offset}&limit=${PAGE}`), loadAccount()]);
    } catch (error) {
      failed = error.message;
    }
    draw();
  })();
  return { destroy() { destroyed = true; }, rerender: draw };
}
