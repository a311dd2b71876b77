// Live tables (templates/tables/table.html): hear "something changed" on a
// websocket and redraw this person's view of the table from the server.
// Messages carry event numbers and this person's own view only; the page is
// always drawn by the server. Without this file the table still plays: every
// action is a plain post, and "Refresh the table" reloads it.
(function () {
  "use strict";

  var root = document.querySelector("[data-live-table]");
  if (!root) return;
  var last = parseInt(root.getAttribute("data-live-last") || "0", 10) || 0;
  var path = root.getAttribute("data-live-socket");
  var fragment = root.getAttribute("data-live-fragment");
  var socket = null;
  var wait = 500;

  function redraw() {
    if (!window.htmx || !fragment) return;
    // A learner halfway through ticking cards keeps them: nothing else moves on their turn.
    var form = document.querySelector("#play-table [data-play-form]");
    if (form && form.querySelector("input[type=checkbox]:checked")) return;
    window.htmx.ajax("GET", fragment, { target: "#play-table", swap: "innerHTML" });
  }

  function connect() {
    if (!path || !window.WebSocket) return;
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + window.location.host + path);
    socket.addEventListener("open", function () {
      wait = 500;
      // Ask for whatever followed the last event this page has seen: a dropped
      // connection or a sleeping laptop loses nothing.
      socket.send(JSON.stringify({ type: "resync", after: last }));
    });
    socket.addEventListener("message", function (message) {
      var data;
      try {
        data = JSON.parse(message.data);
      } catch (error) {
        return;
      }
      if (data.type === "events" && typeof data.last === "number" && data.last > last) {
        last = data.last;
        root.setAttribute("data-live-last", String(last));
        redraw();
      }
    });
    socket.addEventListener("close", function () {
      socket = null;
      window.setTimeout(connect, wait);
      wait = Math.min(wait * 2, 10000);
    });
  }

  // Every few seconds, ask for anything missed: with several server processes and
  // no shared channel layer, a move made through another process is heard this way.
  window.setInterval(function () {
    if (socket && socket.readyState === 1) {
      socket.send(JSON.stringify({ type: "poll", after: last }));
    }
  }, 5000);

  // The clock: count down the seconds left; at zero ask the server to enforce it.
  window.setInterval(function () {
    var clock = document.querySelector("[data-live-deadline]");
    if (!clock) return;
    var left = Date.parse(clock.getAttribute("data-live-deadline")) - Date.now();
    clock.textContent = Math.max(0, Math.ceil(left / 1000)) + " seconds left";
    if (left <= 0 && !clock.hasAttribute("data-live-ticked")) {
      clock.setAttribute("data-live-ticked", "");
      if (socket && socket.readyState === 1) {
        socket.send(JSON.stringify({ type: "tick" }));
      } else {
        redraw();
      }
    }
  }, 1000);

  connect();
})();
