/* engine._streams: the random stream of one game, the very numbers of random.Random, seeded for
 * less (see engine/rng.py, "Stream").
 *
 * Every goldfish and matchup game seeds its own Mersenne Twister from a 64-bit seed derived from
 * (run seed, game index, stream), and a short game draws a few dozen numbers from it. CPython's
 * Random.seed(n) spends about 3.5 µs on this machine: init_genrand(19650218), the same 624 words
 * for every seed; the two passes that mix the seed's words in; and, at the first draw, the twist
 * of all 624 words for a game that reads a few dozen. Here the constant state is computed once and
 * copied, and the twist is done one word at a time as the words are read (word k of a generation
 * depends only on words k, k + 1 and k + 397 of the previous one, or on new words before k, so
 * twisting in reading order gives the same words). The mixing passes are those of CPython.
 *
 * Only what the engine's shuffle streams use exists: seed(n) for an int n and random().
 * tests/engine/test_streams.py checks both against random.Random over many seeds and draws.
 *
 * deal(key, items, ids) is engine.rng.deal_pure in C: the decks are dealt by card identity (every
 * copy sorted by SplitMix64's finalizer of key ^ its identity, the first to draw last), the same
 * lists; tests/engine/test_streams.py compares the two.
 *
 * The Mersenne Twister is by Makoto Matsumoto and Takuji Nishimura (MT19937, initialization of
 * 2002/1/26), as CPython's Modules/_randommodule.c carries it: BSD licence, copyright (C) 1997 -
 * 2002, Makoto Matsumoto and Takuji Nishimura, all rights reserved.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define N 624
#define M 397
#define MATRIX_A 0x9908b0dfU
#define UPPER_MASK 0x80000000U
#define LOWER_MASK 0x7fffffffU

static uint32_t initial[N]; /* init_genrand(19650218), the start of every seeding */

typedef struct {
    PyObject_HEAD
    int index;     /* the next word to read; N: the next read starts a generation */
    uint32_t mt[N];
} StreamObject;

static void
init_genrand(uint32_t *mt, uint32_t s)
{
    mt[0] = s;
    for (int i = 1; i < N; i++) {
        mt[i] = 1812433253U * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    }
}

static void
init_by_array(StreamObject *self, const uint32_t *key, size_t key_length)
{
    uint32_t *mt = self->mt;
    size_t i = 1, j = 0, k;
    memcpy(mt, initial, sizeof(initial));
    for (k = (N > key_length ? N : key_length); k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= N) {
            mt[0] = mt[N - 1];
            i = 1;
        }
        if (j >= key_length) {
            j = 0;
        }
    }
    for (k = N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= N) {
            mt[0] = mt[N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000U;
    self->index = N;
}

/* The next word: word `index` of the generation is twisted now, from the words CPython's loop
 * would have read at that step (the old k + 1 and k + M, or the new k + M - N). */
static inline uint32_t
next_word(StreamObject *self)
{
    uint32_t *mt = self->mt;
    int k = self->index;
    uint32_t y;
    if (k >= N) {
        k = 0;
    }
    if (k < N - M) {
        y = (mt[k] & UPPER_MASK) | (mt[k + 1] & LOWER_MASK);
        mt[k] = mt[k + M] ^ (y >> 1) ^ ((y & 1U) ? MATRIX_A : 0U);
    }
    else if (k < N - 1) {
        y = (mt[k] & UPPER_MASK) | (mt[k + 1] & LOWER_MASK);
        mt[k] = mt[k + (M - N)] ^ (y >> 1) ^ ((y & 1U) ? MATRIX_A : 0U);
    }
    else {
        y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
        mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ ((y & 1U) ? MATRIX_A : 0U);
    }
    self->index = k + 1;
    y = mt[k];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static PyObject *
stream_seed(StreamObject *self, PyObject *arg)
{
    /* random.Random.seed(n) for an int n: its absolute value, in 32-bit words from the right. */
    if (!PyLong_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "Stream.seed takes an int");
        return NULL;
    }
    PyObject *n = PyNumber_Absolute(arg);
    if (n == NULL) {
        return NULL;
    }
    int overflow = 0;
    unsigned long long value = PyLong_AsUnsignedLongLong(n);
    if (value == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        overflow = 1;
    }
    Py_DECREF(n);
    if (overflow) {
        PyErr_SetString(PyExc_OverflowError, "Stream.seed takes an int below 2**64");
        return NULL;
    }
    uint32_t key[2] = {(uint32_t)(value & 0xffffffffU), (uint32_t)(value >> 32)};
    init_by_array(self, key, key[1] ? 2 : 1); /* CPython: one word per 32 bits, at least one */
    Py_RETURN_NONE;
}

static PyObject *
stream_random(StreamObject *self, PyObject *Py_UNUSED(ignored))
{
    uint32_t a = next_word(self) >> 5, b = next_word(self) >> 6;
    return PyFloat_FromDouble((a * 67108864.0 + b) * (1.0 / 9007199254740992.0));
}

static PyObject *
stream_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    if (PyTuple_GET_SIZE(args) != 0 || (kwds != NULL && PyDict_GET_SIZE(kwds) != 0)) {
        PyErr_SetString(PyExc_TypeError, "Stream() takes no arguments: seed it with seed(n)");
        return NULL;
    }
    StreamObject *self = (StreamObject *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    const uint32_t zero = 0;
    init_by_array(self, &zero, 1); /* the state of random.Random(0) until seeded */
    return (PyObject *)self;
}

/* engine.rng.deal_pure: items sorted by mix64(key ^ id), highest first; equal keys keep their order. */
typedef struct {
    uint64_t key;
    Py_ssize_t at;
} Dealt;

static inline uint64_t
mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int
dealt_before(const Dealt *a, const Dealt *b)
{
    return a->key > b->key || (a->key == b->key && a->at < b->at);
}

static int
dealt_compare(const void *x, const void *y)
{
    const Dealt *a = (const Dealt *)x, *b = (const Dealt *)y;
    return dealt_before(a, b) ? -1 : (dealt_before(b, a) ? 1 : 0);
}

static int
as_u64(PyObject *n, uint64_t *out)
{
    unsigned long long v = PyLong_AsUnsignedLongLong(n);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

static PyObject *
streams_deal(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "deal(key, items, ids) takes three arguments");
        return NULL;
    }
    uint64_t key;
    if (!PyLong_Check(args[0]) || as_u64(args[0], &key) < 0) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_TypeError, "deal: the key is an int below 2**64");
        }
        return NULL;
    }
    PyObject *items = args[1];
    if (!PyList_Check(items)) {
        PyErr_SetString(PyExc_TypeError, "deal: items is a list");
        return NULL;
    }
    PyObject *ids = PySequence_Fast(args[2], "deal: ids is a sequence of ints");
    if (ids == NULL) {
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(ids);
    if (n != PyList_GET_SIZE(items)) {
        Py_DECREF(ids);
        PyErr_SetString(PyExc_ValueError, "deal: one identity for each item");
        return NULL;
    }
    Dealt small[64];
    Dealt *dealt = n <= 64 ? small : PyMem_New(Dealt, n);
    if (dealt == NULL) {
        Py_DECREF(ids);
        return PyErr_NoMemory();
    }
    PyObject **seq = PySequence_Fast_ITEMS(ids);
    for (Py_ssize_t i = 0; i < n; i++) {
        uint64_t id;
        if (!PyLong_Check(seq[i]) || as_u64(seq[i], &id) < 0) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_TypeError, "deal: an identity is an int below 2**64");
            }
            if (dealt != small) {
                PyMem_Free(dealt);
            }
            Py_DECREF(ids);
            return NULL;
        }
        dealt[i].key = mix64(key ^ id);
        dealt[i].at = i;
    }
    Py_DECREF(ids);
    if (n <= 64) { /* insertion sort: a deck is a few dozen cards */
        for (Py_ssize_t i = 1; i < n; i++) {
            Dealt d = dealt[i];
            Py_ssize_t j = i;
            while (j > 0 && dealt_before(&d, &dealt[j - 1])) {
                dealt[j] = dealt[j - 1];
                j--;
            }
            dealt[j] = d;
        }
    }
    else {
        qsort(dealt, (size_t)n, sizeof(Dealt), dealt_compare);
    }
    PyObject *out = PyList_New(n);
    if (out != NULL) {
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *item = PyList_GET_ITEM(items, dealt[i].at);
            Py_INCREF(item);
            PyList_SET_ITEM(out, i, item);
        }
    }
    if (dealt != small) {
        PyMem_Free(dealt);
    }
    return out;
}

static PyMethodDef module_methods[] = {
    {"deal", (PyCFunction)(void (*)(void))streams_deal, METH_FASTCALL,
     "deal(key, items, ids) -> items sorted by mix64(key ^ id), highest first (engine.rng.deal_pure)."},
    {NULL, NULL, 0, NULL},
};

static PyMethodDef stream_methods[] = {
    {"seed", (PyCFunction)stream_seed, METH_O, "seed(n): the state random.Random(n) has, for an int 0 <= |n| < 2**64."},
    {"random", (PyCFunction)stream_random, METH_NOARGS, "random() -> x in [0, 1), as random.Random.random."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject StreamType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "engine._streams.Stream",
    .tp_doc = "A game's random stream: random.Random's numbers for an int seed, seeded for less.",
    .tp_basicsize = sizeof(StreamObject),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = stream_new,
    .tp_methods = stream_methods,
};

static struct PyModuleDef streams_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "engine._streams",
    .m_doc = "The random stream of one game (see engine/rng.py).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__streams(void)
{
    init_genrand(initial, 19650218U);
    if (PyType_Ready(&StreamType) < 0) {
        return NULL;
    }
    PyObject *module = PyModule_Create(&streams_module);
    if (module == NULL) {
        return NULL;
    }
    Py_INCREF(&StreamType);
    if (PyModule_AddObject(module, "Stream", (PyObject *)&StreamType) < 0) {
        Py_DECREF(&StreamType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
