/*
 * plot_gp_run.c — gnuplot run on a figure's script (see plot_gnuplot.h):
 * spawned without a shell, the tail of its output kept for the error
 * when it fails.
 */
#include "plot_gnuplot.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "error.h"
#include "strbuf.h"

extern char **environ;  /* POSIX: the caller declares it; handed to gnuplot */

int plot_gp_run(const char *script, const char *png, const char *svg,
                const char *csv_path, const plot_spec *spec,
                cusim_error *err)
{
    sbuf b = { 0 };
    sb_puts(&b, "png_out=");          /* file names: bytes as they are */
    sb_put_doubled(&b, png, '\'');
    sb_puts(&b, "; svg_out=");
    sb_put_doubled(&b, svg, '\'');
    char *vars = sb_take(&b);

    int fds[2];
    if (pipe(fds) < 0) {
        free(vars);
        return err_set(err, csv_path, 1, 1, "plot '%s': cannot run gnuplot:"
                       " pipe: %s", spec->file, strerror(errno));
    }
    /* Only the child's dup2'd copies may outlive the exec. */
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);

    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
    char *argv[] = { "gnuplot", "-e", vars, (char *)script, NULL };
    pid_t pid;
    int spawn_rc = posix_spawnp(&pid, "gnuplot", &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fds[1]);
    free(vars);
    if (spawn_rc != 0) {
        close(fds[0]);
        err_set(err, csv_path, 1, 1, "plot '%s': cannot run gnuplot: %s "
                "(install gnuplot-nox, or put gnuplot on PATH)", spec->file,
                strerror(spawn_rc));
        return spawn_rc == ENOENT ? 1 : -1;
    }

    /* Keep the tail of its output: gnuplot stops at its first error and
     * reports it last. */
    char out[512];
    size_t n_out = 0;
    for (;;) {
        char chunk[1024];
        ssize_t got = read(fds[0], chunk, sizeof chunk);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        for (ssize_t i = 0; i < got; i++) {
            if (n_out == sizeof out - 1) {
                memmove(out, out + 1, n_out - 1);
                n_out--;
            }
            out[n_out++] = chunk[i];
        }
    }
    close(fds[0]);
    out[n_out] = '\0';

    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR)
            return err_set(err, csv_path, 1, 1, "plot '%s': waiting for"
                           " gnuplot: %s", spec->file, strerror(errno));
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;

    /* One line of its output: line breaks become " | ". */
    char said[600] = "";
    size_t w = 0;
    for (const char *s = out; *s && w + 4 < sizeof said; s++) {
        if (*s == '\n') {
            while (s[1] == '\n')
                s++;
            if (w > 0 && s[1]) {
                memcpy(said + w, " | ", 3);
                w += 3;
            }
        } else if ((unsigned char)*s >= 0x20 || *s == '\t') {
            said[w++] = *s;
        }
    }
    said[w] = '\0';
    char how[48];
    if (WIFEXITED(status))
        snprintf(how, sizeof how, "exit status %d", WEXITSTATUS(status));
    else
        snprintf(how, sizeof how, "signal %d",
                 WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    return err_set(err, csv_path, 1, 1, "plot '%s': gnuplot failed (%s)%s%s",
                   spec->file, how, said[0] ? ": " : "", said);
}

