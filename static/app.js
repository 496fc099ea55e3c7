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
