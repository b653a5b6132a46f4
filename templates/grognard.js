// The web edition's behaviour: previews of link targets on hover or focus,
// and search over the index built with the site. Nothing is fetched: the
// pages work opened from disk.
(function () {
  "use strict";

  // Previews: a link with data-preview shows it in a box beside it.
  var box = null;
  function show(link) {
    hide();
    box = document.createElement("div");
    box.className = "preview";
    box.id = "preview";
    box.setAttribute("role", "tooltip");
    box.textContent = link.getAttribute("data-preview");
    document.body.appendChild(box);
    var r = link.getBoundingClientRect();
    box.style.left = Math.max(8, Math.min(r.left + window.scrollX,
      window.scrollX + document.documentElement.clientWidth - box.offsetWidth - 8)) + "px";
    box.style.top = (r.bottom + window.scrollY + 4) + "px";
    link.setAttribute("aria-describedby", "preview");
  }
  function hide() {
    if (box) {
      box.remove();
      box = null;
    }
    document.querySelectorAll("[aria-describedby=preview]").forEach(function (a) {
      a.removeAttribute("aria-describedby");
    });
  }
  function previewed(event) {
    var t = event.target;
    return t && t.closest ? t.closest("a[data-preview]") : null;
  }
  document.addEventListener("mouseover", function (e) { var a = previewed(e); if (a) show(a); });
  document.addEventListener("mouseout", function (e) { if (previewed(e)) hide(); });
  document.addEventListener("focusin", function (e) { var a = previewed(e); if (a) show(a); else hide(); });
  document.addEventListener("keydown", function (e) { if (e.key === "Escape") hide(); });

  // Search: every word typed must appear, whatever its accents and capitals.
  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  var index = null;
  function entries() {
    if (!index) {
      index = (window.GG_SEARCH || []).map(function (e) {
        return { n: e.n, h: e.h, t: e.t, f: fold(e.n + " " + e.t) };
      });
    }
    return index;
  }
  function snippet(text, word) {
    var at = fold(text).indexOf(word);
    var from = Math.max(0, at - 40);
    return (from > 0 ? "…" : "") + text.slice(from, from + 140) + (text.length > from + 140 ? "…" : "");
  }
  var input = document.getElementById("search");
  var list = document.getElementById("results");
  if (input && list) {
    input.addEventListener("input", function () {
      list.textContent = "";
      var words = fold(input.value).split(/\s+/).filter(function (w) { return w.length > 1; });
      if (!words.length) return;
      var found = entries().filter(function (e) {
        return words.every(function (w) { return e.f.indexOf(w) >= 0; });
      }).slice(0, 30);
      if (!found.length) {
        var none = document.createElement("li");
        none.textContent = input.getAttribute("data-none");
        list.appendChild(none);
        return;
      }
      found.forEach(function (e) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = e.h;
        var n = document.createElement("span");
        n.className = "n";
        n.textContent = e.n;
        a.appendChild(n);
        a.appendChild(document.createTextNode(snippet(e.t, words[0])));
        li.appendChild(a);
        list.appendChild(li);
      });
    });
    input.addEventListener("keydown", function (e) {
      if (e.key === "ArrowDown" && list.querySelector("a")) {
        e.preventDefault();
        list.querySelector("a").focus();
      }
    });
    list.addEventListener("keydown", function (e) {
      var links = Array.prototype.slice.call(list.querySelectorAll("a"));
      var at = links.indexOf(document.activeElement);
      if (e.key === "ArrowDown" && at + 1 < links.length) { e.preventDefault(); links[at + 1].focus(); }
      if (e.key === "ArrowUp") { e.preventDefault(); (at > 0 ? links[at - 1] : input).focus(); }
      if (e.key === "Escape") { list.textContent = ""; input.focus(); }
    });
  }
})();
