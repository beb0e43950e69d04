// Times are sent in UTC (<time class="local" datetime="...Z">4:50:00 PM UTC</time>) because
// the server cannot know the phone's time zone; here each is rewritten in the phone's own
// zone, in the page's language (in the phone's own variant of it, such as en-GB's 24 hours,
// when the phone has one). A <time data-date> shows its day too. Without script the UTC
// text stays, which is still right.
(function () {
  "use strict";
  var page = document.documentElement.lang;
  var variants = (navigator.languages || []).filter(function (tag) {
    return tag.toLowerCase().split("-")[0] === page;
  });
  var locales = page ? variants.concat(page) : undefined;
  var clock = { hour: "2-digit", minute: "2-digit" };
  var formats = {
    time: new Intl.DateTimeFormat(locales, Object.assign({ second: "2-digit" }, clock)),
    date: new Intl.DateTimeFormat(locales, Object.assign({ day: "numeric", month: "short" }, clock))
  };

  function localise(root) {
    root.querySelectorAll("time.local").forEach(function (time) {
      var format = time.hasAttribute("data-date") ? formats.date : formats.time;
      time.textContent = format.format(new Date(time.dateTime));
    });
  }

  document.addEventListener("DOMContentLoaded", function () { localise(document); });
  // Content that htmx swaps in later (htmx fires htmx:load on each new element).
  document.addEventListener("htmx:load", function (event) { localise(event.target); });
})();
