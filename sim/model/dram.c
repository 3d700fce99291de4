/*
 * dram.c — DRAM channels, banks and their schedulers (dram.h).
 *
 * Each channel has a queue of dram.window (`qcap`) requests, allocated by
 * dram_new, threaded into per-bank lists in arrival order; nothing
 * allocates per request. An empty queue takes two whatever the window (a
 * read and the write of the dirty line its fill evicts, which the L2
 * sends together), so that a window of 1 cannot stop the L2 for good:
 * its entries are max(qcap, 2).
 */
#include "dram.h"

#include <assert.h>
#include <stdlib.h>

#include "addrmap.h"
#include "intmath.h"
#include "memstage.h"
#include "xalloc.h"

typedef struct dreq {
    uint64_t arrive;
    uint64_t row;
    uint64_t seq;             /* the channel's arrival order */
    uint32_t bank;
    uint32_t bytes;
    uint32_t tag;             /* a read's L2 MSHR, or NONE (a write) */
    uint32_t next;            /* the next younger of its bank's queue, or
                                 the next free entry; NONE ends */
    uint8_t opened;           /* its bank's row was opened for it (a row
                                 miss) */
} dreq;

/* A request the scheduler may pick in a bank, with the entry before it in
 * the bank's queue (NONE: it is the head). */
typedef struct pick {
    uint32_t i, prev;
} pick;

typedef struct bank {
    uint64_t open;            /* open row + 1 (0: none) */
    uint64_t open_at;         /* the open row can be read from then */
    uint64_t act_ok;          /* another row may be opened from then (its
                                 reads done) */
    uint32_t head, tail;      /* its requests, oldest first */
    uint32_t hits;            /* of them, to the open row */
    /* bank_look's last answer, which holds while the bank is not changed
     * (stale: its queue or open row was) and the cycle is below `until`
     * (when a request it stopped at arrives, or the row it waits for
     * opens) */
    bool stale;
    uint64_t until;
    uint64_t next;            /* its lowering of the channel's next event */
    pick oldest, hit;
    /* the picks' keys: the request's seq above the bank's number (seq <<
     * bbits | bank, unique in the channel, so that the least key is the
     * oldest request and names its bank), NEVER for none */
    uint64_t okey, hkey;
    /* with a bus turnaround (dram.h), the oldest arrived row hit of each
     * direction (0 reads, 1 writes) and its key; hit unused, hkey the
     * lesser key */
    pick dhit[2];
    uint64_t dkey[2];
} bank;

typedef struct chan {
    dreq *q;                  /* max(qcap, 2) entries: the banks' queues, the rest
                                 free from `free` */
    uint32_t free;
    uint32_t len;
    uint64_t seq;
    uint64_t bus_free;        /* in slots: 1 cycle = dram.bytes_per_cycle */
    uint64_t next;            /* its pending event's cycle, or NEVER */
    uint32_t wdir;            /* the bus's direction: its last transfer a
                                 read (0) or a write (1) */
    uint32_t bypassed;        /* row hits served ahead of its oldest
                                 arrived request since that one came
                                 first */
    bank *banks;
    /* The banks with requests, a bit each: `active` ones, scanned by each
     * event, and `dormant` ones, whose oldest request has not arrived
     * (none of theirs has: a bank's queue is in arrival order), so that
     * all they tell the scheduler is when it arrives: `wake`, the
     * earliest such arrival (NEVER: none). A bank found dormant by the
     * scan leaves it until `wake`. */
    uint64_t *active, *dormant;   /* words each */
    uint64_t wake;
} chan;

struct dram {
    evq *q;
    uint32_t kind, base;
    dram_up up;
    mem_stats *st;
    uint32_t channels, banks, words, row, rmiss, window, qcap;
    uint32_t bbits;           /* a bank's number in a pick's key */
    uint64_t dbpc;
    uint32_t d_out, d_back;
    uint64_t turn[2];         /* bus slots idle when it turns from reads
                                 (0) to writes, and from writes (1) */
    bool turns;               /* either is above 0 */
    bool frfcfs;
    chan *chans;
    addrmap map;              /* channel, and address within it */
};

uint32_t dram_event_count(const cusim_hw *hw)
{
    return hw->dram.channels;
}

static uint32_t qcap_of(const cusim_hw *hw)
{
    return hw->dram.window ? hw->dram.window : 1;
}

/* The entries a channel's queue has. */
static uint32_t entries_of(const cusim_hw *hw)
{
    return qcap_of(hw) < 2 ? 2 : qcap_of(hw);
}

uint64_t dram_state_bytes(const cusim_hw *hw)
{
    return sizeof(dram) + hw->dram.channels
           * (sizeof(chan) + entries_of(hw) * sizeof(dreq)
              + hw->dram.banks * sizeof(bank)
              + 2 * ((hw->dram.banks + 63) / 64) * sizeof(uint64_t));
}

dram *dram_new(const cusim_hw *hw, evq *q, uint32_t ev_kind,
               uint32_t ev_base, dram_up up, mem_stats *st)
{
    dram *h = xcalloc(1, sizeof *h);
    h->q = q;
    h->kind = ev_kind;
    h->base = ev_base;
    h->up = up;
    h->st = st;
    h->channels = hw->dram.channels;
    h->banks = hw->dram.banks;
    h->words = (h->banks + 63) / 64;
    h->bbits = ceil_log2(h->banks);
    h->row = hw->dram.row;
    h->rmiss = hw->dram.row_miss_cycles;
    h->window = hw->dram.window ? hw->dram.window : 1;
    h->qcap = qcap_of(hw);
    addrmap_init(&h->map, hw);
    h->dbpc = hw->dram.bytes_per_cycle;
    h->turn[0] = (uint64_t)hw->dram.read_to_write_cycles * h->dbpc;
    h->turn[1] = (uint64_t)hw->dram.write_to_read_cycles * h->dbpc;
    h->turns = h->turn[0] || h->turn[1];
    h->frfcfs = hw->dram.scheduler == CUSIM_DRAM_FR_FCFS;
    memstage st_ = memstage_of(hw);
    h->d_out = st_.d_out;
    h->d_back = st_.d_back;
    h->chans = xcalloc(h->channels, sizeof *h->chans);
    const uint32_t entries = entries_of(hw);
    dreq *dq = xcalloc((size_t)h->channels * entries, sizeof *dq);
    bank *bk = xcalloc((size_t)h->channels * h->banks, sizeof *bk);
    uint64_t *bits = xcalloc(2 * (size_t)h->channels * h->words,
                             sizeof *bits);
    for (uint32_t c = 0; c < h->channels; c++) {
        chan *ch = &h->chans[c];
        ch->q = dq + (size_t)c * entries;
        for (uint32_t i = 0; i < entries; i++)
            ch->q[i].next = i + 1 < entries ? i + 1 : NONE;
        ch->free = 0;
        ch->banks = bk + (size_t)c * h->banks;
        ch->active = bits + 2 * (size_t)c * h->words;
        ch->dormant = ch->active + h->words;
        ch->wake = NEVER;
        for (uint32_t b = 0; b < h->banks; b++)
            ch->banks[b].head = ch->banks[b].tail = NONE;
        ch->next = NEVER;
    }
    return h;
}

void dram_free(dram *h)
{
    if (!h)
        return;
    if (h->channels) {
        free(h->chans[0].q);
        free(h->chans[0].banks);
        free(h->chans[0].active);
    }
    free(h->chans);
    free(h);
}

/* The bank and row of `addr` within its channel (addrmap.h). */
static uint32_t bank_of(const dram *h, uint64_t addr, uint64_t *row)
{
    uint64_t local = addrmap_local(&h->map, addr);
    *row = local / h->row / h->banks;
    return (uint32_t)(local / h->row % h->banks);
}

uint32_t dram_channel(const dram *h, uint64_t addr)
{
    return addrmap_channel(&h->map, addr);
}

const addrmap *dram_map(const dram *h)
{
    return &h->map;
}

void dram_end(dram *h, uint64_t cycle)
{
    const uint64_t slot = cycle * h->dbpc;
    for (uint32_t c = 0; c < h->channels; c++) {
        const chan *ch = &h->chans[c];
        if (ch->bus_free <= slot)
            continue;
        /* a byte takes `channels` slots of the bus: what is left after
         * the end, in whole bytes not yet moved */
        uint64_t later = div_up(ch->bus_free - slot, h->channels);
        h->st->dram_bus_bytes -= later < h->st->dram_bus_bytes
                                     ? later : h->st->dram_bus_bytes;
    }
}

bool dram_room(const dram *h, uint32_t ch, uint32_t n)
{
    const uint32_t len = h->chans[ch].len;
    return len + n <= h->qcap || (len == 0 && n <= 2);
}

static void chan_schedule(dram *h, chan *c, uint64_t at)
{
    if (at < c->next) {
        c->next = at;
        evq_set(h->q, h->kind, h->base + (uint32_t)(c - h->chans), at);
    }
}

void dram_enqueue(dram *h, uint32_t ch, uint64_t addr, uint32_t bytes,
                  uint32_t tag, uint64_t sent)
{
    assert(ch == addrmap_channel(&h->map, addr));
    uint64_t arrive = sent + h->d_out;
    uint64_t row;
    uint32_t b = bank_of(h, addr, &row);
    chan *c = &h->chans[ch];
    assert(c->free != NONE);
    uint32_t i = c->free;
    c->free = c->q[i].next;
    assert(c->seq < NEVER >> h->bbits);   /* a pick's key holds it */
    c->q[i] = (dreq){ arrive, row, c->seq++, b, bytes, tag, NONE, 0 };
    /* A bank's queue is in arrival order (then channel order): mostly an
     * append; a request that arrives before the last one goes before. */
    bank *bk = &c->banks[b];
    if (bk->tail == NONE) {
        bk->head = bk->tail = i;
        c->dormant[b / 64] |= 1ull << (b % 64);
    } else if (c->q[bk->tail].arrive <= arrive) {
        c->q[bk->tail].next = i;
        bk->tail = i;
    } else if (c->q[bk->head].arrive > arrive) {
        c->q[i].next = bk->head;
        bk->head = i;
    } else {
        uint32_t at = bk->head;
        while (c->q[c->q[at].next].arrive <= arrive)
            at = c->q[at].next;
        c->q[i].next = c->q[at].next;
        c->q[at].next = i;
    }
    bk->hits += bk->open == row + 1;
    bk->stale = true;
    if ((c->dormant[b / 64] >> (b % 64) & 1) && arrive < c->wake)
        c->wake = arrive;
    c->len++;
    chan_schedule(h, c, arrive);
}

/* Takes entry i (after `prev`, or the head when prev is NONE) out of
 * bank b's queue of channel c. */
static void chan_remove(chan *c, bank *b, uint32_t i, uint32_t prev)
{
    uint32_t next = c->q[i].next;
    if (prev == NONE) {
        b->head = next;
        if (next == NONE) {   /* it was active: its oldest had arrived */
            uint32_t bi = (uint32_t)(b - c->banks);
            c->active[bi / 64] &= ~(1ull << (bi % 64));
        }
    } else
        c->q[prev].next = next;
    if (b->tail == i)
        b->tail = prev;
    c->q[i].next = c->free;
    c->free = i;
    c->len--;
}

/* The requests the scheduler looks at in bank b at `now`: its oldest
 * arrived one (oldest), and its oldest arrived one to the open row (hit,
 * when the row is open by then), each with the entry before it; b->next
 * is when the first one not arrived yet arrives (the queue is in arrival
 * order: the rest come later), and b->until how long the answer holds.
 * Kept in the bank until it is stale or runs out. With a bus turnaround
 * (`turns`), the oldest arrived row hit of each direction instead (dhit,
 * dkey; 0 reads, 1 writes), and hkey the lesser of them, so that the
 * bank's classification in chan_run is the same. */
static inline __attribute__((always_inline)) void
bank_look(const dram *h, const chan *c, bank *b, uint64_t now,
          const bool turns)
{
    const uint64_t bi = (uint64_t)(b - c->banks);
    b->oldest = (pick){ NONE, NONE };
    b->okey = b->hkey = NEVER;
    if (turns) {
        b->dhit[0] = b->dhit[1] = (pick){ NONE, NONE };
        b->dkey[0] = b->dkey[1] = NEVER;
    } else {
        b->hit = (pick){ NONE, NONE };
    }
    b->next = NEVER;
    b->stale = false;
    bool want_hit = b->hits > 0 && b->open_at <= now;
    b->until = b->hits > 0 && !want_hit ? b->open_at : NEVER;
    for (uint32_t i = b->head, prev = NONE; i != NONE;
         prev = i, i = c->q[i].next) {
        const dreq *q = &c->q[i];
        if (q->arrive > now) {
            b->next = q->arrive;
            if (q->arrive < b->until)
                b->until = q->arrive;
            break;
        }
        if (b->oldest.i == NONE) {
            b->oldest = (pick){ i, prev };
            b->okey = q->seq << h->bbits | bi;
        }
        if (!want_hit)
            break;
        if (b->open != q->row + 1)
            continue;
        if (!turns) {
            b->hit = (pick){ i, prev };
            b->hkey = q->seq << h->bbits | bi;
            break;
        }
        const uint32_t d = q->tag == NONE;
        if (b->dkey[d] == NEVER) {
            b->dhit[d] = (pick){ i, prev };
            b->dkey[d] = q->seq << h->bbits | bi;
            if (b->dkey[!d] != NEVER)
                break;
        }
    }
    if (turns)
        b->hkey = b->dkey[0] < b->dkey[1] ? b->dkey[0] : b->dkey[1];
}

/* The bus slot from which channel c can start a transfer in direction d
 * (1: a write): when it frees, or its turnaround later in the other
 * direction. */
static uint64_t bus_from(const dram *h, const chan *c, uint32_t d)
{
    return c->bus_free + (d != c->wdir ? h->turn[c->wdir] : 0);
}

/* The dormant banks of channel c whose oldest request has arrived by
 * `now` become active; c->wake is the rest's earliest arrival. */
static void chan_wake(const dram *h, chan *c, uint64_t now)
{
    uint64_t wake = NEVER;
    for (uint32_t w = 0; w < h->words; w++)
        for (uint64_t m = c->dormant[w]; m; m &= m - 1) {
            uint32_t b = w * 64 + (uint32_t)__builtin_ctzll(m);
            uint64_t at = c->q[c->banks[b].head].arrive;
            if (at <= now) {
                c->dormant[w] &= ~(m & -m);
                c->active[w] |= m & -m;
            } else if (at < wake) {
                wake = at;
            }
        }
    c->wake = wake;
}

/* A channel's event at `now`: its scheduler's commands, at most a read and
 * a row opening, among the requests of its queue (dram.window of them at
 * most) that have arrived; then its next event.
 *   - A read, when the data bus frees by the next cycle: of a request
 *     whose row is open, the oldest (fr_fcfs: any, "first ready"; fcfs:
 *     only the oldest request). It takes its share of the channel's
 *     bandwidth on the bus.
 *   - A row opening, for the oldest request of a bank that may open a row
 *     and whose open row no queued request still reads (fcfs, or fr_fcfs
 *     serving the oldest: the oldest request, whoever reads the open
 *     row): the row can be read dram.row_miss_cycles later, and other
 *     banks' reads go on meanwhile (bank-level parallelism).
 * So that a stream of row hits cannot starve an older request, fr_fcfs
 * serves only the oldest once `window` reads have gone ahead of it. */
static inline __attribute__((always_inline)) void
chan_run(dram *h, chan *c, uint64_t now, const bool turns)
{
    c->next = NEVER;
    if (c->len == 0)
        return;
    bool strict = !h->frfcfs || c->bypassed >= h->window;
    uint64_t bus = div_up(c->bus_free, h->dbpc);
    bool bus_ok = bus <= now + 1;
    if (now >= c->wake)
        chan_wake(h, c, now);
    uint64_t next = c->wake;
    /* the banks' picks: the oldest arrived request, the oldest row hit
     * (when the bus is free), the oldest request of a bank that may open
     * a row; as keys (bank), their requests read after the loop */
    uint64_t okey = NEVER, hkey = NEVER, akey = NEVER;
    /* with a turnaround: the least key of the row hits in the bus's
     * direction (the other direction's, when there is none, is hkey) */
    const uint32_t wd = c->wdir;
    uint64_t dsame = NEVER;
    for (uint32_t w = 0; w < h->words; w++) {
        for (uint64_t m = c->active[w]; m; m &= m - 1) {
            const uint32_t b = w * 64 + (uint32_t)__builtin_ctzll(m);
            bank *bk = &c->banks[b];
            if (bk->stale || now >= bk->until)
                bank_look(h, c, bk, now, turns);
            if (bk->okey == NEVER) {
                /* nothing arrived: dormant until its oldest arrives */
                c->active[w] &= ~(m & -m);
                c->dormant[w] |= m & -m;
                if (bk->next < c->wake)
                    c->wake = bk->next;
                if (bk->next < next)
                    next = bk->next;
                continue;
            }
            next = bk->next < next ? bk->next : next;
            okey = bk->okey < okey ? bk->okey : okey;
            if (bk->hkey != NEVER) {
                hkey = bk->hkey < hkey ? bk->hkey : hkey;
                if (turns && bk->dkey[wd] < dsame)
                    dsame = bk->dkey[wd];
            } else if (bk->hits > 0 && bk->open_at > now) {
                if (bk->open_at < next)
                    next = bk->open_at;
            } else if (bk->act_ok > now) {
                if (bk->act_ok < next)
                    next = bk->act_ok;
            } else if (bk->hits == 0) {
                akey = bk->okey < akey ? bk->okey : akey;
            }
        }
    }
    const uint64_t bmask = ((uint64_t)1 << h->bbits) - 1;
    const uint32_t oldest_b = okey != NEVER ? (uint32_t)(okey & bmask) : NONE;
    uint32_t act_b = akey != NEVER ? (uint32_t)(akey & bmask) : NONE;
    uint32_t read_b = NONE;
    const pick none = { NONE, NONE };
    pick read = none;
    if (turns && hkey != NEVER) {
        /* row hits in the bus's direction first: the other direction's
         * only when none is left, after the turnaround */
        const uint32_t d = dsame != NEVER ? wd : !wd;
        const uint64_t bd = div_up(bus_from(h, c, d), h->dbpc);
        if (bd <= now + 1) {
            read_b = (uint32_t)((d == wd ? dsame : hkey) & bmask);
            read = c->banks[read_b].dhit[d];
        } else if (bd - 1 < next) {
            next = bd - 1;    /* it waits for the bus */
        }
    } else if (hkey != NEVER) {
        if (bus_ok) {
            read_b = (uint32_t)(hkey & bmask);
            read = c->banks[read_b].hit;
        } else {
            /* a row hit waits for the bus */
            uint64_t t = bus > 0 ? bus - 1 : 0;
            if (t < next)
                next = t;
        }
    }
    pick oldest = oldest_b != NONE ? c->banks[oldest_b].oldest : none;
    pick act = act_b != NONE ? c->banks[act_b].oldest : none;
    if (oldest.i == NONE) {
        chan_schedule(h, c, next);
        return;
    }
    if (strict) {
        /* only the oldest: read it if its row is open, else open it */
        bank *bk = &c->banks[oldest_b];
        bool ready = bk->open == c->q[oldest.i].row + 1 && bk->open_at <= now;
        const uint64_t bo =
            turns ? div_up(bus_from(h, c, c->q[oldest.i].tag == NONE),
                           h->dbpc)
                  : bus;
        read_b = ready && bo <= now + 1 ? oldest_b : NONE;
        read = oldest;
        act_b = !ready && bk->open != c->q[oldest.i].row + 1
                && bk->act_ok <= now ? oldest_b : NONE;
        act = oldest;
        uint64_t t = ready ? (bo > 0 ? bo - 1 : 0)
                     : bk->open == c->q[oldest.i].row + 1 ? bk->open_at
                     : bk->act_ok;
        if (t < next)
            next = t;
    }
    if (read_b != NONE) {
        bank *bk = &c->banks[read_b];
        dreq r = c->q[read.i];
        c->bypassed = read.i == oldest.i ? 0 : c->bypassed + 1;
        chan_remove(c, bk, read.i, read.prev);
        bk->hits--;
        bk->stale = true;
        h->st->dram_accesses++;
        h->st->dram_row_hits += !r.opened;
        /* the bus's bytes (the kernel's traffic, dram_read_bytes and
         * dram_write_bytes, is counted when the L2 queues it) */
        h->st->dram_bus_bytes += r.bytes;
        const uint32_t rd = r.tag == NONE;
        const uint64_t from = turns ? bus_from(h, c, rd) : c->bus_free;
        uint64_t slot0 = now * h->dbpc;
        if (from > slot0)
            slot0 = from;
        c->bus_free = slot0 + (uint64_t)r.bytes * h->channels;
        c->wdir = rd;
        uint64_t done = div_up(c->bus_free, h->dbpc);
        if (done > bk->act_ok)
            bk->act_ok = done;
        h->up.served(h->up.ctx, (uint32_t)(c - h->chans), r.tag,
                     done + h->d_back, now);
        uint64_t t = done > 0 ? done - 1 : 0;   /* the bus frees */
        if (t < next)
            next = t;
    }
    if (act_b != NONE && act_b != read_b) {
        bank *bk = &c->banks[act_b];
        dreq *q = &c->q[act.i];
        bk->open = q->row + 1;
        bk->open_at = bk->act_ok = now + h->rmiss;
        q->opened = 1;
        bk->stale = true;
        bk->hits = 0;
        for (uint32_t i = bk->head; i != NONE; i = c->q[i].next)
            bk->hits += c->q[i].row == q->row;
        if (bk->open_at < next)
            next = bk->open_at;
    } else if (act_b != NONE) {
        next = now + 1;   /* the bank just read opens its row next */
    }
    if (c->len == 0)
        return;
    if (next <= now)
        next = now + 1;
    chan_schedule(h, c, next);
}

void dram_event(dram *h, uint32_t ch, uint64_t now)
{
    /* two copies of the pass, so that the one without a turnaround
     * carries none of its tests */
    if (h->turns)
        chan_run(h, &h->chans[ch], now, true);
    else
        chan_run(h, &h->chans[ch], now, false);
}
