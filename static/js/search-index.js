// Search as you type, with no request to the server: the catalogue page loads the catalogue's
// search index once (cards/offline_index.py, a URL per catalogue version, kept by the browser and
// the service worker) and answers each keystroke here, in the site's own query syntax
// (cards/search.py; README "Search syntax"), in the server's order. A query this file cannot
// answer exactly (fields that depend on who searches, a malformed query) is left to the server:
// the results stay as they are until the form is sent.
(function () {
  "use strict";

  function fold(s) {
    // engine.text.fold: NFKD, drop combining marks, casefold, collapse whitespace.
    var bare = String(s).normalize("NFKD").replace(/\p{M}/gu, "");
    var folded = bare.toLowerCase().replace(/ß/g, "ss").normalize("NFKD").replace(/\p{M}/gu, "");
    return folded.split(/\s+/).filter(Boolean).join(" ");
  }

  var TOKEN = /\s*(?:(\()|(\))|(-?(?:[^\s()"]+?(?:!=|<=|>=|[:=<>]))?(?:"[^"]*"?|[^\s()"]+)))/y;
  var FIELD = /^(-?)([^\s:=<>!"]+)(!=|<=|>=|[:=<>])([\s\S]*)$/;

  function Unsupported(why) { this.why = why; }

  function tokenize(text, index) {
    var tokens = [], pos = 0;
    while (pos < text.length) {
      TOKEN.lastIndex = pos;
      var m = TOKEN.exec(text);
      if (!m || TOKEN.lastIndex === pos) {
        if (text.slice(pos).trim() === "") break;
        throw new Unsupported("syntax");
      }
      tokens.push((m[1] || m[2] || m[3] || "").trim());
      pos = TOKEN.lastIndex;
    }
    if (tokens.length > index.syntax.max_terms) throw new Unsupported("terms");
    return tokens.filter(Boolean);
  }

  function unquote(value) {
    value = value.trim();
    if (value.charAt(0) === '"') {
      value = value.slice(1);
      if (value.slice(-1) === '"') value = value.slice(0, -1);
    }
    return value.trim();
  }

  function lookup(table, value) {
    var key = fold(value).replace(/ /g, "");
    if (!Object.prototype.hasOwnProperty.call(table, key)) throw new Unsupported("value");
    return table[key];
  }

  function number(value) {
    if (!/^\d{1,4}$/.test(value)) throw new Unsupported("number");
    return parseInt(value, 10);
  }

  function compare(op, a, b) {
    // SQL: a comparison with NULL is false (and its negation, written by Django, true).
    if (op === "!=") return !(a !== null && a !== undefined && a === b);
    if (a === null || a === undefined) return false;
    if (op === ":" || op === "=") return a === b;
    if (op === "<") return a < b;
    if (op === "<=") return a <= b;
    if (op === ">") return a > b;
    return a >= b;
  }

  function dateValue(value) {
    if (/^\d{4}$/.test(value)) return value + "-01-01";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || isNaN(Date.parse(value))) throw new Unsupported("date");
    return value;
  }

  function not(pred) { return function (c, i) { return !pred(c, i); }; }

  function Parser(tokens, index) {
    this.tokens = tokens; this.pos = 0; this.index = index;
    this.order = null; this.desc = false; this.nameWords = [];
  }
  Parser.prototype.peek = function () { return this.pos < this.tokens.length ? this.tokens[this.pos] : null; };
  Parser.prototype.parse = function () {
    var q = this.orExpr();
    if (this.peek() !== null) throw new Unsupported("paren");
    return q;
  };
  Parser.prototype.orExpr = function () {
    var parts = [this.andExpr()], tok;
    while ((tok = this.peek()) !== null && tok.toUpperCase() === "OR") {
      this.pos += 1;
      parts.push(this.andExpr());
    }
    if (parts.length > 1 && parts.some(function (p) { return p === null; })) throw new Unsupported("or");
    if (parts.length === 1) return parts[0];
    return function (c, i) { return parts.some(function (p) { return p(c, i); }); };
  };
  Parser.prototype.andExpr = function () {
    var terms = [], tok;
    while ((tok = this.peek()) !== null && tok !== ")" && tok.toUpperCase() !== "OR") {
      var term = this.unary();
      if (term !== null) terms.push(term);
    }
    if (!terms.length) return null;
    return function (c, i) { return terms.every(function (t) { return t(c, i); }); };
  };
  Parser.prototype.unary = function () {
    var tok = this.tokens[this.pos];
    this.pos += 1;
    if (tok === "(") {
      var inner = this.orExpr();
      if (this.peek() !== ")" || inner === null) throw new Unsupported("paren");
      this.pos += 1;
      return inner;
    }
    return this.term(tok);
  };
  Parser.prototype.term = function (tok) {
    var m = FIELD.exec(tok);
    if (m) {
      var q = this.field(m[2].toLowerCase(), m[3], unquote(m[4]));
      return q === null ? null : (m[1] ? not(q) : q);
    }
    var negate = tok.charAt(0) === "-" && tok.length > 1;
    var word = fold(unquote(negate ? tok.slice(1) : tok));
    if (!word) return null;
    if (!negate) this.nameWords.push(word);
    var pred = function (c) { return c.tf.indexOf(word) !== -1; };
    return negate ? not(pred) : pred;
  };
  Parser.prototype.field = function (name, op, value) {
    var key = fold(name), syntax = this.index.syntax;
    if (!value) throw new Unsupported("value");
    if (key === "order" || key === "orden" || key === "sort") {
      this.order = lookup(syntax.order, value);
      return null;
    }
    if (key === "dir") {
      var d = fold(value);
      if (d !== "asc" && d !== "desc") throw new Unsupported("dir");
      this.desc = d === "desc";
      return null;
    }
    if (syntax.context.indexOf(key) !== -1) throw new Unsupported("personal");
    if (Object.prototype.hasOwnProperty.call(syntax.numeric, key)) {
      var col = syntax.numeric[key], n = number(value);
      return function (c) { return compare(op, c[col], n); };
    }
    if (key === "cost" || key === "coste" || key === "costo") return this.cost(op, number(value));
    if (key === "fecha" || key === "date" || key === "released") {
      var day = dateValue(value);
      return function (c) { return compare(op, c.d, day); };
    }
    if (op !== ":" && op !== "=" && op !== "!=") throw new Unsupported("op");
    var q = this.text(key, value);
    if ((key === "name" || key === "nombre" || key === "n") && op !== "!=") this.nameWords.push(fold(value));
    return op === "!=" ? not(q) : q;
  };
  Parser.prototype.cost = function (op, n) {
    if (op === ":" || op === "=") return function (c) { return c.cs.indexOf("|" + n + "|") !== -1; };
    if (op === "!=") return function (c) { return c.cs.indexOf("|" + n + "|") === -1; };
    var col = op === ">" || op === ">=" ? "mx" : "mn";
    return function (c) { return compare(op, c[col], n); };
  };
  Parser.prototype.text = function (key, value) {
    var folded = fold(value), lower = value.toLowerCase(), syntax = this.index.syntax, flags = this.index.flagSets;
    var has = function (col, s) { return function (c) { return (c[col] || "").indexOf(s) !== -1; }; };
    var is = function (col, v) { return function (c) { return c[col] === v; }; };
    if (key === "name" || key === "nombre" || key === "n") return has("nf", folded);
    if (key === "text" || key === "texto" || key === "o") return has("tf", folded);
    if (key === "code" || key === "codigo") {
      if (value.indexOf("*") === -1) return function (c) { return c.c.toLowerCase() === lower; };
      var prefix = lower.replace(/\*+$/, "");
      return function (c) { return c.c.toLowerCase().indexOf(prefix) === 0; };
    }
    if (key === "t" || key === "type" || key === "tipo") return is("t", lookup(syntax.types, value));
    if (key === "class" || key === "clase" || key === "c") return has("cf", folded);
    if (key === "set" || key === "s" || key === "coleccion" || key === "e") {
      return function (c) { return c.s.toLowerCase() === lower; };
    }
    if (key === "game" || key === "juego" || key === "g") return is("g", lookup(syntax.games, value));
    if (key === "sub" || key === "subtype" || key === "subtipo") return is("sub", lookup(syntax.subtypes, value));
    if (key === "artist" || key === "artista" || key === "a") {
      return function (c) { return (c.a || "").toLowerCase().indexOf(lower) !== -1; };
    }
    if (key === "is" || key === "es" || key === "has" || key === "tiene") {
      if (!Object.prototype.hasOwnProperty.call(flags, folded)) throw new Unsupported("flag");
      var set = flags[folded];
      return function (c, i) { return set.has(i); };
    }
    throw new Unsupported("field");
  };

  function cmp(a, b) {
    // SQLite's order: NULL first, then values; strings by code point.
    var an = a === null || a === undefined, bn = b === null || b === undefined;
    if (an || bn) return an === bn ? 0 : (an ? -1 : 1);
    return a < b ? -1 : (a > b ? 1 : 0);
  }

  function rank(words) {
    // cards.search.name_rank: exact name, name starts with it, every word in the name, text only.
    var phrase = words.join(" ");
    var every = phrase.split(" ").filter(Boolean);
    return function (c) {
      if (c.nf === phrase) return 0;
      if (c.nf.indexOf(phrase) === 0) return 1;
      if (every.every(function (w) { return c.nf.indexOf(w) !== -1; })) return 2;
      return 3;
    };
  }

  function sorter(parser) {
    if (parser.order) {
      var col = parser.order, sign = parser.desc ? -1 : 1;
      return function (a, b) { return sign * cmp(a[col], b[col]) || cmp(a.c, b.c); };
    }
    if (parser.nameWords.length) {
      var r = rank(parser.nameWords);
      return function (a, b) { return r(a) - r(b) || cmp(a.nf, b.nf) || cmp(a.g, b.g) || cmp(a.c, b.c); };
    }
    return function (a, b) { return cmp(a.g, b.g) || cmp(a.c, b.c); };
  }

  // The cards matching `query` (and `game`, "" for both) in the server's order; throws
  // Unsupported when the server must answer instead.
  function search(index, query, game) {
    var text = (query || "").trim();
    if (text.length > index.syntax.max_query) throw new Unsupported("length");
    var parser = new Parser(tokenize(text, index), index);
    var q = parser.parse();
    var found = [];
    index.cards.forEach(function (c, i) {
      if ((!game || c.g === game) && (q === null || q(c, i))) found.push(c);
    });
    return found.sort(sorter(parser));
  }

  function prepare(index) {
    index.flagSets = {};
    Object.keys(index.flags).forEach(function (name) { index.flagSets[name] = new Set(index.flags[name]); });
    return index;
  }

  // «¿Quisiste decir…?» as you type (cards/suggest.py answers the same question on the server):
  // only for plain words; the names whose folded form is nearest to the query, whole (`defensa
  // finl`) or by one misspelt word of a longer name (`sacrifico`), best first.
  var PLAIN = /^[\p{L}\p{N}_\s'’.,-]+$/u;
  var WHOLE_CUTOFF = 0.6, WORD_CUTOFF = 0.75, CANDIDATES = 400;

  function similarity(a, b) {
    // 1 - Levenshtein distance / longer length: 1 for equal strings, 0 for nothing in common.
    if (a === b) return 1;
    var n = a.length, m = b.length, longer = Math.max(n, m);
    if (!n || !m || Math.abs(n - m) > longer * 0.5) return 0;
    var prev = new Array(m + 1), cur = new Array(m + 1), i, j;
    for (j = 0; j <= m; j++) prev[j] = j;
    for (i = 1; i <= n; i++) {
      cur[0] = i;
      for (j = 1; j <= m; j++) {
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1));
      }
      var t = prev; prev = cur; cur = t;
    }
    return 1 - prev[m] / longer;
  }

  function nameTable(index, game) {
    // The game's names once (first card of each name, in the index's order) and each word of more
    // than three letters -> the names holding it; kept on the index for the next keystroke.
    var key = game || "*";
    index.nameTables = index.nameTables || {};
    if (index.nameTables[key]) return index.nameTables[key];
    var seen = {}, list = [], byWord = {};
    index.cards.forEach(function (c) {
      if ((game && c.g !== game) || Object.prototype.hasOwnProperty.call(seen, c.nf)) return;
      seen[c.nf] = true;
      list.push(c);
      c.nf.split(" ").forEach(function (w) {
        if (w.length > 3) (Object.prototype.hasOwnProperty.call(byWord, w) ? byWord[w] : (byWord[w] = [])).push(list.length - 1);
      });
    });
    index.nameTables[key] = { list: list, byWord: byWord, words: Object.keys(byWord) };
    return index.nameTables[key];
  }

  function suggest(index, query, game, limit) {
    var folded = fold(query || "");
    if (folded.length < 3 || folded.indexOf(":") !== -1 || !PLAIN.test(folded)) return [];
    var table = nameTable(index, game), words = folded.split(" ").filter(function (w) { return w.length > 3; });
    // Each typed word against the catalogue's words (a short list), as cards/suggest.py does; the
    // names holding a near word are then compared whole. Only a query of short words is compared
    // with every name (cheap: names of a very different length are skipped at once).
    var near = {}, hits = {};
    words.forEach(function (q) {
      table.words.forEach(function (w) {
        var score = similarity(q, w);
        if (score < WORD_CUTOFF) return;
        table.byWord[w].forEach(function (i) { near[i] = Math.max(near[i] || 0, score); hits[i] = (hits[i] || 0) + score; });
      });
    });
    // The CANDIDATES names sharing the most near words (cards/suggest.py keeps 400 too).
    var candidates = Object.keys(near).map(Number).sort(function (a, b) { return hits[b] - hits[a] || a - b; }).slice(0, CANDIDATES);
    if (!words.length) candidates = table.list.map(function (_c, i) { return i; });
    var scored = [];
    candidates.forEach(function (i) {
      var c = table.list[i], whole = similarity(folded, c.nf), word = near[i] || 0;
      if (whole >= WHOLE_CUTOFF || word >= WORD_CUTOFF) scored.push({ name: c.n, whole: whole, word: word });
    });
    scored.sort(function (a, b) { return b.whole - a.whole || b.word - a.word || cmp(a.name, b.name); });
    return scored.slice(0, limit || 5).map(function (x) { return x.name; });
  }

  window.EliriaSearch = { fold: fold, search: search, suggest: suggest, prepare: prepare, Unsupported: Unsupported };

  // ---------------------------------------------------------------- the catalogue page
  function tile(card, labels) {
    var li = document.createElement("li"), a = document.createElement("a");
    li.className = "tile";
    a.href = card.u;
    var img = document.createElement("img");
    img.src = card.u + "cara.png";
    img.alt = card.n + " (" + card.c + ")";
    img.loading = "lazy";
    img.width = 210;
    img.height = 293;
    var name = document.createElement("span"), meta = document.createElement("span");
    name.className = "tile-name";
    name.textContent = card.n + (card.x ? " †" : "");
    meta.className = "tile-meta";
    meta.textContent = card.c + " · " + (labels[card.t] || card.t);
    a.append(img, name, meta);
    li.append(a);
    return li;
  }

  function start() {
    var grid = document.querySelector("ul.grid[data-search-index]");
    var input = document.getElementById("q"), gameBox = document.getElementById("game");
    if (!grid || !input) return;
    var labelsNode = document.getElementById("card-type-labels");
    var labels = labelsNode ? JSON.parse(labelsNode.textContent) : {};
    var perPage = parseInt(grid.getAttribute("data-per-page"), 10) || 24;
    var count = document.querySelector("p.count"), index = null;

    function render() {
      var q = input.value, game = gameBox ? gameBox.value : "", found;
      try {
        found = search(index, q, game);
      } catch (e) {
        if (e instanceof Unsupported) return;  // the server answers when the form is sent
        throw e;
      }
      var items = found.slice(0, perPage).map(function (c) { return tile(c, labels); });
      if (!items.length) {
        var empty = document.createElement("li");
        empty.className = "empty";
        empty.textContent = grid.getAttribute("data-empty");
        items.push(empty);
      }
      grid.replaceChildren.apply(grid, items);
      grid.setAttribute("data-results", String(found.length));
      if (count) {
        count.textContent = found.length === 1 ? grid.getAttribute("data-count-one")
          : grid.getAttribute("data-count-many").replace("{n}", String(found.length));
      }
      // What the server drew for another query (its pager, its suggestions, its error) goes.
      document.querySelectorAll(".pager, .did-you-mean, .filters + .error").forEach(function (n) { n.hidden = true; });
      var params = new URLSearchParams(window.location.search);
      params.set("q", q);
      if (game) params.set("game", game); else params.delete("game");
      params.delete("page");
      window.history.replaceState(null, "", "?" + params.toString());
      var after = grid;
      if (!found.length) after = showSuggestions(suggest(index, q, game, 5), game, after);
      if (found.length > perPage) showPager(params, Math.ceil(found.length / perPage), after);
    }

    function fresh(cls, tag, attrs, after) {
      // The paragraph or nav this script drew last time, emptied, or a new one after `after`.
      var node = document.querySelector(tag + "." + cls.split(" ").join(".") + "[data-typed]");
      if (!node) {
        node = document.createElement(tag);
        node.className = cls;
        node.setAttribute("data-typed", "1");
        Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
      }
      node.replaceChildren();
      node.hidden = false;
      after.after(node);
      return node;
    }

    function showSuggestions(names, game, after) {
      if (!names.length) return after;
      var p = fresh("suggest did-you-mean", "p", {}, after);
      p.append(grid.getAttribute("data-did-you-mean") + " ");
      names.forEach(function (name, i) {
        var a = document.createElement("a"), link = new URLSearchParams();
        if (game) link.set("game", game);
        link.set("q", name);
        a.className = "suggestion";
        a.href = "?" + link.toString();
        a.textContent = name;
        if (i) p.append(" · ");
        p.append(a);
      });
      return p;
    }

    function showPager(params, pages, after) {
      // The first page is drawn here; the next ones are the server's (the same search, paged).
      var nav = fresh("pager", "nav", { "aria-label": grid.getAttribute("data-pages-label") }, after);
      var span = document.createElement("span"), next = document.createElement("a");
      span.textContent = grid.getAttribute("data-page-of").replace("{n}", "1").replace("{total}", String(pages));
      var link = new URLSearchParams(params);
      link.set("page", "2");
      next.rel = "next";
      next.href = "?" + link.toString();
      next.textContent = grid.getAttribute("data-next");
      nav.append(span, " ", next);
    }

    fetch(grid.getAttribute("data-search-index"))
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
      .then(function (data) {
        index = prepare(data);
        grid.setAttribute("data-index-ready", "1");
        input.addEventListener("input", render);
        if (gameBox) gameBox.addEventListener("change", render);
        // Offline, the page kept may be another search's: answer the one in the address.
        var asked = new URLSearchParams(window.location.search);
        if (asked.has("q") && asked.get("q") !== input.value) {
          input.value = asked.get("q");
          if (gameBox) gameBox.value = asked.get("game") || "";
          render();
        }
      })
      .catch(function () { /* no index: the form still searches on the server */ });
  }

  // The service worker that keeps the catalogue and its index offline is registered by js/site.js.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
