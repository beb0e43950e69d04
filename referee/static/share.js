// The share page's buttons: the phone's own share sheet (Web Share API) where it has one,
// else the link copied to the clipboard, with a visible "Copied". Both APIs exist only on
// secure pages (https, localhost); on a table's plain-http Wi-Fi address the button says
// how to copy the link by hand instead.
(function () {
  "use strict";

  function say(button, words) {
    button.parentElement.querySelector(".shared").textContent = words;
  }

  function copy(button) {
    var byHand = "Press and hold the link above to copy it";
    if (!navigator.clipboard) { say(button, byHand); return; }
    navigator.clipboard.writeText(button.dataset.url).then(
      function () { say(button, "Copied"); },
      function () { say(button, byHand); }
    );
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("button.share-link").forEach(function (button) {
      if (!navigator.share) { button.textContent = button.textContent.replace("Share", "Copy"); }
      button.hidden = false;
      button.addEventListener("click", function () {
        if (!navigator.share) { copy(button); return; }
        // A share sheet closed without sharing rejects: nothing to say.
        navigator.share({ title: button.dataset.title, url: button.dataset.url })
          .catch(function () {});
      });
    });
  });
})();
