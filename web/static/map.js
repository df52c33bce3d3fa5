// The War of the Ring map on the web table (docs/web.md): zoom with the wheel, a pinch or the buttons, pan by
// dragging or with the arrow keys (+, - and 0 too), tap or click a region to read what stands there, or pick it
// in "Go to" to centre the map on it. Names stay readable at every zoom allowed (see `least`). The part
// holding the map is replaced on each change (live.js): the zoom is kept and put back on the new map. On a
// seat's page the regions its question offers are lit: a click, a tap or Enter on one sends the page's form
// for it (the same fields as its controls' forms; act.js sends it). Until the player zooms or pans, the map
// shows the lit regions (the whole map when none is lit). While the seat chooses its die, the regions where some
// of its actions may begin are outlined: a click or Enter on one shows the list of those actions under the map
// (each a form, sent as the controls' are), Escape or "Close" puts the focus back on the region; the map then
// follows those regions as it follows lit ones.
"use strict";
(function () {
  let view = null;  // [x, y, width, height] shown, kept across the part's refreshes
  let auto = true;  // the view follows the lit regions until the player moves it
  const pointers = new Map();
  let moved = false;
  let pressed = null;  // the region under the pointer when it went down (captured, the pointer's up is the map's)

  function map() {
    return document.querySelector("svg.map");
  }

  function size(svg) {
    const full = svg.getAttribute("data-full");
    if (full) {
      return full.split(" ").map(Number);
    }
    const box = svg.getAttribute("viewBox").split(" ").map(Number);
    svg.setAttribute("data-full", box.join(" "));
    return box;
  }

  // Names never show under the SVG's data-floor CSS pixels: as the map zooms out they grow about their centres
  // (up to data-grow times, as far as they can without touching), and the map zooms out no further than that.
  function least(svg) {  // the fewest CSS pixels per map pixel allowed
    return Number(svg.dataset.floor) / (Number(svg.dataset.label) * Number(svg.dataset.grow));
  }

  function frame(svg) {  // the map's frame inside its border, in CSS pixels
    return [svg.clientWidth, svg.clientHeight];
  }

  function widest(svg, full) {  // the widest view allowed in this frame (map pixels)
    const box = frame(svg);
    if (!box[0] || !box[1]) {
      return full[2];
    }
    return Math.min(full[2], box[0] / least(svg), box[1] / least(svg) * full[2] / full[3]);
  }

  function grow(svg) {  // the names' size for this zoom: at least data-floor CSS pixels, up to data-grow times
    const box = frame(svg);
    const scale = Math.min(box[0] / view[2], box[1] / view[3]);
    const label = Number(svg.dataset.label);
    const factor = scale > 0 ? Math.min(Number(svg.dataset.grow), Math.max(1, Number(svg.dataset.floor) / (label * scale))) : 1;
    if (svg.dataset.grown === String(factor)) {
      return;
    }
    svg.dataset.grown = String(factor);
    svg.querySelectorAll(".names .name").forEach(function (name) {
      const c = name.getAttribute("data-c").split(" ").map(Number);
      name.setAttribute("transform", factor === 1 ? "" :
        "translate(" + c[0] + " " + c[1] + ") scale(" + factor + ") translate(" + -c[0] + " " + -c[1] + ")");
    });
  }

  function show(svg) {
    const full = size(svg);
    if (!view) {
      view = full.slice();
    }
    const centre = [view[0] + view[2] / 2, view[1] + view[3] / 2];  // kept where the limits change the width
    const width = Math.min(widest(svg, full), Math.max(full[2] / 12, view[2]));
    const height = width * full[3] / full[2];
    const x = Math.min(full[2] - width, Math.max(0, centre[0] - width / 2));
    const y = Math.min(full[3] - height, Math.max(0, centre[1] - height / 2));
    view = [x, y, width, height];
    svg.setAttribute("viewBox", view.join(" "));
    grow(svg);
  }

  function goTo(svg, key) {  // "Go to": the map centred on a region's name, read as a tap would
    const region = document.getElementById("region-" + key);
    const name = svg.querySelector('.names text[data-region="' + key + '"]');
    if (!region || !name) {
      return;
    }
    auto = false;
    const c = name.parentNode.getAttribute("data-c").split(" ").map(Number);
    view = [c[0] - view[2] / 2, c[1] - view[3] / 2, view[2], view[3]];
    show(svg);
    read(region);
  }

  function point(svg, clientX, clientY) {  // a point of the screen in map units
    const box = svg.getBoundingClientRect();
    return [view[0] + (clientX - box.left) / box.width * view[2], view[1] + (clientY - box.top) / box.height * view[3]];
  }

  function zoom(svg, factor, at) {
    const centre = at || [view[0] + view[2] / 2, view[1] + view[3] / 2];
    view = [centre[0] - (centre[0] - view[0]) / factor, centre[1] - (centre[1] - view[1]) / factor,
      view[2] / factor, view[3] / factor];
    show(svg);
  }

  function pan(svg, dx, dy) {
    view[0] += dx;
    view[1] += dy;
    show(svg);
  }

  function read(region) {
    const info = document.getElementById("region-info");
    const title = region.querySelector("title");
    document.querySelectorAll("svg.map .region.chosen").forEach(function (g) { g.classList.remove("chosen"); });
    region.classList.add("chosen");
    if (info && title) {
      info.textContent = title.textContent;
    }
  }

  function pick(region) {  // a lit region: the form the server described on it, sent as the controls' are
    const form = document.getElementById("map-act");
    if (!form) {
      return;
    }
    form.querySelectorAll("input.picked").forEach(function (input) { input.remove(); });
    [["b", "b"], ["m", "m"], ["o", "o"]].forEach(function (pair) {
      const value = region.getAttribute("data-" + pair[0]);
      if (value !== null) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.className = "picked";
        input.name = pair[1];
        input.value = value;
        form.appendChild(input);
      }
    });
    form.requestSubmit();
  }

  function begin(region) {  // a region where actions may begin: its list shown under the map (the others closed)
    document.querySelectorAll("svg.map .region.start").forEach(function (g) {
      const mine = g === region;
      g.setAttribute("aria-expanded", mine ? "true" : "false");
      const panel = document.getElementById(g.getAttribute("aria-controls"));
      if (panel) {
        panel.hidden = !mine;
      }
    });
    const first = document.querySelector("#" + region.getAttribute("aria-controls") + " button");
    if (first) {
      first.focus({preventScroll: false});
    }
  }

  function close(button) {  // a list's "Close": back to its region on the map
    const panel = button.closest(".starts");
    panel.hidden = true;
    const region = document.querySelector('svg.map [aria-controls="' + panel.id + '"]');
    if (region) {
      region.setAttribute("aria-expanded", "false");
      region.focus({preventScroll: true});
    }
  }

  function fit(svg) {  // the lit regions (else those where actions begin) and around them, or the whole map
    const shown = svg.querySelector(".region.lit") ? ".region.lit polygon" : ".region.start polygon";
    const lit = [...svg.querySelectorAll(shown)].map(function (p) { return p.getBBox(); });
    if (!lit.length) {
      view = null;
      return;
    }
    const full = size(svg);
    const x0 = Math.min(...lit.map(function (b) { return b.x; }));
    const y0 = Math.min(...lit.map(function (b) { return b.y; }));
    const x1 = Math.max(...lit.map(function (b) { return b.x + b.width; }));
    const y1 = Math.max(...lit.map(function (b) { return b.y + b.height; }));
    const width = Math.max(full[2] / 4, (x1 - x0) * 1.5, (y1 - y0) * 1.5 * full[2] / full[3]);
    const height = width * full[3] / full[2];
    view = [(x0 + x1 - width) / 2, (y0 + y1 - height) / 2, width, height];
  }

  function setUp() {
    const svg = map();
    if (!svg) {
      return;
    }
    if (auto) {
      fit(svg);
    }
    show(svg);
    svg.addEventListener("wheel", function (event) {
      event.preventDefault();
      auto = false;
      zoom(svg, event.deltaY < 0 ? 1.25 : 0.8, point(svg, event.clientX, event.clientY));
    }, {passive: false});
    svg.addEventListener("pointerdown", function (event) {
      pointers.set(event.pointerId, [event.clientX, event.clientY]);
      moved = false;
      pressed = event.target.closest ? event.target.closest(".region") : null;
      svg.setPointerCapture(event.pointerId);
    });
    svg.addEventListener("pointermove", function (event) {
      const before = pointers.get(event.pointerId);
      if (!before) {
        return;
      }
      const box = svg.getBoundingClientRect();
      if (pointers.size === 2) {  // a pinch: zoom by how far the two fingers moved apart
        const other = [...pointers.entries()].find(function (e) { return e[0] !== event.pointerId; })[1];
        const was = Math.hypot(before[0] - other[0], before[1] - other[1]);
        const now = Math.hypot(event.clientX - other[0], event.clientY - other[1]);
        if (was > 0) {
          zoom(svg, now / was, point(svg, (event.clientX + other[0]) / 2, (event.clientY + other[1]) / 2));
        }
      } else {
        pan(svg, (before[0] - event.clientX) / box.width * view[2], (before[1] - event.clientY) / box.height * view[3]);
      }
      if (Math.abs(before[0] - event.clientX) + Math.abs(before[1] - event.clientY) > 2) {
        moved = true;
        auto = false;
      }
      pointers.set(event.pointerId, [event.clientX, event.clientY]);
    });
    function up(event) {
      pointers.delete(event.pointerId);
      if (!moved && event.type === "pointerup" && pressed) {
        read(pressed);
        if (pressed.classList.contains("lit")) {
          pick(pressed);
        } else if (pressed.classList.contains("start")) {
          begin(pressed);
        }
      }
    }
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    svg.addEventListener("keydown", function (event) {
      const region = event.target.closest ? event.target.closest(".region.lit, .region.start") : null;
      if (region && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        read(region);
        if (region.classList.contains("lit")) {
          pick(region);
        } else {
          begin(region);
        }
        return;
      }
      const step = view[2] / 10;
      const keys = {"+": function () { zoom(svg, 1.25); }, "=": function () { zoom(svg, 1.25); },
        "-": function () { zoom(svg, 0.8); }, "0": function () { view = null; show(svg); },
        ArrowLeft: function () { pan(svg, -step, 0); }, ArrowRight: function () { pan(svg, step, 0); },
        ArrowUp: function () { pan(svg, 0, -step); }, ArrowDown: function () { pan(svg, 0, step); }};
      if (keys[event.key]) {
        event.preventDefault();
        auto = false;
        keys[event.key]();
      }
    });
    document.querySelectorAll("[data-close-starts]").forEach(function (button) {
      button.addEventListener("click", function () { close(button); });
    });
    document.querySelectorAll(".starts").forEach(function (panel) {
      panel.addEventListener("keydown", function (event) {
        if (event.key === "Escape") {
          close(panel.querySelector("[data-close-starts]"));
        }
      });
    });
    const go = document.getElementById("map-go");
    if (go) {
      go.addEventListener("change", function () {
        goTo(svg, go.value);
      });
    }
    document.querySelectorAll("[data-map]").forEach(function (button) {
      button.addEventListener("click", function () {
        const what = button.getAttribute("data-map");
        auto = false;
        if (what === "in") {
          zoom(svg, 1.5);
        } else if (what === "out") {
          zoom(svg, 1 / 1.5);
        } else {
          view = null;
          show(svg);
        }
      });
    });
  }

  window.addEventListener("resize", function () {  // a phone turned: the farthest zoom and the names' size change
    const svg = map();
    if (svg && view) {
      show(svg);
    }
  });
  document.addEventListener("DOMContentLoaded", setUp);
  document.addEventListener("lotr:part", setUp);  // live.js replaced the part: the same zoom on the new map
})();
