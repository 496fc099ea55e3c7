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

// Push: the server sends this phone its new board the moment the table moves (a "board" event,
// server-sent events), drawn for this phone as its fetch would be; where it cannot, it nudges
// with the table's seq, and with its seats' version when a phone joins or a seat is freed, and
// the board refetches. While the stream is up the timed polls are mostly skipped; if it drops,
// or the server has no room for it (204), polling carries on as before.
(function () {
  var board = document.getElementById("board");
  if (!board || !board.dataset.events || !window.EventSource) return;
  var live = false, skipped = 0, announced = null, seats = null;
  var requests = [], waiting = null;  // htmx requests under way; a pushed board kept until they end
  // Behind: older than the latest nudge (a board its own entry answered before that entry's
  // nudge came is ahead, not behind: seqs only grow).
  function behind(current) {
    return (announced !== null && Number(announced) > Number(current.dataset.seq)) ||
      (seats !== null && Number(seats) > Number(current.dataset.seats));
  }
  function catchUp() {
    var current = document.getElementById("board");
    if (current && window.htmx && behind(current)) htmx.trigger(current, "refresh");
  }
  var source = new EventSource(board.dataset.events);
  source.addEventListener("seq", function (event) {
    live = true;
    announced = event.data;
    catchUp();
  });
  source.addEventListener("seats", function (event) {
    seats = event.data;
    catchUp();
  });
  // A pushed board replaces the board as a fetched one would (the choices half made on it are
  // kept: see below), if it is newer than the one shown and the board shown is a live board
  // (not a correction's form). While a request of this page is under way (this phone's own
  // entry, a fetch) it waits for that answer, which may be newer still.
  function boardOf(html) {
    var box = document.createElement("template");
    box.innerHTML = html;
    return box.content.querySelector("#board");
  }
  function newer(next, current) {
    var a = Number(next.dataset.seq), b = Number(current.dataset.seq);
    return a > b || (a === b && Number(next.dataset.seats) > Number(current.dataset.seats));
  }
  function busy() {
    requests = requests.filter(function (xhr) { return xhr.readyState !== 4; });
    return requests.length > 0;
  }
  function put(html) {
    var current = document.getElementById("board"), next = boardOf(html);
    if (!current || !next || !current.dataset.events || !window.htmx || !newer(next, current)) return;
    // offline.js declines it while a kept entry goes out: that entry's answer is the board to show
    if (!document.dispatchEvent(new CustomEvent("referee:boardPush", { cancelable: true }))) return;
    document.dispatchEvent(new CustomEvent("referee:beforeBoardPush", { detail: { target: current } }));
    htmx.swap(current, html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 20 }, { contextElement: current });
  }
  source.addEventListener("board", function (event) {
    live = true;
    var next = boardOf(event.data);
    if (!next) return;
    if (announced === null || Number(next.dataset.seq) > Number(announced)) announced = next.dataset.seq;
    if (seats === null || Number(next.dataset.seats) > Number(seats)) seats = next.dataset.seats;
    if (busy()) waiting = event.data;
    else put(event.data);
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.xhr) requests.push(event.detail.xhr);
  });
  document.addEventListener("htmx:afterRequest", function () {
    if (waiting === null || busy()) return;
    var html = waiting;
    waiting = null;
    put(html);
  });
  // A nudge that lands while the board is already being fetched is dropped by htmx; once that
  // fetch is answered (a new board, or 204 when it left before the entry), fetch again if the
  // board is older than the latest seq announced.
  // A board fetched because it is behind asks for the board itself, not "anything new since
  // seq N?": a server process that has not heard of the entry yet (another worker, whose
  // watcher reads the database a few times a second) would answer that poll with 204, and the
  // board would come one more round trip later.
  document.addEventListener("htmx:configRequest", function (event) {
    var current = event.detail.elt;
    if (!current || current.id !== "board" || event.detail.verb !== "get" || !behind(current)) return;
    event.detail.path = event.detail.path.replace(/([?&])since=[^&]*&?/, "$1").replace(/[?&]$/, "");
  });
  document.addEventListener("htmx:afterSettle", catchUp);
  document.addEventListener("htmx:afterRequest", function () { setTimeout(catchUp, 50); });
  // The stream opens as this script runs; a nudge that comes before htmx has taken over the
  // board (the page's other scripts still loading) finds nothing to refresh: catch up then.
  document.addEventListener("htmx:load", catchUp);
  source.addEventListener("error", function () { live = false; });
  // A timed poll has no triggering event; one in ten still goes out in case a nudge was lost.
  document.addEventListener("htmx:confirm", function (event) {
    if (!live || event.target.id !== "board" || event.detail.triggeringEvent) return;
    skipped += 1;
    if (skipped % 10) event.preventDefault();
  });
})();

// Your turn: when the seat this phone holds becomes the one the game waits for, the phone
// vibrates once (where it can) and the banner pulses. Once per turn, not on every refresh: the
// last state seen ("mine" or "other") is kept per table and seat in sessionStorage, so a board
// refreshed, reloaded or answered by the seat's own entry while the turn stays says nothing new.
(function () {
  function announce() {
    var board = document.getElementById("board");
    if (!board || !board.dataset.seatKey) return;
    var key = "turn:" + board.dataset.seatKey, mine = board.hasAttribute("data-my-turn"), was = null;
    try { was = sessionStorage.getItem(key); sessionStorage.setItem(key, mine ? "mine" : "other"); } catch (e) { return; }
    if (!mine || was === "mine") return;
    showNextEntry(board);
    var banner = board.querySelector(".who.mine");
    if (banner) banner.classList.add("arrived");
    if (navigator.vibrate) navigator.vibrate(200);
  }
  // The next thing to do in sight: after this phone's own entry, or when its turn arrives, the
  // first entry form on the board is scrolled into view if it is not already wholly between the
  // sticky header and the action bar (a refusal or a warning has the first word: see above).
  function inSight(el) {
    var box = el.getBoundingClientRect(), header = document.querySelector("header.bar");
    var bar = document.querySelector(".action-bar");
    var top = header ? header.getBoundingClientRect().bottom : 0;
    var bottom = bar ? Math.min(bar.getBoundingClientRect().top, innerHeight) : innerHeight;
    return box.top >= top && (box.bottom <= bottom || box.top + 120 <= bottom);
  }
  function showNextEntry(board) {
    if (board.querySelector(".refusal, .message")) return;
    var next = board.querySelector("form.act, details.act, .act form");
    if (next && !next.closest(".action-bar") && !inSight(next)) next.scrollIntoView({ block: "start" });
  }
  // What the table must see first (issue 27): the game's end, once, when it arrives on a phone
  // scrolled down; after this phone's Undo, the undone line with its "Put it back".
  var overSeen = false;
  function bringIntoView(el) {
    if (el && !inSight(el)) el.scrollIntoView({ block: "start" });
    return !!el;
  }
  function showGameOver(board) {
    var over = board.querySelector(".game-over");
    if (over && !overSeen) bringIntoView(over);
    overSeen = !!over;
    return !!over;
  }
  document.addEventListener("DOMContentLoaded", function () {
    announce();
    overSeen = !!document.querySelector("#board .game-over");  // a page opened at its top
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    announce();
    var board = document.getElementById("board");
    if (!board || showGameOver(board)) return;
    var config = event.detail && event.detail.requestConfig;
    if (!config || config.verb !== "post") return;
    if (!board.querySelector(".refusal, .message") && bringIntoView(board.querySelector(".last.undone"))) return;
    showNextEntry(board);
  });
})();

// A button in the action bar sends a form on the board from outside it (form="…"). htmx takes a
// submit button's name and value only from clicks inside the form, so such a button leaves them
// in its form as a hidden field first (a phone without scripts sends them by itself).
document.addEventListener("click", function (event) {
  var button = event.target.closest && event.target.closest("button[form][name]");
  if (!button || !button.form || button.form.contains(button)) return;
  var form = button.form;
  form.querySelectorAll("input[data-from-bar]").forEach(function (old) { old.remove(); });
  var field = document.createElement("input");
  field.type = "hidden";
  field.name = button.name;
  field.value = button.value;
  field.setAttribute("data-from-bar", "");
  form.appendChild(field);
}, true);

// Room under the board for the fixed action bar: its height, measured whenever it may change.
(function () {
  function makeRoom() {
    var bar = document.querySelector("#board > .action-bar"), root = document.documentElement.style;
    var room = bar ? (bar.offsetHeight + 16) + "px" : null;
    // set only when it changed: a new value on the root restyles the whole page
    if (room && root.getPropertyValue("--bar-room") !== room) root.setProperty("--bar-room", room);
  }
  document.addEventListener("DOMContentLoaded", makeRoom);
  document.addEventListener("htmx:afterSettle", makeRoom);
  window.addEventListener("resize", makeRoom);
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
// (each [data-needs-one] group has a choice, each [data-needs=N] group has N ticked, each running
// count [data-count-of] matches: entry_forms.js marks it on the input event that comes first),
// unless a ticked [data-then-ask] option still needs its field. Its button stays, for no-JS phones and for
// entries made in another order; a slip is one Undo away.
(function () {
  function complete(form) {
    var groups = form.querySelectorAll("[data-needs-one]");
    for (var i = 0; i < groups.length; i++) if (!groups[i].querySelector("input:checked")) return false;
    var counted = form.querySelectorAll("[data-needs]");
    for (var j = 0; j < counted.length; j++) {
      if (counted[j].querySelectorAll("input:checked").length !== Number(counted[j].dataset.needs)) return false;
    }
    var counts = form.querySelectorAll("[data-count-of]");
    for (var k = 0; k < counts.length; k++) if (!counts[k].classList.contains("matches")) return false;
    if (!form.checkValidity()) return false;  // a number still to type (required) is not a choice made
    return (groups.length + counted.length + counts.length) > 0 && answered(form);
  }
  // A ticked [data-then-ask="field"] option (a green switch face) needs that field chosen too (its
  // partner, not the empty "—"), in whichever order they were tapped; one with no field never sends.
  function answered(form) {
    var asking = form.querySelectorAll("input[data-then-ask]:checked");
    for (var i = 0; i < asking.length; i++) {
      var field = asking[i].dataset.thenAsk;
      var chosen = field && form.querySelector("input[name='" + field + "']:checked");
      if (!chosen || chosen.value === "") return false;
    }
    return true;
  }
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (event.target.dataset && event.target.dataset.known !== undefined) return;  // a seat chosen, not its cards
    if (form && form.hasAttribute("data-autosubmit") && complete(form)) {
      form.dataset.sent = "1";  // for a reader (and the browser tests) to tell it went by itself
      form.requestSubmit();
    }
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

// Numbers typed one after another (data-advance, e.g. the tricks of a Was Sticht round): once a
// field can take no further digit (one digit when at most 9 may be typed), the next empty field
// of the group has the caret, so "3", "0" fills two fields, not 30 in one; when none is left
// empty the keyboard goes, and what follows the numbers is in sight.
(function () {
  document.addEventListener("input", function (event) {
    var field = event.target, group = field.closest && field.closest("[data-advance]");
    if (!group || field.type !== "number" || field.value === "" || !field.max) return;
    if (Number(field.value) * 10 <= Number(field.max)) return;  // another digit may follow
    var fields = group.querySelectorAll("input[type=number]");
    for (var i = 0; i < fields.length; i++) {
      if (fields[i] !== field && fields[i].value === "") { fields[i].focus(); return; }
    }
    field.blur();
  });
})();

// A board refreshed by a poll, a nudge or a pushed board (another phone's entry) keeps what this
// phone was in the middle of choosing: the ticks, choices and typed numbers of forms that are
// still on the new board (the same entry for the same seat), and which of them were opened. A
// phone's own entries answer with a fresh board and keep nothing.
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
  function keep(board) {
    kept = {};
    board.querySelectorAll("form").forEach(function (form) {
      var id = formId(form);
      if (!id) return;
      var details = form.closest("details");
      kept[id] = { fields: changedFields(form), open: details ? details.open : null };
    });
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var board = event.detail.target;
    kept = null;
    if (!board || board.id !== "board" || event.detail.requestConfig.verb !== "get" || !event.detail.shouldSwap) return;
    keep(board);
  });
  document.addEventListener("referee:beforeBoardPush", function (event) { keep(event.detail.target); });
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

// The rule book as a sheet: a link to a rule (a refusal's rule ID, a note, the "?" of a house
// rule) opens the game's rule book in a <dialog> over the page, at that rule's paragraph. The
// page under it is not navigated, so a half-made entry (ticked cards, typed numbers, names on
// the new-table form) is still there when the sheet closes. Without fetch or <dialog>, or if
// the sheet cannot be loaded, the link simply opens the rules page.
(function () {
  var dialog = null, loaded = {};
  if (!window.fetch || typeof HTMLDialogElement !== "function") return;

  function sheet() {
    if (dialog) return dialog;
    dialog = document.createElement("dialog");
    dialog.className = "rule-sheet";
    dialog.setAttribute("aria-labelledby", "rule-sheet-title");
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog) { dialog.close(); return; }  // a tap on the dimmed page around it
      var close = event.target.closest("[data-close]");
      if (close) { dialog.close(); return; }
      var link = event.target.closest("a[href^='#']");
      if (link) { event.preventDefault(); show(link.getAttribute("href").slice(1)); }
    });
    document.body.appendChild(dialog);
    return dialog;
  }

  function show(anchor) {
    var marked = dialog.querySelectorAll(".is-target");
    for (var i = 0; i < marked.length; i++) marked[i].classList.remove("is-target");
    var target = anchor ? dialog.querySelector("[id='" + anchor.replace(/'/g, "") + "']") : null;
    var full = dialog.querySelector("a[data-full]");
    if (full) full.hash = anchor || "";
    if (target) {
      target.classList.add("is-target");
      target.scrollIntoView({ block: "start" });
    } else {
      dialog.querySelector(".sheet-body").scrollTop = 0;
    }
  }

  function open(url, anchor) {
    var ready = loaded[url] ? Promise.resolve(loaded[url]) : fetch(url, { credentials: "same-origin" })
      .then(function (response) { if (!response.ok) throw new Error(response.status); return response.text(); });
    return ready.then(function (html) {
      loaded[url] = html;
      var box = sheet();
      box.innerHTML = html;
      if (!box.open) box.showModal();
      show(anchor);
      var close = box.querySelector("[data-close]");
      if (close) close.focus({ preventScroll: true });
    });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-sheet]");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey ||
        event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(link.dataset.sheet, link.hash.slice(1)).catch(function () { window.location.href = link.href; });
  });
})();

// The host's link: a tap on its field selects it all (to copy by hand); where the browser lets a
// page copy (https or localhost), a Copy button does it. "Share the result" opens the phone's
// share sheet where there is one, else it is the link to the score sheet it always was.
(function () {
  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("[data-select-all]")) event.target.select();
  });
  function showCopyButtons() {
    if (!navigator.clipboard || !window.isSecureContext) return;
    document.querySelectorAll("button[data-copy][hidden]").forEach(function (button) { button.hidden = false; });
  }
  document.addEventListener("click", function (event) {
    var copy = event.target.closest && event.target.closest("button[data-copy]");
    if (copy) {
      navigator.clipboard.writeText(copy.dataset.copy).then(function () { copy.textContent = copy.dataset.copied; });
      return;
    }
    var share = event.target.closest && event.target.closest("a[data-share]");
    if (share && navigator.share && window.isSecureContext) {
      event.preventDefault();
      navigator.share({ title: share.dataset.shareTitle, url: share.dataset.share }).catch(function () {});
    }
  });
  document.addEventListener("htmx:afterSettle", showCopyButtons);
  document.addEventListener("DOMContentLoaded", showCopyButtons);
})();

// Steppers: a count entered one tap per card ([data-step] buttons beside a number field in a
// .stepper), not by typing. With scripts on, the field only shows the count: no keyboard opens.
(function () {
  function quiet(root) {
    var fields = (root || document).querySelectorAll(".stepper input[type=number]");
    for (var i = 0; i < fields.length; i++) { fields[i].readOnly = true; fields[i].inputMode = "none"; }
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-step]");
    var field = button && button.closest(".stepper") && button.closest(".stepper").querySelector("input[type=number]");
    if (!field) return;
    var value = Number(field.value || 0) + Number(button.dataset.step);
    var most = field.max === "" ? Infinity : Number(field.max);
    field.value = Math.max(Number(field.min || 0), Math.min(most, value)) || "";
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  });
  document.addEventListener("htmx:load", function (event) { quiet(event.target); });
  document.addEventListener("DOMContentLoaded", function () { quiet(document); });
})();
