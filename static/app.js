// A phone that wakes up, comes back online or returns to the tab fetches the board at once
// instead of waiting for the next poll.
(function () {
  function refresh() {
    var board = document.getElementById("board");
    if (board && window.htmx && document.visibilityState === "visible") htmx.trigger(board, "refresh");
  }
  document.addEventListener("visibilitychange", refresh);
  window.addEventListener("online", refresh);
  window.addEventListener("pageshow", function (e) { if (e.persisted) refresh(); });

  // A refusal or a warning answers the tap just made: bring it into view, wherever the form was.
  document.addEventListener("htmx:afterSettle", function () {
    var alert = document.querySelector("#board .refusal, #board .message");
    if (alert) alert.scrollIntoView({ block: "center" });
  });
})();

// Push: the server nudges with the table's seq the moment it moves (server-sent events), and the
// board refetches. While the stream is up the timed polls are mostly skipped; if it drops, or the
// server has no room for it (204), polling carries on as before.
(function () {
  var board = document.getElementById("board");
  if (!board || !board.dataset.events || !window.EventSource) return;
  var live = false, skipped = 0;
  var source = new EventSource(board.dataset.events);
  source.addEventListener("seq", function (event) {
    live = true;
    var current = document.getElementById("board");
    if (current && window.htmx && event.data !== current.dataset.seq) htmx.trigger(current, "refresh");
  });
  source.addEventListener("error", function () { live = false; });
  // A timed poll has no triggering event; one in ten still goes out in case a nudge was lost.
  document.addEventListener("htmx:confirm", function (event) {
    if (!live || event.target.id !== "board" || event.detail.triggeringEvent) return;
    skipped += 1;
    if (skipped % 10) event.preventDefault();
  });
})();

// Awake: while a table's board is on screen the phone does not dim or lock (Screen Wake Lock API).
// The browser drops the lock whenever the page is hidden, so it is asked for again on return.
// Where the API is missing or refused (battery saver, an old browser), nothing happens.
(function () {
  if (!document.getElementById("board") || !("wakeLock" in navigator)) return;
  var lock = null;
  function keepAwake() {
    if (lock || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      sentinel.addEventListener("release", function () { lock = null; });
    }).catch(function () { lock = null; });
  }
  document.addEventListener("visibilitychange", keepAwake);
  keepAwake();
})();
