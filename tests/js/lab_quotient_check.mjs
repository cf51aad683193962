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

// The panel in a small DOM: 0.75 to 8 heaps shows Plambeck's order 8; a bound past the limit is refused in words
{
  const { makeDocument } = await import("./mount_helpers.mjs");
  globalThis.NIMLIB_DELAY = 0;
  const doc = makeDocument();
  doc.head = doc.createElement("head");
  const root = doc.createElement("div");
  lab.renderLab(root, { code: "0.75", count: 50 });
  const bound = root.querySelector("[data-lab='quotient-bound']");
  bound.value = "8";
  root.querySelector("[data-lab='quotient-go']").click();
  const order = root.querySelector("[data-lab='quotient-order']");
  assert.ok(order && /^Order 8: ⟨a, b, c \| a² = 1, bc = ab, c² = b², b³ = b⟩, with a = heap 1, b = heap 2, c = heap 5\.$/.test(order.textContent), order && order.textContent);
  assert.equal(root.querySelectorAll("[data-lab='quotient'] td").length, 64);
  bound.value = String(lab.LAB_QUOTIENT_HEAPS + 1);
  root.querySelector("[data-lab='quotient-go']").click();
  assert.match(root.querySelector("[data-lab='quotient']").textContent, /Cannot compute that quotient: .*heaps up to/);
  console.log("ok: the lab's quotient panel");
}
