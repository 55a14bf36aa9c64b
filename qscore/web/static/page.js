// The live sheet: the server sends the sheet's HTML (escaped there) each time an entry is
// saved by any terminal or phone. Without JavaScript the page is the sheet as it was loaded,
// and every control an ordinary link or form.
"use strict";
const sheet = document.getElementById("sheet");
const lost = document.getElementById("connection");
const RETRY_MS = 2000; // a stream the browser gave up on is opened again this long after
const PROBE_MS = 5000; // a server that has not answered a look in this long is away
// a small file of the server's own, looked at before a control leaves the page
const probe = new URL("manifest.webmanifest", document.currentScript.src);
let source = null;

// A server gone (stopped, restarted, the Wi-Fi dropped) is said at once, and the page
// recovers by itself when it is back: the address stays the game's across restarts.
function listen() {
  source = new EventSource(sheet.dataset.events);
  let fresh = false; // after a lost connection, the next sheet is taken whatever its number
  source.addEventListener("sheet", (event) => {
    if (fresh || event.lastEventId !== sheet.dataset.version) {
      sheet.innerHTML = event.data;
      sheet.dataset.version = event.lastEventId;
      fresh = false;
      followRound();
      followPage();
    }
  });
  source.addEventListener("open", () => connected(true));
  source.addEventListener("error", () => {
    connected(false);
    fresh = true;
    if (source.readyState === EventSource.CLOSED) window.setTimeout(listen, RETRY_MS);
  });
}
if (sheet && window.EventSource) listen();

// While the server is away a form sent would end on the browser's own error page, which
// never comes back by itself: the page's buttons that send wait for the connection.
function connected(yes) {
  if (lost) {
    lost.hidden = yes;
    if (yes) lost.querySelector(".unsent").hidden = true;
  }
  for (const button of document.querySelectorAll("form[method=post] button")) button.disabled = !yes;
}

// Whether the server answers now: a control's page is asked for only then.
async function reachable() {
  const stop = new AbortController();
  const timer = window.setTimeout(() => stop.abort(), PROBE_MS);
  try {
    return (await fetch(probe, { method: "HEAD", cache: "no-store", signal: stop.signal })).ok;
  } catch (away) {
    return false;
  } finally {
    window.clearTimeout(timer);
  }
}

// A control used while the server is away (a Check, a name, a link) is said not sent, on
// the page, instead of the browser's error page; the stream is opened again to find the
// server as soon as it is back.
function notSent() {
  connected(false);
  if (lost) lost.querySelector(".unsent").hidden = false;
  if (source && source.readyState === EventSource.OPEN) {
    source.close(); // it had not noticed (a Wi-Fi dropped says nothing)
    window.setTimeout(listen, RETRY_MS);
  }
}

document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (form.dataset.reached) {
    delete form.dataset.reached; // looked at already: the browser sends it
    return;
  }
  event.preventDefault();
  const submitter = event.submitter;
  if (!(await reachable())) return notSent();
  form.dataset.reached = "yes";
  form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
});

document.addEventListener("click", async (event) => {
  const link = event.target.closest && event.target.closest("a[href]");
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  if (link.origin !== location.origin || (link.pathname === location.pathname && link.search === location.search)) return;
  event.preventDefault();
  if (await reachable()) location.assign(link.href);
  else notSent();
});

// The laydown form is for the round being played: when a round closes while the page is
// open, the form follows the sheet to the next one (its round was the one the page loaded).
function followRound() {
  const playing = sheet.querySelector("table[data-round]");
  const field = document.querySelector("#laydown input[name=round]");
  if (playing && field) field.value = playing.dataset.round;
}

// The rest of a phone's page follows the sheet too, as the server makes it now: an answer
// at the top says what was entered since it (an undo, the round closed, the game over),
// and a player renamed sees the new name in the heading and the form, what they typed kept.
// The scorekeeper's page follows the same way: its answer at the top, no more.
async function followPage() {
  const phone = document.body.classList.contains("phone");
  if (!phone && !document.body.classList.contains("keeper")) return;
  const base = phone ? sheet.dataset.events.replace(/events$/, "") : location.pathname;
  const key = phone ? "sent" : "said";
  const sent = new URLSearchParams(location.search).get(key);
  let made;
  try {
    const answer = await fetch(base + (sent ? "?" + key + "=" + encodeURIComponent(sent) : ""), { cache: "no-store" });
    if (!answer.ok && answer.status !== 422) return; // a refused answer's page is made again too
    made = new DOMParser().parseFromString(await answer.text(), "text/html");
  } catch (away) {
    return; // the stream says so
  }
  document.title = made.title;
  // what was entered since, and the controls the answer offers (a replace, a double card: gone
  // once their round is no longer played), decide whether the answer is made again
  const said = (doc) =>
    [...doc.querySelectorAll("#outcome .since")].map((p) => p.textContent).join("\n") +
    doc.querySelectorAll("#outcome form").length;
  const outcome = document.getElementById("outcome");
  if (outcome && !made.getElementById("outcome")) outcome.remove(); // old news: the sheet says it
  else if (outcome && made.getElementById("outcome") && said(made) !== said(document)) {
    const top = outcome.getBoundingClientRect().top;
    const fresh = document.importNode(made.getElementById("outcome"), true);
    outcome.replaceWith(fresh);
    window.scrollBy(0, fresh.getBoundingClientRect().top - top); // where it was on the screen
  }
  if (!phone) return;
  // the form follows its own player only (the seat stays through a rename): another tab of
  // this browser choosing another name changes the cookie, not this page's player
  const mine = document.getElementById("laydown");
  const theirs = made.getElementById("laydown");
  const head = (doc) => (doc.getElementById("laydown-head") || {}).textContent;
  if (head(made) === head(document) || (mine && theirs && mine.dataset.seat !== theirs.dataset.seat)) return;
  const typed = mine ? Object.fromEntries([...mine.querySelectorAll("input")].map((i) => [i.id, i])) : {};
  if (theirs) {
    const fresh = document.importNode(theirs, true);
    for (const input of fresh.querySelectorAll("input[id]")) {
      const was = typed[input.id];
      if (!was) continue;
      if (input.type === "checkbox") input.checked = was.checked;
      else input.value = was.value;
    }
    if (mine) mine.replaceWith(fresh);
    else document.getElementById("wordbox").before(fresh);
  } else if (mine) {
    mine.remove();
  }
  followRound();
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
