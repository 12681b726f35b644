// archwk page guard: inlined into every page by scripts/voila_app.py (kit serve) and
// scripts/site_build.py (the static site). When a widget of the page fails to start
// (e.g. a plotly figure that missed anywidget's 2-second start-up window on a busy
// machine), or when the page's kernel is gone (a Voila server culls kernels left idle
// without a page, and a page whose connection dropped for long counts as without one;
// or the server restarted), the page would sit there not answering clicks; instead it
// says so and offers a reload.
(function () {
  "use strict";
  var FAILED = /\[anywidget\] Failed to initialize model|\[anywidget\] Timed out waiting|Failed to fetch dynamically imported module|Error displaying widget|Could not create a view|Failed to load model class|No version of module .* is registered/;
  var NOT_STARTED = "Part of this page did not start (the computer may be busy), so it will not answer your clicks. ";
  var GONE = "This page's game has stopped on the server (it was left idle for a long time, or the server " +
    "restarted), so it will not answer your clicks. Reloading starts a new one. ";
  var shown = false;
  function offer(message) {
    if (shown || !document.body) { return; }
    shown = true;
    var box = document.createElement("div");
    box.className = "archwk-reload";
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:100000;background:#fdecea;color:#b00020;" +
      "border-bottom:1px solid #f5c2c0;padding:10px 16px;font:15px/1.4 sans-serif";
    box.appendChild(document.createTextNode(message || NOT_STARTED));
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
  // Under Voila: is the page's kernel still there? (The page config names it.) A page
  // whose kernel is gone shows its widgets as Python text or "Loading widget..." for ever.
  function voilaKernel() {
    var el = document.getElementById("jupyter-config-data");
    if (!el || location.pathname.indexOf("/voila/render/") < 0) { return null; }
    try {
      var cfg = JSON.parse(el.textContent || "{}");
      if (!/^[0-9a-f-]{36}$/.test(cfg.kernelId || "")) { return null; }
      return (cfg.baseUrl || "/").replace(/\/?$/, "/") + "api/kernels/" + cfg.kernelId;
    } catch (e) { return null; }
  }
  var misses = 0;
  function probe() {
    var url = voilaKernel();
    if (shown || !url || !window.fetch) { return; }
    fetch(url, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      if (r.status === 404) { offer(GONE); return; }
      misses = 0;
      setTimeout(probe, 15000);
    }, function () {  // the server does not answer: twice in a row means it is gone
      misses += 1;
      if (misses >= 2) { offer(GONE); } else { setTimeout(probe, 5000); }
    });
  }
  window.addEventListener("load", function () { setTimeout(probe, 3000); });
})();
