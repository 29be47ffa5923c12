//! Counting and searching on threads by work donation ([`Solver::count_with`]
//! with `threads > 1`, [`Solver::count_subtrees_with`] over a list of
//! subtrees, [`Solver::solutions_on_threads`]).
//!
//! The threads share a queue of work: subtrees not started and searches
//! under way, at first the whole tree. A thread whose queue runs dry waits,
//! and a thread that is searching hands the unexplored siblings at the
//! shallowest level of its search to the queue whenever another waits
//! ([`Solver::donate`]), so every thread keeps working until the end.
//!
//! Stopping loses nothing. When the caller's callback says stop, a time
//! limit passes, the limit of solutions is reached or the iterator of
//! solutions is dropped, every thread parks the search it holds, as it
//! stands, beside the subtrees still queued ([`Parked`]); the solver keeps
//! them, and its next count (on any number of threads), step or iteration
//! goes on with exactly the solutions still to come, any number of times.
//!
//! Every piece of work has a *share* of the tree, the product of
//! `1/branching` along the path to it (the root has 1): a donation splits
//! the donor's share at the level it gives from, and the fraction done is
//! the shares finished plus each running search's share times Knuth's
//! estimate of the fraction of its own tree done. The calling thread
//! watches: it wakes every slice to call the caller's callback with the
//! figures so far, the fraction never going back. Everything here talks to
//! the engine through the [`Solver`] alone.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::count::{
    per_thread, CountOptions, Counted, Outcome, Progress, SliceBudget, FRACTION_EVERY,
};
use super::{LentMemo, MemoPool, OrderMode, Solver};
use crate::count::Count;
use crate::engine::{Stats, Step, Subtree};
use crate::memo::{MemoMode, MemoOptions, MemoStats};
use crate::Error;

/// How long a parallel count runs on the calling thread alone before it
/// starts the others (a small search is over by then).
const ALONE: Duration = Duration::from_millis(2);

/// How long a stop waits for the threads' first node, at most: a count or
/// search stopped at once, again and again (a time limit shorter than it
/// takes to start threads), still moves on.
const PATIENCE: Duration = Duration::from_millis(50);

/// Solutions found by the threads of [`Solver::solutions_on_threads`] and
/// not yet taken, at most: beyond, the threads wait for the taker.
const READY_MAX: usize = 1024;

/// The most threads a count uses: the number the machine runs at once
/// (`std::thread::available_parallelism`), or 1 if unknown.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Locks `mutex`, even if a thread panicked holding it (the panic is
/// reported when the threads are joined).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// One piece of the work of threads: a subtree not started, or a search
/// under way (with its memo, if it has one).
#[derive(Debug, Clone)]
pub(super) enum Work {
    /// A subtree of the whole problem, not started.
    Subtree(Subtree),
    /// A search started, paused between nodes.
    Search(Box<Solver>),
}

/// The work that threads left when they stopped, kept by the solver for the
/// next count, step or iteration: what is left is exactly the solutions
/// still to come.
#[derive(Debug, Clone, Default)]
pub(super) struct Parked {
    /// The pieces of work, each with its share of the tree.
    pub(super) work: Vec<(Work, f64)>,
    /// Solutions the threads found and nobody has taken yet, in the order
    /// found (they are counted when taken).
    pub(super) ready: VecDeque<Vec<usize>>,
    /// The shares of the tree done.
    pub(super) done: f64,
    /// The solution [`Solver::step`] stopped at last.
    pub(super) current: Vec<usize>,
}

impl Parked {
    /// The parked searches that `wanted` picks become their remainders
    /// ([`Solver::remainder`]): subtrees, with their shares of the tree,
    /// that the threads restrict copies of the root to. `left` gets each
    /// search so given up (its solutions were counted when it was parked).
    /// A search whose remainder cannot be listed stays.
    pub(super) fn searches_to_subtrees(
        &mut self,
        wanted: impl Fn(&Solver) -> bool,
        mut left: impl FnMut(&mut Solver),
    ) {
        let mut work = Vec::with_capacity(self.work.len());
        for (mut piece, share) in std::mem::take(&mut self.work) {
            let parts = match &mut piece {
                Work::Search(search) if wanted(search) => {
                    let parts = search.remainder(usize::MAX);
                    if parts.is_some() {
                        left(search);
                    }
                    // What it explored is done: its remainder holds the
                    // rest of its share (the fraction done of a count of
                    // this rest, and the race's estimate of its work).
                    parts.map(|parts| (parts, search.fraction_done().clamp(0.0, 1.0)))
                }
                _ => None,
            };
            match parts {
                Some((parts, explored)) => {
                    self.done += share * explored;
                    work.extend(shared_out(parts, share * (1.0 - explored)));
                }
                None => work.push((piece, share)),
            }
        }
        self.work = work;
    }

    /// The options that every piece of work forces, and those that every
    /// one excludes (a search's root's restrictions, handed to its
    /// subtrees); `None` while a piece is a search.
    pub(super) fn common_restrictions(&self) -> Option<Subtree> {
        let mut pieces = self.work.iter().map(|(work, _)| match work {
            Work::Subtree(subtree) => Some(subtree),
            Work::Search(_) => None,
        });
        let Some(first) = pieces.next() else {
            return Some(Subtree::default());
        };
        let mut common = first?.clone();
        for piece in pieces {
            let piece = piece?;
            if common.forced.is_empty() && common.excluded.is_empty() {
                continue; // (still `None` if a piece is a search)
            }
            common.forced.retain(|k| piece.forced.contains(k));
            common.excluded.retain(|k| piece.excluded.contains(k));
        }
        Some(common)
    }

    /// The memos of the searches parked, summed.
    pub(super) fn memo_stats(&self, sum: &mut MemoStats) {
        for (work, _) in &self.work {
            if let Work::Search(solver) = work {
                add_memo_stats(sum, solver.memo_stats());
            }
        }
    }
}

/// `subtrees` as pieces of work, `share` of the tree split evenly among them.
fn shared_out(subtrees: Vec<Subtree>, share: f64) -> impl Iterator<Item = (Work, f64)> {
    let each = share / subtrees.len().max(1) as f64;
    subtrees.into_iter().map(move |s| (Work::Subtree(s), each))
}

/// Adds the memo figures `stats` to `sum`.
pub(super) fn add_memo_stats(sum: &mut MemoStats, stats: MemoStats) {
    sum.active |= stats.active;
    sum.lookups += stats.lookups;
    sum.hits += stats.hits;
    sum.entries += stats.entries;
    sum.bytes += stats.bytes;
    sum.peak_bytes += stats.peak_bytes;
    sum.evictions += stats.evictions;
    sum.evicted += stats.evicted;
}

/// The figures of a parallel count in progress, updated by its threads after
/// every slice of search, for the watching thread to report.
#[derive(Debug, Default)]
struct Figures {
    nodes: AtomicU64,
    updates: AtomicU64,
    /// Solutions counted so far, exactly (memo hits included).
    solutions: Mutex<Count>,
    /// Pieces of work finished.
    done: AtomicU64,
    /// Pieces of work waiting in the queue or being set up.
    pending: AtomicU64,
    /// The memos of the searches over, summed (see [`Solver::memo_stats`]).
    memo: Mutex<MemoStats>,
    /// The shares of the tree done, and those of the searches running.
    shares: Mutex<Shares>,
}

/// Where the fraction of the tree done comes from.
#[derive(Debug, Default)]
struct Shares {
    /// The shares of the pieces of work finished (and of the parts of
    /// searches that donations showed done).
    done: f64,
    /// Per thread: the share of its search times the fraction of that
    /// search done.
    running: Vec<f64>,
}

impl Figures {
    fn progress(&self) -> Progress {
        let shares = lock(&self.shares);
        let fraction = shares.done + shares.running.iter().sum::<f64>();
        drop(shares);
        Progress {
            solutions: lock(&self.solutions).clone(),
            nodes: self.nodes.load(Ordering::Relaxed),
            updates: self.updates.load(Ordering::Relaxed),
            subtrees_done: self.done.load(Ordering::Relaxed),
            subtrees_pending: self.pending.load(Ordering::Relaxed),
            fraction: Some(fraction.clamp(0.0, 1.0)),
        }
    }

    /// A search went from `before` to `after` (its stats and its solutions).
    fn add(&self, before: &(Stats, Count), after: &(Stats, Count)) {
        self.nodes
            .fetch_add(after.0.nodes - before.0.nodes, Ordering::Relaxed);
        self.updates
            .fetch_add(after.0.updates - before.0.updates, Ordering::Relaxed);
        if after.1 != before.1 {
            *lock(&self.solutions) += &after.1.checked_sub(&before.1).expect("counts only grow");
        }
    }

    /// A thread is done with a memo (or a search dropped its memo).
    fn add_memo(&self, stats: MemoStats) {
        if stats.lookups == 0 && stats.entries == 0 {
            return;
        }
        add_memo_stats(&mut lock(&self.memo), stats);
    }

    /// Thread `slot` runs a search of share `share`, done to `fraction`.
    fn running(&self, slot: usize, share: f64, fraction: f64) {
        lock(&self.shares).running[slot] = share * fraction;
    }

    /// Thread `slot` is done with `share` of the tree.
    fn finished(&self, slot: usize, share: f64) {
        let mut shares = lock(&self.shares);
        shares.done += share;
        shares.running[slot] = 0.0;
    }
}

/// A search's work and solutions, to tell what a slice added.
fn snapshot(solver: &Solver) -> (Stats, Count) {
    (solver.stats(), solver.solutions_counted())
}

/// The queue of work shared by the threads of a parallel count.
struct Pool {
    state: Mutex<PoolState>,
    /// Wakes the threads waiting for work.
    wake: Condvar,
    /// Wakes the watching thread once the count is over.
    ended: Condvar,
    /// Threads waiting for work beyond the pieces queued for them: when
    /// positive, a searching thread donates. Mirrors `PoolState` for a
    /// lock-free check after every slice.
    hungry: AtomicUsize,
}

struct PoolState {
    /// Work not yet taken, each piece with its share of the tree.
    queue: Vec<(Work, f64)>,
    /// Threads taking part.
    threads: usize,
    /// Threads waiting in [`Pool::take`].
    waiting: usize,
    /// Every thread waits and the queue is empty: all done.
    complete: bool,
    /// The count is over (complete or stopped).
    over: bool,
}

impl Pool {
    fn new(threads: usize, queue: Vec<(Work, f64)>) -> Pool {
        Pool {
            state: Mutex::new(PoolState {
                queue,
                threads,
                waiting: 0,
                complete: false,
                over: false,
            }),
            wake: Condvar::new(),
            ended: Condvar::new(),
            hungry: AtomicUsize::new(0),
        }
    }

    fn lock(&self) -> MutexGuard<'_, PoolState> {
        lock(&self.state)
    }

    fn update_hungry(&self, state: &PoolState) {
        self.hungry.store(
            state.waiting.saturating_sub(state.queue.len()),
            Ordering::Relaxed,
        );
    }

    /// Is a thread waiting for work that nobody has queued yet?
    fn hungry(&self) -> bool {
        self.hungry.load(Ordering::Relaxed) > 0
    }

    fn give(&self, work: Work, share: f64) {
        let mut state = self.lock();
        state.queue.push((work, share));
        self.update_hungry(&state);
        drop(state);
        self.wake.notify_one();
    }

    /// Ends the count (complete or not) and wakes everyone.
    fn end(&self, state: &mut PoolState, complete: bool) {
        state.complete |= complete;
        state.over = true;
        self.wake.notify_all();
        self.ended.notify_all();
    }

    /// The next piece of work, waiting for one if need be; `None` once
    /// every thread waits with the queue empty, or when `stop` is set (what
    /// is queued then stays queued).
    fn take(&self, stop: &AtomicBool) -> Option<(Work, f64)> {
        let mut state = self.lock();
        loop {
            if state.over {
                return None;
            }
            if stop.load(Ordering::Relaxed) {
                self.end(&mut state, false);
                return None;
            }
            if let Some(work) = state.queue.pop() {
                self.update_hungry(&state);
                return Some(work);
            }
            state.waiting += 1;
            if state.waiting >= state.threads {
                self.end(&mut state, true);
                return None;
            }
            self.update_hungry(&state);
            // Wake now and then to see `stop`.
            state = self
                .wake
                .wait_timeout(state, Duration::from_millis(10))
                .unwrap_or_else(|e| e.into_inner())
                .0;
            state.waiting -= 1;
            self.update_hungry(&state);
        }
    }

    /// A thread could not be started: one fewer takes part.
    fn retire_one(&self) {
        let mut state = self.lock();
        state.threads -= 1;
        if state.threads > 0 && state.waiting >= state.threads && state.queue.is_empty() {
            self.end(&mut state, true);
        }
    }

    /// Waits until the count is over or `timeout` has passed; is it over?
    fn wait_over(&self, timeout: Duration) -> bool {
        let state = self.lock();
        if state.over {
            return true;
        }
        let state = self
            .ended
            .wait_timeout(state, timeout)
            .unwrap_or_else(|e| e.into_inner())
            .0;
        state.over
    }

    fn finished(&self) -> bool {
        self.lock().complete
    }

    /// The work still queued.
    fn drain(&self) -> Vec<(Work, f64)> {
        std::mem::take(&mut self.lock().queue)
    }
}

/// Ends the count for every thread if the thread holding it panics (the
/// panic itself reaches the caller when the threads are joined).
struct Leave<'a>(&'a Pool);

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let mut state = self.0.lock();
            self.0.end(&mut state, false);
        }
    }
}

/// [`MemoPlan::verdict`] before any thread knows whether the memo pays.
const UNDECIDED: u8 = 0;
/// The memo pays: every thread memoizes.
const KEEP: u8 = 1;
/// The memo does not pay: no thread memoizes.
const DROP: u8 = 2;

/// How the threads of a parallel count memoize.
#[derive(Debug)]
struct MemoPlan {
    /// Each thread's memo (`max_bytes` already divided among them).
    options: MemoOptions,
    /// [`UNDECIDED`], [`KEEP`] or [`DROP`]: under [`MemoMode::Auto`], set
    /// by the first search that decides, and read by the searches started
    /// after it, which then skip the trial.
    verdict: AtomicU8,
}

impl MemoPlan {
    fn new(options: MemoOptions) -> MemoPlan {
        MemoPlan {
            options,
            verdict: AtomicU8::new(match options.mode {
                MemoMode::Auto => UNDECIDED,
                MemoMode::Always => KEEP,
                MemoMode::Never => DROP,
            }),
        }
    }

    /// The memo options of a search starting now: the verdict, once known,
    /// spares it the trial.
    fn options(&self) -> MemoOptions {
        MemoOptions {
            mode: match self.verdict.load(Ordering::Relaxed) {
                KEEP => MemoMode::Always,
                DROP => MemoMode::Never,
                _ => self.options.mode,
            },
            ..self.options
        }
    }
}

/// The solutions a count with a limit may still count, handed to the threads
/// a few at a time: a thread counts exactly the solutions it holds tickets
/// for, so together they count exactly the limit.
#[derive(Debug)]
struct Tickets {
    /// Tickets no thread holds.
    unclaimed: AtomicU64,
    /// Solutions still to count before the limit.
    left: AtomicU64,
}

impl Tickets {
    /// Up to a share of the tickets left (at least one while any is).
    fn claim(&self, threads: usize) -> u64 {
        let mut claimed = 0;
        let _ = self
            .unclaimed
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |u| {
                claimed = (u / (2 * threads as u64)).max(1).min(u);
                (claimed > 0).then(|| u - claimed)
            });
        claimed
    }

    fn give_back(&self, tickets: u64) {
        if tickets > 0 {
            self.unclaimed.fetch_add(tickets, Ordering::Relaxed);
        }
    }

    /// `found` solutions were counted: is the limit reached?
    fn counted(&self, found: u64) -> bool {
        found > 0 && self.left.fetch_sub(found, Ordering::Relaxed) == found
    }

    fn reached(&self) -> bool {
        self.left.load(Ordering::Relaxed) == 0
    }
}

/// What the threads do with the work they take.
enum Task {
    /// Count, memoizing as the plan says.
    Count,
    /// Count up to a limit, solution by solution.
    Limit(Tickets),
    /// Hand every solution to the taker ([`SolutionThreads`]).
    Solutions,
}

/// What every thread of one parallel count or search shares.
struct Shared {
    /// The solver whose tree is searched, at its root: pieces of work that
    /// are subtrees start from a copy of it.
    root: Solver,
    pool: Pool,
    stop: AtomicBool,
    figures: Figures,
    plan: MemoPlan,
    task: Task,
    /// Threads taking part.
    threads: usize,
    /// Slices of a fixed size: start every thread at once, donate at once.
    eager: bool,
    /// The slices of a search starting now.
    slices: SliceBudget,
    /// The searches the threads held when they stopped.
    parked: Mutex<Vec<(Work, f64)>>,
    /// Lending: the memos a [`MemoPool`] lent for the threads to start
    /// with, then those the threads carried when they left (for the pool).
    spare: Mutex<Vec<LentMemo>>,
    /// Do the memos go back to a pool (else a thread drops its own)?
    lending: bool,
}

impl Shared {
    fn new(
        root: &Solver,
        threads: usize,
        options: &CountOptions,
        work: Vec<(Work, f64)>,
        solutions: bool,
    ) -> Self {
        let slices = SliceBudget::of(options);
        let pending = work.len() as u64;
        let shared = Shared {
            root: root.copy_search(),
            pool: Pool::new(threads, work),
            stop: AtomicBool::new(false),
            figures: Figures::default(),
            plan: MemoPlan::new(per_thread(&options.memo, threads)),
            task: match options.limit {
                _ if solutions => Task::Solutions,
                Some(limit) => Task::Limit(Tickets {
                    unclaimed: AtomicU64::new(limit),
                    left: AtomicU64::new(limit),
                }),
                None => Task::Count,
            },
            threads,
            eager: slices.is_fixed(),
            slices,
            parked: Mutex::new(Vec::new()),
            spare: Mutex::new(Vec::new()),
            lending: false,
        };
        shared.figures.pending.store(pending, Ordering::Relaxed);
        lock(&shared.figures.shares).running = vec![0.0; threads + 1];
        shared
    }

    /// One slice of counting on `solver` (with the memo of its count),
    /// telling the plan whether the memo pays once the search knows.
    fn slice(&self, solver: &mut Solver, slices: &mut SliceBudget, memo: &MemoOptions) -> Step {
        let step = slices.run(|budget| solver.memo_step(budget, memo));
        if self.plan.verdict.load(Ordering::Relaxed) == UNDECIDED {
            if let Some(keep) = solver.memo_verdict() {
                let verdict = if keep { KEEP } else { DROP };
                self.plan.verdict.store(verdict, Ordering::Relaxed);
            }
        }
        step
    }

    /// Parks a search that stopped, with its share.
    fn park(&self, solver: Solver, share: f64) {
        lock(&self.parked).push((Work::Search(Box::new(solver)), share));
    }

    /// Gives the siblings still to come at the shallowest level of `solver`
    /// to the pool while a thread waits; `share` is the solver's share,
    /// split between what it keeps and what it gives (the part of its tree
    /// behind it is done). Returns the solver's new share.
    fn donate(&self, slot: usize, solver: &mut Solver, share: f64) -> f64 {
        let mut share = share;
        while self.pool.hungry() {
            let positions = solver.choice_positions(super::count::FRACTION_LEVELS);
            let depth = solver.depth();
            let Some(given) = solver.donate() else {
                break;
            };
            // Levels 1..=l became the root; level l gave its branches after
            // the current one. Knuth's weights: branch k of d at a level
            // below scale s has share s/d.
            let levels = depth - solver.depth();
            let (mut scale, mut behind, mut after) = (1.0, 0.0, 0.0);
            for (i, &(k, d)) in positions.iter().take(levels).enumerate() {
                let d = f64::from(d.max(1));
                scale /= d;
                behind += f64::from(k.saturating_sub(1)) * scale;
                if i + 1 == levels {
                    after = (d - f64::from(k)).max(0.0) * scale;
                }
            }
            lock(&self.figures.shares).done += share * behind;
            self.figures.pending.fetch_add(1, Ordering::Relaxed);
            self.pool.give(Work::Subtree(given), share * after);
            share *= scale;
            self.figures.running(slot, share, 0.0);
        }
        share
    }
}

/// One thread of a parallel count or search: takes work from the pool until
/// there is none, donating part of its search whenever another thread
/// waits; parks what it holds when told to stop. Solutions go to `out`
/// ([`Task::Solutions`]).
fn run_thread(shared: &Shared, slot: usize, out: Option<SyncSender<Vec<usize>>>) {
    // If this thread panics, the others must not wait for its donations.
    let _leave = Leave(&shared.pool);
    let (pool, figures) = (&shared.pool, &shared.figures);
    // Donating costs the taker a copy of the search: donate only after
    // searching several times as long as a copy takes.
    let floor = if shared.eager {
        Duration::ZERO
    } else {
        Duration::from_micros(50)
    };
    let mut copy_time = floor;
    // The memo of this thread's last search, taken on to its next (at
    // first, one a pool lent).
    let mut carried: Option<LentMemo> = None;
    if shared.lending && shared.plan.options().mode != MemoMode::Never {
        carried = lock(&shared.spare).pop();
    }
    // Tickets held (a count with a limit).
    let mut held = 0u64;
    let mut solution = Vec::new();
    loop {
        let Some((piece, mut share)) = pool.take(&shared.stop) else {
            break;
        };
        figures.pending.fetch_sub(1, Ordering::Relaxed);
        let memo = shared.plan.options();
        let mut solver = match piece {
            Work::Search(solver) => *solver,
            Work::Subtree(subtree) => {
                let start = Instant::now();
                let mut solver = shared.root.copy_search();
                if !shared.eager {
                    copy_time = start.elapsed().max(floor);
                }
                let consistent = solver
                    .restrict(&subtree)
                    .expect("a subtree's options exist");
                if !consistent {
                    figures.finished(slot, share);
                    figures.done.fetch_add(1, Ordering::Relaxed);
                    continue;
                }
                if let Some(m) = carried.take() {
                    let stats = m.stats();
                    if !solver.lend_memo(m, &memo) {
                        figures.add_memo(stats);
                    }
                }
                solver
            }
        };
        let mut slices = shared.slices;
        let mut last = snapshot(&solver);
        let mut since_donation = Instant::now();
        let mut since_fraction = Instant::now();
        let finished = loop {
            if shared.stop.load(Ordering::Relaxed) {
                break false;
            }
            let step = match &shared.task {
                Task::Count => shared.slice(&mut solver, &mut slices, &memo),
                Task::Limit(tickets) => {
                    if held == 0 {
                        held = tickets.claim(shared.threads);
                    }
                    if held == 0 {
                        // Every ticket is out: wait for the limit, or for
                        // tickets given back by a thread whose work ended.
                        if tickets.reached() {
                            shared.stop.store(true, Ordering::Relaxed);
                        } else {
                            std::thread::sleep(Duration::from_micros(100));
                        }
                        Step::Paused
                    } else {
                        let mut found = 0;
                        let step = slices.run(|budget| {
                            let (n, step) = solver.count_step(budget, held);
                            found = n;
                            step
                        });
                        held -= found;
                        if tickets.counted(found) {
                            shared.stop.store(true, Ordering::Relaxed);
                        }
                        step
                    }
                }
                Task::Solutions => {
                    let step = slices.run(|budget| solver.step(budget));
                    if step == Step::Solution {
                        solver.solution_into(&mut solution);
                        let sent = out.as_ref().map(|o| o.send(solution.clone()));
                        debug_assert!(matches!(sent, Some(Ok(()))), "the taker drains");
                    }
                    step
                }
            };
            let now = snapshot(&solver);
            figures.add(&last, &now);
            last = now;
            if step == Step::Exhausted {
                break true;
            }
            if since_fraction.elapsed() >= FRACTION_EVERY {
                since_fraction = Instant::now();
                figures.running(slot, share, solver.fraction_done());
            }
            if pool.hungry() && since_donation.elapsed() >= copy_time * 4 {
                since_donation = Instant::now();
                share = shared.donate(slot, &mut solver, share);
            }
        };
        if !finished {
            lock(&figures.shares).running[slot] = 0.0;
            shared.park(solver, share);
            // The count is stopped: end it here, for the threads may all
            // leave from their searches and none pass through the pool.
            pool.end(&mut pool.lock(), false);
            break;
        }
        figures.finished(slot, share);
        figures.done.fetch_add(1, Ordering::Relaxed);
        // Tickets go back before waiting for more work: a thread without
        // any may be searching.
        if let Task::Limit(tickets) = &shared.task {
            tickets.give_back(std::mem::take(&mut held));
        }
        carried = solver.take_memo();
        if carried.is_none() {
            figures.add_memo(solver.memo_stats());
        }
    }
    if let Some(m) = &carried {
        figures.add_memo(m.stats());
    }
    if let (true, Some(m)) = (shared.lending, carried) {
        lock(&shared.spare).push(m);
    }
    if let Task::Limit(tickets) = &shared.task {
        tickets.give_back(held);
    }
}

impl Solver {
    /// A search stopped on this thread (a count stopped by its callback,
    /// solutions taken one by one) handed over to threads: what it has not
    /// explored ([`Solver::remainder`]), parked as subtrees of a fresh
    /// search at the root, whose copies the threads restrict to them. The
    /// solutions and work so far stay counted. Both engines keep their
    /// problem to start afresh from; a search that sweeps in an order the
    /// engine cannot make again stays as it is, and a count on threads is
    /// refused.
    pub(super) fn park_paused_search(&mut self) {
        if self.parked.is_some()
            || self.swept.is_some()
            || self.engine.stats().nodes == 0
            || self.is_exhausted()
        {
            return;
        }
        let order = match self.order_name() {
            "sweep" => match self.sweep_order.clone() {
                Some(order) => Some(order),
                None => return,
            },
            _ => None,
        };
        let Some(fresh) = self.engine.reordered(order.as_deref()) else {
            return;
        };
        let Some(parts) = self.remainder(usize::MAX) else {
            return;
        };
        let done = self.fraction_done();
        // Its memo's solutions, and the engine's, stay counted; its work too.
        self.drop_memo();
        let here = self.engine.stats();
        self.extra += &Count::from(here.solutions);
        self.elsewhere.nodes += here.nodes;
        self.elsewhere.updates += here.updates;
        self.engine = fresh;
        // The subtrees carry the root's restrictions themselves.
        self.root = super::Root::default();
        self.root_handed_over = true;
        self.parked = Some(Box::new(Parked {
            work: shared_out(parts, 1.0 - done).collect(),
            done,
            ..Parked::default()
        }));
    }

    /// The work a parallel count or search starts from: what threads parked
    /// before (the solutions they found and nobody took, and the share of
    /// the tree done), or the whole tree at the root.
    fn work_to_do(&mut self) -> Result<Parked, Error> {
        if let Some(parked) = self.parked.take() {
            return Ok(*parked);
        }
        let mut parked = Parked::default();
        if self.is_exhausted() {
            parked.done = 1.0;
            return Ok(parked);
        }
        // The engine at its root, whatever work was done elsewhere (a
        // memoized count within a limit counts on a copy first: limit 0
        // leaves the engine untouched). A search stepped here was parked.
        if self.engine.stats().nodes > 0 || self.swept.is_some() {
            return Err(Error::SearchStarted);
        }
        parked
            .work
            .push((Work::Search(Box::new(self.copy_search())), 1.0));
        Ok(parked)
    }

    /// Takes back what the threads of `shared` leave: their work, figures
    /// and memos. `complete`: every solution was found.
    fn settle(&mut self, shared: Shared, mut parked: Parked, complete: bool) -> MemoStats {
        // The memo of a count before the threads (one that ended, whose
        // solutions the threads did not count again): its solutions stay
        // counted, as when a count drops it.
        self.drop_memo();
        let mut work = lock(&shared.parked).split_off(0);
        work.extend(shared.pool.drain());
        let figures = shared.figures;
        let shares = figures
            .shares
            .into_inner()
            .unwrap_or_else(|e| e.into_inner());
        let memo = figures.memo.into_inner().unwrap_or_else(|e| e.into_inner());
        self.elsewhere.nodes += figures.nodes.into_inner();
        self.elsewhere.updates += figures.updates.into_inner();
        let mut dropped = self.exact.as_ref().map(|e| e.dropped).unwrap_or_default();
        add_memo_stats(&mut dropped, memo);
        self.exact = Some(Box::new(super::ExactCount {
            memo: None,
            deciding: false,
            dropped,
        }));
        if complete && parked.ready.is_empty() {
            self.parked = None;
            self.engine.end();
        } else {
            parked.work = work;
            parked.done = shares.done;
            self.parked = Some(Box::new(parked));
        }
        memo
    }

    /// [`Solver::count_with`] on `options.threads` threads (see the module
    /// documentation), or on one after threads parked their work. A
    /// search of a few milliseconds is over before any thread starts; if the
    /// system cannot start a thread, the count goes on with those it has
    /// (at worst on this thread alone, without calling back). Only at the
    /// root, or where threads stopped. Afterwards the solver is exhausted,
    /// or, stopped, holds the work the threads left; its statistics and its
    /// solutions counted hold the work of all threads.
    pub(super) fn count_on_threads(
        &mut self,
        options: &CountOptions,
        on_slice: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
    ) -> Result<Counted, Error> {
        self.count_on_threads_lending(options, None, on_slice)
    }

    /// [`Solver::count_on_threads`], the threads starting with the memos of
    /// `pool` (one each, as many as it has) and giving back those they hold
    /// when they leave, with the verdict on whether the memo pays.
    fn count_on_threads_lending(
        &mut self,
        options: &CountOptions,
        pool: Option<&MemoPool>,
        on_slice: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
    ) -> Result<Counted, Error> {
        self.park_paused_search();
        let resuming = self.parked.is_some();
        let mut parked = self.work_to_do()?;
        let threads = options.threads.clamp(1, max_threads());
        let before = self.solutions_counted();
        // Solutions found and not taken: counted first, up to the limit.
        let mut limit = options.limit;
        let taken = match limit {
            Some(l) => parked
                .ready
                .len()
                .min(usize::try_from(l).unwrap_or(usize::MAX)),
            None => parked.ready.len(),
        };
        parked.ready.drain(..taken);
        self.extra += &Count::from(taken as u64);
        if let Some(l) = limit.as_mut() {
            *l -= taken as u64;
        }
        if limit == Some(0) {
            self.parked = Some(Box::new(parked));
            return Ok(self.counted_result(&before, Outcome::Limit, MemoStats::default()));
        }
        let work = std::mem::take(&mut parked.work);
        let mut options = CountOptions { limit, ..*options };
        let lent = pool.map(|pool| pool.take_free(threads));
        if let Some((_, Some(pays))) = &lent {
            if options.memo.mode == MemoMode::Auto {
                options.memo.mode = if *pays {
                    MemoMode::Always
                } else {
                    MemoMode::Never
                };
            }
        }
        let mut shared = Shared::new(self, threads, &options, work, false);
        if let Some((memos, _)) = lent {
            shared.lending = true;
            *lock(&shared.spare) = memos;
        }
        lock(&shared.figures.shares).done = parked.done;
        // This thread starts on the whole tree alone: a small search is over
        // before other threads would have started.
        let mut finished_alone = false;
        let mut stopped_alone = false;
        if !resuming && !shared.eager && matches!(shared.task, Task::Count) {
            let first = shared.pool.lock().queue.pop();
            if let Some((Work::Search(mut first), share)) = first {
                let memo = shared.plan.options();
                let mut slices = shared.slices;
                let mut last = snapshot(&first);
                let alone = Instant::now();
                while alone.elapsed() < ALONE {
                    let step = shared.slice(&mut first, &mut slices, &memo);
                    let now = snapshot(&first);
                    shared.figures.add(&last, &now);
                    last = now;
                    finished_alone = step == Step::Exhausted;
                    if finished_alone {
                        break;
                    }
                    if on_slice(&shared.figures.progress()).is_break() {
                        stopped_alone = true;
                        break;
                    }
                }
                if finished_alone {
                    shared.figures.add_memo(first.memo_stats());
                    shared.figures.pending.store(0, Ordering::Relaxed);
                } else {
                    shared.pool.give(Work::Search(first), share);
                    shared.figures.pending.store(1, Ordering::Relaxed);
                }
            }
        }
        let mut last_fraction = parked.done;
        if !finished_alone && !stopped_alone {
            std::thread::scope(|scope| {
                let mut started = 0;
                for slot in 0..threads {
                    let shared = &shared;
                    let spawned = std::thread::Builder::new()
                        .name("exactcover-count".into())
                        .spawn_scoped(scope, move || run_thread(shared, slot, None));
                    match spawned {
                        Ok(_) => started += 1,
                        // Out of threads or memory: count with the others.
                        Err(_) => shared.pool.retire_one(),
                    }
                }
                if started == 0 {
                    let mut state = shared.pool.lock();
                    state.threads = 1;
                    drop(state);
                    run_thread(&shared, threads, None);
                    return;
                }
                // Watch until the count is over, or stop it: the threads
                // see the flag within a slice, and the scope joins them.
                let watching = Instant::now();
                while !shared.pool.wait_over(options.slice) {
                    let mut progress = shared.figures.progress();
                    if progress.nodes == 0 && watching.elapsed() < PATIENCE {
                        continue;
                    }
                    // Never backwards, and 1 only once complete.
                    let fraction = progress.fraction.unwrap_or(0.0).min(1.0 - f64::EPSILON);
                    last_fraction = last_fraction.max(fraction);
                    progress.fraction = Some(last_fraction);
                    if on_slice(&progress).is_break() {
                        shared.stop.store(true, Ordering::Relaxed);
                        break;
                    }
                }
            });
        }
        let limited = match &shared.task {
            Task::Limit(tickets) => tickets.reached(),
            _ => false,
        };
        let complete = finished_alone || (!stopped_alone && !limited && shared.pool.finished());
        let counted_here = lock(&shared.figures.solutions).clone();
        self.extra += &counted_here;
        if let Some(pool) = pool {
            let verdict = match shared.plan.verdict.load(Ordering::Relaxed) {
                KEEP => Some(true),
                DROP => Some(false),
                _ => None,
            };
            pool.put(None, verdict);
            for memo in lock(&shared.spare).drain(..) {
                pool.put(Some(memo), None);
            }
        }
        let memo = self.settle(shared, parked, complete);
        let outcome = if complete {
            Outcome::Complete
        } else if limited {
            Outcome::Limit
        } else {
            Outcome::Stopped
        };
        Ok(self.counted_result(&before, outcome, memo))
    }

    fn counted_result(&self, before: &Count, outcome: Outcome, memo: MemoStats) -> Counted {
        Counted {
            count: self.counted_since(before),
            outcome,
            stats: self.stats(),
            memo,
        }
    }

    /// [`Solver::count_step`] of a solver whose threads parked their work:
    /// the solutions found and not taken first, then the searches and
    /// subtrees parked, one after the other, on this thread.
    pub(super) fn parked_search(&mut self, budget: u64, limit: u64) -> (u64, Step) {
        let mut found = 0u64;
        let mut budget = budget;
        loop {
            let Some(parked) = self.parked.as_mut() else {
                return (found, Step::Exhausted);
            };
            if found >= limit && limit > 0 {
                return (found, Step::Solution);
            }
            if let Some(solution) = parked.ready.pop_front() {
                parked.current = solution;
                found += 1;
                self.extra += &Count::ONE;
                continue;
            }
            if let Some((Work::Subtree(_), _)) = parked.work.last() {
                let Some((Work::Subtree(subtree), share)) = parked.work.pop() else {
                    unreachable!("just seen");
                };
                let mut solver = self.copy_search();
                let consistent = solver
                    .restrict(&subtree)
                    .expect("a subtree's options exist");
                let parked = self.parked.as_mut().expect("just seen");
                if consistent {
                    parked.work.push((Work::Search(Box::new(solver)), share));
                } else {
                    parked.done += share;
                }
                continue;
            }
            let Some((Work::Search(solver), share)) = parked.work.last_mut() else {
                self.parked = None;
                self.engine.end();
                return (found, Step::Exhausted);
            };
            let share = *share;
            let before = snapshot(solver);
            let (n, step) = solver.count_step(budget, limit.saturating_sub(found).max(1));
            let after = snapshot(solver);
            if step == Step::Solution {
                solver.solution_into(&mut parked.current);
            }
            self.elsewhere.nodes += after.0.nodes - before.0.nodes;
            self.elsewhere.updates += after.0.updates - before.0.updates;
            self.extra += &after.1.checked_sub(&before.1).expect("counts only grow");
            found += n;
            budget = budget.saturating_sub(after.0.nodes - before.0.nodes);
            match step {
                Step::Solution => return (found, Step::Solution),
                Step::Paused => return (found, Step::Paused),
                Step::Exhausted => {
                    parked.work.pop();
                    parked.done += share;
                    if budget == 0 {
                        return (found, Step::Paused);
                    }
                }
            }
        }
    }

    /// Counts the solutions of this search that lie in `subtrees`
    /// (disjoint subtrees of the problem, such as [`Solver::split`] and
    /// [`Solver::remainder`] give) as one count on `options.threads`
    /// threads: the threads share the subtrees and then, by work donation,
    /// each other's searches, so that none waits while work is left (see
    /// the module documentation). This is a task of a distributed count:
    /// a few subtrees, counted on all the cores of one machine.
    ///
    /// The subtrees are searched in the order `options.order` names where
    /// the solver has a sweep order ([`Solver::set_sweep_order`]):
    /// [`OrderMode::Mrv`] or [`OrderMode::Sweep`] (which keeps its memo, as
    /// in [`Solver::count_with`]); [`OrderMode::Auto`] keeps the engine's
    /// order as it is (MRV unless an earlier count chose the sweep), since
    /// its race needs the whole tree at the root: a distributed count
    /// settles it once on the whole problem and passes the winner.
    ///
    /// With a `pool`, each thread starts with one of its memos (as many as
    /// it has), carries it from subtree to subtree, and gives it back when
    /// the count ends or stops, with the verdict on whether the memo pays;
    /// the pool's verdict, if it has one, replaces [`MemoMode::Auto`].
    ///
    /// Stopped by `on_slice` (a time limit, Ctrl-C), the solver keeps what
    /// is left as subtrees (with a pool, the searches under way become
    /// their [`Solver::remainder`], their memos back in the pool):
    /// [`Solver::remainder`] lists exactly the solutions still to come, and
    /// the next [`Solver::count_with`] counts them.
    ///
    /// # Errors
    ///
    /// [`Error::SearchStarted`] if the search has started (or threads
    /// parked work on it); [`Error::UnknownOption`] if a subtree names an
    /// option that does not exist.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use exactcover::{CountOptions, MemoPool, Problem, Solver};
    ///
    /// let n = 8;
    /// let mut p = Problem::with_items(2 * n, 4 * n - 2);
    /// for i in 0..n {
    ///     for j in 0..n {
    ///         p.add_option([i, n + j, 2 * n + i + j, 5 * n - 2 + i - j]).unwrap();
    ///     }
    /// }
    /// let root = Solver::new(&p);
    /// let subtrees = root.split(10).unwrap();
    /// let (first, second) = subtrees.split_at(subtrees.len() / 2);
    /// let pool = MemoPool::new();
    /// let options = CountOptions { threads: 2, ..CountOptions::default() };
    /// let mut total = 0;
    /// for part in [first, second] {
    ///     let mut task = root.clone();
    ///     let counted = task
    ///         .count_subtrees_with(part, &options, Some(&pool), |_| ControlFlow::Continue(()))
    ///         .unwrap();
    ///     assert!(counted.is_complete());
    ///     total += counted.count.to_u64().unwrap();
    /// }
    /// assert_eq!(total, 92);
    /// ```
    pub fn count_subtrees_with<F>(
        &mut self,
        subtrees: &[Subtree],
        options: &CountOptions,
        pool: Option<&MemoPool>,
        mut on_slice: F,
    ) -> Result<Counted, Error>
    where
        F: FnMut(&Progress) -> ControlFlow<()>,
    {
        if self.parked.is_some() {
            return Err(Error::SearchStarted);
        }
        self.at_root()?;
        let options_exist = self.engine.num_options();
        for subtree in subtrees {
            if let Some(&option) = subtree
                .forced
                .iter()
                .chain(&subtree.excluded)
                .find(|&&k| k >= options_exist)
            {
                return Err(Error::UnknownOption { option });
            }
        }
        // The order of branching, as a count from the root would take it:
        // by MRV or by the sweep (see [`OrderMode`]). Auto's race needs the
        // whole tree at its root, which a task's subtrees are not: a
        // distributed count settles Auto once, on the whole problem, and
        // passes its winner; here Auto keeps the engine's order as it is.
        if options.order != OrderMode::Auto {
            self.settle_order(options.order, &options.memo, false, options.threads);
        }
        // As in `count_with`: a sweep keeps its memo and takes its fast
        // count.
        let options = &self.sweep_keeps_memo(options);
        if let Some(counted) =
            self.count_subtrees_swept(subtrees, options, pool, false, &mut on_slice)
        {
            return Ok(counted);
        }
        // Taken from the end: the first subtree given is counted last.
        self.parked = Some(Box::new(Parked {
            work: shared_out(subtrees.to_vec(), 1.0).collect(),
            ..Parked::default()
        }));
        let counted = self.count_on_threads_lending(options, pool, &mut on_slice)?;
        if let (Some(pool), Some(parked)) = (pool, self.parked.as_mut()) {
            // The searches under way become subtrees; their memos go back.
            parked.searches_to_subtrees(|_| true, |search| pool.put(search.take_memo(), None));
        }
        Ok(counted)
    }

    /// The solutions of this search found on `threads` threads (at most
    /// [`max_threads`]), in the order the threads find them: every solution
    /// once, in an order that varies from run to run. Dropping the iterator
    /// stops the threads and keeps their work: the solver's next step,
    /// count or iteration goes on with exactly the solutions not yet taken.
    /// A search stepped on this thread goes on on threads: what it has not
    /// explored ([`Solver::remainder`]) is handed to them, as for a count
    /// (see [`CountOptions`]).
    ///
    /// # Errors
    ///
    /// [`Error::SearchStarted`] if a sweep's fast count was stopped (it goes
    /// on on this thread only).
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    ///
    /// let n = 8;
    /// let mut p = Problem::with_items(2 * n, 4 * n - 2);
    /// for i in 0..n {
    ///     for j in 0..n {
    ///         p.add_option([i, n + j, 2 * n + i + j, 5 * n - 2 + i - j]).unwrap();
    ///     }
    /// }
    /// let mut solver = Solver::new(&p);
    /// let first: Vec<_> = solver.solutions_on_threads(2).unwrap().take(10).collect();
    /// let rest: Vec<_> = solver.solutions_on_threads(2).unwrap().collect();
    /// assert_eq!((first.len(), rest.len()), (10, 82));
    /// ```
    pub fn solutions_on_threads(&mut self, threads: usize) -> Result<ThreadedSolutions<'_>, Error> {
        let run = self.start_threads(threads)?;
        Ok(ThreadedSolutions {
            solver: self,
            run: Some(run),
        })
    }

    /// Starts the threads of a search for solutions (see
    /// [`Solver::solutions_on_threads`]); [`Solver::stop_threads`] stops
    /// them and keeps their work. Until then the solver has nothing left to
    /// search by itself: what it does not get back is gone, never repeated.
    pub fn start_threads(&mut self, threads: usize) -> Result<SolutionThreads, Error> {
        self.park_paused_search();
        let mut parked = self.work_to_do()?;
        let threads = threads.clamp(1, max_threads());
        let options = CountOptions {
            memo: MemoOptions {
                mode: MemoMode::Never,
                ..MemoOptions::default()
            },
            ..CountOptions::default()
        };
        let work = std::mem::take(&mut parked.work);
        let shared = Arc::new(Shared::new(self, threads, &options, work, true));
        lock(&shared.figures.shares).done = parked.done;
        // Nothing is left here until the threads give their work back.
        self.parked = Some(Box::default());
        let (sender, receiver) = sync_channel(READY_MAX);
        let mut handles = Vec::new();
        for slot in 0..threads {
            let (mine, sender) = (Arc::clone(&shared), sender.clone());
            let spawned = std::thread::Builder::new()
                .name("exactcover-solutions".into())
                .spawn(move || run_thread(&mine, slot, Some(sender)));
            match spawned {
                Ok(handle) => handles.push(handle),
                Err(_) => shared.pool.retire_one(),
            }
        }
        Ok(SolutionThreads {
            owner: self.identity.0,
            shared: Some(shared),
            receiver,
            handles,
            backlog: std::mem::take(&mut parked.ready),
            taken: 0,
        })
    }

    /// Stops the threads of `run` and keeps what they leave: the solutions
    /// found and not taken, the searches they held, the subtrees queued.
    ///
    /// # Panics
    ///
    /// If `run` was started by another solver (a clone of this one too):
    /// its work is another search's.
    pub fn stop_threads(&mut self, mut run: SolutionThreads) {
        assert!(
            run.owner == self.identity.0,
            "stop_threads: these threads were started by another solver"
        );
        let ready = run.halt();
        let shared = run.shared.take().expect("taken once");
        let complete = shared.pool.finished() && ready.is_empty();
        self.extra += &Count::from(run.taken);
        let Ok(shared) = Arc::try_unwrap(shared) else {
            unreachable!("the threads are joined");
        };
        let parked = Parked {
            ready,
            ..Parked::default()
        };
        self.settle(shared, parked, complete);
    }
}

/// The threads of a search for solutions ([`Solver::start_threads`]): the
/// taker's end. Dropped without [`Solver::stop_threads`], it stops the
/// threads and their work is lost.
pub struct SolutionThreads {
    /// The solver that started them (its identity).
    owner: u64,
    /// What the threads share (taken back by [`Solver::stop_threads`]).
    shared: Option<Arc<Shared>>,
    receiver: Receiver<Vec<usize>>,
    handles: Vec<JoinHandle<()>>,
    /// Solutions parked before, handed out first.
    backlog: VecDeque<Vec<usize>>,
    /// Solutions handed out.
    taken: u64,
}

impl std::fmt::Debug for SolutionThreads {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolutionThreads")
            .field("threads", &self.handles.len())
            .field("taken", &self.taken)
            .finish()
    }
}

/// What [`SolutionThreads::next_within`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// A solution, as [`Solver::solution`] gives it.
    Solution(Vec<usize>),
    /// Every solution has been handed out.
    Exhausted,
    /// None came in the time given.
    Waiting,
}

impl SolutionThreads {
    /// The next solution, waiting at most `wait` (`None`: as long as it
    /// takes).
    pub fn next_within(&mut self, wait: Option<Duration>) -> Next {
        let next = match self.backlog.pop_front() {
            Some(solution) => Ok(solution),
            None => match wait {
                None => self
                    .receiver
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
                Some(wait) => self.receiver.recv_timeout(wait),
            },
        };
        match next {
            Ok(solution) => {
                self.taken += 1;
                Next::Solution(solution)
            }
            Err(RecvTimeoutError::Timeout) => Next::Waiting,
            Err(RecvTimeoutError::Disconnected) => Next::Exhausted,
        }
    }

    /// The search's figures so far (nodes and updates of all threads,
    /// solutions found, fraction of the tree done).
    pub fn progress(&self) -> Progress {
        self.shared
            .as_ref()
            .map(|s| s.figures.progress())
            .unwrap_or_default()
    }

    /// Stops the threads and joins them; returns the solutions found and
    /// not taken, in order.
    fn halt(&mut self) -> VecDeque<Vec<usize>> {
        if let Some(shared) = &self.shared {
            let asked = Instant::now();
            while shared.figures.nodes.load(Ordering::Relaxed) == 0
                && !shared.pool.lock().over
                && asked.elapsed() < PATIENCE
            {
                std::thread::sleep(Duration::from_micros(100));
            }
            shared.stop.store(true, Ordering::Relaxed);
        }
        let mut ready = std::mem::take(&mut self.backlog);
        // Threads waiting to hand over a solution go on once there is room.
        loop {
            match self.receiver.recv_timeout(Duration::from_millis(1)) {
                Ok(solution) => ready.push_back(solution),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            if self.handles.iter().all(|h| h.is_finished()) {
                ready.extend(self.receiver.try_iter());
                break;
            }
        }
        let mut panicked = None;
        for handle in self.handles.drain(..) {
            if let Err(panic) = handle.join() {
                panicked = Some(panic);
            }
        }
        if let Some(panic) = panicked {
            std::panic::resume_unwind(panic);
        }
        ready
    }
}

impl Drop for SolutionThreads {
    fn drop(&mut self) {
        if !self.handles.is_empty() && !std::thread::panicking() {
            self.halt();
        }
    }
}

/// An iterator over the solutions of a [`Solver`] found on threads
/// ([`Solver::solutions_on_threads`]); dropping it stops the threads and
/// gives their work back to the solver.
#[derive(Debug)]
pub struct ThreadedSolutions<'a> {
    solver: &'a mut Solver,
    run: Option<SolutionThreads>,
}

impl Iterator for ThreadedSolutions<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        match self.run.as_mut()?.next_within(None) {
            Next::Solution(solution) => Some(solution),
            _ => None,
        }
    }
}

impl Drop for ThreadedSolutions<'_> {
    fn drop(&mut self) {
        if let Some(run) = self.run.take() {
            self.solver.stop_threads(run);
        }
    }
}

/// Most nodes searched to tell that a solution found by threads is alone
/// in the subtree of its options forced.
const ALONE_NODES: u64 = 64;

impl Solver {
    /// Is `solution` the only solution of a copy of this search with its
    /// options forced (where every item is primary or secondary, it is:
    /// nothing is left to cover; under multiplicities other options may
    /// join it)? Found by a search of at most a few nodes; false where it
    /// cannot tell.
    fn alone_when_forced(&self, solution: &[usize]) -> bool {
        let mut probe = self.copy_search();
        for &k in solution {
            if !matches!(probe.force(k), Ok(true)) {
                return false;
            }
        }
        probe.count_step(ALONE_NODES, 2) == (1, Step::Exhausted)
    }

    /// [`Solver::remainder`] of the work threads parked: each solution found
    /// and not yet taken as the subtree of that solution alone (its options
    /// forced, and every other excluded where some could join it), the
    /// subtrees queued, and the remainders of the searches.
    pub(super) fn parked_remainder(
        &self,
        parked: &Parked,
        max_entries: usize,
    ) -> Option<Vec<Subtree>> {
        let mut parts = Vec::new();
        let mut entries = 0;
        // A solution the threads found and nobody took: that solution
        // alone, its options forced, and where other options could join it
        // (multiplicities), every other excluded (else a subtree of as many
        // entries as the solution has options, not as the problem has).
        let options = self.engine.num_options();
        let mut chosen = Vec::new();
        for solution in &parked.ready {
            let excluded = if self.alone_when_forced(solution) {
                Vec::new()
            } else {
                chosen.resize(options, false);
                chosen.iter_mut().for_each(|c| *c = false);
                for &k in solution {
                    chosen[k] = true;
                }
                (0..options).filter(|&k| !chosen[k]).collect()
            };
            entries += solution.len() + excluded.len();
            if entries > max_entries {
                return None;
            }
            parts.push(Subtree {
                forced: solution.clone(),
                excluded,
            });
        }
        for (piece, _) in &parked.work {
            match piece {
                Work::Subtree(subtree) => {
                    entries += subtree.forced.len() + subtree.excluded.len();
                    parts.push(subtree.clone());
                }
                Work::Search(solver) => {
                    for subtree in solver.remainder(max_entries.saturating_sub(entries))? {
                        entries += subtree.forced.len() + subtree.excluded.len();
                        parts.push(subtree);
                    }
                }
            }
            if entries > max_entries {
                return None;
            }
        }
        Some(parts)
    }
}
