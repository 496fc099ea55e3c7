// Entry forms of every game (issue 16), helpers that need nothing from the game but its markup.

// A refused entry is not lost: the board drawn with a refusal carries the entry as posted
// (#board[data-refused], JSON), and the form it came from is filled in again: its ticked cards and
// chosen chips, its typed counts. The form is marked, and so are the cards the refusal names
// (#board[data-refused-marks], their labels), so that only what is wrong has to be changed.
(function () {
  var SKIP = { type: 1, expected_seq: 1, key: 1, ruling: 1 };

  function parsed(text) {
    try { return JSON.parse(text); } catch (e) { return null; }
  }

  // The form an entry came from: same type, and every hidden field it has (seat, rank, ...) agrees.
  function formOf(board, entry) {
    var forms = board.querySelectorAll("form");
    for (var i = 0; i < forms.length; i++) {
      var form = forms[i], type = form.querySelector("input[type=hidden][name=type]");
      if (!type || type.value !== entry.type || form.querySelector("input[name=action_json]")) continue;
      var agrees = true, hidden = form.querySelectorAll("input[type=hidden]");
      for (var j = 0; j < hidden.length; j++) {
        var name = hidden[j].name;
        if (!SKIP[name] && name in entry && String(entry[name]) !== hidden[j].value) agrees = false;
      }
      if (agrees) return form;
    }
    return null;
  }

  // The value the entry holds for a form field: "cards" (a list), "hand.K" (an object's key),
  // "dice#1" (a list's place: the forms number every place, so none is left empty), or a plain field.
  function valueFor(entry, name) {
    if (name.indexOf("#") > 0) {
      var list = entry[name.split("#")[0]];
      return Array.isArray(list) ? list[Number(name.split("#")[1])] : undefined;
    }
    if (name.indexOf(".") > 0) {
      var parts = name.split("."), object = entry[parts[0]];
      return object && typeof object === "object" ? object[parts.slice(1).join(".")] : undefined;
    }
    return entry[name];
  }

  function holds(value, wanted) {
    if (Array.isArray(value)) return value.map(String).indexOf(wanted) >= 0;
    return value !== undefined && value !== null && String(value).split(" ").indexOf(wanted) >= 0;
  }

  function refill(form, entry) {
    for (var i = 0; i < form.elements.length; i++) {
      var field = form.elements[i];
      if (!field.name || SKIP[field.name] || field.type === "hidden" || field.disabled) continue;
      var value = valueFor(entry, field.name);
      if (field.type === "checkbox") {
        field.checked = holds(value, field.value);
      } else if (field.type === "radio") {
        if (holds(value, field.value)) field.checked = true;
      } else if (field.tagName === "SELECT" || field.type === "number" || field.type === "text") {
        if (value !== undefined && !Array.isArray(value) && typeof value !== "object") field.value = value;
      }
    }
  }

  function markNamedCards(form, labels) {
    var cells = form.querySelectorAll(".pick");
    for (var i = 0; i < cells.length; i++) {
      var label = cells[i].querySelector("span");
      if (label && labels.indexOf(label.textContent.trim()) >= 0) cells[i].classList.add("wrong");
    }
  }

  function restoreRefused() {
    var board = document.getElementById("board");
    var entry = board && board.dataset.refused ? parsed(board.dataset.refused) : null;
    if (!entry || typeof entry !== "object") return;
    var form = formOf(board, entry);
    if (!form) return;
    var details = form.closest("details") || form.querySelector("details");
    if (details) details.open = true;
    refill(form, entry);
    form.classList.add("refused-entry");
    markNamedCards(form, (board.dataset.refusedMarks || "").split(" ").filter(Boolean));
  }

  // The correction page carries the entry being corrected (#board[data-was]): its form is filled
  // in with it, so that only what was wrong is changed (one card of a hand: two taps).
  function fillCorrected() {
    var board = document.getElementById("board");
    var entry = board && board.dataset.was ? parsed(board.dataset.was) : null;
    if (!entry || typeof entry !== "object" || board.dataset.refused) return;
    var form = formOf(board, entry);
    if (!form) return;
    refill(form, entry);
    var first = form.querySelector("input");
    if (first) first.dispatchEvent(new Event("input", { bubbles: true }));
  }

  document.addEventListener("DOMContentLoaded", fillCorrected);
  document.addEventListener("DOMContentLoaded", restoreRefused);
  // After the settle, not the swap: htmx gives an element with an id (the bar's forms have one)
  // its old attributes back until it settles, which would take the mark off again.
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.detail.target && event.detail.target.id === "board") restoreRefused();
  });
})();

// A running count (data-count-of=N on an element of a form): the cards ticked, or the numbers typed
// added up, within the element's [data-count-scope] (else the whole form), shown in its
// [data-count-done]; the form's buttons wait until every count in it is exactly N. Without
// JavaScript the buttons stay, and the server refuses a declaration of the wrong size.
(function () {
  function counted(scope) {
    var total = 0, fields = scope.querySelectorAll("input");
    for (var i = 0; i < fields.length; i++) {
      var field = fields[i];
      if (field.type === "checkbox" && field.checked && field.value !== "") total += 1;
      else if (field.type === "number" && field.value !== "" && !isNaN(Number(field.value))) total += Number(field.value);
    }
    return total;
  }

  function update(form) {
    var counts = form.querySelectorAll("[data-count-of]"), ready = true;
    if (!counts.length) return;
    for (var i = 0; i < counts.length; i++) {
      var count = counts[i], scope = count.closest("[data-count-scope]") || form;
      var done = counted(scope), wanted = Number(count.dataset.countOf);
      var shown = count.querySelector("[data-count-done]");
      if (shown) shown.textContent = done;
      count.classList.toggle("matches", done === wanted);
      count.classList.toggle("over", done > wanted);
      if (done !== wanted) ready = false;
    }
    // only the buttons that send, also one in the action bar (form="..."): a stepper's own
    // buttons (type=button) make the count
    for (var j = 0; j < form.elements.length; j++) {
      var button = form.elements[j];
      if (button.tagName === "BUTTON" && button.type !== "button") button.disabled = !ready;
    }
  }

  function updateAll() {
    document.querySelectorAll("#board form").forEach(function (form) {
      if (form.querySelector("[data-count-of]")) update(form);
    });
  }

  function changed(event) {
    if (event.target.form && event.target.form.querySelector("[data-count-of]")) update(event.target.form);
  }
  document.addEventListener("input", changed);
  document.addEventListener("change", changed);
  document.addEventListener("DOMContentLoaded", updateAll);
  document.addEventListener("htmx:afterSettle", updateAll);
})();

// Slots filled in order (a .slot-pick radio group per slot; static/app.css shows a filled slot as
// the rank chosen): a tap on that rank clears the slot, and its chips open again. A radio cannot
// be unchecked by a tap of its own, and by the click the tapped radio is already checked, so
// whether it was checked is noted when the finger comes down.
(function () {
  var wasChecked = null;
  document.addEventListener("pointerdown", function (event) {
    var chip = event.target.closest && event.target.closest(".slot-pick .chip");
    wasChecked = chip ? chip.querySelector("input:checked") : null;
  }, true);
  document.addEventListener("click", function (event) {
    var input = event.target;
    if (!wasChecked || input !== wasChecked) return;
    wasChecked = null;
    input.checked = false;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
})();

// A choice that changes what its form's send button does says so on the button (data-says on the
// choice, the button in the action bar too: form="..."): a rank higher than Swoop's pile is a
// pick-up, and Play reads "Q – picks up" until another rank is chosen.
(function () {
  function senders(form) {
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.tagName === "BUTTON" && el.type !== "button";
    });
  }

  function update(form) {
    var chosen = form.querySelector("input[data-says]:checked");
    senders(form).forEach(function (button) {
      if (button.dataset.plain === undefined) button.dataset.plain = button.innerHTML;  // its own words, as drawn
      if (chosen) button.textContent = chosen.dataset.says;
      else button.innerHTML = button.dataset.plain;
      button.classList.toggle("says", !!chosen);
    });
  }

  function updateAll() {
    document.querySelectorAll("#board form").forEach(function (form) {
      if (form.querySelector("input[data-says]")) update(form);
    });
  }

  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && form.querySelector("input[data-says]")) update(form);
  });
  document.addEventListener("DOMContentLoaded", updateAll);
  document.addEventListener("htmx:afterSettle", updateAll);
})();

// A choice that brings the cards it is known to hold (data-known="AH 10H" on a seat's chip: who
// lays down 31 on the host's phone): those cards are ticked and the others cleared, and the
// running count follows. The seat chosen never sends the form by itself (app.js).
(function () {
  document.addEventListener("change", function (event) {
    var chosen = event.target;
    if (!chosen.form || chosen.dataset.known === undefined) return;
    var known = chosen.dataset.known.split(" ").filter(Boolean);
    var cards = chosen.form.querySelectorAll(".grid input[type=checkbox]");
    for (var i = 0; i < cards.length; i++) cards[i].checked = known.indexOf(cards[i].value) >= 0;
    cards[0] && cards[0].dispatchEvent(new Event("input", { bubbles: true }));
  });
})();
