// The phone's own copy of the app, for when the server cannot be reached (issue 32).
//
// Static files are kept by their hashed links (a new file is a new link). A table's page is
// always fetched from the server; the copy this phone was last sent is kept, in this phone's
// own storage only, and shown when the server cannot be reached, marked as an offline copy
// (the page then says so and takes no entry). Entries, fragments, streams and every other
// answer go to the server and nowhere else: nothing is ever answered from a copy as current.
"use strict";

var SHELL = "referee-shell-v1";
var BOARDS = "referee-boards-v1";
var TABLE_PAGE = /^\/t\/[A-Za-z0-9]+$/;

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== SHELL && name !== BOARDS; })
      .map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0 && url.searchParams.has("v")) {
    event.respondWith(shellFile(request));
  } else if (request.mode === "navigate" && TABLE_PAGE.test(url.pathname)) {
    event.respondWith(tablePage(request, url));
  }
});

// A page the worker did not fetch itself (the first visit, before it took over) sends what it
// loaded: the static files it links and its own address, for the worker to keep.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  var files = (data.files || []).filter(function (href) {
    var url = new URL(href, self.location.origin);
    return url.origin === self.location.origin && url.pathname.indexOf("/static/") === 0;
  });
  var url = data.page ? new URL(data.page, self.location.origin) : null;
  event.waitUntil(Promise.all([
    caches.open(SHELL).then(function (cache) { return cache.addAll(files); }).catch(function () {}),
    url && TABLE_PAGE.test(url.pathname) ? keepPage(url) : null,
  ]));
});

function keepPage(url) {
  return fetch(url.pathname, { credentials: "same-origin", redirect: "manual" }).then(function (response) {
    if (response.ok) return caches.open(BOARDS).then(function (cache) { return cache.put(url.origin + url.pathname, response); });
  }).catch(function () {});
}

function shellFile(request) {
  return caches.open(SHELL).then(function (cache) {
    return cache.match(request).then(function (kept) {
      return kept || fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      });
    });
  });
}

// The server's page whenever it answers; this phone's last copy, marked, when it does not.
function tablePage(request, url) {
  var key = url.origin + url.pathname;
  return fetch(request).then(function (response) {
    if (response.ok && !response.redirected) {
      var copy = response.clone();
      caches.open(BOARDS).then(function (cache) { cache.put(key, copy); });
    }
    return response;
  }).catch(function () {
    return caches.open(BOARDS).then(function (cache) { return cache.match(key); }).then(function (kept) {
      if (!kept) return Response.error();
      return kept.text().then(function (html) {
        return new Response(html.replace("<body", "<body data-offline-copy"),
                            { headers: { "Content-Type": "text/html; charset=utf-8" } });
      });
    });
  });
}
