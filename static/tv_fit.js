// The table-centre screen (/t/CODE/tv) is read from two metres and nobody scrolls it: its text
// is as large as the screen allows (app.css sizes it from the screen), then made smaller, a
// step at a time, until the whole screen fits without scrolling (a game over says much more
// than a turn does). Done again after every board the screen is sent. Landscape only.
"use strict";
(function () {
  var SMALLEST = 13; // px: below this a screen scrolls rather than shrinks further
  var root = document.documentElement;

  function fit() {
    root.style.fontSize = "";
    var size = parseFloat(getComputedStyle(root).fontSize);
    if (innerWidth <= innerHeight) return; // a phone held upright scrolls, as every phone page does
    while (root.scrollHeight > innerHeight + 1 && size > SMALLEST) {
      size = Math.max(SMALLEST, size * 0.92);
      root.style.fontSize = size + "px";
    }
    root.dataset.fitted = size.toFixed(1);
  }

  document.addEventListener("DOMContentLoaded", fit);
  document.addEventListener("htmx:afterSettle", fit);
  addEventListener("resize", fit);
})();
