/* Play Nim in the page, with no kernel: normal, misère and Moore's Nim_k against the optimal strategy.
 *
 * The strategy is a port of nimlib (nim.winning_moves, moore.winning_move, play.computer_move);
 * tests/test_browser.py plays many positions through this file in headless Chromium and checks every
 * reply against nimlib. Each <div class="nimlib-static-play" data-position="3,4,5" data-misere="0"
 * data-k="1" data-seed="1"> on a page becomes a game (nimlib.explain.static_game writes these divs).
 */
(function () {
  "use strict";

  // The widget manager (embed-amd.js, an AMD module loaded after this file) resolves its fonts
  // against require.js's baseUrl; point that at _static/, where the vendored copy lives, instead of
  // at the page's folder. A global `require` object set before require.js loads is its configuration.
  if (document.currentScript) {
    var staticUrl = new URL(".", document.currentScript.src).href;
    if (!window.require) window.require = { baseUrl: staticUrl };
    if (!window.__jupyter_widgets_assets_path__) {
      window.__jupyter_widgets_assets_path__ = staticUrl + "@jupyter-widgets/html-manager/dist/";
    }
  }

  // ------------------------------------------------------------------ the strategy (pure functions)

  function nimSum(heaps) {
    return heaps.reduce(function (s, a) { return s ^ a; }, 0);
  }

  function winningMoves(heaps, misere) {
    var total = nimSum(heaps);
    var found = [];
    if (!misere) {
      heaps.forEach(function (a, i) { if ((a ^ total) < a) found.push([i, a ^ total]); });
      return found;
    }
    var big = heaps.filter(function (h) { return h > 1; }).length;
    var ones = heaps.filter(function (h) { return h === 1; }).length;
    heaps.forEach(function (a, i) {
      if (big - (a > 1 ? 1 : 0) > 0) {
        if ((a ^ total) < a) found.push([i, a ^ total]);
        return;
      }
      var others = ones - (a === 1 ? 1 : 0);
      [0, 1].forEach(function (b) { if (b < a && (others + b) % 2 === 1) found.push([i, b]); });
    });
    return found;
  }

  function width(heaps) {
    var top = Math.max.apply(null, heaps.concat([0]));
    return Math.max(top.toString(2).length, 1);
  }

  function columnSums(heaps, k) {
    var w = width(heaps), sums = [];
    for (var bit = w - 1; bit >= 0; bit--) {
      var count = 0;
      heaps.forEach(function (h) { count += (h >> bit) & 1; });
      sums.push(count % (k + 1));
    }
    return sums;
  }

  function isPPosition(heaps, misere, k) {
    if (k > 1) return columnSums(heaps, k).every(function (s) { return s === 0; });
    if (misere && heaps.every(function (h) { return h <= 1; })) {
      return heaps.reduce(function (s, h) { return s + h; }, 0) % 2 === 1;
    }
    return nimSum(heaps) === 0;
  }

  // Moore's construction: bits from the top, `changed` = heaps the move already reduces
  function mooreWinningMove(heaps, k) {
    if (isPPosition(heaps, false, k)) return null;
    var next = heaps.slice(), changed = [];
    for (var bit = width(heaps) - 1; bit >= 0; bit--) {
      var mask = 1 << bit;
      var untouched = [];
      heaps.forEach(function (h, i) { if (changed.indexOf(i) < 0 && (h & mask)) untouched.push(i); });
      var s = (untouched.length + changed.length) % (k + 1);
      changed.forEach(function (i) { next[i] |= mask; });
      if (s <= changed.length) {
        changed.slice(0, s).forEach(function (i) { next[i] &= ~mask; });
      } else {
        changed.forEach(function (i) { next[i] &= ~mask; });
        untouched.slice(0, s - changed.length).forEach(function (i) { next[i] &= ~mask; changed.push(i); });
      }
    }
    return changed.slice().sort(function (a, b) { return a - b; }).map(function (i) { return [i, next[i]]; });
  }

  function stallingMove(heaps) {
    var best = -1;
    heaps.forEach(function (h, i) { if (h > 0 && (best < 0 || h > heaps[best])) best = i; });
    return best < 0 ? null : [best, heaps[best] - 1];
  }

  // The computer's reply, in nimlib's format: [i, b] for Nim, [[i, b], ...] for Nim_k (k > 1)
  function reply(heaps, misere, k) {
    if (k === 1) return winningMoves(heaps, misere)[0] || stallingMove(heaps);
    var stall = stallingMove(heaps);
    return mooreWinningMove(heaps, k) || (stall ? [stall] : null);
  }

  function explainHtml(heaps, misere, k) {
    var w = width(heaps), sums = columnSums(heaps, k);
    var topCol = sums.findIndex(function (s) { return s !== 0; });
    var move = k === 1 ? winningMoves(heaps, misere)[0] : mooreWinningMove(heaps, k);
    var pairs = move ? (k === 1 ? [move] : move) : [];
    var chosen = {};
    pairs.forEach(function (p) { chosen[p[0]] = p[1]; });
    var cell = function (tag, j, text) {
      return "<" + tag + (j === topCol ? ' class="nimlib-top"' : "") + ">" + text + "</" + tag + ">";
    };
    var html = "<table><tr><th></th><th>size</th>";
    for (var j = 0; j < w; j++) html += cell("th", j, "2<sup>" + (w - 1 - j) + "</sup>");
    html += "<th></th></tr>";
    heaps.forEach(function (h, i) {
      var row = h.toString(2).padStart(w, "0");
      html += "<tr" + (i in chosen ? ' class="nimlib-chosen"' : "") + "><th>heap " + i + "</th><td>" + h + "</td>";
      for (var j = 0; j < w; j++) html += cell("td", j, row[j]);
      html += "<td>" + (i in chosen ? "→ " + chosen[i] : "") + "</td></tr>";
    });
    html += '<tr class="nimlib-sum"><th>' + (k === 1 ? "parity" : "sum mod " + (k + 1)) + "</th><td></td>";
    sums.forEach(function (s, j) { html += cell("td", j, s); });
    html += "<td></td></tr></table><ol>";
    var steps = [];
    if (k === 1) {
      var total = nimSum(heaps);
      steps.push("nim-sum S = " + (heaps.join(" xor ") || "0") + " = " + total);
      if (misere && heaps.every(function (h) { return h <= 1; })) {
        steps.push("misère play, only 0- and 1-heaps: leave an odd number of 1-heaps");
      } else if (!move) {
        steps.push("S = 0: every move leaves a non-zero nim-sum; the player to move loses");
      } else if (move[1] === (heaps[move[0]] ^ total)) {
        steps.push("highest set bit of S: 2^" + (w - 1 - topCol));
        steps.push("heap " + move[0] + " has that bit: " + heaps[move[0]] + " xor " + total + " = " + move[1]);
      } else {
        steps.push("misère play: the normal move would leave only 0- and 1-heaps; leave an odd number of 1-heaps instead");
      }
    } else {
      steps.push("column sums mod " + (k + 1) + ": " + sums.join(" "));
      steps.push(move ? "reduce heaps " + pairs.map(function (p) { return p[0] + " → " + p[1]; }).join(", ")
        : "every column is a multiple of " + (k + 1) + ": the player to move loses");
    }
    return html + steps.map(function (s) { return "<li>" + s + "</li>"; }).join("") + "</ol>";
  }

  // ------------------------------------------------------------------ the game in the page

  function seeded(seed) {
    var state = (seed >>> 0) || 1;
    return function () {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 4294967296;
    };
  }

  function mount(root) {
    var start = (root.dataset.position || "3,4,5").split(",").map(Number);
    var misere = root.dataset.misere === "1";
    var k = Number(root.dataset.k || 1);
    var random = seeded(Number(root.dataset.seed || 1));
    var game = { heaps: start.slice(), history: [], message: "" };
    root.classList.add("nimlib-ready");
    root.innerHTML = "";
    var el = function (tag, cls, text) {
      var node = document.createElement(tag);
      if (cls) node.className = cls;
      if (text !== undefined) node.textContent = text;
      return node;
    };
    var title = el("div", "nimlib-title");
    title.innerHTML = "<b>" + (k === 1 ? "Nim" : "Moore's Nim<sub>" + k + "</sub>") + "</b> — " +
      (misere ? "misère play: whoever takes the last stone loses" : "normal play: whoever takes the last stone wins") +
      " · <i>plays in this page, no Python needed</i>";
    var heapsBox = el("div", "nimlib-heaps");
    var controls = el("div", "nimlib-controls");
    var message = el("div", "nimlib-msg info");
    var toggle = el("label", "nimlib-toggle");
    var show = el("input");
    show.type = "checkbox";
    show.checked = true;
    toggle.appendChild(show);
    toggle.appendChild(document.createTextNode(" Show the XOR"));
    var panel = el("div", "nimlib-xor");
    var history = el("pre", "nimlib-history");
    [title, heapsBox, controls, message, toggle, panel, history].forEach(function (n) { root.appendChild(n); });

    var button = function (text, action) {
      var b = el("button", "nimlib-button", text);
      b.type = "button";
      b.addEventListener("click", action);
      controls.appendChild(b);
      return b;
    };
    var explained = game.heaps.slice();

    function over() { return game.heaps.every(function (h) { return h === 0; }); }

    function say(text, kind) {
      game.message = text;
      message.textContent = text;
      message.className = "nimlib-msg " + (kind || "info");
    }

    function legal(move) {
      var pairs = k === 1 ? [move] : move;
      if (!Array.isArray(pairs) || pairs.length < 1 || pairs.length > k) return "a move changes 1 to " + k + " heaps";
      var seen = {};
      for (var j = 0; j < pairs.length; j++) {
        var i = pairs[j][0], b = pairs[j][1];
        if (!Number.isInteger(i) || i < 0 || i >= game.heaps.length) return "no heap " + i;
        if (!Number.isInteger(b) || b < 0 || b >= game.heaps[i]) return "heap " + i + " must get smaller";
        if (seen[i]) return "heap " + i + " named twice";
        seen[i] = true;
      }
      return "";
    }

    function apply(move, who) {
      var before = game.heaps.slice();
      (k === 1 ? [move] : move).forEach(function (p) { game.heaps[p[0]] = p[1]; });
      game.history.push({ who: who, move: move, before: before });
    }

    function play(move) {
      if (over()) { say("The game is over: press New position.", "error"); return false; }
      var problem = legal(move);
      if (problem) { say("Illegal move: " + problem + ".", "error"); return false; }
      apply(move, "you");
      if (!over()) {
        var losing = isPPosition(game.heaps, misere, k);
        explained = game.heaps.slice();
        var answer = reply(game.heaps, misere, k);
        apply(answer, "computer");
        var pairs = k === 1 ? [answer] : answer;
        say((losing ? "I am losing, so I stall: " : "I play ") +
          pairs.map(function (p) { return "heap " + p[0] + " → " + p[1]; }).join(", ") + ".");
      }
      render();
      return true;
    }

    function render() {
      heapsBox.innerHTML = "";
      game.heaps.forEach(function (size, i) {
        var row = el("div", "nimlib-row");
        row.appendChild(el("span", "nimlib-label", "heap " + i + " │ " + size));
        if (k > 1 || size > 24) {
          var box = el("input", "nimlib-size");
          box.type = "number";
          box.min = 0;
          box.max = size;
          box.value = size;
          row.appendChild(box);
        }
        for (var j = 0; j < size && size <= 24; j++) {
          var stone = el("button", "nimlib-stone", "●");
          stone.type = "button";
          stone.title = "take " + (size - j) + ": heap " + i + " becomes " + j;
          stone.dataset.heap = i;
          stone.dataset.keep = j;
          stone.addEventListener("click", (function (i, j) {
            return function () {
              if (k === 1) play([i, j]);
              else { row.querySelector("input").value = j; say("Heap " + i + " set to " + j + "; press Play."); }
            };
          })(i, j));
          row.appendChild(stone);
        }
        heapsBox.appendChild(row);
      });
      if (over()) {
        var last = game.history.length ? game.history[game.history.length - 1].who : "computer";
        var winner = misere ? (last === "you" ? "computer" : "you") : last;
        say("Game over: " + (winner === "you" ? "you win!" : "the computer wins."), "over");
      }
      panel.innerHTML = explainHtml(explained, misere, k);
      panel.style.display = show.checked ? "" : "none";
      history.textContent = game.history.map(function (h) {
        var pairs = k === 1 ? [h.move] : h.move;
        return (h.who === "you" ? "     you" : "computer") + ": " +
          pairs.map(function (p) { return "heap " + p[0] + " → " + p[1]; }).join(", ");
      }).join("\n");
    }

    function reset(heaps) {
      game.heaps = heaps.slice();
      game.history = [];
      explained = game.heaps.slice();
      say(k === 1 ? "Your move: click a stone to take it and every stone to its right."
        : "Your move: lower up to " + k + " heaps in the boxes, then press Play.");
      render();
    }

    if (k > 1 || start.some(function (h) { return h > 24; })) {
      button("Play", function () {
        var move = [];
        heapsBox.querySelectorAll("input").forEach(function (box, i) {
          var value = Number(box.value);
          if (value !== game.heaps[i]) move.push([i, value]);
        });
        if (!move.length) { say("Change the size of at least one heap first.", "error"); return; }
        play(k === 1 ? move[0] : move);
      });
    }
    button("New position", function () {
      var n = k === 1 ? 3 + Math.floor(random() * 3) : k + 2 + Math.floor(random() * 3);
      var heaps = [];
      for (var i = 0; i < n; i++) heaps.push(1 + Math.floor(random() * 15));
      reset(heaps);
    });
    button("Undo", function () {
      while (game.history.length && game.history[game.history.length - 1].who === "computer") {
        game.heaps = game.history.pop().before;
      }
      if (!game.history.length) { say("Nothing to undo.", "error"); render(); return; }
      game.heaps = game.history.pop().before;
      explained = game.heaps.slice();
      say("Move taken back. Your move.");
      render();
    });
    button("Hint", function () {
      explained = game.heaps.slice();
      var move = k === 1 ? winningMoves(game.heaps, misere)[0] : mooreWinningMove(game.heaps, k);
      var pairs = move ? (k === 1 ? [move] : move) : [];
      say(move ? "Hint: " + pairs.map(function (p) { return "heap " + p[0] + " to " + p[1]; }).join(", ") + "."
        : "Every move loses against best play here: take one stone and hope.");
      render();
    });
    show.addEventListener("change", render);
    reset(start);
    root.nimlibGame = { play: play, state: game, reset: reset };
  }

  function mountAll() {
    document.querySelectorAll(".nimlib-static-play:not(.nimlib-ready)").forEach(mount);
  }

  // The ipywidgets HTML manager typesets with MathJax 2's MathJax.Hub.Queue; MathJax 3 has typesetPromise
  function shimMathJax2() {
    var mj = window.MathJax;
    if (mj && !mj.Hub && mj.typesetPromise) {
      mj.Hub = {
        Queue: function (job) {
          var element = job && job[2];
          if (element) window.MathJax.typesetPromise([element]).catch(function () { /* nothing to typeset */ });
        },
      };
    }
  }

  window.NimlibPlay = {
    nimSum: nimSum,
    winningMoves: winningMoves,
    columnSums: columnSums,
    isPPosition: isPPosition,
    mooreWinningMove: mooreWinningMove,
    reply: reply,
    explainHtml: explainHtml,
    mount: mount,
  };
  function start() {
    shimMathJax2();
    mountAll();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
