// The new-table form (templates/new_table.html, referee/web/opening.py): picking a preset ticks
// its house rules, the collapsed house rules say how many differ from it, only the name fields
// in use (and one more) are shown, and the phone remembers the names it last opened a table with.
(function () {
  var form = document.querySelector("form[data-new-table]");
  if (!form) return;
  var STORED = "referee.names";
  var names = Array.prototype.slice.call(form.querySelectorAll("input[name=player]"));
  var clear = form.querySelector("[data-clear-names]");
  var summary = form.querySelector("details.house-rules summary");

  // The fields below now carry the preset's values: the server takes them as they are.
  var filled = document.createElement("input");
  filled.type = "hidden";
  filled.name = "rules_filled";
  filled.value = "1";
  form.appendChild(filled);

  function presetValues() {
    var preset = form.querySelector("input[name=rules]:checked") || form.querySelector("input[name=rules][type=hidden]");
    return preset ? JSON.parse(preset.dataset.values) : {};
  }
  function fields(name) {
    return form.querySelectorAll('input[name="' + name + '"]');
  }
  function valueOf(name) {
    var list = fields(name);
    for (var i = 0; i < list.length; i++) {
      if (list[i].type !== "radio") return list[i].value;
      if (list[i].checked) return list[i].value;
    }
    return null;
  }
  function setValue(name, value) {
    fields(name).forEach(function (field) {
      if (field.type === "radio") field.checked = field.value === value;
      else field.value = value;
    });
  }
  function sayChanged() {
    if (!summary) return;  // a game without house rules
    var values = presetValues(), changed = 0;
    Object.keys(values).forEach(function (name) { if (valueOf(name) !== values[name]) changed += 1; });
    var words = changed === 0 ? summary.dataset.none : (changed === 1 ? summary.dataset.one : summary.dataset.many);
    summary.textContent = words.replace("#", changed);
  }
  function applyPreset() {
    var values = presetValues();
    Object.keys(values).forEach(function (name) { setValue(name, values[name]); });
    sayChanged();
  }

  // Name fields: every one in use, and the next empty one; the rest appear as names are typed.
  function showNameFields() {
    var last = -1;
    names.forEach(function (field, i) { if (field.value.trim()) last = i; });
    names.forEach(function (field, i) { field.hidden = !field.required && i > last + 1; });
    if (clear) clear.hidden = last < 0;
  }
  function remembered() {
    try { return JSON.parse(localStorage.getItem(STORED) || "[]"); } catch (e) { return []; }
  }
  function fillRemembered() {
    if (names.some(function (field) { return field.value.trim(); })) return;  // the form came back with names
    remembered().slice(0, names.length).forEach(function (name, i) { names[i].value = name; });
  }
  function remember() {
    var given = names.map(function (field) { return field.value.trim(); }).filter(Boolean);
    try { localStorage.setItem(STORED, JSON.stringify(given)); } catch (e) { /* private mode: nothing kept */ }
  }

  form.addEventListener("change", function (event) {
    if (event.target.name === "rules") applyPreset();
    else sayChanged();
  });
  form.addEventListener("input", function (event) {
    if (event.target.name === "player") showNameFields();
    else sayChanged();
  });
  form.addEventListener("submit", remember);
  if (clear) {
    clear.addEventListener("click", function () {
      names.forEach(function (field) { field.value = ""; });
      try { localStorage.removeItem(STORED); } catch (e) { /* nothing kept */ }
      showNameFields();
      names[0].focus();
    });
  }

  fillRemembered();
  showNameFields();
  sayChanged();
})();
