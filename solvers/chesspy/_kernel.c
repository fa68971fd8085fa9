/* The Chesspy ladder's sweep (rules.py: Propagation.run, the reference) in C, for boards of at
 * most 64 cells, where the generator asks "does this rule set still solve it?" hundreds of times
 * a puzzle. It runs the same places in the same order with the same tests, so it takes the same
 * steps and ends on the same `may` sets; it keeps no Step records (a trace comes from Python).
 *
 * Vocabulary as in rules.py: may[0..3] the cells where EMPTY, ROOK, BISHOP, KNIGHT are still
 * possible; `free` the unnumbered cells; a zero place carries the three masks of the cells a
 * rook, bishop, knight would attack the zero from; a number place n and the same three masks.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t Mask;
enum { ZERO = 1, NUMBER = 2, BOARD = 4, TYPE = 8 };
enum { MET, EXACT, ALL_ATTACK };
#define CONTRADICTION (-1)
#define NARROWED 1
#define NOTHING 0

static int bits(Mask m) { return __builtin_popcountll(m); }

static Mask undecided(const Mask *may) {
    return (may[0] & (may[1] | may[2] | may[3])) | (may[1] & (may[2] | may[3])) |
           (may[2] & may[3]);
}

static Mask placed_as(const Mask *may, int i) {
    Mask others = 0;
    for (int j = 0; j < 4; j++)
        if (j != i) others |= may[j];
    return may[i] & ~others;
}

static int number(Mask *may, int n, int kind, const Mask *aimed, int total) {
    Mask e = may[0], r = may[1], b = may[2], x = may[3];
    Mask reach = (r & aimed[0]) | (b & aimed[1]) | (x & aimed[2]);
    Mask placed = (r & ~(e | b | x)) | (b & ~(e | r | x)) | (x & ~(e | r | b));
    int on = bits(reach & placed);
    Mask open = reach & ~placed;
    int count_open = bits(open);
    if (on > n || on + count_open < n) return CONTRADICTION;
    if (kind == MET) {
        if (on < n || !open) return NOTHING;
        for (int i = 1; i < 4; i++) may[i] &= ~(aimed[i - 1] & open);
    } else if (kind == EXACT) {
        if (on + count_open != n || !open) return NOTHING;
        may[0] &= ~open;
        for (int i = 1; i < 4; i++) may[i] &= ~(open & ~aimed[i - 1]);
    } else {
        int missing = n - on, unplaced = total - bits(placed);
        if (missing > unplaced) return CONTRADICTION;
        if (missing == 0 || missing != unplaced) return NOTHING;
        for (int i = 1; i < 4; i++) may[i] &= aimed[i - 1] | placed;
    }
    return NARROWED;
}

static int board_rule(Mask *may, int kind, Mask free, int total, const int *counts) {
    if (kind == 0) { /* all-placed */
        Mask filled = free & ~may[0];
        int count = bits(filled);
        if (count > total) return CONTRADICTION;
        if (count < total) return NOTHING;
        for (int i = 1; i < 4; i++) may[i] &= filled;
        return NARROWED;
    }
    if (kind == 1) { /* fill */
        Mask filled = free & ~may[0];
        Mask open = (may[1] | may[2] | may[3]) & may[0];
        int reach = bits(filled) + bits(open);
        if (reach < total) return CONTRADICTION;
        if (reach > total || !open) return NOTHING;
        may[0] &= ~open;
        return NARROWED;
    }
    int i = kind - 1; /* used-up of piece index i (kinds 2, 3, 4) */
    Mask placed = placed_as(may, i);
    int count = bits(placed);
    if (count > counts[i]) return CONTRADICTION;
    if (count < counts[i]) return NOTHING;
    may[i] &= placed;
    return NARROWED;
}

static int type_rule(Mask *may, int i, const int *counts) {
    Mask placed = placed_as(may, i);
    Mask open = may[i] & ~placed;
    int left = counts[i] - bits(placed);
    if (bits(open) < left) return CONTRADICTION;
    if (bits(open) != left || !open) return NOTHING;
    for (int j = 0; j < 4; j++)
        if (j != i) may[j] &= ~open;
    return NARROWED;
}

typedef struct {
    int rule;  /* ladder index 0..3 */
    int kind;  /* zero: -, number: MET/EXACT/ALL_ATTACK, board: 0..4, type: piece index */
    int n;
    const Mask *aimed;
} Place;

static PyObject *sweep(PyObject *self, PyObject *args) {
    (void)self;
    unsigned long long e, r, b, x, free_;
    int total, rook_count, bishop_count, knight_count, rules;
    const char *zeros, *numbers;
    Py_ssize_t nzeros, nnumbers;
    if (!PyArg_ParseTuple(args, "(KKKK)Kiiiiiy#y#", &e, &r, &b, &x, &free_, &total, &rook_count,
                          &bishop_count, &knight_count, &rules, &zeros, &nzeros, &numbers,
                          &nnumbers))
        return NULL;
    if (nzeros % (3 * sizeof(Mask)) || nnumbers % (4 * sizeof(Mask))) {
        PyErr_SetString(PyExc_ValueError, "sweep: zeros hold 3 masks a place, numbers 4");
        return NULL;
    }
    int zero_places = (int)(nzeros / (3 * sizeof(Mask)));
    int number_cells = (int)(nnumbers / (4 * sizeof(Mask)));
    Mask *zero_masks = PyMem_Malloc((size_t)(nzeros + nnumbers) + 1);
    Place *plan = PyMem_Malloc(sizeof(Place) * (size_t)(zero_places + 3 * number_cells + 8));
    if (!zero_masks || !plan) {
        PyMem_Free(zero_masks);
        PyMem_Free(plan);
        return PyErr_NoMemory();
    }
    memcpy(zero_masks, zeros, (size_t)nzeros);
    Mask *number_masks = zero_masks + 3 * zero_places;
    memcpy(number_masks, numbers, (size_t)nnumbers);
    int places = 0;
    if (rules & ZERO)
        for (int z = 0; z < zero_places; z++) plan[places++] = (Place){0, 0, 0, zero_masks + 3 * z};
    if (rules & NUMBER)
        for (int c = 0; c < number_cells; c++)
            for (int kind = MET; kind <= ALL_ATTACK; kind++)
                plan[places++] = (Place){1, kind, (int)number_masks[4 * c],
                                         number_masks + 4 * c + 1};
    if (rules & BOARD)
        for (int kind = 0; kind < 5; kind++) plan[places++] = (Place){2, kind, 0, NULL};
    if (rules & TYPE)
        for (int i = 1; i < 4; i++) plan[places++] = (Place){3, i, 0, NULL};

    Mask may[4] = {e, r, b, x}, free = free_;
    int counts[4] = {0, rook_count, bishop_count, knight_count};
    int tally[4] = {0, 0, 0, 0}, first[4], nfirst = 0, steps = 0, changed = 1;
    long *idle = PyMem_Malloc(sizeof(long) * (size_t)(places + 1));
    if (!idle) {
        PyMem_Free(zero_masks);
        PyMem_Free(plan);
        return PyErr_NoMemory();
    }
    for (int j = 0; j < places; j++) idle[j] = -1;
    while (changed && undecided(may)) {
        changed = 0;
        for (int j = 0; j < places && steps >= 0; j++) {
            if (idle[j] == steps) continue;
            const Place *p = &plan[j];
            Mask before[4] = {may[0], may[1], may[2], may[3]};
            int result;
            if (p->rule == 0) {
                for (int i = 1; i < 4; i++) may[i] &= ~p->aimed[i - 1];
                result = NARROWED;
            } else if (p->rule == 1) {
                result = number(may, p->n, p->kind, p->aimed, total);
            } else if (p->rule == 2) {
                result = board_rule(may, p->kind, free, total, counts);
            } else {
                result = type_rule(may, p->kind, counts);
            }
            if (result == CONTRADICTION) {
                steps = CONTRADICTION;
                break;
            }
            if (result == NOTHING || !memcmp(before, may, sizeof may)) {
                idle[j] = steps;
                continue;
            }
            if (free & ~(may[0] | may[1] | may[2] | may[3])) {
                steps = CONTRADICTION; /* a cell with no value left */
                break;
            }
            steps++;
            changed = 1;
            if (!tally[p->rule]++) first[nfirst++] = p->rule;
        }
        if (steps < 0) break;
    }
    PyMem_Free(idle);
    PyMem_Free(zero_masks);
    PyMem_Free(plan);
    PyObject *order = PyTuple_New(nfirst);
    if (!order) return NULL;
    for (int i = 0; i < nfirst; i++)
        PyTuple_SET_ITEM(order, i, Py_BuildValue("(ii)", first[i], tally[first[i]]));
    return Py_BuildValue("i(KKKK)N", steps, (unsigned long long)may[0],
                         (unsigned long long)may[1], (unsigned long long)may[2],
                         (unsigned long long)may[3], order);
}

static PyObject *domains(PyObject *self, PyObject *args) {
    (void)self;
    unsigned long long e, r, b, x, free;
    int cells;
    if (!PyArg_ParseTuple(args, "(KKKK)Ki", &e, &r, &b, &x, &free, &cells)) return NULL;
    if (cells < 0 || cells > 64) {
        PyErr_SetString(PyExc_ValueError, "domains: a board of 0 to 64 cells");
        return NULL;
    }
    char out[64];
    for (int k = 0; k < cells; k++)
        out[k] = (char)(free >> k & 1 ? (e >> k & 1) | (r >> k & 1) << 1 | (b >> k & 1) << 2 |
                                            (x >> k & 1) << 3
                                      : 1);
    return PyBytes_FromStringAndSize(out, cells);
}

static PyMethodDef methods[] = {
    {"sweep", sweep, METH_VARARGS,
     "sweep(may, free, total, rooks, bishops, knights, rules, zeros, numbers)\n"
     "    -> (steps, may, ((rule index, steps), ...))\n\n"
     "Run rules.py's sweep of the rules in the bit set `rules` (1 zero, 2 number, 4 board,\n"
     "8 type) from the four `may` masks; `zeros` packs three native uint64 masks a zero (in\n"
     "sweep order), `numbers` four a numbered cell (n, then the three masks). Return the steps\n"
     "taken (-1: a contradiction), the masks then, and the steps by ladder index in the order\n"
     "each rule first took one."},
    {"domains", domains, METH_VARARGS,
     "domains(may, free, cells) -> bytes\n\n"
     "Return each cell's domain, the value bits (1 EMPTY, 2 ROOK, 4 BISHOP, 8 KNIGHT) whose\n"
     "`may` mask holds it, EMPTY (1) for a cell outside `free`."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernel",
                                    "The Chesspy ladder's sweep in C (see _kernel.c).", -1,
                                    methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModule_Create(&module); }
