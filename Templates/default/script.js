// Arrow keys and swipes follow the previous and next links; without JavaScript the links work alike.
(function () {
  function go(rel) { var link = document.querySelector("a[rel=" + rel + "]"); if (link) location.href = link.href; }
  addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    // A right-to-left page (<html dir="rtl">) has its previous photo on the right.
    var rtl = document.documentElement.dir === "rtl";
    if (event.key === "ArrowLeft") go(rtl ? "next" : "prev");
    if (event.key === "ArrowRight") go(rtl ? "prev" : "next");
  });
  var startX = null;
  addEventListener("touchstart", function (event) { startX = event.touches.length === 1 ? event.touches[0].clientX : null; }, { passive: true });
  addEventListener("touchend", function (event) {
    if (startX === null) return;
    var dx = event.changedTouches[0].clientX - startX;
    if (Math.abs(dx) > 60) go((dx > 0) !== (document.documentElement.dir === "rtl") ? "prev" : "next");
    startX = null;
  });
})();
