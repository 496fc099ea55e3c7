// Installs the worker that keeps this phone's last board for when the server cannot be reached
// (static/sw.js), and on a page the worker served from that copy says so, keeps the board
// read-only and goes back to the server's page as soon as it answers. The words come from the
// script tag's data attributes, translated by the page.
(function () {
  var words = document.currentScript ? document.currentScript.dataset : {};
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js").then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (registration) {
    if (document.body.hasAttribute("data-offline-copy") || !registration.active) return;
    var files = Array.prototype.map.call(document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=icon]"),
                                         function (el) { return el.src || el.href; });
    registration.active.postMessage({ files: files, page: location.pathname });
  }).catch(function () {});

  if (!document.body.hasAttribute("data-offline-copy")) return;
  var board = document.getElementById("board");
  if (board) {
    board.setAttribute("inert", "");
    board.removeAttribute("hx-trigger");
    var notice = document.createElement("p");
    notice.className = "offline-copy";
    notice.setAttribute("role", "status");
    notice.textContent = words.copy || "";
    board.parentNode.insertBefore(notice, board);
  }
  function back() {
    fetch(location.pathname, { method: "HEAD", cache: "no-store" }).then(function (response) {
      if (response.ok) location.reload();
    }).catch(function () {});
  }
  window.addEventListener("online", back);
  setInterval(back, 5000);
})();
