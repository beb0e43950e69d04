// The share page's buttons: the phone's own share sheet (Web Share API) where it has one,
// else the link copied to the clipboard, with a visible "Copied". Both APIs exist only on
// secure pages (https, localhost); on a table's plain-http Wi-Fi address the button says
// how to copy the link by hand instead. The words are the page's, in its language (the
// JSON block of referee/web/script_words.py; a button's own in its data-copy).
(function () {
  "use strict";
  var block = document.getElementById("words");
  var words = block ? JSON.parse(block.textContent) : {};

  function say(button, words) {
    button.parentElement.querySelector(".shared").textContent = words;
  }

  function copy(button) {
    var byHand = words.copy_by_hand;
    if (!navigator.clipboard) { say(button, byHand); return; }
    navigator.clipboard.writeText(button.dataset.url).then(
      function () { say(button, words.copied); },
      function () { say(button, byHand); }
    );
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("button.share-link").forEach(function (button) {
      if (!navigator.share) { button.textContent = button.dataset.copy; }
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
