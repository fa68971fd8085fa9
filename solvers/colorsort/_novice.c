/* The reference's DFS (jsengine.solve, the greedy novice: the biggest pour first, never back to a
 * position seen) in C, so that grading and the generator's search over deals can run it
 * thousands of times a puzzle. It makes the same pours in the same order, keeps the same visited
 * set (positions equal up to tube order) and counts the same nodes, so it returns what
 * jsengine.solve returns; tests/colorsort/test_colorsort_novice.py holds it to that, node for node.
 *
 * Vocabulary as in jsengine.py. A *record* is one tube as capacity + 1 bytes: its length, then
 * its colours bottom up, zeros above the top. A position is `tubes` records; its *key* is the
 * same records sorted (memcmp), so two positions that differ only in tube order share a key.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int tubes, capacity, record; /* record = capacity + 1 bytes */
} Shape;

typedef struct {
    unsigned char *keys; /* the visited keys, one after another */
    uint32_t *slots;     /* open addressing: key index + 1, 0 for a free slot */
    size_t count, mask, key_bytes, key_room;
} Visited;

static uint64_t hash_key(const unsigned char *key, size_t n) {
    uint64_t h = 1469598103934665603ULL;
    for (size_t k = 0; k < n; k++) h = (h ^ key[k]) * 1099511628211ULL;
    return h ^ (h >> 29);
}



static int visited_init(Visited *v, size_t key_bytes) {
    v->key_bytes = key_bytes;
    v->count = 0;
    v->mask = 1023;
    v->key_room = 512;
    v->slots = calloc(v->mask + 1, sizeof(uint32_t));
    v->keys = malloc(v->key_room * key_bytes);
    return v->slots && v->keys;
}

static void visited_free(Visited *v) {
    free(v->slots);
    free(v->keys);
}

static int visited_grow(Visited *v) {
    size_t mask = v->mask * 2 + 1;
    uint32_t *slots = calloc(mask + 1, sizeof(uint32_t));
    if (!slots) return 0;
    for (size_t s = 0; s <= v->mask; s++) {
        uint32_t at = v->slots[s];
        if (!at) continue;
        size_t i = hash_key(v->keys + (size_t)(at - 1) * v->key_bytes, v->key_bytes) & mask;
        while (slots[i]) i = (i + 1) & mask;
        slots[i] = at;
    }
    free(v->slots);
    v->slots = slots;
    v->mask = mask;
    return 1;
}

/* Add `key`; return 1 when it was new, 0 when it was there already, -1 out of memory. */
static int visited_add(Visited *v, const unsigned char *key) {
    size_t n = v->key_bytes, i = hash_key(key, n) & v->mask;
    for (uint32_t at; (at = v->slots[i]); i = (i + 1) & v->mask)
        if (!memcmp(v->keys + (size_t)(at - 1) * n, key, n)) return 0;
    if (v->count == v->key_room) {
        unsigned char *keys = realloc(v->keys, v->key_room * 2 * n);
        if (!keys) return -1;
        v->keys = keys;
        v->key_room *= 2;
    }
    memcpy(v->keys + v->count * n, key, n);
    v->slots[i] = (uint32_t)++v->count;
    if (v->count * 2 > v->mask && !visited_grow(v)) return -1;
    return 1;
}

/* A tube's first 8 bytes as a number that orders as memcmp orders them. */
static uint64_t prefix(const unsigned char *tube, int record) {
    uint64_t value = 0;
    for (int k = 0; k < 8; k++) value = value << 8 | (k < record ? tube[k] : 0);
    return value;
}

static void make_key(const Shape *s, const unsigned char *pos, unsigned char *key) {
    size_t r = (size_t)s->record;
    uint64_t value[256];
    unsigned char order[256];
    for (int t = 0; t < s->tubes; t++) { /* insertion sort: a few dozen tubes at most */
        uint64_t v = prefix(pos + t * r, s->record);
        int k = t;
        while (k > 0 && (value[k - 1] > v ||
                         (value[k - 1] == v && r > 8 &&
                          memcmp(pos + order[k - 1] * r, pos + t * r, r) > 0))) {
            value[k] = value[k - 1];
            order[k] = order[k - 1];
            k--;
        }
        value[k] = v;
        order[k] = (unsigned char)t;
    }
    for (int t = 0; t < s->tubes; t++) memcpy(key + t * r, pos + order[t] * r, r);
}

static int uniform(const unsigned char *tube) {
    for (int k = 2; k <= tube[0]; k++)
        if (tube[k] != tube[1]) return 0;
    return 1;
}

static int is_solved(const Shape *s, const unsigned char *pos) {
    for (int t = 0; t < s->tubes; t++) {
        const unsigned char *tube = pos + t * s->record;
        if (tube[0] && (tube[0] != s->capacity || !uniform(tube))) return 0;
    }
    return 1;
}

/* The amount pour (i, j) moves, 0 when it is not legal (jsengine.pour_info). */
static int pour_amount(const Shape *s, const unsigned char *pos, int i, int j) {
    const unsigned char *src = pos + i * s->record, *dst = pos + j * s->record;
    if (i == j || !src[0] || dst[0] >= s->capacity) return 0;
    unsigned char colour = src[src[0]];
    if (dst[0] && dst[dst[0]] != colour) return 0;
    int amount = 0;
    for (int k = src[0]; k >= 1 && src[k] == colour; k--) amount++;
    int room = s->capacity - dst[0];
    return amount < room ? amount : room;
}

static void pour(const Shape *s, unsigned char *pos, int i, int j, int amount) {
    unsigned char *src = pos + i * s->record, *dst = pos + j * s->record;
    for (int k = 0; k < amount; k++) {
        dst[++dst[0]] = src[src[0]];
        src[src[0]--] = 0;
    }
}

/* Write the DFS's moves from `pos` into `out` as (i, j) pairs, by amount descending and else in
 * (i, j) order (the reference's stable sort), less its two prunings; return how many.
 * `amounts` is room for one amount a pair of tubes. */
static int ordered_moves(const Shape *s, const unsigned char *pos, unsigned char *out,
                         unsigned char *amounts) {
    int n = 0, most = 0;
    for (int i = 0; i < s->tubes; i++) {
        const unsigned char *src = pos + i * s->record;
        unsigned char *row = amounts + i * s->tubes;
        memset(row, 0, (size_t)s->tubes);
        if (!src[0]) continue;
        int one_colour = uniform(src);
        if (one_colour && src[0] == s->capacity) continue;
        for (int j = 0; j < s->tubes; j++) {
            if (i == j || (one_colour && !pos[j * s->record])) continue;
            int amount = pour_amount(s, pos, i, j);
            row[j] = (unsigned char)amount;
            if (amount > most) most = amount;
        }
    }
    for (int amount = most; amount >= 1; amount--)
        for (int i = 0; i < s->tubes; i++)
            for (int j = 0; j < s->tubes; j++)
                if (amounts[i * s->tubes + j] == amount) {
                    out[2 * n] = (unsigned char)i;
                    out[2 * n + 1] = (unsigned char)j;
                    n++;
                }
    return n;
}

typedef struct {
    size_t moves; /* where this frame's moves start in the move pool */
    int count, cursor;
} Frame;

static void *grow(void *block, size_t *room, size_t need, size_t item) {
    if (need <= *room) return block;
    size_t more = *room * 2 > need ? *room * 2 : need;
    void *bigger = realloc(block, more * item);
    if (bigger) *room = more;
    return bigger;
}

static PyObject *solve(PyObject *self, PyObject *args) {
    (void)self;
    const unsigned char *start;
    Py_ssize_t start_bytes;
    int tubes, capacity;
    long long limit;
    if (!PyArg_ParseTuple(args, "y#iiL", &start, &start_bytes, &tubes, &capacity, &limit))
        return NULL;
    if (tubes < 1 || tubes > 255 || capacity < 1 || capacity > 254 ||
        start_bytes != (Py_ssize_t)tubes * (capacity + 1) || limit < 0) {
        PyErr_SetString(PyExc_ValueError,
                        "solve: 1..255 tubes of capacity 1..254, as tubes x (capacity + 1) bytes");
        return NULL;
    }
    Shape s = {tubes, capacity, capacity + 1};
    size_t size = (size_t)tubes * s.record, branch = (size_t)tubes * (tubes - 1);
    if (is_solved(&s, start)) return Py_BuildValue("(Oy#Li)", Py_True, "", (Py_ssize_t)0, 0LL, 0);

    Visited visited;
    size_t depth_room = 64, pool_room = 64 * branch;
    unsigned char *positions = malloc(depth_room * size), *path = malloc(depth_room * 2);
    unsigned char *pool = malloc(pool_room * 2), *key = malloc(size);
    unsigned char *amounts = malloc((size_t)tubes * tubes);
    Frame *frames = malloc(depth_room * sizeof(Frame));
    int ok = visited_init(&visited, size) && positions && path && pool && key && frames &&
             amounts;
    int solved = 0, truncated = 0;
    long long nodes = 1;
    size_t depth = 0;
    if (ok) {
        make_key(&s, start, key);
        ok = visited_add(&visited, key) >= 0;
    }
    if (ok && nodes > limit) truncated = 1;
    if (ok && !truncated) {
        memcpy(positions, start, size);
        frames[0] = (Frame){0, ordered_moves(&s, start, pool, amounts), 0};
        depth = 1;
    }
    while (ok && depth) {
        Frame *top = &frames[depth - 1];
        if (top->cursor == top->count) {
            depth--;
            continue;
        }
        const unsigned char *move = pool + 2 * (top->moves + (size_t)top->cursor++);
        int i = move[0], j = move[1];
        unsigned char *here = positions + (depth - 1) * size;
        if (depth == depth_room) {
            size_t room = depth_room;
            positions = grow(positions, &room, depth + 1, size);
            room = depth_room;
            path = grow(path, &room, depth + 1, 2);
            room = depth_room;
            frames = grow(frames, &room, depth + 1, sizeof(Frame));
            if (!positions || !path || !frames) {
                ok = 0;
                break;
            }
            depth_room = room;
            top = &frames[depth - 1];
            here = positions + (depth - 1) * size;
        }
        unsigned char *next = here + size;
        memcpy(next, here, size);
        pour(&s, next, i, j, pour_amount(&s, here, i, j));
        make_key(&s, next, key);
        int added = visited_add(&visited, key);
        if (added < 0) {
            ok = 0;
            break;
        }
        if (!added) continue;
        path[2 * (depth - 1)] = (unsigned char)i;
        path[2 * (depth - 1) + 1] = (unsigned char)j;
        if (is_solved(&s, next)) {
            solved = 1;
            break;
        }
        if (++nodes > limit) {
            truncated = 1;
            break;
        }
        size_t moves = top->moves + (size_t)top->count;
        pool = grow(pool, &pool_room, moves + branch, 2);
        if (!pool) {
            ok = 0;
            break;
        }
        frames[depth] = (Frame){moves, ordered_moves(&s, next, pool + 2 * moves, amounts), 0};
        depth++;
    }
    PyObject *result = NULL;
    if (!ok)
        PyErr_NoMemory();
    else if (solved)
        result = Py_BuildValue("(Oy#Li)", Py_True, path, (Py_ssize_t)(2 * depth), nodes, 0);
    else
        result = Py_BuildValue("(Oy#Li)", Py_False, "", (Py_ssize_t)0, nodes, truncated);
    visited_free(&visited);
    free(positions);
    free(path);
    free(pool);
    free(key);
    free(amounts);
    free(frames);
    return result;
}

static PyMethodDef methods[] = {
    {"solve", solve, METH_VARARGS,
     "solve(position, tubes, capacity, node_limit) -> (solved, moves, nodes, truncated)\n\n"
     "Run the reference's DFS (jsengine.solve) on `position`, `tubes` records of capacity + 1\n"
     "bytes (the length, then the colours bottom up, zeros above). `moves` holds the pours of\n"
     "the solution found as (i, j) byte pairs (empty unless solved); `nodes` the nodes entered;\n"
     "`truncated` 1 when entering node `node_limit` + 1 stopped it."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_novice",
                                    "The reference's DFS in C (see _novice.c).", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__novice(void) { return PyModule_Create(&module); }
