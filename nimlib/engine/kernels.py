"""The streaming kernel: Grundy values of an octal game in a fixed buffer (a prefix and a ring of recent values).

``buf`` holds 2W values: heaps 0..W-1 at their own index (the *prefix*,
kept for good) and heap i >= W at W + (i mod W) (the *ring*, the last W
heaps). Computing heap m needs

- g(m - j) for the moves that leave one heap: in the ring when j <= W;
- for a split s = m - j into a + (s - a): g(a) and g(s - a). The pair is in
  the buffer when a < W and s - a >= m - W, that is a <= W - j.

The rare-value method (``mode`` 1) needs only the splits with a rare part a
= r (r a rare heap, all of them below W - j: the driver sees to it) and, for
the few rare values not found that way, the splits from the ends in; when
s/2 <= W - j every split is in the buffer and the middle is searched too.
Mode 0 (the naive mex) marks every split, so it needs s/2 <= W - j.

Classes: with ``cls[v] = 1`` for the values v that are rare at even heaps,
heap x is rare when ``cls[g(x)] ^ (par & x)`` is 1 (``par`` = 1 for the
parity variant, 0 for the plain one; see ``methods``).

The kernel returns (stop, n_rare, status): status 0 done; 1 a value reached
half the work arrays (grow them); 2 a rare heap at or beyond ``rare_limit``
(recorded: the driver grows the window or refuses); 3 the values heap m
needs are not in the buffer (m not computed); 4 the rare list is full.
"""

from __future__ import annotations

import numpy as np
from numba import njit

OK, GROW_WORK, RARE_FAR, OUT_OF_WINDOW, RARE_FULL = 0, 1, 2, 3, 4


@njit(cache=True, nogil=True, inline="always")
def _get(buf, w, wm, i):  # pragma: no cover - compiled
    # Unsigned indices: numba then skips the negative-index wraparound test on every access
    if i < w:
        return buf[np.uint64(i)]
    return buf[np.uint64(w + (i & wm))]


@njit(cache=True, nogil=True, boundscheck=False)
def stream(
    buf,
    w,
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
    """Fill heaps lo..hi-1 into ``buf``; ``count[v]`` counts the values, stats = [largest, its first heap]."""
    wm = w - 1
    top = stamp.size // 2
    n_split = take_split.size
    for m in range(lo, hi):
        version = np.uint64(m + 1)
        pm = par & m
        # Moves that leave no heap or one heap
        for j in take_all:
            if m == j:
                stamp[0] = version
        for j in take_one:
            if m - j >= 1:
                stamp[np.uint64(_get(buf, w, wm, m - j))] = version
        if mode == 0:
            for k in range(n_split):
                j = take_split[k]
                s = m - j
                h = s // 2
                if unequal and 2 * h == s:
                    h -= 1
                if h > w - j:
                    return m, n_rare, OUT_OF_WINDOW
                for a in range(1, h + 1):
                    stamp[_get(buf, w, wm, a) ^ _get(buf, w, wm, s - a)] = version
            value = 0
            while stamp[value] == version:
                value += 1
        else:
            # Every split with a rare part: this yields every common option value
            first = 1 if n_rare and rare_h[0] == 0 else 0  # heap 0 is no part of a split
            far = rare_h[n_rare - 1] if n_rare else 0
            for k in range(n_split):
                s = m - take_split[k]
                if s < 2:
                    continue
                if s - far >= w and not unequal:
                    # Every partner s - r is in the ring (the usual case): no tests in the loop
                    for i in range(first, n_rare):
                        x = np.uint64(w + ((s - rare_h[i]) & wm))
                        stamp[np.uint64(rare_v[i] ^ buf[x])] = version
                    continue
                for i in range(n_rare):
                    r = rare_h[i]
                    if r >= s:
                        break
                    if r < 1 or (unequal and r + r == s):
                        continue
                    stamp[np.uint64(rare_v[i] ^ _get(buf, w, wm, s - r))] = version
            cand = 0
            while (cls[cand] ^ pm) or stamp[cand] == version:
                cand += 1
            missing = 0
            for v in range(cand):
                if (cls[v] ^ pm) and stamp[v] != version:
                    need[v] = version
                    missing += 1
            # The splits of two common parts, from the middle out (when all are in the buffer) and the ends in
            t = 0
            incomplete = False
            while missing:
                progress = False
                for k in range(n_split):
                    j = take_split[k]
                    s = m - j
                    h = s // 2
                    e = 1 + t
                    if h <= w - j:
                        a = h - t
                        if e > a:
                            continue
                        progress = True
                        if not (unequal and 2 * a == s):
                            x = _get(buf, w, wm, a) ^ _get(buf, w, wm, s - a)
                            if need[x] == version:
                                need[x] = 0
                                missing -= 1
                        if e < a:
                            x = _get(buf, w, wm, e) ^ _get(buf, w, wm, s - e)
                            if need[x] == version:
                                need[x] = 0
                                missing -= 1
                    elif e <= w - j:
                        progress = True
                        if not (unequal and 2 * e == s):
                            x = _get(buf, w, wm, e) ^ _get(buf, w, wm, s - e)
                            if need[x] == version:
                                need[x] = 0
                                missing -= 1
                    else:
                        incomplete = True  # this digit's further splits are not in the buffer
                if not progress:
                    break
                t += 1
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
        if m < w:
            buf[m] = value
        else:
            buf[w + (m & wm)] = value
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
