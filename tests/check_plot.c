/*
 * check_plot.c — experiment figures: reading the results CSV (quoted
 * fields, CRLF, failed rows left out, ragged and unterminated input), the
 * errors for a missing or non-numeric column, the gnuplot script a one- and
 * a two-panel spec produce (titles, labels, log axes, one sorted data block
 * per curve), and the rendered PNG and SVG (800 px wide, written
 * atomically, redrawn by the kept script alone); gnuplot absent or failing.
 * Stacked panels: y wildcards expanded to the exact field lists, the
 * parsed spec, the bars a hand-written CSV gives (sorted by a numeric x,
 * in row order for a text one) and their rendering. Timeline panels: the
 * columns against a simulated timeline's header, the lines a hand-written
 * timeline gives (labels by parameters or series, picked points, failed
 * points left out) and the errors.
 */
#include <dirent.h>
#include <math.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cutest.h"
#include "experiment.h"
#include "plot.h"
#include "plot_gnuplot.h"
#include "plot_check.h"
#include "plot_label.h"
#include "plot_spec.h"
#include "plot_ticks.h"
#include "timeline.h"

/* ------------------------------------------------------------- helpers */

/* A fresh empty directory under /tmp; the caller frees and removes it. */
static char *temp_dir(void)
{
    char *dir = strdup("/tmp/cusim-plot-XXXXXX");
    ck_assert_ptr_nonnull(dir);
    ck_assert_ptr_nonnull(mkdtemp(dir));
    return dir;
}

/* rm -r `path`. */
static void remove_tree(const char *path)
{
    DIR *d = opendir(path);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            char sub[4096];
            snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
            remove_tree(sub);
        }
        closedir(d);
        rmdir(path);
    } else {
        unlink(path);
    }
}

/* Counts the entries of `dir` (not . and ..). */
static int count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

/* The whole of `path` as a string (the caller frees it). */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(fread(s, 1, (size_t)n, f), (size_t)n);
    s[n] = '\0';
    fclose(f);
    return s;
}

static int count_of(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

#define ck_assert_contains(hay, needle)                                    \
    ck_assert_msg(strstr((hay), (needle)) != NULL,                         \
                  "expected to find:\n%s\nin:\n%s", (needle), (hay))

static long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/* The image width in a PNG's IHDR chunk (bytes 16..19, big-endian). */
static unsigned long png_width(const char *path)
{
    unsigned char b[24];
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fread(b, 1, sizeof b, f), sizeof b);
    fclose(f);
    ck_assert_int_eq(memcmp(b, "\x89PNG\r\n\x1a\n", 8), 0);
    ck_assert_int_eq(memcmp(b + 12, "IHDR", 4), 0);
    return (unsigned long)b[16] << 24 | (unsigned long)b[17] << 16 |
           (unsigned long)b[18] << 8 | b[19];
}

static unsigned long png_height(const char *path)
{
    unsigned char b[24];
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fread(b, 1, sizeof b, f), sizeof b);
    fclose(f);
    return (unsigned long)b[20] << 24 | (unsigned long)b[21] << 16 |
           (unsigned long)b[22] << 8 | b[23];
}

/* Whether `gnuplot` is on PATH. */
static int have_gnuplot(void)
{
    return system("command -v gnuplot >/dev/null 2>&1") == 0;
}

static char *data_path(const char *name)
{
    char rel[256];
    snprintf(rel, sizeof rel, "tests/data/%s", name);
    return strdup(cutest_path(rel));
}

static char *join(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *s = malloc(n);
    ck_assert_ptr_nonnull(s);
    snprintf(s, n, "%s/%s", dir, name);
    return s;
}

/* A one-panel spec: y against x, one line per series value. */
static plot_spec one_panel(const char *file, const char *x, const char *y,
                           const char *series)
{
    plot_spec s;
    memset(&s, 0, sizeof s);
    snprintf(s.file, sizeof s.file, "%s", file);
    s.n_panels = 1;
    snprintf(s.panels[0].x, sizeof s.panels[0].x, "%s", x);
    snprintf(s.panels[0].y[0], sizeof s.panels[0].y[0], "%s", y);
    s.panels[0].n_y = 1;
    snprintf(s.panels[0].series, sizeof s.panels[0].series, "%s", series);
    return s;
}

/* Runs plot_write expecting success; returns the .gp text (caller frees). */
static char *write_ok(const plot_spec *spec, const char *csv, const char *dir)
{
    cusim_error err;
    memset(&err, 0, sizeof err);
    int rc = plot_write(spec, csv, NULL, NULL, dir, &err);
    ck_assert_msg(rc == 0, "plot_write: %s:%d:%d: %s", err.file, err.line,
                  err.column, err.message);
    char name[160];
    snprintf(name, sizeof name, "%s.gp", spec->file);
    char *gp = join(dir, name);
    char *text = slurp(gp);
    free(gp);
    return text;
}

/* Runs plot_write expecting failure; returns the error. */
static cusim_error write_fails(const plot_spec *spec, const char *csv,
                               const char *dir)
{
    cusim_error err;
    memset(&err, 0, sizeof err);
    ck_assert_int_eq(plot_write(spec, csv, NULL, NULL, dir, &err), -1);
    ck_assert_msg(err.message[0] != '\0', "no error message");
    return err;
}

/* Writes `text` to DIR/NAME; returns the path (the caller frees it). */
static char *write_file(const char *dir, const char *name, const char *text)
{
    char *path = join(dir, name);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    return path;
}

/* A one-panel stacked spec of the `n` columns `y`. */
static plot_spec stacked_panel(const char *file, const char *x,
                               const char *const *y, int n)
{
    plot_spec s = one_panel(file, x, y[0], "");
    s.panels[0].style = PLOT_STACKED;
    for (int k = 0; k < n; k++)
        snprintf(s.panels[0].y[k], sizeof s.panels[0].y[k], "%s", y[k]);
    s.panels[0].n_y = n;
    return s;
}

/* ---------------------------------------------------------------- CSV */

/* Series by policy: failed rows and empty cells are left out, each curve
 * sorted by x, curves in the order the rows first show each value. */
START_TEST(csv_failed_rows_and_sorting)
{
    char *csv = data_path("plot-sweep.csv"), *dir = temp_dir();
    plot_spec s = one_panel("ipc", "hw.cu.max_workgroups", "issue.ipc",
                            "hw.cu.policy");
    char *gp = write_ok(&s, csv, dir);
    ck_assert_int_eq(count_of(gp, "<< EOD\n"), 2);
    ck_assert_contains(gp, "$p1_c1 << EOD\n1 0.13\n2 0.25\n4 0.42\n8 0.61\n"
                           "EOD\n");
    ck_assert_contains(gp, "$p1_c2 << EOD\n2 0.27\n4 0.44\n8 0.64\n16 0.82\n"
                           "EOD\n");
    ck_assert_contains(gp, "title 'hw.cu.policy = lrr'");
    ck_assert_contains(gp, "title 'hw.cu.policy = gto'");
    ck_assert_contains(gp, "(9 rows; 1 failed row left out)");
    free(gp);
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

/* A quoted header name holding a comma works as a column; quoted values
 * keep their commas, doubled quotes and line breaks. */
START_TEST(csv_quoted_fields)
{
    char *csv = data_path("plot-sweep.csv"), *dir = temp_dir();
    plot_spec s = one_panel("quoted", "hw.cu.max_workgroups", "cycles",
                            "note, quoted");
    char *gp = write_ok(&s, csv, dir);
    ck_assert_contains(gp, "title 'note, quoted = a \"quoted\" word'");
    ck_assert_contains(gp, "title 'note, quoted = two lines'");
    ck_assert_contains(gp, "title 'note, quoted = comma, inside'");
    /* plain, "a quoted word", "two lines", x, "comma, inside" */
    ck_assert_int_eq(count_of(gp, "<< EOD\n"), 5);
    ck_assert_contains(gp, "# Panel 1, curve 3: cycles against "
                           "hw.cu.max_workgroups, note, quoted = two lines "
                           "(1 point)\n$p1_c3 << EOD\n2 9000\nEOD\n");
    /* "x": lines 6, 7, 10, 11, 12 (line 9 failed), sorted by x */
    ck_assert_contains(gp, "$p1_c4 << EOD\n1 16000\n1 15800\n2 8800\n"
                           "4 6000\n16 2950\nEOD\n");
    free(gp);
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

/* CRLF line ends, a blank line, quoted numbers and a failed row. */
START_TEST(csv_crlf_and_blank_lines)
{
    char *csv = data_path("plot-crlf.csv"), *dir = temp_dir();
    plot_spec s = one_panel("crlf", "kernel.registers", "issue.ipc", "");
    char *gp = write_ok(&s, csv, dir);
    ck_assert_int_eq(count_of(gp, "<< EOD\n"), 1);
    ck_assert_contains(gp, "$p1_c1 << EOD\n32 0.25\n64 0.5\nEOD\n");
    ck_assert_contains(gp, "title 'issue.ipc'");
    free(gp);
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

START_TEST(csv_ragged_row)
{
    char *csv = data_path("plot-ragged.csv"), *dir = temp_dir();
    plot_spec s = one_panel("r", "kernel.registers", "cycles", "");
    cusim_error err = write_fails(&s, csv, dir);
    ck_assert_str_eq(err.file, csv);
    ck_assert_int_eq(err.line, 3);
    ck_assert_contains(err.message, "1 field, the header has 2");
    ck_assert_int_eq(count_entries(dir), 0);
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

START_TEST(csv_unterminated_quote)
{
    char *csv = data_path("plot-unterminated.csv"), *dir = temp_dir();
    plot_spec s = one_panel("u", "kernel.registers", "note", "");
    cusim_error err = write_fails(&s, csv, dir);
    ck_assert_int_eq(err.line, 2);
    ck_assert_int_eq(err.column, 4);
    ck_assert_contains(err.message, "unterminated quoted field");
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

START_TEST(csv_missing_file)
{
    char *dir = temp_dir();
    plot_spec s = one_panel("m", "a", "b", "");
    cusim_error err = write_fails(&s, "/nonexistent/results.csv", dir);
    ck_assert_str_eq(err.file, "/nonexistent/results.csv");
    ck_assert_contains(err.message, "cannot open");
    remove_tree(dir);
    free(dir);
}
END_TEST

/* -------------------------------------------------------------- errors */

/* A missing column: line 1, column 1 of the CSV, naming the plot file and
 * the column, with the closest name when one is close. */
START_TEST(error_missing_column)
{
    char *csv = data_path("plot-sweep.csv"), *dir = temp_dir();
    char *sub = join(dir, "figs");
    plot_spec s = one_panel("c2-throughput", "occupancy.achieved",
                            "issue.ipcc", "hw.cu.policy");
    cusim_error err = write_fails(&s, csv, sub);
    ck_assert_str_eq(err.file, csv);
    ck_assert_int_eq(err.line, 1);
    ck_assert_int_eq(err.column, 1);
    ck_assert_contains(err.message, "'c2-throughput'");
    ck_assert_str_eq(err.message, "plot 'c2-throughput': the results have "
                     "no column 'issue.ipcc' for y (did you mean "
                     "'issue.ipc'?)");
    /* nothing written, not even the directory */
    ck_assert_int_eq(count_entries(dir), 0);

    s = one_panel("p", "occupancy.achieved", "issue.ipc", "hw.cu.polcy");
    err = write_fails(&s, csv, dir);
    ck_assert_contains(err.message, "'hw.cu.polcy' for series (did you "
                       "mean 'hw.cu.policy'?)");

    /* the rule of every did-you-mean (suggest.h): an abbreviation ... */
    s = one_panel("p", "occupancy.achieved", "cyc", "");
    err = write_fails(&s, csv, dir);
    ck_assert_contains(err.message, "'cyc' for y (did you mean 'cycles'?)");
    /* ... but not a name more than len/3 edits away */
    s = one_panel("p", "occupancy.achieved", "perf.cycles", "");
    err = write_fails(&s, csv, dir);
    ck_assert_contains(err.message, "no column has a similar name");

    s = one_panel("p", "zzzzzzzz", "cycles", "");
    err = write_fails(&s, csv, dir);
    ck_assert_contains(err.message, "'zzzzzzzz' for x");
    ck_assert_contains(err.message, "no column has a similar name");
    free(sub);
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

/* A text x is categorical: each distinct text an index in the order the
 * rows show them, labelled by explicit xtics that are put back after the
 * panel; a log x axis over text is an error naming the column. */
START_TEST(categorical_x)
{
    char *csv = data_path("plot-text-x.csv"), *dir = temp_dir();
    plot_spec s = one_panel("t", "hw.cu.policy", "cycles", "");
    char *gp = write_ok(&s, csv, dir);
    ck_assert_contains(gp, "x = hw.cu.policy, y = cycles (x categorical)\n");
    ck_assert_contains(gp, "# Panel 1: x categories, by index: 0 lrr, 1 gto\n");
    ck_assert_contains(gp, "$p1_c1 << EOD\n0 100\n1 90\nEOD\n");
    ck_assert_contains(gp, "    set xtics ('lrr' 0, 'gto' 1)\n"
                           "    set xrange [-0.5:1.5]\n");
    ck_assert_contains(gp, "title 'cycles'\n    set xtics autofreq\n"
                           "    set xrange [*:*]\n");
    free(gp);
    s.panels[0].logx = 1;
    cusim_error err = write_fails(&s, csv, dir);
    ck_assert_contains(err.message, "logx, but x column 'hw.cu.policy' holds "
                       "text");
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

/* A curve whose every y cell is empty is listed, not drawn, and the
 * curves after it keep their blocks: series a's one row has no cycles,
 * so curve 1 reads "(0 points: not drawn)" and curve 2 (b) still holds
 * its point. */
START_TEST(curve_without_points)
{
    char *dir = temp_dir();
    char *csv = write_file(dir, "r.csv", "status,s,x,cycles\n"
                           "ok,a,1,\nok,b,1,7\n");
    plot_spec s = one_panel("t", "x", "cycles", "s");
    char *gp = write_ok(&s, csv, dir);
    ck_assert_contains(gp, "# Panel 1, curve 1: cycles against x, s = a "
                           "(0 points: not drawn)\n"
                           "# Panel 1, curve 2: cycles against x, s = b "
                           "(1 point)\n$p1_c2 << EOD\n1 7\nEOD\n");
    ck_assert_int_eq(count_of(gp, "$p1_c1 << EOD"), 0);
    free(gp);
    free(csv);
    remove_tree(dir);
    free(dir);
}
END_TEST

START_TEST(error_bad_spec)
{
    char *csv = data_path("plot-sweep.csv"), *dir = temp_dir();
    plot_spec s = one_panel("", "cycles", "issue.ipc", "");
    write_fails(&s, csv, dir);
    s = one_panel("a/b", "cycles", "issue.ipc", "");
    write_fails(&s, csv, dir);
    s = one_panel("ok", "cycles", "issue.ipc", "");
    s.n_panels = 0;
    write_fails(&s, csv, dir);
    s.n_panels = 1;
    s.panels[0].n_y = 0;
    cusim_error err = write_fails(&s, csv, dir);
    ck_assert_contains(err.message, "1 to 6 y columns");
    ck_assert_int_eq(count_entries(dir), 0);
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

/* Every point of a log axis <= 0: nothing to draw is an error. */
START_TEST(error_nothing_to_draw)
{
    char *csv = data_path("plot-sweep.csv"), *dir = temp_dir();
    plot_spec s = one_panel("e", "hw.cu.max_workgroups", "error", "");
    cusim_error err = write_fails(&s, csv, dir);
    ck_assert_contains(err.message, "no point to draw");
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

/* -------------------------------------------------------------- script */

START_TEST(script_one_panel)
{
    char *csv = data_path("plot-sweep.csv"), *dir = temp_dir();
    plot_spec s = one_panel("c2-throughput", "hw.cu.max_workgroups",
                            "issue.ipc", "hw.cu.policy");
    snprintf(s.title, sizeof s.title, "Latency hiding needs ~40 subgroups"
             " (C2's claim)");
    snprintf(s.panels[0].xlabel, sizeof s.panels[0].xlabel,
             "workgroups per CU (limit)");
    snprintf(s.panels[0].ylabel, sizeof s.panels[0].ylabel,
             "warp instructions per cycle per CU");
    s.panels[0].logx = 1;
    char *gp = write_ok(&s, csv, dir);
    ck_assert_contains(gp, "# c2-throughput.gp:");
    ck_assert_contains(gp, "# Figure: Latency hiding needs ~40 subgroups"
                           " (C2's claim)\n");
    ck_assert_contains(gp, "#   panel 1: x = hw.cu.max_workgroups, y = "
                           "issue.ipc, series = hw.cu.policy (log x)\n");
    ck_assert_contains(gp, "# Re-render: gnuplot c2-throughput.gp\n");
    ck_assert_contains(gp, "set terminal pngcairo size 800,500 ");
    ck_assert_contains(gp, "set terminal svg size 800,500 dynamic ");
    ck_assert_contains(gp, "font 'Sans,11'");
    ck_assert_contains(gp, "set multiplot layout 1,1 title 'Latency hiding"
                           " needs ~40 subgroups (C2''s claim)'");
    ck_assert_contains(gp, "set xlabel 'workgroups per CU (limit)'\n");
    ck_assert_contains(gp, "set ylabel 'warp instructions per cycle per CU'"
                           "\n");
    ck_assert_contains(gp, "unset title\n");
    ck_assert_contains(gp, "set logscale x 2\n");
    ck_assert_int_eq(count_of(gp, "set logscale y"), 0);
    ck_assert_contains(gp, "set grid");
    ck_assert_contains(gp, "with linespoints");
    ck_assert_int_eq(count_of(gp, "<< EOD\n"), 2);
    ck_assert_int_eq(count_of(gp, "\nEOD\n"), 2);
    ck_assert_int_eq(count_of(gp, "    plot "), 1);
    /* issue.ipc runs from 0.13 to 0.82: from 0 (yzero), steps of 0.1 */
    ck_assert_contains(gp, "    set yrange [0:0.9]\n    set ytics ('0.0' 0, "
                           "'0.1' 0.1, '0.2' 0.2, '0.3' 0.3, ");
    ck_assert_contains(gp, "'0.9' 0.9)\n");
    ck_assert_contains(gp, "    set ytics autofreq\n    set yrange [*:*]\n");
    free(gp);
    /* yzero: false fits the data: 0.1 to 0.9 */
    s.panels[0].no_yzero = 1;
    gp = write_ok(&s, csv, dir);
    ck_assert_contains(gp, "    set yrange [0.1:0.9]\n    set ytics ('0.1' "
                           "0.1, '0.2' 0.2, ");
    free(gp);
    /* ymin and ymax are the axis's ends */
    s.panels[0].has_ymin = s.panels[0].has_ymax = 1;
    s.panels[0].ymin = 0.2;
    s.panels[0].ymax = 0.8;
    gp = write_ok(&s, csv, dir);
    ck_assert_contains(gp, "    set yrange [0.2:0.8]\n");
    free(gp);
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

/* Two panels stacked; several y columns without a series name the
 * columns in the legend; labels default to the column names. */
START_TEST(script_two_panels)
{
    char *csv = data_path("plot-sweep.csv"), *dir = temp_dir();
    plot_spec s = one_panel("two", "occupancy.achieved", "issue.ipc",
                            "hw.cu.policy");
    snprintf(s.title, sizeof s.title, "Occupancy and speed");
    snprintf(s.panels[0].title, sizeof s.panels[0].title, "Issue rate");
    s.n_panels = 2;
    plot_panel *b = &s.panels[1];
    snprintf(b->title, sizeof b->title, "Cycles");
    snprintf(b->x, sizeof b->x, "hw.cu.max_workgroups");
    snprintf(b->y[0], sizeof b->y[0], "cycles");
    snprintf(b->y[1], sizeof b->y[1], "kernel.registers");
    b->n_y = 2;
    b->logx = b->logy = 1;
    char *gp = write_ok(&s, csv, dir);
    ck_assert_contains(gp, "set terminal pngcairo size 800,1000 ");
    ck_assert_contains(gp, "set terminal svg size 800,1000 dynamic ");
    ck_assert_contains(gp, "set multiplot layout 2,1 title "
                           "'Occupancy and speed'");
    ck_assert_contains(gp, "set title 'Issue rate'");
    ck_assert_contains(gp, "set title 'Cycles'");
    ck_assert_contains(gp, "set xlabel 'occupancy.achieved'\n");
    ck_assert_contains(gp, "set ylabel 'issue.ipc'\n");
    ck_assert_contains(gp, "set xlabel 'hw.cu.max_workgroups'\n");
    ck_assert_contains(gp, "set ylabel 'cycles, kernel.registers'\n");
    ck_assert_contains(gp, "title 'cycles'");
    ck_assert_contains(gp, "title 'kernel.registers'");
    ck_assert_int_eq(count_of(gp, "unset logscale\n"), 2);
    /* x spans 1..16 and y 32..15800: both within ten octaves */
    ck_assert_contains(gp, "set logscale x 2\n    set logscale y 2\n");
    ck_assert_int_eq(count_of(gp, "<< EOD\n"), 4);
    ck_assert_int_eq(count_of(gp, "    plot "), 2);
    ck_assert_contains(gp, "$p2_c1 << EOD\n1 16000\n1 15800\n2 9000\n"
                           "2 8800\n4 6000\n4 5900\n8 4000\n8 3900\n"
                           "16 2950\nEOD\n");
    ck_assert_contains(gp, "$p2_c2 << EOD\n1 32\n1 32\n2 32\n");
    ck_assert_contains(gp, "$p1_c1 << EOD\n0.0625 0.13\n0.125 0.25\n"
                           "0.25 0.42\n0.5 0.61\nEOD\n");
    free(gp);
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

/* Six panels: two columns of three rows. */
START_TEST(script_six_panels)
{
    char *csv = data_path("plot-sweep.csv"), *dir = temp_dir();
    plot_spec s = one_panel("six", "occupancy.achieved", "issue.ipc", "");
    for (int p = 1; p < PLOT_MAX_PANELS; p++)
        s.panels[p] = s.panels[0];
    s.n_panels = PLOT_MAX_PANELS;
    char *gp = write_ok(&s, csv, dir);
    ck_assert_contains(gp, "set multiplot layout 3,2\n");
    ck_assert_contains(gp, "size 800,1500 ");
    ck_assert_int_eq(count_of(gp, "<< EOD\n"), 6);
    free(gp);
    if (have_gnuplot()) {
        char *png = join(dir, "six.png");
        ck_assert_int_eq(png_width(png), 800);
        ck_assert_int_eq(png_height(png), 1500);
        free(png);
    }
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

/* A log axis over more than ten octaves uses base 10, within them base 2;
 * points <= 0 on a log axis are left out and counted in a comment. */
START_TEST(script_log_base_and_nonpositive)
{
    char *csv = data_path("plot-log.csv"), *dir = temp_dir();
    plot_spec s = one_panel("lg", "kernel.elements", "speedup", "");
    s.panels[0].logx = s.panels[0].logy = 1;
    /* a value <= 0 on a log axis: an error at its cell, naming the point */
    cusim_error err = write_fails(&s, csv, dir);
    ck_assert_int_eq(err.line, 3);
    ck_assert_int_eq(err.column, 8);
    ck_assert_str_eq(err.message, "plot 'lg': panel 1: logy needs values > 0, "
                     "and column 'speedup' is 0 at point 1; drop logy, or "
                     "leave the point out with where:");
    s.n_params = 1;     /* kernel.elements: the point's parameter */
    err = write_fails(&s, csv, dir);
    ck_assert_contains(err.message, "is 0 at point 1 (kernel.elements=1);");
    ck_assert_int_eq(count_entries(dir), 0);

    s = one_panel("lg", "kernel.elements", "cycles", "");
    s.panels[0].logx = s.panels[0].logy = 1;
    char *gp = write_ok(&s, csv, dir);
    /* x: 1..65536 and y: 1000..2000000 are more than ten octaves */
    ck_assert_contains(gp, "set logscale x 10\n    set logscale y 10\n");
    ck_assert_contains(gp, "$p1_c1 << EOD\n1 1000\n64 2000\n4096 30000\n"
                           "65536 2000000\nEOD\n");
    ck_assert_int_eq(count_of(gp, "left out (log axis)"), 0);
    free(gp);
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

/* -------------------------------------------------------------- render */

/* PNG and SVG exist, are non-empty, the PNG is 800 px wide, the directory
 * is created with its parents, and no temporary file is left behind. */
START_TEST(render_png_and_svg)
{
    if (!have_gnuplot())
        return;
    char *csv = data_path("plot-sweep.csv"), *root = temp_dir();
    char *dir = join(root, "docs/figures");
    plot_spec s = one_panel("c2", "hw.cu.max_workgroups", "issue.ipc",
                            "hw.cu.policy");
    snprintf(s.title, sizeof s.title, "Issue rate against workgroups");
    s.panels[0].logx = 1;
    free(write_ok(&s, csv, dir));
    char *png = join(dir, "c2.png"), *svg = join(dir, "c2.svg");
    ck_assert_int_gt(file_size(png), 0);
    ck_assert_int_gt(file_size(svg), 0);
    ck_assert_int_eq(png_width(png), 800);
    ck_assert_int_eq(png_height(png), 500);
    char *text = slurp(svg);
    ck_assert_contains(text, "<svg");
    ck_assert_contains(text, "Issue rate against workgroups");
    ck_assert_contains(text, "hw.cu.policy = lrr");
    free(text);
    ck_assert_int_eq(count_entries(dir), 3);

    /* Writing again replaces the files in place. */
    free(write_ok(&s, csv, dir));
    ck_assert_int_eq(count_entries(dir), 3);
    free(png);
    free(svg);
    free(dir);
    remove_tree(root);
    free(root);
    free(csv);
}
END_TEST

/* The kept script alone redraws the figure next to itself. */
START_TEST(render_script_alone)
{
    if (!have_gnuplot())
        return;
    char *csv = data_path("plot-sweep.csv"), *dir = temp_dir();
    plot_spec s = one_panel("again", "occupancy.achieved", "cycles",
                            "hw.cu.policy");
    free(write_ok(&s, csv, dir));
    char *png = join(dir, "again.png"), *svg = join(dir, "again.svg");
    ck_assert_int_eq(unlink(png), 0);
    ck_assert_int_eq(unlink(svg), 0);
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "cd / && gnuplot '%s/again.gp'", dir);
    ck_assert_int_eq(system(cmd), 0);
    ck_assert_int_eq(png_width(png), 800);
    ck_assert_int_gt(file_size(svg), 0);
    free(png);
    free(svg);
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

/* Without gnuplot on PATH: an error naming it, and no file left. */
START_TEST(render_gnuplot_missing)
{
    /* no gnuplot: the script is written (it holds the data: `gnuplot
     * m.gp` draws the figure later), no image and no temporary file, and
     * plot_write says why with 1, not a failure */
    char *csv = data_path("plot-sweep.csv"), *dir = temp_dir();
    char *path = strdup(getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
    setenv("PATH", "/nonexistent", 1);
    plot_spec s = one_panel("m", "occupancy.achieved", "cycles", "");
    cusim_error err;
    memset(&err, 0, sizeof err);
    int rc = plot_write(&s, csv, NULL, NULL, dir, &err);
    setenv("PATH", path, 1);
    ck_assert_int_eq(rc, 1);
    ck_assert_contains(err.message, "cannot run gnuplot");
    ck_assert_contains(err.message, "gnuplot-nox");
    ck_assert_int_eq(count_entries(dir), 1);
    char *gp = join(dir, "m.gp");
    char *text = slurp(gp);
    ck_assert_contains(text, "$p1_c1 << EOD\n");   /* the data inlined */
    free(text);
    free(gp);
    free(path);
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

/* Writes a one-panel plot of `csv` into DIR/out with `script` as the
 * gnuplot first on PATH; the error it gives, and DIR/out in *out (the
 * caller frees it). */
static cusim_error write_with_gnuplot(const char *csv, const char *dir,
                                      const char *script, char **out)
{
    char *bin = join(dir, "bin");
    ck_assert_int_eq(mkdir(bin, 0777), 0);
    char *fake = join(bin, "gnuplot");
    FILE *f = fopen(fake, "w");
    ck_assert_ptr_nonnull(f);
    fputs(script, f);
    fclose(f);
    ck_assert_int_eq(chmod(fake, 0755), 0);
    *out = join(dir, "out");
    char *path = strdup(getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
    setenv("PATH", bin, 1);
    plot_spec s = one_panel("f", "occupancy.achieved", "cycles", "");
    cusim_error err = write_fails(&s, csv, *out);
    setenv("PATH", path, 1);
    free(path);
    free(fake);
    free(bin);
    return err;
}

/* A gnuplot that writes no image and exits 0, as on a full file system:
 * the plot could not be written, said with no place in an input (it was
 * reported at the CSV's line 1, column 1), and nothing is left. */
START_TEST(render_full_disk)
{
    char *csv = data_path("plot-sweep.csv"), *dir = temp_dir(), *out;
    cusim_error err = write_with_gnuplot(csv, dir, "#!/bin/sh\nexit 0\n",
                                         &out);
    char want[4096];
    snprintf(want, sizeof want, "cannot write the plot %s/f.png: gnuplot "
             "wrote nothing there (is the file system full?)", out);
    ck_assert_str_eq(err.message, want);
    ck_assert_int_eq(err.line, 0);
    ck_assert_int_eq(count_entries(out), 0);
    free(out);
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

/* A gnuplot that fails: its exit status and its message are reported as
 * an output not written (not a place in the CSV), and every temporary
 * file is removed. */
START_TEST(render_gnuplot_fails)
{
    char *csv = data_path("plot-sweep.csv"), *dir = temp_dir(), *out;
    cusim_error err = write_with_gnuplot(
        csv, dir, "#!/bin/sh\necho 'line 7: unknown terminal' >&2\nexit 3\n",
        &out);
    char want[4096];
    snprintf(want, sizeof want, "cannot write the plot %s/f.png: plot 'f': "
             "gnuplot failed (exit status 3): line 7: unknown terminal", out);
    ck_assert_str_eq(err.message, want);
    ck_assert_int_eq(err.line, 0);
    ck_assert_int_eq(count_entries(out), 0);
    free(out);
    remove_tree(dir);
    free(dir);
    free(csv);
}
END_TEST

/* ------------------------------------------------------------- stacked */

/* Each wildcard stands for its group's fraction fields in the field
 * table's order (cusim.h's CUSIM_STALLS and CUSIM_WARP_STATES), and
 * nothing else: not warp_states.cycles_per_issue (cycles), not
 * dispatch[N].sol.*, not a prefix that is only part of a name. */
START_TEST(wildcard_expands)
{
    static const char *const stalls[] = {
        "stalls.issued", "stalls.memory", "stalls.dependency",
        "stalls.barrier", "stalls.memory_throttle", "stalls.pipe_busy",
        "stalls.idle", "stalls.tail",
    };
    static const char *const states[] = {
        "warp_states.issued", "warp_states.eligible",
        "warp_states.long_scoreboard", "warp_states.short_scoreboard",
        "warp_states.barrier", "warp_states.memory_throttle",
        "warp_states.pipe_busy",
    };
    static const char *const sol[] = {
        "sol.compute", "sol.busiest_unit", "sol.memory", "sol.l1", "sol.l2",
        "sol.dram",
    };
    static const char *const units[] = {
        "sol.unit.alu", "sol.unit.sfu", "sol.unit.shared", "sol.unit.mem",
        "sol.unit.scalar", "sol.unit.l1", "sol.unit.l2", "sol.unit.dram",
        "sol.unit.atomic",
    };
    const struct {
        const char *pattern;
        const char *const *want;
        size_t n;
    } cases[] = {
        { "stalls.*", stalls, 8 },
        { "warp_states.*", states, 7 },
        { "sol.*", sol, 6 },      /* one level: not sol.unit.* */
        { "sol.unit.*", units, 9 },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const char *got[PLOT_MAX_STACK];
        ck_assert(plot_spec_is_wildcard(cases[c].pattern));
        ck_assert_uint_eq(plot_spec_expand(cases[c].pattern, got,
                                           PLOT_MAX_STACK), cases[c].n);
        for (size_t i = 0; i < cases[c].n; i++)
            ck_assert_str_eq(got[i], cases[c].want[i]);
    }
    /* more than `max`: the count, and the first `max` names */
    const char *two[2];
    ck_assert_uint_eq(plot_spec_expand("stalls.*", two, 2), 8);
    ck_assert_str_eq(two[0], "stalls.issued");
    ck_assert_str_eq(two[1], "stalls.memory");
    const char *none[1];
    ck_assert_uint_eq(plot_spec_expand("stall.*", none, 1), 0);
    ck_assert_uint_eq(plot_spec_expand("cycles.*", none, 1), 0);
    ck_assert_uint_eq(plot_spec_expand("sim.*", none, 1), 0);
    ck_assert(!plot_spec_is_wildcard(".*"));
    ck_assert(!plot_spec_is_wildcard("stalls*"));
    ck_assert(!plot_spec_is_wildcard("stalls.memory"));
}
END_TEST

/* An experiment's stacked panels as parsed: wildcards expanded, style,
 * default labels; and the prefix the legend leaves out. */
START_TEST(stacked_spec_parsed)
{
    char *dir = temp_dir();
    char text[10240], hw[4096], kernel[4096];
    snprintf(hw, sizeof hw, "%s", cutest_path("configs/hw/seed-cu.yaml"));
    snprintf(kernel, sizeof kernel, "%s",
             cutest_path("workloads/latency-bound.yaml"));
    snprintf(text, sizeof text,
             "hardware: %s\n"
             "kernel: %s\n"
             "sweep:\n"
             "  kernel.registers: [16, 32]\n"
             "plots:\n"
             "  - file: f\n"
             "    panels:\n"
             "      - x: kernel.registers\n"
             "        y: stalls.*\n"
             "        style: stacked\n"
             "      - x: kernel.registers\n"
             "        y: [warp_states.*, cycles]\n"
             "        style: stacked\n"
             "      - x: kernel.registers\n"
             "        y: [sol.*]\n"
             "        style: lines\n", hw, kernel);
    char *path = write_file(dir, "exp.yaml", text);
    experiment *e = NULL;
    cusim_error err;
    memset(&err, 0, sizeof err);
    ck_assert_msg(exp_load(path, NULL, 0, &e, &err) == 0, "%s:%d:%d: %s",
                  err.file, err.line, err.column, err.message);
    const plot_spec *ps = exp_plot(e, 0);
    ck_assert_int_eq(ps->n_panels, 3);
    const plot_panel *a = &ps->panels[0], *b = &ps->panels[1],
                     *c = &ps->panels[2];
    ck_assert_int_eq(a->style, PLOT_STACKED);
    ck_assert_int_eq(a->n_y, 8);
    ck_assert_str_eq(a->y[0], "stalls.issued");
    ck_assert_str_eq(a->y[4], "stalls.memory_throttle");
    ck_assert_str_eq(a->y[7], "stalls.tail");
    ck_assert_str_eq(a->ylabel, "stalls.*");
    ck_assert_str_eq(a->xlabel, "registers per invocation, or auto "
                     "(kernel.registers)");
    ck_assert_uint_eq(plot_label_stack_prefix(a), strlen("stalls."));
    ck_assert_int_eq(b->n_y, 8);
    ck_assert_str_eq(b->y[6], "warp_states.pipe_busy");
    ck_assert_str_eq(b->y[7], "cycles");
    ck_assert_uint_eq(plot_label_stack_prefix(b), 0);
    /* whole names while they and " + ..." fit in 127 characters: 102
     * through short_scoreboard, 124 with " + warp_states.barrier" */
    ck_assert_str_eq(b->ylabel, "warp_states.issued + warp_states.eligible "
                     "+ warp_states.long_scoreboard + warp_states.short_"
                     "scoreboard + ...");
    ck_assert_int_eq(c->style, PLOT_LINES);
    ck_assert_int_eq(c->n_y, 6);
    ck_assert_str_eq(c->y[2], "sol.memory");
    ck_assert_str_eq(c->y[5], "sol.dram");
    ck_assert_str_eq(c->ylabel, "fraction");   /* the unit all six share */
    exp_free(e);
    free(path);
    remove_tree(dir);
    free(dir);
}
END_TEST

/* plot_label_stack_prefix: whole dotted components only, never a whole name. */
START_TEST(stack_prefix)
{
    static const char *const ab[] = { "a.b.c", "a.b.d", "a.bx" };
    static const char *const same[] = { "a.b", "a.b" };
    static const char *const deep[] = { "a.b.c", "a.b.d" };
    plot_spec s = stacked_panel("p", "x", ab, 3);
    ck_assert_uint_eq(plot_label_stack_prefix(&s.panels[0]), 2);
    s = stacked_panel("p", "x", deep, 2);
    ck_assert_uint_eq(plot_label_stack_prefix(&s.panels[0]), 4);
    s = stacked_panel("p", "x", same, 2);
    ck_assert_uint_eq(plot_label_stack_prefix(&s.panels[0]), 2);
    snprintf(s.panels[0].y[1], sizeof s.panels[0].y[1], "a.");
    ck_assert_uint_eq(plot_label_stack_prefix(&s.panels[0]), 0);
}
END_TEST

/* A numeric x: one bar per row that did not fail and has every value,
 * sorted by x; the legend names the columns without "stalls."; the bars
 * sum to 1, so the axis ends at 1. */
START_TEST(stacked_script_numeric_x)
{
    char *dir = temp_dir();
    char *csv = write_file(dir, "r.csv",
        "hw.cu.max_workgroups,stalls.issued,stalls.memory,stalls.tail,"
        "status,error\n"
        "8,0.5,0.25,0.25,ok,\n"
        "2,0.125,0.75,0.125,ok,\n"
        "4,,,,failed,\"boom\"\n"
        "4,0.25,0.5,0.25,ok,\n"
        "16,0.75,0.25,,ok,\n");
    static const char *const y[] = {
        "stalls.issued", "stalls.memory", "stalls.tail",
    };
    plot_spec s = stacked_panel("bars", "hw.cu.max_workgroups", y, 3);
    char *out = join(dir, "figs");
    char *gp = write_ok(&s, csv, out);
    ck_assert_contains(gp, "(4 rows; 1 failed row left out)");
    ck_assert_contains(gp, "#   panel 1: x = hw.cu.max_workgroups, y = "
                           "stalls.issued, stalls.memory, stalls.tail "
                           "(stacked)\n");
    ck_assert_contains(gp, "# Panel 1: 3 bars of 3 stacked columns, sorted "
                           "by x\n# Panel 1: 1 row without x or a y value "
                           "left out\n$p1_bars << EOD\n"
                           "\"2\" 0.125 0.75 0.125\n"
                           "\"4\" 0.25 0.5 0.25\n"
                           "\"8\" 0.5 0.25 0.25\n"
                           "EOD\n");
    ck_assert_contains(gp, "    set style data histograms\n"
                           "    set style histogram rowstacked\n"
                           "    set style fill solid border -1\n");
    ck_assert_contains(gp, "    set yrange [0:1]\n");
    ck_assert_contains(gp, "    plot $p1_bars using 2:xtic(1) lc rgb "
                           "'#4e79a7' lw 1 title 'issued', \\\n"
                           "         $p1_bars using 3 lc rgb '#f28e2b' lw 1 "
                           "title 'memory', \\\n"
                           "         $p1_bars using 4 lc rgb '#e15759' lw 1 "
                           "title 'tail'\n");
    ck_assert_int_eq(count_of(gp, "<< EOD\n"), 1);
    ck_assert_int_eq(count_of(gp, "linespoints"), 0);
    ck_assert_int_eq(count_of(gp, "rotate"), 0);
    free(gp);
    free(out);
    free(csv);
    remove_tree(dir);
    free(dir);
}
END_TEST

/* A text x: bars in row order labelled with the text (a double quote made
 * single); bars above 1 get an axis that scales; many wide labels slant. */
START_TEST(stacked_script_text_x)
{
    char *dir = temp_dir();
    char *csv = write_file(dir, "t.csv",
        "hw.cu.policy,a.x,a.y\n"
        "lrr,1,2\n"
        "gto,3,1\n"
        "\"say \"\"hi\"\"\",0.5,0.5\n");
    static const char *const y[] = { "a.x", "a.y" };
    plot_spec s = stacked_panel("text", "hw.cu.policy", y, 2);
    char *gp = write_ok(&s, csv, dir);
    ck_assert_contains(gp, "# Panel 1: 3 bars of 2 stacked columns, in the "
                           "results' order\n$p1_bars << EOD\n"
                           "\"lrr\" 1 2\n\"gto\" 3 1\n"
                           "\"say 'hi'\" 0.5 0.5\nEOD\n");
    ck_assert_contains(gp, "    set yrange [0:*]\n");
    ck_assert_contains(gp, "title 'x', \\\n");
    ck_assert_contains(gp, "title 'y'\n");
    free(gp);
    free(csv);

    /* 12 bars of 6-character labels: 12 x 8 > 90 characters */
    char rows[2048] = "x,a.x,a.y\n";
    for (int i = 1; i <= 12; i++) {
        size_t at = strlen(rows);
        snprintf(rows + at, sizeof rows - at, "%.4f,0.5,0.5\n", 0.0625 * i);
    }
    csv = write_file(dir, "w.csv", rows);
    s = stacked_panel("wide", "x", y, 2);
    gp = write_ok(&s, csv, dir);
    ck_assert_contains(gp, "\"0.0625\" 0.5 0.5\n\"0.125\" 0.5 0.5\n"
                           "\"0.1875\" 0.5 0.5\n");
    ck_assert_contains(gp, "    set xtics rotate by -45\n");
    ck_assert_contains(gp, "    set xtics norotate\n");
    free(gp);
    free(csv);
    remove_tree(dir);
    free(dir);
}
END_TEST

/* Two stacked panels: a component name the first panel has keeps its
 * colour in the second (issued); new names take the next colours. */
START_TEST(stacked_colours_by_name)
{
    char *dir = temp_dir();
    char *csv = write_file(dir, "r.csv",
        "x,s.issued,s.memory,w.eligible,w.issued\n1,0.5,0.5,0.25,0.75\n");
    static const char *const s1[] = { "s.issued", "s.memory" };
    static const char *const s2[] = { "w.eligible", "w.issued" };
    plot_spec s = stacked_panel("c", "x", s1, 2);
    s.n_panels = 2;
    s.panels[1] = stacked_panel("c", "x", s2, 2).panels[0];
    char *gp = write_ok(&s, csv, dir);
    ck_assert_contains(gp, "$p1_bars using 2:xtic(1) lc rgb '#4e79a7' lw 1 "
                           "title 'issued'");
    ck_assert_contains(gp, "$p1_bars using 3 lc rgb '#f28e2b' lw 1 title "
                           "'memory'");
    ck_assert_contains(gp, "$p2_bars using 2:xtic(1) lc rgb '#e15759' lw 1 "
                           "title 'eligible'");
    ck_assert_contains(gp, "$p2_bars using 3 lc rgb '#4e79a7' lw 1 title "
                           "'issued'");
    ck_assert_contains(gp, "# Panel 2: 1 bar of 2 stacked columns, sorted "
                           "by x\n$p2_bars << EOD\n\"1\" 0.25 0.75\nEOD\n");
    free(gp);
    free(csv);
    remove_tree(dir);
    free(dir);
}
END_TEST

/* What a stacked spec cannot be (plot_write's own check), and a panel
 * whose every row lacks a value. */
START_TEST(stacked_errors)
{
    char *dir = temp_dir();
    char *csv = write_file(dir, "r.csv", "x,a.x,a.y\n1,0.5,\n");
    static const char *const y[] = { "a.x", "a.y" };
    plot_spec s = stacked_panel("e", "x", y, 1);
    cusim_error err = write_fails(&s, csv, dir);
    ck_assert_str_eq(err.message, "plot 'e': stacked panel 1 needs an x "
                     "column, 2 to 12 y columns, no series and no log axis");
    s = stacked_panel("e", "x", y, 2);
    s.panels[0].logy = 1;
    write_fails(&s, csv, dir);
    s.panels[0].logy = 0;
    snprintf(s.panels[0].series, sizeof s.panels[0].series, "x");
    write_fails(&s, csv, dir);
    s.panels[0].series[0] = '\0';
    err = write_fails(&s, csv, dir);
    ck_assert_str_eq(err.message, "plot 'e': panel 1 (x = x) has no bar to "
                     "draw: every row failed or lacks x or a y value");
    ck_assert_int_eq(count_entries(dir), 1);
    free(csv);
    remove_tree(dir);
    free(dir);
}
END_TEST

/* The stacked figure renders: 800 px wide, the legend in the SVG. */
START_TEST(render_stacked)
{
    if (!have_gnuplot())
        return;
    char *dir = temp_dir();
    char *csv = write_file(dir, "r.csv",
        "x,stalls.issued,stalls.memory_throttle\n"
        "1,0.25,0.75\n2,0.5,0.5\n");
    static const char *const y[] = { "stalls.issued",
                                     "stalls.memory_throttle" };
    plot_spec s = stacked_panel("st", "x", y, 2);
    char *out = join(dir, "figs");
    free(write_ok(&s, csv, out));
    char *png = join(out, "st.png"), *svg = join(out, "st.svg");
    ck_assert_int_eq(png_width(png), 800);
    ck_assert_int_eq(png_height(png), 500);
    char *text = slurp(svg);
    ck_assert_contains(text, "memory_throttle");
    free(text);
    free(png);
    free(svg);
    free(out);
    free(csv);
    remove_tree(dir);
    free(dir);
}
END_TEST

/* ----------------------------------------------------------- timelines */

#define TL_HEADER "cycle,resident_subgroups,occupancy,issued,issue_rate," \
                  "bytes_in_flight,transactions_in_flight,l1_hit_rate," \
                  "l2_hit_rate,l1_bytes,l2_bytes,dram_bytes\n"

/* A results CSV of three points (the second failed, without a timeline)
 * and the timelines of the other two, under `dir`. */
static void timeline_files(const char *dir, char **csv, char **t0, char **t2)
{
    *csv = write_file(dir, "r.csv",
        "a,b,cycles,status,error\n"
        "1,x,300,ok,\n"
        "2,,,failed,boom\n"
        "3,y,250,ok,\n");
    *t0 = write_file(dir, "00000.csv", TL_HEADER
        "100,4,0.5,10,0.1,256,2,,,,,\n"
        "200,2,0.25,5,0.05,128,1,,,,,\n"
        "300,0,0,0,0,0,0,,,,,\n");
    *t2 = write_file(dir, "00002.csv", TL_HEADER
        "100,8,1,20,0.2,512,4,,,,,\n"
        "250,4,0.5,4,0.02,0,0,,,,,\n");
}

/* A timeline panel of the one column `y`. */
static plot_spec timeline_panel(const char *file, const char *y)
{
    plot_spec s = one_panel(file, "cycle", y, "");
    s.panels[0].source = PLOT_TIMELINE;
    return s;
}

/* The timeline columns (timeline.h: the header trace.c writes, what
 * plot_spec checks a timeline panel against) are the header a simulated
 * timeline has, as this file's timelines spell it. */
START_TEST(timeline_columns_match_trace)
{
    cusim_hw hw;
    cusim_kernel k;
    cusim_error err;
    cusim_result res;
    ck_assert_int_eq(cusim_hw_load(cutest_path("configs/hw/seed-cu.yaml"),
                                   NULL, 0, &hw, &err), 0);
    ck_assert_int_eq(cusim_kernel_load(cutest_path("workloads/"
                                                   "latency-bound.yaml"),
                                       NULL, 0, &k, &err), 0);
    char *text = NULL;
    size_t size = 0;
    cusim_sim_options opt;
    memset(&opt, 0, sizeof opt);
    opt.timeline = open_memstream(&text, &size);
    ck_assert_ptr_nonnull(opt.timeline);
    ck_assert_int_eq(cusim_simulate(&hw, &k, &opt, &res, NULL, &err), 0);
    fclose(opt.timeline);
    char header[512] = "";
    for (size_t i = 0; i < TRACE_TIMELINE_COLUMNS; i++)
        snprintf(header + strlen(header), sizeof header - strlen(header),
                 "%s%s", i ? "," : "", trace_timeline_columns[i]);
    strcat(header, "\n");
    ck_assert_str_eq(header, TL_HEADER);
    ck_assert(strncmp(text, header, strlen(header)) == 0);
    free(text);
    cusim_kernel_free(&k);
}
END_TEST

/* One line per point that did not fail, its rows as the timeline has
 * them, labelled by the point's parameters; drawn as lines. */
START_TEST(timeline_script_params)
{
    char *dir = temp_dir(), *csv, *t0, *t2;
    timeline_files(dir, &csv, &t0, &t2);
    const char *paths[3] = { t0, NULL, t2 };
    plot_timelines tl = { paths, 3, 2 };
    plot_spec s = timeline_panel("tl", "occupancy");
    char *out = join(dir, "figs");
    cusim_error err;
    memset(&err, 0, sizeof err);
    ck_assert_msg(plot_write(&s, csv, &tl, NULL, out, &err) == 0, "%s", err.message);
    char *gpf = join(out, "tl.gp");
    char *gp = slurp(gpf);
    ck_assert_contains(gp, "#   panel 1: x = cycle, y = occupancy "
                           "(timelines)\n");
    ck_assert_contains(gp, "# Panel 1, curve 1: occupancy against cycle, "
                           "point 0 (00000.csv), a=1, b=x (3 points)\n"
                           "$p1_c1 << EOD\n100 0.5\n200 0.25\n300 0\n"
                           "EOD\n"
                           "# Panel 1, curve 2: occupancy against cycle, "
                           "point 2 (00002.csv), a=3, b=y (2 points)\n"
                           "$p1_c2 << EOD\n100 1\n250 0.5\nEOD\n"
                           "# Panel 1: 1 point left out (failed, or no "
                           "timeline)\n");
    ck_assert_contains(gp, "    set xlabel 'cycle'\n"
                           "    set ylabel 'occupancy'\n");
    ck_assert_contains(gp, "    plot $p1_c1 using 1:2 with lines lt 1 dt 1 "
                           "title 'a=1, b=x', \\\n"
                           "         $p1_c2 using 1:2 with lines lt 2 dt 1 "
                           "title 'a=3, b=y'\n");
    ck_assert_int_eq(count_of(gp, "linespoints"), 0);
    free(gp);

    /* without parameter columns a line is "point P" */
    tl.n_params = 0;
    ck_assert_int_eq(plot_write(&s, csv, &tl, NULL, out, &err), 0);
    gp = slurp(gpf);
    ck_assert_contains(gp, "title 'point 0', \\\n");
    ck_assert_contains(gp, "title 'point 2'\n");
    free(gp);
    if (have_gnuplot()) {
        char *png = join(out, "tl.png");
        ck_assert_int_eq(png_width(png), 800);
        free(png);
    }
    free(gpf);
    free(out);
    free(csv);
    free(t0);
    free(t2);
    remove_tree(dir);
    free(dir);
}
END_TEST

/* Picked points in the order given, y columns outer, labelled by the
 * series column's value; a picked point that failed is left out. */
START_TEST(timeline_script_series_and_points)
{
    char *dir = temp_dir(), *csv, *t0, *t2;
    timeline_files(dir, &csv, &t0, &t2);
    const char *paths[3] = { t0, NULL, t2 };
    plot_timelines tl = { paths, 3, 2 };
    plot_spec s = timeline_panel("tl", "issued");
    plot_panel *pn = &s.panels[0];
    snprintf(pn->y[1], sizeof pn->y[1], "bytes_in_flight");
    pn->n_y = 2;
    snprintf(pn->series, sizeof pn->series, "b");
    pn->points[0] = 2;
    pn->points[1] = 1;
    pn->points[2] = 0;
    pn->n_points = 3;
    char *out = join(dir, "figs");
    char *gp = NULL;
    cusim_error err;
    memset(&err, 0, sizeof err);
    ck_assert_msg(plot_write(&s, csv, &tl, NULL, out, &err) == 0, "%s", err.message);
    char *gpf = join(out, "tl.gp");
    gp = slurp(gpf);
    ck_assert_contains(gp, "# Panel 1, curve 1: issued against cycle, point "
                           "2 (00002.csv), b = y (2 points)\n$p1_c1 << EOD\n"
                           "100 20\n250 4\nEOD\n");
    ck_assert_contains(gp, "# Panel 1, curve 4: bytes_in_flight against "
                           "cycle, point 0 (00000.csv), b = x (3 points)\n"
                           "$p1_c4 << EOD\n100 256\n200 128\n300 0\n"
                           "EOD\n");
    ck_assert_contains(gp, "    plot $p1_c1 using 1:2 with lines lt 1 dt 1 "
                           "title 'issued, b = y', \\\n"
                           "         $p1_c2 using 1:2 with lines lt 2 dt 1 "
                           "title 'issued, b = x', \\\n"
                           "         $p1_c3 using 1:2 with lines lt 3 dt 1 "
                           "title 'bytes_in_flight, b = y', \\\n"
                           "         $p1_c4 using 1:2 with lines lt 4 dt 1 "
                           "title 'bytes_in_flight, b = x'\n");
    free(gp);
    free(gpf);
    free(out);
    free(csv);
    free(t0);
    free(t2);
    remove_tree(dir);
    free(dir);
}
END_TEST

/* No timelines at all; a column the timeline lacks, named at its file. */
START_TEST(timeline_errors)
{
    char *dir = temp_dir(), *csv, *t0, *t2;
    timeline_files(dir, &csv, &t0, &t2);
    plot_spec s = timeline_panel("tl", "occupancy");
    char *out = join(dir, "figs");
    cusim_error err = write_fails(&s, csv, out);
    ck_assert_str_eq(err.message, "plot 'tl': panel 1 draws timelines, and "
                     "the experiment writes none");
    const char *paths[3] = { t0, NULL, t2 };
    plot_timelines tl = { paths, 3, 2 };
    s = timeline_panel("tl", "ocupancy");
    memset(&err, 0, sizeof err);
    ck_assert_int_eq(plot_write(&s, csv, &tl, NULL, out, &err), -1);
    ck_assert_str_eq(err.file, t0);
    ck_assert_str_eq(err.message, "plot 'tl': the timeline has no column "
                     "'ocupancy' for y (did you mean 'occupancy'?)");
    ck_assert_int_eq(access(out, F_OK), -1);      /* nothing written */
    free(out);
    free(csv);
    free(t0);
    free(t2);
    remove_tree(dir);
    free(dir);
}
END_TEST

/* ------------------------------------------------------------- facets */

/* The zigzag of the issue as parameters: axis 0 the hardware (its file
 * and its name), axis 1 the workgroup size, axis 2 the registers, two
 * positions each; axis 3 a one-value sweep. */
static const char *const zz_names[] = {
    "hardware", "hw.name", "kernel.workgroup_size", "kernel.registers",
    "kernel.elements",
};
static const size_t zz_axis[] = { 0, 0, 1, 2, 3 };
static const size_t zz_sizes[] = { 2, 2, 2, 1 };
static const plot_params zz = { zz_names, zz_axis, 5, zz_sizes, 4 };

/* Hidden axes: those no x, series or where column is on (one-value axes
 * never); a result field on x takes the fastest axis left. */
START_TEST(hidden_detection)
{
    bool h[4];
    plot_spec s = one_panel("h", "kernel.workgroup_size", "cycles",
                            "kernel.registers");
    plot_panel *pn = &s.panels[0];
    ck_assert_int_eq(plot_check_hidden_axes(pn, &zz, h), 1);
    ck_assert(h[0] && !h[1] && !h[2] && !h[3]);
    /* the series on the hardware's axis: by its name or by its file */
    snprintf(pn->series, sizeof pn->series, "hw.name");
    ck_assert_int_eq(plot_check_hidden_axes(pn, &zz, h), 1);
    ck_assert(!h[0] && h[2]);
    snprintf(pn->series, sizeof pn->series, "hardware");
    ck_assert_int_eq(plot_check_hidden_axes(pn, &zz, h), 1);
    ck_assert(!h[0] && h[2]);
    /* where: fixes the registers */
    snprintf(pn->where[0].key, sizeof pn->where[0].key, "kernel.registers");
    snprintf(pn->where[0].value, sizeof pn->where[0].value, "32");
    pn->n_where = 1;
    ck_assert_int_eq(plot_check_hidden_axes(pn, &zz, h), 0);
    /* x a result field: the fastest axis left (the registers) moves it,
     * the workgroup size stays hidden */
    pn->n_where = 0;
    snprintf(pn->x, sizeof pn->x, "occupancy.achieved");
    ck_assert_int_eq(plot_check_hidden_axes(pn, &zz, h), 1);
    ck_assert(!h[0] && h[1] && !h[2] && !h[3]);
    pn->series[0] = '\0';
    ck_assert_int_eq(plot_check_hidden_axes(pn, &zz, h), 2);
    ck_assert(h[0] && h[1] && !h[2] && !h[3]);
    /* a timeline panel's lines are points: nothing hidden */
    pn->source = PLOT_TIMELINE;
    ck_assert_int_eq(plot_check_hidden_axes(pn, &zz, h), 0);
    /* nothing varies */
    const plot_params none = { NULL, NULL, 0, NULL, 0 };
    pn->source = PLOT_RESULTS;
    ck_assert_int_eq(plot_check_hidden_axes(pn, &none, h), 0);
}
END_TEST

/* The zigzag's results: gpu-a and gpu-b x 2 sizes x 2 register counts;
 * one point infeasible. */
static const char zz_csv[] =
    "hardware,hw.name,kernel.workgroup_size,kernel.registers,cycles,status,"
    "error\n"
    "a.yaml,gpu-a,64,32,100,ok,\n"
    "a.yaml,gpu-a,64,128,200,ok,\n"
    "a.yaml,gpu-a,256,32,110,ok,\n"
    "a.yaml,gpu-a,256,128,210,ok,\n"
    "b.yaml,gpu-b,64,32,50,ok,\n"
    "b.yaml,gpu-b,64,128,60,infeasible,no room\n"
    "b.yaml,gpu-b,256,32,55,ok,\n"
    "b.yaml,gpu-b,256,128,65,ok,\n";

/* A faceted panel is drawn once per combination of its facet columns, in
 * the order the rows show them, each titled with its values below the
 * panel's own title (the file column left out for the name), in a grid. */
START_TEST(facet_enumeration)
{
    char *dir = temp_dir(), *csv = write_file(dir, "zz.csv", zz_csv);
    char *out = join(dir, "fig");
    plot_spec s = one_panel("zz", "kernel.workgroup_size", "cycles",
                            "kernel.registers");
    snprintf(s.panels[0].title, sizeof s.panels[0].title, "Time");
    snprintf(s.panels[0].facet[0], sizeof s.panels[0].facet[0], "hardware");
    snprintf(s.panels[0].facet[1], sizeof s.panels[0].facet[1], "hw.name");
    s.panels[0].n_facet = 2;
    char *gp = write_ok(&s, csv, out);
    ck_assert_contains(gp, "#   panel 1: x = kernel.workgroup_size, y = "
                       "cycles, series = kernel.registers, where hardware = "
                       "a.yaml, hw.name = gpu-a\n");
    ck_assert_contains(gp, "#   panel 2: x = kernel.workgroup_size, y = "
                       "cycles, series = kernel.registers, where hardware = "
                       "b.yaml, hw.name = gpu-b\n");
    ck_assert_contains(gp, "$p1_c1 << EOD\n64 100\n256 110\nEOD\n");
    ck_assert_contains(gp, "$p1_c2 << EOD\n64 200\n256 210\nEOD\n");
    ck_assert_contains(gp, "$p2_c1 << EOD\n64 50\n256 55\nEOD\n");
    ck_assert_contains(gp, "$p2_c2 << EOD\n256 65\nEOD\n");
    ck_assert_contains(gp, "set multiplot layout 2,1\n");
    ck_assert_contains(gp, "set title 'Time'.\"\\n\".'hw.name = gpu-a' font");
    ck_assert_contains(gp, "set title 'Time'.\"\\n\".'hw.name = gpu-b' font");
    ck_assert_int_eq(count_of(gp, "    plot "), 2);
    free(gp);
    /* four of them make a 2 x 2 grid; without a title, the facet alone */
    s.panels[0].title[0] = '\0';
    snprintf(s.panels[0].facet[2], sizeof s.panels[0].facet[2],
             "kernel.registers");
    s.panels[0].n_facet = 3;
    s.panels[0].series[0] = '\0';
    gp = write_ok(&s, csv, out);
    ck_assert_contains(gp, "set multiplot layout 2,2\n");
    ck_assert_contains(gp, "set title 'hw.name = gpu-b, kernel.registers = "
                       "128' font");
    ck_assert_int_eq(count_of(gp, "    plot "), 4);
    free(gp);
    free(out);
    free(csv);
    remove_tree(dir);
    free(dir);
}
END_TEST

/* where: keeps the rows whose columns read the values; none matching is
 * an error naming the values the column takes. */
START_TEST(where_filter)
{
    char *dir = temp_dir(), *csv = write_file(dir, "zz.csv", zz_csv);
    char *out = join(dir, "fig");
    plot_spec s = one_panel("w", "kernel.workgroup_size", "cycles", "");
    plot_panel *pn = &s.panels[0];
    snprintf(pn->where[0].key, sizeof pn->where[0].key, "hw.name");
    snprintf(pn->where[0].value, sizeof pn->where[0].value, "gpu-b");
    snprintf(pn->where[1].key, sizeof pn->where[1].key, "kernel.registers");
    snprintf(pn->where[1].value, sizeof pn->where[1].value, "32");
    pn->n_where = 2;
    char *gp = write_ok(&s, csv, out);
    ck_assert_contains(gp, "$p1_c1 << EOD\n64 50\n256 55\nEOD\n");
    ck_assert_contains(gp, ", where hw.name = gpu-b, kernel.registers = 32\n");
    free(gp);
    snprintf(pn->where[0].value, sizeof pn->where[0].value, "gpu-c");
    cusim_error err = write_fails(&s, csv, out);
    ck_assert_str_eq(err.message, "plot 'w': panel 1: no point matches "
                     "where: hw.name = gpu-c, kernel.registers = 32 (hw.name "
                     "takes gpu-a, gpu-b)");
    free(out);
    free(csv);
    remove_tree(dir);
    free(dir);
}
END_TEST

/* Writes an experiment of the seed CU and the latency-bound kernel with
 * the sweep and plots `body` into `dir`; returns exp_load's status with
 * `*e` (freed here on failure) and `err`. */
static int load_exp(const char *dir, const char *body, experiment **e,
                    cusim_error *err)
{
    char *sm80 = strdup(cutest_path("configs/hw/nvidia-sm80.yaml"));
    char *sm90 = strdup(cutest_path("configs/hw/nvidia-sm90.yaml"));
    char *kernel = strdup(cutest_path("workloads/elementwise-scale.yaml"));
    size_t n = strlen(sm80) + strlen(sm90) + strlen(kernel) + strlen(body)
               + 64;
    char *text = malloc(n);
    ck_assert_ptr_nonnull(text);
    snprintf(text, n, "hardware:\n  - %s\n  - %s\nkernel: %s\n"
             "set:\n  kernel.elements: 2048\n%s", sm80, sm90, kernel, body);
    char *path = write_file(dir, "exp.yaml", text);
    free(text);
    free(sm80);
    free(sm90);
    free(kernel);
    memset(err, 0, sizeof *err);
    *e = NULL;
    int rc = exp_load(path, NULL, 0, e, err);
    free(path);
    return rc;
}

/* Loading finds the hidden parameters: facets by default, the located
 * error with facet: false, where keys checked, the panel bound. */
START_TEST(hidden_at_load)
{
    char *dir = temp_dir();
    experiment *e;
    cusim_error err;
    const char *sweep = "sweep:\n"
                        "  kernel.workgroup_size: [64, 256]\n"
                        "  kernel.registers: [32, 128]\n"
                        "plots:\n"
                        "  - file: f\n"
                        "    x: kernel.workgroup_size\n"
                        "    y: cycles\n";
    char body[2048];
    snprintf(body, sizeof body, "%s    series: kernel.registers\n", sweep);
    ck_assert_int_eq(load_exp(dir, body, &e, &err), 0);
    const plot_panel *pn = &exp_plot(e, 0)->panels[0];
    ck_assert_int_eq(pn->n_facet, 2);
    ck_assert_str_eq(pn->facet[0], "hardware");
    ck_assert_str_eq(pn->facet[1], "hw.name");
    ck_assert_uint_eq(exp_plot(e, 0)->n_params, 4);
    exp_free(e);

    snprintf(body, sizeof body, "%s    series: kernel.registers\n"
             "    facet: false\n", sweep);
    ck_assert_int_eq(load_exp(dir, body, &e, &err), -1);
    ck_assert_int_eq(err.line, 15);
    ck_assert_int_eq(err.column, 12);
    ck_assert_str_eq(err.message, "plots[0]: facet: false, but the panel "
                     "hides the swept parameters hardware, hw.name (neither "
                     "x, series nor fixed by where:), so each curve would mix "
                     "their 2 combinations of values; make one the series, "
                     "fix them with where: { hw.name: VALUE }, or drop facet: "
                     "false to draw a panel per combination");

    /* where fixes the hardware; the size and registers remain */
    snprintf(body, sizeof body, "%s    facet: false\n"
             "    where: { hw.name: nvidia-sm80 }\n", sweep);
    ck_assert_int_eq(load_exp(dir, body, &e, &err), -1);
    ck_assert_contains(err.message, "hides the swept parameter "
                       "kernel.registers (neither");
    ck_assert_contains(err.message, "would mix its 2 combinations of values;"
                       " make one the series, fix it with where: { "
                       "kernel.registers: VALUE }");
    snprintf(body, sizeof body, "%s    series: kernel.registers\n"
             "    facet: false\n"
             "    where: { hw.name: nvidia-sm80 }\n", sweep);
    ck_assert_int_eq(load_exp(dir, body, &e, &err), 0);
    ck_assert_int_eq(exp_plot(e, 0)->panels[0].n_facet, 0);
    exp_free(e);

    snprintf(body, sizeof body, "%s    where: { hw.nmae: nvidia-sm80 }\n",
             sweep);
    ck_assert_int_eq(load_exp(dir, body, &e, &err), -1);
    ck_assert_int_eq(err.line, 14);
    ck_assert_int_eq(err.column, 14);
    ck_assert_str_eq(err.message, "plots[0].where: 'hw.nmae' is not a "
                     "parameter of the sweep (did you mean 'hw.name'?)");

    /* 2 GPUs x 13 register counts hidden: past the 12 panels */
    snprintf(body, sizeof body, "sweep:\n"
             "  kernel.registers: { from: 16, to: 64, step: 4 }\n"
             "  kernel.workgroup_size: [64, 256]\n"
             "plots:\n"
             "  - file: f\n"
             "    x: kernel.workgroup_size\n"
             "    y: cycles\n");
    ck_assert_int_eq(load_exp(dir, body, &e, &err), -1);
    ck_assert_int_eq(err.line, 11);
    ck_assert_int_eq(err.column, 5);
    ck_assert_str_eq(err.message, "plots[0]: the panel hides the swept "
                     "parameters hardware, hw.name, kernel.registers, and a "
                     "panel per combination (more than 12) takes the figure "
                     "past 12 panels; fix them with where: { hw.name: VALUE "
                     "}, make one the series, or split the plot");

    /* a log axis over names, before anything runs */
    snprintf(body, sizeof body, "sweep:\n"
             "  kernel.workgroup_size: [64, 256]\n"
             "plots:\n"
             "  - file: f\n"
             "    x: hw.name\n"
             "    y: cycles\n"
             "    series: kernel.workgroup_size\n"
             "    logx: true\n");
    ck_assert_int_eq(load_exp(dir, body, &e, &err), -1);
    ck_assert_int_eq(err.line, 14);
    ck_assert_str_eq(err.message, "plots[0].logx: x is 'hw.name', text drawn "
                     "as categories; a log axis needs numbers (expected logx: "
                     "false)");
    remove_tree(dir);
    free(dir);
}
END_TEST

/* Default labels: a field's meaning and unit, its key and unit when that
 * is too long for an axis; a configuration key's meaning (as cusim keys
 * shows it) and the key, a name key alone; several y of one unit: the
 * unit. A label given stays. */
START_TEST(label_defaults)
{
    plot_spec s = one_panel("l", "kernel.registers", "cycles", "");
    plot_panel *pn = &s.panels[0];
    plot_label_defaults(pn);
    ck_assert_str_eq(pn->xlabel, "registers per invocation, or auto "
                     "(kernel.registers)");
    s = one_panel("l", "hw.memory.bandwidth", "cycles", "");
    plot_label_defaults(&s.panels[0]);
    ck_assert_str_eq(s.panels[0].xlabel,
                     "bytes per cycle, whole GPU (hw.memory.bandwidth)");
    s = one_panel("l", "kernel.name", "cycles", "");
    plot_label_defaults(&s.panels[0]);
    ck_assert_str_eq(s.panels[0].xlabel, "kernel.name");
    s = one_panel("l", "kernel.workgroup_size", "cycles", "");
    plot_label_defaults(&s.panels[0]);
    ck_assert_str_eq(s.panels[0].xlabel,
                     "invocations per workgroup (kernel.workgroup_size)");
    s = one_panel("l", "kernel.registers", "cycles", "");
    pn = &s.panels[0];
    plot_label_defaults(pn);
    ck_assert_str_eq(pn->ylabel, "simulated time in compute-unit clock cycles "
                     "(cycles)");
    s = one_panel("l", "occupancy.subgroups_per_cu", "simd_efficiency", "");
    plot_label_defaults(pn);
    ck_assert_str_eq(pn->xlabel, "subgroups one CU holds at once (subgroups)");
    /* "useful lanes per lane issued (claim C12)": the claim left out */
    ck_assert_str_eq(pn->ylabel, "useful lanes per lane issued (fraction)");
    s = one_panel("l", "time_us", "occupancy.achieved", "");
    plot_label_defaults(pn);
    ck_assert_str_eq(pn->xlabel, "simulated time in microseconds (us)");
    ck_assert_str_eq(pn->ylabel, "occupancy.achieved (fraction)");
    s = one_panel("l", "hw.name", "issue.utilization", "");
    snprintf(pn->y[1], sizeof pn->y[1], "occupancy.theoretical");
    pn->n_y = 2;
    plot_label_defaults(pn);
    ck_assert_str_eq(pn->ylabel, "fraction");
    snprintf(pn->y[1], sizeof pn->y[1], "cycles");
    pn->ylabel[0] = '\0';
    plot_label_defaults(pn);
    ck_assert_str_eq(pn->ylabel, "issue.utilization, cycles");
    snprintf(pn->ylabel, sizeof pn->ylabel, "given");
    snprintf(pn->xlabel, sizeof pn->xlabel, "also given");
    plot_label_defaults(pn);
    ck_assert_str_eq(pn->ylabel, "given");
    ck_assert_str_eq(pn->xlabel, "also given");
    /* a meaning too long with its unit (62 characters for "a
     * transaction's average latency, queueing included (cycles)") is cut
     * at its first clause */
    s = one_panel("l", "kernel.registers", "memory.avg_latency", "");
    plot_label_defaults(pn);
    ck_assert_str_eq(pn->ylabel, "a transaction's average latency (cycles)");
    s = one_panel("l", "kernel.registers", "occupancy.achieved_active", "");
    plot_label_defaults(pn);
    ck_assert_str_eq(pn->ylabel, "Nsight Compute's achieved occupancy "
                     "(fraction)");
}
END_TEST

/* plot_label_values on texts as the results CSV holds them: each expected
 * string worked out from the rule in plot_label.h. */
static void check_values(const plot_spec *spec, const char *column,
                         const char *const *vals, size_t n,
                         const char *const *want)
{
    char *shown[8];
    ck_assert_uint_le(n, 8);
    plot_label_values(spec, column, vals, n, shown);
    for (size_t i = 0; i < n; i++) {
        ck_assert_str_eq(shown[i], want[i]);
        free(shown[i]);
    }
}

START_TEST(value_labels)
{
    /* one buffer: its size alone, in the largest unit that divides it
     * (4096 = 4 KiB; 1073741824 = 1 GiB; 1536 is no whole KiB) */
    const char *chain[] = { "{chain: 4096}", "{chain: 16 KiB}",
                            "{chain: 1073741824}", "{chain: 1536}" };
    const char *chain_want[] = { "4 KiB", "16 KiB", "1 GiB", "1536 B" };
    check_values(NULL, "kernel.buffers", chain, 4, chain_want);
    /* two buffers, data the same in both: only hist tells them apart */
    const char *hist[] = { "{data: 4 MiB, hist: 64}",
                           "{data: 4 MiB, hist: 1 KiB}" };
    const char *hist_want[] = { "hist 64 B", "hist 1 KiB" };
    check_values(NULL, "kernel.buffers", hist, 2, hist_want);
    /* one value: nothing to tell apart, so every entry */
    const char *one_want[] = { "data 4 MiB, hist 64 B" };
    check_values(NULL, "kernel.buffers", hist, 1, one_want);
    /* one entry each, but of different names: the names kept */
    const char *names[] = { "{a: 1 KiB}", "{b: 1 KiB}" };
    const char *names_want[] = { "a 1 KiB", "b 1 KiB" };
    check_values(NULL, "kernel.buffers", names, 2, names_want);
    /* an expression is no size: as written */
    const char *expr[] = { "{x: elements * 4}", "{x: 8 KiB}" };
    const char *expr_want[] = { "elements * 4", "8 KiB" };
    check_values(NULL, "kernel.buffers", expr, 2, expr_want);
    /* lists: a shape of whole numbers joined by x, other items by ", " */
    const char *lists[] = { "[16, 16]", "[256, 1]", "[a, b]", "[16, 16, 1]" };
    const char *lists_want[] = { "16x16", "256x1", "a, b", "16x16x1" };
    check_values(NULL, "kernel.workgroup_size", lists, 4, lists_want);
    /* scalars, and text that is no flow collection, as they are */
    const char *plain[] = { "nvidia-sm80", "64", "{unclosed", "" };
    check_values(NULL, "hw.name", plain, 4, plain);
    /* the experiment's label: wins for its column's values only */
    plot_spec spec;
    memset(&spec, 0, sizeof spec);
    const plot_value_label given[] = {
        { "kernel.buffers", "{chain: 4096}", "small" },
        { "kernel.registers", "{chain: 16 KiB}", "not this column" },
    };
    spec.labels = given;
    spec.n_labels = 2;
    const char *given_want[] = { "small", "16 KiB", "1 GiB", "1536 B" };
    check_values(&spec, "kernel.buffers", chain, 4, given_want);
}
END_TEST

/* The values a figure shows for a parameter column (the CSV's first
 * n_params) reach every place it shows one: a stacked bar's tick and a
 * facet's title show {chain: 4096} as 4 KiB, a legend the label: given;
 * the data's comments keep the CSV's text. */
START_TEST(values_shown_everywhere)
{
    char *dir = temp_dir();
    char *csv = write_file(dir, "v.csv",
        "kernel.buffers,kernel.registers,a.x,a.y,cycles\n"
        "{chain: 4096},16,0.25,0.75,10\n"
        "{chain: 4096},32,0.5,0.5,20\n"
        "{chain: 1 MiB},16,0.75,0.25,30\n"
        "{chain: 1 MiB},32,1,0,40\n");
    static const char *const y[] = { "a.x", "a.y" };
    plot_spec s = stacked_panel("bars", "kernel.buffers", y, 2);
    s.n_params = 2;
    s.panels[0].n_facet = 1;
    snprintf(s.panels[0].facet[0], sizeof s.panels[0].facet[0], "%s",
             "kernel.registers");
    char *gp = write_ok(&s, csv, dir);
    ck_assert_contains(gp, "$p1_bars << EOD\n\"4 KiB\" 0.25 0.75\n"
                           "\"1 MiB\" 0.75 0.25\nEOD\n");
    free(gp);
    s = one_panel("lines", "kernel.registers", "cycles", "kernel.registers");
    s.n_params = 2;
    snprintf(s.panels[0].series, sizeof s.panels[0].series, "%s",
             "kernel.buffers");
    s.panels[0].n_facet = 0;
    const plot_value_label given[] = {
        { "kernel.buffers", "{chain: 1 MiB}", "DRAM" },
    };
    s.labels = given;
    s.n_labels = 1;
    gp = write_ok(&s, csv, dir);
    ck_assert_contains(gp, "title 'kernel.buffers = 4 KiB', \\\n");
    ck_assert_contains(gp, "title 'kernel.buffers = DRAM'\n");
    ck_assert_contains(gp, ", kernel.buffers = {chain: 1 MiB} (2 points)\n");
    free(gp);
    s = one_panel("facets", "kernel.registers", "cycles", "");
    s.n_params = 2;
    s.panels[0].n_facet = 1;
    snprintf(s.panels[0].facet[0], sizeof s.panels[0].facet[0], "%s",
             "kernel.buffers");
    gp = write_ok(&s, csv, dir);
    ck_assert_contains(gp, "    set title 'kernel.buffers = 4 KiB' font");
    ck_assert_contains(gp, "    set title 'kernel.buffers = 1 MiB' font");
    ck_assert_contains(gp, "where kernel.buffers = {chain: 4096}\n");
    free(gp);
    free(csv);
    remove_tree(dir);
    free(dir);
}
END_TEST

/* The rows a plot's labels hold after loading, and each mistake in
 * label: as the one located line `cusim run` prints (load_exp's text:
 * line 7 is the body's first). */
START_TEST(labels_at_load)
{
    char *dir = temp_dir();
    experiment *e;
    cusim_error err;
    int rc = load_exp(dir, "sweep:\n  kernel.workgroup_size: [64, 256]\n"
                      "label:\n  kernel.workgroup_size: [small, large]\n"
                      "  hardware: [Ampere, Hopper]\n"
                      "plots:\n  - file: f\n    x: kernel.workgroup_size\n"
                      "    y: cycles\n    series: hw.name\n", &e, &err);
    ck_assert_msg(rc == 0, "%s:%d:%d: %s", err.file, err.line, err.column,
                  err.message);
    const plot_spec *ps = exp_plot(e, 0);
    ck_assert_uint_eq(ps->n_labels, 4);
    ck_assert_str_eq(ps->labels[0].column, "kernel.workgroup_size");
    ck_assert_str_eq(ps->labels[0].value, "64");
    ck_assert_str_eq(ps->labels[0].label, "small");
    ck_assert_str_eq(ps->labels[1].value, "256");
    ck_assert_str_eq(ps->labels[1].label, "large");
    ck_assert_str_eq(ps->labels[2].column, "hardware");
    ck_assert_str_eq(ps->labels[2].value,
                     cutest_path("configs/hw/nvidia-sm80.yaml"));
    ck_assert_str_eq(ps->labels[3].label, "Hopper");
    exp_free(e);
    static const struct { const char *body; int line, column;
                          const char *msg; } bad[] = {
        { "sweep:\n  kernel.workgroup_size: [64, 256]\n"
          "label:\n  kernel.workgroup_size: [small]\n", 10, 26,
          "label: kernel.workgroup_size: 1 label for 2 values (expected one "
          "per value, in the order written)" },
        { "sweep:\n  kernel.workgroup_size: [64, 256]\n"
          "label:\n  kernel.workgroup_size: [same, same]\n", 10, 33,
          "label: kernel.workgroup_size[1]: 'same' is also label 0's "
          "(expected a label per value, each its own)" },
        { "label:\n  hw.name: [a, b]\n", 8, 3,
          "label: 'hw.name' is the name the hardware file gives; label the "
          "'hardware' key instead" },
        { "label: [a, b]\n", 7, 8,
          "label: expected a mapping of swept keys to lists of labels, one "
          "per value ({ kernel.buffers: [L1, L2, DRAM] }), got a list" },
        { "points:\n  - { kernel.registers: 32 }\n"
          "  - { kernel.registers: 64 }\n"
          "label:\n  kernel.registers: [a, b]\n", 11, 3,
          "label: 'kernel.registers' is set by points:, whose entries need "
          "not each give it (expected a key of sweep:, zip:, or a hardware "
          "or kernel list)" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(load_exp(dir, bad[i].body, &e, &err), -1);
        ck_assert_ptr_null(e);
        ck_assert_msg(err.line == bad[i].line && err.column == bad[i].column,
                      "case %zu: at %d:%d: %s", i, err.line, err.column,
                      err.message);
        ck_assert_str_eq(err.message, bad[i].msg);
    }
    remove_tree(dir);
    free(dir);
}
END_TEST

/* ------------------------------------------------------------- axes */

START_TEST(ticks_distinct_on_a_narrow_range)
{
    /* A sweep whose cycles span 645,300 to 645,946 (0.1%) without yzero:
     * a step of 100 from 645,300 to 646,000, labelled to a tenth of a k,
     * every label different (gnuplot's '%.0s%c' gave 645k five times). */
    plot_axis a;
    plot_axis_ticks(645300, 645946, 0, &a);
    ck_assert_double_eq(a.lo, 645300);
    ck_assert_double_eq(a.hi, 646000);
    ck_assert_int_eq(a.n, 8);
    ck_assert_str_eq(a.ticks[0].label, "645.3k");
    ck_assert_str_eq(a.ticks[7].label, "646.0k");
    for (int i = 0; i < a.n; i++)
        for (int j = i + 1; j < a.n; j++)
            ck_assert_str_ne(a.ticks[i].label, a.ticks[j].label);
    /* From 0 (yzero, the default): 0 to 700k by 100k. */
    plot_axis_ticks(645300, 645946, 1, &a);
    ck_assert_double_eq(a.hi, 700000);
    ck_assert_str_eq(a.ticks[0].label, "0");
    ck_assert_str_eq(a.ticks[a.n - 1].label, "700k");
    /* apple-m1's 371.90 to 372.02 us (0.03%): steps of 0.02. */
    plot_axis_ticks(371.90, 372.02, 0, &a);
    ck_assert_int_eq(a.n, 7);
    ck_assert_str_eq(a.ticks[0].label, "371.90");
    ck_assert_str_eq(a.ticks[1].label, "371.92");
    /* One value: a range around it; a negative one stays off 0. */
    plot_axis_ticks(5, 5, 0, &a);
    ck_assert(a.lo < 5 && a.hi > 5);
    plot_axis_ticks(-3, 7, 1, &a);
    ck_assert_str_eq(a.ticks[0].label, "-4");
    /* Over many sizes of range every label stays distinct. */
    for (int e = -3; e <= 9; e++)
        for (int k = 1; k <= 999; k += 37) {
            double lo = 1.234567 * pow(10, e), hi = lo * (1 + k * 1e-4);
            plot_axis_ticks(lo, hi, 0, &a);
            ck_assert_int_ge(a.n, 2);
            for (int i = 0; i + 1 < a.n; i++)
                ck_assert_msg(strcmp(a.ticks[i].label, a.ticks[i + 1].label),
                              "[%g, %g]: '%s' twice", lo, hi,
                              a.ticks[i].label);
        }
}
END_TEST

/* WCAG's relative luminance of "#rrggbb". */
static double luminance(const char *hex)
{
    double c[3];
    for (int i = 0; i < 3; i++) {
        unsigned v;
        ck_assert_int_eq(sscanf(hex + 1 + 2 * i, "%2x", &v), 1);
        double s = v / 255.0;
        c[i] = s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4);
    }
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

START_TEST(line_colours_readable_on_white)
{
    /* Every line colour at least 3:1 against white (WCAG's ratio for
     * graphics); gnuplot's default yellow, #f0e442, is 1.3:1. */
    for (int i = 0; i < PLOT_LINE_COLORS; i++) {
        double ratio = 1.05 / (luminance(plot_line_color(i)) + 0.05);
        ck_assert_msg(ratio >= 3.0, "%s: %.2f:1", plot_line_color(i), ratio);
    }
    ck_assert_double_lt(1.05 / (luminance("#f0e442") + 0.05), 3.0);
}
END_TEST

/* ------------------------------------------------------------- roofline */

/* A roofline spec by hand: what plot_spec_parse makes of `style:
 * roofline`, labelled by kernel.elements, the CSV's one parameter. */
static plot_spec roofline_panel(const char *file)
{
    plot_spec s = one_panel(file, "arithmetic_intensity",
                            "roofline.performance", "");
    plot_panel *pn = &s.panels[0];
    pn->style = PLOT_ROOFLINE;
    pn->logx = pn->logy = 1;
    snprintf(pn->label[0], sizeof pn->label[0], "kernel.elements");
    pn->n_label = 1;
    s.n_params = 1;
    return s;
}

/* Tiny profiles: 2 CUs of 2 schedulers, issue 1, 16 alu lanes, 1000 MHz,
 * 8 bytes per cycle; `caches` adds an L2 (16 bytes per cycle), DRAM (4)
 * and an L1 (1 line of 64 bytes per cycle per CU). */
static cusim_hw tiny_hw(bool caches)
{
    cusim_hw hw;
    memset(&hw, 0, sizeof hw);
    snprintf(hw.name, sizeof hw.name, "%s", caches ? "tiny-cached" : "tiny");
    hw.compute_units = 2;
    hw.clock_mhz = 1000;
    hw.cu.schedulers = 2;
    hw.cu.issue_per_cycle = 1;
    hw.cu.lanes[CUSIM_UNIT_ALU] = 16;
    hw.memory.bandwidth = 8;
    if (caches) {
        hw.cache.l2.bytes = 1 << 20;
        hw.cache.l2.bytes_per_cycle = 16;
        hw.dram.bytes_per_cycle = 4;
        hw.cache.l1.bytes = 16384;
        hw.cache.l1.lines_per_cycle = 1;
        hw.cache.l1.line = 64;
    }
    return hw;
}

/* The roofline's results: four points of one kernel at three sizes, one
 * without traffic (intensity 0: left out on the log axis), one failed. */
static const char roof_csv[] =
    "kernel.elements,arithmetic_intensity,roofline.performance,"
    "roofline.dram_intensity,simd_width,status,error\n"
    "1024,0.5,3.5,1.5,32,ok,\n"
    "4096,16,60,48,32,ok,\n"
    "8192,0,1,0,32,ok,\n"
    "16384,,,,,failed,stalled\n";

static int roof_write(const plot_spec *s, const char *csv,
                      const cusim_hw *const *hws, size_t n, const char *dir,
                      cusim_error *err)
{
    plot_profiles pf = { hws, n };
    memset(err, 0, sizeof *err);
    return plot_write(s, csv, NULL, hws ? &pf : NULL, dir, err);
}

/* The roof of a flat profile, worked out by hand:
 *   alu peak = 2 CUs x 2 schedulers x min(1 x 32, 16) = 64 lane
 *   instructions per cycle, x 1000 MHz = 6.4e10 per second;
 *   memory = 8 bytes per cycle = 8e9 per second; ridge 64 / 8 = 8.
 * The points: x arithmetic_intensity, y 10^9 x roofline.performance:
 * (0.5, 3.5e9) and (16, 6e10); the third has x 0 and is left out.
 * Axes: x from the decade under min(0.5, 8) / 2 = 0.25 (0.1) to the one
 * over max(16, 8) x 2 = 32 (100); y from the decade under min(6.4e10 /
 * 100, 3.5e9) / 2 = 3.2e8 (1e8) to the one over 6.4e10 x 3 = 1.92e11
 * (1e12). The memory slope runs from (0.1, 8e8) to the ridge (8, 6.4e10),
 * the roof from there to (100, 6.4e10). Labels: on the page (660 x 330
 * pixels, 3 decades of x and 4 of y) the first point is at (153.8,
 * 127.4), its label right above it clear of everything; the second's
 * right above would sit on the roof (at y 231.5; the point at 229.2), so
 * it goes right below (side 1). */
START_TEST(roofline_script_flat)
{
    char *dir = temp_dir();
    char *csv = write_file(dir, "r.csv", roof_csv);
    cusim_hw hw = tiny_hw(false);
    const cusim_hw *hws[4] = { &hw, &hw, &hw, &hw };
    plot_spec s = roofline_panel("roof");
    cusim_error err;
    int rc = roof_write(&s, csv, hws, 4, dir, &err);
    ck_assert_msg(rc == 0, "%s", err.message);
    char *gp_path = join(dir, "roof.gp");
    char *gp = slurp(gp_path);
    ck_assert_contains(gp, "#   alu peak = compute_units 2 x cu.schedulers 2"
                       " x min(cu.issue_per_cycle 1 x simd_width 32, "
                       "cu.lanes.alu 16) = 2 x 2 x 16 = 64 lane "
                       "instructions/cycle = 64000000000/s\n");
    ck_assert_contains(gp, "#   memory = memory.bandwidth = 8 bytes/cycle = "
                       "8000000000 bytes/s; ridge at 8 instructions/byte\n");
    ck_assert_contains(gp, "$p1_roof1 << EOD\n0.1 800000000\n8 64000000000\n"
                       "EOD\n");
    ck_assert_contains(gp, "$p1_compute << EOD\n8 64000000000\n100 "
                       "64000000000\nEOD\n");
    ck_assert_contains(gp, "$p1_c1 << EOD\n0.5 3500000000 \"1024\" 0\n16 "
                       "60000000000 \"4096\" 1\nEOD\n");
    ck_assert_contains(gp, "# Panel 1: 1 point left out: no arithmetic, or "
                       "no memory traffic");
    ck_assert_int_eq(count_of(gp, "$p1_roof"), 2);   /* one level: block, plot */
    ck_assert_contains(gp, "set logscale xy 10\n");
    ck_assert_contains(gp, "set xtics ('0.1' 0.1, '1' 1, '10' 10, '100' "
                       "100)\n");
    ck_assert_contains(gp, "set ytics ('100 M' 100000000, '1 G' 1000000000, "
                       "'10 G' 10000000000, '100 G' 100000000000, '1 T' "
                       "1000000000000)\n");
    ck_assert_contains(gp, "title 'alu peak 64 G/s'");
    ck_assert_contains(gp, "title 'memory 8 GB/s'");
    ck_assert_contains(gp, "set label 1 'alu peak 64 G/s' at 100,"
                       "64000000000 right");
    ck_assert_contains(gp, "title 'simulated runs'");
    free(gp);
    free(gp_path);
    free(csv);
    remove_tree(dir);
    free(dir);
}
END_TEST

/* With caches, x is roofline.dram_intensity and each level has its slope:
 *   DRAM 4 bytes per cycle (4e9/s), ridge 64 / 4 = 16;
 *   L2 16 (1.6e10/s), ridge 4;
 *   L1 2 CUs x 1 line x 64 bytes = 128 (1.28e11/s), ridge 0.5.
 * Points (1.5, 3.5e9) and (48, 6e10); x from the decade under
 * min(0.5, 1.5) / 2 (0.1) to the one over 48 x 2 (100); the roof starts
 * at the leftmost ridge, L1's. */
START_TEST(roofline_script_levels)
{
    char *dir = temp_dir();
    char *csv = write_file(dir, "r.csv", roof_csv);
    cusim_hw hw = tiny_hw(true);
    const cusim_hw *hws[4] = { &hw, &hw, &hw, &hw };
    plot_spec s = roofline_panel("roof");
    cusim_error err;
    int rc = roof_write(&s, csv, hws, 4, dir, &err);
    ck_assert_msg(rc == 0, "%s", err.message);
    char *gp_path = join(dir, "roof.gp");
    char *gp = slurp(gp_path);
    ck_assert_contains(gp, "#   DRAM = dram.bytes_per_cycle = 4 bytes/cycle "
                       "= 4000000000 bytes/s; ridge at 16 "
                       "instructions/byte\n");
    ck_assert_contains(gp, "#   L2 = cache.l2.bytes_per_cycle = 16 "
                       "bytes/cycle = 16000000000 bytes/s; ridge at 4 "
                       "instructions/byte\n");
    ck_assert_contains(gp, "#   L1 = compute_units x cache.l1.lines_per_cycle"
                       " x cache.l1.line = 128 bytes/cycle = 128000000000 "
                       "bytes/s; ridge at 0.5 instructions/byte\n");
    ck_assert_contains(gp, "$p1_roof1 << EOD\n0.1 400000000\n16 64000000000"
                       "\nEOD\n");
    ck_assert_contains(gp, "$p1_roof2 << EOD\n0.1 1600000000\n4 64000000000"
                       "\nEOD\n");
    ck_assert_contains(gp, "$p1_roof3 << EOD\n0.1 12800000000\n0.5 "
                       "64000000000\nEOD\n");
    ck_assert_contains(gp, "$p1_compute << EOD\n0.5 64000000000\n100 "
                       "64000000000\nEOD\n");
    ck_assert_contains(gp, "\n1.5 3500000000 \"1024\" ");
    ck_assert_contains(gp, "\n48 60000000000 \"4096\" ");
    ck_assert_contains(gp, "x roofline.dram_intensity");
    ck_assert_contains(gp, "title 'DRAM 4 GB/s'");
    ck_assert_contains(gp, "title 'L2 16 GB/s'");
    ck_assert_contains(gp, "title 'L1 128 GB/s'");
    ck_assert_contains(gp, "no DRAM traffic");
    free(gp);
    free(gp_path);
    free(csv);
    remove_tree(dir);
    free(dir);
}
END_TEST

/* A roofline draws one roof: points of different profiles in one panel,
 * no profiles, and results without a column the roof needs are errors
 * naming the plot. */
START_TEST(roofline_errors)
{
    char *dir = temp_dir();
    char *csv = write_file(dir, "r.csv", roof_csv);
    cusim_hw a = tiny_hw(false), b = tiny_hw(false);
    b.compute_units = 4;
    const cusim_hw *mixed[4] = { &a, &b, &a, &a };
    plot_spec s = roofline_panel("roof");
    cusim_error err;
    ck_assert_int_eq(roof_write(&s, csv, mixed, 4, dir, &err), -1);
    ck_assert_contains(err.message, "plot 'roof': panel 1: point 0 "
                       "(kernel.elements=1024) and point 1 "
                       "(kernel.elements=4096) have different roofs");
    ck_assert_int_eq(roof_write(&s, csv, NULL, 0, dir, &err), -1);
    ck_assert_contains(err.message, "draws a roofline, and no profiles");
    const cusim_hw *same[4] = { &a, &a, &a, &a };
    char *bare = write_file(dir, "bare.csv",
                            "kernel.elements,arithmetic_intensity,"
                            "roofline.performance,roofline.dram_intensity,"
                            "status\n1024,0.5,3.5,,ok\n");
    ck_assert_int_eq(roof_write(&s, bare, same, 1, dir, &err), -1);
    ck_assert_contains(err.message, "no column 'simd_width' for the "
                       "roofline");
    ck_assert_int_eq(err.line, 1);
    free(bare);
    free(csv);
    remove_tree(dir);
    free(dir);
}
END_TEST

/* style: roofline at load: its fixed axes and labels, a panel per GPU
 * (the hardware is hidden), each point labelled by the swept size (the
 * axis that moves x). */
START_TEST(roofline_at_load)
{
    char *dir = temp_dir();
    experiment *e;
    cusim_error err;
    int rc = load_exp(dir, "sweep:\n  kernel.workgroup_size: [64, 256]\n"
                      "plots:\n  - file: r\n    style: roofline\n", &e,
                      &err);
    ck_assert_msg(rc == 0, "%s:%d:%d: %s", err.file, err.line, err.column,
                  err.message);
    const plot_panel *pn = &exp_plot(e, 0)->panels[0];
    ck_assert_int_eq(pn->style, PLOT_ROOFLINE);
    ck_assert_str_eq(pn->x, "arithmetic_intensity");
    ck_assert_str_eq(pn->y[0], "roofline.performance");
    ck_assert(pn->logx && pn->logy);
    ck_assert_str_eq(pn->ylabel, "arithmetic lane instructions per second");
    ck_assert_int_eq(pn->n_facet, 2);
    ck_assert_str_eq(pn->facet[0], "hardware");
    ck_assert_str_eq(pn->facet[1], "hw.name");
    ck_assert_int_eq(pn->n_label, 1);
    ck_assert_str_eq(pn->label[0], "kernel.workgroup_size");
    exp_free(e);
    /* the GPU as the series: one panel, still labelled by size */
    rc = load_exp(dir, "sweep:\n  kernel.workgroup_size: [64, 256]\n"
                  "plots:\n  - file: r\n    style: roofline\n"
                  "    series: hw.name\n", &e, &err);
    ck_assert_msg(rc == 0, "%s", err.message);
    pn = &exp_plot(e, 0)->panels[0];
    ck_assert_int_eq(pn->n_facet, 0);
    ck_assert_int_eq(pn->n_label, 1);
    ck_assert_str_eq(pn->label[0], "kernel.workgroup_size");
    exp_free(e);
    remove_tree(dir);
    free(dir);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("plot");
    TCase *csv = tcase_create("csv");
    tcase_add_test(csv, csv_failed_rows_and_sorting);
    tcase_add_test(csv, csv_quoted_fields);
    tcase_add_test(csv, csv_crlf_and_blank_lines);
    tcase_add_test(csv, csv_ragged_row);
    tcase_add_test(csv, csv_unterminated_quote);
    tcase_add_test(csv, csv_missing_file);
    suite_add_tcase(s, csv);
    TCase *errors = tcase_create("errors");
    tcase_add_test(errors, error_missing_column);
    tcase_add_test(errors, categorical_x);
    tcase_add_test(errors, error_bad_spec);
    tcase_add_test(errors, error_nothing_to_draw);
    suite_add_tcase(s, errors);
    TCase *script = tcase_create("script");
    tcase_add_test(script, script_one_panel);
    tcase_add_test(script, curve_without_points);
    tcase_add_test(script, script_two_panels);
    tcase_add_test(script, script_six_panels);
    tcase_add_test(script, script_log_base_and_nonpositive);
    tcase_add_test(script, ticks_distinct_on_a_narrow_range);
    tcase_add_test(script, line_colours_readable_on_white);
    suite_add_tcase(s, script);
    TCase *stacked = tcase_create("stacked");
    tcase_add_test(stacked, wildcard_expands);
    tcase_add_test(stacked, stacked_spec_parsed);
    tcase_add_test(stacked, stack_prefix);
    tcase_add_test(stacked, stacked_script_numeric_x);
    tcase_add_test(stacked, stacked_script_text_x);
    tcase_add_test(stacked, stacked_colours_by_name);
    tcase_add_test(stacked, stacked_errors);
    suite_add_tcase(s, stacked);
    TCase *render = tcase_create("render");
    tcase_set_timeout(render, 60);
    tcase_add_test(render, render_png_and_svg);
    tcase_add_test(render, render_script_alone);
    tcase_add_test(render, render_gnuplot_missing);
    tcase_add_test(render, render_gnuplot_fails);
    tcase_add_test(render, render_full_disk);
    tcase_add_test(render, render_stacked);
    suite_add_tcase(s, render);
    TCase *timelines = tcase_create("timelines");
    tcase_add_test(timelines, timeline_columns_match_trace);
    tcase_add_test(timelines, timeline_script_params);
    tcase_add_test(timelines, timeline_script_series_and_points);
    tcase_add_test(timelines, timeline_errors);
    suite_add_tcase(s, timelines);
    TCase *facets = tcase_create("facets");
    tcase_add_test(facets, hidden_detection);
    tcase_add_test(facets, facet_enumeration);
    tcase_add_test(facets, where_filter);
    tcase_add_test(facets, hidden_at_load);
    tcase_add_test(facets, label_defaults);
    tcase_add_test(facets, value_labels);
    tcase_add_test(facets, labels_at_load);
    tcase_add_test(facets, values_shown_everywhere);
    suite_add_tcase(s, facets);
    TCase *roofline = tcase_create("roofline");
    tcase_set_timeout(roofline, 60);
    tcase_add_test(roofline, roofline_script_flat);
    tcase_add_test(roofline, roofline_script_levels);
    tcase_add_test(roofline, roofline_errors);
    tcase_add_test(roofline, roofline_at_load);
    suite_add_tcase(s, roofline);
    return s;
}

CUTEST_MAIN(make_suite)
