// The static book's widget loader (book/_ext/loader.js): saved state in, one mount per play widget out.
import test from "node:test";
import assert from "node:assert/strict";
import * as loader from "../../book/_ext/loader.js";

// A page as the build leaves it: <script> blocks in document order, hosts inserted before them
function fakePage(scripts) {
  const order = [];
  const makeScript = ({ type, json, text }) => {
    const node = {
      tagName: "SCRIPT",
      type,
      textContent: text ?? JSON.stringify(json),
      attributes: new Map(),
      get dataset() {
        return { nimlibMounted: this.attributes.get("data-nimlib-mounted") };
      },
      setAttribute(k, v) {
        this.attributes.set(k, String(v));
      },
      before(host) {
        order.splice(order.indexOf(this), 0, host);
      },
    };
    return node;
  };
  for (const s of scripts) order.push(makeScript(s));
  return {
    order,
    createElement: (tag) => ({ tagName: tag.toUpperCase(), className: "" }),
    querySelectorAll(selector) {
      const type = selector.match(/^script\[type="([^"]+)"\]$/)[1];
      return order.filter((n) => n.tagName === "SCRIPT" && n.type === type);
    },
  };
}

const STATE = "application/vnd.jupyter.widget-state+json";
const VIEW = "application/vnd.jupyter.widget-view+json";
const play = (game, position) => ({ model_module: "anywidget", model_name: "AnyModel", state: { game, params: {}, position, start: position, history: [], computer_first: false, message: "" } });

test("every saved play widget is mounted once, before its view, on a model of its saved traits", () => {
  const page = fakePage([
    { type: STATE, json: { version_major: 2, state: { a: play("nim", [3, 4, 5]), l: { model_module: "@jupyter-widgets/base", model_name: "LayoutModel", state: {} } } } },
    { type: VIEW, json: { model_id: "a" } },
    { type: VIEW, json: { model_id: "l" } }, // another kind of widget: left to the manager
    { type: VIEW, json: { model_id: "missing" } },
    { type: VIEW, text: "{not json" },
    { type: "application/vnd.nimlib.widget-state+json", json: { state: { b: play("kayles", [1, 1, 1]) } } },
    { type: "application/vnd.nimlib.widget-view+json", json: { model_id: "b" } },
  ]);
  const calls = [];
  const render = ({ model, el }) => calls.push({ game: model.get("game"), position: model.get("position"), el });
  assert.equal(loader.mountAll(page, render), 2);
  assert.deepEqual(calls.map((c) => [c.game, c.position]), [["nim", [3, 4, 5]], ["kayles", [1, 1, 1]]]);
  // each host sits right before its own view script
  for (const c of calls) {
    const at = page.order.indexOf(c.el);
    assert.equal(c.el.className, "nimlib-mount");
    assert.equal(page.order[at + 1].tagName, "SCRIPT");
  }
  assert.equal(loader.mountAll(page, render), 0, "mounting again mounts nothing new");
  assert.throws(() => loader.mountAll(page, "render"), /render must be a function/);
});

test("the model: get/set fire change events at once and only on a change; off removes; save_changes is harmless", () => {
  const model = loader.makeModel({ position: [1, 2], message: "" });
  const seen = [];
  const f = () => seen.push(model.get("position"));
  model.on("change:position change:message", f);
  model.set("position", [2, 2]);
  model.set("message", "hello");
  const same = model.get("message");
  model.set("message", same); // unchanged: no event
  model.save_changes();
  model.off("change:position", f);
  model.set("position", [0, 0]);
  assert.deepEqual(seen, [[2, 2], [2, 2]]);
  assert.deepEqual(model.get("position"), [0, 0]);
  model.off("change:message");
  model.set("message", "bye");
  assert.equal(seen.length, 2);
});

test("isPlayModel: only anywidget models that name a game", () => {
  assert.equal(loader.isPlayModel(play("nim", [1])), true);
  assert.equal(loader.isPlayModel({ model_module: "anywidget", state: {} }), false);
  assert.equal(loader.isPlayModel({ model_module: "@jupyter-widgets/controls", state: { game: "nim" } }), false);
  assert.equal(loader.isPlayModel(undefined), false);
  // a drill (nimlib.widgets.DrillWidget) names no game but its skill, in drill mode
  assert.equal(loader.isPlayModel({ model_module: "anywidget", state: { mode: "drill", skill: "mex" } }), true);
  assert.equal(loader.isPlayModel({ model_module: "anywidget", state: { mode: "drill" } }), false);
  assert.equal(loader.isPlayModel({ model_module: "anywidget", state: { skill: "mex" } }), false);
});

test("a widget that cannot be mounted says so in its place, and the widgets after it still mount", () => {
  const page = fakePage([
    { type: STATE, json: { state: { a: play("nim", [1, 2]), bad: play("nim", "not a position"), c: play("kayles", [1, 1]) } } },
    { type: VIEW, json: { model_id: "a" } },
    { type: VIEW, json: { model_id: "bad" } },
    { type: VIEW, json: { model_id: "c" } },
  ]);
  const mounted = [];
  const render = ({ model, el }) => {
    if (!Array.isArray(model.get("position"))) throw new Error("position must be a list");
    mounted.push(model.get("game"));
    el.mountedGame = model.get("game");
  };
  assert.equal(loader.mountAll(page, render), 2);
  assert.deepEqual(mounted, ["nim", "kayles"]);
  const hosts = page.order.filter((n) => n.tagName === "DIV");
  assert.equal(hosts.length, 3, "every view has its host");
  assert.match(hosts[1].textContent, /could not be shown: position must be a list/);
  assert.equal(hosts[2].mountedGame, "kayles");
});

test("the page's start: nothing without the front end; with it, every widget mounts once the page is parsed", () => {
  assert.equal(loader.startPage({ document: { readyState: "complete" } }), false);
  const page = fakePage([
    { type: STATE, json: { state: { a: play("nim", [1, 2]) } } },
    { type: VIEW, json: { model_id: "a" } },
  ]);
  let listener = null;
  page.readyState = "loading";
  page.addEventListener = (name, fn) => (listener = fn);
  page.removeEventListener = () => (listener = null);
  const win = { document: page, NimlibPlay: { default: { render: () => {} } } };
  assert.equal(loader.startPage(win), true);
  assert.equal(win.NIMLIB_READY, undefined, "waits while the page is still loading");
  page.readyState = "interactive";
  listener();
  assert.equal(win.NIMLIB_READY, true);
  assert.equal(page.order.filter((n) => n.tagName === "DIV").length, 1);
});
