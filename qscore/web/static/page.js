// The live sheet: the server sends the sheet's HTML (escaped there) each time an entry is
// saved by any terminal or phone. Without JavaScript the page is the sheet as it was loaded.
"use strict";
const sheet = document.getElementById("sheet");
if (sheet && window.EventSource) {
  const source = new EventSource(sheet.dataset.events);
  source.addEventListener("sheet", (event) => {
    if (event.lastEventId !== sheet.dataset.version) {
      sheet.innerHTML = event.data;
      sheet.dataset.version = event.lastEventId;
    }
  });
}
// A phone keeps its player chosen from one round to the next.
const player = document.getElementById("player");
if (player) {
  const kept = window.localStorage.getItem("qscore-player");
  if (kept && !player.querySelector("option[selected]")) {
    for (const option of player.options) if (option.value === kept) option.selected = true;
  }
  player.addEventListener("change", () => window.localStorage.setItem("qscore-player", player.value));
}
