// The replay's slider: the chosen step is shown as soon as the slider is let go (without this script,
// its "Go" button does the same).
"use strict";
const scrub = document.getElementById("scrub");
if (scrub) {
  scrub.addEventListener("change", () => scrub.form.submit());
}
