// A small DOM (enough for core.js's mount: querySelector, classList, dataset, events, details) and a
// fake anywidget model, so the whole widget runs in node: moves, the computer's reply, Hint, the
// explanation panel and the highlight of what the computer changed.
import * as core from "../../nimlib/static/core.js";

class Node {
  constructor(tag, doc) {
    this.tagName = tag.toUpperCase();
    this.ownerDocument = doc;
    this.attributes = new Map();
    this.children = [];
    this.parent = null;
    this.style = {}; // inline style properties the page sets (puzzle.js: visibility, minHeight)
    this.listeners = new Map();
    this.classes = new Set();
    this.open = false;
    this.value = "";
    this.disabled = false;
    this.style = {}; // puzzle.js sets visibility and cursor
    const classes = this.classes;
    this.classList = {
      add: (...c) => c.forEach((x) => classes.add(x)),
      remove: (...c) => c.forEach((x) => classes.delete(x)),
      contains: (c) => classes.has(c),
      toggle: (c, on) => ((on ?? !classes.has(c)) ? classes.add(c) : classes.delete(c)),
    };
  }
  set className(v) {
    this.classes.clear();
    String(v).split(/\s+/).filter(Boolean).forEach((c) => this.classes.add(c));
  }
  get className() {
    return [...this.classes].join(" ");
  }
  set textContent(v) {
    this.children = [String(v)];
  }
  get textContent() {
    return this.children.map((c) => (typeof c === "string" ? c : c.textContent)).join("");
  }
  set innerHTML(v) {
    this.children = [String(v)]; // kept as text: tests read it with .html
  }
  get html() {
    return this.children.map((c) => (typeof c === "string" ? c : c.html)).join("");
  }
  get dataset() {
    const out = {};
    for (const [k, v] of this.attributes) if (k.startsWith("data-")) out[k.slice(5).replace(/-(\w)/g, (_, x) => x.toUpperCase())] = v;
    // writable, as the DOM's is (puzzle.js writes data-stage and data-position)
    const attr = (name) => `data-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    return new Proxy(out, {
      set: (target, name, value) => ((target[name] = String(value)), this.attributes.set(attr(name), String(value)), true),
      deleteProperty: (target, name) => (delete target[name], this.attributes.delete(attr(name)), true),
    });
  }
  removeAttribute(k) {
    if (k === "disabled") this.disabled = false;
    this.attributes.delete(k);
  }
  setAttribute(k, v) {
    if (k === "class") this.className = v;
    else if (k === "disabled") this.disabled = true;
    else if (k === "open") this.open = true;
    else if (k === "value") this.value = String(v);
    this.attributes.set(k, String(v));
  }
  getAttribute(k) {
    if (k === "class") return this.className;
    return this.attributes.has(k) ? this.attributes.get(k) : null;
  }
  hasAttribute(k) {
    return k === "disabled" ? this.disabled : this.attributes.has(k);
  }
  append(...nodes) {
    for (const n of nodes.flat()) {
      if (n === null || n === undefined || n === false) continue;
      if (typeof n !== "string") n.parent = this;
      this.children.push(n);
    }
  }
  prepend(...nodes) {
    const rest = this.children;
    this.children = [];
    this.append(...nodes);
    this.children.push(...rest);
  }
  replaceChildren(...nodes) {
    this.children = [];
    this.append(...nodes);
  }
  remove() {
    if (this.parent) this.parent.children = this.parent.children.filter((c) => c !== this);
  }
  get lastChild() {
    return this.children[this.children.length - 1];
  }
  contains(node) {
    for (let n = node; n; n = n.parent) if (n === this) return true;
    return false;
  }
  focus(options) {
    this.ownerDocument.activeElement = this;
    (this.ownerDocument.focusCalls ??= []).push(options); // how the page asked (puzzle.js: preventScroll)
  }
  addEventListener(ev, fn) {
    if (!this.listeners.has(ev)) this.listeners.set(ev, []);
    this.listeners.get(ev).push(fn);
  }
  dispatch(ev) {
    for (const fn of this.listeners.get(ev) || []) fn({ target: this, currentTarget: this, key: undefined });
  }
  click() {
    if (!this.disabled) this.dispatch("click");
  }
  *walk() {
    for (const c of this.children) {
      if (typeof c === "string") continue;
      yield c;
      yield* c.walk();
    }
  }
  matches(selector) {
    return matchCompound(this, selector);
  }
  closest(selector) {
    for (let n = this; n; n = n.parent) if (matchCompound(n, selector)) return n;
    return null;
  }
  querySelectorAll(selector) {
    const steps = selector.trim().split(/\s+(?![^[]*\])/);
    let found = [this];
    for (const step of steps) {
      const next = [];
      for (const base of found) for (const n of base.walk()) if (matchCompound(n, step) && !next.includes(n)) next.push(n);
      found = next;
    }
    return found;
  }
  querySelector(selector) {
    return this.querySelectorAll(selector)[0] ?? null;
  }
}

/** tag, .class, [attr], [attr='value'], :not([attr]) — what core.js and these tests use. */
function matchCompound(node, sel) {
  let rest = sel;
  const not = [];
  rest = rest.replace(/:not\(([^)]*)\)/g, (_, inner) => (not.push(inner), ""));
  for (const inner of not) if (matchCompound(node, inner)) return false;
  const attrs = [];
  rest = rest.replace(/\[([\w-]+)(?:=(['"])(.*?)\2)?\]/g, (_, name, _q, value) => (attrs.push([name, value]), ""));
  for (const [name, value] of attrs) {
    if (name === "disabled") {
      if (!node.disabled) return false;
      continue;
    }
    if (!node.attributes.has(name)) return false;
    if (value !== undefined && node.attributes.get(name) !== value) return false;
  }
  const classes = [];
  rest = rest.replace(/\.([\w-]+)/g, (_, c) => (classes.push(c), ""));
  for (const c of classes) if (!node.classes.has(c)) return false;
  if (rest && rest !== "*" && node.tagName !== rest.toUpperCase()) return false;
  return true;
}

export function makeDocument() {
  const doc = {
    activeElement: null,
    createElement: (tag) => new Node(tag, doc),
    createElementNS: (_, tag) => new Node(tag, doc),
    createTextNode: (t) => String(t),
  };
  return doc;
}

/** A fake anywidget model with the traits PlayWidget has. */
export function makeModel({ game, params = {}, position, computerFirst = false }) {
  const values = { game, params, position, start: position, history: [], computer_first: computerFirst, message: "" };
  const handlers = new Map();
  return {
    values,
    get: (name) => values[name],
    set: (name, value) => (values[name] = value),
    save_changes: () => {},
    on: (event, fn) => handlers.set(event, fn),
    off: (event) => handlers.delete(event),
    /** What a change from Python (a live kernel) does: set the traits, then fire change:<name>. */
    fromPython(changes) {
      Object.assign(values, changes);
      for (const name of Object.keys(changes)) handlers.get(`change:${name}`)?.();
    },
  };
}

/** Mount a widget with no reply delay; returns { root, model, doc, text(), click(selector) }. */
export function mountWidget(options) {
  globalThis.NIMLIB_DELAY = 0;
  const doc = makeDocument();
  const root = doc.createElement("div");
  const model = makeModel(options);
  core.mount(model, root);
  return {
    root,
    model,
    doc,
    // what the page shows: the live region (visually hidden, for screen readers) repeats the status
    text: () => root.querySelector(".nimlib-play").textContent,
    click(selector) {
      const node = root.querySelector(selector);
      if (!node) throw new Error(`nothing matches ${selector}`);
      node.click();
    },
  };
}

/** Let the computer's reply (a setTimeout of NIMLIB_DELAY = 0) run. */
export function settle() {
  return new Promise((resolve) => setTimeout(resolve, 5));
}

/** The data-part keys that glow (nimlib-changed). */
export function glowing(root) {
  return root.querySelectorAll("[data-part]").filter((n) => n.classList.contains("nimlib-changed")).map((n) => n.getAttribute("data-part")).sort();
}
