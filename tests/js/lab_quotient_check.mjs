// The lab's misère quotient (nimlib/static/lab.js, labMisereQuotient) against nimlib.quotient.quotient on the
// codes of a fixture written by tests/test_lab_quotient.py: the same order, growth, names, table, P-portion,
// pretending function and presentation, or a refusal where nimlib refuses.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as lab from "../../nimlib/static/lab.js";

const fixture = JSON.parse(readFileSync(process.argv[2], "utf8"));
let compared = 0;
for (const { code, n, expected } of fixture) {
  const rule = lab.parseGame(code).rule;
  if (expected === null) {
    assert.throws(() => lab.labMisereQuotient(rule, n), Error, `${code} ${n}: nimlib refuses, the lab does not`);
    continue;
  }
  let q;
  try {
    q = lab.labMisereQuotient(rule, n);
  } catch (error) {
    if (/too much work|too large/.test(error.message)) continue; // the page's own smaller limits
    throw error;
  }
  for (const field of ["order", "history", "table", "p_portion", "pretend", "generators", "presentation"]) {
    assert.deepEqual(q[field], expected[field], `${code} ${n}: ${field}`);
  }
  assert.deepEqual(q.names, expected.elements, `${code} ${n}: names`);
  compared++;
}
assert.ok(compared >= fixture.filter((c) => c.expected).length - 2, `only ${compared} codes compared`);
assert.throws(() => lab.labMisereQuotient(lab.parseGame("0.77").rule, lab.LAB_QUOTIENT_HEAPS + 1), /heaps up to/);
assert.throws(() => lab.labMisereQuotient(lab.parseGame("0.77").rule, 20, 1000), /too much work/);
console.log(`ok: ${compared} codes agree with nimlib`);

// The panel in a small DOM: 0.75 to 8 heaps shows Plambeck's order 8; a bound past the limit is refused at
// once; Kayles to 30 heaps (chapter 16's game) is computed in slices with a "Computing" state; 0.07 to 30 is
// refused with the largest N the page reached, and the previous quotient is gone (never a stale table)
{
  const { makeDocument } = await import("./mount_helpers.mjs");
  globalThis.NIMLIB_DELAY = 0;
  const doc = makeDocument();
  doc.head = doc.createElement("head");
  const root = doc.createElement("div");
  const until = async (ok, what) => {
    for (let i = 0; i < 6000 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
    assert.ok(ok(), what);
  };
  const panel = () => root.querySelector("[data-lab='quotient']");
  const computing = () => root.querySelector("[data-lab='quotient-computing']");
  const ask = (code, n) => {
    root.querySelector("[data-lab='code']").value = code;
    const bound = root.querySelector("[data-lab='quotient-bound']");
    bound.value = String(n);
    root.querySelector("[data-lab='quotient-go']").click();
  };
  const ui = lab.renderLab(root, { code: "0.75", count: 50 });
  ask("0.75", 8);
  assert.ok(computing(), "a Computing state while the quotient is computed");
  await until(() => !computing(), "0.75 to 8 heaps never finished");
  const order = root.querySelector("[data-lab='quotient-order']");
  assert.ok(order && /^Order 8: ⟨a, b, c \| a² = 1, bc = ab, c² = b², b³ = b⟩, with a = heap 1, b = heap 2, c = heap 5\.$/.test(order.textContent), order && order.textContent);
  assert.equal(root.querySelectorAll("[data-lab='quotient'] td").length, 64);
  for (const bad of [lab.LAB_QUOTIENT_HEAPS + 1, 0, ""]) {
    root.querySelector("[data-lab='quotient-bound']").value = String(bad);
    root.querySelector("[data-lab='quotient-go']").click();
    assert.equal(computing(), null, `${bad}: refused at once, nothing computed`);
    assert.match(panel().textContent, bad === "" ? /^Cannot compute that quotient: the bound N is empty: type the largest heap/ : /^Cannot compute that quotient: .*heaps up to 1 … 30/, `bound ${bad}`);
    assert.equal(root.querySelectorAll("[data-lab='quotient'] td").length, 0, `${bad}: the previous quotient's table is still shown`);
  }
  assert.match(root.querySelector(".nimlib-lab-quotient").textContent, /for N from 1 to 30\. For some games it grows too large/);
  // Kayles to 30: what chapter 16 plays, computed without freezing (several slices, progress shown)
  ui.show("0.77", 100);
  let slices = 0;
  ask("0.77", 30);
  const seen = new Set();
  await until(() => {
    if (computing()) seen.add(computing().textContent);
    slices++;
    return !computing();
  }, "Kayles to 30 never finished");
  assert.ok([...seen].some((t) => /heap \d+ of 30/.test(t)), `no progress shown: ${[...seen]}`);
  assert.match(root.querySelector("[data-lab='quotient-order']").textContent, /^Order 40:/);
  // 0.07 to 30: refused, with how far the page got, and the Kayles table is gone
  ui.show("0.07", 100);
  ask("0.07", 30);
  await until(() => !computing(), "0.07 to 30 never finished");
  assert.match(panel().textContent, /^Cannot compute that quotient: .*The page computed it for heaps up to (\d+): N ≤ \1 works for this game\.$/);
  const reached = Number(panel().textContent.match(/heaps up to (\d+): N/)[1]);
  assert.equal(root.querySelectorAll("[data-lab='quotient'] td").length, 0);
  ask("0.07", reached);
  await until(() => !computing(), `0.07 to ${reached} never finished`);
  assert.ok(root.querySelector("[data-lab='quotient-order']"), `0.07 to ${reached}: ${panel().textContent}`);
  // a new code while a quotient is computed: the computation stops (no late table lands in the new result)
  ui.show("0.77", 100);
  ask("0.77", 30);
  ui.show("0.77", 101);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(root.querySelector("[data-lab='quotient-order']"), null);
  console.log(`ok: the lab's quotient panel (Kayles to 30 in ${seen.size} progress steps)`);
}
