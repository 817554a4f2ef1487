// Charts: each <figure class="uchart"> carries its data as JSON (decks/charts.py); uPlot draws it.
// Axis labels, a tooltip that follows the cursor, numbers in the page's language. No inline code:
// uPlot and this file set element styles through the CSSOM, which the CSP allows.
(function () {
  "use strict";
  var lang = document.documentElement.lang || "es";
  var plain = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  var pct = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 1 });

  function fmt(spec, v) {
    if (v === null || v === undefined || isNaN(v)) return "—";
    return spec.percent ? pct.format(v) : plain.format(v);
  }

  function xText(spec, v) {
    if (spec.categories) return spec.categories[Math.round(v)] || "";
    return plain.format(v);
  }

  function tooltipPlugin(spec) {
    var tip;
    return {
      hooks: {
        init: function (u) {
          tip = document.createElement("div");
          tip.className = "uchart-tip";
          tip.hidden = true;
          u.over.appendChild(tip);
          u.over.addEventListener("mouseleave", function () { tip.hidden = true; });
        },
        setCursor: function (u) {
          var i = u.cursor.idx;
          if (i === null || i === undefined) { tip.hidden = true; return; }
          var lines = [(spec.xLabel ? spec.xLabel + ": " : "") + xText(spec, u.data[0][i])];
          spec.series.forEach(function (s, k) { lines.push(s.label + ": " + fmt(spec, u.data[k + 1][i])); });
          tip.textContent = lines.join("\n");
          tip.hidden = false;
          var left = u.valToPos(u.data[0][i], "x");
          var flip = left > u.over.clientWidth / 2;
          tip.style.transform = "translate(" + (flip ? left - tip.offsetWidth - 10 : left + 10) + "px, 6px)";
        }
      }
    };
  }

  function options(spec, width) {
    var bars = spec.kind === "bars";
    var n = bars ? spec.categories.length : spec.x.length;
    var top = spec.ymax;
    if (top === null || top === undefined) {
      var max = 0;
      spec.series.forEach(function (s) { s.values.forEach(function (v) { if (v !== null && v > max) max = v; }); });
      top = spec.percent ? 1 : (max > 0 ? max * 1.1 : 1);
    }
    var series = [{ label: spec.xLabel || "x", value: function (u, v) { return v === null ? "—" : xText(spec, v); } }];
    spec.series.forEach(function (s) {
      var item = { label: s.label, stroke: s.colour, width: 2, value: function (u, v) { return fmt(spec, v); } };
      if (s.dash) item.dash = [6, 4];
      if (bars) {
        item.fill = s.colour + "cc";
        item.paths = uPlot.paths.bars({ size: [0.7, 80] });
        item.points = { show: false };
      } else {
        item.points = { show: n <= 20, size: 5 };
      }
      series.push(item);
    });
    var xAxis = { label: spec.xLabel || "", labelSize: 24, stroke: "#444", grid: { show: false } };
    if (bars) {
      xAxis.splits = function () { var out = []; for (var i = 0; i < n; i++) out.push(i); return out; };
      xAxis.values = function (u, splits) {
        var longest = spec.categories.reduce(function (m, c) { return Math.max(m, String(c).length); }, 1);
        var every = Math.max(1, Math.ceil(n * (longest * 6 + 8) / Math.max(u.bbox.width / devicePixelRatio, 1)));
        return splits.map(function (v, i) { return i % every === 0 ? xText(spec, v) : ""; });
      };
    } else {
      xAxis.incrs = [1, 2, 5, 10, 20, 50];
      xAxis.values = function (u, splits) { return splits.map(function (v) { return plain.format(v); }); };
    }
    return {
      width: width,
      height: 240,
      // A dashed series shows a dashed marker in the legend too: told apart without colour.
      legend: { show: true, live: false, markers: { dash: function (u, i) { return u.series[i].dash ? "dashed" : "solid"; } } },
      cursor: { points: { show: !bars }, drag: { x: false, y: false } },
      scales: {
        x: bars ? { time: false, range: [-0.5, n - 0.5] } : { time: false },
        y: { range: [spec.ymin || 0, top] }
      },
      // An interval drawn as two series (low, high) with the gap shaded (decks/charts.py `band`).
      bands: spec.band ? [{ series: [spec.band[1] + 1, spec.band[0] + 1], fill: spec.series[spec.band[0]].colour + "33" }] : [],
      axes: [xAxis, {
        label: spec.yLabel || "", labelSize: 24, stroke: "#444", size: 56,
        values: function (u, splits) { return splits.map(function (v) { return fmt(spec, v); }); }
      }],
      series: series,
      plugins: [tooltipPlugin(spec)]
    };
  }

  function draw(figure) {
    if (figure.uplot || typeof uPlot === "undefined") return;
    var data = figure.querySelector("script.uchart-data");
    var target = figure.querySelector(".uchart-plot");
    if (!data || !target) return;
    var spec = JSON.parse(data.textContent);
    var xs = spec.kind === "bars" ? spec.categories.map(function (_, i) { return i; }) : spec.x;
    var columns = [xs].concat(spec.series.map(function (s) { return s.values; }));
    var width = Math.max(target.clientWidth, 200);
    figure.uplot = new uPlot(options(spec, width), columns, target);
    figure.classList.add("is-drawn");
  }

  // One chart per task: a deck page has up to eight, and drawing them in one go was a long task
  // that kept a phone from answering a tap (issue 38, Lighthouse's total blocking time).
  function drawAll(root) {
    var queue = Array.prototype.slice.call((root || document).querySelectorAll("figure.uchart"));
    (function next() {
      var figure = queue.shift();
      if (!figure) return;
      draw(figure);
      if (queue.length) setTimeout(next, 0);
    })();
  }

  function resize() {
    document.querySelectorAll("figure.uchart").forEach(function (figure) {
      if (!figure.uplot) return;
      var target = figure.querySelector(".uchart-plot");
      var width = Math.max(target.clientWidth, 200);
      if (Math.abs(width - figure.uplot.width) > 4) figure.uplot.setSize({ width: width, height: 240 });
    });
  }

  var pending;
  window.addEventListener("resize", function () { clearTimeout(pending); pending = setTimeout(resize, 150); });
  document.addEventListener("DOMContentLoaded", function () { drawAll(document); });
  // htmx swaps (builder, goldfish results, matchups) bring new figures.
  document.addEventListener("htmx:afterSettle", function (event) { drawAll(event.target); });
})();
