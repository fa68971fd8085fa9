/* The Araf ladder below search, and the exact-cover search over it, in C, for the generator's
 * many "is there a second solution?" checks, its grades, and the explainer's ration steps. It
 * answers as rules.py, search.py and deduce.py (the reference) do: the same fixpoints, and the
 * same branching cell, room order, parts and node count in the search, so it finds the same
 * solutions in the same order and stops at the same node; where rule steps are counted (a step
 * is an application that killed a room, as rules.py counts them) it takes the reference's very
 * route: the same agenda order in the cell rule, the same sweep order and the same (stale)
 * ledger in the ration rule. The grade is the lowest level whose fixpoint solves the puzzle, as
 * grading.py's LowestSolvingLevel reads deduce.py. The tests hold it to the Python ladder on
 * thousands of boards.
 *
 * Elsewhere the route is the kernel's own: where only a fixpoint is read (every run but grade's
 * ladder levels), the ration rule *settles* the state (runs the cell rule) after each
 * room it refutes, so every trial starts from a cell fixpoint, and keeps a *memo* of the trials
 * that survived. This reaches the reference's fixpoint: the cell rules and the ration
 * refutation are monotone (a rule that fires on a room set fires, or finds its rooms dead, on
 * any subset; a budget that fails fails on any subset), so both routes rest in the greatest
 * fixpoint common to them, and every answer read off it (a solution, a search's solutions,
 * their order and its nodes) is the same. Only the count of rule steps depends on the route,
 * so grade's levels (whose steps are a row's) keep the reference's route (rule bit
 * REFERENCE); so does a board whose memo would be too large.
 * The memo, with P_i the rooms that do not clash with room i (and i), and C(A) the greatest
 * cell fixpoint below the room set A: a trial of room i from a settled state S1 ends in
 * C(S1 & P_i), or in a contradiction. When it survived, ending in F, a trial from any state
 * S <= S1 with F <= S ends in F again (F is a fixpoint below S & P_i, and monotonicity bounds
 * the result by F). With S <= S1 but rooms of F dead since, it ends in C(F & S), reached by the
 * cell rule from F & S with only the dead rooms' cells on the agenda (every other cell is as
 * it was in F). Survival alone asks less: a trial of room r from any state S that holds a cell
 * fixpoint F where r is placed (F <= P_r) and the budget holds survives, on either route. Its
 * cell rule rests in a state that holds F (the greatest fixpoint below S & P_r holds every
 * fixpoint below it, and a trial from an unsettled state rests above that), so no cell is left
 * without a room, and a budget that holds on F holds on any state above it. So a trial whose
 * memo's F is still alive survives unrun, whatever state S1 was; and so does, for the rest of a
 * sweep in which nothing is refuted, every room a surviving trial's cell rule placed (it is
 * *vouched for* by that trial's F). Only the kernel's own route records F; the reference's
 * reads the memo's survivals, which change none of its steps (a survival counts none).
 *
 * The catalogue (pairs in order of their numbered cells, each pair's rooms smallest first, ties
 * in cell-set order) is grown as catalogue.py grows it, or taken in part from a compiled board
 * of the same size (`recatalogue`: a widening, one number's value changed, or a repair's move,
 * one number moved): a pair's rooms depend only on its two numbers (its window) and the
 * numbered cells (the blockers), so a pair whose numbers are unchanged keeps its rooms but
 * those through a cell numbered since, unless its window lets a room reach a cell freed since
 * (the bounding box of the pair and that cell says); only the other pairs are grown.
 *
 * Vocabulary as in catalogue.py and rules.py: cell k, room i, pair j, number n (the index of a
 * numbered cell among them); a cell set is CW words, a room set RW words (bit i of word i/64).
 * A Board is a catalogue with the rule tables derived from it; `alive` is a room set, `dirty`
 * the cell set on the cell rule's agenda. Rule bits: CELL 1, RATION 2 (the pair level is the
 * catalogue itself), and REFERENCE 4: the ration rule takes the reference's route (above).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t word;
enum { CELL = 1, RATION = 2, REFERENCE = 4 };
#define CONTRADICTION (-1)
#define STOP (-2)
#define NO_MEMORY (-3)
#define BOARD_NAME "solvers.araf._kernel.Board"

typedef struct {  /* the terms of the ration inequality (rules.py, Budget) */
    word *placed_cells;
    int *least, *most;
    int *low, *high;  /* [nnum] where in by_size number n's smallest and largest alive rooms are
                       * (its first and last room where fewer than two are alive): no room
                       * outside them is alive in this state, nor in any state below it */
    int left, need_lo, need_hi;
} Ledger;

typedef struct {  /* where the rows of a sparse bit matrix are not zero: row x's words are
                   * words[start[x]] .. words[start[x + 1] - 1], increasing */
    int *start, *words;
} Sparse;

typedef struct {
    int width, ncells, cw, nrooms, rw, npairs, nnum, nplain;
    int *number_at;          /* [ncells] index among the numbered cells, -1 if plain */
    int *values;             /* [ncells] the number at each cell, 0 where none */
    int *numbered, *plain;   /* [nnum], [nplain] cells */
    int *sizes, *room_pair;  /* [nrooms] */
    int *room_na, *room_nb;  /* [nrooms] the numbers of the room's pair */
    int *pair_p, *pair_q;    /* [npairs] the pair's two cells */
    word *rooms;             /* [nrooms][cw] cells of room i */
    word *reach;             /* [nrooms][cw] cells of the rooms sharing a cell with room i */
    word *clash;             /* [nrooms][rw] rooms sharing a cell with room i (i included) */
    word *pair_rooms;        /* [npairs][rw] */
    word *pair_cells;        /* [npairs][cw] cells of the pair's rooms */
    word *cover;             /* [ncells][rw] rooms holding cell k */
    word *cover_cells;       /* [ncells][cw] cells of those rooms */
    word *all_cells;         /* [cw] */
    Sparse cover_words;      /* the words where each cover row has a room */
    Sparse clash_words;      /* the words where each clash row has a room */
    int *pair_first, *pair_last;  /* [npairs] the words pair j's (consecutive) rooms span */
    int *pair_end;           /* [npairs] the index after pair j's last room */
    int *by_size_start, *by_size;  /* the rooms at each numbered cell n, smallest first:
                                    * by_size[by_size_start[n]] .. by_size[by_size_start[n+1]-1] */
    /* scratch for the rules (none of them recurses): */
    word *placed, *snapshot, *trial_alive, *trial_dirty;
    word *vouched, *lone;    /* the rooms a sweep knows survive (see the top); those the last
                              * cell rule run placed */
    Ledger ledger, check;
    char *block;
    /* the ration rule's memo (see the top), allocated at its first use: memo_has the rooms with
     * an entry, memo_from[i] the settled state a trial of room i survived from, memo_to[i] the
     * state it ended in; memo_refused when it would take more than MEMO_MOST bytes */
    word *memo_has, *memo_from, *memo_to;
    int memo_refused;
} Board;

#define MEMO_MOST ((size_t)8 << 20)  /* a widened 10x10 board's memo takes up to 1 MB, 15x15 3 */

#define ROW(table, i, n) ((table) + (size_t)(i) * (size_t)(n))
#define EACH(sparse, x, w) \
    for (int t_ = (sparse).start[x], w; t_ < (sparse).start[(x) + 1] && (w = (sparse).words[t_], 1); t_++)
#define BITS(set, n, i)                                                     \
    for (int w_ = 0; w_ < (n); w_++)                                        \
        for (word x_ = (set)[w_]; x_; x_ &= x_ - 1)                        \
            if ((i = w_ * 64 + __builtin_ctzll(x_)), 1)

static int has(const word *s, int i) { return (int)(s[i >> 6] >> (i & 63) & 1); }

static int lowest(const word *s, int n) {
    for (int w = 0; w < n; w++)
        if (s[w]) return w * 64 + __builtin_ctzll(s[w]);
    return -1;
}

/* The bits set in x. x86-64 code built without -mpopcnt makes __builtin_popcountll a call into
 * libgcc's table walk; the same count in a few register operations is cheaper there. */
static inline int ones(word x) {
#if defined(__x86_64__) && !defined(__POPCNT__)
    x -= x >> 1 & 0x5555555555555555u;
    x = (x & 0x3333333333333333u) + (x >> 2 & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (int)(x * 0x0101010101010101u >> 56);
#else
    return __builtin_popcountll(x);
#endif
}

static int count_bits(const word *s, int n) {
    int c = 0;
    for (int w = 0; w < n; w++) c += ones(s[w]);
    return c;
}

static int empty(const word *s, int n) {
    for (int w = 0; w < n; w++)
        if (s[w]) return 0;
    return 1;
}

static int meets(const word *a, const word *b, int n) {
    for (int w = 0; w < n; w++)
        if (a[w] & b[w]) return 1;
    return 0;
}

static void join(word *to, const word *from, int n) {
    for (int w = 0; w < n; w++) to[w] |= from[w];
}

/* Place room i in `alive`: every other room sharing a cell with it dies; return 1 if any did. */
static int place(const Board *b, word *alive, int i) {
    const word *clash = ROW(b->clash, i, b->rw);
    word changed = 0;
    EACH(b->clash_words, i, w) {
        word dead = alive[w] & clash[w] & ~(w == i >> 6 ? (word)1 << (i & 63) : 0);
        changed |= dead;
        alive[w] &= ~dead;
    }
    return changed != 0;
}

/* The rooms at cell k in `alive`: return how many (0, 1 or 2 for "more"), the lowest in *first. */
static int rooms_at(const Board *b, const word *alive, int k, int *first) {
    const word *cover = ROW(b->cover, k, b->rw);
    int found = 0;
    EACH(b->cover_words, k, w) {
        word here = cover[w] & alive[w];
        if (!here) continue;
        if (!found) {
            *first = w * 64 + __builtin_ctzll(here);
            found = 1;
            here &= here - 1;
        }
        if (here) return 2;
    }
    return found;
}

/* What the cell rule sees at cell k in `alive`: no room (0), one (1), more, all of the lowest
 * one's pair (2), or more of two pairs (MIXED, found without reading past the first room of
 * another pair: a pair's rooms are consecutive); the lowest in *first. */
enum { MIXED = 3 };

static int rooms_seen(const Board *b, const word *alive, int k, int *first) {
    const word *cover = ROW(b->cover, k, b->rw);
    int found = 0, end = 0;
    EACH(b->cover_words, k, w) {
        word here = cover[w] & alive[w];
        if (!here) continue;
        if (!found) {
            *first = w * 64 + __builtin_ctzll(here);
            end = b->pair_end[b->room_pair[*first]];
            found = 1;
            if (!(here &= here - 1)) continue;
        }
        found = 2;
        if (w * 64 + 63 - __builtin_clzll(here) >= end) return MIXED;
    }
    return found;
}

/* rules.py, Propagation.cell_rule: the four unit rules over the agenda, lowest cell first. The
 * rooms it places (alone at a cell) are left in b->lone; one placed already in this run is not
 * placed again (its clashing rooms are dead, and stay so). */
static int cell_rule(const Board *b, word *alive, word *dirty) {
    int fired = 0, rw = b->rw;
    memset(b->lone, 0, sizeof(word) * (size_t)rw);
    for (;;) {
        int k = lowest(dirty, b->cw), i;
        if (k < 0) return fired;
        dirty[k >> 6] &= ~((word)1 << (k & 63));
        int n = rooms_seen(b, alive, k, &i);
        if (n == MIXED) continue;
        if (!n) {
            memset(dirty, 0, sizeof(word) * (size_t)b->cw);
            return CONTRADICTION;
        }
        const word *touched;
        word changed = 0;
        if (n == 1) {
            if (has(b->lone, i)) continue;
            b->lone[i >> 6] |= (word)1 << (i & 63);
            changed = place(b, alive, i);
            touched = ROW(b->reach, i, b->cw);
        } else {
            int j = b->room_pair[i];
            const word *cover = ROW(b->cover, k, rw), *mine = ROW(b->pair_rooms, j, rw);
            if (b->number_at[k] < 0) {  /* the cell is in pair j's room */
                for (int w = b->pair_first[j]; w <= b->pair_last[j]; w++) {
                    word dead = alive[w] & mine[w] & ~cover[w];
                    changed |= dead;
                    alive[w] &= ~dead;
                }
                touched = ROW(b->pair_cells, j, b->cw);
            } else {  /* the number is married to its partner */
                int mate = b->pair_p[j] == k ? b->pair_q[j] : b->pair_p[j];
                const word *theirs = ROW(b->cover, mate, rw);
                EACH(b->cover_words, mate, w) {
                    word dead = alive[w] & theirs[w] & ~mine[w];
                    changed |= dead;
                    alive[w] &= ~dead;
                }
                touched = ROW(b->cover_cells, mate, b->cw);
            }
        }
        if (changed) {
            fired++;
            join(dirty, touched, b->cw);
        }
    }
}

/* rules.py, budget: fill `out` and return 1, or 0 when a cell has no room or placed rooms
 * overlap (`cells_checked` skips the first test). `above`, when given, is the ledger of a state
 * that `alive` lies below: its rooms' sizes are looked for from where they were there. */
static int budget(Board *b, const word *alive, int cells_checked, const Ledger *above,
                  Ledger *out) {
    int i;
    if (!cells_checked)
        for (int t = 0; t < b->nplain; t++)
            if (!rooms_at(b, alive, b->plain[t], &i)) return 0;
    memset(b->placed, 0, sizeof(word) * (size_t)b->rw);
    memset(out->placed_cells, 0, sizeof(word) * (size_t)b->cw);
    for (int n = 0; n < b->nnum; n++) {
        int k = b->numbered[n], many = rooms_at(b, alive, k, &i);
        const int *rooms = b->by_size + b->by_size_start[n];
        int low = above ? above->low[n] : 0;
        int high = above ? above->high[n] : b->by_size_start[n + 1] - b->by_size_start[n] - 1;
        out->least[n] = out->most[n] = 0;
        if (!many) return 0;
        if (many == 2) {  /* the sizes of its rooms, kept unless a placed room holds it */
            while (!has(alive, rooms[low])) low++;
            while (!has(alive, rooms[high])) high--;
            out->least[n] = b->sizes[rooms[low]];
            out->most[n] = b->sizes[rooms[high]];
        } else if (!has(b->placed, i)) {
            const word *cells = ROW(b->rooms, i, b->cw);
            if (meets(out->placed_cells, cells, b->cw)) return 0;
            b->placed[i >> 6] |= (word)1 << (i & 63);
            join(out->placed_cells, cells, b->cw);
        }
        out->low[n] = low;
        out->high[n] = high;
    }
    out->need_lo = out->need_hi = 0;
    for (int n = 0; n < b->nnum; n++) {
        if (has(out->placed_cells, b->numbered[n])) out->least[n] = out->most[n] = 0;
        out->need_lo += out->least[n];
        out->need_hi += out->most[n];
    }
    out->left = b->ncells - count_bits(out->placed_cells, b->cw);
    return 1;
}

static int holds(const Ledger *l) { return l->need_lo <= 2 * l->left && 2 * l->left <= l->need_hi; }

static int within_budget(Board *b, const word *alive, int cells_checked, const Ledger *above) {
    return budget(b, alive, cells_checked, above, &b->check) && holds(&b->check);
}

/* rules.py, Budget.refutes: placing room i alone breaks the inequality. */
static int refutes(const Board *b, const Ledger *l, int i) {
    const word *cells = ROW(b->rooms, i, b->cw);
    int na = b->room_na[i], nb = b->room_nb[i];
    if (meets(cells, l->placed_cells, b->cw) || !(l->least[na] && l->least[nb])) return 0;
    int left = 2 * (l->left - b->sizes[i]);
    return !(l->need_lo - l->least[na] - l->least[nb] <= left &&
             left <= l->need_hi - l->most[na] - l->most[nb]);
}

/* Return 1 when the board's memo is there (allocated now at its first use), else 0. */
static int memo_ready(Board *b) {
    if (b->memo_has) return 1;
    size_t words = (size_t)b->rw * (2 * (size_t)b->nrooms + 1);
    if (b->memo_refused || words * sizeof(word) > MEMO_MOST) return 0;
    b->memo_has = calloc(words, sizeof(word));
    if (!b->memo_has) {
        b->memo_refused = 1;
        return 0;
    }
    b->memo_from = b->memo_has + b->rw;
    b->memo_to = b->memo_from + (size_t)b->nrooms * (size_t)b->rw;
    return 1;
}

/* What the memo knows of a trial of room i from the settled state `alive` (see the top). */
enum { UNKNOWN, SURVIVES, RESUMES };

static int memo_of(const Board *b, const word *alive, int i) {
    if (!has(b->memo_has, i)) return UNKNOWN;
    const word *from = ROW(b->memo_from, i, b->rw), *to = ROW(b->memo_to, i, b->rw);
    word outside = 0, lost = 0;
    for (int w = 0; w < b->rw; w++) {
        outside |= alive[w] & ~from[w];
        lost |= to[w] & ~alive[w];
    }
    return !lost ? SURVIVES : outside ? UNKNOWN : RESUMES;
}

/* Start the trial of room i from `alive`: the trial state and its agenda (a resumed trial from
 * the memo's final state, less the rooms dead since, with their cells). */
static void start_trial(Board *b, const word *alive, int i, int known) {
    int rw = b->rw, cw = b->cw;
    if (known == RESUMES) {
        const word *to = ROW(b->memo_to, i, rw);
        memset(b->trial_dirty, 0, sizeof(word) * (size_t)cw);
        for (int w = 0; w < rw; w++) {
            b->trial_alive[w] = to[w] & alive[w];
            for (word x = to[w] & ~alive[w]; x; x &= x - 1)
                join(b->trial_dirty, ROW(b->rooms, w * 64 + __builtin_ctzll(x), cw), cw);
        }
        return;
    }
    memcpy(b->trial_alive, alive, sizeof(word) * (size_t)rw);
    place(b, b->trial_alive, i);
    memcpy(b->trial_dirty, ROW(b->reach, i, cw), sizeof(word) * (size_t)cw);
}

/* rules.py, Propagation.ration_rule: one sweep of trials over the rooms alive at its start, on
 * the reference's route or, where that is not asked, settled and with the memo (see the top). */
static int ration_rule(Board *b, int rules, word *alive, word *dirty) {
    int rw = b->rw, cw = b->cw, lower = rules & ~RATION, refuted = 0, i;
    int settled = lower & CELL && !(rules & REFERENCE) && memo_ready(b);
    if (!budget(b, alive, 0, NULL, &b->ledger) || !holds(&b->ledger)) return CONTRADICTION;
    memcpy(b->snapshot, alive, sizeof(word) * (size_t)rw);
    memset(b->vouched, 0, sizeof(word) * (size_t)rw);
    BITS(b->snapshot, rw, i) {
        if (!has(alive, i)) continue;
        const word *clash = ROW(b->clash, i, rw);
        word others = 0;
        EACH(b->clash_words, i, w) others |= alive[w] & clash[w] & ~(w == i >> 6 ? (word)1 << (i & 63) : 0);
        if (!others) continue;
        if (!refutes(b, &b->ledger, i)) {
            int known = b->memo_has ? memo_of(b, alive, i) : UNKNOWN;
            if (known == SURVIVES || has(b->vouched, i)) continue;
            if (!settled) known = UNKNOWN;  /* the reference's route resumes nothing */
            start_trial(b, alive, i, known);
            int result = lower & CELL ? cell_rule(b, b->trial_alive, b->trial_dirty) : 0;
            if (result != CONTRADICTION && within_budget(b, b->trial_alive, lower & CELL, &b->ledger)) {
                if (settled) {
                    memcpy(ROW(b->memo_from, i, rw), alive, sizeof(word) * (size_t)rw);
                    memcpy(ROW(b->memo_to, i, rw), b->trial_alive, sizeof(word) * (size_t)rw);
                    b->memo_has[i >> 6] |= (word)1 << (i & 63);
                    join(b->vouched, b->lone, rw);
                }
                continue;
            }
        }
        alive[i >> 6] &= ~((word)1 << (i & 63));
        join(dirty, ROW(b->rooms, i, cw), cw);
        refuted++;
        memset(b->vouched, 0, sizeof(word) * (size_t)rw);  /* their states may hold dead rooms */
        if (settled) {  /* the next trial starts from a cell fixpoint */
            int fired = cell_rule(b, alive, dirty);
            if (fired == CONTRADICTION) return CONTRADICTION;
            refuted += fired;
        }
    }
    return refuted;
}

/* rules.py, Propagation.run: the active rules to their fixpoint; CONTRADICTION or the steps
 * taken (the rooms the rules' applications killed, counted as the rules count them). */
static int run(Board *b, int rules, word *alive, word *dirty) {
    int steps = 0;
    for (;;) {
        int fired = 0;
        if (rules & CELL && !empty(dirty, b->cw)) fired = cell_rule(b, alive, dirty);
        if (!fired && rules & RATION)
            fired = ration_rule(b, rules, alive, dirty);
        if (fired == CONTRADICTION) return CONTRADICTION;
        if (!fired) return steps;
        steps += fired;
    }
}

/* search.py, _place_forced: place every room alone at a cell, to a fixpoint; 0 when a cell
 * is left with no room, else 1. */
static int place_forced(const Board *b, word *alive) {
    for (;;) {
        int changed = 0, i;
        for (int k = 0; k < b->ncells; k++) {
            int n = rooms_at(b, alive, k, &i);
            if (!n) return 0;
            if (n == 1) changed |= place(b, alive, i);
        }
        if (!changed) return 1;
    }
}

typedef struct {  /* a growing list of room sets */
    word *sets;
    int n, cap, rw;
} List;

static int push(List *l, const word *set) {
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 4;
        word *grown = realloc(l->sets, sizeof(word) * (size_t)cap * (size_t)l->rw);
        if (!grown) return NO_MEMORY;
        l->sets = grown;
        l->cap = cap;
    }
    memcpy(ROW(l->sets, l->n, l->rw), set, sizeof(word) * (size_t)l->rw);
    l->n++;
    return 0;
}

/* Make room for `cap` sets in the empty list l; return NO_MEMORY when out of memory. */
static int reserve(List *l, int cap) {
    word *sets = malloc(sizeof(word) * (size_t)cap * (size_t)l->rw);
    if (!sets) return NO_MEMORY;
    l->sets = sets;
    l->cap = cap;
    return 0;
}

typedef struct {  /* search.py, _Search */
    Board *b;
    int rules;
    long nodes, max_nodes;  /* max_nodes < 0: no limit */
} Search;

/* search.py, _parts: the open cells into parts (cells linked by an alive room), in order of
 * their lowest cell; return how many, the parts in `parts` (cw words each). */
static int split(const Board *b, const word *alive, word *open, word *parts) {
    int cw = b->cw, rw = b->rw, count = 0, k;
    word *frontier = malloc(sizeof(word) * (size_t)(2 * cw + rw));
    if (!frontier) return NO_MEMORY;
    word *rest = frontier + cw, *linked = rest + cw;
    while (!empty(open, cw)) {
        word *part = ROW(parts, count++, cw);
        memset(frontier, 0, sizeof(word) * (size_t)cw);
        k = lowest(open, cw);
        frontier[k >> 6] = (word)1 << (k & 63);
        memcpy(part, frontier, sizeof(word) * (size_t)cw);
        for (int w = 0; w < cw; w++) rest[w] = open[w] & ~part[w];
        while (!empty(frontier, cw)) {
            memset(linked, 0, sizeof(word) * (size_t)rw);
            BITS(frontier, cw, k) EACH(b->cover_words, k, w) linked[w] |= ROW(b->cover, k, rw)[w];
            for (int w = 0; w < rw; w++) linked[w] &= alive[w];
            memset(frontier, 0, sizeof(word) * (size_t)cw);
            BITS(rest, cw, k) {
                word shared = 0;
                EACH(b->cover_words, k, w) shared |= ROW(b->cover, k, rw)[w] & linked[w];
                if (shared) frontier[k >> 6] |= (word)1 << (k & 63);
            }
            for (int w = 0; w < cw; w++) {
                rest[w] &= ~frontier[w];
                part[w] |= frontier[w];
            }
        }
        for (int w = 0; w < cw; w++) open[w] &= ~part[w];
    }
    free(frontier);
    return count;
}

static int cover(Search *s, word *alive, word *dirty, const word *scope, int limit, List *out);

/* The cross product of the parts' lists, `settled` joined to each, up to `limit`, into out. */
static int product(const Board *b, List *lists, int nparts, const word *settled, int limit,
                   List *out) {
    int rw = b->rw, result = 0, made = 0;
    int *at = calloc((size_t)nparts, sizeof(int));
    word *set = malloc(sizeof(word) * (size_t)rw);
    if (!at || !set) result = NO_MEMORY;
    while (!result && made < limit) {
        memcpy(set, settled, sizeof(word) * (size_t)rw);
        for (int p = 0; p < nparts; p++) join(set, ROW(lists[p].sets, at[p], rw), rw);
        if ((result = push(out, set)) < 0) break;
        made++;
        int p = nparts - 1;
        while (p >= 0 && ++at[p] == lists[p].n) at[p--] = 0;
        if (p < 0) break;
    }
    free(at);
    free(set);
    return result;
}

/* search.py, _Search.cover: up to `limit` room sets covering `scope` exactly, appended to
 * `out`; `alive` and `dirty` are the node's state, run in place. 0, STOP or NO_MEMORY. */
static int cover(Search *s, word *alive, word *dirty, const word *scope, int limit, List *out) {
    Board *b = s->b;
    int rw = b->rw, cw = b->cw, result = 0, k, i;
    if (run(b, s->rules, alive, dirty) < 0 || !within_budget(b, alive, 0, NULL)) return 0;
    size_t words = (size_t)(3 * rw + 2 * cw) + (size_t)(b->ncells) * (size_t)cw;
    word *block = malloc(sizeof(word) * words);
    if (!block) return NO_MEMORY;
    word *forced = block, *settled = forced + rw, *child = settled + rw;
    word *open = child + rw, *child_dirty = open + cw, *parts = child_dirty + cw;
    memcpy(forced, alive, sizeof(word) * (size_t)rw);
    if (!place_forced(b, forced)) goto done;
    memset(settled, 0, sizeof(word) * (size_t)rw);
    memset(open, 0, sizeof(word) * (size_t)cw);
    int best = -1, fewest = 1 << 30;
    BITS(scope, cw, k) {
        const word *at = ROW(b->cover, k, rw);
        int n = 0;
        EACH(b->cover_words, k, w) n += ones(at[w] & forced[w]);
        if (n > 1) {
            open[k >> 6] |= (word)1 << (k & 63);
            if (n < fewest) { fewest = n; best = k; }
        } else {
            EACH(b->cover_words, k, w) settled[w] |= at[w] & forced[w];
        }
    }
    if (best < 0) {
        result = push(out, settled);
        goto done;
    }
    int nparts = split(b, forced, open, parts);
    if (nparts < 0) { result = nparts; goto done; }
    if (nparts > 1) {  /* every part is searched from the same state, run once by the first */
        memcpy(child, forced, sizeof(word) * (size_t)rw);
        memcpy(child_dirty, b->all_cells, sizeof(word) * (size_t)cw);
        List *lists = calloc((size_t)nparts, sizeof(List));
        if (!lists) { result = NO_MEMORY; goto done; }
        int p = 0;
        for (; p < nparts; p++) {
            lists[p].rw = rw;
            result = cover(s, child, child_dirty, ROW(parts, p, cw), limit, &lists[p]);
            if (result < 0 || !lists[p].n) break;
        }
        if (p == nparts) result = product(b, lists, nparts, settled, limit, out);
        for (int q = 0; q < nparts; q++) free(lists[q].sets);
        free(lists);
        goto done;
    }
    if (s->max_nodes >= 0 && s->nodes >= s->max_nodes) { result = STOP; goto done; }
    s->nodes++;
    int before = out->n;
    BITS(ROW(b->cover, best, rw), rw, i) {
        if (!has(forced, i)) continue;
        memcpy(child, forced, sizeof(word) * (size_t)rw);
        place(b, child, i);
        memcpy(child_dirty, ROW(b->reach, i, cw), sizeof(word) * (size_t)cw);
        result = cover(s, child, child_dirty, scope, limit - (out->n - before), out);
        if (result < 0 || out->n - before >= limit) goto done;
    }
done:
    free(block);
    return result;
}

/* The Python side of a room set or cell set: `bytes` of n words, little-endian. */
static PyObject *as_bytes(const word *set, int n) {
    return PyBytes_FromStringAndSize((const char *)set, (Py_ssize_t)sizeof(word) * n);
}

static int read_set(const char *data, Py_ssize_t size, int n, word *to) {
    if (size != (Py_ssize_t)sizeof(word) * n) {
        PyErr_SetString(PyExc_ValueError, "a set must be given as its words, little-endian");
        return -1;
    }
    memcpy(to, data, (size_t)size);
    return 0;
}

static void free_board(Board *b) {
    if (b) {
        free(b->block);
        free(b->memo_has);
        free(b->cover_words.start);
        free(b->clash_words.start);
        free(b->by_size_start);
    }
    free(b);
}

/* Return the sparse index of the n rows of `rows` (rw words each), or -1 out of memory. */
static int index_rows(const word *rows, int n, int rw, Sparse *out) {
    size_t total = 0;
    for (size_t x = 0; x < (size_t)n * (size_t)rw; x++) total += rows[x] != 0;
    out->start = malloc(sizeof(int) * ((size_t)n + 1 + total));
    if (!out->start) return -1;
    out->words = out->start + n + 1;
    int at = 0;
    for (int x = 0; x < n; x++) {
        out->start[x] = at;
        for (int w = 0; w < rw; w++)
            if (ROW(rows, x, rw)[w]) out->words[at++] = w;
    }
    out->start[n] = at;
    return 0;
}

static void free_capsule(PyObject *capsule) {
    free_board(PyCapsule_GetPointer(capsule, BOARD_NAME));
}

/* Fill each room's clash and reach rows, joining the cover rows of its cells over the words
 * where they have rooms (cover_words), and their sparse index clash_words: a clash row has
 * rooms only between the first and the last word the joins met. Return -1 out of memory. */
static int index_clash(Board *b) {
    int cw = b->cw, rw = b->rw, nrooms = b->nrooms, k;
    size_t room = (size_t)nrooms + 1, most = 4 * room;  /* the room for clash words so far */
    Sparse *out = &b->clash_words;
    out->start = malloc(sizeof(int) * (room + most));
    if (!out->start) return -1;
    const int *start = b->cover_words.start, *words = b->cover_words.words;
    int at = 0;
    for (int i = 0; i < nrooms; i++) {
        word *clash = ROW(b->clash, i, rw);
        int first = rw, last = -1;
        BITS(ROW(b->rooms, i, cw), cw, k) {
            const word *cover = ROW(b->cover, k, rw);
            EACH(b->cover_words, k, v) clash[v] |= cover[v];
            if (start[k] < start[k + 1]) {
                if (words[start[k]] < first) first = words[start[k]];
                if (words[start[k + 1] - 1] > last) last = words[start[k + 1] - 1];
            }
            join(ROW(b->reach, i, cw), ROW(b->cover_cells, k, cw), cw);
        }
        if ((size_t)at + (size_t)rw > most) {
            int *grown = realloc(out->start, sizeof(int) * (room + 2 * most + (size_t)rw));
            if (!grown) return -1;
            out->start = grown;
            most = 2 * most + (size_t)rw;
        }
        out->start[i] = at;
        for (int w = first; w <= last; w++)
            if (clash[w]) out->start[room + (size_t)at++] = w;
    }
    out->start[nrooms] = at;
    out->words = out->start + room;
    return 0;
}

/* Fill by_size: the rooms at each numbered cell, smallest first, ties by index (a counting
 * sort over the sizes; every room holds exactly two numbered cells, its pair's). Return -1 out
 * of memory. */
static int sort_by_size(Board *b) {
    int largest = 0, i;
    for (i = 0; i < b->nrooms; i++)
        if (b->sizes[i] > largest) largest = b->sizes[i];
    b->by_size_start = malloc(sizeof(int) * ((size_t)b->nnum + 1 + 2 * (size_t)b->nrooms));
    int *first = calloc((size_t)largest + 2, sizeof(int));  /* per size, where its rooms go */
    if (!b->by_size_start || !first) {
        free(first);
        return -1;
    }
    b->by_size = b->by_size_start + b->nnum + 1;
    int at = 0;
    for (int n = 0; n < b->nnum; n++) {
        const word *cover = ROW(b->cover, b->numbered[n], b->rw);
        b->by_size_start[n] = at;
        EACH(b->cover_words, b->numbered[n], w)
            for (word x = cover[w]; x; x &= x - 1) first[b->sizes[w * 64 + __builtin_ctzll(x)] + 1]++;
        first[0] = at;
        for (int s = 1; s <= largest + 1; s++) first[s] += first[s - 1];
        EACH(b->cover_words, b->numbered[n], w)
            for (word x = cover[w]; x; x &= x - 1) {
                i = w * 64 + __builtin_ctzll(x);
                b->by_size[first[b->sizes[i]]++] = i;
            }
        at = first[largest];
        memset(first, 0, sizeof(int) * ((size_t)largest + 2));
    }
    b->by_size_start[b->nnum] = at;
    free(first);
    return 0;
}

/* Return the Board of a catalogue: the numbers (a number per cell, 0 where none), each room's
 * cells (cw words), size and pair, each pair's two cells; NULL when out of memory. */
static Board *make_board(int ncells, const int *numbers, int nrooms, const word *rooms,
                         const int *sizes, const int *room_pair, int npairs, const int *pairs) {
    int cw = (ncells + 63) / 64, rw = nrooms / 64 + 1;
    Board *b = calloc(1, sizeof(Board));
    if (!b) return NULL;
    b->ncells = ncells; b->cw = cw; b->nrooms = nrooms; b->rw = rw; b->npairs = npairs;
    size_t C = (size_t)ncells, R = (size_t)nrooms, P = (size_t)npairs;
    size_t ints = C * 4 + R * 4 + P * 5 + 8 * C;
    size_t words = R * cw * 2 + R * rw + P * (rw + cw) + C * (rw + cw) + cw + 5 * rw + 3 * cw;
    char *p = b->block = calloc(1, words * sizeof(word) + ints * sizeof(int) + 256);
    if (!p) { free(b); return NULL; }
#define TAKE(ptr, n, type) do { ptr = (type *)p; p += (n) * sizeof(type); \
                                 p += (8 - (size_t)p % 8) % 8; } while (0)
    TAKE(b->rooms, R * cw, word); TAKE(b->reach, R * cw, word); TAKE(b->clash, R * rw, word);
    TAKE(b->pair_rooms, P * rw, word); TAKE(b->pair_cells, P * cw, word);
    TAKE(b->cover, C * rw, word); TAKE(b->cover_cells, C * cw, word);
    TAKE(b->all_cells, cw, word); TAKE(b->placed, rw, word); TAKE(b->snapshot, rw, word);
    TAKE(b->trial_alive, rw, word); TAKE(b->trial_dirty, cw, word);
    TAKE(b->vouched, rw, word); TAKE(b->lone, rw, word);
    TAKE(b->ledger.placed_cells, cw, word); TAKE(b->check.placed_cells, cw, word);
    TAKE(b->number_at, C, int); TAKE(b->values, C, int); TAKE(b->numbered, C, int);
    TAKE(b->plain, C, int);
    TAKE(b->sizes, R, int); TAKE(b->room_pair, R, int); TAKE(b->room_na, R, int);
    TAKE(b->room_nb, R, int); TAKE(b->pair_p, P, int); TAKE(b->pair_q, P, int);
    TAKE(b->pair_first, P, int); TAKE(b->pair_last, P, int); TAKE(b->pair_end, P, int);
    TAKE(b->ledger.least, C, int); TAKE(b->ledger.most, C, int);
    TAKE(b->check.least, C, int); TAKE(b->check.most, C, int);
    TAKE(b->ledger.low, C, int); TAKE(b->ledger.high, C, int);
    TAKE(b->check.low, C, int); TAKE(b->check.high, C, int);
#undef TAKE
    for (int k = 0; k < ncells; k++) {
        b->all_cells[k >> 6] |= (word)1 << (k & 63);
        if (numbers[k] > 0) {
            b->values[k] = numbers[k];
            b->number_at[k] = b->nnum;
            b->numbered[b->nnum++] = k;
        } else {
            b->number_at[k] = -1;
            b->plain[b->nplain++] = k;
        }
    }
    for (int j = 0; j < npairs; j++) {
        b->pair_p[j] = pairs[2 * j];
        b->pair_q[j] = pairs[2 * j + 1];
    }
    memcpy(b->rooms, rooms, sizeof(word) * R * (size_t)cw);
    memcpy(b->sizes, sizes, sizeof(int) * R);
    memcpy(b->room_pair, room_pair, sizeof(int) * R);
    for (int i = 0, k; i < nrooms; i++) {
        int j = b->room_pair[i];
        const word *cells = ROW(b->rooms, i, cw);
        b->room_na[i] = b->number_at[b->pair_p[j]];
        b->room_nb[i] = b->number_at[b->pair_q[j]];
        ROW(b->pair_rooms, j, rw)[i >> 6] |= (word)1 << (i & 63);
        join(ROW(b->pair_cells, j, cw), cells, cw);
        BITS(cells, cw, k) {
            ROW(b->cover, k, rw)[i >> 6] |= (word)1 << (i & 63);
            join(ROW(b->cover_cells, k, cw), cells, cw);
        }
    }
    for (int j = 0; j < npairs; j++) b->pair_first[j] = rw;
    for (int i = 0; i < nrooms; i++) {  /* a pair's rooms are consecutive */
        int j = b->room_pair[i];
        if (b->pair_first[j] > i >> 6) b->pair_first[j] = i >> 6;
        b->pair_last[j] = i >> 6;
        b->pair_end[j] = i + 1;
    }
    if (index_rows(b->cover, ncells, rw, &b->cover_words) < 0 || index_clash(b) < 0 ||
        sort_by_size(b) < 0) {
        free_board(b);
        return NULL;
    }
    return b;
}

typedef struct {  /* catalogue.py, pair_rooms: the growth of the rooms of one pair */
    int cw, lo, hi, q;
    const word *touching;  /* [cells][cw] the cells touching each cell by an edge */
    const word *allowed;
    const int *distance;   /* steps to q through allowed cells */
    word *stack;           /* 1 + 3 * cw words per level: size, members, frontier, banned */
    List *found;           /* sized rooms: the size, then the cells */
} Growth;

/* connected.py, _grow: every connected set holding the level's members, grown from its
 * frontier without its banned cells; those with q and lo..hi cells go to `found`, each after
 * its size. */
static int grow(Growth *g, int level, int size, int reach) {
    int cw = g->cw;
    word *sized = g->stack + (size_t)level * (1 + 3 * (size_t)cw), *members = sized + 1;
    word *frontier = members + cw, *banned = frontier + cw, *next = banned + cw;
    sized[0] = (word)size;
    if (size >= g->lo && has(members, g->q) && push(g->found, sized) < 0) return NO_MEMORY;
    if (size == g->hi) return 0;
    for (int cell; (cell = lowest(frontier, cw)) >= 0;) {
        frontier[cell >> 6] &= ~((word)1 << (cell & 63));
        int near = g->distance[cell] < reach ? g->distance[cell] : reach;
        if (size + 1 + near <= g->hi) {
            word *grown = next + 1, *grown_frontier = grown + cw, *grown_banned = grown_frontier + cw;
            const word *touching = ROW(g->touching, cell, cw);
            for (int w = 0; w < cw; w++) grown[w] = members[w];
            grown[cell >> 6] |= (word)1 << (cell & 63);
            for (int w = 0; w < cw; w++) {
                word fresh = touching[w] & g->allowed[w] & ~grown[w] & ~banned[w] & ~frontier[w];
                grown_frontier[w] = frontier[w] | fresh;
                grown_banned[w] = banned[w];
            }
            if (grow(g, level + 1, size + 1, near) < 0) return NO_MEMORY;
        }
        banned[cell >> 6] |= (word)1 << (cell & 63);
    }
    return 0;
}

static int cw_for_sort;

/* Of two sized rooms: smallest first, ties in cell-set order (the set read as a number). */
static int by_size(const void *x, const void *y) {
    const word *a = x, *b = y;
    if (a[0] != b[0]) return a[0] < b[0] ? -1 : 1;
    for (int w = cw_for_sort; w >= 1; w--)
        if (a[w] != b[w]) return a[w] < b[w] ? -1 : 1;
    return 0;
}

#define FEW_ROOMS 16  /* a pair's rooms sorted by insertion: most pairs have a few */

/* Sort n sized rooms (cw + 1 words each) by_size, with `held` scratch of cw + 1 words. */
static void sort_rooms(word *rooms, int n, int cw, word *held) {
    int size = cw + 1;
    cw_for_sort = cw;
    if (n > FEW_ROOMS) {
        qsort(rooms, (size_t)n, sizeof(word) * (size_t)size, by_size);
        return;
    }
    for (int i = 1; i < n; i++) {
        int t = i;
        for (int w = 0; w < size; w++) held[w] = ROW(rooms, i, size)[w];
        for (; t > 0 && by_size(ROW(rooms, t - 1, size), held) > 0; t--)
            for (int w = 0; w < size; w++) ROW(rooms, t, size)[w] = ROW(rooms, t - 1, size)[w];
        for (int w = 0; w < size; w++) ROW(rooms, t, size)[w] = held[w];
    }
}

typedef struct {  /* what the growth of every pair of a board shares */
    int w, h, cw;
    word *touching;  /* [cells][cw] */
    word *blockers;  /* [cw] the numbered cells */
    word *scratch;   /* [cw] the allowed cells, then the growth's stack: (cells + 2) levels */
    word *held;      /* [cw + 1] a sized room, for the sort */
    int *distance;   /* [cells] 1 << 29 between two pairs' growths */
    int *queue;      /* [cells] */
} Grounds;

/* The rooms of the pair (p, q) with lo..hi cells, off the `blockers` but p and q, sized and
 * sorted, into `found` (cw + 1 words each). */
static int pair_rooms(const Grounds *on, int p, int q, int lo, int hi, List *found) {
    int w = on->w, cw = on->cw, cells = on->w * on->h, before = found->n, *distance = on->distance;
    if (hi > cells) hi = cells;
    if (hi < 1 || 1 + abs(p / w - q / w) + abs(p % w - q % w) > hi) return 0;  /* too far apart */
    word *allowed = on->scratch;
    for (int x = 0; x < cw; x++) allowed[x] = ~on->blockers[x];
    allowed[p >> 6] |= (word)1 << (p & 63);
    allowed[q >> 6] |= (word)1 << (q & 63);
    allowed[cw - 1] &= cells % 64 ? ((word)1 << (cells % 64)) - 1 : ~(word)0;
    int head = 0, tail = 0, result = 0;
    distance[q] = 0;
    on->queue[tail++] = q;
    /* breadth first from q through the allowed cells, to the distance hi - 1: the growth reads a
     * distance only where it is below the distance of p, itself below hi, so a cell farther off
     * keeps the same answers with 1 << 29 as with its distance */
    while (head < tail) {
        int k = on->queue[head++], t;
        if (distance[k] >= hi - 1) break;
        BITS(ROW(on->touching, k, cw), cw, t)
            if (has(allowed, t) && distance[t] > distance[k] + 1) {
                distance[t] = distance[k] + 1;
                on->queue[tail++] = t;
            }
    }
    if (1 + distance[p] <= hi) {
        Growth g = {cw, lo, hi, q, on->touching, allowed, distance, on->scratch + cw, found};
        word *root = g.stack + 1;
        memset(g.stack, 0, sizeof(word) * (1 + 3 * (size_t)cw));
        root[p >> 6] = (word)1 << (p & 63);
        for (int x = 0; x < cw; x++) root[cw + x] = ROW(on->touching, p, cw)[x] & allowed[x] & ~root[x];
        result = grow(&g, 0, 1, distance[p]);
    }
    for (int t = 0; t < tail; t++) distance[on->queue[t]] = 1 << 29;
    if (result < 0) return NO_MEMORY;
    sort_rooms(ROW(found->sets, before, cw + 1), found->n - before, cw, on->held);
    return 0;
}

/* Return 1 if a room of the pair (p, q) with at most hi cells can hold a cell of `cells`
 * (n of them) on a board w wide: the smallest connected set holding p, q and cell f has one
 * cell more than the half perimeter of their bounding box. */
static int may_hold(int w, int p, int q, int hi, const int *cells, int n) {
    for (int t = 0; t < n; t++) {
        int f = cells[t], rows[3] = {p / w, q / w, f / w}, cols[3] = {p % w, q % w, f % w};
        int top = rows[0], bottom = rows[0], left = cols[0], right = cols[0];
        for (int x = 1; x < 3; x++) {
            if (rows[x] < top) top = rows[x];
            if (rows[x] > bottom) bottom = rows[x];
            if (cols[x] < left) left = cols[x];
            if (cols[x] > right) right = cols[x];
        }
        if (1 + bottom - top + right - left <= hi) return 1;
    }
    return 0;
}

/* The catalogue of the w x h board `numbers` (a number per cell, 0 where none) as catalogue()
 * returns it. A pair's rooms depend only on its window (its two numbers) and the blockers (the
 * numbered cells). So with a `parent` Board of the same size, a pair whose two numbers the
 * parent has on the same cells keeps the parent's rooms but those holding a cell numbered
 * since (the same rooms in the same order, none where the parent has no such pair), unless a
 * room of it may hold a cell numbered in the parent and not here: only the others are grown. */
static PyObject *catalogue_of(int w, int h, const int *numbers, const Board *parent) {
    int cells = w * h, cw = (cells + 63) / 64, nnum = 0, npairs = 0, kept = 0, nfreed = 0, k;
    size_t C = (size_t)cells;
    int *ints = malloc(sizeof(int) * (C * 4 + 1));
    size_t levels = (C + 2) * (3 * (size_t)cw + 1);  /* the growth's stack */
    word *words = calloc(C * cw + 5 * (size_t)cw + 1 + levels, sizeof(word));
    List rooms = {NULL, 0, 0, cw + 1}, pair_list = {NULL, 0, 0, 1}, room_pair = {NULL, 0, 0, 1};
    word *sized = NULL, *cells_of_rooms = NULL;
    int *pairs = NULL, *owner = NULL, *sizes = NULL;
    Board *b = NULL;
    PyObject *out = NULL;
    if (!ints || !words) goto done;
    int *cells_numbered = ints, *freed = ints + 3 * C;  /* freed: numbered in the parent only */
    word *blockers = words + C * cw, *fresh = blockers + cw, *gone = fresh + cw;
    word *held = gone + cw, *scratch = held + cw + 1;  /* fresh: numbered here only; gone: freed */
    Grounds on = {w, h, cw, words, blockers, scratch, held, ints + C, ints + 2 * C};
    for (k = 0; k < cells; k++) {
        int r = k / w, c = k % w, steps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        for (int t = 0; t < 4; t++) {
            int rr = r + steps[t][0], cc = c + steps[t][1];
            if (rr >= 0 && rr < h && cc >= 0 && cc < w)
                ROW(on.touching, k, cw)[(rr * w + cc) >> 6] |= (word)1 << ((rr * w + cc) & 63);
        }
        on.distance[k] = 1 << 29;
        if (numbers[k] > 0) {
            cells_numbered[nnum++] = k;
            on.blockers[k >> 6] |= (word)1 << (k & 63);
        }
        if (parent && (numbers[k] > 0) != (parent->values[k] > 0)) {
            (numbers[k] > 0 ? fresh : gone)[k >> 6] |= (word)1 << (k & 63);
            if (numbers[k] <= 0) freed[nfreed++] = k;
        }
    }
    sized = malloc(sizeof(word) * ((size_t)cw + 1));
    int guess = parent ? parent->nrooms + 64 : 8 * cells;  /* rooms: 10x10 boards have ~650 */
    if (!sized || reserve(&rooms, guess) < 0 || reserve(&room_pair, guess) < 0) goto done;
    for (int a = 0; a < nnum; a++)
        for (int z = a + 1; z < nnum; z++) {
            int p = cells_numbered[a], q = cells_numbered[z];
            int small = numbers[p] < numbers[q] ? numbers[p] : numbers[q];
            int large = numbers[p] < numbers[q] ? numbers[q] : numbers[p];
            int lo = small + 1, hi = large - 1;  /* the true reading's window */
            int theirs = 0;  /* the parent's pair `kept` - 1 is this one */
            if (parent && !has(fresh, p) && !has(fresh, q)) {  /* the parent's pairs in order */
                while (kept < parent->npairs &&
                       (has(gone, parent->pair_p[kept]) || has(gone, parent->pair_q[kept])))
                    kept++;
                theirs = kept < parent->npairs && parent->pair_p[kept] == p &&
                         parent->pair_q[kept] == q;
                kept += theirs;
            }
            if (lo > hi) continue;
            int before = rooms.n;
            if (parent && parent->values[p] == numbers[p] && parent->values[q] == numbers[q] &&
                !may_hold(w, p, q, hi, freed, nfreed)) {
                for (int i = kept > 1 ? parent->pair_end[kept - 2] : 0;
                     theirs && i < parent->pair_end[kept - 1]; i++) {
                    const word *room = ROW(parent->rooms, i, cw);
                    if (meets(room, fresh, cw)) continue;
                    sized[0] = (word)parent->sizes[i];
                    memcpy(sized + 1, room, sizeof(word) * (size_t)cw);
                    if (push(&rooms, sized) < 0) goto done;
                }
            } else if (pair_rooms(&on, p, q, lo < 2 ? 2 : lo, hi, &rooms) < 0) {
                goto done;
            }
            if (rooms.n == before) continue;
            word pq = (word)(unsigned)p | (word)(unsigned)q << 32;
            if (push(&pair_list, &pq) < 0) goto done;
            for (int i = before; i < rooms.n; i++) {
                word j = (word)npairs;
                if (push(&room_pair, &j) < 0) goto done;
            }
            npairs++;
        }
    pairs = malloc(sizeof(int) * (2 * (size_t)npairs + 1));
    owner = malloc(sizeof(int) * ((size_t)rooms.n + 1));
    sizes = malloc(sizeof(int) * ((size_t)rooms.n + 1));
    cells_of_rooms = malloc(sizeof(word) * ((size_t)rooms.n * (size_t)cw + 1));
    if (!pairs || !owner || !sizes || !cells_of_rooms) goto done;
    for (int j = 0; j < npairs; j++) {
        pairs[2 * j] = (int)(pair_list.sets[j] & 0xffffffffu);
        pairs[2 * j + 1] = (int)(pair_list.sets[j] >> 32);
    }
    for (int i = 0; i < rooms.n; i++) {
        const word *row = ROW(rooms.sets, i, cw + 1);
        owner[i] = (int)room_pair.sets[i];
        sizes[i] = (int)row[0];
        memcpy(ROW(cells_of_rooms, i, cw), row + 1, sizeof(word) * (size_t)cw);
    }
    b = make_board(cells, numbers, rooms.n, cells_of_rooms, sizes, owner, npairs, pairs);
    if (b) {
        b->width = w;
        PyObject *capsule = PyCapsule_New(b, BOARD_NAME, free_capsule);
        if (!capsule) free_board(b);
        else
            out = Py_BuildValue("(Ny#y#y#)", capsule, (const char *)pairs,
                                (Py_ssize_t)(sizeof(int) * 2 * (size_t)npairs),
                                (const char *)cells_of_rooms,
                                (Py_ssize_t)(sizeof(word) * (size_t)rooms.n * (size_t)cw),
                                (const char *)owner, (Py_ssize_t)(sizeof(int) * (size_t)rooms.n));
    }
done:
    if (!out && !PyErr_Occurred()) PyErr_NoMemory();
    free(ints);
    free(words);
    free(sized);
    free(pairs);
    free(owner);
    free(sizes);
    free(cells_of_rooms);
    free(rooms.sets);
    free(pair_list.sets);
    free(room_pair.sets);
    return out;
}

/* Read the width, height and numbers of catalogue() and widened(); return the numbers (a
 * native int per cell), or NULL with the error set. */
static const int *board_numbers(int w, int h, const char *numbers, Py_ssize_t size) {
    if (w < 1 || h < 1 || size != (Py_ssize_t)sizeof(int) * w * h) {
        PyErr_SetString(PyExc_ValueError, "numbers must hold a native int per cell");
        return NULL;
    }
    return (const int *)numbers;
}

/* catalogue(width, height, numbers) -> (Board, pairs, rooms, room_pair): see the method table. */
static PyObject *catalogue(PyObject *self, PyObject *args) {
    int w, h;
    const char *given;
    Py_ssize_t size;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiy#", &w, &h, &given, &size)) return NULL;
    const int *numbers = board_numbers(w, h, given, size);
    return numbers ? catalogue_of(w, h, numbers, NULL) : NULL;
}

/* recatalogue(board, width, height, numbers) -> (Board, pairs, rooms, room_pair): see the
 * method table. */
static PyObject *recatalogue(PyObject *self, PyObject *args) {
    PyObject *capsule;
    int w, h;
    const char *given;
    Py_ssize_t size;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oiiy#", &capsule, &w, &h, &given, &size)) return NULL;
    const Board *parent = PyCapsule_GetPointer(capsule, BOARD_NAME);
    const int *numbers = parent ? board_numbers(w, h, given, size) : NULL;
    if (!numbers) return NULL;
    if (parent->width != w || parent->ncells != w * h) {
        PyErr_SetString(PyExc_ValueError, "the board must have the parent board's size");
        return NULL;
    }
    return catalogue_of(w, h, numbers, parent);
}

static Board *board_of(PyObject *capsule) {
    return PyCapsule_GetPointer(capsule, BOARD_NAME);
}

/* rules.py, decided: the room set of the solution `alive` decides, or 0 (then `chosen` is
 * undefined); `groups` is scratch of npairs cell sets. */
static int decided(const Board *b, const word *alive, word *chosen, word *groups) {
    int rw = b->rw, cw = b->cw, i;
    memset(groups, 0, sizeof(word) * (size_t)b->npairs * (size_t)cw);
    memset(chosen, 0, sizeof(word) * (size_t)rw);
    for (int k = 0; k < b->ncells; k++) {
        if (!rooms_at(b, alive, k, &i)) return 0;
        int j = b->room_pair[i];
        const word *cover = ROW(b->cover, k, rw), *mine = ROW(b->pair_rooms, j, rw);
        word foreign = 0;
        EACH(b->cover_words, k, w) foreign |= cover[w] & alive[w] & ~mine[w];
        if (foreign) return 0;
        ROW(groups, j, cw)[k >> 6] |= (word)1 << (k & 63);
    }
    for (int j = 0; j < b->npairs; j++) {
        const word *group = ROW(groups, j, cw);
        if (empty(group, cw)) continue;
        int found = -1;
        BITS(ROW(b->pair_rooms, j, rw), rw, i)
            if (found < 0 && has(alive, i) &&
                !memcmp(ROW(b->rooms, i, cw), group, sizeof(word) * (size_t)cw))
                found = i;
        if (found < 0) return 0;
        chosen[found >> 6] |= (word)1 << (found & 63);
    }
    return 1;
}

/* solve(board, rules) -> bytes | None */
static PyObject *solve(PyObject *self, PyObject *args) {
    PyObject *capsule;
    int rules;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oi", &capsule, &rules)) return NULL;
    Board *b = board_of(capsule);
    if (!b) return NULL;
    int rw = b->rw, cw = b->cw;
    word *alive = malloc(sizeof(word) * ((size_t)(2 * rw + cw) + (size_t)b->npairs * cw));
    if (!alive) return PyErr_NoMemory();
    word *chosen = alive + rw, *dirty = chosen + rw, *groups = dirty + cw;
    memset(alive, 0, sizeof(word) * (size_t)rw);
    for (int i = 0; i < b->nrooms; i++) alive[i >> 6] |= (word)1 << (i & 63);
    memcpy(dirty, b->all_cells, sizeof(word) * (size_t)cw);
    PyObject *out = run(b, rules, alive, dirty) < 0 || !decided(b, alive, chosen, groups)
                        ? Py_NewRef(Py_None) : as_bytes(chosen, rw);
    free(alive);
    return out;
}

/* Return 1 if every cell has a room in `alive` (deduce.py: no empty domain), else 0. */
static int covered(const Board *b, const word *alive) {
    int i;
    for (int k = 0; k < b->ncells; k++)
        if (!rooms_at(b, alive, k, &i)) return 0;
    return 1;
}

/* What `grade` finds besides a solving level (0 pair, 1 cell, 2 ration, 3 search). */
enum { NO_SOLUTION = -1, AMBIGUOUS = -2, SEARCH_LEVEL = 3 };

/* grade(board) -> (outcome, steps, bytes | None): deduce.py's fixpoint of each ladder level in
 * turn, read as grading.py's LowestSolvingLevel reads them. A level's fixpoint is where the one
 * below it rests, run on with the next rule (the ration run from scratch first runs the cell
 * rule from every cell to its fixpoint, as the cell level does; the search starts from the
 * ration fixpoint with every cell on the agenda), so the state is carried up, not rebuilt. */
static PyObject *grade(PyObject *self, PyObject *args) {
    PyObject *capsule;
    (void)self;
    if (!PyArg_ParseTuple(args, "O", &capsule)) return NULL;
    Board *b = board_of(capsule);
    if (!b) return NULL;
    int rw = b->rw, cw = b->cw, outcome = NO_SOLUTION, steps = 0, result = 0;
    word *alive = malloc(sizeof(word) * ((size_t)(2 * rw + cw) + (size_t)b->npairs * cw));
    if (!alive) return PyErr_NoMemory();
    word *chosen = alive + rw, *dirty = chosen + rw, *groups = dirty + cw;
    List found = {NULL, 0, 0, rw};
    memset(alive, 0, sizeof(word) * (size_t)rw);
    for (int i = 0; i < b->nrooms; i++) alive[i >> 6] |= (word)1 << (i & 63);
    memcpy(dirty, b->all_cells, sizeof(word) * (size_t)cw);
    for (int level = 0; level < SEARCH_LEVEL; level++) {
        if (level > 0) {  /* pair is the catalogue alone: no rule runs */
            int fired = run(b, level == 1 ? CELL : CELL | RATION | REFERENCE, alive, dirty);
            if (fired == CONTRADICTION) goto done;
            steps += fired;
        }
        if (!covered(b, alive)) goto done;
        if (decided(b, alive, chosen, groups)) {
            outcome = level;
            goto done;
        }
    }
    memcpy(dirty, b->all_cells, sizeof(word) * (size_t)cw);
    Search s = {b, CELL | RATION, 0, -1};
    result = cover(&s, alive, dirty, b->all_cells, 2, &found);
    steps += (int)s.nodes;
    if (found.n == 1) memcpy(chosen, found.sets, sizeof(word) * (size_t)rw);
    outcome = found.n == 1 ? SEARCH_LEVEL : found.n ? AMBIGUOUS : NO_SOLUTION;
done:
    free(found.sets);
    PyObject *out = result == NO_MEMORY ? PyErr_NoMemory()
                    : Py_BuildValue("(iiN)", outcome, steps,
                                    outcome >= 0 ? as_bytes(chosen, rw) : Py_NewRef(Py_None));
    free(alive);
    return out;
}

/* ration_at(board, alive, k) -> bytes | None: rules.py, ration_at. */
static PyObject *ration_at(PyObject *self, PyObject *args) {
    PyObject *capsule;
    const char *alive_bytes;
    Py_ssize_t nalive;
    int k;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oy#i", &capsule, &alive_bytes, &nalive, &k)) return NULL;
    Board *b = board_of(capsule);
    if (!b) return NULL;
    if (k < 0 || k >= b->ncells || b->number_at[k] < 0) {
        PyErr_SetString(PyExc_ValueError, "k must be a numbered cell");
        return NULL;
    }
    int rw = b->rw, cw = b->cw, i;
    word *alive = malloc(sizeof(word) * (size_t)rw);
    if (!alive) return PyErr_NoMemory();
    if (read_set(alive_bytes, nalive, rw, alive) < 0) {
        free(alive);
        return NULL;
    }
    PyObject *out = NULL;
    if (!budget(b, alive, 0, NULL, &b->ledger) || !holds(&b->ledger)) goto done;
    const word *cover = ROW(b->cover, k, rw);
    for (int w = 0; w < rw; w++) b->snapshot[w] = cover[w] & alive[w];
    BITS(b->snapshot, rw, i) {
        const word *clash = ROW(b->clash, i, rw);
        word others = 0;
        EACH(b->clash_words, i, w) others |= alive[w] & clash[w] & ~(w == i >> 6 ? (word)1 << (i & 63) : 0);
        if (!others) continue;  /* placed already */
        if (!refutes(b, &b->ledger, i)) {
            memcpy(b->trial_alive, alive, sizeof(word) * (size_t)rw);
            place(b, b->trial_alive, i);
            memcpy(b->trial_dirty, ROW(b->reach, i, cw), sizeof(word) * (size_t)cw);
            if (cell_rule(b, b->trial_alive, b->trial_dirty) != CONTRADICTION &&
                within_budget(b, b->trial_alive, 1, &b->ledger))
                continue;
        }
        alive[i >> 6] &= ~((word)1 << (i & 63));
    }
    if (rooms_at(b, alive, k, &i)) out = as_bytes(alive, rw);
done:
    free(alive);
    return out ? out : PyErr_Occurred() ? NULL : Py_NewRef(Py_None);
}

/* cover(board, rules, alive, dirty, limit, max_nodes) -> (list[bytes], nodes, stopped) */
static PyObject *search(PyObject *self, PyObject *args) {
    PyObject *capsule;
    int rules, limit;
    long max_nodes;
    const char *alive_bytes, *dirty_bytes;
    Py_ssize_t nalive, ndirty;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oiy#y#il", &capsule, &rules, &alive_bytes, &nalive,
                          &dirty_bytes, &ndirty, &limit, &max_nodes))
        return NULL;
    Board *b = board_of(capsule);
    if (!b) return NULL;
    word *alive = malloc(sizeof(word) * (size_t)(b->rw + b->cw));
    if (!alive) return PyErr_NoMemory();
    word *dirty = alive + b->rw;
    if (read_set(alive_bytes, nalive, b->rw, alive) < 0 ||
        read_set(dirty_bytes, ndirty, b->cw, dirty) < 0) {
        free(alive);
        return NULL;
    }
    Search s = {b, rules, 0, max_nodes};
    List found = {NULL, 0, 0, b->rw};
    int result = limit > 0 ? cover(&s, alive, dirty, b->all_cells, limit, &found) : 0;
    free(alive);
    PyObject *out = NULL, *sets = NULL;
    if (result == NO_MEMORY) {
        PyErr_NoMemory();
    } else if ((sets = PyList_New(0))) {
        for (int t = 0; result == 0 && t < found.n; t++) {
            PyObject *set = as_bytes(ROW(found.sets, t, b->rw), b->rw);
            if (!set || PyList_Append(sets, set) < 0) {
                Py_XDECREF(set);
                Py_CLEAR(sets);
                break;
            }
            Py_DECREF(set);
        }
        if (sets) out = Py_BuildValue("(NlN)", sets, s.nodes, PyBool_FromLong(result == STOP));
    }
    free(found.sets);
    return out;
}

/* The arguments (board, rooms[, max_nodes]) of through and using, read by room_query: the board,
 * the room set's words as given, and using's node budget of its quick first search. */
typedef struct {
    Board *board;
    const char *rooms;
    Py_ssize_t nrooms;
    long max_nodes;
} RoomQuery;

/* room_query(args, q) -> 0, or -1 with a Python exception set. */
static int room_query(PyObject *args, RoomQuery *q) {
    PyObject *capsule;
    q->max_nodes = -1;
    if (!PyArg_ParseTuple(args, "Oy#|l", &capsule, &q->rooms, &q->nrooms, &q->max_nodes))
        return -1;
    q->board = board_of(capsule);
    return q->board ? 0 : -1;
}

/* through(board, rooms) -> bytes | False | None: a solution (its room set) holding a room of
 * the room set `rooms` (not empty), False when there is none, when those rooms share a cell k;
 * None when they share none. A partition holds exactly one room at k, so it holds one of
 * `rooms` exactly when its room at k is one of them: one search under the whole ladder (on the
 * kernel's own route, no node limit), from every room alive but the others at k, decides it.
 * Exact, as `using` is (every rule is sound and the search complete), but it searches once, not
 * once per room; the solution it gives is the first that search meets, not necessarily the one
 * `using` gives (a generator reads only whether there is one, and keeps the solution to refuse
 * later boards it also solves). */
static PyObject *through(PyObject *self, PyObject *args) {
    RoomQuery q;
    (void)self;
    if (room_query(args, &q) < 0) return NULL;
    Board *b = q.board;
    int rw = b->rw, cw = b->cw, result = 0, i;
    word *block = malloc(sizeof(word) * (size_t)(3 * rw + 2 * cw));
    if (!block) return PyErr_NoMemory();
    word *wanted = block, *start = wanted + rw, *alive = start + rw;
    word *shared = alive + rw, *dirty = shared + cw;
    PyObject *out = NULL;
    if (read_set(q.rooms, q.nrooms, rw, wanted) < 0) goto done;
    memcpy(shared, b->all_cells, sizeof(word) * (size_t)cw);
    BITS(wanted, rw, i)
        for (int w = 0; w < cw; w++) shared[w] &= ROW(b->rooms, i, cw)[w];
    int k = empty(wanted, rw) ? -1 : lowest(shared, cw);
    if (k < 0) {
        out = Py_NewRef(Py_None);
        goto done;
    }
    const word *here = ROW(b->cover, k, rw);
    memset(start, 0, sizeof(word) * (size_t)rw);
    for (int t = 0; t < b->nrooms; t++) start[t >> 6] |= (word)1 << (t & 63);
    for (int w = 0; w < rw; w++) start[w] &= ~(here[w] & ~wanted[w]);
    List found = {NULL, 0, 0, rw};
    memcpy(alive, start, sizeof(word) * (size_t)rw);
    memcpy(dirty, b->all_cells, sizeof(word) * (size_t)cw);
    Search s = {b, CELL | RATION, 0, -1};
    result = cover(&s, alive, dirty, b->all_cells, 1, &found);
    out = result == NO_MEMORY ? PyErr_NoMemory()
          : found.n ? as_bytes(found.sets, rw) : Py_NewRef(Py_False);
    free(found.sets);
done:
    free(block);
    return out;
}

/* using(board, rooms, max_nodes) -> bytes | None: search.py, solution_using. */
static PyObject *using(PyObject *self, PyObject *args) {
    RoomQuery q;
    (void)self;
    if (room_query(args, &q) < 0) return NULL;
    Board *b = q.board;
    int rw = b->rw, cw = b->cw, result = 0, i;
    word *block = malloc(sizeof(word) * (size_t)(4 * rw + 2 * cw));
    if (!block) return PyErr_NoMemory();
    word *wanted = block, *alive = wanted + rw, *todo = alive + rw, *state = todo + rw;
    word *unsettled = state + rw, *dirty = unsettled + cw;
    List found = {NULL, 0, 0, rw};
    if (read_set(q.rooms, q.nrooms, rw, wanted) < 0) {
        free(block);
        return NULL;
    }
    memset(alive, 0, sizeof(word) * (size_t)rw);
    for (int t = 0; t < b->nrooms; t++) alive[t >> 6] |= (word)1 << (t & 63);
    memcpy(dirty, b->all_cells, sizeof(word) * (size_t)cw);
    memset(unsettled, 0, sizeof(word) * (size_t)cw);
    int levels[2] = {CELL, CELL | RATION};
    long budgets[2] = {q.max_nodes, -1};
    if (run(b, CELL, alive, dirty) < 0) goto done;
    for (int level = 0; level < 2 && !found.n && result >= 0; level++) {
        for (int w = 0; w < rw; w++) todo[w] = wanted[w] & alive[w];
        BITS(todo, rw, i) {
            memcpy(state, alive, sizeof(word) * (size_t)rw);
            place(b, state, i);
            for (int w = 0; w < cw; w++) dirty[w] = ROW(b->reach, i, cw)[w] | unsettled[w];
            Search s = {b, levels[level], 0, budgets[level]};
            result = cover(&s, state, dirty, b->all_cells, 1, &found);
            if (result == NO_MEMORY || found.n) goto done;
            if (result == 0) {
                alive[i >> 6] &= ~((word)1 << (i & 63));
                join(unsettled, ROW(b->rooms, i, cw), cw);
            }
            result = 0;
        }
    }
done:
    free(block);
    PyObject *out = result == NO_MEMORY ? PyErr_NoMemory()
                    : found.n ? as_bytes(found.sets, rw) : Py_NewRef(Py_None);
    free(found.sets);
    return out;
}

static PyMethodDef methods[] = {
    {"catalogue", catalogue, METH_VARARGS,
     "catalogue(width, height, numbers) -> (Board, pairs, rooms, room_pair)\n\n"
     "Return the catalogue of the puzzle whose `numbers` are a native int per cell (0 where\n"
     "none), under the true reading, as catalogue.py builds it: the Board (its rule tables),\n"
     "each pair's two cells and each room's pair (native ints), each room's cells (a cell\n"
     "set: ceil(cells/64) words, little-endian); the pairs and rooms in catalogue.py's order."},
    {"recatalogue", recatalogue, METH_VARARGS,
     "recatalogue(board, width, height, numbers) -> (Board, pairs, rooms, room_pair)\n\n"
     "Return what catalogue(width, height, numbers) returns, for a board of the size of the\n"
     "compiled `board` (ValueError otherwise): a pair whose numbers `board` has on the same cells keeps its rooms\n"
     "there but those holding a cell numbered since, unless one may hold a cell numbered\n"
     "there and not here; only the other pairs are grown."},
    {"solve", solve, METH_VARARGS,
     "solve(board, rules) -> bytes | None\n\n"
     "Return the solution (a room set) that the fixpoint of `rules` (1 cell, 2 ration) decides,\n"
     "run from every room alive and every cell on the agenda, or None when it decides none.\n"
     "A room set is rooms//64 + 1 words, a cell set ceil(cells/64) words."},
    {"cover", search, METH_VARARGS,
     "cover(board, rules, alive, dirty, limit, max_nodes) -> (list[bytes], int, bool)\n\n"
     "Return up to `limit` room sets that partition the board, found as search.py's exact\n"
     "cover finds them from that state (max_nodes < 0: no limit), the nodes it took, and\n"
     "whether it stopped at `max_nodes` (then the list is to be read as empty)."},
    {"using", using, METH_VARARGS,
     "using(board, rooms, max_nodes) -> bytes | None\n\n"
     "Return a solution (a room set) holding at least one room of the room set `rooms`, found\n"
     "as search.py's solution_using finds it, or None when no solution holds any of them."},
    {"through", through, METH_VARARGS,
     "through(board, rooms, max_nodes) -> bytes | False | None\n\n"
     "Return a solution (a room set) holding a room of the room set `rooms`, or False when\n"
     "there is none (False exactly when `using(board, rooms, max_nodes)` is None), when those\n"
     "rooms share a cell, in one search; None when they share none."},
    {"grade", grade, METH_VARARGS,
     "grade(board) -> (int, int, bytes | None)\n\n"
     "Return the lowest ladder level (0 pair, 1 cell, 2 ration, 3 search) whose fixpoint solves\n"
     "the puzzle, -1 when a fixpoint or the search shows it has no solution, -2 when it has\n"
     "two or more; the steps that level's fixpoint took (the search's nodes added) and its\n"
     "solution (a room set), as grading.py's LowestSolvingLevel over deduce.py finds them."},
    {"ration_at", ration_at, METH_VARARGS,
     "ration_at(board, alive, k) -> bytes | None\n\n"
     "Return `alive` less the rooms at the numbered cell k that the ration rule refutes, as\n"
     "rules.py's ration_at does, or None when the budget or cell k shows a contradiction."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernel",
                                    "The Araf ladder and search in C (see _kernel.c).", -1,
                                    methods, NULL, NULL, NULL, NULL};

/* The version of the calls above (their arguments and answers), which kernel.py checks: one
 * more whenever they change. */
#define INTERFACE 2

PyMODINIT_FUNC PyInit__kernel(void) {
    PyObject *made = PyModule_Create(&module);
    if (made && (PyModule_AddIntConstant(made, "REFERENCE", REFERENCE) < 0 ||
                 PyModule_AddIntConstant(made, "INTERFACE", INTERFACE) < 0))
        Py_CLEAR(made);
    return made;
}
