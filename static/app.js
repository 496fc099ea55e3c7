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
  var live = false, skipped = 0, announced = null;
  function catchUp() {
    var current = document.getElementById("board");
    if (current && window.htmx && announced !== null && announced !== current.dataset.seq) {
      htmx.trigger(current, "refresh");
    }
  }
  var source = new EventSource(board.dataset.events);
  source.addEventListener("seq", function (event) {
    live = true;
    announced = event.data;
    catchUp();
  });
  // A nudge that lands while the board is already being fetched is dropped by htmx; once that
  // fetch is answered (a new board, or 204 when it left before the entry), fetch again if the
  // board is older than the latest seq announced.
  document.addEventListener("htmx:afterSettle", catchUp);
  document.addEventListener("htmx:afterRequest", function () { setTimeout(catchUp, 50); });
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

// One tap less: a form marked data-autosubmit sends itself once every choice it needs is made
// (each [data-needs-one] group has a choice, each [data-needs=N] group has N ticked), unless a
// ticked [data-then-ask] option needs more. Its button stays, for no-JS phones and for entries
// made in another order; a slip is one Undo away.
(function () {
  function complete(form) {
    var groups = form.querySelectorAll("[data-needs-one]");
    for (var i = 0; i < groups.length; i++) if (!groups[i].querySelector("input:checked")) return false;
    var counted = form.querySelectorAll("[data-needs]");
    for (var j = 0; j < counted.length; j++) {
      if (counted[j].querySelectorAll("input:checked").length !== Number(counted[j].dataset.needs)) return false;
    }
    return (groups.length + counted.length) > 0 && !form.querySelector("input[data-then-ask]:checked");
  }
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && form.hasAttribute("data-autosubmit") && complete(form)) form.requestSubmit();
  });
})();

// Numbers that must add up (data-sum, e.g. the 9 tricks of a Was Sticht round): once all but one
// are typed, the last is the rest, filled in (and still editable).
(function () {
  document.addEventListener("input", function (event) {
    var group = event.target.closest && event.target.closest("[data-sum]");
    if (!group) return;
    var fields = group.querySelectorAll("input[type=number]"), empty = [], total = 0;
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].value === "") empty.push(fields[i]);
      else total += Number(fields[i].value);
    }
    var rest = Number(group.dataset.sum) - total;
    if (empty.length === 1 && empty[0] !== event.target && rest >= 0 && rest === Math.floor(rest)) empty[0].value = rest;
  });
})();

// A board refreshed by a poll or a push (another phone's entry) keeps what this phone was in the
// middle of choosing: the ticks, choices and typed numbers of forms that are still on the new
// board (the same entry for the same seat), and which of them were opened. A phone's own
// entries answer with a fresh board and keep nothing.
(function () {
  var kept = null;
  function formId(form) {
    var type = form.querySelector("input[type=hidden][name=type]");
    var seat = form.querySelector("input[type=hidden][name=seat]");
    return type ? type.value + "/" + (seat ? seat.value : "") : null;
  }
  function changedFields(form) {
    var changed = [];
    for (var i = 0; i < form.elements.length; i++) {
      var field = form.elements[i];
      if (field.type === "checkbox" || field.type === "radio") {
        if (field.checked !== field.defaultChecked) changed.push([field.name, field.value, field.checked]);
      } else if (field.type === "number" || field.type === "text") {
        if (field.value !== field.defaultValue) changed.push([field.name, null, field.value]);
      }
    }
    return changed;
  }
  function restore(form, changed) {
    changed.forEach(function (c) {
      for (var i = 0; i < form.elements.length; i++) {
        var field = form.elements[i];
        if (field.name !== c[0]) continue;
        if (c[1] === null) field.value = c[2];
        else if (field.value === c[1]) field.checked = c[2];
      }
    });
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var board = event.detail.target;
    kept = null;
    if (!board || board.id !== "board" || event.detail.requestConfig.verb !== "get" || !event.detail.shouldSwap) return;
    kept = {};
    board.querySelectorAll("form").forEach(function (form) {
      var id = formId(form);
      if (!id) return;
      var details = form.closest("details");
      kept[id] = { fields: changedFields(form), open: details ? details.open : null };
    });
  });
  document.addEventListener("htmx:afterSwap", function () {
    var board = document.getElementById("board");
    if (!kept || !board) return;
    board.querySelectorAll("form").forEach(function (form) {
      var was = kept[formId(form)];
      if (!was) return;
      restore(form, was.fields);
      var details = form.closest("details");
      if (details && was.open !== null) details.open = was.open;
    });
    kept = null;
  });
})();
