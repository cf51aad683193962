// The static book's widget loader: mounts every saved play widget of a page from ONE shared module.
//
// book/_ext/nimbook.py writes this file to the build's _static/nimlib/loader.js, next to play.js (the
// front end, nimlib.widgets.bundle()) and widget.css, and points every page with play widgets at it
// instead of require.js and the ipywidgets HTML manager (4.4 MB), which a page needs only to start an
// anywidget. For each saved view (<script type="application/vnd.jupyter.widget-view+json">, or the
// nimlib type the build gives our views on a page that keeps the manager for other widgets) it reads
// the model from the page's saved widget state and calls anywidget's render({model, el}) with a
// minimal model: get, set, on/off and save_changes, as anywidget's own model offers them. Nothing
// syncs back to a kernel (there is none in the static book). In Jupyter and Binder this file is not
// used: anywidget runs the same front end.

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

/** A play widget's saved model: an anywidget model saved by nimlib.widgets.PlayWidget (it has a game). */
export function isPlayModel(model) {
  return Boolean(model && model.model_module === "anywidget" && model.state && typeof model.state.game === "string" && model.state.game);
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

/**
 * Mount every saved play widget of `doc` with `render` (anywidget's render({model, el})); a host
 * <div class="nimlib-mount"> goes right before each view script. Views of other models are left to
 * the widget manager. Mounting twice mounts nothing new. Returns how many widgets were mounted.
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
      const host = doc.createElement("div");
      host.className = "nimlib-mount";
      script.before(host);
      script.setAttribute("data-nimlib-mounted", "1");
      render({ model: makeModel(saved.state), el: host });
      mounted += 1;
    }
  }
  return mounted;
}

// In a browser: fetch and run the front end at once (the page preloads it), and mount as soon as the
// page is parsed ("interactive"), without waiting for deferred scripts such as MathJax
if (typeof document !== "undefined" && typeof window !== "undefined") {
  const front = import("./play.js");
  const start = () =>
    front.then((module) => {
      mountAll(document, module.default.render);
      window.NIMLIB_READY = true;
    });
  if (document.readyState !== "loading") start();
  else {
    const parsed = () => {
      if (document.readyState === "loading") return;
      document.removeEventListener("readystatechange", parsed);
      start();
    };
    document.addEventListener("readystatechange", parsed);
  }
}
