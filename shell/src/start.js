// The page's first script in production (build/paint-first.ts writes it into the HTML). The shell's own
// scripts download from the start (the HTML preloads them, marked data-gm-start), but run only after the
// browser has painted what the server sent: a hotel's welcome, Home's hero. On a fast connection they
// would otherwise arrive before the first frame and hold it back while they run (100–150 ms on a phone).
// The screen's hints (its remote's manifest and scripts, from the server: #gm-hints) start then too, after
// the shell's own scripts. Plain ES2017, no imports: it runs before anything else.
(function () {
  'use strict';
  var started = false;

  // A map page needs the API at once: ask its health now, with no library, so a guest on a phone hears
  // "Still trying to reach the server…" (the server wrote it, hidden, in the page's language:
  // #gm-early-notice) when no answer comes, without waiting for the shell's and the map's code to
  // download and run (issue 40). The shell takes the answer over (src/app/early-api-check.ts) and its own
  // notice replaces this one. A GET with the key in its query is a simple request: no preflight.
  (function checkApi() {
    var notice = document.getElementById('gm-early-notice');
    var data = document.getElementById('gm-boot-config');
    var config;
    try {
      config = JSON.parse((data && data.textContent) || 'null');
    } catch (_e) {
      config = null;
    }
    if (!notice || !config || typeof config.supabaseUrl !== 'string' || typeof fetch !== 'function') return;
    var url =
      config.supabaseUrl.replace(/\/+$/, '') +
      '/auth/v1/health?apikey=' +
      encodeURIComponent(String(config.supabaseAnonKey || ''));
    var mark = function (name) {
      if (window.performance && performance.mark) performance.mark(name);
    };
    mark('gm:api-check');
    // The answer's status, 0 when none came: the shell reads it as its first request's outcome.
    window.__gmApiCheck = fetch(url, { cache: 'no-store', credentials: 'omit' }).then(
      function (r) {
        return r.status;
      },
      function () {
        return 0;
      },
    );
    window.__gmApiCheck.then(function (status) {
      // An answer that is not a server fault: isServerFault's rule (shared-ui connectivity.ts), written out
      // here because this script imports nothing.
      if (status !== 0 && (status < 500 || status === 501 || status === 505)) return;
      // Still in the page: the shell has not taken over yet.
      if (!notice.isConnected) return;
      notice.hidden = false;
      mark('gm:notice');
    });
  })();

  function link(attrs) {
    var el = document.createElement('link');
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) el.setAttribute(k, attrs[k]);
    document.head.appendChild(el);
  }

  function script(src) {
    var el = document.createElement('script');
    el.src = src;
    // In document order, as the HTML's deferred scripts would run (also when added a task apart).
    el.async = false;
    document.head.appendChild(el);
  }

  /** The screen's hints the server wrote as data (#gm-hints): preloads and prefetches only. */
  function hints() {
    var data = document.getElementById('gm-hints');
    var list;
    try {
      list = JSON.parse((data && data.textContent) || '[]');
    } catch (_e) {
      return [];
    }
    if (!Array.isArray(list)) return [];
    return list.filter(function (h) {
      return h && (h.rel === 'preload' || h.rel === 'prefetch') && typeof h.href === 'string';
    });
  }

  function start() {
    if (started) return;
    started = true;
    var steps = [];
    var preloaded = document.querySelectorAll('link[data-gm-start]');
    for (var i = 0; i < preloaded.length; i++) steps.push(script.bind(null, preloaded[i].href));
    hints().forEach(function (h) {
      steps.push(link.bind(null, h));
    });
    // One element per task: asking for a resource costs the main thread a little each time (15–25 ms
    // apiece in profiles at 4× CPU slowdown); together they made one long task.
    (function next() {
      var step = steps.shift();
      if (!step) return;
      step();
      if (steps.length) setTimeout(next, 0);
    })();
  }

  // After the next frame (requestAnimationFrame runs just before it; the task after runs once it is
  // painted). A page that is not shown gets no frames: it starts at once, and never later than 100 ms.
  if (document.visibilityState === 'visible' && typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    setTimeout(start, 100);
  } else {
    start();
  }
})();
