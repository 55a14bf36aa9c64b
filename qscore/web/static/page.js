// The live sheet: the server sends the sheet's HTML (escaped there) each time an entry is
// saved by any terminal or phone. Without JavaScript the page is the sheet as it was loaded.
"use strict";
const sheet = document.getElementById("sheet");
const lost = document.getElementById("connection");
const RETRY_MS = 2000; // a stream the browser gave up on is opened again this long after

// A server gone (stopped, restarted, the Wi-Fi dropped) is said at once, and the page
// recovers by itself when it is back: the address stays the game's across restarts.
function listen() {
  const source = new EventSource(sheet.dataset.events);
  let fresh = false; // after a lost connection, the next sheet is taken whatever its number
  source.addEventListener("sheet", (event) => {
    if (fresh || event.lastEventId !== sheet.dataset.version) {
      sheet.innerHTML = event.data;
      sheet.dataset.version = event.lastEventId;
      fresh = false;
      followRound();
    }
  });
  source.addEventListener("open", () => {
    if (lost) lost.hidden = true;
    sendable(true);
  });
  source.addEventListener("error", () => {
    if (lost) lost.hidden = false;
    sendable(false);
    fresh = true;
    if (source.readyState === EventSource.CLOSED) {
      window.setTimeout(listen, RETRY_MS);
    }
  });
}
if (sheet && window.EventSource) listen();

// While the server is away a form sent would end on the browser's own error page, which
// never comes back by itself: the page's buttons that send wait for the connection.
function sendable(yes) {
  for (const button of document.querySelectorAll("form[method=post] button")) button.disabled = !yes;
}

// The laydown form is for the round being played: when a round closes while the page is
// open, the form follows the sheet to the next one (its round was the one the page loaded).
function followRound() {
  const playing = sheet.querySelector("table[data-round]");
  const field = document.querySelector("#laydown input[name=round]");
  if (playing && field) field.value = playing.dataset.round;
}

// The answer where the eye is: a laydown's outcome (at the top) or a word's verdict,
// scrolled into view and focused, so a refusal is never missed below the fold.
const answer = document.getElementById("outcome") || (location.hash === "#verdict" && document.getElementById("verdict"));
if (answer) {
  answer.scrollIntoView({ block: "start" });
  answer.focus({ preventScroll: true });
}

// The screen kept awake through the evening, where the browser allows it (the Wake Lock
// API needs a secure address: on the table's plain http:// most browsers refuse, quietly).
async function keepAwake() {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
  try {
    await navigator.wakeLock.request("screen");
  } catch (refused) {
    // not allowed here: the phone sleeps as it always does
  }
}
keepAwake();
document.addEventListener("visibilitychange", keepAwake);
