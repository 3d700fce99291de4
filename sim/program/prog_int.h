/*
 * prog_int.h — the parsed form of a program, shared by the parser
 * (prog_parse.c) and the resolver (prog_resolve.c); internal: only
 * sim/prog_*.c include it. Liveness (prog_live.c) works on the resolved
 * code alone.
 */
#ifndef CUSIM_PROG_INT_H
#define CUSIM_PROG_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "expr.h"
#include "program.h"

typedef enum stmt_kind {
    STMT_INSN,                         /* an ISA instruction */
    STMT_REPEAT,                       /* `repeat EXPR {` */
    STMT_END,                          /* the `}` closing a repeat */
    STMT_IF,                           /* `if COND {` */
    STMT_ELSE,                         /* `} else {` */
    STMT_ENDIF                         /* the `}` closing an if or else */
} stmt_kind;

#define STMT_NO_REG UINT32_MAX

/* One statement. `line` and `column` are the file location of its first
 * token (the opcode, `repeat` or `}`). Register operands are indices into
 * prog_ast.regs; `dst` is STMT_NO_REG for stores and barrier. */
typedef struct prog_stmt {
    stmt_kind kind;
    int line, column;
    isa_op op;                         /* STMT_INSN */
    uint8_t n_src;
    uint8_t pattern;                   /* isa_pattern (memory forms) */
    uint32_t dst;
    uint32_t src[PROG_MAX_SRCS];
    uint32_t bytes;                    /* memory forms; 0 otherwise */
    uint32_t stride;                   /* ISA_PATTERN_STRIDED */
    expr *count;                       /* STMT_REPEAT of a launch-shape
                                          count, owned; NULL for a
                                          per-lane count (`cond`) */
    addr_src *cond;                    /* STMT_IF's condition, or a
                                          STMT_REPEAT's per-lane count
                                          (docs/isa.md "Divergence"),
                                          owned; else NULL */
    int cond_line, cond_column;        /* file location of its text's
                                          byte 0 */
    addr_src *at;                      /* at=BUF[EXPR]'s EXPR, owned; or
                                          NULL */
    uint8_t at_space;                  /* PROG_SPACE_GLOBAL / _SHARED */
    uint8_t at_buffer;                 /* index in the kernel's buffers */
    int at_line, at_column;            /* file location of EXPR's byte 0 */
    int count_column;                  /* file column of the count text's
                                          byte 0 (expr offsets add to it) */
    size_t count_start;                /* offset of its first non-blank */
} prog_stmt;

typedef struct stmt_list {
    prog_stmt *v;
    uint32_t n, cap;
} stmt_list;

/* A register name. Invariant: `per_copy` iff some body statement writes
 * it. */
typedef struct prog_reg {
    char *name;
    bool per_copy;
} prog_reg;

struct prog_ast {
    char *file;                        /* copy of prog_src.file */
    int line, column;                  /* where the text starts */
    stmt_list once, body, after;
    prog_reg *regs;
    uint32_t n_regs, cap_regs;
};

/* The ISA instructions of a statement list (loop control not counted). */
uint32_t prog_count_insns(const stmt_list *l);

/* Peak live 32-bit registers of resolved code, for `registers: auto`
 * (prog_live.c states the rule); at least 1. */
uint32_t prog_live_peak(const prog_code *code);

#endif /* CUSIM_PROG_INT_H */
