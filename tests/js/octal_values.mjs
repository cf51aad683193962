// Grundy values of octal games by the mex rule, for the page tests that need a game's table.

/** g(0..n) of an octal game (digits after the point: bit 1 take all, 2 leave one heap, 4 leave two). */
export function octalValues(digits, n) {
  const g = [];
  for (let m = 0; m <= n; m++) {
    const seen = new Set();
    digits.forEach((d, i) => {
      const k = i + 1;
      if (d & 1 && m === k) seen.add(0);
      if (d & 2 && m > k) seen.add(g[m - k]);
      if (d & 4) for (let a = 1; 2 * a <= m - k; a++) seen.add(g[a] ^ g[m - k - a]);
    });
    let v = 0;
    while (seen.has(v)) v++;
    g.push(v);
  }
  return g;
}
