// The photo viewer: a full-screen layer over the album and photo pages, where every photo is
// also its own page. It reads what it shows from the page (the tiles' <picture>s and data-*
// attributes, or the photo page's figure), so it works from file:// with no request of its
// own; without JavaScript the pages work as they are.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !history.pushState || !window.HTMLDialogElement) return;
  var words = script.dataset;
  // A visit: the photos viewed from one opening of the viewer to its closing, over as many
  // pages as it went on to. Each of its entries holds the visit and its number in it (`n`,
  // 0 the page it opened over); the entry it closed on says so (`closed`). The tab keeps
  // where the visitor was last, written each time it changes (as a page is left would be
  // too late: a browser may show the page before first). Come back from an entry a visit
  // closed on to one of its photos on another page before it, the visitor goes past them:
  // the viewer closes there too, as on an album of one page, where Escape leaves no photo
  // behind the grid.
  var LEFT = "tessera-viewer-left";
  function whereIn(state) {
    if (!state || typeof state.n !== "number") return null;
    if (state.closed) return { visit: state.closed, n: state.n, closed: true };
    return state.visit ? { visit: state.visit, n: state.n, closed: false } : null;
  }
  function lastLeft() {
    try { return JSON.parse(sessionStorage.getItem(LEFT) || "null"); } catch (e) { return null; }
  }
  var left = lastLeft();
  function remember() {
    try { sessionStorage.setItem(LEFT, JSON.stringify(whereIn(history.state))); } catch (e) {}
  }
  function passed(state, from) {
    return !!(from && from.closed && state.visit && from.visit === state.visit && from.n > state.n);
  }
  // A video's tile plays its clip in the viewer (data-video); a video's page plays it itself.
  var tiles = [].slice.call(document.querySelectorAll("a.tile[href]")).filter(function (a) {
    return a.querySelector("img");
  });
  // (Not `:has(video)`: a browser without `:has()` would throw here and lose the viewer.)
  // A Live Photo's page (video.motion) and a GIF's (a looping video) have one too; a
  // video's page hosts it only when the viewer steps onto it from its neighbours' pages,
  // and plays the clip in it, as an album's viewer does.
  var figure = document.querySelector("main.viewer figure");
  var onPage = figure && figure.querySelector("video");
  var clipPage = onPage && onPage.controls ? onPage : null;
  if (figure && !clipPage && !figure.querySelector("img")) figure = null;
  var onPhotoPage = !tiles.length && !!figure;
  if (!tiles.length && !figure) return;

  // The viewer's stylesheet, once the page has loaded (or when the viewer first opens):
  // nothing the page needs for its first paint waits for it.
  var css = null;
  function stylesheet() {
    if (css) return;
    css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = script.src.replace(/[^\/?#]*([?#].*)?$/, "viewer.css");
    document.head.appendChild(css);
  }
  if (document.readyState === "complete") stylesheet();
  else addEventListener("load", stylesheet);

  var reduce = matchMedia("(prefers-reduced-motion: reduce)");
  // Right to left (ar, he): the next photo is on the left, as the page's own links are.
  var ahead = document.documentElement.dir === "rtl" ? -1 : 1;
  var STORE = "tessera-viewer";
  var SLIDE_MS = 4000;
  var FIELDS = ["title", "caption", "date", "artist", "camera", "lens", "exposure"];

  function joined(a, b) {
    if (a && b && (", " + a).indexOf(", " + b.split(" ")[0] + " ") >= 0) return a;
    return a && b ? a + ", " + b : a || b || "";
  }
  function widest(srcset) {
    var most = 0;
    (srcset || "").split(",").forEach(function (part) {
      var m = /\s(\d+)w\s*$/.exec(part);
      if (m) most = Math.max(most, +m[1]);
    });
    return most;
  }
  // A photo page's caption on one line as the build writes a tile's data-caption
  // (`CommonMarkTree.plainText`): blocks apart, list items after the first with a `;`
  // unless the item before ends its own clause, images by their alt text.
  function plainCaption(root) {
    if (!root) return "";
    var out = "";
    var block = /^(P|LI|H[1-6]|BLOCKQUOTE|PRE|UL|OL|DIV|BR)$/;
    (function walk(node) {
      if (node.nodeType === 3) { out += node.nodeValue; return; }
      if (node.nodeType !== 1) return;
      if (node.tagName === "LI" && node.previousElementSibling && /\S/.test(out) &&
          !/[.!?;:,\u2026\u3002\uFF01\uFF1F\uFF1B\uFF1A\u060C\u061B]\s*$/.test(out)) out = out.replace(/\s+$/, "") + ";";
      if (block.test(node.tagName)) out += " ";
      if (node.tagName === "IMG") { out += node.alt || ""; return; }
      for (var child = node.firstChild; child; child = child.nextSibling) walk(child);
      if (block.test(node.tagName)) out += " ";
    })(root);
    return out.replace(/\s+/g, " ").trim();
  }
  function text(root, selector) {
    var found = root.querySelector(selector);
    return found ? found.textContent.trim() : "";
  }
  // A number as the pages write it: digits grouped in threes by the theme's separator, once
  // there are at least three more than its minimum (`1,234`; Polish `1234` but `12 345`).
  function grouped(value) {
    var digits = String(value), minimum = Math.max(+words.groupMinimum || 1, 1);
    if (words.group === undefined || digits.length < 3 + minimum) return digits;
    return digits.replace(/\B(?=(\d{3})+$)/g, words.group);
  }

  // What the viewer shows of each photo: its files, shape, words and page.
  function fromTile(a) {
    var img = a.querySelector("img");
    var info = {};
    FIELDS.concat("original").forEach(function (key) { if (a.dataset[key]) info[key] = a.dataset[key]; });
    var display = a.dataset.display || "";
    return {
      href: a.href, tile: a, alt: img.alt, info: info, video: a.dataset.video || "",
      motion: a.dataset.motion || a.dataset.loop || "", loops: !!a.dataset.loop,
      poster: display.split(/\s+/)[0] || img.getAttribute("src"),
      ratio: +img.getAttribute("width") / +img.getAttribute("height") || 1,
      src: img.getAttribute("src"), srcset: joined(img.getAttribute("srcset"), display),
      full: widest(display) || widest(img.getAttribute("srcset")),
      // A <source> without data-display: the tile's display image in the source's format,
      // the same name with the extension of the source's own files.
      // data-display="none": no display image in that format; the next source shows it.
      sources: [].filter.call(a.querySelectorAll("source"), function (s) {
        return s.dataset.display !== "none";
      }).map(function (s) {
        var srcset = s.getAttribute("srcset") || "";
        var extension = /\.(\w+)$/.exec(srcset.split(",")[0].trim().split(/\s+/)[0]);
        var own = s.dataset.display || (extension ? display.replace(/\.\w+(\s+\d+w)$/, "." + extension[1] + "$1") : "");
        return { type: s.type, srcset: joined(srcset, own) };
      })
    };
  }
  function fromPhotoPage() {
    var info = {};
    var caption = figure.querySelector("figcaption") || figure;
    info.title = text(caption, "h1.title");
    info.caption = plainCaption(caption.querySelector(".caption"));
    info.date = text(caption, "time");
    ["artist", "camera", "lens", "exposure"].forEach(function (key) { info[key] = text(caption, "." + key); });
    var original = document.querySelector("a[download][href]");
    if (original) info.original = original.href;
    var source = onPage && onPage.querySelector("source");
    if (clipPage) {
      var poster = clipPage.getAttribute("poster") || "";
      return {
        href: location.href, tile: null, alt: info.title || document.title, info: info,
        video: source ? source.getAttribute("src") : "", motion: "", loops: false, poster: poster,
        ratio: +clipPage.getAttribute("width") / +clipPage.getAttribute("height") || 1,
        src: poster, srcset: "", full: +clipPage.getAttribute("width") || 0, sources: []
      };
    }
    var img = figure.querySelector("img");
    return {
      href: location.href, tile: null, alt: img.alt, info: info,
      motion: source ? source.getAttribute("src") : "", loops: !!(onPage && onPage.loop),
      ratio: +img.getAttribute("width") / +img.getAttribute("height") || 1,
      src: img.getAttribute("src"), srcset: img.getAttribute("srcset") || "",
      full: widest(img.getAttribute("srcset")) || +img.getAttribute("width"),
      sources: [].map.call(figure.querySelectorAll("source"), function (s) {
        return { type: s.type, srcset: s.getAttribute("srcset") };
      })
    };
  }
  var items = onPhotoPage ? [fromPhotoPage()] : tiles.map(fromTile);
  // An album cut into pages counts its photos over all of them, as its photo pages do.
  var grid = tiles.length ? tiles[0].parentNode : null;
  var firstNumber = +(grid && grid.getAttribute("data-first")) || 1;
  var countAll = +(grid && grid.getAttribute("data-count")) || items.length;
  function link(rel) { return document.querySelector("a[rel=" + rel + "][href]"); }
  function address(a) { return a ? a.href : null; }
  var pageLinks = onPhotoPage ? { prev: address(link("prev")), next: address(link("next")) } : {};
  // An album cut into pages: a step past this page's first or last photo goes on to the
  // page before or after (the head's <link rel=prev/next>), whose viewer opens on its last
  // or first photo.
  function headLink(rel) { var l = document.querySelector("link[rel=" + rel + "][href]"); return l ? l.href : null; }
  var albumPages = onPhotoPage ? {} : { prev: headLink("prev"), next: headLink("next") };
  function pageBeyond(offset) { return offset < 0 ? albumPages.prev : albumPages.next; }
  var albumAddress = location.href;

  // The dialog, made on first use.
  var dialog, stage, slides, fade, count, panel, buttons = {}, download;
  var index = -1, opened = false, depth = 0, timer = null, cache = {}, closing = false;
  // The visit shown, and the number of this page's first entry in it (`depth` counts on).
  var visit = "", base = 0;
  var zoom = { s: 1, x: 0, y: 0 };

  // A new visit (a click), or one carried on from another page (`from`: the hand-over, or
  // an entry's state).
  function begin(from) {
    visit = (from && from.visit) || Date.now().toString(36) + Math.random().toString(36).slice(2, 7);
    base = from && typeof from.n === "number" ? from.n : 0;
  }
  function adopt(state) {
    depth = state.depth || 0;
    begin({ visit: state.visit, n: typeof state.n === "number" ? state.n - depth : 0 });
  }

  function element(tag, className, parent) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (parent) parent.appendChild(made);
    return made;
  }
  // Line icons (24 × 24), drawn in the text's colour.
  var ICONS = {
    previous: "M15 5l-7 7 7 7", next: "M9 5l7 7-7 7",
    zoom: "M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 1 0 0-13zM15.5 15.5L20 20M10.5 7.5v6M7.5 10.5h6",
    motion: "M12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 1 0 0-5zM12 4a8 8 0 1 0 0 16 8 8 0 1 0 0-16z",
    play: "M8 5v14l11-7z", pause: "M9 5v14M15 5v14", fullscreen: "M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5",
    details: "M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM12 11v6M12 7.5v.5", download: "M12 4v11M7 10l5 5 5-5M5 20h14",
    close: "M6 6l12 12M18 6L6 18"
  };
  function icon(control, name) {
    var svg = control.querySelector("svg");
    if (!svg) {
      svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      svg.setAttribute("viewBox", "0 0 24 24");
      svg.setAttribute("aria-hidden", "true");
      svg.setAttribute("focusable", "false");
      svg.appendChild(document.createElementNS(svg.namespaceURI, "path"));
      control.appendChild(svg);
    }
    svg.firstChild.setAttribute("d", ICONS[name]);
  }
  // A control's name, for screen readers and as its tooltip.
  function label(control, text) {
    control.setAttribute("aria-label", text);
    control.title = text;
  }
  function button(name, text, parent, action) {
    var b = element(name === "download" ? "a" : "button", "tv-" + name, parent);
    if (action) { b.type = "button"; b.addEventListener("click", action); }
    label(b, text);
    icon(b, name === "slideshow" ? "play" : name);
    buttons[name] = b;
    return b;
  }

  function build() {
    stylesheet();
    dialog = element("dialog", "tv", document.body);
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("aria-modal", "true");
    dialog.setAttribute("aria-label", words.viewer || "Photo viewer");
    // What goes full screen: a <dialog> may not.
    var frame = element("div", "tv-frame", dialog);
    stage = element("div", "tv-stage", frame);
    slides = [element("div", "tv-slide", stage), element("div", "tv-slide", stage), element("div", "tv-slide", stage)];
    fade = element("div", "tv-fade", frame);
    count = element("p", "tv-count", frame);
    count.setAttribute("aria-live", "polite");
    var bar = element("div", "tv-bar", frame);
    button("previous", words.previous || "Previous photo", bar, function () { interact(); step(-1); });
    button("next", words.next || "Next photo", bar, function () { interact(); step(1); });
    button("zoom", words.zoom || "Zoom", bar, function () { interact(); toggleZoom(); });
    button("motion", words.motion || "Live", bar, function () { interact(); moving ? still() : motion(); });
    button("slideshow", words.slideshow || "Slideshow", bar, function () { timer ? pause() : play(); });
    if (document.fullscreenEnabled) {
      button("fullscreen", words.fullscreen || "Full screen", bar, function () {
        interact();
        if (document.fullscreenElement) document.exitFullscreen();
        else frame.requestFullscreen().catch(function () {});
      });
    }
    button("details", words.details || "Details", bar, function () {
      var shown = panel.hidden;
      panel.hidden = !shown;
      buttons.details.setAttribute("aria-expanded", String(shown));
    });
    download = button("download", words.download || "Download", bar);
    download.setAttribute("download", "");
    button("close", words.close || "Close", bar, function () { close(true); });
    panel = element("section", "tv-panel", frame);
    panel.id = "tv-panel";
    panel.hidden = true;
    // A long caption scrolls inside it: focusable, so keys can scroll it too.
    panel.tabIndex = 0;
    panel.setAttribute("aria-label", words.details || "Details");
    buttons.details.setAttribute("aria-controls", panel.id);
    buttons.details.setAttribute("aria-expanded", "false");
    buttons.zoom.setAttribute("aria-pressed", "false");
    buttons.motion.setAttribute("aria-pressed", "false");
    buttons.slideshow.setAttribute("aria-pressed", "false");
    if (buttons.fullscreen) buttons.fullscreen.setAttribute("aria-pressed", "false");

    dialog.addEventListener("keydown", keys);
    // Any tap or click pauses the slideshow too (Details, the panel, a clip's controls),
    // but one on the slideshow button, which toggles it.
    dialog.addEventListener("pointerdown", function (event) {
      if (!buttons.slideshow.contains(event.target)) interact();
    }, true);
    // A focused button that turns disabled or hidden (Next on the last photo, Details on a
    // photo without any) leaves the focus on the page's body, under the viewer: its keys
    // are the viewer's still, before the photo page's own script sees them.
    addEventListener("keydown", function (event) {
      if (opened && !dialog.contains(event.target)) keys(event);
    }, true);
    addEventListener("keyup", function (event) {
      if (opened && !dialog.contains(event.target)) event.stopPropagation();
    }, true);
    // The photo page's own script turns pages on arrows and swipes: not while the viewer is open.
    ["keyup", "touchstart", "touchend"].forEach(function (type) {
      dialog.addEventListener(type, function (event) { event.stopPropagation(); });
    });
    stage.addEventListener("pointerdown", down);
    stage.addEventListener("pointermove", move);
    stage.addEventListener("pointerup", up);
    stage.addEventListener("pointercancel", up);
    stage.addEventListener("wheel", wheel, { passive: false });
    // A long press shows a Live Photo's motion, not the browser's menu.
    stage.addEventListener("contextmenu", function (event) { if (items[index].motion) event.preventDefault(); });
    stage.addEventListener("dblclick", function (event) {
      if (lastPointer === "mouse") toggleZoom(event.clientX, event.clientY);
    });
    addEventListener("resize", function () { if (opened) { resetZoom(); fit(); fitMotion(); } });
    document.addEventListener("fullscreenchange", function () {
      if (buttons.fullscreen) buttons.fullscreen.setAttribute("aria-pressed", String(!!document.fullscreenElement));
    });
  }

  // One <picture> per photo, kept while it is the current photo or a neighbour: the browser
  // picks each neighbour's file (format and size) as it will for the photo itself.
  function picture(i) {
    if (cache[i]) return cache[i];
    var item = items[i];
    if (item.video) return (cache[i] = clip(item));
    var made = element("picture");
    item.sources.forEach(function (s) {
      var source = element("source", "", made);
      source.type = s.type;
      source.srcset = s.srcset;
    });
    var img = element("img", "", made);
    img.alt = item.alt;
    img.decoding = "async";
    img.srcset = item.srcset;
    img.src = item.src;
    img.draggable = false;
    // Until its file arrives, the tile's image (fetched already for the album) lies under
    // it: the whole photo at once, sharper than a progressive file's first scan. The images
    // a build makes are opaque, so nothing of it shows once the file is drawn; an original
    // may not be, and `sharpen` takes it away before showing one.
    var shown = item.tile && item.tile.querySelector("img");
    if (shown && shown.complete && shown.naturalWidth > 0 && shown.currentSrc) {
      img.style.background = "url(\"" + shown.currentSrc + "\") 0 0 / 100% 100% no-repeat";
    }
    cache[i] = made;
    size(made, item, false);
    return made;
  }
  // A clip plays in the viewer over its poster, with the browser's own controls.
  function clip(item) {
    var made = element("video");
    made.controls = true;
    made.playsInline = true;
    made.setAttribute("playsinline", "");
    made.preload = "metadata";
    made.poster = item.poster;
    made.src = item.video;
    made.setAttribute("aria-label", item.alt);
    return made;
  }
  // A clip stops when it is no longer the one shown.
  function hush(made) { if (made && made.pause) made.pause(); }
  // `sizes`: how wide the photo is drawn, or when zoomed its display image's width, so the
  // largest file is fetched only then.
  function size(made, item, large) {
    var box = stage.getBoundingClientRect();
    var width = Math.max(1, Math.round(Math.min(box.width || innerWidth, (box.height || innerHeight) * item.ratio)));
    var value = (large ? Math.max(item.full, width) : width) + "px";
    [].forEach.call(made.children, function (child) { child.sizes = value; });
    made.large = large;
  }
  function fit() {
    for (var key in cache) size(cache[key], items[key], cache[key].large);
  }
  function neighbour(offset) {
    var i = index + offset;
    return i >= 0 && i < items.length ? i : -1;
  }
  function place(crossFade) {
    var keep = {};
    // The photo left fades out over the one coming in: a copy of it, since the photo itself
    // moves on to a neighbour's slide (a clip just goes).
    var leaving = slides[1].firstChild;
    if (crossFade && leaving && leaving.tagName === "PICTURE" && !reduce.matches) {
      var ghost = leaving.cloneNode(true);
      ghost.classList.remove("tv-in");
      fade.textContent = "";
      fade.appendChild(ghost);
      fade.className = "tv-fade tv-out";
      setTimeout(function () { if (ghost.parentNode === fade) fade.removeChild(ghost); }, 260);
    }
    [-1, 0, 1].forEach(function (offset, slot) {
      var i = neighbour(offset);
      var slide = slides[slot];
      var wanted = i < 0 ? null : picture(i);
      if (i >= 0) keep[i] = true;
      if (slide.firstChild !== wanted) {
        hush(slide.firstChild);
        if (slide.firstChild) slide.removeChild(slide.firstChild);
        if (wanted) {
          // Only the photo coming in by a step fades in; one slid in, or moved to a
          // neighbour's slide, would fade in again each time it is put back.
          wanted.classList.remove("tv-in");
          slide.appendChild(wanted);
          if (crossFade && offset === 0 && !reduce.matches) {
            void wanted.offsetWidth;
            wanted.classList.add("tv-in");
          }
        }
      }
    });
    for (var key in cache) {
      if (+key !== index) hush(cache[key]);
      if (!keep[key]) delete cache[key];
    }
  }
  // A Live or Motion Photo's few seconds (the tile's data-motion) play over the still while
  // it is pressed and held, or once from the Live control; a GIF's loop (data-loop) plays on
  // its own unless the visitor asked for less motion. The MP4 is fetched only then.
  var live = null, moving = false, hold = null, held = false;
  function fitMotion() {
    var img = current();
    if (!live || !img) return;
    var box = stage.getBoundingClientRect(), w = img.offsetWidth || Math.min(box.width, box.height * items[index].ratio);
    live.style.width = w + "px";
    live.style.height = (img.offsetHeight || w / items[index].ratio) + "px";
  }
  function motion() {
    var item = items[index];
    if (!item.motion || zoom.s > 1) return;
    if (!live) {
      live = element("video", "tv-live", stage);
      live.muted = true;
      live.playsInline = true;
      live.setAttribute("playsinline", "");
      live.setAttribute("aria-hidden", "true");
      live.addEventListener("playing", function () { if (moving) { fitMotion(); live.hidden = false; } });
      live.addEventListener("ended", still);
    }
    live.hidden = true;
    live.loop = item.loops;
    if (live.getAttribute("src") !== item.motion) live.setAttribute("src", item.motion);
    live.currentTime = 0;
    moving = true;
    buttons.motion.setAttribute("aria-pressed", "true");
    var started = live.play();
    if (started) started.catch(still);
  }
  function still() {
    clearTimeout(hold);
    moving = held = false;
    if (live) { live.pause(); live.hidden = true; }
    if (buttons.motion) buttons.motion.setAttribute("aria-pressed", "false");
  }
  function describe() {
    var item = items[index];
    count.textContent = onPhotoPage ? text(document, "a.up") : grouped(firstNumber + index) + "\u00A0/\u00A0" + grouped(countAll);
    panel.textContent = "";
    var any = false;
    FIELDS.forEach(function (key) {
      if (!item.info[key]) return;
      var field = element(key === "title" ? "h2" : "p", "tv-" + key, panel);
      field.textContent = item.info[key];
      // The visitor's words run their own way: an English caption on an Arabic site.
      field.dir = "auto";
      any = true;
    });
    buttons.details.hidden = !any;
    if (!any) {
      panel.hidden = true;
      buttons.details.setAttribute("aria-expanded", "false");
    }
    buttons.motion.hidden = !item.motion;
    buttons.zoom.hidden = !!item.video;
    download.hidden = !item.info.original;
    if (item.info.original) download.href = item.info.original;
    else download.removeAttribute("href");
    buttons.previous.disabled = !hasStep(-1);
    buttons.next.disabled = !hasStep(1);
    // Each names what it leads to: "Next video" before a clip.
    label(buttons.previous, leadsToVideo(-1) ? words.previousVideo || "Previous video" : words.previous || "Previous photo");
    label(buttons.next, leadsToVideo(1) ? words.nextVideo || "Next video" : words.next || "Next photo");
  }

  function show(i, how, crossFade) {
    if (i < 0 || i >= items.length) return;
    var changed = i !== index;
    // The photo left behind is unzoomed as it goes: a swipe back slides it in at its size.
    still();
    resetZoom();
    // Where the focus is, unless the visitor moved it (to Next, say): a clip's controls take
    // it, so Space pauses the clip rather than pressing Close.
    var active = document.activeElement;
    var focusedClip = !!cache[index] && cache[index] === active;
    var ours = focusedClip || active === buttons.close || !dialog || !dialog.contains(active);
    index = i;
    place(crossFade && changed && opened);
    describe();
    if (opened && changed) {
      if (items[index].video && cache[index] && ours) cache[index].focus();
      else if (focusedClip) buttons.close.focus();
    }
    if (items[i].loops && !reduce.matches) motion();
    var shown = cache[index];
    if (shown && shown.play && changed) shown.play().catch(function () {});
    if (how === "push") depth += 1;
    if (how === "none") return;
    // An album page's entries name the page: a photo page reloaded from one closes onto it.
    var state = { tessera: index, depth: depth, visit: visit, n: base + depth };
    if (!onPhotoPage) state.album = albumAddress;
    record(how === "push" ? "pushState" : "replaceState", state);
  }
  // The photo page's address; from file:// a page may not take another file's address, so
  // there the entry keeps the album's (a reload reopens the photo from the state).
  function record(method, state) {
    try { history[method](state, "", items[index].href); } catch (e) { history[method](state, ""); }
    remember();
  }

  function open(i, how) {
    if (!dialog) build();
    if (!opened) {
      opened = true;
      document.documentElement.classList.add("tv-open");
      // Modal by hand: a modal <dialog> may not go full screen, so the page behind it is
      // made inert instead.
      [].forEach.call(document.body.children, function (child) {
        if (child !== dialog && !child.inert) { child.inert = true; child.tvInert = true; }
      });
      dialog.show();
      // Closing goes back through the viewer's entries, and the browser put the page back
      // where it was when the viewer opened, after the tile the visitor ended on was focused
      // (and scrolled to): off screen after twenty steps.
      try { history.scrollRestoration = "manual"; } catch (e) {}
    }
    show(i, how, false);
    fit();
    // On a clip, its own controls: Space plays and pauses it, Tab goes on to the bar's.
    (items[index].video && cache[index] ? cache[index] : buttons.close).focus();
  }

  // Closing: when the viewer put entries in the history, going back through them closes it
  // (popstate), so back and Escape are the same thing and forward opens it again.
  function close(viaHistory) {
    if (!opened && !closing) return;
    if (viaHistory && depth > 0) { closing = true; history.go(-depth); return; }
    closing = false;
    // (Not open: a visit closed further on, come back to here, closes here unseen.)
    var shown = opened, leavingFullscreen = null;
    if (shown) {
      opened = false;
      pause();
      still();
      hush(cache[index]);
      leavingFullscreen = document.fullscreenElement ? document.exitFullscreen() : null;
      if (leavingFullscreen) leavingFullscreen.catch(function () {});
      dialog.close();
      document.documentElement.classList.remove("tv-open");
      [].forEach.call(document.body.children, function (child) {
        if (child.tvInert) { child.inert = false; child.tvInert = false; }
      });
    }
    // Closed, the entry says so: a reload or a return to it shows the page as it is.
    var state = history.state, done = closedHere(state);
    if (onPhotoPage && state && state.album && depth === 0) {
      // The album page's viewer stepped onto this photo from the page before and was
      // reloaded here: closing goes back to that album page's grid.
      closeOnto(state.album, done);
      return;
    }
    if (onPhotoPage) history.replaceState(done, "", location.href);
    else if (depth === 0) history.replaceState(done, "", albumAddress);
    remember();
    depth = 0;
    if (!shown) return;
    var item = items[index];
    var refocus = function () {
      if (opened) return;
      if (item && item.tile) item.tile.focus();
      else if (figure) (clipPage || (onPage && onPage.loop ? onPage : figure.querySelector("img"))).focus();
    };
    refocus();
    // Leaving full screen takes a moment, the page behind inert until then: again after.
    if (leavingFullscreen) leavingFullscreen.then(refocus, refocus);
    setTimeout(function () { try { history.scrollRestoration = "auto"; } catch (e) {} }, 0);
  }
  // Closes as Escape would, whether open or not: back to this page's own entry of the visit.
  function retire() {
    if (!opened) closing = true;
    close(true);
  }
  // What the entry closed on holds: the visit and its number there, or what an earlier visit
  // closed there left (a grid a second visit opened over and closed on keeps the first's, and
  // back from it still goes past the first's photos).
  function closedHere(state) {
    if (state && state.closed) return state;
    if (!visit) return null;
    return { closed: (state && state.visit) || visit, n: state && typeof state.n === "number" ? state.n : 0 };
  }
  // Closing a photo page the album's viewer was reloaded on: to that album page's grid, whose
  // entry the hand-over tells what was closed.
  function closeOnto(album, done) {
    try { sessionStorage.setItem(STORE, JSON.stringify({ href: album, closed: done, t: Date.now() })); } catch (e) {}
    location.replace(album);
  }

  function step(offset) {
    if (!onPhotoPage) {
      var i = neighbour(offset);
      if (i >= 0) {
        show(i, timer ? "replace" : "push", true);
        return true;
      }
    }
    var to = onPhotoPage ? (offset < 0 ? pageLinks.prev : pageLinks.next) : pageBeyond(offset);
    if (!to) return false;
    go(to, onPhotoPage ? null : offset < 0 ? "last" : "first");
    return true;
  }
  // Another page, with the viewer open there (`at`: an album page's first or last photo).
  // The slideshow stops here first, so a page kept in the back-forward cache does not go
  // on by itself when the visitor comes back to it.
  function go(href, at) {
    // The visit goes on there, in an entry of its own (in this one's place for a slideshow).
    var carry = { href: href, at: at, playing: !!timer, t: Date.now(),
                  visit: visit, n: base + depth + (timer ? 0 : 1) };
    pause();
    try { sessionStorage.setItem(STORE, JSON.stringify(carry)); } catch (e) {}
    // A slideshow adds no entries, as it adds none within a page: back is not a replay.
    if (carry.playing) location.replace(href);
    else location.href = href;
  }
  // What a page reads of the hand-over, once: a fresh one for this very page (an address a
  // host may have shortened, `/a/page-2` for `/a/page-2.html`, `/a/` for `/a/index.html`).
  function handedOver() {
    var carried = null;
    try {
      carried = JSON.parse(sessionStorage.getItem(STORE) || "null");
      sessionStorage.removeItem(STORE);
    } catch (e) {}
    var plain = function (href) { return String(href).replace(/[?#].*$/, "").replace(/(index)?\.html$/, ""); };
    var fresh = carried && Date.now() - (carried.t || 0) < 60000 && plain(carried.href) === plain(location.href);
    return fresh ? carried : null;
  }

  // The slideshow: a photo every SLIDE_MS, paused by anything the visitor does.
  function play() {
    if (timer) return;
    timer = setInterval(function () {
      var shown = cache[index];
      if (shown && shown.play && !shown.paused && !shown.ended) return;
      if (!step(1)) pause();
    }, SLIDE_MS);
    buttons.slideshow.setAttribute("aria-pressed", "true");
    icon(buttons.slideshow, "pause");
  }
  function pause() {
    if (!timer) return;
    clearInterval(timer);
    timer = null;
    buttons.slideshow.setAttribute("aria-pressed", "false");
    icon(buttons.slideshow, "play");
  }
  function interact() { pause(); }

  // Zoom: a scale and an offset of the current photo, kept inside its edges.
  function current() { return cache[index] && cache[index].querySelector("img"); }
  function apply(animate) {
    var img = current();
    if (!img) return;
    var box = stage.getBoundingClientRect();
    var w = Math.min(box.width, box.height * items[index].ratio), h = w / items[index].ratio;
    var mx = Math.max(0, (w * zoom.s - box.width) / 2), my = Math.max(0, (h * zoom.s - box.height) / 2);
    zoom.x = Math.max(-mx, Math.min(mx, zoom.x));
    zoom.y = Math.max(-my, Math.min(my, zoom.y));
    img.style.transition = animate && !reduce.matches ? "transform .2s" : "none";
    img.style.transform = zoom.s === 1 ? "" : "translate(" + zoom.x + "px," + zoom.y + "px) scale(" + zoom.s + ")";
    var zoomed = zoom.s > 1;
    // Zoomed in, the still; out again, a GIF moves on.
    if (zoomed) still();
    else if (items[index].loops && !moving && !reduce.matches) motion();
    if (zoomed && !cache[index].large) size(cache[index], items[index], true);
    if (zoomed) sharpen(index);
    dialog.classList.toggle("tv-zoomed", zoomed);
    buttons.zoom.setAttribute("aria-pressed", String(zoomed));
  }
  // Zoomed in, the original when the site offers one a browser shows: fetched whole, then
  // put in the display image's place, so the zoom goes as deep as the photo was taken.
  function sharpen(i) {
    var item = items[i], made = cache[i], url = item.info.original;
    if (!url || made.original || !/\.(jpe?g|png|webp|avif|gif)$/i.test(url)) return;
    made.original = true;
    var full = new Image();
    full.onload = function () {
      if (cache[i] !== made) return;
      [].slice.call(made.querySelectorAll("source")).forEach(function (s) { made.removeChild(s); });
      var img = made.querySelector("img");
      img.style.background = "";
      img.removeAttribute("srcset");
      img.removeAttribute("sizes");
      img.src = url;
      item.full = Math.max(item.full, full.naturalWidth);
    };
    full.src = url;
  }
  function maxScale() {
    var box = stage.getBoundingClientRect();
    var w = Math.min(box.width, box.height * items[index].ratio) || 1;
    return Math.max(4, 2 * items[index].full / w);
  }
  // Scales to `s` keeping the photo's point under (cx, cy) where it is.
  function zoomTo(s, cx, cy, animate) {
    if (items[index].video) return;
    var box = stage.getBoundingClientRect();
    var qx = (cx === undefined ? box.left + box.width / 2 : cx) - (box.left + box.width / 2);
    var qy = (cy === undefined ? box.top + box.height / 2 : cy) - (box.top + box.height / 2);
    s = Math.max(1, Math.min(maxScale(), s));
    zoom.x = qx - (qx - zoom.x) * s / zoom.s;
    zoom.y = qy - (qy - zoom.y) * s / zoom.s;
    zoom.s = s;
    if (s === 1) { zoom.x = 0; zoom.y = 0; }
    apply(animate);
  }
  // In: the display image at one image pixel per screen pixel (at least twice the size).
  function toggleZoom(cx, cy) {
    if (items[index].video) return;
    if (zoom.s > 1) { zoomTo(1, cx, cy, true); return; }
    var box = stage.getBoundingClientRect();
    var w = Math.min(box.width, box.height * items[index].ratio) || 1;
    zoomTo(Math.max(2, items[index].full / w), cx, cy, true);
  }
  // Moves a zoomed photo by a key; whether it moved (not at that edge already).
  function pan(key) {
    var box = stage.getBoundingClientRect(), x = zoom.x, y = zoom.y;
    if (key === "ArrowLeft") zoom.x += box.width / 5;
    if (key === "ArrowRight") zoom.x -= box.width / 5;
    if (key === "ArrowUp") zoom.y += box.height / 5;
    if (key === "ArrowDown") zoom.y -= box.height / 5;
    apply(true);
    return Math.abs(zoom.x - x) > 0.5 || Math.abs(zoom.y - y) > 0.5;
  }
  function resetZoom() {
    zoom = { s: 1, x: 0, y: 0 };
    if (dialog) dialog.classList.remove("tv-zoomed");
    var img = current();
    if (img) img.style.transform = "";
    if (buttons.zoom) buttons.zoom.setAttribute("aria-pressed", "false");
  }
  function wheel(event) {
    event.preventDefault();
    interact();
    zoomTo(zoom.s * Math.exp(-event.deltaY * (event.deltaMode ? 0.05 : 0.002)), event.clientX, event.clientY, false);
  }

  // Pointers: one drags (a swipe at normal size, a pan when zoomed), two pinch; a double
  // tap zooms.
  var pointers = {}, gesture = null, lastTap = null, lastPointer = "mouse", clipSwipe = null;
  function points() { return Object.keys(pointers).map(function (k) { return pointers[k]; }); }
  function down(event) {
    lastPointer = event.pointerType;
    interact();
    // A clip's own controls take its pointers; a finger's swipe across it still turns the
    // photo (a 16:9 clip fills a phone's width: there was nowhere else to swipe).
    // Not from its controls' band at the bottom (a finger on the seek bar scrubs the clip),
    // and only a quick flick, never a slow drag.
    if (event.target.tagName === "VIDEO" && event.pointerType === "touch") {
      var clip = event.target.getBoundingClientRect();
      clipSwipe = event.clientY < clip.bottom - Math.max(64, clip.height / 4)
        ? { id: event.pointerId, x: event.clientX, y: event.clientY, t: Date.now() } : null;
    }
    if (event.button > 0 || event.target.tagName === "VIDEO") return;
    try { stage.setPointerCapture(event.pointerId); } catch (e) {}
    pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
    var p = points();
    if (p.length === 1) {
      gesture = { kind: "tap", x: p[0].x, y: p[0].y, zx: zoom.x, zy: zoom.y, t: Date.now() };
      if (items[index].motion && !items[index].loops && zoom.s === 1) {
        hold = setTimeout(function () { held = true; motion(); }, 300);
      }
    } else if (p.length === 2) {
      clearTimeout(hold);
      stage.style.transition = "none";
      stage.style.transform = "";
      gesture = { kind: "pinch", d: Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y) || 1, s: zoom.s,
                  mx: (p[0].x + p[1].x) / 2, my: (p[0].y + p[1].y) / 2, zx: zoom.x, zy: zoom.y };
    }
  }
  function move(event) {
    if (!pointers[event.pointerId] || !gesture) return;
    pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
    var p = points();
    if (gesture.kind === "pinch" && p.length === 2) {
      var box = stage.getBoundingClientRect();
      var cx = box.left + box.width / 2, cy = box.top + box.height / 2;
      var s = Math.max(1, Math.min(maxScale(), gesture.s * Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y) / gesture.d));
      var mx = (p[0].x + p[1].x) / 2, my = (p[0].y + p[1].y) / 2;
      zoom.x = mx - cx - (gesture.mx - cx - gesture.zx) * s / gesture.s;
      zoom.y = my - cy - (gesture.my - cy - gesture.zy) * s / gesture.s;
      zoom.s = s;
      apply(false);
      return;
    }
    var dx = event.clientX - gesture.x, dy = event.clientY - gesture.y;
    if (gesture.kind === "tap" && Math.hypot(dx, dy) > 10) {
      gesture.kind = zoom.s > 1 ? "pan" : "swipe";
      if (!items[index].loops) still();
    }
    if (gesture.kind === "pan") {
      zoom.x = gesture.zx + dx;
      zoom.y = gesture.zy + dy;
      apply(false);
    } else if (gesture.kind === "swipe") {
      // The photo follows the finger; there is nothing to follow past the first or last.
      var edge = (dx * ahead > 0 && !hasStep(-1)) || (dx * ahead < 0 && !hasStep(1));
      stage.style.transition = "none";
      stage.style.transform = "translateX(" + (edge ? dx / 4 : dx) + "px)";
    }
  }
  // Whether a step goes to a video: the neighbour's tile (data-video) on an album page, the
  // photo page's own link (data-kind="video") on a photo page. An album's page before or
  // after is not known: its photo's word.
  function leadsToVideo(offset) {
    if (onPhotoPage) {
      var a = link(offset < 0 ? "prev" : "next");
      return !!a && a.getAttribute("data-kind") === "video";
    }
    var i = neighbour(offset);
    return i >= 0 && !!items[i].video;
  }
  function hasStep(offset) {
    if (onPhotoPage) return !!(offset < 0 ? pageLinks.prev : pageLinks.next);
    return neighbour(offset) >= 0 || !!pageBeyond(offset);
  }
  function up(event) {
    if (clipSwipe && clipSwipe.id === event.pointerId) {
      var sx = event.clientX - clipSwipe.x, sy = event.clientY - clipSwipe.y;
      var quick = Date.now() - clipSwipe.t < 400;
      clipSwipe = null;
      var turn = sx * ahead < 0 ? 1 : -1;
      if (event.type === "pointerup" && quick && Math.abs(sx) > 60 && Math.abs(sx) > 2 * Math.abs(sy) && hasStep(turn)) {
        step(turn);
      }
      return;
    }
    if (!pointers[event.pointerId]) return;
    delete pointers[event.pointerId];
    var g = gesture;
    if (points().length) { if (g && g.kind === "pinch") gesture = null; return; }
    gesture = null;
    clearTimeout(hold);
    if (held) { still(); return; }
    if (!g) return;
    if (g.kind === "tap" && event.type === "pointerup" && event.pointerType !== "mouse") {
      if (lastTap && Date.now() - lastTap.t < 350 && Math.hypot(event.clientX - lastTap.x, event.clientY - lastTap.y) < 40) {
        lastTap = null;
        toggleZoom(event.clientX, event.clientY);
      } else {
        lastTap = { t: Date.now(), x: event.clientX, y: event.clientY };
      }
    }
    if (g.kind === "swipe") {
      var width = stage.getBoundingClientRect().width;
      var dx = event.clientX - g.x;
      var fast = Math.abs(dx) > 30 && Date.now() - g.t < 250;
      var offset = (Math.abs(dx) > width * 0.2 || fast) ? (dx * ahead < 0 ? 1 : -1) : 0;
      if (offset && !hasStep(offset)) offset = 0;
      settle(offset, width);
    }
  }
  // After a swipe: slides on to the neighbour (or back), then shows it as the current photo.
  function settle(offset, width) {
    var finish = function () {
      stage.style.transition = "none";
      stage.style.transform = "";
      if (offset) {
        if (onPhotoPage || neighbour(offset) < 0) step(offset);
        else show(index + offset, "push", false);
      }
    };
    if (reduce.matches) { finish(); return; }
    stage.style.transition = "transform .22s ease-out";
    stage.style.transform = "translateX(" + (-offset * ahead * width) + "px)";
    var done = false;
    var once = function () { if (!done) { done = true; finish(); } };
    stage.addEventListener("transitionend", once, { once: true });
    setTimeout(once, 300);
  }

  function keys(event) {
    event.stopPropagation();
    // Any key pauses the slideshow, but Space or Enter on its own button, which toggle it.
    var toggling = event.target === buttons.slideshow && (event.key === " " || event.key === "Enter");
    if (!toggling) interact();
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var key = event.key;
    if (key === "Tab") { trap(event); return; }
    if (/^Arrow/.test(key) && zoom.s > 1 && !panel.contains(event.target)) {
      // Zoomed in, the arrows move the photo a fifth of the screen; at its left or right
      // edge, Left or Right turns it, as a swipe there would. In the details panel they
      // scroll its text.
      event.preventDefault();
      if (pan(key) || key === "ArrowUp" || key === "ArrowDown") return;
      step(key === "ArrowLeft" ? -ahead : ahead);
    } else if (key === "ArrowLeft" || key === "ArrowRight") {
      event.preventDefault();
      interact();
      step(key === "ArrowLeft" ? -ahead : ahead);
    } else if (key === "+" || key === "=") {
      interact();
      zoomTo(zoom.s * 1.5, undefined, undefined, true);
    } else if (key === "-") {
      interact();
      zoomTo(zoom.s / 1.5, undefined, undefined, true);
    } else if (key === "Escape") {
      event.preventDefault();
      close(true);
    }
  }
  // Tab and Shift-Tab go round the viewer's controls and never leave it.
  function trap(event) {
    var controls = [].filter.call(dialog.querySelectorAll(".tv-slide:nth-child(2) video[controls], button, a[href], .tv-panel"), function (c) {
      return !c.disabled && !c.hidden && c.offsetParent !== null;
    });
    if (!controls.length) return;
    var first = controls[0], last = controls[controls.length - 1];
    var at = controls.indexOf(document.activeElement);
    if (event.shiftKey && (at <= 0)) { event.preventDefault(); last.focus(); }
    else if (!event.shiftKey && (at === -1 || at === controls.length - 1)) { event.preventDefault(); first.focus(); }
  }

  // The album: a click on a tile opens its photo, at the photo page's own address.
  tiles.forEach(function (a, i) {
    a.addEventListener("click", function (event) {
      if (event.button || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      depth = 0;
      begin(null);
      open(i, "push");
    });
  });
  addEventListener("popstate", function (event) {
    var state = event.state;
    if (state && typeof state.tessera === "number" && !onPhotoPage && closing) {
      // Back to the entry the viewer opened in on arrival from another page: closed there.
      depth = 0;
      close(false);
    } else if (state && typeof state.tessera === "number" && !onPhotoPage) {
      adopt(state);
      if (opened) show(state.tessera, "none", true);
      else open(state.tessera, "none");
    } else if (!onPhotoPage) {
      depth = 0;
      close(false);
    }
  });

  if (!onPhotoPage && history.state && typeof history.state.tessera === "number" && items[history.state.tessera]) {
    adopt(history.state);
    if (passed(history.state, left)) retire();
    else open(history.state.tessera, "none");
  } else if (!onPhotoPage) {
    // Come from the page before or after in the viewer: it opens on the photo next in line
    // in this page's own entry (one pushed without the visitor's gesture, a browser may
    // skip on Back), and closing it gives the entry back its album address.
    var arrived = handedOver();
    if (arrived && arrived.at) {
      depth = 0;
      begin(arrived);
      open(arrived.at === "last" ? items.length - 1 : 0, "replace");
      if (arrived.playing) play();
    } else if (arrived && arrived.closed) {
      // Closed on a photo page the viewer was reloaded on: this grid is where it closed.
      history.replaceState(arrived.closed, "", albumAddress);
    }
  }

  // A photo page: the viewer opens over it when the visitor was in the viewer here (a
  // reload, back or forward to where it was open, or the next photo from the viewer), or
  // on a click on the photo; closed, the page is as it was.
  if (onPhotoPage) {
    // Reloaded with the viewer open, this page holds, to the browser, the entries the
    // album's viewer pushed before it: back, forward and closing move between them here,
    // where the page shows one photo, and the address changed under a viewer that did
    // not. What the address now names is loaded.
    var pageAddress = location.href.replace(/#.*$/, "");
    addEventListener("popstate", function (event) {
      var entry = event.state && typeof event.state.tessera === "number" ? event.state : null;
      if (closing && entry && entry.album) {
        // Closing went back to where an album page's viewer arrived from the page before.
        closeOnto(entry.album, closedHere(entry));
      } else if (location.href.replace(/#.*$/, "") !== pageAddress) {
        location.reload();
      } else if (entry) {
        // Forward to where the viewer was open over this page.
        adopt(entry);
        if (!opened) open(0, "none");
      } else {
        // Back (or Escape) to the page's own entry.
        depth = 0;
        close(false);
      }
    });
    // A GIF's page shows its video, the <img> inside it only where video does not play.
    // A video's page keeps its clip's own controls: a click there plays it.
    var img = clipPage ? null : onPage && onPage.loop ? onPage : figure.querySelector("img");
    if (img) {
      img.tabIndex = -1;
      // An entry of its own, as an album's viewer has: back closes it.
      img.addEventListener("click", function () {
        depth = 0;
        begin(null);
        open(0, "push");
      });
    }
    var carried = handedOver();
    var state = history.state;
    if (state && typeof state.tessera === "number") {
      adopt(state);
      if (passed(state, left)) retire();
      else open(0, "none");
    } else if (carried && !carried.at && !carried.closed) {
      depth = 0;
      begin(carried);
      open(0, "replace");
      if (carried.playing) play();
    }
  }

  remember();
  addEventListener("popstate", remember);
  // Back from another page to a photo of a visit closed further on, the page kept as it was
  // left (the back-forward cache, the viewer still open): closed here too.
  addEventListener("pageshow", function (event) {
    var state = history.state;
    if (!event.persisted) return;
    closing = false;
    if (state && typeof state.tessera === "number" && passed(state, lastLeft())) {
      adopt(state);
      retire();
    }
    remember();
  });
})();
