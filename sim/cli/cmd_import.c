/*
 * cmd_import.c — `cusim import FILE`: a compiler's listing of a real
 * kernel as a cusim kernel YAML (sim/import/, docs/import.md). Its options
 * are its own (--format names a listing format here), so it parses them
 * itself; every mistake is one line naming the option, exit status 2,
 * and nothing is written.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "error.h"
#include "fileio.h"
#include "import.h"
#include "xalloc.h"

const char cli_import_help[] =
    "usage: cusim import FILE [--format amdgcn|sass|radv] [--kernel NAME|N]\n"
    "                    [--resources FILE] [--family NAME]\n"
    "                    [--trip LABEL=EXPR]...\n"
    "                    [--cond LABEL=EXPR]... [--at LINE=BUF[EXPR]]...\n"
    "                    [--workgroup-size N|X,Y]\n"
    "                    [--arg NAME=VALUE]... [--elements N] [--grid-x N]\n"
    "                    [--shared-bytes N]\n"
    "                    [--out KERNEL.yaml]\n"
    "                    [--strict]\n"
    "\n"
    "Turns a compiler's listing of a real kernel into a cusim kernel: its\n"
    "instructions mapped to the synthetic ISA by the tables of\n"
    "isa/import/ (waits and the exec mask's bookkeeping dropped, branches\n"
    "as repeat and if blocks, each instruction's registers as cusim\n"
    "registers so the dependencies are the compiled code's), and\n"
    "registers (registers_source: imported), shared_bytes,\n"
    "subgroup_size and the workgroup size from the compiler's\n"
    "metadata. Reads AMD GCN/RDNA assembly from clang -S\n"
    "(scripts/compile-amd), a code object's llvm-objdump -d with\n"
    "llvm-readelf --notes's metadata after it (or in --resources),\n"
    "NVIDIA SASS from cuobjdump -sass or\n"
    "nvdisasm, with cuobjdump -res-usage's REG and SHARED, and Mesa\n"
    "RADV's ISA and statistics of a Vulkan compute shader, GLSL or WGSL\n"
    "(scripts/compile-vulkan). A header comment names the source, the\n"
    "compiler, the target and every mapping decision; unmapped opcodes\n"
    "are listed there and left out.\n"
    "The kernel is checked to load before it is written. docs/import.md\n"
    "says what is approximated.\n"
    "\n"
    "  --format FORMAT    amdgcn, sass or radv (default: detected)\n"
    "  --kernel NAME|N    the kernel to import, by name or by its place\n"
    "                     in the file from 1 (a dump's shader also by\n"
    "                     stage: compute; default: the file's only\n"
    "                     one; several: exit 2 listing them)\n"
    "  --resources FILE   cuobjdump -res-usage output, for a SASS listing\n"
    "                     without its resource lines; llvm-readelf\n"
    "                     --notes output, for an llvm-objdump -d without\n"
    "                     its metadata\n"
    "  --family NAME      the chip of a RADV_DEBUG=shaders dump (navi21,\n"
    "                     gfx1100, vega10, ...), whose VGPR granule rounds\n"
    "                     the registers the disassembly uses where the\n"
    "                     dump has no statistics (default: 4, a lower\n"
    "                     bound, with a warning)\n"
    "  --trip LABEL=EXPR  the trip count of the loop whose backward branch\n"
    "                     goes to LABEL: a repeat count (a launch-shape\n"
    "                     expression, or a per-lane one); default: its\n"
    "                     counter's, where the code shows one, else 1,\n"
    "                     with a warning (repeatable)\n"
    "  --cond LABEL=EXPR  the lanes that run the block a forward branch to\n"
    "                     LABEL skips: an if condition (docs/isa.md);\n"
    "                     default the branch's own condition where the\n"
    "                     code says it, else every lane, with a warning\n"
    "                     (repeatable; a label that ends several ifs:\n"
    "                     once for all, or once for each in order)\n"    "  --at LINE=BUF[EXPR]  where the memory access at LINE of the\n"
    "                     listing (as the kernel's comments give it)\n"
    "                     reads or writes: at=BUF[EXPR] (docs/isa.md;\n"
    "                     shared[EXPR] for shared memory, a new buffer\n"
    "                     declared 4 GiB); default the address read from\n"
    "                     the code, else its pattern (repeatable)\n"
    "  --arg NAME=VALUE   the value of the kernel argument NAME, for the\n"
    "                     addresses affine in it: argOFF (the argument at\n"
    "                     byte OFF, in hexadecimal, of the kernel's\n"
    "                     parameters, as the header and the warnings name\n"
    "                     it), or, where the metadata lists the parameters\n"
    "                     (AMD), the parameter's index counted from 0 in\n"
    "                     the source's order (2: the third) or its name\n"
    "                     in the source (HIP; OpenCL with\n"
    "                     -cl-kernel-arg-info); VALUE a whole number, or\n"
    "                     an expression of the launch shape kept in the\n"
    "                     address (elements); default: the argument an\n"
    "                     if compares the global id with (i < n) is the\n"
    "                     element count, elements; another such address\n"
    "                     keeps its pattern, with a warning (repeatable)\n"
    "  --workgroup-size N|X,Y  the workgroup (default: the metadata's\n"
    "                     .reqd_workgroup_size, else\n"
    "                     .max_flat_workgroup_size; RADV: the shader's\n"
    "                     local size; SASS: 256, with a warning)\n"
    "  --elements N       invocations in the dispatch (default 1048576)\n"
    "  --grid-x N         workgroups per row of the grid (kernel key\n"
    "                     grid_x), for addresses that read the\n"
    "                     workgroup's row (default: the side of a square\n"
    "                     grid, with a warning)\n"
    "  --shared-bytes N   the workgroup's shared memory in bytes, with what\n"
    "                     the kernel allocates at launch (dynamic shared\n"
    "                     memory, which the metadata does not count;\n"
    "                     default: the listing's figure)\n"
    "  --out FILE         write the kernel there (default, or -: standard\n"
    "                     output)\n"
    "  --strict           refuse a listing with an unmapped opcode\n";

/* A whole number from 1 to `max`: 0 and *n, or -1. */
static int parse_positive(const char *v, uint64_t max, uint64_t *n)
{
    if (cli_parse_count(v, n) != 0 || *n == 0 || *n > max)
        return -1;
    return 0;
}

/* --trip / --cond LABEL=EXPR, --at LINE=BUF[EXPR] into `o`. */
static int parse_label_opt(const char *opt, char *value, imp_label_opt *o,
                           int *n, char *given)
{
    char *eq = strchr(value, '=');
    if (!eq || eq == value || !eq[1]) {
        cli_say("cusim import: %s %s: expected %s\n", opt, value,
                strcmp(opt, "--at") == 0 ? "LINE=BUF[EXPR]" : "LABEL=EXPR");
        return CLI_BAD_INPUT;
    }
    if (*n == IMP_MAX_LABEL_OPTS) {
        cli_say("cusim import: %s: at most %d\n", opt, IMP_MAX_LABEL_OPTS);
        return CLI_BAD_INPUT;
    }
    *eq = '\0';
    o[*n].label = value;
    o[*n].expr = eq + 1;
    o[*n].option = given;
    (*n)++;
    return CLI_OK;
}

/* Whether `s` up to `end` is a decimal number (a parameter's index) or
 * a C identifier (a parameter's name, or argHEX). */
static bool arg_name_ok(const char *s, const char *end)
{
    bool digits = end > s, ident = end > s && !isdigit((unsigned char)*s);
    for (const char *c = s; c < end; c++) {
        digits &= isdigit((unsigned char)*c) != 0;
        ident &= isalnum((unsigned char)*c) || *c == '_';
    }
    return digits || ident;
}

/* --arg NAME=VALUE into `o`: NAME argHEX (the importer's name of the
 * argument at byte HEX), a parameter's index (decimal, from 0) or its
 * name in the source (a C identifier; the importer resolves the last two
 * from the metadata), VALUE a whole number (decimal or 0x hex, negative
 * allowed) or an expression of the launch shape (it starts with a letter
 * or '(': "elements", kept as text and checked when the kernel
 * resolves), each NAME once. `value` and `given` (the option as written)
 * stay the caller's. */
static int parse_arg(char *value, const char *given, imp_options *o)
{
    char *eq = strchr(value, '=');
    bool name = eq && arg_name_ok(value, eq);
    char *end = NULL;
    long long v = 0;
    bool expr = name && (isalpha((unsigned char)eq[1]) || eq[1] == '_'
                         || eq[1] == '(');
    if (name && !expr) {
        errno = 0;
        v = strtoll(eq + 1, &end, 0);
    }
    if (!name || (!expr && (end == eq + 1 || *end || errno == ERANGE))) {
        cli_say("cusim import: --arg %s: expected NAME=VALUE, NAME the "
                "parameter's index (from 0), its name in the source, or "
                "the argument at byte OFF of the kernel's parameters as "
                "argOFF (hexadecimal: arg10), and VALUE a whole number or "
                "an expression of the launch (elements)\n", value);
        return CLI_BAD_INPUT;
    }
    if (o->n_args == IMP_MAX_LABEL_OPTS) {
        cli_say("cusim import: --arg: at most %d\n", IMP_MAX_LABEL_OPTS);
        return CLI_BAD_INPUT;
    }
    *eq = '\0';
    for (int i = 0; i < o->n_args; i++)
        if (strcmp(o->args[i].name, value) == 0) {
            cli_say("cusim import: --arg %s=%s: %s is given twice\n", value,
                    eq + 1, value);
            *eq = '=';
            return CLI_BAD_INPUT;
        }
    o->args[o->n_args++] = (imp_arg_opt){ .name = value, .value = v,
                                          .expr = expr ? eq + 1 : NULL,
                                          .option = given, .param = -1 };
    return CLI_OK;
}

int cli_import(int argc, char **argv)
{
    imp_options o;
    memset(&o, 0, sizeof o);
    /* each --trip / --cond as given, for messages */
    char *given[4 * IMP_MAX_LABEL_OPTS];
    int n_given = 0, status = CLI_OK;
    for (int i = 0; i < argc && status == CLI_OK; i++) {
        char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(cli_import_help, stdout);
            goto done;
        }
        if (strcmp(a, "--strict") == 0) {
            o.strict = true;
            continue;
        }
        if (a[0] != '-' || a[1] == '\0') {
            if (o.file) {
                cli_say("cusim import: one listing, got '%s' and '%s'\n",
                        o.file, a);
                status = CLI_BAD_INPUT;
                break;
            }
            o.file = a;
            continue;
        }
        static const char *const with_value[] = {
            "--format", "--kernel", "--resources", "--family", "--trip",
            "--cond",
            "--at", "--arg", "--workgroup-size", "--elements", "--grid-x",
            "--shared-bytes", "--out"
        };
        const char *opt = NULL;
        char *val = NULL;
        for (size_t k = 0; k < sizeof with_value / sizeof with_value[0]; k++) {
            size_t n = strlen(with_value[k]);
            if (strncmp(a, with_value[k], n) == 0
                && (a[n] == '\0' || a[n] == '=')) {
                opt = with_value[k];
                if (a[n] == '=')
                    val = a + n + 1;
                else if (i + 1 < argc)
                    val = argv[++i];
            }
        }
        if (!opt) {
            cli_say("cusim import: unknown option '%s' (see cusim import "
                    "--help)\n", a);
            status = CLI_BAD_INPUT;
            break;
        }
        if (!val) {
            cli_say("cusim import: %s needs a value\n", opt);
            status = CLI_BAD_INPUT;
            break;
        }
        /* a value that is no path is one line of text (an expression
         * goes into the kernel's YAML, a message echoes it) */
        bool path = strcmp(opt, "--out") == 0
                    || strcmp(opt, "--resources") == 0;
        for (const char *c = val; *c && !path; c++)
            if ((unsigned char)*c < 0x20 || *c == 0x7f) {
                char shown[256];
                err_escape(shown, sizeof shown, val);
                cli_say("cusim import: %s %s: a control character "
                        "(\\x%02x) in the value: expected one line of "
                        "text\n", opt, shown, (unsigned char)*c);
                status = CLI_BAD_INPUT;
                break;
            }
        if (status != CLI_OK)
            break;
        uint64_t n;
        if (strcmp(opt, "--format") == 0) {
            if (imp_format_parse(val, &o.format) != 0
                || o.format == IMP_FORMAT_AUTO) {
                cli_say("cusim import: --format %s: expected amdgcn, "
                        "sass or radv\n", val);
                status = CLI_BAD_INPUT;
            }
        } else if (strcmp(opt, "--kernel") == 0) {
            o.kernel = val;
        } else if (strcmp(opt, "--resources") == 0) {
            o.resources = val;
        } else if (strcmp(opt, "--family") == 0) {
            o.family = val;
        } else if (strcmp(opt, "--out") == 0) {
            o.out = strcmp(val, "-") == 0 ? NULL : val;  /* -: stdout */
        } else if (strcmp(opt, "--elements") == 0) {
            if (parse_positive(val, (uint64_t)1 << 48, &n) != 0) {
                cli_say("cusim import: --elements %s: expected a whole "
                        "number from 1 to 2^48\n", val);
                status = CLI_BAD_INPUT;
            }
            o.elements = n;
        } else if (strcmp(opt, "--grid-x") == 0) {
            if (parse_positive(val, UINT32_MAX, &n) != 0) {
                cli_say("cusim import: --grid-x %s: expected a whole "
                        "number from 1 to 4294967295\n", val);
                status = CLI_BAD_INPUT;
            }
            o.grid_x = n;
        } else if (strcmp(opt, "--arg") == 0) {
            char *g = xasprintf("%s %s", opt, val);
            given[n_given++] = g;
            status = parse_arg(val, g, &o);
        } else if (strcmp(opt, "--shared-bytes") == 0) {
            if (parse_positive(val, 1073741824, &n) != 0) {
                cli_say("cusim import: --shared-bytes %s: expected a whole "
                        "number from 1 to 1073741824\n", val);
                status = CLI_BAD_INPUT;
            }
            o.shared_bytes = (uint32_t)n;
            o.shared_given = true;
        } else if (strcmp(opt, "--workgroup-size") == 0) {
            char *comma = strchr(val, ',');
            if (comma)
                *comma = '\0';
            uint64_t x, y = 1;
            if (parse_positive(val, 1048576, &x) != 0
                || (comma && parse_positive(comma + 1, 1048576, &y) != 0)) {
                if (comma)
                    *comma = ',';
                cli_say("cusim import: --workgroup-size %s: expected N or "
                        "X,Y (whole numbers from 1 to 1048576)\n", val);
                status = CLI_BAD_INPUT;
            } else {
                o.workgroup[0] = (uint32_t)x;
                o.workgroup[1] = (uint32_t)y;
                o.workgroup_dims = comma ? 2 : 1;
            }
        } else {
            char *g = xasprintf("%s %s", opt, val);
            given[n_given++] = g;
            status = strcmp(opt, "--trip") == 0
                         ? parse_label_opt(opt, val, o.trips, &o.n_trips, g)
                     : strcmp(opt, "--cond") == 0
                         ? parse_label_opt(opt, val, o.conds, &o.n_conds, g)
                         : parse_label_opt(opt, val, o.ats, &o.n_ats, g);
        }
    }
    if (status != CLI_OK)
        goto done;
    if (!o.file) {
        cli_say("cusim import: which listing? (usage: cusim import FILE "
                "[options]; cusim import --help)\n");
        status = CLI_BAD_INPUT;
        goto done;
    }
    if (o.out) {
        fio_inputs in = { 0 };
        fio_inputs_add(&in, o.file, "the listing");
        if (o.resources)
            fio_inputs_add(&in, o.resources, "the resource usage");
        status = cli_check_output(cli_find("import"), "--out", o.out, &in);
        fio_inputs_free(&in);
        if (status != CLI_OK)
            goto done;
    }
    char *yaml, *warnings;
    cusim_error err;
    if (imp_import(&o, &yaml, &warnings, &err) != 0) {
        status = cli_bad_input(&err);
        goto done;
    }
    for (char *w = warnings, *nl; w && *w; w = nl + 1) {
        nl = strchr(w, '\n');
        *nl = '\0';
        cli_say("%s\n", w);
    }
    if (o.out) {
        if (fio_write_file(o.out, yaml, strlen(yaml), &err) != 0) {
            cusim_error_print(&err, stderr);
            status = CLI_FAILURE;
        }
    } else {
        fputs(yaml, stdout);
    }
    free(yaml);
    free(warnings);
done:
    for (int i = 0; i < n_given; i++)
        free(given[i]);
    return status;
}
