// The start page's "First dealer" list names the players as they are typed: option N
// follows the Nth name box ("Player N" while the box is empty). Without this script the
// list still works, by seat ("Player 1...6"), and the server reads the same values.
(function () {
  "use strict";
  var list = document.getElementById("first_dealer");
  if (!list) return;
  function follow() {
    for (var i = 0; i < list.options.length; i++) {
      var option = list.options[i];
      var box = document.getElementById("player_" + option.value);
      if (!box) continue; // "Cut for the deal"
      if (!option.dataset.seat) option.dataset.seat = option.textContent;
      option.textContent = box.value.trim() || option.dataset.seat;
    }
  }
  document.addEventListener("input", function (event) {
    if (event.target.id && event.target.id.indexOf("player_") === 0) follow();
  });
  follow(); // names kept by a refused form, or filled in by the browser
})();
