// Turn alerts in the browser (issue 25, point 3; docs/accounts.md). When it becomes this
// viewer's turn, the tab's title gets a marker ("● Your turn — Sparta") and the favicon a gold
// dot, both restored once it is not; an optional sound (off unless turned on here, a short
// WebAudio tone: no audio file); and, while the page is hidden, a notification of the browser,
// whose click brings the tab forward. The permission for notifications is asked only from the
// button of the settings card, never on load. Both settings are this browser's (localStorage and
// the browser's own permission); the e-mail alerts are the account's (web/account.js).

import { h } from "./shared.js";
import { t } from "./i18n.js";

const SOUND_KEY = "meeples.turn_sound";

// The page's icon with a gold dot in its corner (an inline SVG, as index.html's own icon: the
// Content-Security-Policy allows data: images).
const TURN_ICON = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'>"
  + "<circle cx='8' cy='5' r='3' fill='#c0392b'/><path d='M3 15 L8 8 L13 15 Z' fill='#c0392b'/>"
  + "<circle cx='12.5' cy='3.5' r='3.5' fill='#f1c40f' stroke='#7a5c00' stroke-width='0.8'/></svg>")}`;

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

function setSound(on) {
  if (on) localStorage.setItem(SOUND_KEY, "on");
  else localStorage.removeItem(SOUND_KEY);
}

// One audio context for the page, made at the first click that turns the sound on (a browser
// lets a page play sound only once someone interacted with it).
let audio = null;

function audioContext() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!audio) audio = new Context();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

// Two short rising tones, soft, fading out in a quarter of a second each.
function chime() {
  const context = audioContext();
  if (!context) return;
  const start = context.currentTime;
  [660, 880].forEach((frequency, i) => {
    const tone = context.createOscillator();
    const volume = context.createGain();
    tone.type = "sine";
    tone.frequency.setValueAtTime(frequency, start + i * 0.18);
    volume.gain.setValueAtTime(0.12, start + i * 0.18);
    volume.gain.exponentialRampToValueAtTime(0.001, start + i * 0.18 + 0.25);
    tone.connect(volume);
    volume.connect(context.destination);
    tone.start(start + i * 0.18);
    tone.stop(start + i * 0.18 + 0.26);
  });
}

function canNotify() {
  return typeof window.Notification === "function";
}

// The tab's title and icon follow whose turn it is; the sound and the notification come once
// when the turn becomes this viewer's (not for a turn already theirs when the page opens).
export function turnAlerts(matchId) {
  const icon = document.querySelector("link[rel~='icon']");
  const plainIcon = icon ? icon.getAttribute("href") : null;
  const plainTitle = document.title;
  let seen = false; // a first state arrived
  let mine = false;
  let shown = null; // the notification on screen, if any

  function closeNotification() {
    if (shown) shown.close();
    shown = null;
  }

  function onVisible() {
    if (!document.hidden) closeNotification();
  }
  document.addEventListener("visibilitychange", onVisible);

  function notify(title) {
    if (!canNotify() || Notification.permission !== "granted" || !document.hidden) return;
    closeNotification();
    try {
      shown = new Notification("Meeples", { body: t("notify.body", { title }), tag: `meeples-${matchId}`,
        icon: TURN_ICON });
    } catch {
      shown = null; // a browser that offers notifications only to service workers
      return;
    }
    shown.onclick = () => {
      window.focus();
      closeNotification();
    };
  }

  return {
    // myTurn: the viewer holds the seat to move and has a decision to make; title: the game's.
    update(myTurn, title) {
      document.title = myTurn ? t("notify.title", { title }) : plainTitle;
      if (icon) icon.setAttribute("href", myTurn ? TURN_ICON : plainIcon);
      const began = seen && myTurn && !mine;
      seen = true;
      mine = myTurn;
      if (!began) {
        if (!myTurn) closeNotification();
        return;
      }
      if (soundOn()) chime();
      notify(title);
    },
    destroy() {
      document.removeEventListener("visibilitychange", onVisible);
      closeNotification();
      document.title = plainTitle;
      if (icon && plainIcon !== null) icon.setAttribute("href", plainIcon);
    },
  };
}

// The settings card's part: the sound's checkbox and the notifications' button (or what the
// browser said of them). redraw() draws the card again once the browser answered.
export function alertSettings(redraw) {
  const sound = h("label", { className: "setting inline-setting" },
    h("input", { type: "checkbox", id: "turn-sound", checked: soundOn() || null, onchange: (event) => {
      setSound(event.target.checked);
      if (event.target.checked) chime(); // heard once now, so the player knows the sound
    } }),
    ` ${t("notify.sound")}`);
  let notifications;
  if (!canNotify()) {
    notifications = h("p", { className: "muted small", id: "notify-state" }, t("notify.unsupported"));
  } else if (Notification.permission === "granted") {
    notifications = h("p", { className: "muted small", id: "notify-state" }, t("notify.on"));
  } else if (Notification.permission === "denied") {
    notifications = h("p", { className: "muted small", id: "notify-state" }, t("notify.denied"));
  } else {
    notifications = h("button", { type: "button", id: "notify-ask", onclick: () => {
      Promise.resolve(Notification.requestPermission()).catch(() => {}).then(redraw);
    } }, t("notify.ask"));
  }
  return [sound, notifications];
}
