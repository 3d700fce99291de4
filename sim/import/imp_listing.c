/*
 * imp_listing.c — the listing every reader fills: instructions, labels,
 * the compiler's metadata; and which format a text is.
 */
#include <stdlib.h>
#include <string.h>

#include "error.h"
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
     * AMDGPU assembly names its target and its kernels' HSA descriptors;
     * SASS from cuobjdump or nvdisasm has its own words */
    if (strncmp(text, "; cusim vk-isa ", 15) == 0)
        return IMP_FORMAT_RADV;
    if (strstr(text, ".amdgcn_target") || strstr(text, ".amdhsa_kernel")
        || strstr(text, "amdhsa.kernels"))
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
    if (l->n_labels == l->cap_labels) {
        l->cap_labels = l->cap_labels ? 2 * l->cap_labels : 32;
        l->labels = xrealloc_array(l->labels, l->cap_labels, sizeof *l->labels);
    }
    imp_label *b = &l->labels[l->n_labels++];
    memset(b, 0, sizeof *b);
    return b;
}

const imp_label *imp_listing_find_label(const imp_listing *l,
                                        const char *name)
{
    for (int pass = 0; pass < 3; pass++)
        for (size_t i = 0; i < l->n_labels; i++) {
            const char *have = l->labels[i].name;
            if (pass == 0 && strcmp(have, name) == 0)
                return &l->labels[i];
            if (pass == 1 && have[0] == '.' && strcmp(have + 1, name) == 0)
                return &l->labels[i];
            if (pass == 2 && name[0] == '.' && strcmp(have, name + 1) == 0)
                return &l->labels[i];
        }
    return NULL;
}

void imp_listing_free(imp_listing *l)
{
    free(l->text);
    free(l->insns);
    free(l->labels);
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
        if (n > 1)
            return err_noplace(err, file, "%s holds %d kernels (%s): name "
                               "one with --kernel", file, n, list);
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
    const char *near = suggest_nearest(kernel, cands, (size_t)(n < 64 ? n : 64));
    if (near)
        return err_noplace(err, file, "--kernel %s: no kernel '%s' in %s "
                           "(did you mean '%s'?)", kernel, kernel, file, near);
    return err_noplace(err, file, "--kernel %s: no kernel '%s' in %s (its "
                       "kernels: %s)", kernel, kernel, file, list);
}
