/*
 * portability.c — `cusim portability`: one kernel at each workgroup size on
 * each device, each device's best size, each size's worst case, the
 * recommendation, and the report (see portability.h).
 *
 * A size is applied to the kernel as `--set kernel.workgroup_size=[x, y]`
 * would be (cusim_kernel_apply: the same validation); whether it can
 * launch on a device is the device's static occupancy (the same admission
 * rule the simulation uses), so a size a device cannot run is a marked
 * cell, not an error.
 */
#include "portability.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "json.h"
#include "plot_gnuplot.h"
#include "xalloc.h"

/* ------------------------------------------------------------ sizes */

/* Parses one entry "N" or "NxM" of [s, end) into *out. */
static int parse_size(const char *s, const char *end, port_size *out)
{
    uint64_t v[2] = { 0, 0 };
    int n = 0;
    const char *c = s;
    while (n < 2) {
        if (c == end || *c < '0' || *c > '9')
            return -1;
        while (c < end && *c >= '0' && *c <= '9') {
            v[n] = v[n] * 10 + (uint64_t)(*c - '0');
            if (v[n] > 65536)
                return -1;
            c++;
        }
        n++;
        if (c == end)
            break;
        if (*c != 'x' || n == 2)
            return -1;
        c++;
    }
    if (c != end || v[0] == 0 || (n == 2 && v[1] == 0))
        return -1;
    out->x = (uint32_t)v[0];
    out->y = n == 2 ? (uint32_t)v[1] : 0;
    if (out->y)
        snprintf(out->label, sizeof out->label, "%" PRIu32 "x%" PRIu32,
                 out->x, out->y);
    else
        snprintf(out->label, sizeof out->label, "%" PRIu32, out->x);
    return 0;
}

int port_parse_sizes(const char *text, port_size *sizes, int max, char *err,
                     size_t err_size)
{
    int n = 0;
    const char *s = text;
    for (;;) {
        const char *end = strchr(s, ',');
        if (!end)
            end = s + strlen(s);
        if (n == max) {
            snprintf(err, err_size, "expected at most %d sizes", max);
            return -1;
        }
        if (parse_size(s, end, &sizes[n]) != 0) {
            snprintf(err, err_size, "expected sizes such as 32,64,128 or "
                     "8x8,16x4,64x1 (whole numbers 1 to 65536), got '%.*s'",
                     (int)(end - s), s);
            return -1;
        }
        /* N and Nx1 are the same workgroup: listed twice, however written */
        for (int i = 0; i < n; i++)
            if (sizes[i].x == sizes[n].x
                && (sizes[i].y ? sizes[i].y : 1) == (sizes[n].y ? sizes[n].y : 1)) {
                if (strcmp(sizes[i].label, sizes[n].label) == 0)
                    snprintf(err, err_size, "size %s is listed twice",
                             sizes[n].label);
                else
                    snprintf(err, err_size, "size %s is listed twice (as %s "
                             "before: the same workgroup)", sizes[n].label,
                             sizes[i].label);
                return -1;
            }
        n++;
        if (!*end)
            return n;
        s = end + 1;
    }
}

int port_default_sizes(const cusim_kernel *k, port_size *sizes, int max)
{
    static const char *const one[] = { "32", "64", "128", "256", "512",
                                       "1024" };
    static const char *const two[] = { "8x4", "8x8", "16x4", "16x8",
                                       "16x16", "32x8", "32x32" };
    bool is_2d = k->workgroup[1] > 1;
    const char *const *list = is_2d ? two : one;
    int n = is_2d ? (int)(sizeof two / sizeof two[0])
                  : (int)(sizeof one / sizeof one[0]);
    if (n > max)
        n = max;
    for (int i = 0; i < n; i++)
        parse_size(list[i], list[i] + strlen(list[i]), &sizes[i]);
    return n;
}

/* ------------------------------------------------------------- plan */

static port_cell *cell(port_plan *p, int h, int s)
{
    return &p->cells[h * p->n_sizes + s];
}

static const port_cell *cell_c(const port_plan *p, int h, int s)
{
    return &p->cells[h * p->n_sizes + s];
}

port_plan *port_plan_new(const cusim_hw *hw, int n_hw, const cusim_kernel *k,
                         const port_size *sizes, int n_sizes,
                         cusim_error *err)
{
    if (n_hw < 1 || n_hw > PORT_MAX_HW || n_sizes < 1
        || n_sizes > PORT_MAX_SIZES) {
        memset(err, 0, sizeof *err);
        snprintf(err->message, sizeof err->message, "portability: 1 to %d "
                 "devices and 1 to %d sizes", PORT_MAX_HW, PORT_MAX_SIZES);
        return NULL;
    }
    port_plan *p = xcalloc(1, sizeof *p);
    p->n_hw = n_hw;
    p->n_sizes = n_sizes;
    memcpy(p->sizes, sizes, (size_t)n_sizes * sizeof *sizes);
    snprintf(p->kernel, sizeof p->kernel, "%s", k->name);
    p->cells = xcalloc((size_t)n_hw * (size_t)n_sizes, sizeof *p->cells);

    /* the kernel at each size: a value error is the user's, once */
    cusim_kernel *at = xcalloc((size_t)n_sizes, sizeof *at);
    char values[PORT_MAX_SIZES][32];
    for (int s = 0; s < n_sizes; s++) {
        const port_size *z = &p->sizes[s];
        if (z->y)
            snprintf(values[s], sizeof values[s], "[%" PRIu32 ", %" PRIu32
                     "]", z->x, z->y);
        else
            snprintf(values[s], sizeof values[s], "%" PRIu32, z->x);
        cusim_set set = { "kernel.workgroup_size", values[s], "--sizes", 1,
                          1 };
        cusim_kernel_clone(&at[s], k);
        if (cusim_kernel_apply(&at[s], &set, 1, err) != 0) {
            for (int j = 0; j <= s; j++)
                cusim_kernel_free(&at[j]);
            free(at);
            port_plan_free(p);
            return NULL;
        }
    }
    for (int h = 0; h < n_hw; h++) {
        p->hw[h] = hw[h];
        for (int s = 0; s < n_sizes; s++) {
            port_cell *c = cell(p, h, s);
            cusim_kernel_clone(&c->k, &at[s]);
            cusim_occupancy occ;
            cusim_error e;
            c->runs = cusim_occupancy_compute(&p->hw[h], &c->k, &occ, &e)
                      == 0;
            if (!c->runs)
                snprintf(c->why, sizeof c->why, "%s", e.message);
        }
    }
    for (int s = 0; s < n_sizes; s++)
        cusim_kernel_free(&at[s]);
    free(at);
    return p;
}

void port_plan_free(port_plan *p)
{
    if (!p)
        return;
    if (p->cells)
        for (int i = 0; i < p->n_hw * p->n_sizes; i++)
            cusim_kernel_free(&p->cells[i].k);
    free(p->cells);
    free(p);
}

int port_cell_count(const port_plan *p)
{
    return p->n_hw * p->n_sizes;
}

int port_simulate(const port_plan *p, int i, cusim_result *out,
                  cusim_error *err)
{
    const port_cell *c = &p->cells[i];
    cusim_sim_options opt = { .max_instructions = p->max_instructions };
    return cusim_simulate(&p->hw[i / p->n_sizes], &c->k, &opt, out, NULL,
                          err);
}

void port_record(port_plan *p, int i, int rc, const cusim_result *res,
                 const cusim_error *err)
{
    port_cell *c = &p->cells[i];
    c->ran = true;
    c->rc = rc;
    if (rc < 0) {
        c->runs = false;
        snprintf(c->why, sizeof c->why, "%s", err->message);
        return;
    }
    if (rc != 0 || !res) {
        snprintf(c->why, sizeof c->why, "%s",
                 err ? err->message : "its worker process died");
        return;
    }
    c->cycles = res->cycles;
    c->time_us = res->time_us;
    c->theoretical = res->occupancy.theoretical;
    c->achieved = res->achieved_occupancy;
    c->simd_width = res->occupancy.simd_width;
}

/* Whether cell c has a time to compare. */
static bool timed(const port_cell *c)
{
    return c->runs && c->ran && c->rc == 0 && c->cycles > 0;
}

void port_conclude(port_plan *p)
{
    for (int h = 0; h < p->n_hw; h++) {
        p->best[h] = -1;
        for (int s = 0; s < p->n_sizes; s++)
            if (timed(cell(p, h, s))
                && (p->best[h] < 0
                    || cell(p, h, s)->cycles < cell(p, h, p->best[h])->cycles))
                p->best[h] = s;
        for (int s = 0; s < p->n_sizes; s++) {
            port_cell *c = cell(p, h, s);
            c->relative = timed(c) ? (double)c->cycles
                                     / (double)cell(p, h, p->best[h])->cycles
                                   : 0;
        }
    }
    p->recommended = -1;
    for (int s = 0; s < p->n_sizes; s++) {
        p->worst[s] = 0;
        p->covered[s] = 0;
        for (int h = 0; h < p->n_hw; h++) {
            const port_cell *c = cell(p, h, s);
            if (!timed(c))
                continue;
            p->covered[s]++;
            if (c->relative > p->worst[s])
                p->worst[s] = c->relative;
        }
        int r = p->recommended;
        if (p->covered[s] > 0
            && (r < 0 || p->covered[s] > p->covered[r]
                || (p->covered[s] == p->covered[r]
                    && p->worst[s] < p->worst[r])))
            p->recommended = s;
    }
}

/* ------------------------------------------------------------- text */

static void print_text(FILE *out, const port_plan *p)
{
    fprintf(out, "cusim portability: %s on %d device%s, %d workgroup "
            "size%s\n\n", p->kernel, p->n_hw, p->n_hw == 1 ? "" : "s",
            p->n_sizes, p->n_sizes == 1 ? "" : "s");
    fprintf(out, "Time relative to each device's best size (1.00 = its "
            "best; - = cannot run there)\n");
    fprintf(out, "  %-20s", "device");
    for (int s = 0; s < p->n_sizes; s++)
        fprintf(out, " %7s", p->sizes[s].label);
    fputc('\n', out);
    for (int h = 0; h < p->n_hw; h++) {
        fprintf(out, "  %-20s", p->hw[h].name);
        for (int s = 0; s < p->n_sizes; s++) {
            const port_cell *c = cell_c(p, h, s);
            if (timed(c))
                fprintf(out, " %7.2f", c->relative);
            else
                fprintf(out, " %7s", c->runs ? "failed" : "-");
        }
        fputc('\n', out);
    }
    fprintf(out, "  %-20s", "worst");
    for (int s = 0; s < p->n_sizes; s++) {
        if (p->covered[s])
            fprintf(out, " %6.2fx", p->worst[s]);
        else
            fprintf(out, " %7s", "-");
    }
    fputc('\n', out);
    bool partial = false;
    for (int s = 0; s < p->n_sizes; s++)
        partial = partial || (p->covered[s] && p->covered[s] < p->n_hw);
    if (partial) {
        fprintf(out, "  (the worst case of");
        for (int s = 0, first = 1; s < p->n_sizes; s++)
            if (p->covered[s] && p->covered[s] < p->n_hw) {
                fprintf(out, "%s %s", first ? "" : ",", p->sizes[s].label);
                first = 0;
            }
        fprintf(out, " is over the devices that run it)\n");
    }
    fprintf(out, "\nBest size per device\n");
    for (int h = 0; h < p->n_hw; h++) {
        int b = p->best[h];
        if (b < 0) {
            fprintf(out, "  %-20s none runs\n", p->hw[h].name);
            continue;
        }
        const port_cell *c = cell_c(p, h, b);
        fprintf(out, "  %-20s %-6s %" PRIu64 " cycles (%.1f us), "
                "occupancy %.2f, width %" PRIu32 "\n", p->hw[h].name,
                p->sizes[b].label, c->cycles, c->time_us, c->theoretical,
                c->simd_width);
    }
    fprintf(out, "\nRecommendation\n");
    int r = p->recommended;
    if (r < 0)
        fprintf(out, "  no size runs on any device\n");
    else if (p->covered[r] == p->n_hw)
        fprintf(out, "  %s: at most %.2fx the best size's time on every "
                "device (the smallest worst case)\n", p->sizes[r].label,
                p->worst[r]);
    else
        fprintf(out, "  %s: no size runs on every device; %s runs on %d of "
                "%d, at most %.2fx their best\n", p->sizes[r].label,
                p->sizes[r].label, p->covered[r], p->n_hw, p->worst[r]);
    bool any = false;
    for (int h = 0; h < p->n_hw; h++)
        for (int s = 0; s < p->n_sizes; s++) {
            const port_cell *c = cell_c(p, h, s);
            if (timed(c))
                continue;
            if (!any)
                fprintf(out, "\nCells without a time\n");
            any = true;
            fprintf(out, "  %s on %s: %s\n", p->sizes[s].label,
                    p->hw[h].name, c->why);
        }
}

/* ------------------------------------------------------------- json */

static void print_json(FILE *out, const port_plan *p)
{
    fputs("{\"kernel\": ", out);
    json_string(out, p->kernel);
    fputs(", \"devices\": [", out);
    for (int h = 0; h < p->n_hw; h++) {
        fputs(h ? ", {\"hw\": " : "{\"hw\": ", out);
        json_string(out, p->hw[h].name);
        fputs(", \"best\": ", out);
        if (p->best[h] < 0)
            fputs("null", out);
        else
            json_string(out, p->sizes[p->best[h]].label);
        fputs("}", out);
    }
    fputs("], \"sizes\": [", out);
    for (int s = 0; s < p->n_sizes; s++) {
        fputs(s ? ", {\"size\": " : "{\"size\": ", out);
        json_string(out, p->sizes[s].label);
        fprintf(out, ", \"devices\": %d, \"worst\": ", p->covered[s]);
        if (p->covered[s])
            fprintf(out, "%.10g", p->worst[s]);
        else
            fputs("null", out);
        fputs("}", out);
    }
    fputs("], \"cells\": [", out);
    for (int h = 0, first = 1; h < p->n_hw; h++)
        for (int s = 0; s < p->n_sizes; s++, first = 0) {
            const port_cell *c = cell_c(p, h, s);
            fputs(first ? "{\"hw\": " : ", {\"hw\": ", out);
            json_string(out, p->hw[h].name);
            fputs(", \"size\": ", out);
            json_string(out, p->sizes[s].label);
            if (timed(c)) {
                fprintf(out, ", \"status\": \"ok\", \"cycles\": %" PRIu64
                        ", \"time_us\": %.10g, \"relative\": %.10g, "
                        "\"occupancy\": %.10g, \"simd_width\": %" PRIu32
                        "}", c->cycles, c->time_us, c->relative,
                        c->theoretical, c->simd_width);
            } else {
                fprintf(out, ", \"status\": \"%s\", \"reason\": ",
                        c->runs ? "failed" : "cannot_run");
                json_string(out, c->why);
                fputs("}", out);
            }
        }
    fputs("], \"recommended\": ", out);
    if (p->recommended < 0)
        fputs("null", out);
    else
        json_string(out, p->sizes[p->recommended].label);
    fputs("}\n", out);
}

/* -------------------------------------------------------------- csv */

static void print_csv(FILE *out, const port_plan *p)
{
    fputs("size,hw,status,cycles,time_us,relative,occupancy,simd_width,"
          "best,recommended,reason\n", out);
    for (int s = 0; s < p->n_sizes; s++)
        for (int h = 0; h < p->n_hw; h++) {
            const port_cell *c = cell_c(p, h, s);
            csv_write_field(out, p->sizes[s].label);
            fputc(',', out);
            csv_write_field(out, p->hw[h].name);
            if (timed(c))
                fprintf(out, ",ok,%" PRIu64 ",%.10g,%.10g,%.10g,%" PRIu32
                        ",", c->cycles, c->time_us, c->relative,
                        c->theoretical, c->simd_width);
            else
                fprintf(out, ",%s,,,,,,", c->runs ? "failed" : "cannot_run");
            fprintf(out, "%s,%s,", p->best[h] == s ? "true" : "false",
                    p->recommended == s ? "true" : "false");
            csv_write_field(out, timed(c) ? "" : c->why);
            fputc('\n', out);
        }
}

void port_print(FILE *out, const port_plan *p, cusim_format fmt)
{
    if (fmt == CUSIM_FORMAT_JSON)
        print_json(out, p);
    else if (fmt == CUSIM_FORMAT_CSV)
        print_csv(out, p);
    else
        print_text(out, p);
}

/* ---------------------------------------------------------- heatmap */

void port_write_gp(FILE *out, const port_plan *p)
{
    fprintf(out, "# cusim portability: %s, relative time (1 = the "
            "device's best size), sizes x devices; a cell a device cannot "
            "run is left blank.\n", p->kernel);
    fputs("$cells << EOD\n", out);
    for (int s = 0; s < p->n_sizes; s++)
        for (int h = 0; h < p->n_hw; h++) {
            const port_cell *c = cell_c(p, h, s);
            if (timed(c))
                fprintf(out, "%d %d %.6f\n", h, s, c->relative);
        }
    fputs("EOD\n", out);
    fputs("if (!exists(\"png_out\")) png_out = 'portability.png'\n"
          "if (!exists(\"svg_out\")) svg_out = 'portability.svg'\n", out);
    fputs("set xtics (", out);
    for (int h = 0; h < p->n_hw; h++) {
        fputs(h ? ", " : "", out);
        plot_gp_string(out, p->hw[h].name);
        fprintf(out, " %d", h);
    }
    fputs(") rotate by -45\nset ytics (", out);
    for (int s = 0; s < p->n_sizes; s++) {
        fputs(s ? ", " : "", out);
        plot_gp_string(out, p->sizes[s].label);
        fprintf(out, " %d", s);
    }
    fprintf(out, ")\nset xrange [-0.5:%d.5]\nset yrange [-0.5:%d.5]\n",
            p->n_hw - 1, p->n_sizes - 1);
    fputs("set title ", out);
    char title[160];
    snprintf(title, sizeof title, "%s: time relative to each device's best "
             "workgroup size", p->kernel);
    plot_gp_string(out, title);
    fputs("\nset xlabel 'device'\nset ylabel 'workgroup size'\n"
          "set cblabel 'relative time'\n"
          "set palette defined (0 '#2c7bb6', 0.5 '#ffffbf', 1 '#d7191c')\n"
          "set tics nomirror\nunset key\n", out);
    /* the colours span 1 to the largest relative time (at least 1.25, so
     * a spread of a few percent stays blue) */
    double top = 1.25;
    for (int s = 0; s < p->n_sizes; s++)
        if (p->covered[s] && p->worst[s] > top)
            top = p->worst[s];
    fprintf(out, "set cbrange [1:%.4f]\n", top);
    /* a blank cell says why, where the reader looks for a legend */
    int blank = 0;
    for (int s = 0; s < p->n_sizes; s++)
        for (int h = 0; h < p->n_hw; h++)
            blank += !timed(cell_c(p, h, s));
    if (blank)
        fputs("set label 1 'blank cell: the device cannot run that "
              "workgroup size (portability.csv says why)' at screen 0.02, "
              "screen 0.02 left font ',9'\n", out);
    /* a cell wide enough for its "1.23" and a device's name: the canvas
     * grows with the devices and sizes, 800 x 600 at the least */
    int width = 200 + 56 * p->n_hw, height = 240 + 44 * p->n_sizes;
    if (width < 800)
        width = 800;
    if (height < 600)
        height = 600;
    plot_gp_terminals(out, width, height);
    fputs("  plot $cells using 1:2:(0.5):(0.5):3 with boxxyerror fc palette "
          "fs solid border lc rgb 'white', \\\n"
          "       $cells using 1:2:(sprintf('%.2f', $3)) with labels "
          "font ',9'\n"
          "  set output\n}\n", out);
}
