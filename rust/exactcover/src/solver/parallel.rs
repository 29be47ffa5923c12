//! Counting on threads by work donation ([`Solver::count_with`] with
//! `threads > 1`).
//!
//! The threads share a queue of subtrees, at first the whole tree. A thread
//! whose queue runs dry waits, and a thread that is searching hands the
//! unexplored siblings at the shallowest level of its search to the queue
//! whenever another waits ([`Solver::donate`]), so every thread keeps
//! working until the end. The calling thread watches: it wakes every slice
//! to call the caller's callback with the figures so far, and sets the stop
//! flag when the callback says stop. Everything here talks to the engine
//! through the [`Solver`] alone.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::count::{per_thread, CountOptions, Counted, Outcome, Progress, SliceBudget};
use super::{LentMemo, Solver};
use crate::count::Count;
use crate::engine::{Stats, Step, Subtree};
use crate::memo::{MemoMode, MemoOptions, MemoStats};
use crate::Error;

/// How long a parallel count runs on the calling thread alone before it
/// starts the others (a small search is over by then).
const ALONE: Duration = Duration::from_millis(2);

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

/// The figures of a parallel count in progress, updated by its threads after
/// every slice of search, for the watching thread to report.
#[derive(Debug, Default)]
struct Figures {
    nodes: AtomicU64,
    updates: AtomicU64,
    /// Solutions counted so far, exactly (memo hits included).
    solutions: Mutex<Count>,
    /// Subtrees counted to the end.
    done: AtomicU64,
    /// Subtrees waiting in the queue or being set up.
    pending: AtomicU64,
    /// The memos of the searches over, summed (see [`Solver::memo_stats`]).
    memo: Mutex<MemoStats>,
}

impl Figures {
    fn progress(&self) -> Progress {
        Progress {
            solutions: lock(&self.solutions).clone(),
            nodes: self.nodes.load(Ordering::Relaxed),
            updates: self.updates.load(Ordering::Relaxed),
            subtrees_done: self.done.load(Ordering::Relaxed),
            subtrees_pending: self.pending.load(Ordering::Relaxed),
            fraction: None,
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
        let mut sum = lock(&self.memo);
        sum.active |= stats.active;
        sum.lookups += stats.lookups;
        sum.hits += stats.hits;
        sum.entries += stats.entries;
        sum.bytes += stats.bytes;
        sum.peak_bytes += stats.peak_bytes;
        sum.evictions += stats.evictions;
        sum.evicted += stats.evicted;
    }
}

/// A search's work and solutions, to tell what a slice added.
fn snapshot(solver: &Solver) -> (Stats, Count) {
    (solver.stats(), solver.solutions_counted())
}

/// The queue of subtrees shared by the threads of a parallel count.
struct Pool {
    state: Mutex<PoolState>,
    /// Wakes the threads waiting for a subtree.
    wake: Condvar,
    /// Wakes the watching thread once the count is over.
    ended: Condvar,
    /// Threads waiting for work beyond the subtrees queued for them: when
    /// positive, a searching thread donates. Mirrors `PoolState` for a
    /// lock-free check after every slice.
    hungry: AtomicUsize,
}

struct PoolState {
    /// Subtrees below the root, not yet taken.
    queue: Vec<Subtree>,
    /// Threads taking part.
    threads: usize,
    /// Threads waiting in [`Pool::take`].
    waiting: usize,
    /// Every thread waits and the queue is empty: all counted.
    complete: bool,
    /// The count is over (complete or stopped).
    over: bool,
}

impl Pool {
    fn new(threads: usize) -> Pool {
        Pool {
            state: Mutex::new(PoolState {
                queue: Vec::new(),
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

    fn give(&self, subtree: Subtree) {
        let mut state = self.lock();
        state.queue.push(subtree);
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

    /// The next subtree to count, waiting for one if need be; `None` once
    /// every thread waits with the queue empty, or when `stop` is set.
    fn take(&self, stop: &AtomicBool) -> Option<Subtree> {
        let mut state = self.lock();
        loop {
            if state.over {
                return None;
            }
            if let Some(subtree) = state.queue.pop() {
                self.update_hungry(&state);
                return Some(subtree);
            }
            if stop.load(Ordering::Relaxed) {
                self.end(&mut state, false);
                return None;
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

/// What every thread of one parallel count shares.
struct Shared<'a> {
    /// The solver whose tree is counted, at its root.
    root: &'a Solver,
    pool: Pool,
    stop: AtomicBool,
    figures: Figures,
    plan: MemoPlan,
    /// The search the calling thread began alone, for the first thread.
    first: Mutex<Option<(Solver, SliceBudget)>>,
    /// Slices of a fixed size: start every thread at once, donate at once.
    eager: bool,
    /// The slices of a search starting now.
    slices: SliceBudget,
}

impl Shared<'_> {
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
}

/// One thread of a parallel count: counts subtrees from the pool until there
/// are none, donating part of its search whenever another thread waits.
fn work(shared: &Shared<'_>) {
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
    // The memo of this thread's last search, taken on to its next.
    let mut carried: Option<LentMemo> = None;
    loop {
        let first = lock(&shared.first).take();
        let memo = shared.plan.options();
        let (mut solver, mut slices) = match first {
            Some(first) => first,
            None => {
                let Some(subtree) = pool.take(&shared.stop) else {
                    if let Some(m) = &carried {
                        figures.add_memo(m.stats());
                    }
                    return;
                };
                let start = Instant::now();
                let mut solver = shared.root.copy_search();
                if !shared.eager {
                    copy_time = start.elapsed().max(floor);
                }
                let consistent = solver
                    .restrict(&subtree)
                    .expect("a subtree's options exist");
                figures.pending.fetch_sub(1, Ordering::Relaxed);
                if !consistent {
                    figures.done.fetch_add(1, Ordering::Relaxed);
                    continue;
                }
                if let Some(m) = carried.take() {
                    let stats = m.stats();
                    if !solver.lend_memo(m, &memo) {
                        figures.add_memo(stats);
                    }
                }
                (solver, shared.slices)
            }
        };
        let mut last = snapshot(&solver);
        let mut since_donation = Instant::now();
        loop {
            if shared.stop.load(Ordering::Relaxed) {
                figures.add_memo(solver.memo_stats());
                if let Some(m) = &carried {
                    figures.add_memo(m.stats());
                }
                return;
            }
            let step = shared.slice(&mut solver, &mut slices, &memo);
            let now = snapshot(&solver);
            figures.add(&last, &now);
            last = now;
            if step == Step::Exhausted {
                break;
            }
            if pool.hungry() && since_donation.elapsed() >= copy_time * 4 {
                since_donation = Instant::now();
                while pool.hungry() {
                    let Some(given) = solver.donate() else {
                        break;
                    };
                    figures.pending.fetch_add(1, Ordering::Relaxed);
                    pool.give(given);
                }
            }
        }
        figures.done.fetch_add(1, Ordering::Relaxed);
        carried = solver.take_memo();
        if carried.is_none() {
            figures.add_memo(solver.memo_stats());
        }
    }
}

impl Solver {
    /// [`Solver::count_with`] on `options.threads` threads (see the module
    /// documentation). A search of a few milliseconds is over before any
    /// thread starts; if the system cannot start a thread, the count goes
    /// on with those it has (at worst on this thread alone, without
    /// calling back). Only at the root. Afterwards the solver is exhausted,
    /// or, stopped, at its root again; its statistics and its solutions
    /// counted hold the work of all threads.
    pub(super) fn count_on_threads(
        &mut self,
        options: &CountOptions,
        on_slice: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
    ) -> Result<Counted, Error> {
        self.at_root()?;
        let threads = options.threads.clamp(1, max_threads());
        let before = self.solutions_counted();
        let mut slices = SliceBudget::of(options);
        let shared = Shared {
            root: &*self,
            pool: Pool::new(threads),
            stop: AtomicBool::new(false),
            figures: Figures::default(),
            plan: MemoPlan::new(per_thread(&options.memo, threads)),
            first: Mutex::new(None),
            eager: slices.is_fixed(),
            slices,
        };
        // This thread starts on the whole tree alone: a small search is over
        // before other threads would have started.
        let mut first = self.copy_search();
        let memo = shared.plan.options();
        let mut last = snapshot(&first);
        let alone = Instant::now();
        let mut finished_alone = first.is_exhausted();
        while !finished_alone && !shared.eager && alone.elapsed() < ALONE {
            let step = shared.slice(&mut first, &mut slices, &memo);
            let now = snapshot(&first);
            shared.figures.add(&last, &now);
            last = now;
            finished_alone = step == Step::Exhausted;
            if !finished_alone && on_slice(&shared.figures.progress()).is_break() {
                shared.stop.store(true, Ordering::Relaxed);
                break;
            }
        }
        let stopped_alone = shared.stop.load(Ordering::Relaxed);
        if finished_alone || stopped_alone {
            shared.figures.add_memo(first.memo_stats());
        } else {
            *lock(&shared.first) = Some((first, slices));
            std::thread::scope(|scope| {
                let mut started = 0;
                for _ in 0..threads {
                    let spawned = std::thread::Builder::new()
                        .name("exactcover-count".into())
                        .spawn_scoped(scope, || work(&shared));
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
                    work(&shared);
                    return;
                }
                // Watch until the count is over, or stop it: the threads
                // see the flag within a slice, and the scope joins them.
                while !shared.pool.wait_over(options.slice) {
                    if on_slice(&shared.figures.progress()).is_break() {
                        shared.stop.store(true, Ordering::Relaxed);
                        break;
                    }
                }
            });
        }
        let complete = finished_alone || (!stopped_alone && shared.pool.finished());
        let figures = shared.figures;
        let counted = figures
            .solutions
            .into_inner()
            .unwrap_or_else(|e| e.into_inner());
        let memo = figures.memo.into_inner().unwrap_or_else(|e| e.into_inner());
        self.elsewhere.nodes += figures.nodes.into_inner();
        self.elsewhere.updates += figures.updates.into_inner();
        self.extra += &counted;
        self.exact = Some(Box::new(super::ExactCount {
            memo: None,
            deciding: false,
            dropped: memo,
        }));
        if complete {
            self.engine.end();
        }
        Ok(Counted {
            count: self.counted_since(&before),
            outcome: if complete {
                Outcome::Complete
            } else {
                Outcome::Stopped
            },
            stats: self.stats(),
            memo,
        })
    }
}
