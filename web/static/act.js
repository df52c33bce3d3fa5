// A seat's controls (docs/web.md, "Playing"): each form is sent with fetch instead of loading a new page, and
// the live part is fetched again (live.js); a refusal is said on the page, which then shows the table as it
// is. The tab's title says "Your turn" when the game waits for this seat; a browser notification too, once
// the player asked for it with the button (never asked otherwise).
"use strict";
(function () {
  const main = document.getElementById("live");
  if (!main) {
    return;
  }
  const plain = main.dataset.part.replace(/&step=[^&]*&v=\d*/, "");
  const notify = document.getElementById("notify");
  let yours = Boolean(document.getElementById("your-turn"));
  // A keyboard player keeps the focus on the controls when the part is replaced: after their own click, or a
  // change pushed while the focus was there.
  let keepFocus = false;
  document.addEventListener("focusin", function (event) {
    keepFocus = Boolean(event.target.closest("#controls"));
  });

  function refetch(part) {
    main.dataset.part = part;
    document.dispatchEvent(new Event("lotr:stale"));  // live.js fetches the part again
  }

  document.addEventListener("submit", async function (event) {
    const form = event.target.closest("form.act");
    if (!form) {
      return;
    }
    event.preventDefault();
    const data = new URLSearchParams(new FormData(form));
    if (event.submitter && event.submitter.name) {
      data.append(event.submitter.name, event.submitter.value);
    }
    form.querySelectorAll("button").forEach(function (button) { button.disabled = true; });
    keepFocus = true;
    let said = null;
    try {
      const answer = await fetch(form.action, {method: "POST", body: data, credentials: "same-origin",
                                               headers: {"Accept": "application/json"}});
      said = answer.headers.get("Content-Type").startsWith("application/json") ? await answer.json() : null;
    } catch (error) {
      said = null;
    }
    if (said === null || said.to) {  // a new table (a rematch), no session any more, or the server away
      location.assign(said && said.to ? said.to : location.href);
      return;
    }
    refetch(said.step ? plain + "&step=" + encodeURIComponent(said.step) + "&v=" + data.get("v") : plain);
    if (said.text) {
      document.addEventListener("lotr:part", function () {
        const where = document.getElementById("act-said");
        if (where) {
          where.textContent = said.text;
        }
      }, {once: true});
    }
  });

  document.addEventListener("lotr:part", function () {
    const now = Boolean(document.getElementById("your-turn"));
    document.title = now ? document.getElementById("your-turn").textContent + " · " + main.dataset.title
      : main.dataset.title;
    if (now && !yours && document.hidden && "Notification" in window && Notification.permission === "granted") {
      new Notification(notify.dataset.text);
    }
    yours = now;
    const lost = document.activeElement === null || document.activeElement === document.body;
    const first = document.querySelector("#controls form.act :is(button, select, input[type=checkbox])");
    if (keepFocus && lost && first) {
      first.focus({preventScroll: true});
    }
  });

  if (notify && "Notification" in window && Notification.permission !== "denied") {
    notify.hidden = Notification.permission === "granted";
    notify.addEventListener("click", async function () {
      notify.hidden = (await Notification.requestPermission()) !== "default";
    });
  }
})();
