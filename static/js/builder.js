// The deck builder's keys (issue 25): "/" search, ↑/↓ move through the results and the list,
// Enter adds, 1–4 set a quantity, Delete removes, Ctrl+Z undoes this session's changes, "?" shows
// the keys. Keys never act while the player types in a field (except ↓/↑ from the search box).
// Undo lives in this page only: it posts back the quantity a card had before each change.
(function () {
  "use strict";
  var page = document.getElementById("deck-page");
  if (!page || !page.classList.contains("is-builder") || !window.htmx) return;
  var changeUrl = page.getAttribute("data-change-url");
  var search = document.getElementById("builder-q");
  var help = document.getElementById("builder-keys");
  var status = document.getElementById("builder-status");
  var ROWS = "#results li.result[data-card], #deck-panel li.entry[data-card]";
  var undo = [];
  var replaying = false;
  var refocus = null;

  function typing(el) {
    return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
  }
  function rowOf(el) { return el && el.closest ? el.closest("li.result[data-card], li.entry[data-card]") : null; }
  function rows() { return Array.prototype.slice.call(document.querySelectorAll(ROWS)); }
  function panel() { return document.getElementById("deck-panel"); }
  function say(text) { if (status) status.textContent = text || ""; }
  function label(name) { return page.getAttribute(name) || ""; }
  function inDeck(card, section) {
    var entry = document.querySelector('#deck-panel li.entry[data-card="' + card + '"][data-section="' + section + '"]');
    return entry ? parseInt(entry.getAttribute("data-qty"), 10) || 0 : 0;
  }
  function token() {
    var field = document.querySelector("#deck-panel input[name=csrfmiddlewaretoken], #results input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  // Every change of a card (a click, a typed quantity, a key) first notes what was there.
  function setQuantity(card, section, quantity, fromUndo) {
    replaying = !!fromUndo;
    return window.htmx.ajax("POST", changeUrl, {
      source: "#deck-panel", target: "#deck-panel", swap: "outerHTML",
      values: { card: card, section: section, quantity: quantity, version: panel().getAttribute("data-version"),
                csrfmiddlewaretoken: token() },
    });
  }
  document.body.addEventListener("htmx:configRequest", function (event) {
    var params = event.detail.parameters;
    var get = function (k) { return params.get ? params.get(k) : params[k]; };
    if (event.detail.path !== changeUrl || !get("card")) return;
    if (replaying) { replaying = false; return; }
    undo.push({ card: String(get("card")), section: String(get("section")), qty: inDeck(get("card"), get("section")) });
    if (undo.length > 200) undo.shift();
  });
  var inflight = 0;
  document.body.addEventListener("htmx:afterRequest", function () { inflight = Math.max(inflight - 1, 0); });
  document.body.addEventListener("htmx:beforeRequest", function () {
    inflight += 1;
    var row = rowOf(document.activeElement);
    if (!row) return;
    refocus = { kind: row.classList.contains("result") ? "result" : "entry", card: row.getAttribute("data-card"),
                section: row.getAttribute("data-section"), index: rows().indexOf(row) };
  });
  // The answer replaces the row that had the focus: put the focus back on the same card's row
  // (or, when it left the list, on the row now in its place). A removed element may still be
  // document.activeElement until the next frame, hence isConnected.
  document.body.addEventListener("htmx:afterSettle", function () {
    var active = document.activeElement;
    var lost = !active || active === document.body || !active.isConnected;
    if (!refocus || !lost) { if (!inflight) refocus = null; return; }  // never take the focus from elsewhere
    var want = refocus;
    var selector = (want.kind === "result" ? "#results li.result" : "#deck-panel li.entry") +
      '[data-card="' + want.card + '"][data-section="' + want.section + '"]';
    var list = rows();
    var target = document.querySelector(selector) || list[Math.min(want.index, list.length - 1)];
    if (!inflight) refocus = null;  // a search answer still on its way may replace the rows again
    if (target && target.isConnected) target.focus();
  });

  function move(from, step) {
    var list = rows();
    if (!list.length) return;
    var at = list.indexOf(rowOf(from));
    var next = at + step;
    if (next < 0) { search.focus(); return; }
    list[Math.min(next, list.length - 1)].focus();
  }
  function add(row) {
    var button = row.querySelector("button.add");
    if (!button) return;
    if (button.disabled) { say(button.getAttribute("title")); return; }
    say("");
    button.click();
  }
  function quantity(row, n) {
    var card = row.getAttribute("data-card");
    var section = row.getAttribute("data-section");
    // Rule 4: an Eliria deck holds one card of a name; more copies only make sense for tokens.
    if (panel().getAttribute("data-game") === "eliria" && section === "main" && n > 1) {
      say(label("data-rule4"));
      return;
    }
    say("");
    setQuantity(card, section, n, false);
  }
  function remove(row) {
    var card = row.getAttribute("data-card");
    var section = row.getAttribute("data-section");
    if (!inDeck(card, section)) return;
    setQuantity(card, section, 0, false);
  }
  function back() {
    var last = undo.pop();
    if (!last) { say(label("data-nothing-to-undo")); return; }
    say(label("data-undone"));
    setQuantity(last.card, last.section, last.qty, true);
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || (help && help.open)) return;
    var el = document.activeElement;
    var key = event.key;
    if (el === search && !event.ctrlKey && !event.metaKey && (key === "ArrowDown")) {
      var first = rows()[0];
      if (first) { event.preventDefault(); first.focus(); }
      return;
    }
    if (typing(el)) return;
    if ((event.ctrlKey || event.metaKey) && !event.shiftKey && (key === "z" || key === "Z")) {
      event.preventDefault();
      back();
      return;
    }
    if (event.ctrlKey || event.metaKey) return;
    var row = rowOf(el);
    if (key === "/") { event.preventDefault(); search.focus(); search.select(); return; }
    if (key === "?") { event.preventDefault(); if (help) help.showModal(); return; }
    if (!row) return;
    if (key === "ArrowDown" || key === "ArrowUp") { event.preventDefault(); move(el, key === "ArrowDown" ? 1 : -1); return; }
    if (key === "Enter" && el === row) { event.preventDefault(); add(row); return; }
    if (key === "Delete") { event.preventDefault(); remove(row); return; }
    if (/^[1-4]$/.test(key)) { event.preventDefault(); quantity(row, parseInt(key, 10)); }
  });

  // The "keys" button, the menus (one open at a time, Escape closes), the details link.
  document.addEventListener("click", function (event) {
    var opener = event.target.closest("[data-keys-open]");
    if (opener && help) { help.showModal(); return; }
    var link = event.target.closest("[data-open-details]");
    if (link) {
      var details = document.querySelector(link.getAttribute("data-open-details"));
      if (details) details.open = true;
    }
    document.querySelectorAll(".deck-actions details.menu[open]").forEach(function (menu) {
      if (!menu.contains(event.target) || link) menu.open = false;
    });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var menu = document.activeElement && document.activeElement.closest && document.activeElement.closest("details.menu[open]");
    if (menu) { menu.open = false; menu.querySelector("summary").focus(); }
  });
})();
