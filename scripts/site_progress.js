// archwk site progress: inlined into every page of the static site by scripts/site_build.py,
// right after Voici's own loading script. While Python starts in the page (Pyodide: a few
// seconds, more on a first visit or a busy computer), Voici shows a spinner saying
// "Running ..." and then "Executing 1 of 4"; instead the page says plainly what is
// happening, as a status message (role="status": a screen reader reads it once), with
// the step it is at underneath (not read out: it changes every second or so). Voici
// removes the whole box when the page's widgets are drawn.
(function () {
  "use strict";
  var MESSAGE = "Starting Python in your browser... this takes a few seconds the first time.";
  var box = document.getElementById("loading");
  var text = document.getElementById("loading_text");
  if (!box || !text) { return; }
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", "polite");
  box.classList.add("archwk-starting");
  text.textContent = MESSAGE;
  text.style.cssText = "font:20px/1.4 sans-serif;text-align:center;max-width:40em;margin:0 16px";
  var step = document.createElement("p");
  step.className = "archwk-starting-step";
  step.setAttribute("aria-hidden", "true");
  step.style.cssText = "font:14px/1.4 sans-serif;color:#555;margin:6px 0 0";
  step.textContent = "Loading Python";
  text.insertAdjacentElement("afterend", step);
  box.style.flexDirection = "column";
  box.style.alignItems = "center";
  // Voici calls this with (0, 0, "Starting up kernel...") once Python answers, then with
  // (i, n, null) for each cell of the notebook it runs
  window.update_loading_text = function (index, count, what) {
    if (box.style.display === "none") { box.style.display = "flex"; }
    step.textContent = what ? "Starting Python" : "Setting up the page (step " + index + " of " + count + ")";
  };
})();
