//! `simulate`: batches of games in Rust, on every core or with Python policies.

use super::*;

/// How one seat of a simulation plays: inside the engine, or by a Python callable.
pub(crate) enum SeatPolicy {
    Engine(simulation::Policy),
    Python(Py<PyAny>),
}

/// One seat's policy: a name, a `Bot` (its strength: every seat's bot is seeded from the
/// batch seed, the game and the seat, so that a batch replays), or a callable.
pub(crate) fn seat_policy(item: &Bound<'_, PyAny>) -> PyResult<SeatPolicy> {
    if let Ok(name) = item.extract::<String>() {
        let policy = name.parse::<simulation::Policy>().map_err(|_| {
            ConfigError::new_err(format!(
                "unknown policy `{name}`: a policy is random, greedy, search, easy, medium, hard or expert (or a search with a budget, search:nodes=N), a Bot, or a callable"
            ))
        })?;
        Ok(SeatPolicy::Engine(policy))
    } else if let Ok(bot) = item.cast::<PyBot>() {
        Ok(SeatPolicy::Engine(simulation::Policy::Bot(bot.get().bot.strength())))
    } else if item.is_callable() {
        Ok(SeatPolicy::Python(item.clone().unbind()))
    } else {
        Err(PyTypeError::new_err(format!(
            "a policy is a name (such as \"greedy\"), a Bot or a callable, not {}",
            item.get_type().name()?
        )))
    }
}

/// The seats' policies: one for every seat, or a list that seat `s` takes entry
/// `s % len` of.
pub(crate) fn seat_policies(policy: &Bound<'_, PyAny>) -> PyResult<Vec<SeatPolicy>> {
    if policy.is_instance_of::<PyString>() || !(policy.is_instance_of::<PyList>() || policy.is_instance_of::<PyTuple>())
    {
        return Ok(vec![seat_policy(policy)?]);
    }
    let seats = policy.try_iter()?.map(|item| seat_policy(&item?)).collect::<PyResult<Vec<_>>>()?;
    if seats.is_empty() || seats.len() > Seat::MAX {
        return Err(ConfigError::new_err(format!(
            "a list of policies names 1 to {} seats, not {}",
            Seat::MAX,
            seats.len()
        )));
    }
    Ok(seats)
}

/// Why a game with Python policies stopped: the callable raised, or answered an action the
/// rules refuse.
pub(crate) struct Stopped(PyErr);

impl From<PlayError> for Stopped {
    fn from(e: PlayError) -> Stopped {
        Stopped(IllegalActionError::new_err(format!("a policy chose an illegal action: {e}")))
    }
}

impl From<PyErr> for Stopped {
    fn from(e: PyErr) -> Stopped {
        Stopped(e)
    }
}

/// Asks a Python policy for its action: it gets the seat's view and its legal actions and
/// answers one of them, or its notation.
pub(crate) fn ask(
    py: Python<'_>,
    policy: &Py<PyAny>,
    seat: Seat,
    view: &fichas::game::View,
) -> Result<fichas::game::Action, Stopped> {
    let actions = view_choices(view);
    let answer = policy.call1(py, (PyView { view: *view }, actions.clone()))?;
    let answer = answer.bind(py);
    if let Ok(action) = answer.cast::<PyChoice>() {
        return Ok(action.get().choice.action());
    }
    let Ok(text) = answer.extract::<String>() else {
        return Err(Stopped(PyTypeError::new_err(format!(
            "the policy of seat {} answered {}: a policy returns one of the Actions it is given, or its notation",
            seat.index(),
            answer.get_type().name()?
        ))));
    };
    match actions.iter().find(|a| a.notation() == text) {
        Some(action) => Ok(action.choice.action()),
        None => {
            let legal: Vec<String> = actions.iter().map(PyChoice::notation).collect();
            Err(Stopped(IllegalActionError::new_err(format!(
                "the policy of seat {} answered `{text}`, which is not one of the legal actions: {}",
                seat.index(),
                legal.join(", ")
            ))))
        }
    }
}

/// Plays the games one after another on this thread, holding the interpreter lock, since the
/// Python policies need it. Python code handles Ctrl-C itself, and the loop checks for signals
/// between games; a search that may think long is asked here too, rather than inside the
/// engine's game loop, so that it thinks without the interpreter lock and Ctrl-C stops it. It
/// gets the seed the engine would give it and the same view, so it makes the same choices.
#[allow(clippy::too_many_arguments)]
pub(crate) fn simulate_with_python(
    py: Python<'_>,
    variant: Variant,
    games: std::ops::Range<u64>,
    seed: u64,
    seats: &[SeatPolicy],
    max_decisions: u32,
    progress: Option<&Bound<'_, PyAny>>,
    keep: &mut dyn FnMut(simulation::GameSummary),
) -> PyResult<()> {
    let policies: Vec<Option<simulation::Policy>> = seats
        .iter()
        .map(|s| match s {
            SeatPolicy::Engine(policy) if !policy.strength().is_some_and(|s| s.may_think_long(variant)) => {
                Some(*policy)
            }
            _ => None,
        })
        .collect();
    let mut reported = std::time::Instant::now();
    let first = games.start;
    for index in games {
        let mut decide = |seat: Seat, view: &fichas::game::View| -> Result<fichas::game::Action, Stopped> {
            match &seats[seat.index() % seats.len()] {
                SeatPolicy::Python(policy) => ask(py, policy, seat, view),
                SeatPolicy::Engine(policy) => {
                    let bot = simulation::seat_bot(*policy, seed, index, seat).ok_or_else(internal_error)?;
                    Ok(think(py, bot, *view)?.ok_or_else(internal_error)?.action)
                }
            }
        };
        let summary = guard(|| {
            simulation::play_game_by(variant, &policies, seed, index, max_decisions, &mut decide)
                .map_err(|Stopped(e)| e)
        })?;
        keep(summary);
        if reported.elapsed() > TICK {
            py.check_signals()?;
            if let Some(callback) = progress {
                callback.call1((index + 1 - first,))?;
            }
            reported = std::time::Instant::now();
        }
    }
    Ok(())
}

/// Plays `games` games in Rust. `policy` is how every seat plays, or a list that seat `s` takes
/// entry `s % len` of: a name (`random`, `greedy`, `search`, `easy`, `medium`, `hard`), a `Bot`,
/// or a callable that gets the seat's `View` and its legal `Choice`s and returns one of them
/// (or its notation). Without callables the games run on `threads` threads (default: every
/// core) without the interpreter lock; with one, on this thread. The games are numbered from
/// `first`, and game `i` is seeded from `seed` and `i`, so a batch split into parts plays the
/// same games. A game still going after `max_decisions` decisions is cut off and marked
/// `truncated`. Returns columns as a dict of lists, or with `summary` only the totals (constant
/// memory); `fichas.simulate` wraps them. While the games run, `progress` (if given) is called
/// now and then with the number finished. Ctrl-C, or an exception from `progress`, stops the
/// games and is raised.
#[pyfunction]
#[pyo3(signature = (variant, games, seed=0, threads=None, policy=None, progress=None, first=0, summary=false, max_decisions=i64::from(simulation::MAX_DECISIONS)))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn simulate<'py>(
    py: Python<'py>,
    variant: &str,
    games: u64,
    seed: u64,
    threads: Option<usize>,
    policy: Option<Bound<'py, PyAny>>,
    progress: Option<Bound<'py, PyAny>>,
    first: u64,
    summary: bool,
    max_decisions: i64,
) -> PyResult<Bound<'py, PyDict>> {
    let variant = parse_variant(variant)?;
    let max_decisions = u32::try_from(max_decisions).ok().filter(|&m| m > 0).ok_or_else(|| {
        ConfigError::new_err(format!("max_decisions must be from 1 to 4,294,967,295, not {max_decisions}"))
    })?;
    let seats = match &policy {
        None => vec![SeatPolicy::Engine(simulation::Policy::Random)],
        Some(policy) => seat_policies(policy)?,
    };
    let limit = if summary { 10_000_000_000 } else { 100_000_000 };
    if games > limit {
        return Err(ConfigError::new_err(if summary {
            "at most 10,000,000,000 games a call"
        } else {
            "at most 100,000,000 games a call with rows (summary=True keeps only totals)"
        }));
    }
    let range = first..first.checked_add(games).ok_or_else(|| ConfigError::new_err("first + games is past 2**64"))?;
    let python_seats = seats.iter().any(|s| matches!(s, SeatPolicy::Python(_)));
    let engine_seats = || -> Vec<simulation::Policy> {
        seats
            .iter()
            .filter_map(|s| match s {
                SeatPolicy::Engine(policy) => Some(*policy),
                SeatPolicy::Python(_) => None,
            })
            .collect()
    };
    let result = match (python_seats, summary) {
        (true, false) => {
            let mut rows = Vec::new();
            simulate_with_python(py, variant, range, seed, &seats, max_decisions, progress.as_ref(), &mut |g| {
                rows.push(g)
            })?;
            columns(py, variant, &rows)?
        }
        (true, true) => {
            let mut totals = simulation::Tally::default();
            simulate_with_python(py, variant, range, seed, &seats, max_decisions, progress.as_ref(), &mut |g| {
                totals.add(&g)
            })?;
            tally_dict(py, variant, &totals)?
        }
        (false, false) => {
            let rows = simulate_in_rust(py, threads, progress.as_ref(), |done, stop, threads| {
                simulation::simulate_range_with_stop(
                    variant,
                    range,
                    seed,
                    threads,
                    &engine_seats(),
                    max_decisions,
                    Some(done),
                    stop,
                )
            })?;
            columns(py, variant, &rows)?
        }
        (false, true) => {
            let totals = simulate_in_rust(py, threads, progress.as_ref(), |done, stop, threads| {
                simulation::tally(variant, range, seed, threads, &engine_seats(), max_decisions, Some(done), stop)
            })?;
            tally_dict(py, variant, &totals)?
        }
    };
    if let Some(callback) = &progress {
        callback.call1((games,))?;
    }
    Ok(result)
}

/// Plays with `play` on `threads` threads without the interpreter lock, waking now and then to
/// check for signals and report progress. Ctrl-C, or an exception from `progress`, stops the
/// workers before it is raised.
pub(crate) fn simulate_in_rust<T: Send>(
    py: Python<'_>,
    threads: Option<usize>,
    progress: Option<&Bound<'_, PyAny>>,
    play: impl FnOnce(&AtomicU64, &Stop, usize) -> Option<T> + Send,
) -> PyResult<T> {
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let done = AtomicU64::new(0);
    let stop = Stop::new();
    let result = interruptible(
        py,
        &stop,
        || play(&done, &stop, threads),
        || match progress {
            Some(callback) => callback.call1((done.load(Ordering::Relaxed),)).map(drop),
            None => Ok(()),
        },
    )?;
    // Only this call requests the stop, and it raises when it does.
    result.ok_or_else(internal_error)
}

/// A tally as a dict: `games`, `truncated`, `wins` and `win_twelfths` (per seat), `special`,
/// `turns`, `decisions`, `captures`.
pub(crate) fn tally_dict<'py>(
    py: Python<'py>,
    variant: Variant,
    totals: &simulation::Tally,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("games", totals.games)?;
    dict.set_item("truncated", totals.truncated)?;
    dict.set_item("wins", totals.wins[..variant.seats()].to_vec())?;
    dict.set_item("win_twelfths", totals.win_twelfths[..variant.seats()].to_vec())?;
    dict.set_item("special", totals.special)?;
    dict.set_item("turns", totals.turns)?;
    dict.set_item("decisions", totals.decisions)?;
    dict.set_item("captures", totals.captures)?;
    Ok(dict)
}

/// The summaries as columns: a dict of lists.
pub(crate) fn columns<'py>(
    py: Python<'py>,
    variant: Variant,
    summaries: &[simulation::GameSummary],
) -> PyResult<Bound<'py, PyDict>> {
    let columns = PyDict::new(py);
    columns.set_item("winner", summaries.iter().map(|s| s.winner().map(|w| w.index())).collect::<Vec<_>>())?;
    let winners: Vec<Bound<'py, PyTuple>> = summaries
        .iter()
        .map(|s| PyTuple::new(py, s.winning_seats().map(|w| w.index()).collect::<Vec<_>>()))
        .collect::<PyResult<_>>()?;
    columns.set_item("winners", winners)?;
    columns.set_item("turns", summaries.iter().map(|s| s.turns).collect::<Vec<_>>())?;
    columns.set_item("decisions", summaries.iter().map(|s| s.decisions).collect::<Vec<_>>())?;
    columns.set_item("captures", summaries.iter().map(|s| s.captures).collect::<Vec<_>>())?;
    columns.set_item("truncated", summaries.iter().map(|s| s.truncated).collect::<Vec<_>>())?;
    if matches!(variant, Variant::Poleana(_)) {
        columns.set_item("special", summaries.iter().map(|s| s.special).collect::<Vec<_>>())?;
    }
    Ok(columns)
}
