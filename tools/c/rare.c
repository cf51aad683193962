/* Rare-value ("sparse space") Grundy values of an octal game or Grundy's game.
 *
 * usage: rare CODE N      CODE is an octal code such as 0.77, .6, 4.07, or "grundy"
 * prints: n, the seconds spent computing, the sum and the largest value, the mask
 * and the number of rare heaps.
 *
 * The method of Winning Ways and Flammenkamp: with a mask m, a value v is rare
 * when popcount(v & m) is even, common otherwise. The XOR of two common values
 * is rare, so every common option value of a split has a rare part: marking
 * the splits with a rare part (few) yields every common option value. The
 * answer is the smallest unmarked common value, unless some rare value below
 * it is no option at all: those few rare values are looked for among all
 * splits (every split digit at once, from the middle out and from the ends
 * in), stopping when all are seen.
 * The mask is chosen at doubling checkpoints (512, 1024, ...) as the one with
 * the fewest rare values so far (Walsh-Hadamard transform of the histogram),
 * used when at most a quarter of the values are rare; before that, and when no
 * mask helps, every split is looked at.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int all_[64], one_[64], split_[64], n_all, n_one, n_split, unequal;

static void parse(const char *code) {
    if (strcmp(code, "grundy") == 0) { split_[n_split++] = 0; unequal = 1; return; }
    const char *dot = strchr(code, '.');
    int lead = (dot && dot != code) ? code[0] - '0' : (dot ? 0 : code[0] - '0');
    if (lead & 4) split_[n_split++] = 0;
    if (!dot) return;
    for (int j = 1; dot[j]; j++) {
        int d = dot[j] - '0';
        if (d & 1) all_[n_all++] = j;
        if (d & 2) one_[n_one++] = j;
        if (d & 4) split_[n_split++] = j;
    }
}

static unsigned best_mask(const unsigned *g, long n, unsigned top) {
    long w = 1;
    while (w <= (long)top) w <<= 1;
    long long *h = calloc(w, sizeof *h);
    for (long i = 0; i < n; i++) h[g[i]]++;
    for (long len = 1; len < w; len <<= 1)
        for (long i = 0; i < w; i += 2 * len)
            for (long j = i; j < i + len; j++) {
                long long a = h[j], b = h[j + len];
                h[j] = a + b;
                h[j + len] = a - b;
            }
    long best = 0;
    for (long m = 1; m < w; m++) if (best == 0 || h[m] < h[best]) best = m;
    long long rare = (n + h[best]) / 2;
    free(h);
    return (best && 4 * rare <= n) ? (unsigned)best : 0;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: rare CODE N\n"); return 2; }
    parse(argv[1]);
    long n = atol(argv[2]);
    unsigned *g = calloc(n + 1, sizeof *g);
    long *rare = malloc((n + 1) * sizeof *rare);
    long n_rare = 0, size = 1024;
    unsigned *stamp = calloc(size, sizeof *stamp), *need = calloc(size, sizeof *need);
    unsigned char *is_rare = calloc(size, 1);
    unsigned top = 0, mask = 0;
    long checkpoint = 512;
    int classes_stale = 1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long m = 0; m < n; m++) {
        if (m == checkpoint) {
            checkpoint *= 2;
            if (n_split) {
                mask = best_mask(g, m, top);
                n_rare = 0;
                if (mask) for (long i = 0; i < m; i++) if (!(__builtin_popcount(g[i] & mask) & 1)) rare[n_rare++] = i;
                classes_stale = 1;
            }
        }
        long want = 2;
        while (want <= (long)top) want <<= 1;
        want *= 2;
        if (want > size) {
            stamp = realloc(stamp, want * sizeof *stamp);
            need = realloc(need, want * sizeof *need);
            is_rare = realloc(is_rare, want);
            memset(stamp + size, 0, (want - size) * sizeof *stamp);
            memset(need + size, 0, (want - size) * sizeof *need);
            size = want;
            classes_stale = 1;
        }
        if (classes_stale) {
            for (long v = 0; v < size; v++) is_rare[v] = mask && !(__builtin_popcount((unsigned)v & mask) & 1);
            classes_stale = 0;
        }
        unsigned version = (unsigned)m + 1;
        for (int k = 0; k < n_all; k++) if (m == all_[k]) stamp[0] = version;
        for (int k = 0; k < n_one; k++) if (m - one_[k] >= 1) stamp[g[m - one_[k]]] = version;
        unsigned value;
        if (!mask) {
            for (int k = 0; k < n_split; k++) {
                long s = m - split_[k];
                for (long a = 1; a <= s / 2; a++) {
                    long b = s - a;
                    if (unequal && a == b) continue;
                    stamp[g[a] ^ g[b]] = version;
                }
            }
            value = 0;
            while (stamp[value] == version) value++;
        } else {
            for (int k = 0; k < n_split; k++) {
                long s = m - split_[k];
                for (long i = 0; i < n_rare; i++) {
                    long r = rare[i];
                    if (r >= s) break;
                    if (r < 1) continue;
                    if (unequal && 2 * r == s) continue;
                    stamp[g[r] ^ g[s - r]] = version;
                }
            }
            unsigned cand = 0;
            while (is_rare[cand] || stamp[cand] == version) cand++;
            int missing = 0;
            for (unsigned v = 0; v < cand; v++)
                if (is_rare[v] && stamp[v] != version) { need[v] = version; missing++; }
            /* Look for them among all splits, every split digit at once, from the middle out and
               from the ends in (where the evidence usually is), until all are seen */
            for (long t = 0; missing; t++) {
                int any = 0;
                for (int k = 0; k < n_split && missing; k++) {
                    long s = m - split_[k];
                    long a = s / 2 - t, e = 1 + t;
                    if (e > a) continue;
                    any = 1;
                    if (!(unequal && 2 * a == s)) {
                        unsigned x = g[a] ^ g[s - a];
                        if (need[x] == version) { need[x] = 0; missing--; }
                    }
                    if (e < a) {
                        unsigned x = g[e] ^ g[s - e];
                        if (need[x] == version) { need[x] = 0; missing--; }
                    }
                }
                if (!any) break;
            }
            value = cand;
            if (missing)
                for (unsigned v = 0; v < cand; v++) if (need[v] == version) { value = v; break; }
            if (is_rare[value]) rare[n_rare++] = m;
        }
        g[m] = value;
        if (value > top) top = value;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    unsigned long long sum = 0;
    for (long m = 0; m < n; m++) sum += g[m];
    printf("n %ld seconds %.6f sum %llu max %u mask %x rare %ld\n", n,
           (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec), sum, top, mask, n_rare);
    return 0;
}
