"""The engine's compiled loops (numba, cached on disk): one hot loop for every split game, in memory or streamed.

``grundy`` fills heaps lo..hi-1 of a heap game whose moves take j tokens
and leave no heap (``take_all``), one heap (``take_one``) or two non-empty
heaps (``take_split``, optionally of unequal sizes as in Grundy's game).
The in-memory table (``table.GrundyTable``) and the stream
(``stream.Stream``) both run it; they differ only in where the values are:

- heap x < ``n_low`` is ``low[x]`` (the stream's prefix, kept for good);
- heap x >= ``base`` is ``g[x - base]``, contiguous up to the heap being
  computed, which is written there too (the table: all of g, ``base`` 0 and
  ``n_low`` 0; the stream: the last W values copied in front of the chunk,
  so the inner loops index without a wrap-around or a test).

Heaps in between are not held: the kernel stops with ``OUT_OF_WINDOW``
before a heap that needs one.

Methods (``mode``): 0 the naive mex, marking every split; 1 the rare-value
method (Winning Ways; Flammenkamp): with ``cls[v] = 1`` for the values v
that are rare at even heaps, heap x is rare when ``cls[g(x)] ^ (par & x)``
is 1 (``par`` 1 for the parity variant, 0 for the plain one; see
``methods``). The XOR of two common values is rare, so the splits with a
rare part (the ``n_rare`` rare heaps so far, ``rare_h`` with their values
``rare_v``) yield every common option value, about |rare heaps| steps a
heap. A rare value below the least missing common one is then looked for
among all splits, every split digit at once, from the middle out and from
the ends in (where the evidence usually is), stopping as soon as each has
been seen (the ``need`` array).

Stamps: ``stamp[v] == m + 1`` says v is an option of heap m, so the array is
never cleared. Its size S is a power of two above twice the largest value:
a value reaching S/2 stops the kernel (``GROW_WORK``), the driver doubles
the work arrays and resumes. ``count[v]`` counts the values computed and
``stats`` = [largest value, its first heap].

Returns (stop, n_rare, status): status ``OK`` done; ``GROW_WORK``;
``RARE_FAR`` a rare heap at or beyond ``rare_limit`` (recorded: the stream
grows its window or refuses); ``OUT_OF_WINDOW`` heap ``stop`` needs values
not held (not computed); ``RARE_FULL`` the rare list is full.

``take_any`` (Nim-like games: "take any number" reaches every smaller heap)
is another algorithm, a running count of the prefix's values, not a copy
of this loop; ``z_function`` serves the period search.
"""

from __future__ import annotations

import numpy as np
from numba import njit

OK, GROW_WORK, RARE_FAR, OUT_OF_WINDOW, RARE_FULL = 0, 1, 2, 3, 4
U1 = np.uint64(1)


@njit(cache=True, nogil=True, boundscheck=False)
def grundy(
    low,
    n_low,
    g,
    base,
    lo,
    hi,
    take_all,
    take_one,
    take_split,
    unequal,
    stamp,
    need,
    cls,
    par,
    mode,
    rare_h,
    rare_v,
    n_rare,
    rare_limit,
    count,
    stats,
):  # pragma: no cover - compiled
    """Fill heaps lo..hi-1 (see the module docstring); returns (stop, n_rare, status)."""
    top = stamp.size // 2
    n_split = take_split.size
    # Per split digit, for the search among two common parts (``_common_splits``): scratch, set a heap at a time
    d_u = np.zeros(max(n_split, 1), dtype=np.int64)
    d_h = np.zeros(max(n_split, 1), dtype=np.int64)
    d_steps = np.zeros(max(n_split, 1), dtype=np.int64)
    d_mid = np.zeros(max(n_split, 1), dtype=np.bool_)
    for m in range(lo, hi):
        version = np.uint64(m + 1)
        pm = par & m
        # Moves that leave no heap or one heap
        for j in take_all:
            if m == j:
                stamp[0] = version
        for j in take_one:
            y = m - j
            if y >= 1:
                if n_low <= y < base:
                    return m, n_rare, OUT_OF_WINDOW
                stamp[np.uint64(low[np.uint64(y)] if y < n_low else g[np.uint64(y - base)])] = version
        if mode == 0:
            for k in range(n_split):
                s = m - take_split[k]
                h = s // 2
                if unequal and 2 * h == s:
                    h -= 1
                if h < 1:
                    continue
                if base == 0:  # every heap is in g: no test in the loop
                    us = np.uint64(s - base)
                    for a in range(U1, np.uint64(h) + U1):
                        stamp[g[a - np.uint64(base)] ^ g[us - a]] = version
                    continue
                if not (h < n_low and s - h >= base):
                    return m, n_rare, OUT_OF_WINDOW
                us = np.uint64(s - base)
                for a in range(U1, np.uint64(h) + U1):
                    stamp[low[a] ^ g[us - a]] = version
            value = 0
            while stamp[value] == version:
                value += 1
        else:
            # Every split with a rare part: this yields every common option value
            first = 1 if n_rare and rare_h[0] == 0 else 0  # heap 0 is no part of a split
            far = rare_h[n_rare - 1] if n_rare else 0
            # The loops below read several values before they write any stamp: the compiler cannot tell the
            # stamp array from the values, so a store keeps every later load waiting; grouped, the loads
            # overlap (0.167 in memory at 2^23: 4.3 s -> 2.6 s with the search below grouped the same way)
            fused = False
            if n_split == 2 and not unequal:  # two split digits (0.167): one pass over the rare heaps for both
                s0 = m - take_split[0]
                s1 = m - take_split[1]
                if s0 > far and s0 - far >= base and s1 > far and s1 - far >= base:
                    u0 = np.uint64(s0 - base)
                    u1 = np.uint64(s1 - base)
                    i = first
                    while i + 2 <= n_rare:
                        r0 = np.uint64(rare_h[i])
                        v0 = rare_v[i]
                        r1 = np.uint64(rare_h[i + 1])
                        v1 = rare_v[i + 1]
                        x0 = v0 ^ g[u0 - r0]
                        x1 = v0 ^ g[u1 - r0]
                        x2 = v1 ^ g[u0 - r1]
                        x3 = v1 ^ g[u1 - r1]
                        _stamp4(stamp, x0, x1, x2, x3, version)
                        i += 2
                    if i < n_rare:
                        r0 = np.uint64(rare_h[i])
                        v0 = rare_v[i]
                        stamp[np.uint64(v0 ^ g[u0 - r0])] = version
                        stamp[np.uint64(v0 ^ g[u1 - r0])] = version
                    fused = True
            for k in range(0 if not fused else n_split, n_split):
                s = m - take_split[k]
                if s < 2:
                    continue
                if s > far and s - far >= base:
                    # Every partner s - r is in g (the usual case): the hot loop, no tests but Grundy's r = s - r
                    us = np.uint64(s - base)
                    if unequal:
                        for i in range(first, n_rare):
                            r = rare_h[i]
                            if r + r != s:
                                stamp[np.uint64(rare_v[i] ^ g[us - np.uint64(r)])] = version
                    else:
                        i = first
                        while i + 4 <= n_rare:
                            x0 = rare_v[i] ^ g[us - np.uint64(rare_h[i])]
                            x1 = rare_v[i + 1] ^ g[us - np.uint64(rare_h[i + 1])]
                            x2 = rare_v[i + 2] ^ g[us - np.uint64(rare_h[i + 2])]
                            x3 = rare_v[i + 3] ^ g[us - np.uint64(rare_h[i + 3])]
                            _stamp4(stamp, x0, x1, x2, x3, version)
                            i += 4
                        while i < n_rare:
                            stamp[np.uint64(rare_v[i] ^ g[us - np.uint64(rare_h[i])])] = version
                            i += 1
                    continue
                for i in range(first, n_rare):
                    r = rare_h[i]
                    if r >= s:
                        break
                    if unequal and r + r == s:
                        continue
                    y = s - r
                    if n_low <= y < base:
                        return m, n_rare, OUT_OF_WINDOW
                    stamp[np.uint64(rare_v[i] ^ (low[np.uint64(y)] if y < n_low else g[np.uint64(y - base)]))] = version
            cand = 0
            while (cls[cand] ^ pm) or stamp[cand] == version:
                cand += 1
            missing = 0
            for v in range(cand):
                if (cls[v] ^ pm) and stamp[v] != version:
                    need[v] = version
                    missing += 1
            # The splits of two common parts, from the middle out (when all are held) and the ends in
            incomplete = False
            if missing:
                missing, incomplete = _common_splits(
                    low, n_low, g, base, m, take_split, unequal, need, version, missing, d_u, d_h, d_steps, d_mid
                )
            if missing and incomplete:
                for v in range(cand):
                    need[v] = 0
                return m, n_rare, OUT_OF_WINDOW
            value = cand
            if missing:
                for v in range(cand):
                    if need[v] == version:
                        value = v
                        break
        g[np.uint64(m - base)] = value
        count[value] += 1
        if value > stats[0]:
            stats[0] = value
            stats[1] = m
        status = OK
        if mode == 1 and (cls[value] ^ pm):
            rare_h[n_rare] = m
            rare_v[n_rare] = value
            n_rare += 1
            if n_rare == rare_h.size:
                status = RARE_FULL
            if m >= rare_limit:
                status = RARE_FAR
        if value >= top:
            status = GROW_WORK
        if status != OK:
            return m + 1, n_rare, status
    return hi, n_rare, OK


@njit(cache=True, inline="always", boundscheck=False)
def _stamp4(stamp, x0, x1, x2, x3, version):  # pragma: no cover - compiled
    """Mark four option values at once, after all four were read (see ``grundy``)."""
    stamp[np.uint64(x0)] = version
    stamp[np.uint64(x1)] = version
    stamp[np.uint64(x2)] = version
    stamp[np.uint64(x3)] = version


@njit(cache=True, inline="always", boundscheck=False)
def _tick(need, x, version):  # pragma: no cover - compiled
    """1 if value x was still needed by heap ``version`` - 1 (and is no longer), else 0."""
    if need[x] == version:
        need[x] = 0
        return 1
    return 0


@njit(cache=True, nogil=True, boundscheck=False)
def _common_splits(
    low, n_low, g, base, m, take_split, unequal, need, version, missing, d_u, d_h, d_steps, d_mid
):  # pragma: no cover - compiled
    """Look for the ``missing`` values still marked in ``need`` among the splits of heap m; (missing, incomplete).

    Step t looks, for every split digit (sum s), at the split whose small part is 1 + t (the ends in) and,
    when every part is held, at the one whose small part is h - t (the middle out; h the largest small
    part), until each needed value is seen or every split held has been seen. The small part is read in
    ``low`` and the large one in ``g`` (the table and the stream's prefix pass the same array as both,
    ``base`` 0). ``incomplete``: some splits are not held (past the stream's window), so a value still
    missing may yet be an option. The steps every digit takes run in a tight loop (no tests but the
    ``need`` one); a value seen twice is harmless, since ``need[x]`` is cleared the first time.
    """
    n_split = take_split.size
    all_mid = True
    no_mid = True
    partial = False
    common = np.int64(1) << 62
    longest = np.int64(0)
    for k in range(n_split):
        s = m - take_split[k]
        h = (s - 1) // 2 if unequal else s // 2
        d_u[k] = s - base
        d_h[k] = h
        if h < 1:
            steps = 0
            d_mid[k] = True
        elif base == 0 or (h < n_low and s - h >= base):
            steps = (h + 1) // 2  # the middle h - t and the end 1 + t meet
            d_mid[k] = True
            no_mid = False
        else:
            steps = min(h, n_low - 1, s - base)  # the ends in only, while both parts are held
            if steps < h:
                partial = True
            steps = max(steps, 0)
            d_mid[k] = False
            all_mid = False
        d_steps[k] = steps
        common = min(common, steps)
        longest = max(longest, steps)
    t = 0
    # Each step reads every pair first and tests ``need`` after, so the loads overlap (see ``grundy``)
    if all_mid and n_split == 2:
        u0 = d_u[0]
        u1 = d_u[1]
        h0 = d_h[0]
        h1 = d_h[1]
        while t < common and missing:
            e = 1 + t
            a0 = h0 - t
            a1 = h1 - t
            ye = low[np.uint64(e)]
            x0 = low[np.uint64(a0)] ^ g[np.uint64(u0 - a0)]
            x1 = ye ^ g[np.uint64(u0 - e)]
            x2 = low[np.uint64(a1)] ^ g[np.uint64(u1 - a1)]
            x3 = ye ^ g[np.uint64(u1 - e)]
            missing -= _tick(need, x0, version) + _tick(need, x1, version)
            missing -= _tick(need, x2, version) + _tick(need, x3, version)
            t += 1
    elif all_mid:
        # Every split held (the table, the stream's prefix): the middle out and the ends in
        while t < common and missing:
            e = 1 + t
            for k in range(n_split):
                u = d_u[k]
                a = d_h[k] - t
                x = low[np.uint64(a)] ^ g[np.uint64(u - a)]
                if need[x] == version:
                    need[x] = 0
                    missing -= 1
                x = low[np.uint64(e)] ^ g[np.uint64(u - e)]
                if need[x] == version:
                    need[x] = 0
                    missing -= 1
            t += 1
    elif no_mid:
        # Past the stream's window: the middles are not held, the ends in (the small part in the prefix)
        if n_split == 1:
            u = d_u[0]
            while t < common and missing:
                e = 1 + t
                x = low[np.uint64(e)] ^ g[np.uint64(u - e)]
                if need[x] == version:
                    need[x] = 0
                    missing -= 1
                t += 1
        elif n_split == 2:
            u0 = d_u[0]
            u1 = d_u[1]
            while t + 2 <= common and missing:
                e = 1 + t
                y0 = low[np.uint64(e)]
                y1 = low[np.uint64(e + 1)]
                x0 = y0 ^ g[np.uint64(u0 - e)]
                x1 = y0 ^ g[np.uint64(u1 - e)]
                x2 = y1 ^ g[np.uint64(u0 - e - 1)]
                x3 = y1 ^ g[np.uint64(u1 - e - 1)]
                missing -= _tick(need, x0, version) + _tick(need, x1, version)
                missing -= _tick(need, x2, version) + _tick(need, x3, version)
                t += 2
        else:
            while t < common and missing:
                e = 1 + t
                y = low[np.uint64(e)]
                for k in range(n_split):
                    x = y ^ g[np.uint64(d_u[k] - e)]
                    if need[x] == version:
                        need[x] = 0
                        missing -= 1
                t += 1
    # The rest: the digits with more steps, or a mix of held and unheld middles
    while t < longest and missing:
        e = 1 + t
        for k in range(n_split):
            if t >= d_steps[k]:
                continue
            u = d_u[k]
            x = low[np.uint64(e)] ^ g[np.uint64(u - e)]
            if need[x] == version:
                need[x] = 0
                missing -= 1
            if d_mid[k]:
                a = d_h[k] - t
                x = low[np.uint64(a)] ^ g[np.uint64(u - a)]
                if need[x] == version:
                    need[x] = 0
                    missing -= 1
        t += 1
    return missing, missing > 0 and partial


@njit(cache=True, nogil=True, boundscheck=False)
def take_any(g, lo, hi, take_split, unequal, take_except, stamp, count, low):  # pragma: no cover - compiled
    """Fill g[lo:hi] for "take any number but ``take_except``" plus splits.

    ``count[v]`` is how many of g(0..m-1) equal v, and ``low`` the least v with
    count 0 (the mex of the prefix). Taking reaches every smaller heap except
    m - e for e in take_except, so v is a taking option exactly when count[v]
    exceeds the number of excluded heaps with value v. Every split is marked
    (these games have no rare values). Returns (stop, low); stops early when a
    value reaches half of ``stamp``, like ``grundy``.
    """
    top = stamp.size // 2
    for m in range(lo, hi):
        version = np.uint64(m + 1)
        for j in take_split:
            s = m - j
            h = s // 2
            if unequal and 2 * h == s:
                h -= 1
            if h >= 1:
                us = np.uint64(s)
                for a in range(U1, np.uint64(h) + U1):
                    stamp[g[a] ^ g[us - a]] = version
        for e in take_except:
            if e <= m:
                count[g[m - e]] -= 1
        v = low
        while count[v] or stamp[v] == version:
            v += 1
        for e in take_except:
            if e <= m:
                w = g[m - e]
                if w < v and count[w] == 0 and stamp[w] != version:
                    v = w
        for e in take_except:
            if e <= m:
                count[g[m - e]] += 1
        g[m] = v
        count[v] += 1
        while count[low]:
            low += 1
        if v >= top:
            return m + 1, low
    return hi, low


@njit(cache=True)
def z_function(a: np.ndarray) -> np.ndarray:
    """z[k] = the length of the longest common prefix of ``a`` and ``a[k:]`` (z[0] = len(a)), in linear time.

    Used by ``periodicity.search_period``: a shift k with a long enough common prefix of the reversed
    sequence is a period of its end.
    """
    n = a.size
    z = np.zeros(n, dtype=np.int32)  # n < 2^31: find_period's MAX_LIMIT is 2^26
    if n == 0:
        return z
    z[0] = n
    left = right = 0
    for i in range(1, n):
        k = 0
        if i < right:
            k = min(right - i, z[i - left])
        while i + k < n and a[k] == a[i + k]:
            k += 1
        z[i] = k
        if i + k > right:
            left, right = i, i + k
    return z
