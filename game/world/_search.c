/* The movement search's compiled kernel (game/world/paths.py calls it; issue 32).
 *
 * dijkstra(indptr, indices, weights, roots, blocked, bound, out) -> None
 *
 * Dijkstra over a graph in CSR form (the steps out of tile v are edges
 * indptr[v] .. indptr[v + 1] - 1: edge j enters tile indices[j] and weighs weights[j]),
 * from every tile in `roots` at once: out[v] becomes the least distance from any root
 * to v, inf where no path leads. A tile whose `blocked` byte is nonzero cannot be
 * entered (a unit stands there); a root starts at 0 whatever its byte says, as it is
 * never entered. A distance above `bound` is not followed and reads inf. This is what
 * scipy.sparse.csgraph.dijkstra(graph, indices=roots, limit=bound, min_only=True)
 * returns, which paths.py used before: the distances are sums of whole numbers, exact
 * in float64, so the order of the additions cannot change them.
 *
 * The arrays come through the buffer protocol (numpy arrays, bytearray), C-contiguous:
 * indptr and indices int32 or int64, weights and out float64, blocked one byte per tile
 * or None; n = len(out) tiles. Anything malformed (a wrong type or length, an index out
 * of range, a negative or NaN weight) raises ValueError; nothing is read out of bounds.
 * The edges of a tile are checked when it is first scanned, so a bounded search reads
 * only the few dozen tiles around its roots.
 *
 * Memory: out, plus a binary heap of at most n entries and each entry's place in it.
 * The place array is never cleared: it is read only for tiles already in the heap
 * (out[v] finite and not final), which are the ones it was written for.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    double dist;
    Py_ssize_t tile;
} Entry;

typedef struct {
    Entry *entries;
    Py_ssize_t *place;  /* place[tile]: its index in entries, valid while it is queued */
    Py_ssize_t size;
} Heap;

static void heap_up(Heap *h, Py_ssize_t i, Entry e)
{
    while (i > 0) {
        Py_ssize_t parent = (i - 1) / 2;
        if (h->entries[parent].dist <= e.dist)
            break;
        h->entries[i] = h->entries[parent];
        h->place[h->entries[i].tile] = i;
        i = parent;
    }
    h->entries[i] = e;
    h->place[e.tile] = i;
}

static Entry heap_pop(Heap *h)
{
    Entry top = h->entries[0];
    Entry last = h->entries[--h->size];
    Py_ssize_t i = 0, n = h->size;
    if (n == 0)
        return top;
    for (;;) {
        Py_ssize_t child = 2 * i + 1;
        if (child >= n)
            break;
        if (child + 1 < n && h->entries[child + 1].dist < h->entries[child].dist)
            child++;
        if (last.dist <= h->entries[child].dist)
            break;
        h->entries[i] = h->entries[child];
        h->place[h->entries[i].tile] = i;
        i = child;
    }
    h->entries[i] = last;
    h->place[last.tile] = i;
    return top;
}

/* One argument's buffer and what it holds. */
typedef struct {
    Py_buffer view;
    int held;
    Py_ssize_t count;  /* items */
    int wide;          /* integers: 1 if int64, 0 if int32 */
} Arg;

/* The format's type character, after an optional byte-order mark of native order. */
static char type_char(const Py_buffer *v)
{
    const char *f = v->format ? v->format : "B";
    if (f[0] == '@' || f[0] == '=' || f[0] == '<' || f[0] == '>' || f[0] == '!') {
#if PY_BIG_ENDIAN
        if (f[0] == '<')
            return 0;
#else
        if (f[0] == '>' || f[0] == '!')
            return 0;
#endif
        f++;
    }
    return (f[0] && !f[1]) ? f[0] : 0;
}

enum Kind { INTEGERS, FLOATS, BYTES };

static int get_arg(PyObject *obj, Arg *a, const char *name, enum Kind kind, int writable)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    char t;
    if (PyObject_GetBuffer(obj, &a->view, flags) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s: not a C-contiguous%s array", name,
                     writable ? ", writable" : "");
        return -1;
    }
    a->held = 1;
    t = type_char(&a->view);
    a->count = a->view.itemsize > 0 ? a->view.len / a->view.itemsize : 0;
    switch (kind) {
    case INTEGERS:
        if ((t == 'i' || t == 'l' || t == 'q') && (a->view.itemsize == 4 || a->view.itemsize == 8)) {
            a->wide = a->view.itemsize == 8;
            return 0;
        }
        PyErr_Format(PyExc_ValueError, "%s: expected int32 or int64 items", name);
        return -1;
    case FLOATS:
        if (t == 'd' && a->view.itemsize == 8)
            return 0;
        PyErr_Format(PyExc_ValueError, "%s: expected float64 items", name);
        return -1;
    default:
        if ((t == '?' || t == 'B' || t == 'b' || t == 'c') && a->view.itemsize == 1)
            return 0;
        PyErr_Format(PyExc_ValueError, "%s: expected one byte per tile (bool or uint8)", name);
        return -1;
    }
}

static inline Py_ssize_t int_at(const Arg *a, Py_ssize_t i)
{
    return a->wide ? (Py_ssize_t)((const int64_t *)a->view.buf)[i]
                   : (Py_ssize_t)((const int32_t *)a->view.buf)[i];
}

/* The search itself, over checked buffers; -1 with ValueError set on bad graph data. */
static int search(const Arg *indptr, const Arg *indices, const double *weights,
                  const Py_ssize_t *roots, Py_ssize_t n_roots, const unsigned char *blocked,
                  double bound, double *out, Py_ssize_t n, Heap *heap)
{
    Py_ssize_t nnz = indices->count;
    for (Py_ssize_t v = 0; v < n; v++)
        out[v] = INFINITY;
    heap->size = 0;
    for (Py_ssize_t r = 0; r < n_roots; r++) {
        Py_ssize_t root = roots[r];
        if (out[root] == 0.0)
            continue;  /* named twice */
        out[root] = 0.0;
        heap->size++;
        heap_up(heap, heap->size - 1, (Entry){0.0, root});
    }
    while (heap->size > 0) {
        Entry here = heap_pop(heap);
        Py_ssize_t lo = int_at(indptr, here.tile), hi = int_at(indptr, here.tile + 1);
        if (lo < 0 || hi < lo || hi > nnz) {
            PyErr_Format(PyExc_ValueError,
                         "indptr: tile %zd's edges %zd..%zd are not within the %zd edges",
                         here.tile, lo, hi, nnz);
            return -1;
        }
        for (Py_ssize_t j = lo; j < hi; j++) {
            Py_ssize_t next = int_at(indices, j);
            double w = weights[j], d;
            if (next < 0 || next >= n) {
                PyErr_Format(PyExc_ValueError, "indices: edge %zd enters tile %zd of %zd",
                             j, next, n);
                return -1;
            }
            if (!(w >= 0.0)) {
                PyErr_Format(PyExc_ValueError, "weights: edge %zd is negative or NaN", j);
                return -1;
            }
            if (blocked && blocked[next])
                continue;
            d = here.dist + w;
            if (d > bound || d >= out[next])
                continue;  /* also every tile already final: its distance is <= here's */
            if (out[next] == INFINITY) {
                heap->size++;
                out[next] = d;
                heap_up(heap, heap->size - 1, (Entry){d, next});
            } else {
                out[next] = d;
                heap_up(heap, heap->place[next], (Entry){d, next});
            }
        }
    }
    return 0;
}

static PyObject *dijkstra(PyObject *self, PyObject *args)
{
    PyObject *o_indptr, *o_indices, *o_weights, *o_roots, *o_blocked, *o_out, *roots_seq = NULL;
    double bound;
    Arg indptr = {0}, indices = {0}, weights = {0}, blocked = {0}, out = {0};
    Py_ssize_t *roots = NULL, n_roots = 0, n;
    Heap heap = {NULL, NULL, 0};
    PyObject *result = NULL;
    (void)self;

    if (!PyArg_ParseTuple(args, "OOOOOdO:dijkstra", &o_indptr, &o_indices, &o_weights,
                          &o_roots, &o_blocked, &bound, &o_out))
        return NULL;
    if (get_arg(o_out, &out, "out", FLOATS, 1) < 0
        || get_arg(o_indptr, &indptr, "indptr", INTEGERS, 0) < 0
        || get_arg(o_indices, &indices, "indices", INTEGERS, 0) < 0
        || get_arg(o_weights, &weights, "weights", FLOATS, 0) < 0
        || (o_blocked != Py_None && get_arg(o_blocked, &blocked, "blocked", BYTES, 0) < 0))
        goto done;
    n = out.count;
    if (indptr.count != n + 1) {
        PyErr_Format(PyExc_ValueError, "indptr: %zd items for %zd tiles (expected %zd)",
                     indptr.count, n, n + 1);
        goto done;
    }
    if (weights.count != indices.count) {
        PyErr_Format(PyExc_ValueError, "weights: %zd items for %zd edges",
                     weights.count, indices.count);
        goto done;
    }
    if (blocked.held && blocked.count != n) {
        PyErr_Format(PyExc_ValueError, "blocked: %zd items for %zd tiles", blocked.count, n);
        goto done;
    }
    if (isnan(bound) || bound < 0.0) {
        PyErr_SetString(PyExc_ValueError, "bound: must be a number >= 0 (inf: unbounded)");
        goto done;
    }
    roots_seq = PySequence_Fast(o_roots, "roots: expected a sequence of tile indices");
    if (!roots_seq) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "roots: expected a sequence of tile indices");
        goto done;
    }
    n_roots = PySequence_Fast_GET_SIZE(roots_seq);
    roots = PyMem_New(Py_ssize_t, n_roots > 0 ? n_roots : 1);
    heap.entries = PyMem_New(Entry, n > 0 ? n : 1);
    heap.place = PyMem_New(Py_ssize_t, n > 0 ? n : 1);
    if (!roots || !heap.entries || !heap.place) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t r = 0; r < n_roots; r++) {
        PyObject *item = PySequence_Fast_GET_ITEM(roots_seq, r);
        /* any integer (numpy's too); one too large clips, then fails the range check */
        Py_ssize_t root = PyIndex_Check(item) ? PyNumber_AsSsize_t(item, NULL) : -1;
        if (root == -1 && PyErr_Occurred())
            PyErr_Clear();
        if (root < 0 || root >= n) {
            PyErr_Format(PyExc_ValueError, "roots: %R is not a tile index below %zd", item, n);
            goto done;
        }
        roots[r] = root;
    }
    if (search(&indptr, &indices, (const double *)weights.view.buf, roots, n_roots,
               blocked.held ? (const unsigned char *)blocked.view.buf : NULL,
               bound, (double *)out.view.buf, n, &heap) == 0)
        result = Py_NewRef(Py_None);
done:
    PyMem_Free(roots);
    PyMem_Free(heap.entries);
    PyMem_Free(heap.place);
    Py_XDECREF(roots_seq);
    if (indptr.held) PyBuffer_Release(&indptr.view);
    if (indices.held) PyBuffer_Release(&indices.view);
    if (weights.held) PyBuffer_Release(&weights.view);
    if (blocked.held) PyBuffer_Release(&blocked.view);
    if (out.held) PyBuffer_Release(&out.view);
    return result;
}

static PyMethodDef methods[] = {
    {"dijkstra", dijkstra, METH_VARARGS,
     "dijkstra(indptr, indices, weights, roots, blocked, bound, out) -> None\n\n"
     "Least distances from the roots over a CSR graph into out (float64, inf where\n"
     "unreached or beyond bound); tiles whose blocked byte is set cannot be entered."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "game.world._search",
    "The movement search's compiled Dijkstra (see game/world/paths.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__search(void)
{
    return PyModule_Create(&module);
}
