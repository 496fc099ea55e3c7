// A phone that loses the network (issue 17 item 15). An entry tapped while offline is kept and
// shown as "not sent yet" (on the button tapped, and in a line just above the action bar); when
// the phone is back it is sent again with the same key, so the server records it once (or, if
// the table moved on meanwhile, answers the fresh board saying nothing was recorded). An entry
// the server answered 503 (its database out of reach: the entry is not confirmed) is kept the
// same way and sent again after the Retry-After the answer gave. The line says when the phone
// is offline, when an entry waits for the server, and when it is live again. The words come
// from the script tag's data attributes, translated by the page.
(function () {
  var script = document.currentScript;
  var words = script ? script.dataset : {};
  if (!document.getElementById("board")) return;
  var status = document.createElement("p");
  status.id = "net-status";
  status.className = "net";
  status.setAttribute("role", "status");
  status.hidden = true;
  var bar = document.querySelector("header.bar");
  if (bar && bar.parentNode) bar.parentNode.insertBefore(status, bar.nextSibling);
  else document.body.insertBefore(status, document.body.firstChild);

  // {path, body}: the entry tapped while offline, as it was posted; kept for this tab in
  // sessionStorage too, so that a reload while offline (static/sw.js) loses nothing.
  var kept = "referee-unsent:" + location.pathname;
  var pending = null;
  try { pending = JSON.parse(sessionStorage.getItem(kept)); } catch (e) { pending = null; }
  var sending = false;
  var calm = null;
  var later = null;     // the timer of a resend after a 503

  // Where the thumb is (issue 27): the line sits just above the action bar, or at the bottom of
  // the screen, not above a page scrolled down to the cards.
  function placeNearTheThumb() {
    var actions = document.querySelector(".action-bar");
    status.style.bottom = (actions ? actions.getBoundingClientRect().height : 0) + "px";
  }

  function say(text, state) {
    clearTimeout(calm);
    status.textContent = text || "";
    status.dataset.state = state || "";
    status.hidden = !text;
    if (text) placeNearTheThumb();
  }

  // The button tapped while offline shows that its entry waits (until the board is swapped).
  function markUnsent(button) {
    if (!button) return;
    button.classList.add("unsent");
    button.setAttribute("aria-describedby", "net-status");
  }

  function show() {
    if (!navigator.onLine) say(pending ? words.offline + " " + words.unsent : words.offline, "offline");
    else if (pending) say(words.unsent, "unsent");
  }

  function resend() {
    if (!pending || sending) return;
    var entry = pending;
    sending = true;
    say(words.sending, "sending");
    fetch(entry.path, {
      method: "POST", body: entry.body, credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true" }
    }).then(function (response) {
      if (response.status === 503) {  // still out of reach: keep it and try again
        sending = false;
        retryLater(response.headers.get("Retry-After"));
        return;
      }
      return response.text().then(function (html) {
        sending = false;
        pending = null;
        sessionStorage.removeItem(kept);
        var board = document.getElementById("board");
        if (board && html && window.htmx) htmx.swap(board, html, { swapStyle: "outerHTML" });
        say(words.live, "live");
        calm = setTimeout(function () { say("", ""); }, 4000);
      });
    }).catch(function () {  // still no network: wait for the next "online"
      sending = false;
      show();
    });
  }

  // After a 503: again in Retry-After seconds (between 1 and 60), and say so.
  function retryLater(seconds) {
    clearTimeout(later);
    say(words.unavailable, "unsent");
    later = setTimeout(resend, Math.min(60, Math.max(1, parseInt(seconds, 10) || 5)) * 1000);
  }

  // An entry form's post, kept with its key to send again; false if it was no such post.
  function keep(event) {
    var config = event.detail && event.detail.requestConfig;
    if (!config || config.verb !== "post" || !config.formData) return false;
    pending = { path: config.path, body: new URLSearchParams(config.formData).toString() };
    try { sessionStorage.setItem(kept, JSON.stringify(pending)); } catch (e) { /* kept in memory only */ }
    var tapped = config.triggeringEvent && config.triggeringEvent.submitter;
    markUnsent(tapped || (event.detail.elt && event.detail.elt.querySelector && event.detail.elt.querySelector("button")));
    return true;
  }

  // An entry form's post that never reached the server.
  document.addEventListener("htmx:sendError", function (event) {
    if (keep(event)) show();
  });
  // One the server could not confirm: its database was out of reach (503).
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (xhr && xhr.status === 503 && keep(event)) retryLater(xhr.getResponseHeader("Retry-After"));
  });
  // While the kept entry goes out, the board is not fetched, nor swapped for one its stream
  // pushed (app.js): its answer is the board to show.
  document.addEventListener("htmx:confirm", function (event) {
    if (sending && event.detail && event.detail.verb === "get") event.preventDefault();
  });
  document.addEventListener("referee:boardPush", function (event) {
    if (sending) event.preventDefault();
  });
  // Capture: before app.js's own "online" handler asks for the board.
  window.addEventListener("online", function () {
    if (pending) resend();
    else {
      say(words.live, "live");
      calm = setTimeout(function () { say("", ""); }, 4000);
    }
  }, true);
  window.addEventListener("offline", show);
  // A new board may bring a taller or shorter action bar: the line stays just above it.
  document.addEventListener("htmx:afterSettle", function () {
    if (!status.hidden) placeNearTheThumb();
  });
  // A board fetched fine means the network is back even if "online" was missed.
  document.addEventListener("htmx:afterRequest", function (event) {
    if (pending && event.detail && event.detail.successful) resend();
  });
  show();
  if (pending && navigator.onLine && !document.body.hasAttribute("data-offline-copy")) resend();
})();
