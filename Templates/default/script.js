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
// A Live or Motion Photo: its few seconds play while the photo is hovered or pressed; without JavaScript the still alone.
// (The <picture> is hidden by its style: `display: contents` outranks its `hidden` attribute.)
(function () {
  var clip = document.querySelector("video.motion"), figure = clip && clip.closest("figure");
  if (!figure) return;
  var still = figure.querySelector("picture"), img = still.querySelector("img");
  function play() {
    if (!clip.hidden) return;
    var box = img.getBoundingClientRect();
    clip.style.width = box.width + "px"; clip.style.height = box.height + "px";
    still.style.display = "none"; clip.hidden = false; clip.currentTime = 0;
    var started = clip.play(); if (started) started.catch(stop);
  }
  function stop() { clip.pause(); clip.hidden = true; still.style.display = ""; }
  function mouse(event) { return event.pointerType === "mouse"; }
  figure.addEventListener("pointerenter", function (event) { if (mouse(event)) play(); });
  figure.addEventListener("pointerleave", function (event) { if (mouse(event)) stop(); });
  figure.addEventListener("pointerdown", function (event) { if (!mouse(event)) play(); });
  figure.addEventListener("pointerup", function (event) { if (!mouse(event)) stop(); });
  figure.addEventListener("pointercancel", stop);
  clip.addEventListener("ended", stop);
})();
