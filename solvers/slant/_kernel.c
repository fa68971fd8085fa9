/* The Slant ladder's fixpoint in C, for the generator's many "does this level still solve it?"
 * checks. It answers with the domains only: the fixpoint of the count, cycle, duet and probe
 * rules (solvers/slant/rules.py, the reference) does not depend on the order the rules fire in,
 * so this kernel fires them in its own order and counts no steps; the tests hold its domains
 * to the Python ladder's on thousands of boards.
 *
 * Vocabulary as in board.py and rules.py: cell k = r*W + c, vertex v = r*(W+1) + c, a domain is
 * FWD 1, BACK 2 or BOTH 3; a duet is a pair of orthogonally adjacent clued vertices. A State is
 * the domains with a union-find over the vertices joined by decided diagonals (`ring` links each
 * set's members in a circle, so the smaller side of a union can be walked for cells it closes).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FWD = 1, BACK = 2, BOTH = 3 };
enum { COUNT = 1, CYCLE = 2, DUET = 4, PROBE = 8 };
#define NO_CLUE 255
#define CONTRADICTION (-1)

typedef struct {
    int w, h, cells, verts, nduets;
    const unsigned char *clues;
    int *ntouch;          /* [verts] cells at vertex v */
    int (*touch_k)[4];    /* [verts][4] those cells */
    int (*touch_d)[4];    /* [verts][4] the diagonal of each that touches v */
    int (*touch_far)[4];  /* [verts][4] that diagonal's other end */
    int (*duet_k)[6];     /* [nduets][6] cells of the duet's two clues */
    int (*duet_da)[6];    /* diagonal of each touching clue a, or 0 */
    int (*duet_db)[6];    /* diagonal of each touching clue b, or 0 */
    int *duet_n;          /* [nduets] how many cells */
    int *duet_a, *duet_b; /* [nduets] the two vertices */
    int (*cell_duets)[12];
    int *cell_nduets;
} Board;

typedef struct {
    unsigned char *dom;
    int *parent, *size, *ring;
    int open;
} State;

typedef struct {  /* agendas: a queue and an in-queue flag for clues, duets, closing cells */
    int *clue_q, *duet_q, *close_q;
    unsigned char *clue_in, *duet_in, *close_in;
    int nclue, nduet, nclose;
    int rules;
} Agenda;

static void ends(const Board *b, int k, int d, int *x, int *y) {
    int r = k / b->w, c = k % b->w, tl = r * (b->w + 1) + c;
    if (d == FWD) { *x = tl + 1; *y = tl + b->w + 1; }
    else { *x = tl; *y = tl + b->w + 2; }
}

static int find(int *parent, int v) {
    while (parent[v] != v) {
        parent[v] = parent[parent[v]];
        v = parent[v];
    }
    return v;
}

static void push_cell(const Board *b, Agenda *ag, int k) {
    int r = k / b->w, c = k % b->w, tl = r * (b->w + 1) + c;
    int corners[4] = {tl, tl + 1, tl + b->w + 1, tl + b->w + 2};
    if (ag->rules & COUNT)
        for (int i = 0; i < 4; i++) {
            int v = corners[i];
            if (b->clues[v] != NO_CLUE && !ag->clue_in[v]) {
                ag->clue_in[v] = 1;
                ag->clue_q[ag->nclue++] = v;
            }
        }
    if (ag->rules & DUET)
        for (int i = 0; i < b->cell_nduets[k]; i++) {
            int j = b->cell_duets[k][i];
            if (!ag->duet_in[j]) {
                ag->duet_in[j] = 1;
                ag->duet_q[ag->nduet++] = j;
            }
        }
}

/* Decide cell k as d; return CONTRADICTION if d closes a loop (with the cycle rule on). */
static int assign(const Board *b, State *s, Agenda *ag, int k, int d) {
    s->dom[k] = (unsigned char)d;
    s->open--;
    push_cell(b, ag, k);
    if (!(ag->rules & CYCLE)) return 0;
    int x, y;
    ends(b, k, d, &x, &y);
    int ra = find(s->parent, x), rb = find(s->parent, y);
    if (ra == rb) return CONTRADICTION;
    if (s->size[ra] > s->size[rb]) { int t = ra; ra = rb; rb = t; }
    int v = ra;
    do {
        for (int i = 0; i < b->ntouch[v]; i++) {
            int kk = b->touch_k[v][i];
            if (s->dom[kk] == BOTH && !ag->close_in[kk] &&
                find(s->parent, b->touch_far[v][i]) == rb) {
                ag->close_in[kk] = 1;
                ag->close_q[ag->nclose++] = kk;
            }
        }
        v = s->ring[v];
    } while (v != ra);
    s->parent[ra] = rb;
    s->size[rb] += s->size[ra];
    int t = s->ring[ra]; s->ring[ra] = s->ring[rb]; s->ring[rb] = t;
    return 0;
}

static void clear_agenda(Agenda *ag) {
    while (ag->nclue) ag->clue_in[ag->clue_q[--ag->nclue]] = 0;
    while (ag->nduet) ag->duet_in[ag->duet_q[--ag->nduet]] = 0;
    while (ag->nclose) ag->close_in[ag->close_q[--ag->nclose]] = 0;
}

static int count_clue(const Board *b, State *s, Agenda *ag, int v) {
    int n = b->clues[v], on = 0, open = 0;
    for (int i = 0; i < b->ntouch[v]; i++) {
        int x = s->dom[b->touch_k[v][i]];
        if (x == b->touch_d[v][i]) on++;
        else if (x == BOTH) open++;
    }
    if (on > n || on + open < n) return CONTRADICTION;
    if (open && (on == n || on + open == n)) {
        int in = on < n;
        for (int i = 0; i < b->ntouch[v]; i++) {
            int k = b->touch_k[v][i], d = b->touch_d[v][i];
            if (s->dom[k] == BOTH && assign(b, s, ag, k, in ? d : BOTH ^ d) < 0)
                return CONTRADICTION;
        }
    }
    return 0;
}

static int close_cell(const Board *b, State *s, Agenda *ag, int k) {
    if (s->dom[k] != BOTH) return 0;
    int fa, fb, ba, bb;
    ends(b, k, FWD, &fa, &fb);
    ends(b, k, BACK, &ba, &bb);
    int fwd = find(s->parent, fa) == find(s->parent, fb);
    int back = find(s->parent, ba) == find(s->parent, bb);
    if (fwd && back) return CONTRADICTION;
    if (fwd) return assign(b, s, ag, k, BACK);
    if (back) return assign(b, s, ag, k, FWD);
    return 0;
}

/* The duet of adjacent clue pair j on the domains `dom`: its open cells into open_k, and into
 * seen the diagonals each can still take when both clues are met; return how many cells are
 * open, or CONTRADICTION when no way of filling them meets both clues. */
static int duet_options(const Board *b, const unsigned char *dom, int j, int *open_k, int *seen) {
    int need_a = b->clues[b->duet_a[j]], need_b = b->clues[b->duet_b[j]];
    int open_da[6], open_db[6], nopen = 0, survivors = 0;
    for (int i = 0; i < b->duet_n[j]; i++) {
        int k = b->duet_k[j][i], x = dom[k];
        if (x == BOTH) {
            open_k[nopen] = k; open_da[nopen] = b->duet_da[j][i]; open_db[nopen] = b->duet_db[j][i];
            seen[nopen++] = 0;
        } else {
            need_a -= x == b->duet_da[j][i];
            need_b -= x == b->duet_db[j][i];
        }
    }
    for (int m = 0; m < (1 << nopen); m++) {
        int ta = 0, tb = 0;
        for (int i = 0; i < nopen; i++) {
            int x = (m >> i) & 1 ? BACK : FWD;
            ta += x == open_da[i];
            tb += x == open_db[i];
        }
        if (ta != need_a || tb != need_b) continue;
        survivors++;
        for (int i = 0; i < nopen; i++) seen[i] |= (m >> i) & 1 ? BACK : FWD;
    }
    return survivors ? nopen : CONTRADICTION;
}

static int narrow_duet(const Board *b, State *s, Agenda *ag, int j) {
    int open_k[6], seen[6], nopen = duet_options(b, s->dom, j, open_k, seen);
    if (nopen < 0) return CONTRADICTION;
    for (int i = 0; i < nopen; i++)
        if (seen[i] != BOTH && s->dom[open_k[i]] == BOTH &&
            assign(b, s, ag, open_k[i], seen[i]) < 0)
            return CONTRADICTION;
    return 0;
}

/* Run the lower rules from the agenda to their fixpoint; CONTRADICTION or 0. */
static int settle(const Board *b, State *s, Agenda *ag) {
    for (;;) {
        int v, k, j;
        if (ag->nclue) {
            v = ag->clue_q[--ag->nclue];
            ag->clue_in[v] = 0;
            if (count_clue(b, s, ag, v) < 0) break;
        } else if (ag->nclose) {
            k = ag->close_q[--ag->nclose];
            ag->close_in[k] = 0;
            if (close_cell(b, s, ag, k) < 0) break;
        } else if (ag->nduet) {
            j = ag->duet_q[--ag->nduet];
            ag->duet_in[j] = 0;
            if (narrow_duet(b, s, ag, j) < 0) break;
        } else {
            return 0;
        }
    }
    clear_agenda(ag);
    return CONTRADICTION;
}

static void copy_state(const Board *b, State *to, const State *from) {
    memcpy(to->dom, from->dom, (size_t)b->cells);
    memcpy(to->parent, from->parent, sizeof(int) * (size_t)b->verts);
    memcpy(to->size, from->size, sizeof(int) * (size_t)b->verts);
    memcpy(to->ring, from->ring, sizeof(int) * (size_t)b->verts);
    to->open = from->open;
}

/* Refute diagonals by trial until none is refuted; CONTRADICTION or 0. */
static int probe(const Board *b, State *s, State *trial, Agenda *ag, int lower) {
    int refuted_any = 1;
    while (refuted_any && s->open) {
        refuted_any = 0;
        for (int k = 0; k < b->cells; k++) {
            if (s->dom[k] != BOTH) continue;
            int refuted = 0;
            for (int d = FWD; d <= BACK; d++) {
                copy_state(b, trial, s);
                ag->rules = lower;
                if (assign(b, trial, ag, k, d) < 0 || settle(b, trial, ag) < 0) {
                    clear_agenda(ag);
                    refuted |= d;
                }
            }
            if (refuted == BOTH) return CONTRADICTION;
            if (refuted) {
                refuted_any = 1;
                if (assign(b, s, ag, k, BOTH ^ refuted) < 0 || settle(b, s, ag) < 0) {
                    clear_agenda(ag);
                    return CONTRADICTION;
                }
            }
        }
    }
    return 0;
}

/* Return 1 if the complete `dom` meets every clue and closes no loop. */
static int is_solution(const Board *b, const unsigned char *dom, int *parent) {
    for (int v = 0; v < b->verts; v++) {
        if (b->clues[v] == NO_CLUE) continue;
        int on = 0;
        for (int i = 0; i < b->ntouch[v]; i++) on += dom[b->touch_k[v][i]] == b->touch_d[v][i];
        if (on != b->clues[v]) return 0;
    }
    for (int v = 0; v < b->verts; v++) parent[v] = v;
    for (int k = 0; k < b->cells; k++) {
        int x, y;
        ends(b, k, dom[k], &x, &y);
        x = find(parent, x);
        y = find(parent, y);
        if (x == y) return 0;
        parent[x] = y;
    }
    return 1;
}

static void build_tables(Board *b) {
    int w = b->w, stride = w + 1;
    for (int v = 0; v < b->verts; v++) b->ntouch[v] = 0;
    for (int k = 0; k < b->cells; k++) {
        int tl = k / w * stride + k % w;
        int vs[4] = {tl, tl + 1, tl + stride, tl + stride + 1};
        int ds[4] = {BACK, FWD, FWD, BACK};
        int fars[4] = {tl + stride + 1, tl + stride, tl + 1, tl};
        for (int i = 0; i < 4; i++) {
            int v = vs[i], n = b->ntouch[v]++;
            b->touch_k[v][n] = k;
            b->touch_d[v][n] = ds[i];
            b->touch_far[v][n] = fars[i];
        }
        b->cell_nduets[k] = 0;
    }
    b->nduets = 0;
    for (int a = 0; a < b->verts; a++) {
        int nb[2] = {(a + 1) % stride ? a + 1 : -1, a + stride < b->verts ? a + stride : -1};
        for (int t = 0; t < 2; t++) {
            int bv = nb[t];
            if (bv < 0 || b->clues[a] == NO_CLUE || b->clues[bv] == NO_CLUE) continue;
            int j = b->nduets++, n = 0;
            b->duet_a[j] = a;
            b->duet_b[j] = bv;
            for (int i = 0; i < b->ntouch[a]; i++) {
                b->duet_k[j][n] = b->touch_k[a][i];
                b->duet_da[j][n] = b->touch_d[a][i];
                b->duet_db[j][n] = 0;
                n++;
            }
            for (int i = 0; i < b->ntouch[bv]; i++) {
                int k = b->touch_k[bv][i], m = 0;
                while (m < n && b->duet_k[j][m] != k) m++;
                if (m == n) {
                    b->duet_k[j][n] = k;
                    b->duet_da[j][n] = 0;
                    n++;
                }
                b->duet_db[j][m] = b->touch_d[bv][i];
            }
            b->duet_n[j] = n;
            for (int i = 0; i < n; i++) {
                int k = b->duet_k[j][i];
                b->cell_duets[k][b->cell_nduets[k]++] = j;
            }
        }
    }
}

typedef struct {  /* everything one call works in, carved from one block */
    Board b;
    State s, trial;
    Agenda ag;
    char *block;
} Work;

/* Read the puzzle's clues (a tuple: a number or None per vertex) into `out`, NO_CLUE where
 * none; return 0, or -1 with a Python error set. */
static int read_clues(PyObject *clues, int verts, unsigned char *out) {
    if (!PyTuple_Check(clues) || PyTuple_GET_SIZE(clues) != verts) {
        PyErr_SetString(PyExc_ValueError, "clues must be a tuple of (width+1)*(height+1) items");
        return -1;
    }
    for (int v = 0; v < verts; v++) {
        PyObject *item = PyTuple_GET_ITEM(clues, v);
        long n = item == Py_None ? NO_CLUE : PyLong_AsLong(item);
        if (n == -1 && PyErr_Occurred()) return -1;
        if (item != Py_None && (n < 0 || n >= NO_CLUE)) {
            PyErr_SetString(PyExc_ValueError, "a clue must be None or a number below 255");
            return -1;
        }
        out[v] = (unsigned char)n;
    }
    return 0;
}

/* Parse (width, height, clues, rules, ...) into `work`, its tables built and its state the
 * empty board with every clue and duet queued; return 0, or -1 with a Python error set. */
static int setup(Work *work, int w, int h, PyObject *clues, int rules) {
    Board *b = &work->b;
    if (w < 1 || h < 1) {
        PyErr_SetString(PyExc_ValueError, "width and height must be at least 1");
        return -1;
    }
    b->w = w; b->h = h; b->cells = w * h; b->verts = (w + 1) * (h + 1);
    size_t V = (size_t)b->verts, C = (size_t)b->cells, D = 2 * V;
    size_t bytes = V * sizeof(int) * (1 + 12) + D * sizeof(int) * (6 * 3 + 3) +
                   C * sizeof(int) * 13 + 2 * (C + V * 3 * sizeof(int)) +
                   (V + D + C) * (sizeof(int) + 1) + V + 32 * 8;
    char *p = work->block = malloc(bytes);  /* every table is written before it is read */
    if (!p) {
        PyErr_NoMemory();
        return -1;
    }
#define TAKE(ptr, n) do { ptr = (void *)p; p += (n); p += (8 - (size_t)p % 8) % 8; } while (0)
    TAKE(b->ntouch, V * sizeof(int));
    TAKE(b->touch_k, V * 4 * sizeof(int));
    TAKE(b->touch_d, V * 4 * sizeof(int));
    TAKE(b->touch_far, V * 4 * sizeof(int));
    TAKE(b->duet_k, D * 6 * sizeof(int));
    TAKE(b->duet_da, D * 6 * sizeof(int));
    TAKE(b->duet_db, D * 6 * sizeof(int));
    TAKE(b->duet_n, D * sizeof(int));
    TAKE(b->duet_a, D * sizeof(int));
    TAKE(b->duet_b, D * sizeof(int));
    TAKE(b->cell_duets, C * 12 * sizeof(int));
    TAKE(b->cell_nduets, C * sizeof(int));
    State *states[2] = {&work->s, &work->trial};
    for (int i = 0; i < 2; i++) {
        TAKE(states[i]->dom, C);
        TAKE(states[i]->parent, V * sizeof(int));
        TAKE(states[i]->size, V * sizeof(int));
        TAKE(states[i]->ring, V * sizeof(int));
    }
    Agenda *ag = &work->ag;
    TAKE(ag->clue_q, V * sizeof(int)); TAKE(ag->duet_q, D * sizeof(int));
    TAKE(ag->close_q, C * sizeof(int));
    TAKE(ag->clue_in, V); TAKE(ag->duet_in, D); TAKE(ag->close_in, C);
    unsigned char *clue_of;
    TAKE(clue_of, V);
#undef TAKE
    if ((size_t)(p - work->block) > bytes) abort();
    if (read_clues(clues, b->verts, clue_of) < 0) {
        free(work->block);
        return -1;
    }
    b->clues = clue_of;
    memset(ag->clue_in, 0, V);
    memset(ag->duet_in, 0, D);
    memset(ag->close_in, 0, C);
    build_tables(b);
    State *s = &work->s;
    memset(s->dom, BOTH, C);
    s->open = b->cells;
    for (int v = 0; v < b->verts; v++) { s->parent[v] = s->ring[v] = v; s->size[v] = 1; }
    ag->nclue = ag->nduet = ag->nclose = 0;
    ag->rules = rules & (COUNT | CYCLE | DUET);
    if (rules & COUNT)
        for (int v = 0; v < b->verts; v++)
            if (b->clues[v] != NO_CLUE) { ag->clue_in[v] = 1; ag->clue_q[ag->nclue++] = v; }
    if (rules & DUET)
        for (int j = 0; j < b->nduets; j++) { ag->duet_in[j] = 1; ag->duet_q[ag->nduet++] = j; }
    return 0;
}

/* Run `rules` from the agenda to their fixpoint; CONTRADICTION, or 0 and the domains in s. */
static int run(Work *work, State *s, int rules) {
    if (settle(&work->b, s, &work->ag) < 0) return CONTRADICTION;
    if (rules & PROBE)
        return probe(&work->b, s, &work->trial, &work->ag, rules & (COUNT | CYCLE | DUET));
    return 0;
}

/* Return the solutions below `s` (its agenda queued), up to `limit`: propagate, then branch on
 * the first open cell. */
static int count_below(Work *work, State *s, int rules, int limit) {
    const Board *b = &work->b;
    if (run(work, s, rules) < 0) return 0;
    if (!s->open) return is_solution(b, s->dom, work->trial.parent);
    int k = 0;
    while (s->dom[k] != BOTH) k++;
    size_t V = (size_t)b->verts, C = (size_t)b->cells;
    char *block = malloc(C + 3 * V * sizeof(int));
    if (!block) return -1;
    State child = {(unsigned char *)block + 3 * V * sizeof(int), (int *)block,
                   (int *)block + V, (int *)block + 2 * V, 0};
    int found = 0;
    for (int d = FWD; d <= BACK && found < limit; d++) {
        copy_state(b, &child, s);
        if (assign(b, &child, &work->ag, k, d) < 0) {
            clear_agenda(&work->ag);
            continue;
        }
        int below = count_below(work, &child, rules, limit - found);
        if (below < 0) { found = -1; break; }
        found += below;
    }
    free(block);
    return found;
}

static PyObject *fixpoint(PyObject *self, PyObject *args) {
    int w, h, rules;
    PyObject *clues;
    Work work;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiOi", &w, &h, &clues, &rules)) return NULL;
    if (setup(&work, w, h, clues, rules) < 0) return NULL;
    State *s = &work.s;
    int result = run(&work, s, rules);
    if (result == 0 && !s->open && !is_solution(&work.b, s->dom, work.trial.parent))
        result = CONTRADICTION;
    PyObject *out = result < 0 ? Py_NewRef(Py_None)
                               : PyBytes_FromStringAndSize((const char *)s->dom, work.b.cells);
    free(work.block);
    return out;
}

static PyObject *count(PyObject *self, PyObject *args) {
    int w, h, rules, limit;
    PyObject *clues;
    Work work;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiOii", &w, &h, &clues, &rules, &limit)) return NULL;
    if (setup(&work, w, h, clues, rules) < 0) return NULL;
    int found = limit > 0 ? count_below(&work, &work.s, rules, limit) : 0;
    free(work.block);
    if (found < 0) return PyErr_NoMemory();
    return PyLong_FromLong(found);
}

/* ---- The explainer's walk (solvers/slant/explain.py over solvers/core/walk.py) ----
 *
 * The same places in the same order: count at each clued vertex, cycle, duet at each adjacent
 * clue pair, probe. Each time the first dirty place runs on the walk's domains `dom`; a place that
 * narrows nothing is clean until a cell it reads changes (cycle and probe read every cell). Each
 * application that narrows is a step: its rule, the cells it decided (ascending) and the earlier
 * steps that last changed a cell it read (count and duet: their clues' cells; cycle: the path
 * that would close the loop; probe: every cell). A place's answer is the Python rule's: the
 * lower rules' fixpoints found here in another order are the same (see the top of the file).
 */

enum { R_COUNT, R_CYCLE, R_DUET, R_PROBE };

typedef struct {
    Work *work;
    unsigned char *dom;   /* the walk's domains */
    State cyc;            /* union-find of the decided cells (the cycle place's base) */
    unsigned char *cyc_dom;
    int cyc_failed;
    int *last;            /* [cells] the step that last changed the cell, or -1 */
    int nclued, *clued;   /* the clued vertices in order: count place i is clued[i] */
    int *place_of_clue;   /* [verts] its count place, or -1 */
    int probe_from;
    int *mark, stamp;     /* [cells] steps seen while collecting depends */
    int *chain, depth;    /* [cells] each step's longest chain of steps (see walk's doc) */
    int *buf;             /* [cells] scratch: decided cells, then depends */
    int *queue, *came_v, *came_k;  /* [verts] the path search */
} Walk;

static void isort(int *a, int n) {
    for (int i = 1; i < n; i++) {
        int x = a[i], j = i;
        while (j > 0 && a[j - 1] > x) { a[j] = a[j - 1]; j--; }
        a[j] = x;
    }
}

/* Join the decided cells of `dom` the cycle base has not yet seen into its union-find;
 * return 1 if some decided diagonal closes a loop (then and ever after). */
static int sync_cycle(Walk *wk) {
    const Board *b = &wk->work->b;
    for (int k = 0; k < b->cells; k++) {
        if (wk->cyc_dom[k] == wk->dom[k]) continue;
        int d = wk->dom[k], x, y;
        wk->cyc_dom[k] = (unsigned char)d;
        ends(b, k, d, &x, &y);
        int ra = find(wk->cyc.parent, x), rb = find(wk->cyc.parent, y);
        if (ra == rb) { wk->cyc_failed = 1; continue; }
        if (wk->cyc.size[ra] > wk->cyc.size[rb]) { int t = ra; ra = rb; rb = t; }
        wk->cyc.parent[ra] = rb;
        wk->cyc.size[rb] += wk->cyc.size[ra];
        int t = wk->cyc.ring[ra]; wk->cyc.ring[ra] = wk->cyc.ring[rb]; wk->cyc.ring[rb] = t;
    }
    return wk->cyc_failed;
}

/* Copy the walk's domains and the cycle base's union-find into the trial state. */
static void trial_from_walk(Walk *wk) {
    const Board *b = &wk->work->b;
    State *t = &wk->work->trial;
    memcpy(t->dom, wk->dom, (size_t)b->cells);
    memcpy(t->parent, wk->cyc.parent, sizeof(int) * (size_t)b->verts);
    memcpy(t->size, wk->cyc.size, sizeof(int) * (size_t)b->verts);
    memcpy(t->ring, wk->cyc.ring, sizeof(int) * (size_t)b->verts);
    t->open = 0;
}

static int closes(const Board *b, int *parent, int k, int d) {
    int x, y;
    ends(b, k, d, &x, &y);
    return find(parent, x) == find(parent, y);
}

/* Each place returns CONTRADICTION, 0 (narrows nothing) or how many cells it decided, written
 * into wk->buf; `read`/`nread` get the cells it read (nread -1: every cell). */

static int walk_count(Walk *wk, int v, int *nread) {
    const Board *b = &wk->work->b;
    int n = b->clues[v], on = 0, open = 0, nd = 0;
    for (int i = 0; i < b->ntouch[v]; i++) {
        int x = wk->dom[b->touch_k[v][i]];
        if (x == b->touch_d[v][i]) on++;
        else if (x == BOTH) open++;
    }
    *nread = b->ntouch[v];
    for (int i = 0; i < b->ntouch[v]; i++) wk->buf[b->cells + i] = b->touch_k[v][i];
    if (on > n || on + open < n) return CONTRADICTION;
    if (!open || (n != on && n != on + open)) return 0;
    for (int i = 0; i < b->ntouch[v]; i++) {
        int k = b->touch_k[v][i], d = b->touch_d[v][i];
        if (wk->dom[k] != BOTH) continue;
        wk->dom[k] = (unsigned char)(on < n ? d : BOTH ^ d);
        wk->buf[nd++] = k;
    }
    return nd;
}

static int walk_duet(Walk *wk, int j, int *nread) {
    const Board *b = &wk->work->b;
    *nread = b->duet_n[j];
    for (int i = 0; i < b->duet_n[j]; i++) wk->buf[b->cells + i] = b->duet_k[j][i];
    int open_k[6], seen[6], nd = 0, nopen = duet_options(b, wk->dom, j, open_k, seen);
    if (nopen < 0) return CONTRADICTION;
    for (int i = 0; i < nopen; i++)
        if (seen[i] != BOTH) {
            wk->dom[open_k[i]] = (unsigned char)seen[i];
            wk->buf[nd++] = open_k[i];
        }
    return nd;
}

/* The cells whose diagonals join the ends of diagonal d of cell k in the walk's domains (a
 * forest, so one path), into wk->buf from `at`; return how many. */
static int loop_path(Walk *wk, int k, int d, int at) {
    const Board *b = &wk->work->b;
    int start, goal, head = 0, tail = 0, n = 0;
    ends(b, k, d, &start, &goal);
    for (int v = 0; v < b->verts; v++) wk->came_v[v] = -2;
    wk->came_v[start] = -1;
    wk->queue[tail++] = start;
    while (head < tail && wk->came_v[goal] == -2) {
        int a = wk->queue[head++];
        for (int i = 0; i < b->ntouch[a]; i++) {
            int j = b->touch_k[a][i], u = b->touch_far[a][i];
            if (wk->dom[j] == b->touch_d[a][i] && wk->came_v[u] == -2) {
                wk->came_v[u] = a;
                wk->came_k[u] = j;
                wk->queue[tail++] = u;
            }
        }
    }
    for (int v = goal; wk->came_v[v] >= 0; v = wk->came_v[v]) wk->buf[at + n++] = wk->came_k[v];
    return n;
}

static int walk_cycle(Walk *wk, int *nread) {
    Work *work = wk->work;
    const Board *b = &work->b;
    *nread = 0;
    if (sync_cycle(wk)) return CONTRADICTION;
    int *parent = wk->cyc.parent, first = -1;
    Agenda *ag = &work->ag;
    for (int k = 0; k < b->cells; k++)
        if (wk->dom[k] == BOTH && (closes(b, parent, k, FWD) || closes(b, parent, k, BACK))) {
            if (first < 0) first = k;
            ag->close_in[k] = 1;
            ag->close_q[ag->nclose++] = k;
        }
    if (first < 0) return 0;
    int fwd_closes = closes(b, parent, first, FWD);
    trial_from_walk(wk);
    ag->rules = CYCLE;
    if ((fwd_closes && closes(b, parent, first, BACK)) || settle(b, &work->trial, ag) < 0) {
        clear_agenda(ag);
        return CONTRADICTION;
    }
    int keep = fwd_closes ? BACK : FWD;
    *nread = loop_path(wk, first, BOTH ^ keep, b->cells);
    wk->dom[first] = (unsigned char)keep;
    wk->buf[0] = first;
    return 1;
}

static int walk_probe(Walk *wk, int *nread) {
    Work *work = wk->work;
    const Board *b = &work->b;
    Agenda *ag = &work->ag;
    *nread = -1;
    if (!memchr(wk->dom, BOTH, (size_t)b->cells)) return 0;
    if (sync_cycle(wk)) return CONTRADICTION;
    for (int offset = 0; offset < b->cells; offset++) {
        int k = (wk->probe_from + offset) % b->cells, refuted = 0;
        if (wk->dom[k] != BOTH) continue;
        for (int d = FWD; d <= BACK; d++) {
            trial_from_walk(wk);
            ag->rules = COUNT | CYCLE | DUET;
            if (assign(b, &work->trial, ag, k, d) < 0 || settle(b, &work->trial, ag) < 0) {
                clear_agenda(ag);
                refuted |= d;
            }
        }
        if (refuted == BOTH) return CONTRADICTION;
        if (refuted) {
            wk->probe_from = k;
            wk->dom[k] = (unsigned char)(BOTH ^ refuted);
            wk->buf[0] = k;
            return 1;
        }
    }
    return 0;
}

/* The earlier steps that last changed a cell read (nread -1: every cell; else the cells at
 * wk->buf + cells), ascending, as a Python tuple; note step `index`'s chain. */
static PyObject *depends(Walk *wk, int nread, int index) {
    const Board *b = &wk->work->b;
    int n = 0, *out = wk->buf, stamp = ++wk->stamp, longest = 0;
    int count = nread < 0 ? b->cells : nread;
    int *read = wk->buf + b->cells;
    for (int i = 0; i < count; i++) {
        int s = wk->last[nread < 0 ? i : read[i]];
        if (s >= 0 && wk->mark[s] != stamp) {
            wk->mark[s] = stamp;
            out[n++] = s;
            if (wk->chain[s] > longest) longest = wk->chain[s];
        }
    }
    wk->chain[index] = longest + 1;
    if (longest + 1 > wk->depth) wk->depth = longest + 1;
    isort(out, n);
    PyObject *tuple = PyTuple_New(n);
    for (int i = 0; tuple && i < n; i++) PyTuple_SET_ITEM(tuple, i, PyLong_FromLong(out[i]));
    return tuple;
}

/* The stored items of a step's decided cells: "k=/ k=\\ ..." (solvers/core/explain.py). */
static PyObject *items(const unsigned char *dom, const int *cells, int n) {
    char text[6 * 16], *at = text;  /* a step decides at most 6 cells */
    for (int i = 0; i < n; i++)
        at += sprintf(at, i ? " %d=%c" : "%d=%c", cells[i], dom[cells[i]] == FWD ? '/' : '\\');
    return PyUnicode_FromStringAndSize(text, at - text);
}

static PyObject *int_tuple(const int *a, int n) {
    PyObject *tuple = PyTuple_New(n);
    for (int i = 0; tuple && i < n; i++) PyTuple_SET_ITEM(tuple, i, PyLong_FromLong(a[i]));
    return tuple;
}

/* Walk from the empty board; return the list of steps, Py_None for a contradiction, or NULL
 * with a Python error set. */
static PyObject *run_walk(Walk *wk) {
    Work *work = wk->work;
    const Board *b = &work->b;
    int cycle = wk->nclued, probe = cycle + 1 + b->nduets, nplaces = probe + 1, lo = 0;
    unsigned char *dirty = malloc((size_t)nplaces);
    PyObject *steps = PyList_New(0);
    if (!dirty || !steps) { free(dirty); Py_XDECREF(steps); return PyErr_NoMemory(); }
    memset(dirty, 1, (size_t)nplaces);
    int *decided = malloc(sizeof(int) * (size_t)b->cells);
    if (!decided) { free(dirty); Py_DECREF(steps); return PyErr_NoMemory(); }
    while (lo < nplaces) {
        if (!dirty[lo]) { lo++; continue; }
        int r = lo, nread = 0, found, rule;
        if (r < cycle) { rule = R_COUNT; found = walk_count(wk, wk->clued[r], &nread); }
        else if (r == cycle) { rule = R_CYCLE; found = walk_cycle(wk, &nread); }
        else if (r < probe) { rule = R_DUET; found = walk_duet(wk, r - cycle - 1, &nread); }
        else { rule = R_PROBE; found = walk_probe(wk, &nread); }
        if (found < 0) { Py_DECREF(steps); steps = Py_NewRef(Py_None); break; }
        if (!found) { dirty[r] = 0; continue; }
        memcpy(decided, wk->buf, sizeof(int) * (size_t)found);
        isort(decided, found);
        int index = (int)PyList_GET_SIZE(steps);
        PyObject *cells = int_tuple(decided, found), *needs = depends(wk, nread, index);
        PyObject *text = items(wk->dom, decided, found);
        PyObject *step = cells && needs && text ? Py_BuildValue("(iOOO)", rule, cells, needs, text)
                                                : NULL;
        Py_XDECREF(cells);
        Py_XDECREF(needs);
        Py_XDECREF(text);
        if (!step || PyList_Append(steps, step) < 0) {
            Py_XDECREF(step);
            Py_DECREF(steps);
            steps = NULL;
            break;
        }
        Py_DECREF(step);
        for (int i = 0; i < found; i++) {
            int k = decided[i], tl = k / b->w * (b->w + 1) + k % b->w;
            int corners[4] = {tl, tl + 1, tl + b->w + 1, tl + b->w + 2};
            wk->last[k] = index;
            for (int c = 0; c < 4; c++) {
                int place = wk->place_of_clue[corners[c]];
                if (place >= 0) { dirty[place] = 1; if (place < lo) lo = place; }
            }
            for (int m = 0; m < b->cell_nduets[k]; m++) dirty[cycle + 1 + b->cell_duets[k][m]] = 1;
        }
        dirty[cycle] = dirty[probe] = 1;
        if (cycle < lo) lo = cycle;
    }
    free(dirty);
    free(decided);
    return steps;
}

static PyObject *walk(PyObject *self, PyObject *args) {
    int w, h;
    PyObject *clues;
    Work work;
    Walk wk;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiO", &w, &h, &clues)) return NULL;
    if (setup(&work, w, h, clues, COUNT | CYCLE | DUET) < 0) return NULL;
    clear_agenda(&work.ag);
    const Board *b = &work.b;
    size_t V = (size_t)b->verts, C = (size_t)b->cells;
    char *block = calloc(1, 3 * C + V * sizeof(int) * 8 + C * sizeof(int) * 5 + 64);
    if (!block) { free(work.block); return PyErr_NoMemory(); }
    int *ints = (int *)block;
    wk.work = &work;
    wk.cyc.parent = ints; ints += V;
    wk.cyc.size = ints; ints += V;
    wk.cyc.ring = ints; ints += V;
    wk.clued = ints; ints += V;
    wk.place_of_clue = ints; ints += V;
    wk.queue = ints; ints += V;
    wk.came_v = ints; ints += V;
    wk.came_k = ints; ints += V;
    wk.last = ints; ints += C;
    wk.mark = ints; ints += C;
    wk.chain = ints; ints += C;
    wk.buf = ints; ints += 2 * C;
    wk.dom = (unsigned char *)ints;
    wk.cyc_dom = wk.dom + C;
    memset(wk.dom, BOTH, 2 * C);
    wk.cyc.dom = wk.cyc_dom;
    wk.cyc_failed = 0;
    wk.probe_from = 0;
    wk.stamp = wk.depth = 0;
    wk.nclued = 0;
    for (int v = 0; v < b->verts; v++) {
        wk.cyc.parent[v] = wk.cyc.ring[v] = v;
        wk.cyc.size[v] = 1;
        wk.place_of_clue[v] = b->clues[v] == NO_CLUE ? -1 : wk.nclued;
        if (b->clues[v] != NO_CLUE) wk.clued[wk.nclued++] = v;
    }
    for (size_t k = 0; k < C; k++) { wk.last[k] = -1; wk.mark[k] = 0; }
    PyObject *steps = run_walk(&wk), *out = NULL;
    if (steps == Py_None) out = steps;
    else if (steps) {
        out = Py_BuildValue("(Oy#i)", steps, (const char *)wk.dom, (Py_ssize_t)C, wk.depth);
        Py_DECREF(steps);
    }
    free(block);
    free(work.block);
    return out;
}

static PyMethodDef methods[] = {
    {"fixpoint", fixpoint, METH_VARARGS,
     "fixpoint(width, height, clues, rules) -> bytes | None\n\n"
     "Return the domains (one byte per cell: 1 '/', 2 '\\\\', 3 open) at the fixpoint of the\n"
     "rules in the bit set `rules` (1 count, 2 cycle, 4 duet, 8 probe) on the puzzle whose\n"
     "vertex clues are `clues` (a number or None per vertex), or None when the rules\n"
     "find a contradiction or decide every cell into something that is not a solution."},
    {"count", count, METH_VARARGS,
     "count(width, height, clues, rules, limit) -> int\n\n"
     "Return how many solutions the puzzle has, up to `limit`, found by propagating `rules`\n"
     "(as in fixpoint) and branching on the first open cell."},
    {"walk", walk, METH_VARARGS,
     "walk(width, height, clues) -> (steps, domains, depth) | None\n\n"
     "Return the explainer's walk from the empty board (solvers/slant/explain.py): a list of\n"
     "steps (rule index in the ladder, the cells decided ascending, the earlier steps it\n"
     "depends on, the stored items of its cells), the domains it ends with and the length of\n"
     "the longest chain of steps each depending on the one before; None when a place finds a\n"
     "contradiction."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernel",
                                    "The Slant ladder's fixpoint in C (see _kernel.c).", -1,
                                    methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModule_Create(&module); }
