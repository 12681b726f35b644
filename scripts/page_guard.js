// archwk page guard: inlined into every page by scripts/voila_app.py (kit serve) and
// scripts/site_build.py (the static site). When a widget of the page fails to start
// (e.g. a plotly figure that missed anywidget's 2-second start-up window on a busy
// machine), the page would sit there not answering clicks; instead it says so and
// offers a reload.
(function () {
  "use strict";
  var FAILED = /\[anywidget\] Failed to initialize model|\[anywidget\] Timed out waiting|Failed to fetch dynamically imported module|Error displaying widget|Could not create a view|Failed to load model class|No version of module .* is registered/;
  var shown = false;
  function offer() {
    if (shown || !document.body) { return; }
    shown = true;
    var box = document.createElement("div");
    box.className = "archwk-reload";
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:100000;background:#fdecea;color:#b00020;" +
      "border-bottom:1px solid #f5c2c0;padding:10px 16px;font:15px/1.4 sans-serif";
    box.appendChild(document.createTextNode(
      "Part of this page did not start (the computer may be busy), so it will not answer your clicks. "));
    var button = document.createElement("button");
    button.textContent = "Reload the page";
    button.style.cssText = "font:inherit;margin-left:8px;padding:2px 10px";
    button.onclick = function () { window.location.reload(); };
    box.appendChild(button);
    document.body.appendChild(box);
  }
  function text(args) {
    var out = [];
    for (var i = 0; i < args.length; i++) {
      var a = args[i];
      out.push(a && a.message ? String(a.message) : String(a));
    }
    return out.join(" ");
  }
  var error = console.error;
  console.error = function () {
    try { if (FAILED.test(text(arguments))) { offer(); } } catch (e) { /* never break logging */ }
    return error.apply(console, arguments);
  };
  window.addEventListener("error", function (ev) {
    try { if (FAILED.test(text([ev.error || ev.message]))) { offer(); } } catch (e) { /* ignore */ }
  });
  window.addEventListener("unhandledrejection", function (ev) {
    try { if (FAILED.test(text([ev.reason]))) { offer(); } } catch (e) { /* ignore */ }
  });
  // ipywidgets also writes "Error displaying widget" into the page
  var checks = 0;
  var timer = setInterval(function () {
    checks += 1;
    if (document.body && (document.body.textContent || "").indexOf("Error displaying widget") >= 0) { offer(); }
    if (shown || checks > 60) { clearInterval(timer); }
  }, 2000);
})();
