// A hand form's boxes, one a player (totals, bonus counts), are typed in turn on the
// keypad: once a box holds a whole number, the next player's box takes the typing, so a
// drop among four is four totals and no tap between them. A number is whole when no
// further digit could keep it within the box's `max` (the most a player can hold under the
// house rules: with 5 cards, 50, so "6" and "12" are whole, "4" may still become 45) or
// when it is 0. The keypad's Next key (enterkeyhint="next") moves on as well, rather than
// checking the form. After the last player's box the keypad closes, so the payout shows.
// Without this script each box is tapped in turn; nothing else changes.
(function () {
  "use strict";
  var BOXES = "fieldset.totals input[enterkeyhint]";

  function isBox(target) {
    return target instanceof HTMLInputElement && target.matches(BOXES);
  }

  // The next player's box in the same row of boxes, or the keypad closed after the last.
  function moveOn(box) {
    var row = Array.prototype.slice.call(box.closest("fieldset").querySelectorAll(BOXES));
    var next = row[row.indexOf(box) + 1];
    if (!next) {
      box.blur();
      return;
    }
    next.focus();
    next.select(); // a box already filled (a fix) is typed over, not added to
  }

  function whole(box) {
    var most = Number(box.max);
    if (!/^[0-9]+$/.test(box.value) || !most) return false;
    var value = Number(box.value);
    return value === 0 || value * 10 > most;
  }

  document.addEventListener("input", function (event) {
    // Only a digit typed moves on: deleting one, to correct it, stays in the box.
    if (!isBox(event.target) || !/^insert/.test(event.inputType || "")) return;
    if (whole(event.target)) moveOn(event.target);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || !isBox(event.target)) return;
    if (event.target.getAttribute("enterkeyhint") !== "next") return; // Done: check the form
    event.preventDefault();
    moveOn(event.target);
  });
})();
