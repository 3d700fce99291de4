/*
 * heap.h — the library's one binary min-heap, generated for each element
 * type that needs one (the event queue's far future, the schedulers'
 * waiting subgroups, the memory recorder's completions, a heap sort in
 * coalesce.c).
 *
 * HEAP_DEFINE(name, T, CTX, BEFORE, PLACE) defines two sifts over an
 * array `a` of T in heap order (a[0] first; BEFORE(&x, &y) true when x
 * goes before y, a strict order):
 *   name_up(c, a, i, x)       puts x in the hole at index i and moves it
 *                             up to its place (a push: i = the old size);
 *   name_down(c, a, n, i, x)  puts x in the hole at index i of a heap of
 *                             n and moves it down to its place (a pop:
 *                             i = 0, x = the last element, n = size - 1).
 * PLACE(c, a, i, x) stores x at a[i]; HEAP_STORE is the plain store, and
 * a heap that tracks where each element is (the event queue) records it
 * there. `c` is PLACE's context (CTX, unused by HEAP_STORE).
 */
#ifndef CUSIM_HEAP_H
#define CUSIM_HEAP_H

#include <stdint.h>

#define HEAP_STORE(c, a, i, x) ((void)(c), (a)[i] = (x))

#define HEAP_DEFINE(name, T, CTX, BEFORE, PLACE)                              \
    static inline void name##_up(CTX c, T *a, uint32_t i, T x)                \
    {                                                                         \
        while (i > 0) {                                                       \
            uint32_t p = (i - 1) / 2;                                         \
            if (!BEFORE(&x, &a[p]))                                           \
                break;                                                        \
            PLACE(c, a, i, a[p]);                                             \
            i = p;                                                            \
        }                                                                     \
        PLACE(c, a, i, x);                                                    \
    }                                                                         \
    static inline void name##_down(CTX c, T *a, uint32_t n, uint32_t i, T x)  \
    {                                                                         \
        for (;;) {                                                            \
            uint32_t k = 2 * i + 1;                                           \
            if (k >= n)                                                       \
                break;                                                        \
            if (k + 1 < n && BEFORE(&a[k + 1], &a[k]))                        \
                k++;                                                          \
            if (!BEFORE(&a[k], &x))                                           \
                break;                                                        \
            PLACE(c, a, i, a[k]);                                             \
            i = k;                                                            \
        }                                                                     \
        PLACE(c, a, i, x);                                                    \
    }

#endif /* CUSIM_HEAP_H */
