// History times: the server writes each one in UTC (<time datetime="…Z">10:05 UTC</time>, what a
// phone without scripts shows); the phone says it on its own clock, in the page's language.
(function () {
  var lang = document.documentElement.lang || undefined;
  document.querySelectorAll("time[datetime]").forEach(function (element) {
    var at = new Date(element.getAttribute("datetime"));
    if (isNaN(at.getTime())) return;
    element.textContent = at.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
    element.title = at.toLocaleString(lang);
  });
})();
