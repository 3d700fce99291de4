/*
 * imp_listing.c — the listing every reader fills: instructions, labels,
 * the compiler's metadata; and which format a text is.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "hmap.h"
#include "imp_int.h"
#include "suggest.h"
#include "xalloc.h"

static const char *const format_names[IMP_FORMAT_COUNT] = {
    "auto", "amdgcn", "sass", "radv"
};

const char *imp_format_name(imp_format f)
{
    return (unsigned)f < IMP_FORMAT_COUNT ? format_names[f] : "?";
}

int imp_format_parse(const char *name, imp_format *f)
{
    for (int i = 0; i < IMP_FORMAT_COUNT; i++)
        if (strcmp(name, format_names[i]) == 0) {
            *f = (imp_format)i;
            return 0;
        }
    return -1;
}

imp_format imp_detect(const char *text)
{
    /* scripts/compile-vulkan's listing says so on its first line; clang's
     * AMDGPU assembly names its target and its kernels' HSA descriptors,
     * llvm-objdump the code object's ELF format;
     * SASS from cuobjdump or nvdisasm has its own words */
    if (strncmp(text, "; cusim vk-isa ", 15) == 0 || imp_is_radv_dump(text))
        return IMP_FORMAT_RADV;
    if (strstr(text, ".amdgcn_target") || strstr(text, ".amdhsa_kernel")
        || strstr(text, "amdhsa.kernels")
        || strstr(text, "file format elf64-amdgpu"))
        return IMP_FORMAT_AMDGCN;
    if (strstr(text, "code for sm_") || strstr(text, "Function : ")
        || strstr(text, "/*0000*/"))
        return IMP_FORMAT_SASS;
    return IMP_FORMAT_AUTO;
}

const char *imp_format_what(imp_format f)
{
    switch (f) {
    case IMP_FORMAT_AMDGCN:
        return "AMD GCN assembly";
    case IMP_FORMAT_SASS:
        return "NVIDIA SASS";
    case IMP_FORMAT_RADV:
        return "a RADV listing (scripts/compile-vulkan)";
    default:
        return "no listing";
    }
}

/* The labels by name: `map` holds each name's first label, for the
 * labels [0, indexed) (those appended since are added at the next
 * lookup: a reader names a label after it appends it). */
struct imp_label_index {
    hmap_str map;
    size_t indexed;
};

imp_insn *imp_listing_insn(imp_listing *l, int line, int column,
                           cusim_error *err)
{
    if (l->n_insns == IMP_MAX_INSNS) {
        err_set(err, l->file, line, column, "kernel '%s' has more than %d "
                "instructions, the most cusim import reads", l->meta.kernel,
                IMP_MAX_INSNS);
        return NULL;
    }
    if (l->n_insns == l->cap_insns) {
        l->cap_insns = l->cap_insns ? 2 * l->cap_insns : 256;
        l->insns = xrealloc_array(l->insns, l->cap_insns, sizeof *l->insns);
    }
    assert(l->n_insns < l->cap_insns && l->n_insns < IMP_MAX_INSNS);
    imp_insn *in = &l->insns[l->n_insns++];
    memset(in, 0, sizeof *in);
    in->param_off = -1;
    return in;
}

imp_label *imp_listing_label(imp_listing *l, int line, int column,
                             cusim_error *err)
{
    if (l->n_labels == IMP_MAX_INSNS) {
        err_set(err, l->file, line, column, "kernel '%s' has more than %d "
                "labels, the most cusim import reads", l->meta.kernel,
                IMP_MAX_INSNS);
        return NULL;
    }
    if (!l->by_name)
        l->by_name = xcalloc(1, sizeof *l->by_name);
    if (l->n_labels == l->cap_labels) {
        l->cap_labels = l->cap_labels ? 2 * l->cap_labels : 32;
        l->labels = xrealloc_array(l->labels, l->cap_labels, sizeof *l->labels);
    }
    imp_label *b = &l->labels[l->n_labels++];
    memset(b, 0, sizeof *b);
    return b;
}

const imp_label *imp_listing_label_named(const imp_listing *l,
                                         const char *name)
{
    struct imp_label_index *x = l->by_name;
    if (!x)
        return NULL;
    for (; x->indexed < l->n_labels; x->indexed++)
        if (hmap_str_get(&x->map, l->labels[x->indexed].name) < 0)
            hmap_str_put(&x->map, xstrdup(l->labels[x->indexed].name),
                         (uint32_t)x->indexed);
    long i = hmap_str_get(&x->map, name);
    return i < 0 ? NULL : &l->labels[i];
}

const imp_label *imp_listing_find_label(const imp_listing *l,
                                        const char *name)
{
    const imp_label *b = imp_listing_label_named(l, name);
    if (!b && strlen(name) + 1 < IMP_LABEL_MAX) {
        char dotted[IMP_LABEL_MAX];
        snprintf(dotted, sizeof dotted, ".%s", name);
        b = imp_listing_label_named(l, dotted);
    }
    if (!b && name[0] == '.')
        b = imp_listing_label_named(l, name + 1);
    return b;
}

void imp_listing_free(imp_listing *l)
{
    free(l->text);
    free(l->insns);
    free(l->labels);
    if (l->by_name)
        hmap_str_free(&l->by_name->map);
    free(l->by_name);
    memset(l, 0, sizeof *l);
}

int imp_pick_kernel(const char *file, char (*names)[64], int n,
                    const char *kernel, const char **out, cusim_error *err)
{
    char list[512];
    size_t u = 0;
    list[0] = '\0';
    for (int i = 0; i < n && u < sizeof list; i++)
        u += (size_t)snprintf(list + u, sizeof list - u, "%s%s",
                              i ? ", " : "", names[i]);
    if (!kernel) {
        if (n > 1) {
            /* the list numbered, for --kernel N */
            char numbered[640];
            size_t w = 0;
            for (int i = 0; i < n && w < sizeof numbered; i++)
                w += (size_t)snprintf(numbered + w, sizeof numbered - w,
                                      "%s%d: %s", i ? ", " : "", i + 1,
                                      names[i]);
            return err_noplace(err, file, "%s holds %d kernels (%s): name "
                               "one with --kernel NAME or --kernel N", file,
                               n, numbered);
        }
        *out = names[0];
        return 0;
    }
    const char *cands[64];
    for (int i = 0; i < n && i < 64; i++) {
        if (strcmp(names[i], kernel) == 0) {
            *out = names[i];
            return 0;
        }
        cands[i] = names[i];
    }
    /* a number from 1: the kernel in that place (no C, OpenCL or CUDA
     * kernel's name, mangled or not, is a number) */
    size_t digits = strspn(kernel, "0123456789");
    if (digits > 0 && digits < 4 && kernel[digits] == '\0') {
        int k = atoi(kernel);
        if (k >= 1 && k <= n) {
            *out = names[k - 1];
            return 0;
        }
        return err_noplace(err, file, "--kernel %s: %s holds %d kernel%s "
                           "(%s)", kernel, file, n, n == 1 ? "" : "s",
                           list);
    }
    const char *near = suggest_nearest(kernel, cands, (size_t)(n < 64 ? n : 64));
    if (near)
        return err_noplace(err, file, "--kernel %s: no kernel '%s' in %s "
                           "(did you mean '%s'?)", kernel, kernel, file, near);
    return err_noplace(err, file, "--kernel %s: no kernel '%s' in %s (its "
                       "kernels: %s)", kernel, kernel, file, list);
}
