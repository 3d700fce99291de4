/*
 * fileio.h — writing output files so that a reader, or a run killed at any
 * moment, sees either the old file or the complete new one: each is written
 * under a temporary name, NAME.tmp.HOST.PID, and renamed into place when
 * complete. Also: reading a whole file, creating directories, and I/O
 * failures as cusim_error values.
 */
#ifndef CUSIM_FILEIO_H
#define CUSIM_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "cusim.h"

/* Sets `err` to "cannot WHAT PATH: <strerror(errno)>", an error of no
 * place in an input (line 0: printed "cusim: ..."). Returns -1. */
int fio_error(cusim_error *err, const char *path, const char *what);

/* How fio_read fails. */
enum {
    FIO_CANNOT_OPEN = 1,   /* errno says why */
    FIO_CANNOT_READ,       /* errno says why */
    FIO_TOO_LARGE,         /* more than `max` bytes */
    FIO_NOT_REGULAR        /* a FIFO, a device or a directory */
};

/* Opens `path` for reading if it is a regular file (a link is followed),
 * without ever blocking: a FIFO no one writes to, a device or a directory
 * is refused (FIO_NOT_REGULAR). Returns 0 with `*f` open (the caller
 * closes it), or FIO_CANNOT_OPEN (errno says why) or FIO_NOT_REGULAR. For
 * what cusim reads from a results directory, where such a file can only
 * be damage and reading it could wait forever. */
int fio_open_regular(const char *path, FILE **f);

/* Reads the whole file at `path` into `*out` (NUL-terminated, `*len`
 * bytes without the NUL; the caller frees it), refusing files of more than
 * `max` bytes (`max` < SIZE_MAX - 1) after reading at most max + 1 of
 * them. Returns 0, or one of the FIO_ codes above with nothing allocated:
 * the one file reader, for callers that word their own messages. */
int fio_read(const char *path, size_t max, char **out, size_t *len);

/* fio_read of a regular file only (fio_open_regular: what results
 * directories hold), with its failures as messages; `what` names the file
 * in them ("the results CSV"). Returns 0, or -1 with `err` set at `path`:
 * "cannot open WHAT: <strerror>", "WHAT is not a regular file ...",
 * "cannot read WHAT", or "WHAT is larger than MAX bytes" when it holds
 * more than `max` bytes. */
int fio_read_file(const char *path, size_t max, const char *what, char **out,
                  size_t *len, cusim_error *err);

/* Creates `dir` and its missing parents (mkdir -p). Returns 0, or -1 with
 * `err` set (a part of the path exists and is not a directory, or cannot
 * be created). */
int fio_make_dirs(const char *dir, cusim_error *err);

/* An output file being written. Between fio_open and fio_close the bytes
 * go to `tmp`; `path` is untouched until a committed close. A `path` that
 * exists and is not a regular file (a device such as /dev/full or
 * /dev/stdout, a pipe) is written in place instead (`direct`). Errors
 * name `path`: "cannot write PATH: reason". */
typedef struct fio_out {
    char *path;        /* where the file goes (owned) */
    char *tmp;         /* its temporary name, PATH.tmp.HOST.PID, or PATH
                          itself when `direct` (owned) */
    FILE *f;           /* open on `tmp`; NULL when it could not be made */
    bool direct;       /* written in place: no rename, nothing removed */
} fio_out;

/* The working directory, however long (past 4096 bytes too), or NULL
 * with errno set when it cannot be named; the caller frees it. */
char *fio_cwd(void);

/* `path` made absolute against the working directory (fio_cwd; unchanged
 * when it is absolute, or when the working directory cannot be named);
 * the caller frees it. */
char *fio_absolute(const char *path);

/* The temporary name an output file `path` is written under:
 * PATH.tmp.HOST.PID, HOST a number made from the host's name (processes
 * on several machines may write into one shared directory), PID the
 * process id (the caller frees it). */
char *fio_temp_name(const char *path);

/* Renames temporary file `tmp` to `path` (replacing it). Returns 0, or -1
 * with `err` set at `path`. */
int fio_rename(const char *tmp, const char *path, cusim_error *err);

/* Opens `o` for `path`, taking ownership of `path` (a malloc'd string).
 * Returns 0, or -1 with `err` set; fio_close must follow either way. */
int fio_open(fio_out *o, char *path, cusim_error *err);

/* fio_open that always writes a temporary file and renames it over
 * `path`, whatever is there (a FIFO or a device is replaced, never written
 * in place, so the write cannot block): for the files cusim keeps inside
 * a results directory. */
int fio_open_replace(fio_out *o, char *path, cusim_error *err);

/* Writes the `n` bytes at `data`. Returns 0, or -1 with `err` set. */
int fio_write(fio_out *o, const char *data, size_t n, cusim_error *err);

/* Pushes what was written to `o.f` out to its temporary file, so another
 * process can read it there before the close. Returns 0, or -1 with `err`
 * set. */
int fio_flush(fio_out *o, cusim_error *err);

/* Closes `o` and, when `commit`, renames it into place; otherwise (or when
 * that fails) removes the temporary file. Frees what `o` owns and zeroes
 * it. Returns 0, or -1 with `err` set when a commit fails. */
int fio_close(fio_out *o, bool commit, cusim_error *err);

/* Writes the `len` bytes of `text` as the file at `path` (fio_open,
 * fio_write, fio_close). Returns 0, or -1 with `err` set. */
int fio_write_file(const char *path, const char *text, size_t len,
                   cusim_error *err);

/* fio_write_file through fio_open_replace. */
int fio_replace_file(const char *path, const char *text, size_t len,
                     cusim_error *err);

/* Whether `s` may name an output or figure file in a results directory: 1
 * to `max` letters, digits, '.', '-', '_' or '+', not starting with '.' or
 * '-'. */
bool fio_is_base_name(const char *s, size_t max);

/* Whether directory entry `name` is a temporary file these functions
 * write, NAME.tmp.HOST.PID, of a NAME starting with `base` ("" for any): what a
 * killed run leaves behind. */
bool fio_is_temp(const char *name, const char *base);

/* ---------------------------------------------------------------------
 * What a command reads, so that it never writes over it: every command
 * that writes files first adds its input files here, then asks of each
 * file it is about to write (fio_inputs_file), or of each directory it
 * writes into with the names it writes or removes there
 * (fio_inputs_in_dir), whether that is one of them, and refuses before
 * anything is written. Files are compared as files, by device and inode
 * with links followed, so another path to an input (`../`, a symbolic or
 * a hard link) is that input too.
 */

/* One input file. */
typedef struct fio_input {
    char *path;            /* as the command was given it (owned) */
    const char *what;      /* what it is, "the kernel" (static) */
    bool exists;           /* dev and ino are the file's */
    dev_t dev;
    ino_t ino;
    bool placed;           /* dir_dev, dir_ino and base are known */
    dev_t dir_dev;         /* the directory it really lies in (links */
    ino_t dir_ino;         /* resolved) ... */
    char *base;            /* ... and its name there (owned) */
} fio_input;

/* A zeroed fio_inputs is empty; fio_inputs_free releases it. */
typedef struct fio_inputs {
    fio_input *in;
    size_t n, cap;
} fio_inputs;

/* Adds `path` (copied), described as `what` (a static string, "the
 * hardware profile"). A file that does not exist yet (a file the command
 * writes and then reads, as cusim sweep --save) is placed by its
 * directory. Adding the same file twice keeps the first. */
void fio_inputs_add(fio_inputs *s, const char *path, const char *what);

/* The input that output file `path` is (the same device and inode, links
 * followed), or NULL: writing `path` would replace it. */
const fio_input *fio_inputs_file(const fio_inputs *s, const char *path);

/* The first input that lies, links resolved, in directory `dir` under a
 * name `match(name, ctx)` accepts, or NULL: writing (or removing) the
 * files `match` names in `dir` would replace it. */
const fio_input *fio_inputs_in_dir(const fio_inputs *s, const char *dir,
                                   bool (*match)(const char *name,
                                                 const void *ctx),
                                   const void *ctx);

void fio_inputs_free(fio_inputs *s);   /* NULL-safe */

/* Whether paths `a` and `b` name the same file: the same device and
 * inode when both exist, else the same absolute path once `.` and `..`
 * are resolved (a file since removed or renamed over, as an editor saves,
 * is still the file at its path). */
bool fio_same_file(const char *a, const char *b);

#endif /* CUSIM_FILEIO_H */
