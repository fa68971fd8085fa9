/* The brute-force filling counter of brute.py in C: the same search, placement for placement.
 *
 * Cells are filled in row-major order, '/' (1) before '\' (2); a diagonal is placed only when it
 * joins two lattice points not yet joined (a rollback union-find: no loop ever closes), and the
 * search goes deeper only while every corner of the cell still has its clue within reach
 * (touched <= clue <= touched + unfilled). A vertex's last cell leaves it touched == clue, so a
 * complete filling obeys both rules of the rulebook and is a solution. It shares no code with
 * the ladder or its kernel (_kernel.c). Vocabulary as in brute.py; `nodes` counts placements.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

#define NO_CLUE 255

typedef struct {
    int w, cells, limit, found;
    long long nodes, max_nodes;  /* max_nodes < 0: no budget */
    const unsigned char *clues;
    int *touched, *unfilled, *parent, *size, *history, nhistory;
    unsigned char *filling, *solutions; /* solutions: `limit` fillings of `cells` bytes */
} Search;

static int find(const Search *s, int x) {
    while (s->parent[x] != x) x = s->parent[x];
    return x;
}

/* Join the sets of a and b (union by size, recorded for rollback); 0 if already one set. */
static int join(Search *s, int a, int b) {
    a = find(s, a);
    b = find(s, b);
    if (a == b) return 0;
    if (s->size[a] < s->size[b]) {
        int t = a;
        a = b;
        b = t;
    }
    s->parent[b] = a;
    s->size[a] += s->size[b];
    s->history[s->nhistory++] = b;
    return 1;
}

static void rollback(Search *s, int mark) {
    while (s->nhistory > mark) {
        int b = s->history[--s->nhistory];
        s->size[s->parent[b]] -= s->size[b];
        s->parent[b] = b;
    }
}

static int within_reach(const Search *s, int v) {
    int n = s->clues[v];
    return n == NO_CLUE || (s->touched[v] <= n && n <= s->touched[v] + s->unfilled[v]);
}

/* Fill cells i.. in every consistent way; return 0 once `limit` is reached or nodes run out. */
static int fill(Search *s, int i) {
    if (i == s->cells) {
        memcpy(s->solutions + (size_t)s->found * s->cells, s->filling, s->cells);
        return ++s->found < s->limit;
    }
    int stride = s->w + 1, tl = i / s->w * stride + i % s->w;
    int corners[4] = {tl, tl + 1, tl + stride, tl + stride + 1};
    int ends[2][2] = {{tl + 1, tl + stride}, {tl, tl + stride + 1}};
    for (int d = 0; d < 2; d++) {
        int mark = s->nhistory;
        if (!join(s, ends[d][0], ends[d][1])) continue;
        if (s->max_nodes >= 0 && s->nodes >= s->max_nodes) {
            rollback(s, mark);
            return 0;
        }
        s->nodes++;
        for (int j = 0; j < 4; j++) s->unfilled[corners[j]]--;
        s->touched[ends[d][0]]++;
        s->touched[ends[d][1]]++;
        s->filling[i] = (unsigned char)(d + 1);
        int go_on = 1;
        if (within_reach(s, corners[0]) && within_reach(s, corners[1]) &&
            within_reach(s, corners[2]) && within_reach(s, corners[3]))
            go_on = fill(s, i + 1);
        s->touched[ends[d][0]]--;
        s->touched[ends[d][1]]--;
        for (int j = 0; j < 4; j++) s->unfilled[corners[j]]++;
        rollback(s, mark);
        if (!go_on) return 0;
    }
    return 1;
}

static PyObject *count(PyObject *self, PyObject *args) {
    (void)self;
    int w, h, limit;
    long long max_nodes;
    const unsigned char *clues;
    Py_ssize_t nclues;
    if (!PyArg_ParseTuple(args, "iiy#iL", &w, &h, &clues, &nclues, &limit, &max_nodes))
        return NULL;
    if (w < 1 || h < 1 || nclues != (Py_ssize_t)(w + 1) * (h + 1) || limit < 1) {
        PyErr_SetString(PyExc_ValueError,
                        "count: clues must hold (width+1)*(height+1) bytes, limit >= 1");
        return NULL;
    }
    int verts = (int)nclues, cells = w * h;
    Search s = {.w = w, .cells = cells, .limit = limit, .max_nodes = max_nodes, .clues = clues};
    int *ints = calloc((size_t)verts * 4 + cells, sizeof(int));
    unsigned char *bytes = malloc((size_t)cells * (limit + 1));
    if (!ints || !bytes) {
        free(ints);
        free(bytes);
        return PyErr_NoMemory();
    }
    s.touched = ints;
    s.unfilled = ints + verts;
    s.parent = ints + 2 * verts;
    s.size = ints + 3 * verts;
    s.history = ints + 4 * verts;
    s.filling = bytes;
    s.solutions = bytes + cells;
    for (int v = 0; v < verts; v++) {
        s.parent[v] = v;
        s.size[v] = 1;
    }
    for (int k = 0; k < cells; k++) {
        int tl = k / w * (w + 1) + k % w;
        s.unfilled[tl]++;
        s.unfilled[tl + 1]++;
        s.unfilled[tl + w + 1]++;
        s.unfilled[tl + w + 2]++;
    }
    int complete = fill(&s, 0);
    PyObject *found = PyList_New(s.found);
    for (int j = 0; found && j < s.found; j++) {
        PyObject *one = PyBytes_FromStringAndSize((const char *)s.solutions + (size_t)j * cells,
                                                  cells);
        if (!one) Py_CLEAR(found);
        else PyList_SET_ITEM(found, j, one);
    }
    free(ints);
    free(bytes);
    if (!found) return NULL;
    return Py_BuildValue("NLO", found, s.nodes, complete ? Py_True : Py_False);
}

static PyMethodDef methods[] = {
    {"count", count, METH_VARARGS,
     "count(width, height, clues, limit, max_nodes) -> (list[bytes], int, bool)\n\n"
     "Return the fillings found (one byte per cell: 1 '/', 2 '\\\\'), up to `limit`, of the\n"
     "puzzle whose vertex clues are `clues` (one byte per vertex, 255 for none), the placements\n"
     "made, and whether the search ran to its end (False: it stopped at `limit` fillings or at\n"
     "`max_nodes` placements; max_nodes < 0: no budget)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_brute",
                                    "Slant's brute-force filling counter in C (see _brute.c).",
                                    -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__brute(void) { return PyModule_Create(&module); }
