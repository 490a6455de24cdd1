// sortie replay viewer: draws the step the page's data (the #data element, built by
// runner/replay) says, and moves between steps. Hand-written, no library.
//
// Data: {title, rules, events, lines, plines, aud, steps, maps, chart} (plines: an event's players'
// transcript text where it differs from its line, by event index); a step is
// {label, map, first, end, gm, party, fog, status, pstatus}: events [first, end) are its transcript, gm and party
// the marks of each view ({c: cell, k: class, id, t: label, tip, s: squares, bar: hp share}), fog the cells the
// players do not see yet. The page's address keeps the place: #step=N&view=party|gm.
//
// Keys: Left and Right step, Space plays or pauses, Home and End go to the ends; a click on
// the chart goes to the step under it.
// Strings from the run are shown with textContent only: never parsed as HTML.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("data").textContent);
  var NS = "http://www.w3.org/2000/svg";
  var cur = 0, view = "party", timer = null;
  var $ = function (id) { return document.getElementById(id); };
  var slider = $("slider");
  slider.max = String(Math.max(0, data.steps.length - 1));

  // svg makes an SVG element with the given attributes.
  function svg(tag, attrs) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs) { e.setAttribute(k, attrs[k]); }
    return e;
  }

  // drawMarks draws a step's marks on its map: several on one cell sit side by side.
  function drawMarks(st, m, g) {
    while (g.firstChild) { g.removeChild(g.firstChild); }
    // No "party" list: the players see what the GM sees; an empty one: they see nothing.
    var marks = (view === "party" && st.party !== undefined) ? st.party : st.gm;
    var size = m.size, per = {};
    (marks || []).forEach(function (k) {
      var at = m.cells[k.c];
      if (!at) { return; }
      var n = per[k.c] = (per[k.c] || 0) + 1;
      var grp = svg("g", { "class": "mark " + k.k, "data-id": k.id, "data-at": m.ids[k.c] });
      var t = svg("title", {}); t.textContent = k.tip; grp.appendChild(t);
      var cx, cy;
      if (data.rules === "clash") {
        var s = (k.s || 1) * size;
        grp.appendChild(svg("rect", { x: at[0] + 2, y: at[1] + 2, width: s - 4, height: s - 4, rx: 4 }));
        cx = at[0] + s / 2; cy = at[1] + s / 2;
      } else {
        // the n-th mark on a cell: the centre, then the corners, then above and below
        var r = size / 7, off = [[0, 0], [-1, -1], [1, -1], [-1, 1], [1, 1], [0, -1.6], [0, 1.6]];
        var o = off[(n - 1) % off.length];
        cx = at[0] + size / 2 + o[0] * 1.25 * r;
        cy = at[1] + size / 2 + o[1] * 1.25 * r;
        grp.appendChild(svg("circle", { cx: cx, cy: cy, r: r }));
      }
      var tx = svg("text", { x: cx, y: cy }); tx.textContent = k.t; grp.appendChild(tx);
      if (k.bar) {
        // a Pathfinder battle army's hp: a bar under the mark, its share of full hp
        grp.appendChild(svg("rect", { "class": "bar", x: at[0] + 6, y: cy + size / 7 + 6, width: (size - 12) * k.bar, height: 8 }));
      }
      g.appendChild(grp);
    });
  }

  // show draws step i in the current view: map, fog, marks, transcript, label, chart cursor.
  function show(i) {
    cur = Math.max(0, Math.min(i, data.steps.length - 1));
    var st = data.steps[cur];
    if (!st) { return; }
    document.body.className = view;
    data.maps.forEach(function (m, k) {
      var el = $("map-" + k);
      el.style.display = k === st.map ? "" : "none";
      if (k !== st.map) { return; }
      var fog = {};
      if (view === "party") { (st.fog || []).forEach(function (c) { fog[c] = true; }); }
      m.cells.forEach(function (_, c) {
        var f = $("m" + k + "-f" + c);
        if (f) { f.style.display = fog[c] ? "" : "none"; }
      });
      drawMarks(st, m, el.querySelector(".marks"));
    });
    var pre = $("transcript");
    while (pre.firstChild) { pre.removeChild(pre.firstChild); }
    for (var e = st.first; e < st.end; e++) {
      var a = data.aud[e];
      var text = (view === "party" && data.plines && Object.prototype.hasOwnProperty.call(data.plines, String(e))) ? data.plines[String(e)] : data.lines[e];
      if (!text || (view === "party" && a === "gm") || (view === "gm" && a === "party")) { continue; }
      var span = document.createElement("span");
      span.className = "line " + a;
      span.setAttribute("data-event", String(e));
      span.textContent = text;
      pre.appendChild(span);
    }
    $("status").textContent = (view === "party" && st.pstatus) ? st.pstatus : st.status;
    $("label").textContent = "step " + (cur + 1) + " of " + data.steps.length + ": " + st.label;
    slider.value = String(cur);
    var ch = $("chart");
    if (ch) {
      var n = +ch.getAttribute("data-steps"), l = +ch.getAttribute("data-left"), r = +ch.getAttribute("data-right");
      var x = n > 1 ? l + cur * (r - l) / (n - 1) : l;
      var c = $("cursor"); c.setAttribute("x1", x); c.setAttribute("x2", x);
    }
    history.replaceState(null, "", "#step=" + cur + "&view=" + view);
  }

  // play advances a step a second until the last, or stops.
  function play(on) {
    if (timer) { clearInterval(timer); timer = null; }
    $("play").textContent = on ? "pause" : "play";
    if (!on) { return; }
    timer = setInterval(function () {
      if (cur >= data.steps.length - 1) { play(false); return; }
      show(cur + 1);
    }, 1000);
  }

  $("first").onclick = function () { show(0); };
  $("prev").onclick = function () { show(cur - 1); };
  $("next").onclick = function () { show(cur + 1); };
  $("last").onclick = function () { show(data.steps.length - 1); };
  $("play").onclick = function () { play(!timer); };
  slider.oninput = function () { show(+slider.value); };
  // A click on the chart goes to the step under it (where a line drops: a battle).
  var chart = $("chart");
  if (chart) {
    chart.addEventListener("click", function (ev) {
      var box = chart.getBoundingClientRect(), vb = chart.viewBox.baseVal;
      var x = (ev.clientX - box.left) * vb.width / box.width;
      var n = +chart.getAttribute("data-steps"), l = +chart.getAttribute("data-left"), r = +chart.getAttribute("data-right");
      if (n > 1) { show(Math.round((x - l) * (n - 1) / (r - l))); }
    });
  }
  $("view").onchange = function () { view = $("view").value; show(cur); };
  document.addEventListener("keydown", function (ev) {
    if (ev.target && ev.target.tagName === "SELECT") { return; }
    if (ev.key === "ArrowRight") { show(cur + 1); } else if (ev.key === "ArrowLeft") { show(cur - 1); }
    else if (ev.key === "Home") { show(0); } else if (ev.key === "End") { show(data.steps.length - 1); }
    else if (ev.key === " ") { play(!timer); } else { return; }
    ev.preventDefault();
  });

  // The address's #step=N&view=V, if any.
  var h = {};
  location.hash.replace(/^#/, "").split("&").forEach(function (kv) {
    var p = kv.split("="); if (p.length === 2) { h[p[0]] = decodeURIComponent(p[1]); }
  });
  if (h.view === "gm" || h.view === "party") { view = h.view; }
  if (data.only) { view = data.only; } // a players-only page holds no other view
  $("view").value = view;
  show(h.step ? parseInt(h.step, 10) || 0 : 0);
}());
