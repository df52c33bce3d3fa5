// The web table's live part (docs/web.md): the server pushes "table T is at version V" hints on a WebSocket;
// when V is not the version shown, the page fetches its own part again. It reconnects after a restart.
"use strict";
(function () {
  const main = document.getElementById("live");
  if (!main) {
    return;
  }
  const state = document.getElementById("live-state");
  let shown = main.dataset.version;
  let wanted = shown;
  let hints = 0;
  let fetching = false;
  let delay = 1000;

  function mark(on) {
    if (state) {
      state.textContent = on ? state.dataset.on : state.dataset.off;
      state.className = on ? "on" : "off";
    }
  }

  async function refresh() {
    if (fetching) {
      return;
    }
    fetching = true;
    try {
      while (wanted !== shown) {
        const seen = hints;
        const answer = await fetch(main.dataset.part, {credentials: "same-origin", cache: "no-store"});
        if (!answer.ok) {
          break;
        }
        main.innerHTML = await answer.text();
        document.dispatchEvent(new Event("lotr:part"));  // map.js puts its zoom back
        shown = answer.headers.get("X-Table-Version") || wanted;
        main.dataset.version = shown;
        if (hints === seen) {
          wanted = shown;  // no newer hint came meanwhile: what was fetched is the latest
        }
      }
    } catch (error) {
      // the server is away: the next hint, after reconnecting, fetches again
    } finally {
      fetching = false;
    }
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + main.dataset.live);
    socket.onopen = function () {
      delay = 1000;
      mark(true);
    };
    socket.onmessage = function (message) {
      hints += 1;
      wanted = JSON.parse(message.data).version;
      refresh();
    };
    socket.onclose = function () {
      mark(false);
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 15000);
    };
  }

  document.addEventListener("lotr:stale", function () {  // act.js: a click was answered, fetch the part now
    hints += 1;
    wanted = "";
    refresh();
  });

  connect();
})();
