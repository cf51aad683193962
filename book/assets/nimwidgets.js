/* Pages with widgets load this between require.js and the ipywidgets HTML manager (embed-amd.js).
 *
 * - require.js resolves AMD modules against _static/ (where book/vendor is served), and the
 *   module "anywidget" (every play widget's model and view) against _static/anywidget/index.js,
 *   which book/_ext/nimbook.py copies from the installed anywidget at build time. Without this the
 *   manager would fetch anywidget from a CDN, and the page would not play offline.
 * - The manager finds its icon fonts under window.__jupyter_widgets_assets_path__.
 * - The manager typesets with MathJax 2's MathJax.Hub.Queue; MathJax 3 has typesetPromise instead.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var staticUrl = new URL(".", script ? script.src : document.baseURI + "_static/").href;
  window.requirejs.config({ baseUrl: staticUrl, paths: { anywidget: staticUrl + "anywidget/index" } });
  if (!window.__jupyter_widgets_assets_path__) {
    window.__jupyter_widgets_assets_path__ = staticUrl + "@jupyter-widgets/html-manager/dist/";
  }
  function shimMathJax2() {
    var mj = window.MathJax;
    if (mj && !mj.Hub && mj.typesetPromise) {
      mj.Hub = {
        Queue: function (job) {
          var element = job && job[2];
          if (element) mj.typesetPromise([element]).catch(function () { /* nothing to typeset */ });
        },
      };
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", shimMathJax2);
  else shimMathJax2();
})();
