/*
 * fileio.c — atomic output files and directories (see fileio.h).
 */
#define _XOPEN_SOURCE 700   /* realpath */
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "strbuf.h"
#include "xalloc.h"

int fio_error(cusim_error *err, const char *path, const char *what)
{
    return err_noplace(err, path, "cannot %s %s: %s", what, path,
                       strerror(errno));
}

int fio_open_regular(const char *path, FILE **f)
{
    /* O_NONBLOCK: opening a FIFO that no one writes returns at once
     * (instead of waiting for a writer), and fstat then tells it apart;
     * a link is followed to what it names. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return FIO_CANNOT_OPEN;
    struct stat st;
    int rc = fstat(fd, &st) != 0 ? FIO_CANNOT_OPEN
             : !S_ISREG(st.st_mode) ? FIO_NOT_REGULAR : 0;
    if (rc != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return rc;
    }
    *f = fdopen(fd, "rb");
    if (!*f) {
        int e = errno;
        close(fd);
        errno = e;
        return FIO_CANNOT_OPEN;
    }
    return 0;
}

/* fio_read and fio_read_regular: `regular` refuses what is not a regular
 * file. */
static int read_whole(const char *path, size_t max, bool regular, char **out,
                      size_t *len)
{
    FILE *f = NULL;
    if (regular) {
        int rc = fio_open_regular(path, &f);
        if (rc != 0)
            return rc;
    } else if (!(f = fopen(path, "rb"))) {
        return FIO_CANNOT_OPEN;
    }
    /* room for max + 1 bytes and the NUL at most: enough to see that a
     * file is too large */
    size_t cap = 4096, n = 0, got;
    char *buf = xmalloc(cap);
    do {
        if (cap - n < 2048 && cap < max + 2) {
            cap = cap < (max + 2) / 2 ? cap * 2 : max + 2;
            buf = xrealloc_array(buf, cap, 1);
        }
        got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
    } while (got > 0 && n <= max);
    int rc = ferror(f) ? FIO_CANNOT_READ : n > max ? FIO_TOO_LARGE : 0;
    int e = errno;
    fclose(f);
    if (rc != 0) {
        free(buf);
        errno = e;
        return rc;
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return 0;
}

int fio_read(const char *path, size_t max, char **out, size_t *len)
{
    return read_whole(path, max, false, out, len);
}

int fio_read_file(const char *path, size_t max, const char *what, char **out,
                  size_t *len, cusim_error *err)
{
    switch (read_whole(path, max, true, out, len)) {
    case FIO_NOT_REGULAR:
        return err_set(err, path, 1, 1, "%s is not a regular file (a FIFO, "
                       "a device or a directory): refused", what);
    case FIO_CANNOT_OPEN:
        return err_set(err, path, 1, 1, "cannot open %s: %s", what,
                       strerror(errno));
    case FIO_CANNOT_READ:
        return err_set(err, path, 1, 1, "cannot read %s", what);
    case FIO_TOO_LARGE:
        return err_set(err, path, 1, 1, "%s is larger than %zu bytes", what,
                       max);
    }
    return 0;
}

int fio_make_dirs(const char *dir, cusim_error *err)
{
    char *p = xstrdup(dir);
    int rc = 0;
    for (char *s = p + 1; rc == 0; s++) {
        if (*s != '/' && *s != '\0')
            continue;
        char c = *s;
        *s = '\0';
        struct stat st;
        if (mkdir(p, 0777) != 0 && errno != EEXIST)
            rc = fio_error(err, p, "create the directory");
        else if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode))
            rc = err_noplace(err, p, "cannot create the directory %s: %s "
                             "is a file", dir, p);
        *s = c;
        if (c == '\0')
            break;
    }
    free(p);
    return rc;
}

char *fio_cwd(void)
{
    /* glibc's getcwd(NULL, 0) names a directory of any depth, also past
     * the 4096 bytes a buffer of PATH_MAX holds */
    char *cwd = getcwd(NULL, 0);
    if (!cwd)
        return NULL;
    char *copy = xstrdup(cwd);     /* the caller frees it as any other */
    free(cwd);
    return copy;
}

char *fio_absolute(const char *path)
{
    char *cwd = path[0] == '/' ? NULL : fio_cwd();
    if (!cwd)
        return xstrdup(path);
    char *abs = xasprintf("%s/%s", cwd, path);
    free(cwd);
    return abs;
}

char *fio_temp_name(const char *path)
{
    /* the host's name too: shards on several machines may write into one
     * shared directory, and process ids repeat across machines */
    char host[256] = "";
    if (gethostname(host, sizeof host - 1) != 0)
        host[0] = '\0';
    uint64_t h = 14695981039346656037ull;       /* FNV-1a */
    for (const char *c = host; *c; c++)
        h = (h ^ (unsigned char)*c) * 1099511628211ull;
    return xasprintf("%s.tmp.%llu.%ld", path,
                     (unsigned long long)(h % 1000000007u), (long)getpid());
}

int fio_rename(const char *tmp, const char *path, cusim_error *err)
{
    if (rename(tmp, path) != 0)
        return fio_error(err, path, "rename the temporary file to");
    return 0;
}

/* fio_open and fio_open_replace: `in_place` lets a device or a pipe be
 * written in place. */
static int open_out(fio_out *o, char *path, bool in_place, cusim_error *err)
{
    struct stat st;
    o->path = path;
    o->direct = in_place && stat(path, &st) == 0 && !S_ISREG(st.st_mode);
    o->tmp = o->direct ? xstrdup(path) : fio_temp_name(path);
    o->f = fopen(o->tmp, "w");
    return o->f ? 0 : fio_error(err, o->path, "write");
}

int fio_open(fio_out *o, char *path, cusim_error *err)
{
    /* a device or a pipe (/dev/full, /dev/stdout) is written in place: a
     * temporary file renamed over it would replace it */
    return open_out(o, path, true, err);
}

int fio_open_replace(fio_out *o, char *path, cusim_error *err)
{
    return open_out(o, path, false, err);
}

int fio_write(fio_out *o, const char *data, size_t n, cusim_error *err)
{
    if (n && fwrite(data, 1, n, o->f) != n)
        return fio_error(err, o->path, "write");
    return 0;
}

int fio_flush(fio_out *o, cusim_error *err)
{
    if (fflush(o->f) != 0 || ferror(o->f))
        return fio_error(err, o->path, "write");
    return 0;
}

int fio_close(fio_out *o, bool commit, cusim_error *err)
{
    int rc = 0;
    /* a write that failed before (into the buffer's earlier flushes)
     * fails the close too: a torn file is never committed */
    int failed = o->f && ferror(o->f);
    if (o->f && fclose(o->f) != 0)
        failed = 1;
    if (failed && commit)
        rc = fio_error(err, o->path, "write");
    if (o->f && commit && rc == 0 && !o->direct)
        rc = fio_rename(o->tmp, o->path, err);
    if (o->f && (!commit || rc != 0) && !o->direct)
        unlink(o->tmp);
    free(o->path);
    free(o->tmp);
    memset(o, 0, sizeof *o);
    return rc;
}

/* fio_write_file and fio_replace_file. */
static int write_whole(const char *path, const char *text, size_t len,
                       bool in_place, cusim_error *err)
{
    fio_out o;
    int rc = open_out(&o, xstrdup(path), in_place, err);
    if (rc == 0)
        rc = fio_write(&o, text, len, err);
    int crc = fio_close(&o, rc == 0, err);
    return rc || crc ? -1 : 0;
}

int fio_write_file(const char *path, const char *text, size_t len,
                   cusim_error *err)
{
    return write_whole(path, text, len, true, err);
}

int fio_replace_file(const char *path, const char *text, size_t len,
                     cusim_error *err)
{
    return write_whole(path, text, len, false, err);
}

bool fio_is_temp(const char *name, const char *base)
{
    const char *t = strstr(name, ".tmp.");
    return t && t[5] && strspn(t + 5, "0123456789.") == strlen(t + 5)
           && strncmp(name, base, strlen(base)) == 0;
}

bool fio_is_base_name(const char *s, size_t max)
{
    size_t n = strlen(s);
    if (n == 0 || n > max || s[0] == '.' || s[0] == '-')
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z')
              || (s[i] >= '0' && s[i] <= '9') || strchr("._-+", s[i])))
            return false;
    return true;
}

/* ------------------------------------------------------------ inputs */

/* The directory `real` (an absolute path) lies in, "/" for the root. */
static char *parent_of(const char *real)
{
    const char *slash = strrchr(real, '/');
    return slash && slash != real ? xstrndup(real, (size_t)(slash - real))
                                  : xstrdup("/");
}

void fio_inputs_add(fio_inputs *s, const char *path, const char *what)
{
    fio_input in = { .what = what };
    struct stat st;
    if (stat(path, &st) == 0) {
        in.exists = true;
        in.dev = st.st_dev;
        in.ino = st.st_ino;
        for (size_t i = 0; i < s->n; i++)
            if (s->in[i].exists && s->in[i].dev == in.dev
                && s->in[i].ino == in.ino)
                return;
    }
    /* where it really lies: the file's own real path, or (a file not
     * there yet) its directory's and its name */
    char *real = realpath(path, NULL);
    if (!real && !in.exists) {
        const char *slash = strrchr(path, '/');
        const char *name = slash ? slash + 1 : path;
        char *dir = !slash ? xstrdup(".") : slash == path ? xstrdup("/")
                    : xstrndup(path, (size_t)(slash - path));
        char *rdir = *name ? realpath(dir, NULL) : NULL;
        if (rdir)
            real = xasprintf("%s/%s", strcmp(rdir, "/") ? rdir : "", name);
        free(rdir);
        free(dir);
    }
    if (real) {
        char *parent = parent_of(real);
        if (stat(parent, &st) == 0) {
            in.placed = true;
            in.dir_dev = st.st_dev;
            in.dir_ino = st.st_ino;
            in.base = xstrdup(strrchr(real, '/') + 1);
        }
        free(parent);
        free(real);
    }
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 8;
        s->in = xrealloc_array(s->in, s->cap, sizeof *s->in);
    }
    in.path = xstrdup(path);
    s->in[s->n++] = in;
}

const fio_input *fio_inputs_file(const fio_inputs *s, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return NULL;
    for (size_t i = 0; i < s->n; i++)
        if (s->in[i].exists && s->in[i].dev == st.st_dev
            && s->in[i].ino == st.st_ino)
            return &s->in[i];
    return NULL;
}

const fio_input *fio_inputs_in_dir(const fio_inputs *s, const char *dir,
                                   bool (*match)(const char *name,
                                                 const void *ctx),
                                   const void *ctx)
{
    struct stat st;
    if (stat(dir, &st) != 0)
        return NULL;       /* not there: nothing in it to replace */
    for (size_t i = 0; i < s->n; i++)
        if (s->in[i].placed && s->in[i].dir_dev == st.st_dev
            && s->in[i].dir_ino == st.st_ino && match(s->in[i].base, ctx))
            return &s->in[i];
    return NULL;
}

void fio_inputs_free(fio_inputs *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->n; i++) {
        free(s->in[i].path);
        free(s->in[i].base);
    }
    free(s->in);
    memset(s, 0, sizeof *s);
}

/* `path` made absolute, "." and ".." resolved lexically (the caller
 * frees it). */
static char *normalized(const char *path)
{
    char *abs = fio_absolute(path);
    sbuf b = { 0 };
    size_t *ends = xcalloc(strlen(abs) + 1, sizeof *ends);
    size_t depth = 0;
    for (char *save = NULL, *part = strtok_r(abs, "/", &save); part;
         part = strtok_r(NULL, "/", &save)) {
        if (strcmp(part, ".") == 0)
            continue;
        if (strcmp(part, "..") == 0) {
            if (depth > 0)
                b.n = ends[--depth];
            continue;
        }
        ends[depth++] = b.n;
        sb_putc(&b, '/');
        sb_puts(&b, part);
    }
    if (b.s)
        b.s[b.n] = '\0';
    else
        sb_putc(&b, '/');
    free(ends);
    free(abs);
    return sb_take(&b);
}

bool fio_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char *na = normalized(a), *nb = normalized(b);
    bool same = strcmp(na, nb) == 0;
    free(na);
    free(nb);
    return same;
}
