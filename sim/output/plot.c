/*
 * plot.c — an experiment's figures: results CSV in, gnuplot script, PNG and
 * SVG out.
 *
 * The steps, in order:
 *   1. read the CSV (csv.h) into cells, and what its parameter cells show
 *      (plot_label.h);
 *   2. lay the figure out: each faceted panel once per combination of its
 *      facet columns' values;
 *   3. per panel (plot_data.c), resolve the x, y and series columns, drop
 *      failed rows (status = failed) and empty cells, and gather one curve
 *      per (y column, series value), sorted by x; or, for a stacked panel,
 *      one bar per row, sorted by x when x is numeric; or, for a timeline
 *      panel, one curve per (y column, point) read from the point's
 *      timeline CSV;
 *   4. write FILE.gp (plot_gnuplot.c): comments, the data inlined as
 *      heredoc blocks, then the drawing commands, run once per terminal
 *      (pngcairo, then svg);
 *   5. run gnuplot on it, writing every file under a temporary name
 *      (fileio.h), and rename the three into place only when all of them
 *      exist.
 */
#include "plot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csv.h"
#include "error.h"
#include "fileio.h"
#include "plot_data.h"
#include "plot_gnuplot.h"
#include "plot_label.h"
#include "strbuf.h"
#include "xalloc.h"

/* Checks what the CSV cannot: a usable file name and panel counts. */
static int spec_check(const plot_spec *spec, const char *csv_path,
                      cusim_error *err)
{
    if (!spec->file[0] || strchr(spec->file, '/'))
        return err_set(err, csv_path, 1, 1, "plot file name '%s' must be a"
                       " non-empty base name", spec->file);
    if (spec->n_panels < 1 || spec->n_panels > PLOT_MAX_PANELS)
        return err_set(err, csv_path, 1, 1, "plot '%s': %d panels (1 to %d"
                       " allowed)", spec->file, spec->n_panels,
                       PLOT_MAX_PANELS);
    for (int p = 0; p < spec->n_panels; p++) {
        const plot_panel *pn = &spec->panels[p];
        if (pn->style == PLOT_STACKED) {
            if (pn->source == PLOT_TIMELINE)
                return err_set(err, csv_path, 1, 1, "plot '%s': panel %d "
                               "is both stacked and a timeline panel",
                               spec->file, p + 1);
            if (!pn->x[0] || pn->n_y < 2 || pn->n_y > PLOT_MAX_STACK
                || pn->series[0] || pn->logx || pn->logy)
                return err_set(err, csv_path, 1, 1, "plot '%s': stacked "
                               "panel %d needs an x column, 2 to %d y "
                               "columns, no series and no log axis",
                               spec->file, p + 1, PLOT_MAX_STACK);
        } else if (pn->style == PLOT_ROOFLINE
                   && (pn->source == PLOT_TIMELINE || pn->n_y != 1)) {
            return err_set(err, csv_path, 1, 1, "plot '%s': roofline panel "
                           "%d needs the results and its one y column",
                           spec->file, p + 1);
        } else if (!pn->x[0] || pn->n_y < 1 || pn->n_y > PLOT_MAX_Y) {
            return err_set(err, csv_path, 1, 1, "plot '%s': panel %d needs an"
                           " x column and 1 to %d y columns", spec->file,
                           p + 1, PLOT_MAX_Y);
        }
    }
    return 0;
}

/* A facet's title: its columns' values as shown (`vals`), "hw.name =
 * nvidia-sm80, ...", leaving out empty ones and the hardware (kernel) file
 * when hw.name (kernel.name) is there too; on a line of its own below the
 * panel's own title. */
static void facet_title(plot_panel *pn, const char *const *vals)
{
    sbuf b = { 0 };
    for (int k = 0; k < pn->n_facet; k++) {
        const char *name = pn->facet[k];
        int named = 0;
        for (int j = 0; j < pn->n_facet && !named; j++)
            named = (strcmp(name, "hardware") == 0
                     && strcmp(pn->facet[j], "hw.name") == 0)
                    || (strcmp(name, "kernel") == 0
                        && strcmp(pn->facet[j], "kernel.name") == 0);
        if (!named && vals[k][0])
            sb_printf(&b, "%s%s = %s", b.n ? ", " : "", name, vals[k]);
    }
    char *full = pn->title[0] ? xasprintf("%s" PLOT_TITLE_BREAK "%s",
                                          pn->title, b.s ? b.s : "")
                              : xstrdup(b.s ? b.s : "");
    snprintf(pn->title, sizeof pn->title, "%s", full);
    free(full);
    free(b.s);
}

/* The figure as drawn into `view`: the panels of `spec`, each faceted one
 * once per combination of its facet columns' values in the order the
 * rows first show them (vals[q]: view panel q's), titled with them as
 * `sh` shows them. */
static int facets_expand(const csv_table *csv, const plot_label_shown *sh,
                         const plot_spec *spec, plot_spec *view,
                         const char *(*vals)[PLOT_MAX_FACET_KEYS],
                         cusim_error *err)
{
    *view = *spec;
    view->n_panels = 0;
    for (int p = 0; p < spec->n_panels; p++) {
        const plot_panel *pn = &spec->panels[p];
        int cols[PLOT_MAX_FACET_KEYS], first = view->n_panels;
        if (pn->n_facet == 0 && view->n_panels < PLOT_MAX_DRAWN) {
            view->panels[view->n_panels++] = *pn;
            continue;
        }
        if (pn->n_facet == 0)
            return err_set(err, csv->path, 1, 1, "plot '%s': panel %d takes "
                           "the figure past %d panels", spec->file, p + 1,
                           PLOT_MAX_DRAWN);
        for (int k = 0; k < pn->n_facet; k++)
            if (plot_data_column(csv, spec, p, "a facet", pn->facet[k],
                                 &cols[k], err) < 0)
                return -1;
        for (int r = 1; r < csv->n_rows; r++) {
            int q = first;
            for (; q < view->n_panels; q++) {
                int k = 0;
                while (k < pn->n_facet
                       && strcmp(vals[q][k], csv_at(csv, r, cols[k])->text) == 0)
                    k++;
                if (k == pn->n_facet)
                    break;
            }
            if (q < view->n_panels)
                continue;
            if (q == PLOT_MAX_DRAWN)
                return err_set(err, csv->path, 1, 1, "plot '%s': panel %d, "
                               "drawn once per value of %s, takes the figure "
                               "past %d panels", spec->file, p + 1,
                               pn->facet[0], PLOT_MAX_DRAWN);
            view->panels[q] = *pn;
            const char *shown[PLOT_MAX_FACET_KEYS];
            for (int k = 0; k < pn->n_facet; k++) {
                vals[q][k] = csv_at(csv, r, cols[k])->text;
                shown[k] = plot_label_cell(sh, csv, r, cols[k]);
            }
            facet_title(&view->panels[q], shown);
            view->n_panels++;
        }
    }
    return 0;
}

int plot_write(const plot_spec *spec, const char *csv_path,
               const plot_timelines *tl, const plot_profiles *pf,
               const char *dir, cusim_error *err)
{
    if (spec_check(spec, csv_path, err) < 0)
        return -1;
    csv_table csv;
    if (csv_read(csv_path, "the results CSV", &csv, err) < 0)
        return -1;

    plot_data data[PLOT_MAX_DRAWN];
    plot_spec *view = xcalloc(1, sizeof *view);
    const char *(*vals)[PLOT_MAX_FACET_KEYS] = xcalloc(PLOT_MAX_DRAWN,
                                                       sizeof *vals);
    plot_label_shown sh;
    plot_label_cells(&sh, &csv, spec);
    int n_built = 0, rc = -1;
    if (facets_expand(&csv, &sh, spec, view, vals, err) < 0)
        goto done;
    for (; n_built < view->n_panels; n_built++)
        if (plot_data_build(&csv, &sh, view, n_built, tl, pf,
                            view->panels[n_built].n_facet ? vals[n_built]
                                                          : NULL,
                            &data[n_built], err) < 0)
            goto done;
    int n_failed = plot_data_failed_rows(&csv);
    if (fio_make_dirs(dir, err) < 0)
        goto done;

    /* DIR/FILE.gp is written through `gp`; gnuplot writes the images under
     * their temporary names; all three are renamed when all exist. */
    fio_out gp;
    char *png = xasprintf("%s/%s.png", dir, spec->file);
    char *svg = xasprintf("%s/%s.svg", dir, spec->file);
    char *png_tmp = fio_temp_name(png), *svg_tmp = fio_temp_name(svg);
    int ok = fio_open(&gp, xasprintf("%s/%s.gp", dir, spec->file), err) == 0;
    int run = -1;
    if (ok) {
        plot_gp_script(gp.f, view, csv_path, data, csv.n_rows - 1 - n_failed,
                       n_failed);
        ok = fio_flush(&gp, err) == 0;
        if (ok)
            run = plot_gp_run(gp.tmp, png_tmp, svg_tmp, csv_path, view, err);
    }
    if (run == 1) {
        /* no gnuplot here: the script is the figure, to draw later */
        cusim_error why = *err;
        rc = fio_close(&gp, true, err) == 0 ? 1 : -1;
        if (rc == 1)
            *err = why;
    } else {
        if (ok && run < 0) {
            /* gnuplot, run on a script cusim wrote from a checked CSV,
             * failed: the plot could not be written (no place in an input,
             * least of all the CSV) */
            char why[sizeof err->message];
            snprintf(why, sizeof why, "%s", err->message);
            err_noplace(err, png, "cannot write the plot %s: %s", png, why);
        }
        ok = ok && run == 0;
        const char *const imgs[2] = { png, svg }, *const tmps[2] = { png_tmp,
                                                                     svg_tmp };
        for (int i = 0; i < 2 && ok; i++) {
            struct stat st;
            if (stat(tmps[i], &st) < 0 || st.st_size == 0) {
                /* an output that could not be written (a full file system,
                 * say): no place in an input, least of all the CSV */
                err_noplace(err, imgs[i], "cannot write the plot %s: "
                            "gnuplot wrote nothing there (is the file system "
                            "full?)", imgs[i]);
                ok = 0;
            }
        }
        if (fio_close(&gp, ok, err) != 0)
            ok = 0;
        for (int i = 0; i < 2 && ok; i++)
            ok = fio_rename(tmps[i], imgs[i], err) == 0;
        for (int i = 0; i < 2 && !ok; i++)
            unlink(tmps[i]);
        rc = ok ? 0 : -1;
    }
    free(png);
    free(svg);
    free(png_tmp);
    free(svg_tmp);
done:
    for (int p = 0; p < n_built; p++)
        plot_data_free(&data[p]);
    free(view);
    free(vals);
    plot_label_cells_free(&sh);
    csv_free(&csv);
    return rc;
}

