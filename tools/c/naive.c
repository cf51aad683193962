/* Naive Grundy values of an octal game (or Grundy's game): every option of every heap.
 *
 * usage: naive CODE N      CODE is an octal code such as 0.77, .07, 4.07, or "grundy"
 * prints: n, the seconds spent computing (after parsing), the sum and the largest value.
 * A move takes j tokens and leaves no heap (digit bit 1), one heap (bit 2) or two
 * non-empty heaps (bit 4); Grundy's game splits a heap into two unequal heaps.
 * Reference for tools/bench_grundy.py: plain C, cc -O2, nothing clever beyond
 * the versioned mex array (no clearing between heaps).
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

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: naive CODE N\n"); return 2; }
    parse(argv[1]);
    long n = atol(argv[2]);
    unsigned *g = calloc(n + 1, sizeof *g);
    long size = 1024;
    unsigned *stamp = calloc(size, sizeof *stamp);
    unsigned top = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long m = 0; m < n; m++) {
        unsigned version = (unsigned)m + 1;
        /* every option value is < 2 * (top + 1) after rounding to a power of two */
        long need = 2;
        while (need <= (long)top) need <<= 1;
        need *= 2;
        if (need > size) { stamp = realloc(stamp, need * sizeof *stamp); memset(stamp + size, 0, (need - size) * sizeof *stamp); size = need; }
        for (int k = 0; k < n_all; k++) if (m == all_[k]) stamp[0] = version;
        for (int k = 0; k < n_one; k++) if (m - one_[k] >= 1) stamp[g[m - one_[k]]] = version;
        for (int k = 0; k < n_split; k++) {
            long s = m - split_[k];
            for (long a = 1; a <= s / 2; a++) {
                long b = s - a;
                if (unequal && a == b) continue;
                stamp[g[a] ^ g[b]] = version;
            }
        }
        unsigned v = 0;
        while (stamp[v] == version) v++;
        g[m] = v;
        if (v > top) top = v;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    unsigned long long sum = 0;
    for (long m = 0; m < n; m++) sum += g[m];
    printf("n %ld seconds %.6f sum %llu max %u\n", n,
           (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec), sum, top);
    return 0;
}
