// The static book's widget loader: mounts every saved play widget of a page from the one shared front end.
//
// book/_ext/nimbook.py writes the front end (nimlib.widgets.bundle(), rewritten as a classic script that
// defines globalThis.NimlibPlay) and this file (rewritten the same way, globalThis.NimlibLoader) into ONE
// classic script, the build's _static/nimlib/play.js, with widget.css, and points every page with play
// widgets at it instead of require.js and the ipywidgets HTML manager (4.4 MB), which a page needs only
// to start an anywidget. Classic scripts, because browsers refuse ES modules and fetch from file://, and
// readers open the book from disk. For each saved view (<script type="application/vnd.jupyter.widget-view+json">,
// or the nimlib type the build gives our views on a page that keeps the manager for other widgets) it reads
// the model from the page's saved widget state and calls anywidget's render({model, el}) with a minimal
// model: get, set, on/off and save_changes, as anywidget's own model offers them. Nothing syncs back to a
// kernel (there is none in the static book). A widget that cannot be mounted shows a short message in its
// place and every other widget still mounts. In Jupyter and Binder this file is not used: anywidget runs
// the same front end. The source stays an ES module so the node tests import it.

const VIEW_TYPES = ["application/vnd.jupyter.widget-view+json", "application/vnd.nimlib.widget-view+json"];
const STATE_TYPES = ["application/vnd.jupyter.widget-state+json", "application/vnd.nimlib.widget-state+json"];

/** Every saved model of the page (model_id -> {model_name, model_module, state}), from all state blocks. */
export function savedModels(doc) {
  const models = new Map();
  for (const type of STATE_TYPES) {
    for (const script of doc.querySelectorAll(`script[type="${type}"]`)) {
      let data;
      try {
        data = JSON.parse(script.textContent);
      } catch {
        continue; // not ours to judge: a broken block is skipped, the rest of the page still plays
      }
      for (const [id, model] of Object.entries((data && data.state) || {})) models.set(id, model);
    }
  }
  return models;
}

/** A play widget's saved model: an anywidget model saved by nimlib.widgets.PlayWidget (it has a game) or DrillWidget (a skill). */
export function isPlayModel(model) {
  if (!(model && model.model_module === "anywidget" && model.state)) return false;
  const { game, mode, skill } = model.state;
  return Boolean((typeof game === "string" && game) || (mode === "drill" && typeof skill === "string" && skill));
}

/**
 * A minimal anywidget model over saved traits: get/set like anywidget's (set fires "change:<name>"
 * at once, only when the value changes), on/off for events, save_changes a no-op (no kernel).
 */
export function makeModel(traits) {
  const values = { ...traits };
  const listeners = new Map();
  return {
    get: (name) => values[name],
    set(name, value) {
      if (Object.is(values[name], value)) return;
      values[name] = value;
      for (const fn of [...(listeners.get(`change:${name}`) || [])]) fn({ name, value });
    },
    on(event, fn) {
      for (const name of String(event).split(/\s+/).filter(Boolean)) {
        if (!listeners.has(name)) listeners.set(name, []);
        listeners.get(name).push(fn);
      }
    },
    off(event, fn) {
      for (const name of String(event).split(/\s+/).filter(Boolean)) {
        const kept = (listeners.get(name) || []).filter((f) => fn !== undefined && f !== fn);
        listeners.set(name, kept);
      }
    },
    save_changes() {},
  };
}

/** The host <div class="nimlib-mount"> of a view: the one the build put right before it, or a new one. */
function hostFor(doc, script) {
  const before = script.previousElementSibling;
  if (before && before.classList && before.classList.contains("nimlib-mount") && !before.dataset.nimlibUsed) return before;
  const host = doc.createElement("div");
  host.className = "nimlib-mount";
  script.before(host);
  return host;
}

/** Replace a host's content with one short message (a widget that could not be mounted). */
export function showProblem(doc, host, text) {
  const box = doc.createElement("p");
  box.className = "nimlib-mount-problem";
  box.textContent = text;
  if (typeof host.replaceChildren === "function") host.replaceChildren(box);
  else host.textContent = text;
}

/**
 * Mount every saved play widget of `doc` with `render` (anywidget's render({model, el})), each in the host
 * <div class="nimlib-mount"> right before its view script (made if the build left none). Views of other
 * models are left to the widget manager. A widget whose render throws shows a short message in its place,
 * and the next ones still mount. Mounting twice mounts nothing new. Returns how many widgets were mounted.
 */
export function mountAll(doc, render) {
  if (typeof render !== "function") throw new TypeError(`render must be a function (anywidget's render), got ${typeof render}`);
  const models = savedModels(doc);
  let mounted = 0;
  for (const type of VIEW_TYPES) {
    for (const script of doc.querySelectorAll(`script[type="${type}"]`)) {
      if (script.dataset && script.dataset.nimlibMounted) continue;
      let view;
      try {
        view = JSON.parse(script.textContent);
      } catch {
        continue;
      }
      const saved = models.get(view && view.model_id);
      if (!isPlayModel(saved)) continue;
      const host = hostFor(doc, script);
      if (host.dataset) host.dataset.nimlibUsed = "1";
      script.setAttribute("data-nimlib-mounted", "1");
      try {
        if (typeof host.replaceChildren === "function") host.replaceChildren();
        render({ model: makeModel(saved.state), el: host });
        mounted += 1;
      } catch (error) {
        // One bad saved widget must not stop the others: say so in its place, and go on
        showProblem(doc, host, `This game could not be shown: ${String((error && error.message) || error).slice(0, 200)}`);
        if (typeof console !== "undefined") console.warn("nimlib: a saved widget could not be mounted:", error);
      }
    }
  }
  return mounted;
}

/** When `doc` is parsed ("interactive", without waiting for deferred scripts such as MathJax), call `start`. */
export function whenParsed(doc, start) {
  if (doc.readyState !== "loading") return start();
  const parsed = () => {
    if (doc.readyState === "loading") return;
    doc.removeEventListener("readystatechange", parsed);
    start();
  };
  doc.addEventListener("readystatechange", parsed);
}

/** The page's start: mount every play widget with the front end's render (globalThis.NimlibPlay), then set NIMLIB_READY. */
export function startPage(win) {
  const front = win.NimlibPlay;
  if (!front || !front.default || typeof front.default.render !== "function") return false;
  whenParsed(win.document, () => {
    mountAll(win.document, front.default.render);
    win.NIMLIB_READY = true;
  });
  return true;
}
