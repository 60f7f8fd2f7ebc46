// The single-page client: lobby, live match, replay viewer and rule help, by hash route:
//   #/                 lobby            #/m/ID?t=TOKEN[,TOKEN]   a match (tokens: your seats)
//   #/replay/ID        replay viewer    #/rules[/GAME]           rule help
//   #/account          one's account (optional): sign in or out, delete it
//   #/ratings[/GAME][?offset=N]   a game's leaderboard (rated games)
// It renders what the server sends and sends back action strings taken from the legal list.

import { applyPalette, rememberTokens } from "./shared.js";
import { lang, loadCatalogue, onLangChange, setLang, t, translatePage } from "./i18n.js";
import { lobbyPage } from "./lobby.js";
import { accountPage } from "./account.js";
import { matchPage } from "./match.js";
import { ratingsPage } from "./ratings.js";
import { replayPage } from "./replay.js";
import { rulesPage } from "./rules.js";

let page = null; // the current page: { destroy(), rerender() }

function route() {
  if (page) page.destroy();
  const hash = location.hash.replace(/^#/, "") || "/";
  const [path, query = ""] = hash.split("?");
  const params = new URLSearchParams(query);
  const parts = path.split("/").filter(Boolean);
  if (parts[0] === "m" && parts[1]) {
    const tokens = (params.get("t") || "").split(",").filter(Boolean);
    if (tokens.length) {
      // Keep the secret out of the address bar once it is stored in this browser.
      rememberTokens(parts[1], tokens);
      history.replaceState(null, "", `#/m/${parts[1]}`);
    }
    page = matchPage(parts[1], tokens);
  } else if (parts[0] === "replay" && parts[1]) {
    page = replayPage(parts[1]);
  } else if (parts[0] === "account") {
    page = accountPage();
  } else if (parts[0] === "ratings") {
    const offset = parseInt(params.get("offset") || "0", 10);
    page = ratingsPage(parts[1] || null, Number.isFinite(offset) && offset > 0 ? offset : 0);
  } else if (parts[0] === "rules") {
    page = rulesPage(parts[1] || null, parts[2] || null);
  } else {
    page = lobbyPage();
  }
}

const langSelect = document.getElementById("lang");
langSelect.value = lang();
langSelect.onchange = () => setLang(langSelect.value);
onLangChange(() => {
  translatePage();
  if (page) page.rerender();
});
document.documentElement.lang = lang();
applyPalette();
translatePage();
await loadCatalogue(lang());
// The skip link: past the header, to the board of a match (else the page's main part).
document.getElementById("skip").onclick = () => {
  const target = document.querySelector("#board [tabindex='0'], #board button") || document.getElementById("app");
  target.focus();
};
window.addEventListener("hashchange", route);
route();
