// Times are sent in UTC (<time class="local" datetime="...Z">16:50:00 UTC</time>) because
// the server cannot know the phone's time zone; here each is rewritten in the phone's own
// zone and locale. Without script the UTC text stays, which is still right.
(function () {
  "use strict";
  var format = new Intl.DateTimeFormat(undefined, {
    hour: "2-digit", minute: "2-digit", second: "2-digit"
  });

  function localise(root) {
    root.querySelectorAll("time.local").forEach(function (time) {
      time.textContent = format.format(new Date(time.dateTime));
    });
  }

  document.addEventListener("DOMContentLoaded", function () { localise(document); });
  // Content that htmx swaps in later (htmx fires htmx:load on each new element).
  document.addEventListener("htmx:load", function (event) { localise(event.target); });
})();
